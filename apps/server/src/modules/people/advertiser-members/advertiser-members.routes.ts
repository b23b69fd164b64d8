import {
  advertiserMemberCreate,
  advertiserMemberListQuery,
  advertiserMemberSchema,
  advertiserMemberStatusItem,
  advertiserMemberUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { createRoute, statusesChanged } from '../account-routes';
import * as members from './advertiser-members.service';
import { routeKit } from '../../../http/route-kit';

const UNSENT = ' The e-mail with the password could not be sent: set a password by editing the member.';

export default async function advertiserMembersRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/advertiser-members',
    tags: ['advertiser-members'],
    read: 'front.menu.advertisers.read',
    write: 'user.update',
    row: advertiserMemberSchema,
    one: 'Advertiser member',
    many: 'advertiser members',
  });

  kit.list(advertiserMemberListQuery, members.list);

  kit.get(members.get);

  createRoute(kit, fastify, advertiserMemberCreate, members.create, UNSENT);

  kit.items('PATCH', '', advertiserMemberUpdate, (ctx, items) => members.update(ctx, { queue: fastify.services.queue }, items), 'saved');

  kit.items('POST', '/change_status', advertiserMemberStatusItem, members.changeStatus, statusesChanged(kit));
}
