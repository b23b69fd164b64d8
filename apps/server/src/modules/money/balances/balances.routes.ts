/**
 * Balances: `GET /balances/affiliates[/:id[/entries]]`, `GET /balances/advertisers[/:id[/entries]]`,
 * `GET /balances/my` (an affiliate's own), `PUT /balances/adjustments`. Signed-in users; balances.service.ts and
 * money.scope.ts decide who reaches what.
 */
import {
  adjustmentCreateItem,
  advertiserBalanceSchema,
  affiliateBalanceSchema,
  balanceListQuery,
  envelope,
  idParams,
  itemsOf,
  ledgerEntryListQuery,
  ledgerEntrySchema,
  listOf,
  ownBalanceSchema,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './balances.service';
import { counted } from '../../../lib/plural';

const SIGNED_IN = { authenticated: true } as const;
const tags = ['balances'];

export default async function balancesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const affiliates = { 200: envelope(listOf(affiliateBalanceSchema)) };
  const advertisers = { 200: envelope(listOf(advertiserBalanceSchema)) };
  const entries = { 200: envelope(listOf(ledgerEntrySchema)) };

  app.get(
    '/balances/affiliates',
    { config: SIGNED_IN, schema: { tags, querystring: balanceListQuery, response: affiliates } },
    async (req) => ({
      data: await service.listAffiliates(req.ctx, req.query),
    }),
  );
  app.get('/balances/affiliates/:id', { config: SIGNED_IN, schema: { tags, params: idParams, response: affiliates } }, async (req) => ({
    data: { items: [await service.getAffiliate(req.ctx, req.params.id)] },
  }));
  app.get('/balances/my', { config: SIGNED_IN, schema: { tags, response: { 200: envelope(listOf(ownBalanceSchema)) } } }, async (req) => ({
    data: { items: [await service.mine(req.ctx)] },
  }));
  app.get(
    '/balances/advertisers',
    { config: SIGNED_IN, schema: { tags, querystring: balanceListQuery, response: advertisers } },
    async (req) => ({
      data: await service.listAdvertisers(req.ctx, req.query),
    }),
  );
  app.get('/balances/advertisers/:id', { config: SIGNED_IN, schema: { tags, params: idParams, response: advertisers } }, async (req) => ({
    data: { items: [await service.getAdvertiser(req.ctx, req.params.id)] },
  }));
  app.get(
    '/balances/affiliates/:id/entries',
    { config: SIGNED_IN, schema: { tags, params: idParams, querystring: ledgerEntryListQuery, response: entries } },
    async (req) => ({
      data: await service.entries(req.ctx, 'affiliate', req.params.id, req.query),
    }),
  );
  app.get(
    '/balances/advertisers/:id/entries',
    { config: SIGNED_IN, schema: { tags, params: idParams, querystring: ledgerEntryListQuery, response: entries } },
    async (req) => ({
      data: await service.entries(req.ctx, 'advertiser', req.params.id, req.query),
    }),
  );
  app.put(
    '/balances/adjustments',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        body: itemsOf(adjustmentCreateItem),
        response: {
          200: envelope(
            listOf(z.object({ id: z.number().int(), partyType: z.enum(['affiliate', 'advertiser']), partyId: z.number().int() })),
          ),
        },
      },
    },
    async (req) => {
      const items = await service.adjust(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Adjustment recorded', 'adjustments recorded') };
    },
  );
}
