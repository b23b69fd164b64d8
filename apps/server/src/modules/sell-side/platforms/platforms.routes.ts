import { envelope, idsBody, platformCreate, platformRefSchema, platformSchema, platformUpdate } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as service from './platforms.service';
import { named } from '../../../http/route-kit';
import { catalogueRoutes } from '../cascade-routes';

export default async function platformsRoutes(fastify: FastifyInstance) {
  // the pickers are any signed-in user's, the integration-methods look-up's too
  const kit = catalogueRoutes(
    fastify,
    named('platforms', 'Platform', platformSchema, 'front.settings.platforms.read', 'platform.update'),
    { create: platformCreate, update: platformUpdate, ref: platformRefSchema },
    service,
  );
  const { app, tags, write } = kit;

  app.delete(
    '/platforms',
    { config: write, schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number().int() })) } } },
    async (req) => {
      const deleted = await service.remove(req.ctx, req.body.data);
      return { data: { deleted }, message: kit.count(deleted, 'deleted') };
    },
  );
}
