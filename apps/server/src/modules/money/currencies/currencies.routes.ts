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
  listOf,
  rateAnswerSchema,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './currencies.service';
import { routeKit } from '../../../http/route-kit';

const MANAGE = 'currency.update';
/** look-ups every signed-in user needs (the layout loads all currencies on mount; money is shown everywhere) */
const SIGNED_IN = { authenticated: true } as const;

export default async function currenciesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/currencies',
    tags: ['currencies'],
    read: MANAGE,
    write: MANAGE,
    row: currencySchema,
    one: 'Currency',
    many: 'currencies',
  });
  const { app, tags, answer } = kit;

  kit.crud({ query: currencyListQuery, create: currencyCreate, update: currencyUpdate, status: currencyStatusItem }, service, {
    reads: () => {
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
    },
    rowReads: () =>
      app.get(
        '/currencies/:id/rates',
        {
          config: { permission: MANAGE },
          schema: { tags, params: idParams, querystring: currencyRatesQuery, response: { 200: envelope(listOf(currencyRateSchema)) } },
        },
        async (req) => ({ data: await service.rates(req.ctx, req.params.id, req.query) }),
      ),
  });
}
