/**
 * Invoices: `GET /invoices` (+ `/:id`, `/:id/pdf`), `PUT /invoices`, `PUT /invoices/withdrawals`, `PATCH /invoices`,
 * `POST /invoices/change_status`, `POST /invoices/payout_export`. Signed-in users; invoices.service.ts and
 * money.scope.ts decide who reaches what (affiliates their own without a permission).
 */
import {
  envelope,
  idParams,
  invoiceCreateBody,
  invoiceEditBody,
  invoiceListQuery,
  invoiceSchema,
  invoiceStatusBody,
  listOf,
  payoutExportBody,
  withdrawalRequestBody,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/errors';
import { requireActor } from '../../../http/context';
import { requireReach } from '../money.scope';
import { invoicePdf, payoutCsv } from './invoices.documents';
import * as service from './invoices.service';
import { counted } from '../../../lib/plural';

const SIGNED_IN = { authenticated: true } as const;
const tags = ['invoices'];
const answer = { 200: envelope(listOf(invoiceSchema)) };

export default async function invoicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/invoices', { config: SIGNED_IN, schema: { tags, querystring: invoiceListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  app.get('/invoices/:id', { config: SIGNED_IN, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.get('/invoices/:id/pdf', { config: SIGNED_IN, schema: { tags, params: idParams } }, async (req, reply) => {
    const invoice = await service.get(req.ctx, req.params.id);
    const pdf = await invoicePdf(req.ctx, req.server.services.storage, invoice);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.title.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`)
      .send(pdf);
  });

  app.put('/invoices', { config: SIGNED_IN, schema: { tags, body: invoiceCreateBody, response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.server.services.queue, req.body.items);
    return { data: { items }, message: counted(items.length, `Invoice ${items[0]?.title} created`, 'invoices created') };
  });

  app.put('/invoices/withdrawals', { config: SIGNED_IN, schema: { tags, body: withdrawalRequestBody, response: answer } }, async (req) => {
    const items = await service.requestWithdrawal(req.ctx, req.server.services.queue, req.body.items[0]);
    return { data: { items }, message: `Withdrawal requested: invoice ${items[0].title} of ${items[0].amount} ${items[0].currency}` };
  });

  app.patch('/invoices', { config: SIGNED_IN, schema: { tags, body: invoiceEditBody, response: answer } }, async (req) => {
    const items = await service.edit(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Invoice saved', 'invoices saved') };
  });

  app.post('/invoices/change_status', { config: SIGNED_IN, schema: { tags, body: invoiceStatusBody, response: answer } }, async (req) => {
    const items = await service.changeStatus(req.ctx, req.server.services.queue, req.body.items);
    const paid = items.filter((i) => i.status === 'paid').length;
    const declined = items.filter((i) => i.status === 'declined').length;
    const partial = items.length - paid - declined;
    const parts = [paid && `${paid} paid`, declined && `${declined} declined`, partial && `${partial} partly paid`].filter(Boolean);
    return { data: { items }, message: `Invoices: ${parts.join(', ')}` };
  });

  app.post('/invoices/payout_export', { config: SIGNED_IN, schema: { tags, body: payoutExportBody } }, async (req, reply) => {
    requireReach(req.ctx, 'invoice', 'affiliate', 'update');
    const ids = [...new Set(req.body.data.ids)];
    const found = await service.viewsInScope(req.ctx, ids);
    const byId = new Map(found.map((i) => [i.id, i]));
    const errors = ids
      .map((id, index) => ({ id, index, i: byId.get(id) }))
      .filter((x) => !x.i || x.i.type !== 'affiliate' || x.i.status !== 'unpaid')
      .map((x) => ({
        msg: x.i ? `Invoice ${x.i.title} is not an unpaid affiliate invoice` : `Invoice ${x.id} not found`,
        type: 'pattern',
        loc: ['body', 'data', 'ids', x.index],
      }));
    if (errors.length) throw AppError.validation(errors, errors[0].msg);
    const csv = payoutCsv(
      ids.map((id) => byId.get(id)!),
      requireActor(req.ctx).timezone || 'UTC',
    );
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="payouts.csv"').send(csv);
  });
}
