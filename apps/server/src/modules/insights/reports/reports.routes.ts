/**
 * Saved reports (product §2 /reports, §6 `front.menu.reports.read`): list, create, read, change, delete one's own, and
 * run one now as an export (its file then comes from `GET /exports/:id/file`). Thin handlers over reports.service.ts.
 */
import { envelope, exportSchema, listOf, reportParams, reportPatchSchema, reportSchema, reportWriteSchema } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './reports.service';

export default async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const permission = 'front.menu.reports.read';

  app.get(
    '/reports',
    { config: { permission }, schema: { tags, summary: 'The caller’s saved reports', response: { 200: envelope(listOf(reportSchema)) } } },
    async (req) => ({
      data: { items: await service.list(req.ctx) },
    }),
  );

  app.post(
    '/reports',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Save a report',
        description:
          'A ready report (`affiliate_payouts`, `advertiser_revenue` — these need `balance.affiliate.read` / `balance.advertiser.read` —, `offer_performance`, `lead_quality`, `postback_failures`) or a statistics view (`statistics`), with its filters, range, format and optional e-mail schedule in the owner’s zone.',
        body: reportWriteSchema,
        response: { 200: envelope(listOf(reportSchema)) },
      },
    },
    async (req) => ({ data: { items: [await service.create(req.ctx, req.body)] }, message: 'The report was saved' }),
  );

  app.get(
    '/reports/:id',
    { config: { permission }, schema: { tags, params: reportParams, response: { 200: envelope(listOf(reportSchema)) } } },
    async (req) => ({
      data: { items: [await service.get(req.ctx, req.params.id)] },
    }),
  );

  app.patch(
    '/reports/:id',
    {
      config: { permission },
      schema: { tags, params: reportParams, body: reportPatchSchema, response: { 200: envelope(listOf(reportSchema)) } },
    },
    async (req) => ({ data: { items: [await service.update(req.ctx, req.params.id, req.body)] }, message: 'The report was saved' }),
  );

  app.delete('/reports/:id', { config: { permission }, schema: { tags, params: reportParams } }, async (req) => {
    await service.remove(req.ctx, req.params.id);
    return { data: {}, message: 'The report was deleted' };
  });

  app.post(
    '/reports/:id/run',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Run a saved report now',
        description:
          'Starts the report as an export (progress as `export_report` or `export_statistics` events); 422 `Failed to generate the report. No data available!` when it has no rows.',
        params: reportParams,
        response: { 200: envelope(listOf(exportSchema)) },
      },
    },
    async (req) => ({
      data: { items: [await service.run(req.ctx, req.server.services.queue, req.params.id)] },
      message: 'The report has started',
    }),
  );
}
