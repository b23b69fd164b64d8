/** `GET /api/v1/conversions`: the conversions the actor may read (see conversions.service.ts for the scope). */
import { conversionListQuery, conversionSchema, envelope, listOf } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './conversions.service';

const READ = ['conversion.read', 'conversion.assigned.read', 'conversion.own.read'];

export default async function conversionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/conversions',
    {
      config: { permission: READ },
      schema: {
        tags: ['conversions'],
        summary: 'List conversions',
        description: 'Staff read every amount; an affiliate reads its own conversions, without revenue or the advertiser.',
        querystring: conversionListQuery,
        response: { 200: envelope(listOf(conversionSchema)) },
      },
    },
    async (req) => ({ data: await service.list(req.ctx, req.query) }),
  );
}
