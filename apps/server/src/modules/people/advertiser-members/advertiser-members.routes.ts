import {
  advertiserMemberCreate,
  advertiserMemberListQuery,
  advertiserMemberSchema,
  advertiserMemberStatusItem,
  advertiserMemberUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../account-routes';
import * as members from './advertiser-members.service';
import { named } from '../../../http/route-kit';

export default async function advertiserMembersRoutes(fastify: FastifyInstance) {
  accountRoutes(
    fastify,
    named('advertiser-members', 'Advertiser member', advertiserMemberSchema, 'front.menu.advertisers.read', 'user.update'),
    {
      query: advertiserMemberListQuery,
      create: advertiserMemberCreate,
      update: advertiserMemberUpdate,
      status: advertiserMemberStatusItem,
    },
    members,
    { unsent: ' The e-mail with the password could not be sent: set a password by editing the member.' },
  );
}
