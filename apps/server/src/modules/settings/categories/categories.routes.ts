import {
  categoryCreate,
  categoryListQuery,
  categoryLookupQuery,
  categoryRefSchema,
  categorySchema,
  categoryStatusItem,
  categoryUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './categories.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.lists.read';
const WRITE = 'category.update';

export default async function categoriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['categories'];
  const answer = { 200: envelope(listOf(categorySchema)) };

  app.get(
    '/categories',
    { config: { permission: READ }, schema: { tags, querystring: categoryListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** pickers and offer filters: any signed-in user (affiliates filter offers by category too) */
  app.get(
    '/categories/active',
    {
      config: { authenticated: true },
      schema: { tags, querystring: categoryLookupQuery, response: { 200: envelope(listOf(categoryRefSchema)) } },
    },
    async (req) => ({ data: await service.active(req.ctx, req.query) }),
  );

  app.get('/categories/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/categories',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(categoryCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Category created', 'categories created') };
    },
  );

  app.patch(
    '/categories',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(categoryUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Category saved', 'categories saved') };
    },
  );

  app.post(
    '/categories/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(categoryStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Category status changed', 'categories changed status') };
    },
  );
}
