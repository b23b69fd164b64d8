/**
 * Images (logos, favicons, avatars): checked by their first bytes, kept in the configured storage under a
 * random key, served publicly by id. Nothing is stored when a check fails.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { images } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { recordAudit } from '../../../lib/audit';
import type { Storage } from '../../../lib/storage';

export interface ImageDeps {
  storage: Storage;
}

export const SVG_TYPE = 'image/svg+xml';
/** what browsers and tools send when they do not know the type; the content decides then */
const GENERIC_TYPES = ['', 'application/octet-stream'];
export const UNSUPPORTED_MESSAGE = 'Only PNG, JPEG, GIF, WebP, SVG and ICO images can be uploaded';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  [SVG_TYPE]: 'svg',
  'image/x-icon': 'ico',
};

const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type told by the file's first bytes (its "magic number"), or null when it is not an allowed image. */
export function sniffImageType(buf: Buffer): string | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  // ICO: reserved 0, type 1 (icon), at least one image
  if (startsWith(buf, [0x00, 0x00, 0x01, 0x00]) && buf.length >= 6 && buf.readUInt16LE(4) > 0) return 'image/x-icon';
  if (isSvg(buf)) return SVG_TYPE;
  return null;
}

/** SVG is text: it starts (after a BOM and blanks) with `<svg` or `<?xml`, and has an `<svg` element. */
function isSvg(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  const text = buf
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return (/^<svg[\s>]/.test(text) || text.startsWith('<?xml')) && /<svg[\s>]/.test(text);
}

export interface UploadInput {
  buffer: Buffer;
  /** the content type the client declared for the part */
  declaredType: string;
  filename?: string;
}

export async function uploadImage(ctx: Ctx, deps: ImageDeps, input: UploadInput) {
  const actor = requireActor(ctx);
  const declared = input.declaredType.split(';')[0].trim().toLowerCase();
  if (!input.buffer.length) throw AppError.field(['body', 'file'], 'required', 'The file is empty');
  // a declared non-image (text/html, application/pdf, ...) is refused outright; an image/* variant such as
  // image/jpg or image/pjpeg passes on to the check that matters: the bytes decide the type that is stored
  if (!declared.startsWith('image/') && !GENERIC_TYPES.includes(declared)) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_MESSAGE);
  const mimeType = sniffImageType(input.buffer);
  if (!mimeType) throw new AppError('UNSUPPORTED_MEDIA', `${UNSUPPORTED_MESSAGE}; this file is not one of them`);

  const storageKey = `images/${randomUUID()}.${EXTENSIONS[mimeType]}`;
  await deps.storage.put(storageKey, input.buffer, mimeType);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(images)
        .values({
          userId: actor.id,
          storageKey,
          mimeType,
          size: input.buffer.length,
          originalName: input.filename?.slice(0, 255) || null,
          createdAt: ctx.now(),
        })
        .returning();
      await recordAudit(
        { ...ctx, db: tx },
        {
          entity: 'image',
          entityId: inserted.id,
          action: 'create',
          changes: { before: {}, after: { mimeType, size: inserted.size, originalName: inserted.originalName } },
        },
      );
      return inserted;
    });
    return { id: row.id, url: imageUrl(ctx, row.id), mimeType, size: row.size };
  } catch (err) {
    // the row was not written: do not leave the file behind; the error to report is the original one
    await deps.storage.remove(storageKey).catch(() => undefined);
    throw err;
  }
}

export const imageUrl = (ctx: Ctx, id: number) => `${ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}/api/v1/images/${id}`;

export interface StoredImage {
  id: number;
  mimeType: string;
  size: number;
  storageKey: string;
}

/** The image's record (for headers and cache validation), without touching the storage. */
export async function findImage(ctx: Ctx, id: number): Promise<StoredImage> {
  const [row] = await ctx.db
    .select({ id: images.id, mimeType: images.mimeType, size: images.size, storageKey: images.storageKey })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  if (!row) throw AppError.notFound('Image');
  return row;
}

/** The image's bytes from the storage; 404 when the file has gone missing. */
export async function openImage(deps: ImageDeps, image: StoredImage): Promise<Readable> {
  const stream = await deps.storage.get(image.storageKey);
  if (!stream) throw AppError.notFound('Image');
  return stream;
}
