/**
 * Clicks (product §7 clicks): the valid and invalid lists, one click, the dependent filters and the staff edit.
 *
 * Scope: `click.read` every click; `click.assigned.read` the clicks of the affiliates the employee manages
 * (`user_managers`); `click.own.read` (affiliates) their own, without the target URL or the team. A click outside the
 * reader's reach is a 404.
 *
 * The table is the largest one: every list and filter query is bound by a creation period (default today in the
 * reader's zone, at most CLICK_MAX_RANGE_DAYS days) so it runs on `clicks_created_idx` or, for a scoped reader or an
 * affiliate/offer/campaign filter, on the matching (x, created_at) index; the total is counted up to CLICK_COUNT_LIMIT
 * rows and paging stops at CLICK_MAX_OFFSET.
 */
import {
  CLICK_COUNT_LIMIT,
  CLICK_MAX_OFFSET,
  CLICK_MAX_RANGE_DAYS,
  CLICK_SUBS,
  CLICK_TABS,
  DAY_MS,
  STAFF_ROLE_TYPES,
  zoneName,
  type ApiErrorItem,
  type Click,
  type ClickFilterOption,
  type ClickFilterSlug,
  type ClickListFilters,
  type ClickTab,
  type ClickUpdateItem,
  type clickFiltersQuery,
} from '@leadgrid/shared';
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { campaigns, clicks, landers, offers, trafficSources, userManagers, users } from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { recordAudits } from '../../../lib/audit';
import { contains } from '../../../lib/search';
import { reloadByIds } from '../../../lib/rows';
import { clickIdIs, clickIdsIn } from './click-lookup';

const LIST: ListSpec = {
  orderBy: { createdAt: clicks.createdAt },
  defaultOrder: 'createdAt:desc',
};

const isStaff = (actor: Actor) => STAFF_ROLE_TYPES.includes(actor.roleType);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The condition keeping the clicks the actor may read. A manager's affiliates are read first and given as a list:
 * with a sub-select the planner walks the whole period on `clicks_created_idx` and filters row by row (0.5 s over 90k
 * rows for a manager with no clicks); with the ids it estimates the share and can take `clicks_affiliate_created_idx`.
 */
async function clickScope(ctx: Ctx, actor: Actor): Promise<SQL | undefined> {
  if (isStaff(actor)) {
    if (hasPermission(actor, 'click.read')) return undefined;
    if (hasPermission(actor, 'click.assigned.read')) {
      const managed = await ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id));
      return managed.length
        ? inArray(
            clicks.affiliateId,
            managed.map((m) => m.id),
          )
        : sql`false`;
    }
    return sql`false`;
  }
  if (actor.roleType === 'affiliate' && hasPermission(actor, 'click.own.read')) return eq(clicks.affiliateId, actor.id);
  return sql`false`;
}

type Filters = Omit<ClickListFilters, 'limit' | 'offset' | 'orderBy' | 'with' | 'withMeta' | 'fields' | 'status' | 'search'>;

/** the creation period of a query: [from, to), today in the zone by default, at most CLICK_MAX_RANGE_DAYS days */
export function periodOf(ctx: Ctx, actor: Actor, q: Pick<Filters, 'from' | 'to' | 'timezone'>): { from: Date; to: Date } {
  const zone = zoneName(q.timezone || actor.timezone);
  const today = DateTime.fromJSDate(ctx.now(), { zone }).startOf('day');
  const to = q.to !== undefined ? new Date(q.to * 1000) : today.plus({ days: 1 }).toJSDate();
  // an end alone reads the day before it
  const from = q.from !== undefined ? new Date(q.from * 1000) : q.to !== undefined ? new Date(to.getTime() - DAY_MS) : today.toJSDate();
  if (to.getTime() <= from.getTime()) throw AppError.field(['querystring', 'to'], 'min', 'The end of the period must be after its start');
  if (to.getTime() - from.getTime() > CLICK_MAX_RANGE_DAYS * DAY_MS)
    throw AppError.field(['querystring', 'from'], 'minMax', `The period may span at most ${CLICK_MAX_RANGE_DAYS} days`);
  return { from, to };
}

type FilterKey =
  'offerId' | 'affiliateId' | 'campaignId' | 'landerId' | 'trafficSourceId' | 'country' | 'deviceType' | 'os' | 'browser' | 'invalidReason';

/** the WHERE of a click query: scope, period, status, then each given filter except `skip` */
function clickWhere(
  ctx: Ctx,
  actor: Actor,
  scope: SQL | undefined,
  q: Filters,
  status: number | undefined,
  skip?: FilterKey,
): SQL | undefined {
  const { from, to } = periodOf(ctx, actor, q);
  const use = <T>(key: FilterKey, values: T[] | undefined): values is T[] => key !== skip && !!values?.length;
  const subs = CLICK_SUBS.map((s) => (q[s] ? eq(clicks[s], q[s]) : undefined));
  return and(
    scope,
    gte(clicks.createdAt, from),
    lt(clicks.createdAt, to),
    status !== undefined ? eq(clicks.status, status) : undefined,
    use('offerId', q.offerId) ? inArray(clicks.offerId, q.offerId) : undefined,
    use('affiliateId', q.affiliateId) ? inArray(clicks.affiliateId, q.affiliateId) : undefined,
    use('campaignId', q.campaignId) ? inArray(clicks.campaignId, q.campaignId) : undefined,
    use('landerId', q.landerId) ? inArray(clicks.landerId, q.landerId) : undefined,
    use('trafficSourceId', q.trafficSourceId) ? inArray(clicks.trafficSourceId, q.trafficSourceId) : undefined,
    use('country', q.country) ? inArray(clicks.country, q.country) : undefined,
    use('deviceType', q.deviceType) ? inArray(clicks.deviceType, q.deviceType) : undefined,
    use('os', q.os) ? inArray(clicks.os, q.os) : undefined,
    use('browser', q.browser) ? inArray(clicks.browser, q.browser) : undefined,
    use('invalidReason', q.invalidReason) ? inArray(clicks.invalidReason, q.invalidReason) : undefined,
    q.unique !== undefined ? eq(clicks.isUnique, q.unique) : undefined,
    q.bot !== undefined ? eq(clicks.isBot, q.bot) : undefined,
    q.ip ? eq(clicks.ip, q.ip) : undefined,
    q.clickId ? clickIdIs(q.clickId) : undefined,
    ...subs,
  );
}

const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const selection = {
  click: clicks,
  campaignTitle: campaigns.title,
  offerTitle: offers.title,
  affiliateName: personName,
  landerTitle: landers.title,
  trafficSourceTitle: trafficSources.title,
};

function selectClicks(ctx: Ctx) {
  return joinTitles(ctx.db.select(selection).from(clicks).$dynamic());
}

function joinTitles<Q extends PgSelect>(qb: Q) {
  return qb
    .leftJoin(campaigns, eq(campaigns.id, clicks.campaignId))
    .leftJoin(offers, eq(offers.id, clicks.offerId))
    .leftJoin(users, eq(users.id, clicks.affiliateId))
    .leftJoin(landers, eq(landers.id, clicks.landerId))
    .leftJoin(trafficSources, eq(trafficSources.id, clicks.trafficSourceId));
}

type Joined = {
  click: typeof clicks.$inferSelect;
  campaignTitle: string | null;
  offerTitle: string | null;
  affiliateName: string | null;
  landerTitle: string | null;
  trafficSourceTitle: string | null;
};

function toView(r: Joined, staff: boolean): Click {
  const c = r.click;
  const view: Click = {
    id: c.id,
    createdAt: toSeconds(c.createdAt)!,
    status: c.status,
    invalidReason: c.invalidReason,
    isUnique: c.isUnique,
    isBot: c.isBot,
    isTest: c.isTest,
    campaignId: c.campaignId,
    campaignTitle: r.campaignTitle,
    offerId: c.offerId,
    offerTitle: r.offerTitle,
    affiliateId: c.affiliateId,
    affiliateName: r.affiliateName,
    landerId: c.landerId,
    landerTitle: r.landerTitle,
    trafficSourceId: c.trafficSourceId,
    trafficSourceTitle: r.trafficSourceTitle,
    country: c.country,
    language: c.language,
    ip: c.ip,
    userAgent: c.userAgent,
    referrer: c.referrer,
    browser: c.browser,
    browserVersion: c.browserVersion,
    os: c.os,
    osVersion: c.osVersion,
    deviceType: c.deviceType,
    deviceBrand: c.deviceBrand,
    deviceModel: c.deviceModel,
    sub1: c.sub1,
    sub2: c.sub2,
    sub3: c.sub3,
    sub4: c.sub4,
    sub5: c.sub5,
    sub6: c.sub6,
    sub7: c.sub7,
    sub8: c.sub8,
    sub9: c.sub9,
    params: c.params ?? null,
  };
  return staff ? { ...view, targetUrl: c.targetUrl, teamId: c.teamId } : view;
}

/** the WHERE of a list: scope, period, tab, filters and the search box (a click id or an IP address) */
async function listWhere(ctx: Ctx, actor: Actor, tab: ClickTab, q: ClickListFilters, search: string | undefined) {
  const found = search ? (UUID.test(search) ? clickIdIs(search) : eq(clicks.ip, search)) : undefined;
  return and(clickWhere(ctx, actor, await clickScope(ctx, actor), q, CLICK_TABS[tab]), found);
}

export async function list(ctx: Ctx, tab: ClickTab, q: ClickListFilters) {
  const actor = requireActor(ctx);
  const p = parseList(q, LIST);
  if (p.offset > CLICK_MAX_OFFSET)
    throw AppError.field(['querystring', 'offset'], 'noMore', `Clicks are paged up to offset ${CLICK_MAX_OFFSET}: narrow the filters`);
  const where = await listWhere(ctx, actor, tab, q, p.search);
  const rows = await selectClicks(ctx).where(where).orderBy(p.order, desc(clicks.id)).limit(p.limit).offset(p.offset);
  const items = rows.map((r) => toView(r, isStaff(actor)));
  if (!p.withMeta) return { items };
  const bounded = ctx.db
    .select({ one: sql`1` })
    .from(clicks)
    .where(where)
    .limit(CLICK_COUNT_LIMIT + 1)
    .as('bounded');
  const [{ n }] = await ctx.db.select({ n: count() }).from(bounded);
  return { items, meta: { totalCount: Math.min(n, CLICK_COUNT_LIMIT), totalCapped: n > CLICK_COUNT_LIMIT } };
}

/** The number of clicks an export of the list (clicks-export.ts) writes: the list's rows, uncapped. */
export async function exportCount(ctx: Ctx, tab: ClickTab, q: ClickListFilters): Promise<number> {
  const actor = requireActor(ctx);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(clicks)
    .where(await listWhere(ctx, actor, tab, q, q.search || undefined));
  return n;
}

/**
 * One page of an export: the list's rows newest first (created_at, id descending), read by key from `cursor` (the
 * creation time as PostgreSQL writes it, to the microsecond, and the id of the last row read) instead of an offset.
 */
export async function exportPage(
  ctx: Ctx,
  tab: ClickTab,
  q: ClickListFilters,
  cursor: string | null,
  size: number,
): Promise<{ items: Click[]; cursor: string | null }> {
  const actor = requireActor(ctx);
  const at = cursor === null ? -1 : cursor.lastIndexOf('|');
  const after =
    at > 0 ? sql`(${clicks.createdAt}, ${clicks.id}) < (${cursor!.slice(0, at)}::timestamptz, ${cursor!.slice(at + 1)}::uuid)` : undefined;
  const rows = await joinTitles(
    ctx.db
      .select({ ...selection, key: sql<string>`${clicks.createdAt}::text` })
      .from(clicks)
      .$dynamic(),
  )
    .where(and(await listWhere(ctx, actor, tab, q, q.search || undefined), after))
    .orderBy(desc(clicks.createdAt), desc(clicks.id))
    .limit(size);
  const last = rows[rows.length - 1];
  return {
    items: rows.map((r) => toView(r, isStaff(actor))),
    cursor: rows.length === size && last ? `${last.key}|${last.click.id}` : null,
  };
}

/** One click by id; 404 when it is missing (or not written yet) or outside the reader's reach. */
export async function get(ctx: Ctx, id: string): Promise<Click> {
  const actor = requireActor(ctx);
  const [row] = await selectClicks(ctx).where(and(clickIdIs(id), await clickScope(ctx, actor)));
  if (!row) throw AppError.notFound('Click');
  return toView(row, isStaff(actor));
}

interface SlugSpec {
  key: FilterKey;
  column: PgColumn;
  /** the entity whose title labels the value */
  entity?: { id: PgColumn; label: SQL | PgColumn; table: PgTable };
}

const SLUGS: Record<ClickFilterSlug, SlugSpec> = {
  offer: { key: 'offerId', column: clicks.offerId, entity: { id: offers.id, label: offers.title, table: offers } },
  affiliate: { key: 'affiliateId', column: clicks.affiliateId, entity: { id: users.id, label: personName, table: users } },
  campaign: { key: 'campaignId', column: clicks.campaignId, entity: { id: campaigns.id, label: campaigns.title, table: campaigns } },
  lander: { key: 'landerId', column: clicks.landerId, entity: { id: landers.id, label: landers.title, table: landers } },
  trafficSource: {
    key: 'trafficSourceId',
    column: clicks.trafficSourceId,
    entity: { id: trafficSources.id, label: trafficSources.title, table: trafficSources },
  },
  country: { key: 'country', column: clicks.country },
  deviceType: { key: 'deviceType', column: clicks.deviceType },
  os: { key: 'os', column: clicks.os },
  browser: { key: 'browser', column: clicks.browser },
  invalidReason: { key: 'invalidReason', column: clicks.invalidReason },
};

/**
 * The values of one filter present in the reader's clicks of the period (the other filters applied, its own left out),
 * the most frequent first, searched by `query` in the label (or the id of an entity).
 */
export async function filters(ctx: Ctx, q: z.infer<typeof clickFiltersQuery>): Promise<{ items: ClickFilterOption[] }> {
  const actor = requireActor(ctx);
  const spec = SLUGS[q.slug];
  const status = q.status ? CLICK_TABS[q.status] : undefined;
  const where = clickWhere(ctx, actor, await clickScope(ctx, actor), q, status, spec.key);
  const n = sql<number>`count(*)::int`;
  const like = q.query ? contains(q.query) : undefined;
  if (spec.entity) {
    const e = spec.entity;
    const rows = await ctx.db
      .select({ value: spec.column, label: sql<string>`${e.label}`.as('label'), count: n })
      .from(clicks)
      .innerJoin(e.table, eq(e.id, spec.column))
      .where(and(where, like ? or(sql`${e.label} ilike ${like}`, sql`${e.id}::text = ${q.query}`) : undefined))
      .groupBy(spec.column, e.label)
      .orderBy(desc(n), sql`label`)
      .limit(q.limit);
    return { items: rows.map((r) => ({ value: Number(r.value), label: r.label, count: r.count })) };
  }
  const rows = await ctx.db
    .select({ value: spec.column, count: n })
    .from(clicks)
    .where(and(where, sql`${spec.column} is not null`, like ? sql`${spec.column} ilike ${like}` : undefined))
    .groupBy(spec.column)
    .orderBy(desc(n), spec.column)
    .limit(q.limit);
  return { items: rows.map((r) => ({ value: String(r.value), label: String(r.value), count: r.count })) };
}

const at = (i: number, field: string) => ['body', 'items', i, field];

/**
 * Staff edit (`click.update`): the status (valid clears the reason; invalid needs one) and the subs, all items or none.
 * Only clicks in the editor's read scope can be edited; the others are a 404 naming them.
 */
export async function update(ctx: Ctx, items: ClickUpdateItem[]): Promise<{ items: Click[] }> {
  const actor = requireActor(ctx);
  const ids = items.map((x) => x.id);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw AppError.field(at(dup, 'id'), 'unique', 'A click is given twice');
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await tx
      .select()
      .from(clicks)
      .where(and(clickIdsIn(ids), await clickScope(c, actor)))
      .for('update');
    const byId = new Map(current.map((r) => [r.id, r]));
    const missing: ApiErrorItem[] = items.flatMap((x, i) =>
      byId.has(x.id) ? [] : [{ msg: `Click ${x.id} not found`, type: 'not_found', loc: at(i, 'id') }],
    );
    if (missing.length) throw new AppError('NOT_FOUND', missing.length === 1 ? missing[0].msg : 'Clicks not found', missing);
    const audits = [];
    for (const x of items) {
      const row = byId.get(x.id)!;
      const set: Partial<typeof clicks.$inferInsert> = {};
      if (x.status === 1) Object.assign(set, { status: 1, invalidReason: null });
      if (x.status === 2) Object.assign(set, { status: 2, invalidReason: x.invalidReason });
      for (const s of CLICK_SUBS) if (x[s] !== undefined) set[s] = x[s] || null;
      const changed = Object.keys(set).filter((k) => set[k as keyof typeof set] !== row[k as keyof typeof row]);
      if (!changed.length) continue;
      await tx.update(clicks).set(set).where(clickIdIs(x.id));
      audits.push({
        entity: 'click',
        entityId: null,
        action: 'update',
        changes: {
          id: x.id,
          before: Object.fromEntries(changed.map((k) => [k, row[k as keyof typeof row]])),
          after: Object.fromEntries(changed.map((k) => [k, set[k as keyof typeof set]])),
        },
      });
    }
    await recordAudits(c, audits);
  });
  return {
    items: await reloadByIds(ids, async (unique) => (await selectClicks(ctx).where(clickIdsIn(unique))).map((r) => toView(r, true)), {
      repeated: true,
    }),
  };
}
