import {
  envelope,
  idsBody,
  platformCreate,
  platformRefSchema,
  platformSchema,
  platformUpdate,
  sellSideListQuery,
  sellSideLookupQuery,
  sellSideStatusItem,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as service from './platforms.service';
import { routeKit } from '../../../http/route-kit';
import { cascadePreviewRoute, cascadeSaid } from '../cascade-routes';

export default async function platformsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/platforms',
    tags: ['platforms'],
    read: 'front.settings.platforms.read',
    write: 'platform.update',
    row: platformSchema,
    one: 'Platform',
    many: 'platforms',
  });
  const { app, tags, write } = kit;

  kit.crud({ query: sellSideListQuery, create: platformCreate, update: platformUpdate, status: sellSideStatusItem }, service, {
    reads: () => {
      /** pickers and the integration-methods look-up: any signed-in user */
      kit.active(sellSideLookupQuery, platformRefSchema, service.active);
      cascadePreviewRoute(kit, service.cascadePreview);
    },
    status: cascadeSaid(kit),
  });

  app.delete(
    '/platforms',
    { config: write, schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number().int() })) } } },
    async (req) => {
      const deleted = await service.remove(req.ctx, req.body.data);
      return { data: { deleted }, message: kit.count(deleted, 'deleted') };
    },
  );
}
