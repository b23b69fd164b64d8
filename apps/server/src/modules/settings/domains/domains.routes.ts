import {
  domainCreate,
  domainListQuery,
  domainRefSchema,
  domainSchema,
  domainStatusItem,
  domainUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
  lookupQuery,
  MAX_PAGE_SIZE,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './domains.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.domain_parking.read';
const WRITE = 'domain.update';

export default async function domainsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.services;
  /** the CNAME target: the host of PUBLIC_URL, or the host this request reached */
  const dnsTarget = (req: FastifyRequest) => new URL(config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).hostname;
  const tags = ['domains'];
  const answer = { 200: envelope(listOf(domainSchema)) };
  const lookup = { querystring: lookupQuery(MAX_PAGE_SIZE), response: { 200: envelope(listOf(domainRefSchema)) } };

  app.get('/domains', { config: { permission: READ }, schema: { tags, querystring: domainListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query, dnsTarget(req)),
  }));

  for (const name of Object.keys(service.LOOKUPS) as service.LookupName[]) {
    app.get(`/domains/${name}`, { config: { authenticated: true }, schema: { tags, ...lookup } }, async (req) => ({
      data: await service.lookup(req.ctx, name, req.query),
    }));
  }

  app.get('/domains/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id, dnsTarget(req))] },
  }));

  app.put('/domains', { config: { permission: WRITE }, schema: { tags, body: itemsOf(domainCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items, dnsTarget(req));
    return { data: { items }, message: counted(items.length, 'Domain parked', 'domains parked') };
  });

  app.patch('/domains', { config: { permission: WRITE }, schema: { tags, body: itemsOf(domainUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items, dnsTarget(req));
    return { data: { items }, message: counted(items.length, 'Domain saved', 'domains saved') };
  });

  app.post(
    '/domains/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(domainStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items, dnsTarget(req));
      return { data: { items }, message: counted(items.length, 'Domain status changed', 'domains changed status') };
    },
  );
}
