import {
  envelope,
  idParams,
  itemsOf,
  listOf,
  trafficSourceCreate,
  trafficSourceListQuery,
  trafficSourceLookupQuery,
  trafficSourceRefSchema,
  trafficSourceSchema,
  trafficSourceStatusItem,
  trafficSourceUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './traffic-sources.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.lists.read';
const WRITE = 'traffic_source.update';

export default async function trafficSourcesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['traffic sources'];
  const answer = { 200: envelope(listOf(trafficSourceSchema)) };

  app.get(
    '/traffic-sources',
    { config: { permission: READ }, schema: { tags, querystring: trafficSourceListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** loaded by the layout for every signed-in user (product §7), used by pickers, sieves and campaign forms */
  app.get(
    '/traffic-sources/active',
    {
      config: { authenticated: true },
      schema: { tags, querystring: trafficSourceLookupQuery, response: { 200: envelope(listOf(trafficSourceRefSchema)) } },
    },
    async (req) => ({ data: await service.active(req.ctx, req.query) }),
  );

  app.get('/traffic-sources/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/traffic-sources',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(trafficSourceCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Traffic source created', 'traffic sources created') };
    },
  );

  app.patch(
    '/traffic-sources',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(trafficSourceUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Traffic source saved', 'traffic sources saved') };
    },
  );

  app.post(
    '/traffic-sources/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(trafficSourceStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Traffic source status changed', 'traffic sources changed status') };
    },
  );
}
