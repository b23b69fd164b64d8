import { envelope, listOf, postbackLogListQuery, postbackLogParams, postbackLogSchema } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADVERTISER_LOG_READ, AFFILIATE_LOG_READ } from './postback-logs.service';
import * as service from './postback-logs.service';

export default async function postbackLogsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['postback-logs'];
  const answer = { 200: envelope(listOf(postbackLogSchema)) };

  app.get(
    '/postback-logs/affiliates',
    { config: { permission: AFFILIATE_LOG_READ }, schema: { tags, querystring: postbackLogListQuery, response: answer } },
    async (req) => ({ data: await service.list(req.ctx, 'affiliate', req.query) }),
  );

  app.get(
    '/postback-logs/advertisers',
    { config: { permission: ADVERTISER_LOG_READ }, schema: { tags, querystring: postbackLogListQuery, response: answer } },
    async (req) => ({ data: await service.list(req.ctx, 'advertiser', req.query) }),
  );

  app.get(
    '/postback-logs/:id',
    {
      config: { permission: [AFFILIATE_LOG_READ, ADVERTISER_LOG_READ] },
      schema: { tags, params: postbackLogParams, response: { 200: envelope(postbackLogSchema) } },
    },
    async (req) => ({ data: await service.get(req.ctx, req.params.id) }),
  );
}
