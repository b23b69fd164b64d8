import { envelope, globalPostbackSchema, globalPostbackUpdate } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './postbacks.service';

export default async function postbacksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['postbacks'];
  const answer = { 200: envelope(globalPostbackSchema) };

  app.get(
    '/settings/global-postback',
    { config: { permission: 'front.settings.global_postback.read' }, schema: { tags, response: answer } },
    async (req) => ({
      data: await service.getGlobal(req.ctx),
    }),
  );

  app.patch(
    '/settings/global-postback',
    { config: { permission: 'postback.global.update' }, schema: { tags, body: globalPostbackUpdate, response: answer } },
    async (req) => ({
      data: await service.saveGlobal(req.ctx, req.body.data),
      message: 'Global postback saved',
    }),
  );
}
