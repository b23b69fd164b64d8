/**
 * Conversions: `GET /api/v1/conversions` (+ `/:id`, dependent `/filters`), the look-ups `statuses`,
 * `data-traffic-statuses` and `marks`, `POST /conversions/change_status` and `PATCH /conversions`.
 * The scope rules live in conversions.service.ts.
 */
import {
  conversionEditBody,
  conversionFilterOptionSchema,
  conversionFiltersQuery,
  conversionListQuery,
  conversionMarkSchema,
  conversionSchema,
  conversionStatusAnswerSchema,
  conversionStatusBody,
  conversionStatusOptionSchema,
  envelope,
  idParams,
  listOf,
  listWithTotalsOf,
  conversionTotalsSchema,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './conversions.service';

const READ = ['conversion.read', 'conversion.assigned.read', 'conversion.own.read'];
const UPDATE = 'conversion.update';
const tags = ['conversions'];

export default async function conversionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/conversions',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'List conversions',
        description: 'Staff read every amount; an affiliate reads its own visible conversions, without revenue, profit or the advertiser.',
        querystring: conversionListQuery,
        response: { 200: envelope(listWithTotalsOf(conversionSchema, conversionTotalsSchema)) },
      },
    },
    async (req) => ({ data: await service.list(req.ctx, req.query) }),
  );

  app.get(
    '/conversions/filters',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Dependent filters of the conversions list',
        description: 'The values of one filter (filterSlug) in the conversions the user reads, narrowed by the other filters, with counts.',
        querystring: conversionFiltersQuery,
        response: { 200: envelope(listOf(conversionFilterOptionSchema)) },
      },
    },
    async (req) => ({ data: await service.filters(req.ctx, req.query) }),
  );

  app.get(
    '/conversions/statuses',
    {
      config: { permission: READ },
      schema: { tags, summary: 'Conversion statuses', response: { 200: envelope(listOf(conversionStatusOptionSchema)) } },
    },
    async () => ({ data: { items: service.statuses() } }),
  );
  app.get(
    '/conversions/data-traffic-statuses',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Conversion statuses of the traffic data and statistics',
        response: { 200: envelope(listOf(conversionStatusOptionSchema)) },
      },
    },
    async () => ({ data: { items: service.dataTrafficStatuses() } }),
  );
  app.get(
    '/conversions/marks',
    {
      config: { permission: READ },
      schema: { tags, summary: 'Conversion marks', response: { 200: envelope(listOf(conversionMarkSchema)) } },
    },
    async () => ({ data: { items: service.marks() } }),
  );

  app.get(
    '/conversions/:id',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'One conversion (staff: with the goals of its vertical)',
        params: idParams,
        response: { 200: envelope(listOf(conversionSchema)) },
      },
    },
    async (req) => ({ data: { items: [await service.get(req.ctx, req.params.id)] } }),
  );

  app.post(
    '/conversions/change_status',
    {
      config: { permission: UPDATE },
      schema: {
        tags,
        summary: 'Approve, reject or hold conversions',
        description:
          'Each item is applied or refused on its own (pending → hold/approved/rejected, hold → approved/rejected, approved → rejected, rejected → approved/hold); none applied is a 409. sendPostback fires conversion_approved / conversion_rejected / conversion_deferred.',
        body: conversionStatusBody,
        response: { 200: envelope(conversionStatusAnswerSchema) },
      },
    },
    async (req) => service.changeStatus(req.ctx, req.server.services.queue, req.body),
  );

  app.patch(
    '/conversions',
    {
      config: { permission: UPDATE },
      schema: {
        tags,
        summary: 'Edit conversions',
        description:
          'payout, revenue (base amounts recomputed at the rates of the conversion time), goal, public notes, hidden, status; all items or none.',
        body: conversionEditBody,
        response: { 200: envelope(listOf(conversionSchema)) },
      },
    },
    async (req) => {
      const { items, message } = await service.edit(req.ctx, req.body);
      return { data: { items }, message };
    },
  );
}
