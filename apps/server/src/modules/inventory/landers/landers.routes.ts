import {
  dataOf,
  envelope,
  idParams,
  itemsOf,
  landerCampaignInfoQuery,
  landerCampaignInfoSchema,
  landerCreate,
  landerListQuery,
  landerLookupQuery,
  landerRefSchema,
  landerSchema,
  landerSieveEdit,
  landerStatusItem,
  landerUpdate,
  landerViewSchema,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './landers.service';
import { counted } from '../../../lib/plural';

const { READ, WRITE } = service;

export default async function landersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['landers'];
  const views = { 200: envelope(listOf(landerViewSchema)) };
  const answer = { 200: envelope(listOf(landerSchema)) };

  app.get('/landers', { config: { permission: READ }, schema: { tags, querystring: landerListQuery, response: views } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  app.get(
    '/landers/filters',
    {
      config: { permission: READ },
      schema: { tags, querystring: landerLookupQuery, response: { 200: envelope(listOf(landerRefSchema)) } },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  /** what the campaign form needs: the active landers of an offer the affiliate may use */
  app.get(
    '/landers/campaign-info',
    {
      config: { permission: [READ, 'front.menu.campaigns.read'] },
      schema: { tags, querystring: landerCampaignInfoQuery, response: { 200: envelope(listOf(landerCampaignInfoSchema)) } },
    },
    async (req) => ({ data: await service.campaignInfo(req.ctx, req.query) }),
  );

  app.get('/landers/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: views } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put('/landers', { config: { permission: WRITE }, schema: { tags, body: itemsOf(landerCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Lander created', 'landers created') };
  });

  app.patch('/landers', { config: { permission: WRITE }, schema: { tags, body: itemsOf(landerUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Lander saved', 'landers saved') };
  });

  app.post(
    '/landers/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(landerStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Lander status changed', 'landers changed status') };
    },
  );

  app.post(
    '/landers/edit_sieve',
    { config: { permission: WRITE }, schema: { tags, body: dataOf(landerSieveEdit), response: answer } },
    async (req) => {
      const items = await service.editSieve(req.ctx, req.body.data);
      return { data: { items }, message: items.length === 1 ? 'Lander sieve saved' : `Sieve saved on ${items.length} landers` };
    },
  );
}
