import { envelope, INTEGRATION_METHODS, LOCALES, listOf } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as reference from './reference.service';

const localeQuery = z.object({ locale: z.enum(LOCALES, { message: 'pattern' }).default('en') });
const refItem = z.object({ code: z.string(), name: z.string() });
const zoneItem = z.object({ name: z.string(), offset: z.string(), title: z.string() });
/** the lists change only with a release (names) or once an hour (offsets); each browser keeps its copy */
const CACHE = 'private, max-age=3600';
/**
 * product §7 "distribution methods (distributionMethod)": how an advertiser's integration takes the leads an offer
 * distributes — the integration methods of the sell side (docs/decisions/engine.md "Links, onboarding and API")
 */
const DISTRIBUTION_METHOD_NAMES: Record<(typeof LOCALES)[number], Record<(typeof INTEGRATION_METHODS)[number], string>> = {
  en: { api: 'API', postback: 'Postback', redirect: 'Redirect', api_sync: 'API sync' },
  ru: { api: 'API', postback: 'Постбэк', redirect: 'Редирект', api_sync: 'Синхронизация по API' },
};

export default async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = { authenticated: true } as const;
  const tags = ['reference'];

  app.get(
    '/countries',
    { config: signedIn, schema: { tags, querystring: localeQuery, response: { 200: envelope(listOf(refItem)) } } },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return { data: { items: reference.countries(req.query.locale) } };
    },
  );

  app.get(
    '/languages',
    { config: signedIn, schema: { tags, querystring: localeQuery, response: { 200: envelope(listOf(refItem)) } } },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return { data: { items: reference.languages(req.query.locale) } };
    },
  );

  app.get('/timezones', { config: signedIn, schema: { tags, response: { 200: envelope(listOf(zoneItem)) } } }, async (req, reply) => {
    reply.header('cache-control', CACHE);
    return { data: { items: reference.timezones(req.ctx) } };
  });

  app.get(
    '/distribution-methods',
    {
      config: signedIn,
      schema: { tags, querystring: localeQuery, response: { 200: envelope(z.object({ distributionMethod: z.array(refItem) })) } },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      const names = DISTRIBUTION_METHOD_NAMES[req.query.locale];
      return { data: { distributionMethod: INTEGRATION_METHODS.map((code) => ({ code, name: names[code] })) } };
    },
  );
}
