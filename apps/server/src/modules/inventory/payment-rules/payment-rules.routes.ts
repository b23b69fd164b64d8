import {
  capIdItem,
  envelope,
  idParams,
  itemsOf,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WRITE } from '../caps/caps.service';
import * as service from './payment-rules.service';
import { counted } from '../../../lib/plural';

const READ = 'front.menu.offers.read';

export default async function paymentRulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment-rules'];
  const answer = { 200: envelope(listOf(paymentRuleSchema)) };

  app.get(
    '/payment-rules',
    { config: { permission: READ }, schema: { tags, querystring: paymentRuleListQuery, response: answer } },
    async (req) => ({ data: await service.list(req.ctx, req.query) }),
  );
  /** affiliate-safe: the payouts of the rules that apply to the affiliate */
  app.get(
    '/payment-rules/info',
    {
      config: { permission: READ },
      schema: { tags, querystring: offerInfoQuery, response: { 200: envelope(listOf(paymentRuleInfoSchema)) } },
    },
    async (req) => ({ data: await service.info(req.ctx, req.query) }),
  );
  app.get(
    '/payment-rules/filters',
    {
      config: { permission: READ },
      schema: { tags, querystring: paymentRuleLookupQuery, response: { 200: envelope(listOf(paymentRuleRefSchema)) } },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );
  app.get('/payment-rules/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/payment-rules',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(paymentRuleCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Payment rule created', 'payment rules created') };
    },
  );
  app.patch(
    '/payment-rules',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(paymentRuleUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Payment rule saved', 'payment rules saved') };
    },
  );
  app.post(
    '/payment-rules/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(paymentRuleStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      const on = req.body.items.every((x) => x.status === 'active');
      return {
        data: { items },
        message: counted(
          items.length,
          on ? 'Payment rule activated' : 'Payment rule status changed',
          on ? 'payment rules activated' : 'payment rules changed status',
        ),
      };
    },
  );
  app.post(
    '/payment-rules/clone',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(capIdItem), response: answer } },
    async (req) => {
      const items = await service.clone(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Payment rule cloned', 'payment rules cloned') };
    },
  );
}
