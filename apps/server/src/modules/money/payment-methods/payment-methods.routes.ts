import {
  envelope,
  idParams,
  itemsOf,
  listOf,
  paymentMethodCreate,
  paymentMethodListQuery,
  paymentMethodSchema,
  paymentMethodStatusItem,
  paymentMethodUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './payment-methods.service';
import { counted } from '../../../lib/plural';

const MANAGE = 'payment_method.update';

export default async function paymentMethodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment methods'];
  const answer = { 200: envelope(listOf(paymentMethodSchema)) };

  app.get(
    '/payment-methods',
    { config: { permission: MANAGE }, schema: { tags, querystring: paymentMethodListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  // affiliates choose one of these for a withdrawal method: no permission needed
  app.get('/payment-methods/active', { config: { authenticated: true }, schema: { tags, response: answer } }, async (req) => ({
    data: await service.active(req.ctx),
  }));

  app.get(
    '/payment-methods/:id',
    { config: { permission: MANAGE }, schema: { tags, params: idParams, response: answer } },
    async (req) => ({
      data: { items: [await service.get(req.ctx, req.params.id)] },
    }),
  );

  app.put(
    '/payment-methods',
    { config: { permission: MANAGE }, schema: { tags, body: itemsOf(paymentMethodCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Payment method created', 'payment methods created') };
    },
  );

  app.patch(
    '/payment-methods',
    { config: { permission: MANAGE }, schema: { tags, body: itemsOf(paymentMethodUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Payment method saved', 'payment methods saved') };
    },
  );

  app.post(
    '/payment-methods/change_status',
    { config: { permission: MANAGE }, schema: { tags, body: itemsOf(paymentMethodStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Payment method status changed', 'payment methods changed status') };
    },
  );
}
