import { envelope, itemsOf, listOf, noteCreate, noteListQuery, noteSchema, noteStatusItem } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './notes.service';
import { counted } from '../../../lib/plural';

/** Staff only: the service refuses affiliates and advertisers (a note is never sent to them). */
export default async function notesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notes'];
  const staff = { authenticated: true } as const;

  app.get(
    '/notes',
    { config: staff, schema: { tags, querystring: noteListQuery, response: { 200: envelope(listOf(noteSchema)) } } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  app.put(
    '/notes',
    { config: staff, schema: { tags, body: itemsOf(noteCreate), response: { 200: envelope(listOf(noteSchema)) } } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Note added', 'notes added') };
    },
  );

  app.post(
    '/notes/change_status',
    {
      config: staff,
      schema: {
        tags,
        body: itemsOf(noteStatusItem),
        response: { 200: envelope(listOf(z.object({ id: z.number().int(), status: z.literal('deleted') }))) },
      },
    },
    async (req) => {
      const items = await service.remove(
        req.ctx,
        req.body.items.map((x) => x.id),
      );
      return { data: { items }, message: counted(items.length, 'Note removed', 'notes removed') };
    },
  );
}
