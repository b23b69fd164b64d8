/**
 * Exports: `POST /exports {type, query}` starts one (its progress comes as server-sent events on `GET /events`),
 * `GET /exports/:id` its state, `GET /exports/:id/file` the finished CSV or XLSX file. Only the owner sees an export.
 */
import { envelope, exportCreateSchema, exportListQuery, exportParams, exportSchema, listOf } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './exports.service';

export default async function exportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/exports',
    {
      config: { authenticated: true },
      schema: {
        tags: ['exports'],
        summary: 'Start an export',
        description:
          'Exports the rows of a list (`type` leads, clicks or conversions; `query` the list’s filters, for clicks also `tab` valid or invalid) in the caller’s scope as CSV. The job reports its progress as ' +
          'server-sent events (`export_lead`, `export_click`, `export_conversion`) on `GET /events`; the file is then fetched with `GET /exports/:id/file`. Needs the list’s read permission.',
        body: exportCreateSchema,
        response: { 200: envelope(listOf(exportSchema)) },
      },
    },
    async (req) => ({
      data: { items: [await service.create(req.ctx, req.server.services.queue, req.body)] },
      message: 'The export has started',
    }),
  );

  app.get(
    '/exports',
    {
      config: { authenticated: true },
      schema: {
        tags: ['exports'],
        summary: 'The caller’s exports and reports',
        description:
          'Every export and report the caller started (its own only), newest first, with status, progress, file size and expiry time (`expired` once the retention removed the file).',
        querystring: exportListQuery,
        response: { 200: envelope(listOf(exportSchema)) },
      },
    },
    async (req) => ({ data: await service.list(req.ctx, req.query) }),
  );

  app.delete(
    '/exports/:id',
    {
      config: { authenticated: true },
      schema: {
        tags: ['exports'],
        summary: 'Delete an export and its file',
        description: 'Only its owner may delete it (404 otherwise).',
        params: exportParams,
      },
    },
    async (req) => {
      await service.remove(req.ctx, req.server.services.storage, req.params.id);
      return { data: {}, message: 'The export was deleted' };
    },
  );

  app.get(
    '/exports/:id',
    {
      config: { authenticated: true },
      schema: { tags: ['exports'], summary: 'An export’s state', params: exportParams, response: { 200: envelope(listOf(exportSchema)) } },
    },
    async (req) => ({ data: { items: [await service.get(req.ctx, req.params.id)] } }),
  );

  app.get(
    '/exports/:id/file',
    {
      config: { authenticated: true },
      schema: {
        tags: ['exports'],
        summary: 'Download an export',
        description: 'The CSV or XLSX file of a finished export (409 while it runs). Only its owner may fetch it.',
        params: exportParams,
      },
    },
    async (req, reply) => {
      const { name, body } = await service.file(req.ctx, req.server.services.storage, req.params.id);
      reply.header('content-type', name.endsWith('.xlsx') ? service.EXPORT_CONTENT_TYPES.xlsx : service.EXPORT_CONTENT_TYPES.csv);
      reply.header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(body);
    },
  );
}
