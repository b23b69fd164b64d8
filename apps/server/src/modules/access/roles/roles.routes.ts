import {
  envelope,
  idParams,
  itemsOf,
  listOf,
  permissionSchema,
  permissionsQuery,
  roleCloneItem,
  roleCreate,
  roleListQuery,
  roleSchema,
  roleStatusItem,
  roleUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as roles from './roles.service';
import { counted } from '../../../lib/plural';

const rolesAnswer = envelope(listOf(roleSchema));

export default async function rolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'role.read' } as const;
  const write = { permission: 'role.update' } as const;
  const tags = ['roles'];

  app.get('/roles', { config: read, schema: { tags, querystring: roleListQuery, response: { 200: rolesAnswer } } }, async (req) => ({
    data: await roles.list(req.ctx, req.query),
  }));

  app.get('/roles/:id', { config: read, schema: { tags, params: idParams, response: { 200: rolesAnswer } } }, async (req) => ({
    data: { items: [await roles.get(req.ctx, req.params.id)] },
  }));

  app.put('/roles', { config: write, schema: { tags, body: itemsOf(roleCreate), response: { 200: rolesAnswer } } }, async (req) => {
    const items = await roles.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Role created', 'roles created') };
  });

  app.patch('/roles', { config: write, schema: { tags, body: itemsOf(roleUpdate), response: { 200: rolesAnswer } } }, async (req) => {
    const items = await roles.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Role saved', 'roles saved') };
  });

  app.post(
    '/roles/change_status',
    { config: write, schema: { tags, body: itemsOf(roleStatusItem), response: { 200: rolesAnswer } } },
    async (req) => {
      const items = await roles.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Role status changed', 'role statuses changed') };
    },
  );

  app.post(
    '/roles/clone',
    { config: write, schema: { tags, body: itemsOf(roleCloneItem), response: { 200: rolesAnswer } } },
    async (req) => {
      const items = await roles.clone(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Role cloned', 'roles cloned') };
    },
  );

  app.get(
    '/permissions',
    { config: read, schema: { tags, querystring: permissionsQuery, response: { 200: envelope(listOf(permissionSchema)) } } },
    async (req) => ({
      data: { items: roles.permissionCatalogue(req.query.roleType, !!req.query.withHidden) },
    }),
  );
}
