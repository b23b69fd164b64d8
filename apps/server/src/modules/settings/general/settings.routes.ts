import { dataOf, envelope, generalSettingsSchema, generalSettingsUpdate, publicSettingsSchema } from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FeedCache } from '../../../lib/cache/feed-cache';
import * as settings from './settings.service';

export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.services;
  /** the API's own address: the configured public URL, else the host this request reached */
  const apiDomain = (req: FastifyRequest) => (config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const admin = { permission: 'settings.general.update' } as const;
  const tags = ['settings'];

  // the stored values, kept in memory until the change feed reports a write of `settings` (migration 0008)
  const stored = new FeedCache(app.services.tracking.feed, () => settings.storedSettings(app.services.database.db, config), { max: 1 });
  app.get(
    '/public/api-settings',
    { config: { public: true }, schema: { tags, security: [], response: { 200: envelope(publicSettingsSchema) } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await settings.publicSettings(req.ctx, apiDomain(req), await stored.get('all')) };
    },
  );

  app.get('/settings/general', { config: admin, schema: { tags, response: { 200: envelope(generalSettingsSchema) } } }, async (req) => ({
    data: await settings.generalSettings(req.ctx, apiDomain(req)),
  }));

  app.patch(
    '/settings/general',
    { config: admin, schema: { tags, body: dataOf(generalSettingsUpdate), response: { 200: envelope(generalSettingsSchema) } } },
    async (req) => ({
      data: await settings.updateGeneral(req.ctx, req.body.data, apiDomain(req)),
      message: 'Settings saved',
    }),
  );
}
