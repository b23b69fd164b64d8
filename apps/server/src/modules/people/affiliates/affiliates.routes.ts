import {
  affiliateBulkEdit,
  affiliateCreate,
  affiliateDetailSchema,
  affiliateListQuery,
  affiliateLookupItem,
  affiliateLookupQuery,
  affiliateSchema,
  affiliateStatusItem,
  affiliateUpdate,
  blockChangeItem,
  envelope,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { blockChanged, blockHistoryRoute, createRoute, lookupRoute, statusesChanged } from '../account-routes';
import * as affiliates from './affiliates.service';
import { routeKit } from '../../../http/route-kit';

const UNSENT = ' The e-mail with the password could not be sent: set a password by editing the affiliate.';

export default async function affiliatesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/affiliates',
    tags: ['affiliates'],
    read: 'front.menu.affiliates.read',
    write: 'user.update',
    row: affiliateDetailSchema,
    one: 'Affiliate',
    many: 'affiliates',
  });

  kit.list(affiliateListQuery, affiliates.list, { 200: envelope(listOf(affiliateSchema)) });

  // staff pickers of other screens (offers, campaigns, leads, postbacks): the scope rule applies, not the menu permission
  lookupRoute(kit, affiliateLookupQuery, affiliateLookupItem, affiliates.lookup);

  kit.get(affiliates.get);

  blockHistoryRoute(kit, affiliates.blockHistory);

  createRoute(kit, fastify, affiliateCreate, affiliates.create, UNSENT);

  kit.items('PATCH', '', affiliateUpdate, (ctx, items) => affiliates.update(ctx, { queue: fastify.services.queue }, items), 'saved');

  kit.data('POST', '/bulk_edit', affiliateBulkEdit, affiliates.bulkEdit, 'saved');

  kit.items('POST', '/change_status', affiliateStatusItem, affiliates.changeStatus, statusesChanged(kit));

  kit.items('POST', '/change_block', blockChangeItem, affiliates.changeBlock, (body, items) =>
    kit.count(items.length, blockChanged(kit, body)),
  );
}
