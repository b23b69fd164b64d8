/** Statistics (product §2 /statistics and statistics-leads, §7 statistics): thin handlers over the query service. */
import {
  envelope,
  leadStatisticsAnswerSchema,
  leadStatisticsQuery,
  statisticsAnswerSchema,
  statisticsMetricsAnswerSchema,
  statisticsMetricsQuery,
  statisticsMetricsSave,
  statisticsQuery,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { closeStatisticsReaders } from './reader';
import { startCompactor } from './rollups';
import { metricChoice, saveMetricChoice, TABLE_PERMISSION } from './statistics-metrics';
import * as service from './statistics.service';

export default async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['statistics'];

  app.get(
    '/statistics',
    {
      config: { permission: 'front.menu.statistics.read' },
      schema: { tags, querystring: statisticsQuery, response: { 200: envelope(statisticsAnswerSchema) } },
    },
    async (req) => ({ data: await service.query(req.ctx, req.query) }),
  );

  app.get(
    '/statistics/leads',
    {
      config: { permission: 'front.statistics.lead.read' },
      schema: { tags, querystring: leadStatisticsQuery, response: { 200: envelope(leadStatisticsAnswerSchema) } },
    },
    async (req) => ({ data: await service.leadStatistics(req.ctx, req.query) }),
  );

  // the caller's metric columns of a table: info and status (shown, position); the permission is the table's own
  app.get(
    '/statistics/metrics',
    {
      config: { permission: Object.values(TABLE_PERMISSION) },
      schema: { tags, querystring: statisticsMetricsQuery, response: { 200: envelope(statisticsMetricsAnswerSchema) } },
    },
    async (req) => ({ data: { table: req.query.table, items: await metricChoice(req.ctx, req.query.table) } }),
  );

  app.patch(
    '/statistics/metrics',
    {
      config: { permission: Object.values(TABLE_PERMISSION) },
      schema: { tags, body: statisticsMetricsSave, response: { 200: envelope(statisticsMetricsAnswerSchema) } },
    },
    async (req) => {
      const items = await saveMetricChoice(req.ctx, req.body.table, req.body.items);
      return { data: { table: req.body.table, items }, message: 'Columns saved' };
    },
  );

  // the deltas are folded into the cubes every second by each serving process (one at a time); tests fold on demand
  const { config, database } = fastify.services;
  if (config.NODE_ENV !== 'test') {
    const stop = startCompactor(database, fastify.log);
    fastify.addHook('onClose', async () => stop());
  }
  fastify.addHook('onClose', async () => closeStatisticsReaders());
}
