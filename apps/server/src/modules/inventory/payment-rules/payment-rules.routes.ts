import {
  capIdItem,
  envelope,
  listOf,
  offerInfoQuery,
  paymentRuleCreate,
  paymentRuleInfoSchema,
  paymentRuleListQuery,
  paymentRuleLookupQuery,
  paymentRuleRefSchema,
  paymentRuleSchema,
  paymentRuleStatusItem,
  paymentRuleUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { WRITE } from '../caps';
import * as service from './payment-rules.service';
import { routeKit } from '../../../http/route-kit';

export default async function paymentRulesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/payment-rules',
    tags: ['payment-rules'],
    read: 'front.menu.offers.read',
    write: WRITE,
    row: paymentRuleSchema,
    one: 'Payment rule',
    many: 'payment rules',
  });
  const { app, tags, read } = kit;

  kit.list(paymentRuleListQuery, service.list);
  /** affiliate-safe: the payouts of the rules that apply to the affiliate */
  app.get(
    '/payment-rules/info',
    { config: read, schema: { tags, querystring: offerInfoQuery, response: { 200: envelope(listOf(paymentRuleInfoSchema)) } } },
    async (req) => ({ data: await service.info(req.ctx, req.query) }),
  );
  app.get(
    '/payment-rules/filters',
    { config: read, schema: { tags, querystring: paymentRuleLookupQuery, response: { 200: envelope(listOf(paymentRuleRefSchema)) } } },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );
  kit.get(service.get);

  kit.items('PUT', '', paymentRuleCreate, service.create, 'created');
  kit.items('PATCH', '', paymentRuleUpdate, service.update, 'saved');
  kit.items('POST', '/change_status', paymentRuleStatusItem, service.changeStatus, (body, items) =>
    kit.count(items.length, kit.activated(body)),
  );
  kit.items('POST', '/clone', capIdItem, service.clone, 'cloned');
}
