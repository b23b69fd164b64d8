import {
  blockChangeItem,
  blockEventSchema,
  blockHistoryQuery,
  dataOf,
  envelope,
  idParams,
  idsBody,
  itemsOf,
  listMetaSchema,
  listOf,
  teamBasicSchema,
  teamBulkEdit,
  teamCreate,
  teamDetailSchema,
  teamListQuery,
  teamLookupItem,
  teamLookupQuery,
  teamMemberInput,
  teamMemberUpdate,
  teamSchema,
  teamStatusItem,
  teamUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as teams from './teams.service';
import { counted } from '../../../lib/plural';

const detailAnswer = envelope(listOf(teamDetailSchema));

export default async function teamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'front.affiliates.teams.read' } as const;
  const write = { permission: 'team.update' } as const;
  const tags = ['teams'];

  app.get(
    '/teams',
    { config: read, schema: { tags, querystring: teamListQuery, response: { 200: envelope(listOf(teamSchema)) } } },
    async (req) => ({
      data: await teams.list(req.ctx, req.query),
    }),
  );

  // staff pickers of other screens: the scope rule applies, not the menu permission
  app.get(
    '/teams/lookup',
    {
      config: { authenticated: true },
      schema: {
        tags,
        querystring: teamLookupQuery,
        response: { 200: envelope(z.object({ items: z.array(teamLookupItem), meta: listMetaSchema })) },
      },
    },
    async (req) => ({ data: await teams.lookup(req.ctx, req.query) }),
  );

  // an affiliate's own team: its title and the members' names, nothing else
  app.get(
    '/teams/my',
    { config: { authenticated: true }, schema: { tags, response: { 200: envelope(listOf(teamBasicSchema)) } } },
    async (req) => ({
      data: { items: await teams.myTeam(req.ctx) },
    }),
  );

  app.get('/teams/:id', { config: read, schema: { tags, params: idParams, response: { 200: detailAnswer } } }, async (req) => ({
    data: { items: [await teams.get(req.ctx, req.params.id)] },
  }));

  app.get(
    '/teams/:id/block-history',
    {
      config: read,
      schema: { tags, params: idParams, querystring: blockHistoryQuery, response: { 200: envelope(listOf(blockEventSchema)) } },
    },
    async (req) => ({ data: await teams.blockHistory(req.ctx, req.params.id, req.query) }),
  );

  app.put('/teams', { config: write, schema: { tags, body: itemsOf(teamCreate), response: { 200: detailAnswer } } }, async (req) => {
    const items = await teams.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Team created', 'teams created') };
  });

  app.patch('/teams', { config: write, schema: { tags, body: itemsOf(teamUpdate), response: { 200: detailAnswer } } }, async (req) => {
    const items = await teams.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Team saved', 'teams saved') };
  });

  app.post(
    '/teams/bulk_edit',
    { config: write, schema: { tags, body: dataOf(teamBulkEdit), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await teams.bulkEdit(req.ctx, req.body.data);
      return { data: { items }, message: counted(items.length, 'Team saved', 'teams saved') };
    },
  );

  app.post(
    '/teams/change_status',
    { config: write, schema: { tags, body: itemsOf(teamStatusItem), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await teams.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Team status changed', 'team statuses changed') };
    },
  );

  app.post(
    '/teams/change_block',
    { config: write, schema: { tags, body: itemsOf(blockChangeItem), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await teams.changeBlock(req.ctx, req.body.items);
      const blocking = req.body.items.every((it) => it.action === 'block');
      const unblocking = req.body.items.every((it) => it.action === 'unblock');
      const what = blocking
        ? ['Team blocked', 'teams blocked']
        : unblocking
          ? ['Team unblocked', 'teams unblocked']
          : ['Team blocks changed', 'team blocks changed'];
      return { data: { items }, message: counted(items.length, what[0], what[1]) };
    },
  );

  app.post(
    '/teams/:id/members',
    { config: write, schema: { tags, params: idParams, body: itemsOf(teamMemberInput), response: { 200: detailAnswer } } },
    async (req) => ({
      data: { items: [await teams.addMembers(req.ctx, req.params.id, req.body.items)] },
      message: counted(req.body.items.length, 'Member added', 'members added'),
    }),
  );

  app.patch(
    '/teams/:id/members',
    { config: write, schema: { tags, params: idParams, body: itemsOf(teamMemberUpdate), response: { 200: detailAnswer } } },
    async (req) => ({
      data: { items: [await teams.updateMembers(req.ctx, req.params.id, req.body.items)] },
      message: counted(req.body.items.length, 'Member saved', 'members saved'),
    }),
  );

  app.delete(
    '/teams/:id/members',
    { config: write, schema: { tags, params: idParams, body: idsBody, response: { 200: detailAnswer } } },
    async (req) => ({
      data: { items: [await teams.removeMembers(req.ctx, req.params.id, req.body.data)] },
      message: counted(req.body.data.length, 'Member removed', 'members removed'),
    }),
  );
}
