import {
  affiliatePostbackMacros,
  envelope,
  globalPostbackSchema,
  globalPostbackUpdate,
  idParams,
  itemsOf,
  listOf,
  postbackAssignmentQuery,
  postbackCreate,
  postbackEventCatalogue,
  postbackEventGroupSchema,
  postbackGoalSchema,
  postbackListQuery,
  postbackMacroSchema,
  postbackRefSchema,
  postbackSchema,
  postbackStatusItem,
  postbackStatusSchema,
  postbackTestBody,
  postbackTestResultSchema,
  postbackUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as own from './affiliate-postbacks.service';
import * as service from './postbacks.service';

export default async function postbacksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['postbacks'];
  const answer = { 200: envelope(globalPostbackSchema) };

  app.get(
    '/settings/global-postback',
    { config: { permission: 'front.settings.global_postback.read' }, schema: { tags, response: answer } },
    async (req) => ({
      data: await service.getGlobal(req.ctx),
    }),
  );

  app.patch(
    '/settings/global-postback',
    { config: { permission: 'postback.global.update' }, schema: { tags, body: globalPostbackUpdate, response: answer } },
    async (req) => ({
      data: await service.saveGlobal(req.ctx, req.body.data),
      message: 'Global postback saved',
    }),
  );

  // ------------------------------------------------------------ affiliate and team postbacks
  const read = { permission: own.READ };
  const write = { permission: own.WRITE };
  const many = { 200: envelope(listOf(postbackSchema)) };

  app.get('/postbacks', { config: read, schema: { tags, querystring: postbackListQuery, response: many } }, async (req) => ({
    data: await own.list(req.ctx, req.query),
  }));

  app.get(
    '/postbacks/statuses',
    { config: read, schema: { tags, response: { 200: envelope(listOf(postbackStatusSchema)) } } },
    async () => ({
      data: {
        items: [
          { id: 'active' as const, title: 'Active' },
          { id: 'inactive' as const, title: 'Inactive' },
        ],
      },
    }),
  );

  app.get(
    '/postbacks/events',
    { config: read, schema: { tags, response: { 200: envelope(listOf(postbackEventGroupSchema)) } } },
    async () => ({
      data: { items: postbackEventCatalogue() },
    }),
  );

  /** the macros an affiliate or team postback URL may carry: the delivery's own catalogue without the staff-only ones */
  app.get(
    '/postbacks/mappings',
    { config: read, schema: { tags, response: { 200: envelope(listOf(postbackMacroSchema)) } } },
    async () => ({
      data: { items: affiliatePostbackMacros() },
    }),
  );

  app.get('/postbacks/goals', { config: read, schema: { tags, response: { 200: envelope(listOf(postbackGoalSchema)) } } }, async (req) => ({
    data: await own.goals(req.ctx),
  }));

  app.get(
    '/postbacks/for-assignment',
    { config: read, schema: { tags, querystring: postbackAssignmentQuery, response: { 200: envelope(listOf(postbackRefSchema)) } } },
    async (req) => ({ data: await own.forAssignment(req.ctx, req.query) }),
  );

  app.get('/postbacks/:id', { config: read, schema: { tags, params: idParams, response: many } }, async (req) => ({
    data: { items: [await own.get(req.ctx, req.params.id)] },
  }));

  app.put('/postbacks', { config: write, schema: { tags, body: itemsOf(postbackCreate), response: many } }, async (req) => {
    const items = await own.create(req.ctx, req.body.items);
    return { data: { items }, message: own.messages.created(items.length) };
  });

  app.patch('/postbacks', { config: write, schema: { tags, body: itemsOf(postbackUpdate), response: many } }, async (req) => {
    const items = await own.update(req.ctx, req.body.items);
    return { data: { items }, message: own.messages.saved(items.length) };
  });

  app.post(
    '/postbacks/change_status',
    { config: write, schema: { tags, body: itemsOf(postbackStatusItem), response: many } },
    async (req) => {
      const items = await own.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: own.messages.status(items.length) };
    },
  );

  app.post(
    '/postbacks/:id/test',
    { config: write, schema: { tags, params: idParams, body: postbackTestBody, response: { 200: envelope(postbackTestResultSchema) } } },
    async (req) => {
      const data = await own.sendTest(req.ctx, req.params.id, req.body?.event);
      return { data, message: data.success ? 'Test postback delivered' : `Test postback failed: ${data.msg}` };
    },
  );
}
