/** Tags by entity type: the settings list, the pickers' look-up, create, edit, status change and delete. */
import {
  STAFF_ROLE_TYPES,
  TAG_STATUSES,
  type ApiErrorItem,
  type LookupQuery,
  type TagType,
  type tagCreate,
  type tagListQuery,
  type tagUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { tags, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import type { z } from 'zod';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';

type TagRow = typeof tags.$inferSelect;
type ListInput = z.infer<typeof tagListQuery>;
type CreateInput = z.infer<typeof tagCreate>;
type UpdateInput = z.infer<typeof tagUpdate>;

const LIST: ListSpec = {
  orderBy: { id: tags.id, title: tags.title, type: tags.type, status: tags.status, createdAt: tags.createdAt },
  defaultOrder: 'id:desc',
  statuses: TAG_STATUSES,
};
const DUPLICATE = 'A tag of this type with this title already exists';

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
const key = (type: string, title: string) => `${type}\u0000${title.toLowerCase()}`;

function toTag(row: { tag: TagRow; author: { id: number; firstName: string; lastName: string; email: string } | null }) {
  const { tag } = row;
  return {
    id: tag.id,
    title: tag.title,
    type: tag.type as TagType,
    status: tag.status as 'active',
    createdAt: toSeconds(tag.createdAt)!,
    createdBy: row.author,
  };
}

/** Look-ups for pickers are open to every staff member (affiliates and advertisers never see tags). */
function requireStaff(ctx: Ctx) {
  const actor = requireActor(ctx);
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden();
  return actor;
}

const selectTags = (ctx: Ctx) => ctx.db.select({ tag: tags, author }).from(tags).leftJoin(users, eq(users.id, tags.createdBy));

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(tags.status, p.statuses) : undefined,
    q.type?.length ? inArray(tags.type, q.type) : undefined,
    p.search ? ilike(tags.title, contains(p.search)) : undefined,
  );
  const rows = await selectTags(ctx).where(where).orderBy(p.order, asc(tags.id)).limit(p.limit).offset(p.offset);
  const items = rows.map(toTag);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(tags).where(where);
  return { items, meta: { totalCount: n } };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await selectTags(ctx).where(eq(tags.id, id)).limit(1);
  if (!row) throw AppError.notFound('Tag');
  return toTag(row);
}

/** Active tags of one entity type matching a search, or the given ids whatever their status (a picker's chosen values). */
export async function lookupByType(ctx: Ctx, type: TagType, q: LookupQuery) {
  requireStaff(ctx);
  const where: SQL[] = [eq(tags.type, type)];
  if (q.ids?.length) where.push(inArray(tags.id, q.ids));
  else where.push(eq(tags.status, 'active'));
  if (q.search) where.push(ilike(tags.title, contains(q.search)));
  const items = await ctx.db
    .select({ id: tags.id, title: tags.title, type: tags.type, status: tags.status })
    .from(tags)
    .where(and(...where))
    .orderBy(asc(sql`lower(${tags.title})`), asc(tags.id))
    .limit(q.ids?.length ? Math.max(q.ids.length, q.limit) : q.limit);
  return { items: items.map((t) => ({ ...t, type: t.type as TagType, status: t.status as 'active' })) };
}

/**
 * Field errors for titles already taken within their type: by another row, or by an earlier item of the same
 * request. An item that edits a row carries its `id`, so a row never conflicts with itself.
 */
async function duplicateErrors(ctx: Ctx, wanted: { type: string; title: string; id?: number }[]): Promise<ApiErrorItem[]> {
  if (!wanted.length) return [];
  const existing = await ctx.db
    .select({ id: tags.id, type: tags.type, title: tags.title })
    .from(tags)
    .where(inArray(sql`lower(${tags.title})`, [...new Set(wanted.map((w) => w.title.toLowerCase()))]));
  const taken = new Map(existing.map((r) => [key(r.type, r.title), r.id]));
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  wanted.forEach((w, i) => {
    const k = key(w.type, w.title);
    const owner = taken.get(k);
    if ((owner !== undefined && owner !== w.id) || seen.has(k))
      errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, 'title'] });
    seen.add(k);
  });
  return errors;
}

/** Runs one row's write; a unique violation (a concurrent write won the race) becomes the field error. */
async function uniqueGuard<T>(index: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(['body', 'items', index, 'title'], 'unique', DUPLICATE);
    throw err;
  }
}

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const errors = await duplicateErrors(ctx, items);
  if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = await uniqueGuard(i, () =>
        tx
          .insert(tags)
          .values({ title: item.title, type: item.type, status: item.status, createdBy: actor.id, createdAt: ctx.now() })
          .returning(),
      );
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((item, i) => ({
        entity: 'tag',
        entityId: created[i],
        action: 'create',
        changes: { title: item.title, type: item.type, status: item.status },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateInput[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<TagRow>(
      c,
      tags,
      tags.id,
      items.map((x) => x.id),
      'Tag',
    );
    const wanted = items.map((x) => {
      const row = current.get(x.id)!;
      return { id: x.id, type: x.type ?? row.type, title: x.title ?? row.title };
    });
    const errors = await duplicateErrors(c, wanted);
    if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
    const audits: AuditEntry[] = [];
    for (const [i, item] of items.entries()) {
      const { id, ...patch } = item;
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await uniqueGuard(i, () => tx.update(tags).set(changes.after).where(eq(tags.id, id)));
      audits.push({ entity: 'tag', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: (typeof TAG_STATUSES)[number] }[]) {
  const ids = await changeStatuses(ctx, { table: tags, idColumn: tags.id, entity: 'tag', what: 'Tag' }, items);
  return byIds(ctx, ids);
}

/** Deletes the tags outright, in use or not: the join tables that link tags to entities cascade on delete. */
export async function remove(ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(tags).where(inArray(tags.id, unique)).returning();
    if (deleted.length !== unique.length) throw AppError.notFound('Tag');
    await recordAudits(
      { ...ctx, db: tx },
      deleted.map((t) => ({
        entity: 'tag',
        entityId: t.id,
        action: 'delete',
        changes: { title: t.title, type: t.type, status: t.status },
      })),
    );
    return unique;
  });
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await selectTags(ctx).where(inArray(tags.id, unique))).map((r) => toTag(r)));
}
