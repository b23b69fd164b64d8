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
import { named, routeKit } from '../../../http/route-kit';

const { READ } = service;

export default async function landersRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, named('landers', 'Lander', landerSchema, READ, service.WRITE));
  const views = { 200: envelope(listOf(landerViewSchema)) };

  kit.crud({ query: landerListQuery, create: landerCreate, update: landerUpdate, status: landerStatusItem }, service, {
    views,
    reads: () => {
      kit.picker('filters', landerLookupQuery, landerRefSchema, service.lookup);
      /** what the campaign form needs: the active landers of an offer the affiliate may use */
      kit.picker('campaign-info', landerCampaignInfoQuery, landerCampaignInfoSchema, service.campaignInfo, [
        READ,
        'front.menu.campaigns.read',
      ]);
    },
  });

  kit.data('POST', '/edit_sieve', landerSieveEdit, service.editSieve, (_body, items) =>
    items.length === 1 ? 'Lander sieve saved' : `Sieve saved on ${items.length} landers`,
  );
}
