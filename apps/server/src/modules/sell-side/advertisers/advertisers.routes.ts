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
  listOf,
  zId,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as service from './advertisers.service';
import { routeKit } from '../../../http/route-kit';

export default async function advertisersRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/advertisers',
    tags: ['advertisers'],
    read: 'front.menu.advertisers.read',
    write: service.WRITE,
    row: advertiserSchema,
    one: 'Advertiser',
    many: 'advertisers',
  });
  const { app, tags, read, write } = kit;
  const lookup = { 200: envelope(listOf(advertiserRefSchema)) };

  kit.list(advertiserListQuery, service.list);

  /** look-ups (product §7): filters by title or secure id, for assignment, active by vertical id, active for the postback builder */
  for (const [path, kind] of [
    ['filters', 'filters'],
    ['for-assignment', 'assignment'],
    ['active-by-vertical', 'vertical'],
    ['for-postback', 'postback'],
  ] as const) {
    app.get(
      `/advertisers/${path}`,
      { config: read, schema: { tags, querystring: advertiserLookupQuery, response: lookup } },
      async (req) => ({
        data: await service.lookup(req.ctx, kind, req.query),
      }),
    );
  }

  /** product §7 "by offer id": the advertisers an offer targets (offer_advertisers), any status */
  app.get(
    '/advertisers/by-offer/:offerId',
    { config: read, schema: { tags, params: z.object({ offerId: zId() }), response: lookup } },
    async (req) => ({
      data: await service.byOffer(req.ctx, req.params.offerId),
    }),
  );

  kit.get(service.get);

  kit.items('PUT', '', advertiserCreate, service.create, 'created');

  kit.items('PATCH', '', advertiserUpdate, service.update, 'saved');

  kit.items('POST', '/change_block', advertiserBlockItem, service.changeBlock, (body, items) =>
    kit.count(items.length, body.every((x) => x.status === 'blocked') ? 'blocked' : kit.statusChanged),
  );

  app.post(
    '/advertisers/:id/regenerate_token',
    { config: write, schema: { tags, params: idParams, response: { 200: envelope(advertiserTokenSchema) } } },
    async (req) => ({
      data: await service.regenerateToken(req.ctx, req.params.id),
      message: 'A new API token was issued; the old one no longer works',
    }),
  );
}
