/**
 * Geos: the settings list, the look-up for lead editing, create, edit and status change. Deleting a geo is the
 * status 'deleted' (product §4): final, it frees the title, and it is refused while an active hold-queue rule uses it.
 */
import {
  GEO_STATUSES,
  type ApiErrorItem,
  type Geo,
  type GeoStatus,
  type geoCreate,
  type geoListQuery,
  type geoUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { geos, holdConfigs } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';

type GeoRow = typeof geos.$inferSelect;
type ListInput = z.infer<typeof geoListQuery>;
type CreateInput = z.infer<typeof geoCreate>;
type UpdateInput = z.infer<typeof geoUpdate>;

const LIST: ListSpec = {
  orderBy: { id: geos.id, title: sql`lower(${geos.title})`, status: geos.status, createdAt: geos.createdAt },
  defaultOrder: 'title:asc',
  statuses: GEO_STATUSES,
};
const DUPLICATE = 'A geo with this title already exists';

export function toGeo(row: GeoRow): Geo {
  return {
    id: row.id,
    title: row.title,
    mappings: { countries: row.countries, aliases: row.aliases },
    status: row.status as GeoStatus,
    createdAt: toSeconds(row.createdAt)!,
    createdBy: row.createdBy,
  };
}

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(geos.status, p.statuses) : ne(geos.status, 'deleted'),
    q.country ? sql`${geos.countries} @> ${JSON.stringify([q.country])}::jsonb` : undefined,
    p.search
      ? sql`(${geos.title} ILIKE ${contains(p.search)} OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${geos.aliases}) AS a(v) WHERE a.v ILIKE ${contains(p.search)}))`
      : undefined,
  );
  const rows = await ctx.db.select().from(geos).where(where).orderBy(p.order, asc(geos.id)).limit(p.limit).offset(p.offset);
  const items = rows.map(toGeo);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(geos).where(where);
  return { items, meta: { totalCount: n } };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(geos).where(eq(geos.id, id)).limit(1);
  if (!row) throw AppError.notFound('Geo');
  return toGeo(row);
}

/** Active geos for the lead form's picker (and the traffic engine's matchGeo), ordered by title. */
export async function forLeadEditing(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: geos.id, title: geos.title })
    .from(geos)
    .where(eq(geos.status, 'active'))
    .orderBy(asc(sql`lower(${geos.title})`), asc(geos.id));
  return { items: rows };
}

/**
 * Field errors for titles already taken by another live geo, or by an earlier item of the same request. An edit
 * carries its `id`, so a geo never conflicts with itself.
 */
async function duplicateErrors(ctx: Ctx, wanted: { title: string; id?: number }[]): Promise<ApiErrorItem[]> {
  if (!wanted.length) return [];
  const lower = [...new Set(wanted.map((w) => w.title.toLowerCase()))];
  const existing = await ctx.db
    .select({ id: geos.id, title: geos.title })
    .from(geos)
    .where(and(ne(geos.status, 'deleted'), inArray(sql`lower(${geos.title})`, lower)));
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

/** Runs one row's write; a violation of `geos_title_uq` (a concurrent write won the race) becomes the field error. */
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
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = await uniqueGuard(i, () =>
        tx
          .insert(geos)
          .values({
            title: item.title,
            countries: item.mappings.countries,
            aliases: item.mappings.aliases,
            status: item.status,
            createdBy: actor.id,
            createdAt: ctx.now(),
          })
          .returning({ id: geos.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((item, i) => ({
        entity: 'geo',
        entityId: created[i],
        action: 'create',
        changes: { title: item.title, ...item.mappings, status: item.status },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateInput[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<GeoRow>(
      c,
      geos,
      geos.id,
      items.map((x) => x.id),
      'Geo',
      { ordered: true },
    );
    items.forEach((x) => {
      if (current.get(x.id)!.status === 'deleted') throw AppError.business('A deleted geo cannot be edited');
    });
    const errors = await duplicateErrors(
      c,
      items.map((x) => ({ id: x.id, title: x.title ?? current.get(x.id)!.title })),
    );
    if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
    const audits: AuditEntry[] = [];
    for (const [i, item] of items.entries()) {
      const patch: Partial<Pick<GeoRow, 'title' | 'countries' | 'aliases'>> = {
        title: item.title,
        countries: item.mappings?.countries,
        aliases: item.mappings?.aliases,
      };
      const changes = diffFields(current.get(item.id)!, patch);
      if (!changes) continue;
      await uniqueGuard(i, () => tx.update(geos).set(changes.after).where(eq(geos.id, item.id)));
      audits.push({ entity: 'geo', entityId: item.id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** active <-> inactive, or 'deleted' (final). Deleting a geo an active hold-queue rule uses is a 409. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: GeoStatus }[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<GeoRow>(
      c,
      geos,
      geos.id,
      items.map((x) => x.id),
      'Geo',
      { ordered: true },
    );
    const deleting = items.filter((x) => x.status === 'deleted' && current.get(x.id)!.status !== 'deleted').map((x) => x.id);
    if (deleting.length) {
      const used = await tx
        .selectDistinct({ geoId: holdConfigs.geoId })
        .from(holdConfigs)
        .where(and(inArray(holdConfigs.geoId, deleting), eq(holdConfigs.status, 'active')));
      if (used.length) {
        const titles = used.map((u) => `'${current.get(u.geoId)!.title}'`).join(', ');
        throw AppError.conflict(`The geo ${titles} is used by an active hold-queue rule: deactivate the rule first`);
      }
    }
    const audits: AuditEntry[] = [];
    for (const item of items) {
      const row = current.get(item.id)!;
      if (row.status === item.status) continue;
      if (row.status === 'deleted') throw AppError.business(`The geo '${row.title}' is deleted and cannot be restored`);
      await tx.update(geos).set({ status: item.status }).where(eq(geos.id, item.id));
      audits.push({
        entity: 'geo',
        entityId: item.id,
        action: item.status === 'deleted' ? 'delete' : 'change_status',
        changes: { before: { status: row.status }, after: { status: item.status } },
      });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await ctx.db.select().from(geos).where(inArray(geos.id, unique))).map((r) => toGeo(r)));
}

/** Whether a geo exists and is active (hold-queue rules may only point to such a geo). */
export async function activeGeoIds(ctx: Ctx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: geos.id })
    .from(geos)
    .where(and(inArray(geos.id, ids), eq(geos.status, 'active')));
  return new Set(rows.map((r) => r.id));
}
