/** `GET /finance/summary`: the /finance screen's figures (finance.service.ts). */
import { envelope, financeSummaryQuery, financeSummarySchema } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './finance.service';

export default async function financeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/finance/summary',
    {
      config: { permission: ['balance.affiliate.read', 'balance.advertiser.read'] },
      schema: { tags: ['finance'], querystring: financeSummaryQuery, response: { 200: envelope(financeSummarySchema) } },
    },
    async (req) => ({ data: await service.summary(req.ctx, req.query) }),
  );
}
