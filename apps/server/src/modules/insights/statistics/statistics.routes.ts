/** Statistics (spec §2 /statistics and statistics-leads, §7 statistics): thin handlers over the query service. */
import { envelope, leadStatisticsAnswerSchema, leadStatisticsQuery, statisticsAnswerSchema, statisticsQuery } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { closeStatisticsReaders } from './reader';
import { startCompactor } from './rollups';
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

  // the deltas are folded into the cubes every second by each serving process (one at a time); tests fold on demand
  const { config, database } = fastify.services;
  if (config.NODE_ENV !== 'test') {
    const stop = startCompactor(database, fastify.log);
    fastify.addHook('onClose', async () => stop());
  }
  fastify.addHook('onClose', async () => closeStatisticsReaders());
}
