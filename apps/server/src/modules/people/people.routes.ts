import { envelope, listMetaSchema, managerLookupItem, managerLookupQuery } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as people from './people.service';

export default async function peopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // admins and affiliate managers for filters and manager pickers (product §6): any staff member
  app.get(
    '/users/managers',
    {
      config: { authenticated: true },
      schema: {
        tags: ['users'],
        querystring: managerLookupQuery,
        response: { 200: envelope(z.object({ items: z.array(managerLookupItem), meta: listMetaSchema })) },
      },
    },
    async (req) => ({ data: await people.managers(req.ctx, req.query) }),
  );
}
