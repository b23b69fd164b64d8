import {
  envelope,
  listOf,
  paymentMethodCreate,
  paymentMethodListQuery,
  paymentMethodSchema,
  paymentMethodStatusItem,
  paymentMethodUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './payment-methods.service';
import { routeKit } from '../../../http/route-kit';

const MANAGE = 'payment_method.update';

export default async function paymentMethodsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/payment-methods',
    tags: ['payment methods'],
    read: MANAGE,
    write: MANAGE,
    row: paymentMethodSchema,
    one: 'Payment method',
    many: 'payment methods',
  });
  const { app, tags } = kit;
  const schemas = {
    query: paymentMethodListQuery,
    create: paymentMethodCreate,
    update: paymentMethodUpdate,
    status: paymentMethodStatusItem,
  };

  kit.crud(schemas, service, {
    // affiliates choose one of these for a withdrawal method: no permission needed
    reads: () =>
      app.get(
        '/payment-methods/active',
        { config: { authenticated: true }, schema: { tags, response: { 200: envelope(listOf(paymentMethodSchema)) } } },
        async (req) => ({
          data: await service.active(req.ctx),
        }),
      ),
  });
}
