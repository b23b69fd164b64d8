import { envelope, idParams, imageSchema, listOf } from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/errors';
import * as images from './images.service';

export const TOO_LARGE_MESSAGE = 'The image is larger than 10MB';

/**
 * Errors while reading the multipart stream come from the client's input (a broken or truncated body):
 * 4xx errors of @fastify/multipart pass on, the parser's own errors become a 400 on the file field.
 */
function uploadError(err: unknown): Error {
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status < 500) return err as Error;
  return AppError.field(['body', 'file'], 'required', 'The upload is not valid multipart/form-data');
}

/** Reads the `file` part of a multipart upload; the size limit (10 MB) is set where @fastify/multipart is registered. */
async function readFilePart(req: FastifyRequest): Promise<images.UploadInput> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send the image as multipart/form-data in the field "file"');
  try {
    const part = await req.file();
    if (!part || part.fieldname !== 'file')
      throw AppError.field(['body', 'file'], 'required', 'Choose an image to upload in the field "file"');
    const buffer = await part.toBuffer();
    // toBuffer() looks at the limit only between chunks: a file cut off on its last chunk comes back truncated, not refused
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    return { buffer, declaredType: part.mimetype ?? '', filename: part.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw uploadError(err);
  }
}

export default async function imagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { storage: app.services.storage };
  const tags = ['images'];

  app.put(
    '/images',
    {
      config: { authenticated: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(listOf(imageSchema)) } },
    },
    async (req) => ({ data: { items: [await images.uploadImage(req.ctx, deps, await readFilePart(req))] }, message: 'Image uploaded' }),
  );

  // public: logos and favicons appear on the sign-in page
  app.get('/images/:id', { config: { public: true }, schema: { tags, params: idParams } }, async (req, reply) => {
    const image = await images.findImage(req.ctx, req.params.id);
    // an id always names the same bytes (a new upload gets a new id), so the id is a strong validator
    const etag = `"image-${image.id}"`;
    reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const stream = await images.openImage(deps, image);
    reply
      .header('content-type', image.mimeType)
      .header('content-length', image.size)
      .header('x-content-type-options', 'nosniff')
      // the web app may live on another host than the API (white label): let it embed the image
      .header('cross-origin-resource-policy', 'cross-origin');
    // an SVG opened directly is a document: no script in it may run
    if (image.mimeType === images.SVG_TYPE) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(stream);
  });
}
