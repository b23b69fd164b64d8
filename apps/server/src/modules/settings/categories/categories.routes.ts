import {
  categoryCreate,
  categoryListQuery,
  categoryLookupQuery,
  categoryRefSchema,
  categorySchema,
  categoryStatusItem,
  categoryUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './categories.service';
import { named, routeKit } from '../../../http/route-kit';

export default async function categoriesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, named('categories', 'Category', categorySchema, 'front.settings.lists.read', 'category.update'));

  kit.crud({ query: categoryListQuery, create: categoryCreate, update: categoryUpdate, status: categoryStatusItem }, service, {
    /** pickers and offer filters: any signed-in user (affiliates filter offers by category too) */
    reads: () => kit.active(categoryLookupQuery, categoryRefSchema, service.active),
  });
}
