import {
  activeMetricSchema,
  envelope,
  listOf,
  metricCreate,
  metricFormDataSchema,
  metricListQuery,
  metricSchema,
  metricStatusItem,
  metricUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './metrics.service';
import { routeKit } from '../../../http/route-kit';

const READ = 'metrics.read';
/** statistics tables and dashboard widgets pick their columns from the active metrics */
const STATISTICS = [READ, 'front.menu.statistics.read', 'front.dashboard.read'] as const;

export default async function metricsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/metrics',
    tags: ['metrics'],
    read: READ,
    write: 'metrics.update',
    row: metricSchema,
    one: 'Metric',
    many: 'metrics',
  });
  const { app, tags, read } = kit;

  kit.crud({ query: metricListQuery, create: metricCreate, update: metricUpdate, status: metricStatusItem }, service, {
    reads: () => {
      app.get(
        '/metrics/active',
        { config: { permission: STATISTICS }, schema: { tags, response: { 200: envelope(listOf(activeMetricSchema)) } } },
        async (req) => ({
          data: { items: await service.active(req.ctx) },
        }),
      );

      app.get('/metrics/form-data', { config: read, schema: { tags, response: { 200: envelope(metricFormDataSchema) } } }, async (req) => ({
        data: await service.formData(req.ctx),
      }));
    },
  });
}
