/**
 * Hold-queue rules: list, get, create, edit and status change. A rule points to an active geo; its window
 * (periodStart..periodEnd in `timezone`, across midnight when the end is earlier) and release pace (`interval`,
 * `fresh`, `old`) are read by the traffic engine through isInHoldWindow / nextRelease of packages/shared.
 */
import {
  HOLD_STATUSES,
  holdRangeError,
  type ApiErrorItem,
  type HoldConfig,
  type holdConfigCreate,
  type holdConfigUpdate,
  type holdListQuery,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { geos, holdConfigs } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, sortedByName, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';

type HoldRow = typeof holdConfigs.$inferSelect;
type ListInput = z.infer<typeof holdListQuery>;
type CreateInput = z.infer<typeof holdConfigCreate>;
type UpdateInput = z.infer<typeof holdConfigUpdate>;
type Status = (typeof HOLD_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: {
    ...sortedByName(holdConfigs, 'id', 'periodStart', 'periodEnd', 'timezone', 'fresh', 'old', 'status', 'createdAt'),
    geo: sql`lower(${geos.title})`,
    interval: holdConfigs.intervalMinutes,
  },
  defaultOrder: 'id:desc',
  statuses: HOLD_STATUSES,
};
const NO_GEO = 'The geo does not exist or is not active';

function toHold(row: { hold: HoldRow; geo: { id: number; title: string } }): HoldConfig {
  const { hold } = row;
  return {
    id: hold.id,
    geo: row.geo,
    periodStart: hold.periodStart,
    periodEnd: hold.periodEnd,
    timezone: hold.timezone,
    interval: hold.intervalMinutes,
    fresh: hold.fresh,
    old: hold.old,
    status: hold.status as Status,
    createdAt: toSeconds(hold.createdAt)!,
    createdBy: hold.createdBy,
  };
}

const selectHolds = (ctx: Ctx) =>
  ctx.db
    .select({ hold: holdConfigs, geo: { id: geos.id, title: geos.title } })
    .from(holdConfigs)
    .innerJoin(geos, eq(geos.id, holdConfigs.geoId));

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(holdConfigs.status, p.statuses) : undefined,
    q.geoId ? eq(holdConfigs.geoId, q.geoId) : undefined,
    p.search ? ilike(geos.title, contains(p.search)) : undefined,
  );
  const rows = await selectHolds(ctx).where(where).orderBy(p.order, asc(holdConfigs.id)).limit(p.limit).offset(p.offset);
  const items = rows.map(toHold);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(holdConfigs).innerJoin(geos, eq(geos.id, holdConfigs.geoId)).where(where);
  return { items, meta: { totalCount: n } };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await selectHolds(ctx).where(eq(holdConfigs.id, id)).limit(1);
  if (!row) throw AppError.notFound('Hold-queue rule');
  return toHold(row);
}

/**
 * The active geos among `ids`, share-locked until the transaction ends so that a concurrent geo delete (which
 * takes an update lock) waits for this write and then sees the rule that uses the geo.
 */
async function lockActiveGeos(ctx: Ctx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: geos.id })
    .from(geos)
    .where(and(inArray(geos.id, [...new Set(ids)]), eq(geos.status, 'active')))
    .orderBy(asc(geos.id))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const active = await lockActiveGeos(
      c,
      items.map((x) => x.geoId),
    );
    const errors: ApiErrorItem[] = items.flatMap((x, i) =>
      active.has(x.geoId) ? [] : [{ msg: NO_GEO, type: 'notFound', loc: ['body', 'items', i, 'geoId'] }],
    );
    if (errors.length) throw new AppError('VALIDATION', NO_GEO, errors);
    const rows = await tx
      .insert(holdConfigs)
      .values(
        items.map((x) => ({
          geoId: x.geoId,
          periodStart: x.periodStart,
          periodEnd: x.periodEnd,
          timezone: x.timezone,
          intervalMinutes: x.interval,
          fresh: x.fresh,
          old: x.old,
          status: x.status,
          createdBy: actor.id,
          createdAt: ctx.now(),
        })),
      )
      .returning({ id: holdConfigs.id });
    await recordAudits(
      c,
      items.map((x, i) => ({ entity: 'hold_config', entityId: rows[i].id, action: 'create', changes: { ...x } })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateInput[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<HoldRow>(
      c,
      holdConfigs,
      holdConfigs.id,
      items.map((x) => x.id),
      'Hold-queue rule',
      { ordered: true },
    );
    const newGeos = items.filter((x) => x.geoId !== undefined && x.geoId !== current.get(x.id)!.geoId).map((x) => x.geoId!);
    const active = await lockActiveGeos(c, newGeos);
    const errors: ApiErrorItem[] = [];
    items.forEach((x, i) => {
      const row = current.get(x.id)!;
      if (x.geoId !== undefined && x.geoId !== row.geoId && !active.has(x.geoId))
        errors.push({ msg: NO_GEO, type: 'notFound', loc: ['body', 'items', i, 'geoId'] });
      // one end sent: the range is checked with the stored other end
      const range = holdRangeError(x.periodStart ?? row.periodStart, x.periodEnd ?? row.periodEnd);
      if (range) {
        const field = range === 'startTime' || x.periodEnd === undefined ? 'periodStart' : 'periodEnd';
        errors.push({ msg: range, type: range, loc: ['body', 'items', i, field] });
      }
    });
    if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
    const audits: AuditEntry[] = [];
    for (const x of items) {
      const patch: Partial<HoldRow> = {
        geoId: x.geoId,
        periodStart: x.periodStart,
        periodEnd: x.periodEnd,
        timezone: x.timezone,
        intervalMinutes: x.interval,
        fresh: x.fresh,
        old: x.old,
      };
      const changes = diffFields(current.get(x.id)!, patch);
      if (!changes) continue;
      await tx.update(holdConfigs).set(changes.after).where(eq(holdConfigs.id, x.id));
      audits.push({ entity: 'hold_config', entityId: x.id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** active <-> inactive; a rule can only be activated while its geo is active. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses<HoldRow, Status>(
    ctx,
    {
      table: holdConfigs,
      idColumn: holdConfigs.id,
      entity: 'hold_config',
      what: 'Hold-queue rule',
      ordered: true,
      check: async (c, current) => {
        const activating = items.filter((x) => x.status === 'active' && current.get(x.id)!.status !== 'active');
        const active = await lockActiveGeos(
          c,
          activating.map((x) => current.get(x.id)!.geoId),
        );
        if (activating.some((x) => !active.has(current.get(x.id)!.geoId))) {
          throw AppError.business('A hold-queue rule can only be activated while its geo is active');
        }
      },
    },
    items,
  );
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await selectHolds(ctx).where(inArray(holdConfigs.id, unique))).map((r) => toHold(r)));
}
