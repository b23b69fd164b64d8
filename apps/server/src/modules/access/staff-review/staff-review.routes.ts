import { staffReviewItemSchema, staffReviewQuery } from '@leadgrid/shared/access/staff-review';
import { envelope, listOf } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { review } from './staff-review.service';

export default async function staffReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // role.update is an administrator's permission; the service also asks for a full administrator
  app.get(
    '/security/staff-review',
    {
      config: { permission: 'role.update' },
      schema: { tags: ['security'], querystring: staffReviewQuery, response: { 200: envelope(listOf(staffReviewItemSchema)) } },
    },
    async (req) => ({ data: await review(req.ctx, req.query) }),
  );
}
