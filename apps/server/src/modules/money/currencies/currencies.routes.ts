import {
  convertAnswerSchema,
  convertQuery,
  currencyCodeParams,
  currencyCreate,
  currencyListQuery,
  currencyRateSchema,
  currencyRatesQuery,
  currencySchema,
  currencyStatusItem,
  currencyUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
  rateAnswerSchema,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './currencies.service';
import { counted } from '../../../lib/plural';

const MANAGE = 'currency.update';
/** look-ups every signed-in user needs (the layout loads all currencies on mount; money is shown everywhere) */
const SIGNED_IN = { authenticated: true } as const;

export default async function currenciesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['currencies'];
  const answer = { 200: envelope(listOf(currencySchema)) };

  app.get(
    '/currencies',
    { config: { permission: MANAGE }, schema: { tags, querystring: currencyListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  app.get('/currencies/all', { config: SIGNED_IN, schema: { tags, response: answer } }, async (req) => ({
    data: await service.all(req.ctx),
  }));

  app.get('/currencies/for-invoice', { config: SIGNED_IN, schema: { tags, response: answer } }, async (req) => ({
    data: await service.activeForInvoice(req.ctx),
  }));

  app.get(
    '/currencies/rates/active',
    { config: SIGNED_IN, schema: { tags, response: { 200: envelope(listOf(rateAnswerSchema)) } } },
    async (req) => ({
      data: await service.activeRates(req.ctx),
    }),
  );

  app.get(
    '/currencies/rate/:code',
    { config: SIGNED_IN, schema: { tags, params: currencyCodeParams, response: { 200: envelope(rateAnswerSchema) } } },
    async (req) => ({
      data: await service.rateByCode(req.ctx, req.params.code),
    }),
  );

  app.get(
    '/currencies/convert',
    { config: SIGNED_IN, schema: { tags, querystring: convertQuery, response: { 200: envelope(convertAnswerSchema) } } },
    async (req) => ({
      data: await service.convert(req.ctx, req.query),
    }),
  );

  app.get('/currencies/:id', { config: { permission: MANAGE }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.get(
    '/currencies/:id/rates',
    {
      config: { permission: MANAGE },
      schema: { tags, params: idParams, querystring: currencyRatesQuery, response: { 200: envelope(listOf(currencyRateSchema)) } },
    },
    async (req) => ({ data: await service.rates(req.ctx, req.params.id, req.query) }),
  );

  app.put(
    '/currencies',
    { config: { permission: MANAGE }, schema: { tags, body: itemsOf(currencyCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Currency created', 'currencies created') };
    },
  );

  app.patch(
    '/currencies',
    { config: { permission: MANAGE }, schema: { tags, body: itemsOf(currencyUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Currency saved', 'currencies saved') };
    },
  );

  app.post(
    '/currencies/change_status',
    { config: { permission: MANAGE }, schema: { tags, body: itemsOf(currencyStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Currency status changed', 'currencies changed status') };
    },
  );
}
