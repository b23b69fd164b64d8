import {
  envelope,
  holdConfigCreate,
  holdConfigSchema,
  holdConfigUpdate,
  holdListQuery,
  holdStatusItem,
  idParams,
  itemsOf,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './hold-queue.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.hold_queue.read';
const WRITE = 'hold_queue.update';

export default async function holdQueueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['hold queue'];
  const answer = { 200: envelope(listOf(holdConfigSchema)) };

  app.get('/hold-queue', { config: { permission: READ }, schema: { tags, querystring: holdListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  app.get('/hold-queue/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/hold-queue',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(holdConfigCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Hold-queue rule created', 'hold-queue rules created') };
    },
  );

  app.patch(
    '/hold-queue',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(holdConfigUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Hold-queue rule saved', 'hold-queue rules saved') };
    },
  );

  app.post(
    '/hold-queue/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(holdStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Hold-queue rule status changed', 'hold-queue rules changed status') };
    },
  );
}
