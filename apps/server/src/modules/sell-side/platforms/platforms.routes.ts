import {
  cascadePreviewQuery,
  cascadePreviewSchema,
  envelope,
  idParams,
  idsBody,
  itemsOf,
  listOf,
  platformCreate,
  platformRefSchema,
  platformSchema,
  platformUpdate,
  sellSideListQuery,
  sellSideLookupQuery,
  sellSideStatusItem,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeCascade } from '../integrations/cascades';
import * as service from './platforms.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.platforms.read';
const WRITE = 'platform.update';

export default async function platformsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['platforms'];
  const answer = { 200: envelope(listOf(platformSchema)) };

  app.get(
    '/platforms',
    { config: { permission: READ }, schema: { tags, querystring: sellSideListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** pickers and the integration-methods look-up: any signed-in user */
  app.get(
    '/platforms/active',
    {
      config: { authenticated: true },
      schema: { tags, querystring: sellSideLookupQuery, response: { 200: envelope(listOf(platformRefSchema)) } },
    },
    async (req) => ({
      data: await service.active(req.ctx, req.query),
    }),
  );

  app.get(
    '/platforms/cascade-preview',
    {
      config: { permission: WRITE },
      schema: { tags, querystring: cascadePreviewQuery, response: { 200: envelope(cascadePreviewSchema) } },
    },
    async (req) => ({
      data: await service.cascadePreview(req.ctx, req.query.ids),
    }),
  );

  app.get('/platforms/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/platforms',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(platformCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Platform created', 'platforms created') };
    },
  );

  app.patch(
    '/platforms',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(platformUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Platform saved', 'platforms saved') };
    },
  );

  app.post(
    '/platforms/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(sellSideStatusItem), response: answer } },
    async (req) => {
      const { items, integrations, offers } = await service.changeStatus(req.ctx, req.body.items);
      const cascade = req.body.items.some((x) => x.status === 'inactive') ? describeCascade({ integrations, offers }) : '';
      return { data: { items }, message: `${counted(items.length, 'Platform status changed', 'platforms changed status')}${cascade}` };
    },
  );

  app.delete(
    '/platforms',
    {
      config: { permission: WRITE },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number().int() })) } },
    },
    async (req) => {
      const deleted = await service.remove(req.ctx, req.body.data);
      return { data: { deleted }, message: counted(deleted, 'Platform deleted', 'platforms deleted') };
    },
  );
}
