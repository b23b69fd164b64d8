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
  idParams,
  itemsOf,
  listOf,
  offerInfoQuery,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './caps.service';
import { counted } from '../../../lib/plural';

const READ = 'front.menu.offers.read';
const WRITE = service.WRITE;

export default async function capsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['caps'];
  const answer = { 200: envelope(listOf(capSchema)) };

  app.get('/caps', { config: { permission: READ }, schema: { tags, querystring: capListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));
  app.get(
    '/caps/filters',
    { config: { permission: READ }, schema: { tags, querystring: capLookupQuery, response: { 200: envelope(listOf(capRefSchema)) } } },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );
  app.get(
    '/caps/periods',
    { config: { permission: READ }, schema: { tags, response: { 200: envelope(listOf(capPeriodSchema)) } } },
    async () => ({
      data: service.periods(),
    }),
  );
  /** the compact list an affiliate may see: informational value, period, countries */
  app.get(
    '/caps/info',
    { config: { permission: READ }, schema: { tags, querystring: offerInfoQuery, response: { 200: envelope(listOf(capInfoSchema)) } } },
    async (req) => ({ data: await service.info(req.ctx, req.query) }),
  );
  app.get('/caps/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put('/caps', { config: { permission: WRITE }, schema: { tags, body: itemsOf(capCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Cap created', 'caps created') };
  });
  app.patch('/caps', { config: { permission: WRITE }, schema: { tags, body: itemsOf(capUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Cap saved', 'caps saved') };
  });
  app.patch(
    '/caps/sieves',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(capSieveItem), response: answer } },
    async (req) => {
      const items = await service.editSieves(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Sieve saved', 'sieves saved') };
    },
  );
  app.post(
    '/caps/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(capStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      const on = req.body.items.every((x) => x.status === 'active');
      return {
        data: { items },
        message: counted(items.length, on ? 'Cap activated' : 'Cap status changed', on ? 'caps activated' : 'caps changed status'),
      };
    },
  );
  app.post(
    '/caps/drop_counter',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(capIdItem), response: answer } },
    async (req) => {
      const items = await service.dropCounter(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Counter reset', 'counters reset') };
    },
  );
  app.post('/caps/clone', { config: { permission: WRITE }, schema: { tags, body: itemsOf(capIdItem), response: answer } }, async (req) => {
    const items = await service.clone(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Cap cloned', 'caps cloned') };
  });
}
