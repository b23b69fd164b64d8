/** Traffic sources: the settings list, the active list for pickers and the layout, create, edit and status change. */
import {
  TRAFFIC_SOURCE_STATUSES,
  type LookupQuery,
  type trafficSourceCreate,
  type trafficSourceListQuery,
  type trafficSourceUpdate,
} from '@leadgrid/shared';
import { and, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { trafficSources } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { changeStatuses, reloadByIds } from '../../../lib/rows';
import { activeRows, listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';

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
  return listPage(ctx, p, {
    table: trafficSources,
    idColumn: trafficSources.id,
    where,
    query: ctx.db.select().from(trafficSources).$dynamic(),
    map: toSource,
  });
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(trafficSources).where(eq(trafficSources.id, id)).limit(1);
  if (!row) throw AppError.notFound('Traffic source');
  return toSource(row);
}

/** Active sources by title (pickers, sieves, the layout's look-up), or the given ids whatever their status. */
export async function active(ctx: Ctx, q: LookupQuery) {
  const rows = await activeRows<Row>(
    ctx,
    { table: trafficSources, idColumn: trafficSources.id, title: trafficSources.title, status: trafficSources.status },
    q,
  );
  return { items: rows.map((r) => ({ id: r.id, title: r.title, status: r.status as Status })) };
}

const UNIQUE: UniqueSpec = {
  table: trafficSources,
  idColumn: trafficSources.id,
  column: trafficSources.title,
  field: 'title',
  message: DUPLICATE,
};

export async function create(ctx: Ctx, items: z.infer<typeof trafficSourceCreate>[]) {
  const ids = await createUnique(
    ctx,
    UNIQUE,
    {
      entity: 'traffic_source',
      values: (item) => ({ title: item.title, status: item.status, createdAt: ctx.now() }),
      changes: (item) => ({ title: item.title, status: item.status }),
    },
    items,
  );
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: z.infer<typeof trafficSourceUpdate>[]) {
  return byIds(
    ctx,
    await updateUnique<Row, (typeof items)[number]>(ctx, UNIQUE, { entity: 'traffic_source', what: 'Traffic source' }, items),
  );
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
