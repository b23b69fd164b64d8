/** Offer categories: the settings list, the active list for pickers, create, edit and status change. */
import {
  CATEGORY_STATUSES,
  type ApiErrorItem,
  type LookupQuery,
  type categoryCreate,
  type categoryListQuery,
  type categoryUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { categories, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';

type CategoryRow = typeof categories.$inferSelect;
type Status = (typeof CATEGORY_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: { id: categories.id, title: categories.title, status: categories.status, createdAt: categories.createdAt },
  defaultOrder: 'id:desc',
  statuses: CATEGORY_STATUSES,
};
const DUPLICATE = 'A category with this title already exists';

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

function toCategory(row: { category: CategoryRow; author: { id: number; firstName: string; lastName: string; email: string } | null }) {
  const { category: c } = row;
  return { id: c.id, title: c.title, status: c.status as Status, createdAt: toSeconds(c.createdAt)!, createdBy: row.author };
}

const selectCategories = (ctx: Ctx) =>
  ctx.db.select({ category: categories, author }).from(categories).leftJoin(users, eq(users.id, categories.createdBy));

export async function list(ctx: Ctx, q: z.infer<typeof categoryListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(categories.status, p.statuses) : undefined,
    p.search ? ilike(categories.title, contains(p.search)) : undefined,
  );
  const rows = await selectCategories(ctx).where(where).orderBy(p.order, asc(categories.id)).limit(p.limit).offset(p.offset);
  const items = rows.map(toCategory);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(categories).where(where);
  return { items, meta: { totalCount: n } };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await selectCategories(ctx).where(eq(categories.id, id)).limit(1);
  if (!row) throw AppError.notFound('Category');
  return toCategory(row);
}

/** Active categories by title (pickers, offer filters), or the given ids whatever their status (a picker's chosen values). */
export async function active(ctx: Ctx, q: LookupQuery) {
  const where: SQL[] = [q.ids?.length ? inArray(categories.id, q.ids) : eq(categories.status, 'active')];
  if (q.search) where.push(ilike(categories.title, contains(q.search)));
  const rows = await ctx.db
    .select({ id: categories.id, title: categories.title, status: categories.status })
    .from(categories)
    .where(and(...where))
    .orderBy(asc(sql`lower(${categories.title})`), asc(categories.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

/** Field errors for titles already taken by another row, or by an earlier item of the same request. */
async function duplicateErrors(ctx: Ctx, wanted: { title: string; id?: number }[]): Promise<ApiErrorItem[]> {
  const lower = [...new Set(wanted.map((w) => w.title.toLowerCase()))];
  const existing = await ctx.db
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(inArray(sql`lower(${categories.title})`, lower));
  const taken = new Map(existing.map((r) => [r.title.toLowerCase(), r.id]));
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  wanted.forEach((w, i) => {
    const k = w.title.toLowerCase();
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

export async function create(ctx: Ctx, items: z.infer<typeof categoryCreate>[]) {
  const actor = requireActor(ctx);
  const errors = await duplicateErrors(ctx, items);
  if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = await uniqueGuard(i, () =>
        tx.insert(categories).values({ title: item.title, status: item.status, createdBy: actor.id, createdAt: ctx.now() }).returning(),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((item, i) => ({
        entity: 'category',
        entityId: created[i],
        action: 'create',
        changes: { title: item.title, status: item.status },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: z.infer<typeof categoryUpdate>[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<CategoryRow>(
      c,
      categories,
      categories.id,
      items.map((x) => x.id),
      'Category',
    );
    const errors = await duplicateErrors(
      c,
      items.map((x) => ({ id: x.id, title: x.title ?? current.get(x.id)!.title })),
    );
    if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
    const audits: AuditEntry[] = [];
    for (const [i, { id, ...patch }] of items.entries()) {
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await uniqueGuard(i, () => tx.update(categories).set(changes.after).where(eq(categories.id, id)));
      audits.push({ entity: 'category', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(ctx, { table: categories, idColumn: categories.id, entity: 'category', what: 'Category' }, items);
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await selectCategories(ctx).where(inArray(categories.id, unique))).map((r) => toCategory(r)));
}
