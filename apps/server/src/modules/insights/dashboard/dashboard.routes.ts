/** Dashboard (spec §7 dashboard GET/PUT/PATCH, widgets PUT/PATCH/DELETE, statistics dashboard): thin handlers. */
import {
  dashboardDataQuery,
  dashboardDataSchema,
  dashboardPatch,
  dashboardPut,
  dashboardSchema,
  dashboardWidgetInput,
  dashboardWidgetPatch,
  dashboardWidgetSchema,
  envelope,
  idParams,
  itemsOf,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './dashboard.service';

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const config = { permission: 'front.dashboard.read' } as const;
  const one = { 200: envelope(dashboardSchema) };

  app.get('/dashboard', { config, schema: { tags, response: one } }, async (req) => ({ data: await service.get(req.ctx) }));

  app.put('/dashboard', { config, schema: { tags, body: dashboardPut, response: one } }, async (req) => ({
    data: await service.replace(req.ctx, req.body),
    message: 'Dashboard saved',
  }));

  app.patch('/dashboard', { config, schema: { tags, body: dashboardPatch, response: one } }, async (req) => ({
    data: await service.patch(req.ctx, req.body),
    message: 'Dashboard saved',
  }));

  app.put(
    '/dashboard/widgets',
    { config, schema: { tags, body: itemsOf(dashboardWidgetInput), response: { 200: envelope(listOf(dashboardWidgetSchema)) } } },
    async (req) => {
      const items = await service.addWidgets(req.ctx, req.body.items);
      return { data: { items }, message: items.length === 1 ? 'Widget added' : `${items.length} widgets added` };
    },
  );

  app.patch(
    '/dashboard/widgets/:id',
    { config, schema: { tags, params: idParams, body: dashboardWidgetPatch, response: { 200: envelope(dashboardWidgetSchema) } } },
    async (req) => ({ data: await service.updateWidget(req.ctx, req.params.id, req.body.settings), message: 'Widget saved' }),
  );

  app.delete(
    '/dashboard/widgets/:id',
    { config, schema: { tags, params: idParams, response: { 200: envelope(z.object({ id: z.number().int() })) } } },
    async (req) => ({ data: await service.removeWidget(req.ctx, req.params.id), message: 'Widget removed' }),
  );

  app.get(
    '/statistics/dashboard',
    { config, schema: { tags: ['statistics', ...tags], querystring: dashboardDataQuery, response: { 200: envelope(dashboardDataSchema) } } },
    async (req) => ({ data: await service.data(req.ctx, req.query) }),
  );
}
