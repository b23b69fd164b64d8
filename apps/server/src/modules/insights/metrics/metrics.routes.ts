import {
  activeMetricSchema,
  envelope,
  idParams,
  itemsOf,
  listOf,
  metricCreate,
  metricFormDataSchema,
  metricListQuery,
  metricSchema,
  metricStatusItem,
  metricUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './metrics.service';
import { counted } from '../../../lib/plural';

const READ = 'metrics.read';
const WRITE = 'metrics.update';
/** statistics tables and dashboard widgets pick their columns from the active metrics */
const STATISTICS = [READ, 'front.menu.statistics.read', 'front.dashboard.read'] as const;

export default async function metricsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['metrics'];
  const answer = { 200: envelope(listOf(metricSchema)) };

  app.get('/metrics', { config: { permission: READ }, schema: { tags, querystring: metricListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  app.get(
    '/metrics/active',
    { config: { permission: STATISTICS }, schema: { tags, response: { 200: envelope(listOf(activeMetricSchema)) } } },
    async (req) => ({
      data: { items: await service.active(req.ctx) },
    }),
  );

  app.get(
    '/metrics/form-data',
    { config: { permission: READ }, schema: { tags, response: { 200: envelope(metricFormDataSchema) } } },
    async (req) => ({
      data: await service.formData(req.ctx),
    }),
  );

  app.get('/metrics/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put('/metrics', { config: { permission: WRITE }, schema: { tags, body: itemsOf(metricCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Metric created', 'metrics created') };
  });

  app.patch('/metrics', { config: { permission: WRITE }, schema: { tags, body: itemsOf(metricUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Metric saved', 'metrics saved') };
  });

  app.post(
    '/metrics/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(metricStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Metric status changed', 'metrics changed status') };
    },
  );
}
