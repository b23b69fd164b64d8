import {
  capCreate,
  capIdItem,
  capInfoSchema,
  capListQuery,
  capLookupQuery,
  capPeriodSchema,
  capRefSchema,
  capSchema,
  capSieveItem,
  capStatusItem,
  capUpdate,
  envelope,
  listOf,
  offerInfoQuery,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './caps.service';
import { routeKit } from '../../../http/route-kit';

export default async function capsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/caps',
    tags: ['caps'],
    read: 'front.menu.offers.read',
    write: service.WRITE,
    row: capSchema,
    one: 'Cap',
    many: 'caps',
  });
  const { app, tags, read } = kit;

  kit.list(capListQuery, service.list);
  app.get(
    '/caps/filters',
    { config: read, schema: { tags, querystring: capLookupQuery, response: { 200: envelope(listOf(capRefSchema)) } } },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );
  app.get('/caps/periods', { config: read, schema: { tags, response: { 200: envelope(listOf(capPeriodSchema)) } } }, async () => ({
    data: service.periods(),
  }));
  /** the compact list an affiliate may see: informational value, period, countries */
  app.get(
    '/caps/info',
    { config: read, schema: { tags, querystring: offerInfoQuery, response: { 200: envelope(listOf(capInfoSchema)) } } },
    async (req) => ({ data: await service.info(req.ctx, req.query) }),
  );
  kit.get(service.get);

  kit.items('PUT', '', capCreate, service.create, 'created');
  kit.items('PATCH', '', capUpdate, service.update, 'saved');
  kit.items('PATCH', '/sieves', capSieveItem, service.editSieves, ['Sieve saved', 'sieves saved']);
  kit.items('POST', '/change_status', capStatusItem, service.changeStatus, (body, items) => kit.count(items.length, kit.activated(body)));
  kit.items('POST', '/drop_counter', capIdItem, service.dropCounter, ['Counter reset', 'counters reset']);
  kit.items('POST', '/clone', capIdItem, service.clone, 'cloned');
}
