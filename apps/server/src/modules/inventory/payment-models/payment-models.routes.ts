import { envelope, idParams, listOf, paymentModelListQuery, paymentModelSchema, paymentModelsForCapQuery } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './payment-models.service';

const READ = 'front.menu.offers.read';

export default async function paymentModelsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment-models'];
  const answer = { 200: envelope(listOf(paymentModelSchema)) };

  app.get(
    '/payment-models',
    { config: { permission: READ }, schema: { tags, querystring: paymentModelListQuery, response: answer } },
    async (req) => ({ data: await service.list(req.ctx, req.query) }),
  );
  app.get(
    '/payment-models/for-cap',
    { config: { permission: READ }, schema: { tags, querystring: paymentModelsForCapQuery, response: answer } },
    async (req) => ({ data: await service.forCap(req.ctx, req.query.offerId) }),
  );
  app.get('/payment-models/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));
}
