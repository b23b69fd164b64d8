import {
  envelope,
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
import * as service from './landers.service';
import { routeKit } from '../../../http/route-kit';

const { READ } = service;

export default async function landersRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/landers',
    tags: ['landers'],
    read: READ,
    write: service.WRITE,
    row: landerSchema,
    one: 'Lander',
    many: 'landers',
  });
  const { app, tags, read } = kit;
  const views = { 200: envelope(listOf(landerViewSchema)) };

  kit.crud({ query: landerListQuery, create: landerCreate, update: landerUpdate, status: landerStatusItem }, service, {
    views,
    reads: () => {
      app.get(
        '/landers/filters',
        { config: read, schema: { tags, querystring: landerLookupQuery, response: { 200: envelope(listOf(landerRefSchema)) } } },
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
    },
  });

  kit.data('POST', '/edit_sieve', landerSieveEdit, service.editSieve, (_body, items) =>
    items.length === 1 ? 'Lander sieve saved' : `Sieve saved on ${items.length} landers`,
  );
}
