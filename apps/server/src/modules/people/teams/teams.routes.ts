import {
  blockChangeItem,
  envelope,
  idParams,
  idsBody,
  itemsOf,
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
import { blockChanged, blockHistoryRoute, lookupRoute, statusesChanged } from '../account-routes';
import * as teams from './teams.service';
import { routeKit } from '../../../http/route-kit';
import { counted } from '../../../lib/plural';

export default async function teamsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/teams',
    tags: ['teams'],
    read: 'front.affiliates.teams.read',
    write: 'team.update',
    row: teamDetailSchema,
    one: 'Team',
    many: 'teams',
  });
  const { app, tags, write, answer } = kit;

  kit.list(teamListQuery, teams.list, { 200: envelope(listOf(teamSchema)) });

  // staff pickers of other screens: the scope rule applies, not the menu permission
  lookupRoute(kit, teamLookupQuery, teamLookupItem, teams.lookup);

  // an affiliate's own team: its title and the members' names, nothing else
  app.get(
    '/teams/my',
    { config: { authenticated: true }, schema: { tags, response: { 200: envelope(listOf(teamBasicSchema)) } } },
    async (req) => ({
      data: { items: await teams.myTeam(req.ctx) },
    }),
  );

  kit.get(teams.get);

  blockHistoryRoute(kit, teams.blockHistory);

  kit.items('PUT', '', teamCreate, teams.create, 'created');

  kit.items('PATCH', '', teamUpdate, teams.update, 'saved');

  kit.data('POST', '/bulk_edit', teamBulkEdit, teams.bulkEdit, 'saved');

  kit.items('POST', '/change_status', teamStatusItem, teams.changeStatus, statusesChanged(kit));

  kit.items('POST', '/change_block', blockChangeItem, teams.changeBlock, (body, items) => kit.count(items.length, blockChanged(kit, body)));

  app.post(
    '/teams/:id/members',
    { config: write, schema: { tags, params: idParams, body: itemsOf(teamMemberInput), response: answer } },
    async (req) => ({
      data: { items: [await teams.addMembers(req.ctx, req.params.id, req.body.items)] },
      message: counted(req.body.items.length, 'Member added', 'members added'),
    }),
  );

  app.patch(
    '/teams/:id/members',
    { config: write, schema: { tags, params: idParams, body: itemsOf(teamMemberUpdate), response: answer } },
    async (req) => ({
      data: { items: [await teams.updateMembers(req.ctx, req.params.id, req.body.items)] },
      message: counted(req.body.items.length, 'Member saved', 'members saved'),
    }),
  );

  app.delete('/teams/:id/members', { config: write, schema: { tags, params: idParams, body: idsBody, response: answer } }, async (req) => ({
    data: { items: [await teams.removeMembers(req.ctx, req.params.id, req.body.data)] },
    message: counted(req.body.data.length, 'Member removed', 'members removed'),
  }));
}
