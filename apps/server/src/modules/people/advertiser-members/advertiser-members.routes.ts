import {
  advertiserMemberCreate,
  advertiserMemberListQuery,
  advertiserMemberSchema,
  advertiserMemberStatusItem,
  advertiserMemberUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MailDeps } from '../accounts';
import * as members from './advertiser-members.service';
import { counted } from '../../../lib/plural';

const membersAnswer = envelope(listOf(advertiserMemberSchema));
const UNSENT = ' The e-mail with the password could not be sent: set a password by editing the member.';

export default async function advertiserMembersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mailer, config } = fastify.services;
  const read = { permission: 'front.menu.advertisers.read' } as const;
  const write = { permission: 'user.update' } as const;
  const tags = ['advertiser-members'];
  const mailDeps = (req: FastifyRequest): MailDeps => ({
    mailer,
    log: req.log,
    publicUrl: config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
  });

  app.get(
    '/advertiser-members',
    { config: read, schema: { tags, querystring: advertiserMemberListQuery, response: { 200: membersAnswer } } },
    async (req) => ({
      data: await members.list(req.ctx, req.query),
    }),
  );

  app.get(
    '/advertiser-members/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: membersAnswer } } },
    async (req) => ({
      data: { items: [await members.get(req.ctx, req.params.id)] },
    }),
  );

  app.put(
    '/advertiser-members',
    { config: write, schema: { tags, body: itemsOf(advertiserMemberCreate), response: { 200: membersAnswer } } },
    async (req) => {
      const { items, unsentMail } = await members.create(req.ctx, mailDeps(req), req.body.items);
      return {
        data: { items },
        message: counted(items.length, 'Advertiser member created', 'advertiser members created') + (unsentMail ? UNSENT : ''),
      };
    },
  );

  app.patch(
    '/advertiser-members',
    { config: write, schema: { tags, body: itemsOf(advertiserMemberUpdate), response: { 200: membersAnswer } } },
    async (req) => {
      const items = await members.update(req.ctx, { queue: fastify.services.queue }, req.body.items);
      return { data: { items }, message: counted(items.length, 'Advertiser member saved', 'advertiser members saved') };
    },
  );

  app.post(
    '/advertiser-members/change_status',
    { config: write, schema: { tags, body: itemsOf(advertiserMemberStatusItem), response: { 200: membersAnswer } } },
    async (req) => {
      const items = await members.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Advertiser member status changed', 'advertiser member statuses changed') };
    },
  );
}
