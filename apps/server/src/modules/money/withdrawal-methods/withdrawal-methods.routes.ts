import {
  envelope,
  idParams,
  idsBody,
  itemsOf,
  listOf,
  withdrawalListQuery,
  withdrawalMethodCreate,
  withdrawalMethodSchema,
  withdrawalMethodUpdate,
  withdrawalStatusItem,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './withdrawal-methods.service';
import { counted } from '../../../lib/plural';

/** any signed-in user: the service lets affiliates reach their own methods and staff readers everybody's */
const SIGNED_IN = { authenticated: true } as const;

export default async function withdrawalMethodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawal methods'];
  const answer = { 200: envelope(listOf(withdrawalMethodSchema)) };

  app.get(
    '/withdrawal-methods',
    { config: SIGNED_IN, schema: { tags, querystring: withdrawalListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  app.get('/withdrawal-methods/:id', { config: SIGNED_IN, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/withdrawal-methods',
    { config: SIGNED_IN, schema: { tags, body: itemsOf(withdrawalMethodCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Withdrawal method added', 'withdrawal methods added') };
    },
  );

  app.patch(
    '/withdrawal-methods',
    { config: SIGNED_IN, schema: { tags, body: itemsOf(withdrawalMethodUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Withdrawal method saved', 'withdrawal methods saved') };
    },
  );

  app.post(
    '/withdrawal-methods/change_status',
    { config: SIGNED_IN, schema: { tags, body: itemsOf(withdrawalStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Withdrawal method status changed', 'withdrawal methods changed status') };
    },
  );

  app.delete(
    '/withdrawal-methods',
    { config: SIGNED_IN, schema: { tags, body: idsBody, response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) } } },
    async (req) => {
      const ids = await service.remove(req.ctx, req.body.data);
      return { data: { ids }, message: counted(ids.length, 'Withdrawal method deleted', 'withdrawal methods deleted') };
    },
  );
}
