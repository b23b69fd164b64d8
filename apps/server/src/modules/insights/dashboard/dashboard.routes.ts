/** Dashboard (product §7 dashboard GET/PUT/PATCH, widgets PUT/PATCH/DELETE, statistics dashboard): thin handlers. */
import {
  dashboardDataQuery,
  dashboardDataSchema,
  dashboardPatch,
  dashboardPut,
  dashboardRoleDefaultSchema,
  dashboardRoleParams,
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
import { counted } from '../../../lib/plural';

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

  app.post('/dashboard/reset', { config, schema: { tags, response: one } }, async (req) => ({
    data: await service.reset(req.ctx),
    message: 'Dashboard reset to the default',
  }));

  // role defaults: the route asks role.update, the service also front.dashboard.read (docs/decisions/insights.md)
  const roleWrite = { permission: 'role.update' } as const;
  app.get(
    '/dashboard/role-defaults',
    { config: roleWrite, schema: { tags, response: { 200: envelope(listOf(dashboardRoleDefaultSchema)) } } },
    async (req) => ({ data: { items: await service.roleDefaults(req.ctx) } }),
  );

  app.put(
    '/dashboard/role-defaults/:roleId',
    { config: roleWrite, schema: { tags, params: dashboardRoleParams, response: { 200: envelope(dashboardRoleDefaultSchema) } } },
    async (req) => ({ data: await service.saveRoleDefault(req.ctx, req.params.roleId), message: 'Saved as the default of the role' }),
  );

  app.delete(
    '/dashboard/role-defaults/:roleId',
    {
      config: roleWrite,
      schema: { tags, params: dashboardRoleParams, response: { 200: envelope(z.object({ roleId: z.number().int() })) } },
    },
    async (req) => ({ data: await service.removeRoleDefault(req.ctx, req.params.roleId), message: 'Default of the role removed' }),
  );

  app.put(
    '/dashboard/widgets',
    { config, schema: { tags, body: itemsOf(dashboardWidgetInput), response: { 200: envelope(listOf(dashboardWidgetSchema)) } } },
    async (req) => {
      const items = await service.addWidgets(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Widget added', 'widgets added') };
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
    {
      config,
      schema: { tags: ['statistics', ...tags], querystring: dashboardDataQuery, response: { 200: envelope(dashboardDataSchema) } },
    },
    async (req) => ({ data: await service.data(req.ctx, req.query) }),
  );
}
