/** Traffic sources: the settings list, the active list for pickers and the layout, create, edit and status change. */
import {
  TRAFFIC_SOURCE_STATUSES,
  type ApiErrorItem,
  type LookupQuery,
  type trafficSourceCreate,
  type trafficSourceListQuery,
  type trafficSourceUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { trafficSources } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';

type Row = typeof trafficSources.$inferSelect;
type Status = (typeof TRAFFIC_SOURCE_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: { id: trafficSources.id, title: trafficSources.title, status: trafficSources.status, createdAt: trafficSources.createdAt },
  defaultOrder: 'id:desc',
  statuses: TRAFFIC_SOURCE_STATUSES,
};
const DUPLICATE = 'A traffic source with this title already exists';

const toSource = (r: Row) => ({ id: r.id, title: r.title, status: r.status as Status, createdAt: toSeconds(r.createdAt)! });

export async function list(ctx: Ctx, q: z.infer<typeof trafficSourceListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(trafficSources.status, p.statuses) : undefined,
    p.search ? ilike(trafficSources.title, contains(p.search)) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(trafficSources)
    .where(where)
    .orderBy(p.order, asc(trafficSources.id))
    .limit(p.limit)
    .offset(p.offset);
  const items = rows.map(toSource);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(trafficSources).where(where);
  return { items, meta: { totalCount: n } };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(trafficSources).where(eq(trafficSources.id, id)).limit(1);
  if (!row) throw AppError.notFound('Traffic source');
  return toSource(row);
}

/** Active sources by title (pickers, sieves, the layout's look-up), or the given ids whatever their status. */
export async function active(ctx: Ctx, q: LookupQuery) {
  const where: SQL[] = [q.ids?.length ? inArray(trafficSources.id, q.ids) : eq(trafficSources.status, 'active')];
  if (q.search) where.push(ilike(trafficSources.title, contains(q.search)));
  const rows = await ctx.db
    .select({ id: trafficSources.id, title: trafficSources.title, status: trafficSources.status })
    .from(trafficSources)
    .where(and(...where))
    .orderBy(asc(sql`lower(${trafficSources.title})`), asc(trafficSources.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

/** Field errors for titles already taken by another row, or by an earlier item of the same request. */
async function duplicateErrors(ctx: Ctx, wanted: { title: string; id?: number }[]): Promise<ApiErrorItem[]> {
  const lower = [...new Set(wanted.map((w) => w.title.toLowerCase()))];
  const existing = await ctx.db
    .select({ id: trafficSources.id, title: trafficSources.title })
    .from(trafficSources)
    .where(inArray(sql`lower(${trafficSources.title})`, lower));
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

export async function create(ctx: Ctx, items: z.infer<typeof trafficSourceCreate>[]) {
  const errors = await duplicateErrors(ctx, items);
  if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = await uniqueGuard(i, () =>
        tx.insert(trafficSources).values({ title: item.title, status: item.status, createdAt: ctx.now() }).returning(),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((item, i) => ({
        entity: 'traffic_source',
        entityId: created[i],
        action: 'create',
        changes: { title: item.title, status: item.status },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: z.infer<typeof trafficSourceUpdate>[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      trafficSources,
      trafficSources.id,
      items.map((x) => x.id),
      'Traffic source',
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
      await uniqueGuard(i, () => tx.update(trafficSources).set(changes.after).where(eq(trafficSources.id, id)));
      audits.push({ entity: 'traffic_source', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(
    ctx,
    { table: trafficSources, idColumn: trafficSources.id, entity: 'traffic_source', what: 'Traffic source' },
    items,
  );
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) =>
    (await ctx.db.select().from(trafficSources).where(inArray(trafficSources.id, unique))).map((r) => toSource(r)),
  );
}
