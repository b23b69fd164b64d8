import {
  envelope,
  idsBody,
  listOf,
  tagCreate,
  tagListQuery,
  tagLookupQuery,
  tagRefSchema,
  tagSchema,
  tagStatusItem,
  tagTypeParams,
  tagUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as service from './tags.service';
import { named, routeKit } from '../../../http/route-kit';

export default async function tagsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, named('tags', 'Tag', tagSchema, 'front.settings.tags.read', 'tag.update'));
  const { app, tags, write } = kit;

  kit.crud({ query: tagListQuery, create: tagCreate, update: tagUpdate, status: tagStatusItem }, service, {
    reads: () =>
      app.get(
        '/tags/by-type/:type',
        {
          config: { authenticated: true },
          schema: { tags, params: tagTypeParams, querystring: tagLookupQuery, response: { 200: envelope(listOf(tagRefSchema)) } },
        },
        async (req) => ({ data: await service.lookupByType(req.ctx, req.params.type, req.query) }),
      ),
  });

  app.delete(
    '/tags',
    { config: write, schema: { tags, body: idsBody, response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) } } },
    async (req) => {
      const ids = await service.remove(req.ctx, req.body.data);
      return { data: { ids }, message: kit.count(ids.length, 'deleted') };
    },
  );
}
