import {
  envelope,
  idParams,
  idsBody,
  itemsOf,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './tags.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.tags.read';
const WRITE = 'tag.update';

export default async function tagsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['tags'];
  const answer = { 200: envelope(listOf(tagSchema)) };

  app.get('/tags', { config: { permission: READ }, schema: { tags, querystring: tagListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  app.get(
    '/tags/by-type/:type',
    {
      config: { authenticated: true },
      schema: { tags, params: tagTypeParams, querystring: tagLookupQuery, response: { 200: envelope(listOf(tagRefSchema)) } },
    },
    async (req) => ({ data: await service.lookupByType(req.ctx, req.params.type, req.query) }),
  );

  app.get('/tags/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put('/tags', { config: { permission: WRITE }, schema: { tags, body: itemsOf(tagCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Tag created', 'tags created') };
  });

  app.patch('/tags', { config: { permission: WRITE }, schema: { tags, body: itemsOf(tagUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Tag saved', 'tags saved') };
  });

  app.post(
    '/tags/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(tagStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Tag status changed', 'tags changed status') };
    },
  );

  app.delete(
    '/tags',
    {
      config: { permission: WRITE },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) } },
    },
    async (req) => {
      const ids = await service.remove(req.ctx, req.body.data);
      return { data: { ids }, message: counted(ids.length, 'Tag deleted', 'tags deleted') };
    },
  );
}
