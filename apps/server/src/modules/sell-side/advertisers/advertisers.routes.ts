import {
  advertiserBlockItem,
  advertiserCreate,
  advertiserListQuery,
  advertiserLookupQuery,
  advertiserRefSchema,
  advertiserSchema,
  advertiserTokenSchema,
  advertiserUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
  zId,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './advertisers.service';
import { counted } from '../../../lib/plural';

const READ = 'front.menu.advertisers.read';
const WRITE = service.WRITE;

export default async function advertisersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['advertisers'];
  const answer = { 200: envelope(listOf(advertiserSchema)) };
  const lookup = { 200: envelope(listOf(advertiserRefSchema)) };

  app.get(
    '/advertisers',
    { config: { permission: READ }, schema: { tags, querystring: advertiserListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** look-ups (product §7): filters by title or secure id, for assignment, active by vertical id, active for the postback builder */
  app.get(
    '/advertisers/filters',
    { config: { permission: READ }, schema: { tags, querystring: advertiserLookupQuery, response: lookup } },
    async (req) => ({
      data: await service.lookup(req.ctx, 'filters', req.query),
    }),
  );
  app.get(
    '/advertisers/for-assignment',
    { config: { permission: READ }, schema: { tags, querystring: advertiserLookupQuery, response: lookup } },
    async (req) => ({
      data: await service.lookup(req.ctx, 'assignment', req.query),
    }),
  );
  app.get(
    '/advertisers/active-by-vertical',
    { config: { permission: READ }, schema: { tags, querystring: advertiserLookupQuery, response: lookup } },
    async (req) => ({
      data: await service.lookup(req.ctx, 'vertical', req.query),
    }),
  );
  app.get(
    '/advertisers/for-postback',
    { config: { permission: READ }, schema: { tags, querystring: advertiserLookupQuery, response: lookup } },
    async (req) => ({
      data: await service.lookup(req.ctx, 'postback', req.query),
    }),
  );

  /** product §7 "by offer id": the advertisers an offer targets (offer_advertisers), any status */
  app.get(
    '/advertisers/by-offer/:offerId',
    { config: { permission: READ }, schema: { tags, params: z.object({ offerId: zId() }), response: lookup } },
    async (req) => ({
      data: await service.byOffer(req.ctx, req.params.offerId),
    }),
  );

  app.get('/advertisers/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/advertisers',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(advertiserCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Advertiser created', 'advertisers created') };
    },
  );

  app.patch(
    '/advertisers',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(advertiserUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Advertiser saved', 'advertisers saved') };
    },
  );

  app.post(
    '/advertisers/change_block',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(advertiserBlockItem), response: answer } },
    async (req) => {
      const items = await service.changeBlock(req.ctx, req.body.items);
      const blocked = req.body.items.every((x) => x.status === 'blocked');
      return {
        data: { items },
        message: counted(
          items.length,
          blocked ? 'Advertiser blocked' : 'Advertiser status changed',
          blocked ? 'advertisers blocked' : 'advertisers changed status',
        ),
      };
    },
  );

  app.post(
    '/advertisers/:id/regenerate_token',
    { config: { permission: WRITE }, schema: { tags, params: idParams, response: { 200: envelope(advertiserTokenSchema) } } },
    async (req) => ({
      data: await service.regenerateToken(req.ctx, req.params.id),
      message: 'A new API token was issued; the old one no longer works',
    }),
  );
}
