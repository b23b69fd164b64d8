/**
 * Lead import: `POST /lead-imports` (multipart, field `file`) uploads a CSV or XLSX file and answers its columns, first
 * rows and a guessed mapping; `POST /lead-imports/:id/start` starts it; `GET /lead-imports/:id` its state (progress
 * also as the `lead_import` server-sent event on `GET /events`); the binary GETs `GET /lead-imports/template` and
 * `GET /lead-imports/:id/report` (product §7 "import as binary GET"); `GET /lead-imports` the imports the caller may see. An
 * importer sees their own imports and those of the affiliates whose leads they may read (lead-import.service.ts
 * `visibleImports`); only the importer starts one.
 */
import {
  envelope,
  idParams,
  LEAD_IMPORT_MAX_BYTES,
  leadImportListItemSchema,
  leadImportListQuery,
  leadImportSchema,
  leadImportStartSchema,
  leadImportTemplateQuery,
  leadImportUploadSchema,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/errors';
import * as service from './lead-import.service';

const TOO_LARGE = `The file is larger than ${LEAD_IMPORT_MAX_BYTES / 1024 / 1024}MB`;

async function readFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send the file as multipart/form-data in the field "file"');
  try {
    const part = await req.file({ limits: { fileSize: LEAD_IMPORT_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file')
      throw AppError.field(['body', 'file'], 'required', 'Choose a CSV or XLSX file in the field "file"');
    const buffer = await part.toBuffer();
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    return { buffer, fileName: part.filename, mime: part.mimetype ?? '' };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    throw AppError.field(['body', 'file'], 'required', 'The upload is not valid multipart/form-data');
  }
}

export default async function leadImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];
  const permission = 'lead.update';

  app.post(
    '/lead-imports',
    {
      config: { permission, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Upload a lead file to import',
        description:
          'A CSV (comma, semicolon or tab) or XLSX file with a header row, in the multipart field `file`. Answers the import (a draft), its columns, its first rows and a mapping guessed from the header.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(listOf(leadImportUploadSchema)) },
      },
    },
    async (req) => ({
      data: { items: [await service.upload(req.ctx, req.server.services.storage, await readFile(req))] },
      message: 'The file is uploaded',
    }),
  );

  app.get(
    '/lead-imports/template',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The lead import template (CSV)',
        description: 'The header of an import file: the lead fields, and with `offerId` the custom parameters of the offer’s vertical.',
        querystring: leadImportTemplateQuery,
      },
    },
    async (req, reply) => {
      const body = await service.template(req.ctx, req.query.offerId);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="lead-import-template.csv"')
        .header('cache-control', 'no-store');
      return reply.send(body);
    },
  );

  app.post(
    '/lead-imports/:id/start',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Start a lead import',
        description:
          'The offer, the affiliate (one the caller may manage), the mapping (lead field → column index) and whether to distribute the leads (caps apply) and fire the ' +
          'affiliate’s lead postbacks. Each row is checked and de-duplicated like the lead API; the job reports its progress as the `lead_import` event on `GET /events`.',
        params: idParams,
        body: leadImportStartSchema,
        response: { 200: envelope(listOf(leadImportSchema)) },
      },
    },
    async (req) => ({
      data: { items: [await service.start(req.ctx, req.server.services.queue, req.params.id, req.body)] },
      message: 'The import has started',
    }),
  );

  app.get(
    '/lead-imports',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The lead imports the caller may see',
        description:
          'Newest first: the caller’s own imports, and with `lead.read` every import, with `lead.assigned.read` the imports of the affiliates the caller manages. ' +
          'Each with the names of its importer, offer and affiliate.',
        querystring: leadImportListQuery,
        response: { 200: envelope(listOf(leadImportListItemSchema)) },
      },
    },
    async (req) => {
      const { items, totalCount } = await service.list(req.ctx, req.query);
      return { data: { items, meta: { totalCount } } };
    },
  );

  app.get(
    '/lead-imports/:id',
    {
      config: { permission },
      schema: { tags, summary: 'A lead import’s state', params: idParams, response: { 200: envelope(listOf(leadImportSchema)) } },
    },
    async (req) => ({ data: { items: [await service.get(req.ctx, req.params.id)] } }),
  );

  app.get(
    '/lead-imports/:id/report',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The report of a lead import (CSV)',
        description:
          'One line per file row: its outcome (accepted, duplicate, invalid), the lead and the reason. 409 while the import runs.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const { name, body } = await service.report(req.ctx, req.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(body);
    },
  );
}
