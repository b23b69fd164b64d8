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
import { accountRoutes, blockChanged, blockHistoryRoute, lookupRoute } from '../account-routes';
import * as affiliates from './affiliates.service';
import { named } from '../../../http/route-kit';

export default async function affiliatesRoutes(fastify: FastifyInstance) {
  const kit = accountRoutes(
    fastify,
    named('affiliates', 'Affiliate', affiliateDetailSchema, 'front.menu.affiliates.read', 'user.update'),
    { query: affiliateListQuery, create: affiliateCreate, update: affiliateUpdate, status: affiliateStatusItem },
    affiliates,
    {
      unsent: ' The e-mail with the password could not be sent: set a password by editing the affiliate.',
      listView: { 200: envelope(listOf(affiliateSchema)) },
      // staff pickers of other screens (offers, campaigns, leads, postbacks): the scope rule applies, not the menu permission
      reads: (kit) => lookupRoute(kit, affiliateLookupQuery, affiliateLookupItem, affiliates.lookup),
      rowReads: (kit) => blockHistoryRoute(kit, affiliates.blockHistory),
      writes: (kit) => kit.data('POST', '/bulk_edit', affiliateBulkEdit, affiliates.bulkEdit, 'saved'),
    },
  );

  kit.items('POST', '/change_block', blockChangeItem, affiliates.changeBlock, (body, items) =>
    kit.count(items.length, blockChanged(kit, body)),
  );
}
