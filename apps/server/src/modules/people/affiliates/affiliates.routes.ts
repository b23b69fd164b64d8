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
  blockEventSchema,
  blockHistoryQuery,
  dataOf,
  envelope,
  idParams,
  itemsOf,
  listMetaSchema,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailDeps } from '../accounts';
import * as affiliates from './affiliates.service';
import { counted } from '../../../lib/plural';

const detailAnswer = envelope(listOf(affiliateDetailSchema));
const UNSENT = ' The e-mail with the password could not be sent: set a password by editing the affiliate.';

export default async function affiliatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mailer, config } = fastify.services;
  const read = { permission: 'front.menu.affiliates.read' } as const;
  const write = { permission: 'user.update' } as const;
  const tags = ['affiliates'];
  const mailDeps = (req: FastifyRequest): MailDeps => ({
    mailer,
    log: req.log,
    publicUrl: config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
  });

  app.get(
    '/affiliates',
    { config: read, schema: { tags, querystring: affiliateListQuery, response: { 200: envelope(listOf(affiliateSchema)) } } },
    async (req) => ({ data: await affiliates.list(req.ctx, req.query) }),
  );

  // staff pickers of other screens (offers, campaigns, leads, postbacks): the scope rule applies, not the menu permission
  app.get(
    '/affiliates/lookup',
    {
      config: { authenticated: true },
      schema: {
        tags,
        querystring: affiliateLookupQuery,
        response: { 200: envelope(z.object({ items: z.array(affiliateLookupItem), meta: listMetaSchema })) },
      },
    },
    async (req) => ({ data: await affiliates.lookup(req.ctx, req.query) }),
  );

  app.get('/affiliates/:id', { config: read, schema: { tags, params: idParams, response: { 200: detailAnswer } } }, async (req) => ({
    data: { items: [await affiliates.get(req.ctx, req.params.id)] },
  }));

  app.get(
    '/affiliates/:id/block-history',
    {
      config: read,
      schema: { tags, params: idParams, querystring: blockHistoryQuery, response: { 200: envelope(listOf(blockEventSchema)) } },
    },
    async (req) => ({ data: await affiliates.blockHistory(req.ctx, req.params.id, req.query) }),
  );

  app.put(
    '/affiliates',
    { config: write, schema: { tags, body: itemsOf(affiliateCreate), response: { 200: detailAnswer } } },
    async (req) => {
      const { items, unsentMail } = await affiliates.create(req.ctx, mailDeps(req), req.body.items);
      return { data: { items }, message: counted(items.length, 'Affiliate created', 'affiliates created') + (unsentMail ? UNSENT : '') };
    },
  );

  app.patch(
    '/affiliates',
    { config: write, schema: { tags, body: itemsOf(affiliateUpdate), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await affiliates.update(req.ctx, { queue: fastify.services.queue }, req.body.items);
      return { data: { items }, message: counted(items.length, 'Affiliate saved', 'affiliates saved') };
    },
  );

  app.post(
    '/affiliates/bulk_edit',
    { config: write, schema: { tags, body: dataOf(affiliateBulkEdit), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await affiliates.bulkEdit(req.ctx, req.body.data);
      return { data: { items }, message: counted(items.length, 'Affiliate saved', 'affiliates saved') };
    },
  );

  app.post(
    '/affiliates/change_status',
    { config: write, schema: { tags, body: itemsOf(affiliateStatusItem), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await affiliates.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Affiliate status changed', 'affiliate statuses changed') };
    },
  );

  app.post(
    '/affiliates/change_block',
    { config: write, schema: { tags, body: itemsOf(blockChangeItem), response: { 200: detailAnswer } } },
    async (req) => {
      const items = await affiliates.changeBlock(req.ctx, req.body.items);
      const blocking = req.body.items.every((it) => it.action === 'block');
      const unblocking = req.body.items.every((it) => it.action === 'unblock');
      const what = blocking
        ? ['Affiliate blocked', 'affiliates blocked']
        : unblocking
          ? ['Affiliate unblocked', 'affiliates unblocked']
          : ['Affiliate blocks changed', 'affiliate blocks changed'];
      return { data: { items }, message: counted(items.length, what[0], what[1]) };
    },
  );
}
