import {
  CREATIVE_FILE_MAX_BYTES,
  creativeCreate,
  creativeListQuery,
  creativeSchema,
  creativeSievesItem,
  creativeStatusItem,
  creativeTypeSchema,
  creativeUpdate,
  creativeViewSchema,
  envelope,
  idParams,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors';
import * as service from './creatives.service';
import { routeKit } from '../../../http/route-kit';

const { READ, WRITE, TOO_LARGE_MESSAGE } = service;

/**
 * Reads the `file` part of a multipart upload with the creative limit (50 MB, above the 10 MB default of the
 * images). Errors of the stream come from the client's input: a too-large file is a 413, a broken body a 400.
 */
async function readFilePart(req: FastifyRequest): Promise<service.UploadInput> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send the file as multipart/form-data in the field "file"');
  try {
    const part = await req.file({ limits: { fileSize: CREATIVE_FILE_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file')
      throw AppError.field(['body', 'file'], 'required', 'Choose a file to upload in the field "file"');
    const buffer = await part.toBuffer();
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    return { buffer, filename: part.filename ?? '' };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    throw AppError.field(['body', 'file'], 'required', 'The upload is not valid multipart/form-data');
  }
}

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266) */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export default async function creativesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/creatives',
    tags: ['creatives'],
    read: READ,
    write: WRITE,
    row: creativeSchema,
    one: 'Creative',
    many: 'creatives',
  });
  const { app, tags, answer } = kit;
  const deps = { storage: app.services.storage };
  const views = { 200: envelope(listOf(creativeViewSchema)) };
  const schemas = { query: creativeListQuery, create: creativeCreate, update: creativeUpdate, status: creativeStatusItem };

  kit.crud(
    schemas,
    { ...service, update: (ctx, items) => service.update(ctx, deps, items) },
    {
      views,
      reads: () =>
        app.get(
          '/creatives/types',
          { config: { permission: READ }, schema: { tags, response: { 200: envelope(listOf(creativeTypeSchema)) } } },
          async () => ({
            data: service.types(),
          }),
        ),
    },
  );

  kit.items('PATCH', '/sieves', creativeSievesItem, service.editSieves, ['Creative sieve saved', 'creative sieves saved']);

  app.put(
    '/creatives/:id/attachment',
    {
      config: { permission: WRITE, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: answer },
    },
    async (req) => {
      const item = await service.uploadAttachment(req.ctx, deps, req.params.id, await readFilePart(req));
      return { data: { items: [item] }, message: 'File uploaded' };
    },
  );

  app.get('/creatives/:id/attachment', { config: { permission: READ }, schema: { tags, params: idParams } }, async (req, reply) => {
    const file = await service.openAttachment(req.ctx, deps, req.params.id);
    reply
      .header('content-type', file.mimeType)
      .header('content-length', file.size)
      .header('content-disposition', disposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      // an HTML or SVG creative opened directly must not run as a page of this site
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(file.stream);
  });
}
