/**
 * Geos: the settings list, the look-up for lead editing, create, edit and status change. Deleting a geo is the
 * status 'deleted' (product §4): final, it frees the title, and it is refused while an active hold-queue rule uses it.
 */
import { GEO_STATUSES, type Geo, type GeoStatus, type geoCreate, type geoListQuery, type geoUpdate } from '@leadgrid/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { geos, holdConfigs } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { recordAudits, type AuditEntry } from '../../../lib/audit';
import { lockById, reloadByIds } from '../../../lib/rows';
import { listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';

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
  return listPage(ctx, p, { table: geos, idColumn: geos.id, where, query: ctx.db.select().from(geos).$dynamic(), map: toGeo });
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

/** a deleted geo frees its title */
const UNIQUE: UniqueSpec = {
  table: geos,
  idColumn: geos.id,
  column: geos.title,
  field: 'title',
  holding: ne(geos.status, 'deleted'),
  message: DUPLICATE,
};

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const ids = await createUnique(
    ctx,
    UNIQUE,
    {
      entity: 'geo',
      values: (item) => ({
        title: item.title,
        countries: item.mappings.countries,
        aliases: item.mappings.aliases,
        status: item.status,
        createdBy: actor.id,
        createdAt: ctx.now(),
      }),
      changes: (item) => ({ title: item.title, ...item.mappings, status: item.status }),
    },
    items,
  );
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateInput[]) {
  const ids = await updateUnique<GeoRow, UpdateInput>(
    ctx,
    UNIQUE,
    {
      entity: 'geo',
      what: 'Geo',
      ordered: true,
      check: (current) =>
        items.forEach((x) => {
          if (current.get(x.id)!.status === 'deleted') throw AppError.business('A deleted geo cannot be edited');
        }),
      patch: (item) => ({ title: item.title, countries: item.mappings?.countries, aliases: item.mappings?.aliases }),
    },
    items,
  );
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
