/**
 * Creatives (the promotional material of an offer, on its landings tab): list, detail, types, create, edit, change
 * status, sieves, and the attachment (a file under 50 MB whose extension fits the creative's type, kept in the
 * configured storage; downloaded with its original name). Affiliates read the active creatives of offers visible to
 * them (see ../landers/scope.ts) without the sieve, and may download their files.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CREATIVE_CONTENT,
  CREATIVE_FILE_MAX_BYTES,
  CREATIVE_STATUSES,
  CREATIVE_TYPE_EXTENSIONS,
  CREATIVE_TYPES,
  creativeHasFile,
  fileExtension,
  sieveFor,
  URL_RE,
  type ApiErrorItem,
  type CreativeType,
  type creativeCreate,
  type creativeListQuery,
  type creativeUpdate,
  storedSieve,
  type Sieve,
} from '@leadgrid/shared';
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { creatives, offers, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudit, recordAudits, type AuditEntry } from '../../../lib/audit';
import { lockById, reloadByIds } from '../../../lib/rows';
import type { Storage } from '../../../lib/storage';
import { author, missingIds } from '../../sell-side/integrations';
import { audienceOf, readableOffer, sieveAdmits, visibleOffersWhere, type Audience } from '../landers';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof creatives.$inferSelect;
type Status = (typeof CREATIVE_STATUSES)[number];
type CreateItem = z.infer<typeof creativeCreate>;
type UpdateItem = z.infer<typeof creativeUpdate>;

export const READ = 'front.menu.offers.read';
export const WRITE = 'offer.update';
export const TOO_LARGE_MESSAGE = 'The file is larger than 50MB';
const LIST: ListSpec = {
  orderBy: { id: creatives.id, type: creatives.type, status: creatives.status, createdAt: creatives.createdAt },
  defaultOrder: 'id:desc',
  statuses: CREATIVE_STATUSES,
};

/** the content type a file is served with, by its extension */
const MIME: Record<string, string> = {
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  html: 'text/html',
};

export interface CreativeDeps {
  storage: Storage;
}

const select = (ctx: Ctx) =>
  ctx.db.select({ creative: creatives, author }).from(creatives).leftJoin(users, eq(users.id, creatives.createdBy));
type Selected = { creative: Row; author: { id: number; firstName: string; lastName: string; email: string } | null };

export const attachmentUrl = (ctx: Ctx, id: number) =>
  `${ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}/api/v1/creatives/${id}/attachment`;

function staffView(ctx: Ctx, { creative: c, author: a }: Selected) {
  return {
    ...publicView(ctx, { creative: c, author: a }),
    sieve: storedSieve(c.sieve),
    createdAt: toSeconds(c.createdAt)!,
    createdBy: a,
  };
}
function publicView(ctx: Ctx, { creative: c }: Selected) {
  return {
    id: c.id,
    offerId: c.offerId,
    description: c.description,
    type: c.type as CreativeType,
    content: c.content,
    attachment:
      c.attachmentKey && c.attachmentName
        ? {
            name: c.attachmentName,
            mimeType: c.attachmentMime ?? 'application/octet-stream',
            size: c.attachmentSize ?? 0,
            url: attachmentUrl(ctx, c.id),
          }
        : null,
    status: c.status as Status,
  };
}
const viewFor = (ctx: Ctx, audience: Audience) => (r: Selected) => (audience.kind === 'staff' ? staffView(ctx, r) : publicView(ctx, r));

/** what an affiliate may read: active creatives of visible offers whose sieve admits them */
function affiliateWhere(ctx: Ctx, audience: Audience): SQL | undefined {
  if (audience.kind !== 'affiliate') return undefined;
  return and(
    eq(creatives.status, 'active'),
    sieveAdmits(creatives.sieve, audience.affiliateId, audience.teamId),
    inArray(creatives.offerId, ctx.db.select({ id: offers.id }).from(offers).where(visibleOffersWhere(audience.affiliateId))),
  );
}

export async function list(ctx: Ctx, q: z.infer<typeof creativeListQuery>) {
  const audience = await audienceOf(ctx);
  const p = parseList(q, LIST);
  await readableOffer(ctx, audience, q.offerId);
  const where = and(
    eq(creatives.offerId, q.offerId),
    affiliateWhere(ctx, audience),
    p.statuses ? inArray(creatives.status, p.statuses) : undefined,
    q.type?.length ? inArray(creatives.type, q.type) : undefined,
    p.search
      ? or(
          ilike(creatives.description, contains(p.search)),
          ilike(creatives.attachmentName, contains(p.search)),
          sql`${creatives.id}::text = ${p.search}`,
        )
      : undefined,
  );
  return listPage(ctx, p, { table: creatives, where, query: select(ctx).$dynamic(), map: viewFor(ctx, audience) });
}

export async function get(ctx: Ctx, id: number) {
  const audience = await audienceOf(ctx);
  const rows = await select(ctx)
    .where(and(eq(creatives.id, id), affiliateWhere(ctx, audience)))
    .limit(1);
  if (!rows.length) throw AppError.notFound('Creative');
  return viewFor(ctx, audience)(rows[0]);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await select(ctx).where(inArray(creatives.id, unique))).map((r) => staffView(ctx, r)));
}

/** the creative types with the file extensions and content each takes */
export function types() {
  return {
    items: CREATIVE_TYPES.map((type) => ({
      type,
      extensions: [...CREATIVE_TYPE_EXTENSIONS[type]],
      content: CREATIVE_CONTENT[type],
      maxBytes: creativeHasFile(type) ? CREATIVE_FILE_MAX_BYTES : 0,
    })),
  };
}

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  const errors = await missingIds(
    ctx,
    offers.id,
    offers,
    items.map((x, i) => ({ id: x.offerId, loc: ['body', 'items', i, 'offerId'] })),
  );
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const rows = await tx
      .insert(creatives)
      .values(
        items.map((x) => ({
          ...x,
          content: CREATIVE_CONTENT[x.type] ? x.content!.trim() : null,
          sieve: sieveFor('creatives', x.sieve),
          createdAt: now,
          createdBy: actor.id,
        })),
      )
      .returning({ id: creatives.id });
    await recordAudits(
      { ...ctx, db: tx },
      rows.map((r, i) => ({ entity: 'creative', entityId: r.id, action: 'create', changes: items[i] })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

/**
 * Edits; the content is checked against the resulting type. A new file type keeps the attachment only when its
 * extension fits; text and link creatives carry no file, so the attachment of a creative turned into one is removed.
 */
export async function update(ctx: Ctx, deps: CreativeDeps, items: UpdateItem[]) {
  const removed: string[] = [];
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      creatives,
      creatives.id,
      items.map((x) => x.id),
      'Creative',
    );
    const errors: ApiErrorItem[] = [];
    const at = (i: number, field: string) => ['body', 'items', i, field];
    const patches = items.map(({ id, sieve, ...x }, i) => {
      const row = current.get(id)!;
      const type = x.type ?? (row.type as CreativeType);
      const kind = CREATIVE_CONTENT[type];
      const content = x.content !== undefined ? x.content : kind ? row.content : null;
      const text = content?.trim() ?? '';
      if (kind && !text) errors.push({ msg: 'required', type: 'required', loc: at(i, 'content') });
      else if (kind === 'url' && !URL_RE.test(text)) errors.push({ msg: 'url', type: 'url', loc: at(i, 'content') });
      else if (!kind && text) errors.push({ msg: 'pattern', type: 'content', loc: at(i, 'content') });
      const patch: Partial<Row> = { ...x, content: kind ? text : null, ...(sieve ? { sieve: sieveFor('creatives', sieve) } : {}) };
      if (row.attachmentKey && type !== row.type) {
        if (!creativeHasFile(type)) {
          removed.push(row.attachmentKey);
          Object.assign(patch, { attachmentKey: null, attachmentName: null, attachmentMime: null, attachmentSize: null });
        } else if (!(CREATIVE_TYPE_EXTENSIONS[type] as readonly string[]).includes(fileExtension(row.attachmentName ?? ''))) {
          errors.push({ msg: 'pattern', type: 'extension', loc: at(i, 'type') });
        }
      }
      return { id, row, patch };
    });
    if (errors.length) {
      const extension = errors.find((e) => e.type === 'extension');
      throw new AppError(
        'VALIDATION',
        extension ? "The attached file's extension does not fit the new type; upload another file first" : 'Validation failed',
        errors,
      );
    }
    const audits: AuditEntry[] = [];
    for (const { id, row, patch } of patches) {
      const changes = diffFields(row, patch);
      if (!changes) continue;
      await tx.update(creatives).set(changes.after).where(eq(creatives.id, id));
      audits.push({ entity: 'creative', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  await Promise.all(removed.map((key) => deps.storage.remove(key).catch(() => undefined)));
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  return setEach(
    ctx,
    items.map((x) => ({ id: x.id, patch: { status: x.status } })),
    'change_status',
  );
}

/** The sieves of several creatives, each its own (its creatives keys). */
export async function editSieves(ctx: Ctx, items: { id: number; sieve: Sieve }[]) {
  return setEach(
    ctx,
    items.map((x) => ({ id: x.id, patch: { sieve: sieveFor('creatives', x.sieve) } })),
    'edit_sieve',
  );
}

async function setEach(ctx: Ctx, items: { id: number; patch: Partial<Row> }[], action: string) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      creatives,
      creatives.id,
      items.map((x) => x.id),
      'Creative',
    );
    const audits: AuditEntry[] = [];
    for (const { id, patch } of items) {
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await tx.update(creatives).set(changes.after).where(eq(creatives.id, id));
      audits.push({ entity: 'creative', entityId: id, action, changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

// ---------------------------------------------------------------- attachment

export interface UploadInput {
  buffer: Buffer;
  filename: string;
}

/** a file name safe to keep and to send back: no path, no control characters, at most 255 characters */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (cleaned.length <= 255) return cleaned;
  const ext = fileExtension(cleaned);
  return `${cleaned.slice(0, 254 - ext.length)}.${ext}`;
}

/** Stores the file of a creative (replacing the previous one); nothing is kept when a check fails. */
export async function uploadAttachment(ctx: Ctx, deps: CreativeDeps, id: number, input: UploadInput) {
  const [row] = await ctx.db.select().from(creatives).where(eq(creatives.id, id)).limit(1);
  if (!row) throw AppError.notFound('Creative');
  const type = row.type as CreativeType;
  const allowed = CREATIVE_TYPE_EXTENSIONS[type] as readonly string[];
  const a = /^[aeiou]/.test(type) ? 'An' : 'A';
  if (!allowed.length) throw AppError.field(['body', 'file'], 'pattern', `${a} ${type} creative carries no file`, 'type');
  const name = cleanName(input.filename);
  const ext = fileExtension(name);
  if (!allowed.includes(ext))
    throw AppError.field(
      ['body', 'file'],
      'pattern',
      `${a} ${type} creative takes ${allowed.map((x) => `.${x}`).join(', ')} files${ext ? `, not .${ext}` : ''}`,
      'extension',
    );
  if (!input.buffer.length) throw AppError.field(['body', 'file'], 'required', 'The file is empty');

  const key = `creatives/${randomUUID()}.${ext}`;
  const mime = MIME[ext] ?? 'application/octet-stream';
  await deps.storage.put(key, input.buffer, mime);
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(creatives).where(eq(creatives.id, id)).for('update');
      if (!locked) throw AppError.notFound('Creative');
      // the type may have changed while the file was being stored
      if (locked.type !== row.type) throw AppError.conflict('The creative type changed during the upload; upload the file again');
      previous = locked.attachmentKey;
      const after = { attachmentKey: key, attachmentName: name, attachmentMime: mime, attachmentSize: input.buffer.length };
      await tx.update(creatives).set(after).where(eq(creatives.id, id));
      await recordAudit(
        { ...ctx, db: tx },
        {
          entity: 'creative',
          entityId: id,
          action: 'upload_attachment',
          changes: {
            before: { attachmentName: locked.attachmentName, attachmentSize: locked.attachmentSize },
            after: { attachmentName: name, attachmentSize: after.attachmentSize },
          },
        },
      );
    });
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  if (previous) await deps.storage.remove(previous).catch(() => undefined);
  return (await byIds(ctx, [id]))[0];
}

/** The file of a creative the caller may read (404 otherwise, and when it has none or it went missing). */
export async function openAttachment(
  ctx: Ctx,
  deps: CreativeDeps,
  id: number,
): Promise<{ stream: Readable; name: string; mimeType: string; size: number }> {
  const audience = await audienceOf(ctx);
  const [row] = await ctx.db
    .select()
    .from(creatives)
    .where(and(eq(creatives.id, id), affiliateWhere(ctx, audience)))
    .limit(1);
  if (!row) throw AppError.notFound('Creative');
  if (!row.attachmentKey) throw AppError.notFound('Attachment');
  const stream = await deps.storage.get(row.attachmentKey);
  if (!stream) throw AppError.notFound('Attachment');
  return {
    stream,
    name: row.attachmentName ?? `creative-${id}`,
    mimeType: row.attachmentMime ?? 'application/octet-stream',
    size: row.attachmentSize ?? 0,
  };
}
