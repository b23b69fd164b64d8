/**
 * Conversions: the list and its dependent filters, look-ups, status changes and edits.
 *
 * Scope: `conversion.read` every conversion; `conversion.assigned.read` the conversions of the affiliates the employee
 * manages (`user_managers`); `conversion.own.read` (affiliates) their own, hidden ones left out, without revenue,
 * profit, the advertiser, the advertiser's event id or the postback parameters. Writes need `conversion.update` (route)
 * and reach only the conversions the actor reads; a conversion out of reach is "not found".
 */
import {
  CONVERSION_MARKS,
  CONVERSION_STATUS_NAMES,
  STAFF_ROLE_TYPES,
  conversionTransitionAllowed,
  convert,
  normalizeDecimal,
  roundMoney,
  toDecimal,
  type ApiErrorItem,
  type ConversionFilterOption,
  type ConversionListFilters,
  type ConversionStatusAnswer,
  type ConversionView,
  type conversionEditBody,
  type conversionFiltersQuery,
  type conversionListQuery,
  type ConversionTotals,
  type conversionStatusBody,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  advertisers,
  campaigns,
  conversions,
  currencies,
  currencyRates,
  leads,
  offers,
  userManagers,
  users,
  verticalGoals,
} from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import type { JobQueue } from '../../../jobs/queue';
import { recordAudits, type AuditEntry } from '../../../lib/audit';
import { enqueueConversionStatusEvents } from './conversion-events';
import { baseCurrencyCode } from '../../money/currencies';
import { invoicesOfConversion } from '../../money/invoices';
import { setActor } from '../../money/ledger';
import { ilikeContains } from '../../../lib/search';
import { counted } from '../../../lib/plural';

const LIST: ListSpec = {
  orderBy: {
    id: conversions.id,
    createdAt: conversions.createdAt,
    status: conversions.status,
    payout: conversions.basePayout,
    statusChangedAt: conversions.statusChangedAt,
  },
  defaultOrder: 'id:desc',
  statuses: CONVERSION_STATUS_NAMES,
};

type Row = typeof conversions.$inferSelect;
const money = (v: string | null) => (v === null ? null : normalizeDecimal(v));
const statusName = (status: number) => CONVERSION_STATUS_NAMES[status - 1] ?? String(status);
const statusId = (name: string) => CONVERSION_STATUS_NAMES.indexOf(name as (typeof CONVERSION_STATUS_NAMES)[number]) + 1;
const TITLES: Record<string, string> = { pending: 'Pending', hold: 'Hold', approved: 'Approved', rejected: 'Rejected' };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isStaff = (actor: Actor) => STAFF_ROLE_TYPES.includes(actor.roleType);

/** the condition keeping the conversions the actor may read */
function scopeWhere(db: DbOrTx, actor: Actor): SQL | undefined {
  if (isStaff(actor)) {
    if (hasPermission(actor, 'conversion.read')) return undefined;
    if (hasPermission(actor, 'conversion.assigned.read'))
      return inArray(
        conversions.affiliateId,
        db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
      );
    return sql`false`;
  }
  if (hasPermission(actor, 'conversion.own.read')) return and(eq(conversions.affiliateId, actor.id), eq(conversions.isHidden, false));
  return sql`false`;
}

/** the country of the conversion's lead, else of its click (as the conversion keeps it: the raw click may be gone, migration 0026) */
const countryExpr = sql<string | null>`coalesce(${leads.country}, ${conversions.clickData}->>'country')`;
const LATE = sql`${conversions.marks} @> ${JSON.stringify(CONVERSION_MARKS)}::jsonb`;

/** the start of a calendar day `yyyy-MM-dd` in a zone (`plusDays` 1: the start of the next day) */
function dayStart(day: string, zone: string, loc: string, plusDays = 0): Date {
  const d = DateTime.fromISO(day, { zone });
  if (!d.isValid) throw AppError.field(['querystring', loc], 'pattern');
  return d.startOf('day').plus({ days: plusDays }).toJSDate();
}

type Filters = Omit<ConversionListFilters, 'limit' | 'offset' | 'orderBy' | 'with' | 'fields' | 'withMeta' | 'search' | 'status'>;
type FilterKey = keyof Filters;

/** the conditions of the filters (`skip`: the dependent filter's own one); staff-only filters are ignored for affiliates */
function filterWhere(actor: Actor, q: Filters, skip?: FilterKey): SQL[] {
  const staff = isStaff(actor);
  const on = (key: FilterKey) => key !== skip && q[key] !== undefined && (!Array.isArray(q[key]) || (q[key] as unknown[]).length > 0);
  const zone = q.timezone || actor.timezone || 'UTC';
  const out: (SQL | undefined)[] = [
    on('affiliateId') ? inArray(conversions.affiliateId, q.affiliateId!) : undefined,
    on('offerId') ? inArray(conversions.offerId, q.offerId!) : undefined,
    staff && on('advertiserId') ? inArray(conversions.advertiserId, q.advertiserId!) : undefined,
    on('campaignId') ? inArray(conversions.campaignId, q.campaignId!) : undefined,
    on('goalId') ? inArray(conversions.goalId, q.goalId!) : undefined,
    on('leadId') ? inArray(conversions.leadId, q.leadId!) : undefined,
    on('clickId')
      ? inArray(
          conversions.clickId,
          q.clickId!.map((c) => c.toLowerCase()),
        )
      : undefined,
    on('country')
      ? inArray(
          countryExpr,
          q.country!.map((c) => c.toUpperCase()),
        )
      : undefined,
    on('mark')
      ? or(
          ...q.mark!.map((mk) =>
            mk === 'none' ? sql`${conversions.marks} = '[]'::jsonb` : sql`${conversions.marks} @> ${JSON.stringify([mk])}::jsonb`,
          ),
        )
      : undefined,
    staff && on('isHidden') ? eq(conversions.isHidden, q.isHidden === '1') : undefined,
    on('from') ? gte(conversions.createdAt, new Date(q.from! * 1000)) : undefined,
    on('to') ? lt(conversions.createdAt, new Date(q.to! * 1000)) : undefined,
    on('dateFrom') ? gte(conversions.createdAt, dayStart(q.dateFrom!, zone, 'dateFrom')) : undefined,
    on('dateTo') ? lt(conversions.createdAt, dayStart(q.dateTo!, zone, 'dateTo', 1)) : undefined,
  ];
  return out.filter((x): x is SQL => x !== undefined);
}

/** `search`: a conversion or lead id, a click id; staff also an event id */
function searchWhere(staff: boolean, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  if (/^\d{1,15}$/.test(search)) return or(eq(conversions.id, Number(search)), eq(conversions.leadId, Number(search)));
  if (UUID_RE.test(search)) return eq(conversions.clickId, search.toLowerCase());
  return staff ? eq(conversions.eventId, search) : sql`false`;
}

function statusWhere(statuses: readonly string[] | null | undefined): SQL | undefined {
  return statuses?.length ? inArray(conversions.status, statuses.map(statusId)) : undefined;
}

const ref = (id: number | null, title: string | null) => (id !== null && title !== null ? { id, title } : null);

const selection = {
  c: conversions,
  offerTitle: offers.title,
  campaignTitle: campaigns.title,
  goalTitle: verticalGoals.title,
  advertiserTitle: advertisers.title,
  affiliate: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  country: countryExpr,
};

/** the conversions joined with what the list shows and filters on */
const joined = (db: DbOrTx) => withJoins(db.select(selection).from(conversions).$dynamic());
function withJoins<Q extends PgSelect>(qb: Q) {
  return qb
    .leftJoin(offers, eq(offers.id, conversions.offerId))
    .leftJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .leftJoin(verticalGoals, eq(verticalGoals.id, conversions.goalId))
    .leftJoin(advertisers, eq(advertisers.id, conversions.advertiserId))
    .leftJoin(users, eq(users.id, conversions.affiliateId))
    .leftJoin(leads, eq(leads.id, conversions.leadId));
}

type Joined = {
  c: Row;
  offerTitle: string | null;
  campaignTitle: string | null;
  goalTitle: string | null;
  advertiserTitle: string | null;
  affiliate: { id: number; firstName: string; lastName: string; email: string } | null;
  country: string | null;
};

function toView(j: Joined, staff: boolean): ConversionView {
  const r = j.c;
  const view: ConversionView = {
    id: r.id,
    createdAt: toSeconds(r.createdAt)!,
    status: r.status,
    statusChangedAt: toSeconds(r.statusChangedAt),
    clickId: r.clickId,
    leadId: r.leadId,
    offerId: r.offerId,
    offer: ref(r.offerId, j.offerTitle),
    campaignId: r.campaignId,
    campaign: ref(r.campaignId, j.campaignTitle),
    affiliateId: r.affiliateId,
    affiliate: j.affiliate,
    goalId: r.goalId,
    goal: ref(r.goalId, j.goalTitle),
    country: j.country,
    payout: normalizeDecimal(r.payout),
    payoutCurrency: r.payoutCurrency,
    basePayout: normalizeDecimal(r.basePayout),
    baseCurrency: r.baseCurrency,
    marks: r.marks,
    publicNotes: r.publicNotes,
    autoApproveAt: toSeconds(r.autoApproveAt),
  };
  if (!staff) return view;
  return {
    ...view,
    advertiserId: r.advertiserId,
    advertiser: ref(r.advertiserId, j.advertiserTitle),
    eventId: r.eventId,
    paymentRuleId: r.paymentRuleId,
    originalRevenue: money(r.originalRevenue),
    originalPayout: money(r.originalPayout),
    currency: r.currency,
    revenue: normalizeDecimal(r.revenue),
    revenueCurrency: r.revenueCurrency,
    baseRevenue: normalizeDecimal(r.baseRevenue),
    profit: roundMoney(toDecimal(r.baseRevenue).minus(toDecimal(r.basePayout))),
    isHidden: r.isHidden,
    postbackParams: r.postbackParams,
    attributes: r.attributes,
  };
}

export async function list(ctx: Ctx, q: z.infer<typeof conversionListQuery>) {
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  const p = parseList(q, LIST);
  const where = and(scopeWhere(ctx.db, actor), statusWhere(p.statuses), searchWhere(staff, p.search), ...filterWhere(actor, q));
  const rows = await joined(ctx.db).where(where).orderBy(p.order, asc(conversions.id)).limit(p.limit).offset(p.offset);
  const items = rows.map((r) => toView(r, staff));
  if (!p.withMeta) return { items };
  const [sums] = await withJoins(
    ctx.db
      .select({
        n: count(),
        payout: sql<string>`coalesce(sum(${conversions.basePayout}), 0)::text`,
        revenue: sql<string>`coalesce(sum(${conversions.baseRevenue}), 0)::text`,
      })
      .from(conversions)
      .$dynamic(),
  ).where(where);
  const currency = await baseCurrencyCode(ctx);
  const totals: ConversionTotals = staff
    ? {
        count: sums.n,
        currency,
        payout: normalizeDecimal(sums.payout),
        revenue: normalizeDecimal(sums.revenue),
        profit: roundMoney(toDecimal(sums.revenue).minus(toDecimal(sums.payout))),
      }
    : { count: sums.n, currency, payout: normalizeDecimal(sums.payout) };
  return { items, meta: { totalCount: sums.n, totals } };
}

/** The WHERE of an export of the list (conversions-export.ts): the list's scope, statuses, search and filters. */
function exportWhere(ctx: Ctx, actor: Actor, q: z.infer<typeof conversionListQuery>): SQL | undefined {
  const p = parseList(q, LIST);
  return and(scopeWhere(ctx.db, actor), statusWhere(p.statuses), searchWhere(isStaff(actor), p.search), ...filterWhere(actor, q));
}

/** The number of conversions an export of the list writes. */
export async function exportCount(ctx: Ctx, q: z.infer<typeof conversionListQuery>): Promise<number> {
  const [{ n }] = await withJoins(ctx.db.select({ n: count() }).from(conversions).$dynamic()).where(exportWhere(ctx, requireActor(ctx), q));
  return n;
}

/** One page of an export: the list's rows as the list serializes them for the owner, newest first, after the id `cursor`. */
export async function exportPage(
  ctx: Ctx,
  q: z.infer<typeof conversionListQuery>,
  cursor: number | null,
  size: number,
): Promise<ConversionView[]> {
  const actor = requireActor(ctx);
  const rows = await joined(ctx.db)
    .where(and(exportWhere(ctx, actor, q), cursor === null ? undefined : lt(conversions.id, cursor)))
    .orderBy(desc(conversions.id))
    .limit(size);
  return rows.map((r) => toView(r, isStaff(actor)));
}

/** `GET /conversions/:id`; staff also get the goals of the offer's vertical (the choices of the edit) */
export async function get(ctx: Ctx, id: number): Promise<ConversionView> {
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  const [row] = await joined(ctx.db).where(and(eq(conversions.id, id), scopeWhere(ctx.db, actor)));
  if (!row) throw AppError.notFound('Conversion');
  const view = { ...toView(row, staff), invoices: await invoicesOfConversion(ctx, id) };
  if (!staff) return view;
  const goals = await ctx.db
    .select({ id: verticalGoals.id, title: verticalGoals.title })
    .from(verticalGoals)
    .innerJoin(offers, eq(offers.verticalId, verticalGoals.verticalId))
    .where(eq(offers.id, row.c.offerId))
    .orderBy(asc(verticalGoals.id));
  return { ...view, goals };
}

/* --------------------------------------------------------------------------------------------- dependent filters */

const SLUGS: Record<string, { key?: FilterKey; value: SQL; label: SQL; staff?: boolean }> = {
  offers: { key: 'offerId', value: sql`${conversions.offerId}`, label: sql`${offers.title}` },
  affiliates: {
    key: 'affiliateId',
    value: sql`${conversions.affiliateId}`,
    label: sql`trim(${users.firstName} || ' ' || ${users.lastName} || ' (' || ${users.email} || ')')`,
  },
  advertisers: { key: 'advertiserId', value: sql`${conversions.advertiserId}`, label: sql`${advertisers.title}`, staff: true },
  campaigns: { key: 'campaignId', value: sql`${conversions.campaignId}`, label: sql`${campaigns.title}` },
  goals: { key: 'goalId', value: sql`${conversions.goalId}`, label: sql`${verticalGoals.title}` },
  countries: { key: 'country', value: countryExpr, label: countryExpr },
  statuses: { value: sql`${conversions.status}`, label: sql`${conversions.status}::text` },
  marks: {
    key: 'mark',
    value: sql`case when ${LATE} then 'late_conversion' else 'none' end`,
    label: sql`case when ${LATE} then 'late_conversion' else 'none' end`,
  },
};

export async function filters(ctx: Ctx, q: z.infer<typeof conversionFiltersQuery>): Promise<{ items: ConversionFilterOption[] }> {
  const actor = requireActor(ctx);
  const slug = SLUGS[q.filterSlug];
  if (slug.staff && !isStaff(actor)) return { items: [] };
  const search = q.search && q.filterSlug !== 'statuses' ? ilikeContains(slug.label, q.search) : undefined;
  const where = and(
    scopeWhere(ctx.db, actor),
    q.filterSlug === 'statuses' ? undefined : statusWhere(q.status),
    sql`${slug.value} is not null`,
    search,
    ...filterWhere(actor, q, slug.key),
  );
  const rows = await withJoins(
    ctx.db
      .select({ value: slug.value.mapWith(String), label: slug.label.mapWith(String), n: count() })
      .from(conversions)
      .$dynamic(),
  )
    .where(where)
    .groupBy(slug.value, slug.label)
    .orderBy(desc(count()), asc(slug.label))
    .limit(q.limit);
  const numeric = ['offers', 'affiliates', 'advertisers', 'campaigns', 'goals', 'statuses'].includes(q.filterSlug);
  let items = rows.map((r) => ({ value: numeric ? Number(r.value) : r.value, label: r.label, count: r.n }));
  if (q.filterSlug === 'statuses') {
    items = items.map((i) => ({
      value: statusName(Number(i.value)),
      label: TITLES[statusName(Number(i.value))] ?? i.label,
      count: i.count,
    }));
    if (q.search) items = items.filter((i) => i.label.toLowerCase().includes(q.search!.toLowerCase()));
  }
  if (q.filterSlug === 'marks') items = items.map((i) => ({ ...i, label: i.value === 'none' ? 'No mark' : 'Late conversion' }));
  return { items };
}

/* ----------------------------------------------------------------------------------------------------- look-ups */

export const statuses = () => CONVERSION_STATUS_NAMES.map((name, i) => ({ id: i + 1, name, title: TITLES[name] }));
/** the statuses the traffic-data screens and statistics count conversions by, with the statistics column of each */
export const dataTrafficStatuses = () => statuses().map((s) => ({ ...s, metric: `conversions_${s.name}` }));
export const marks = () => CONVERSION_MARKS.map((name) => ({ name, title: 'Late conversion' }));

/* -------------------------------------------------------------------------------------------------------- writes */

const VERBS: Record<number, string> = { 2: 'put on hold', 3: 'approved', 4: 'rejected' };
const ARTICLE = (name: string) => (/^[aeiou]/.test(name) ? 'An' : 'A');

/** why the change is refused, or null when it is allowed */
function transitionRefusal(row: Row, to: number): string | null {
  if (row.status === to) return `Conversion ${row.id} is already ${statusName(to)}`;
  if (!conversionTransitionAllowed(row.status, to))
    return `${ARTICLE(statusName(row.status))} ${statusName(row.status)} conversion cannot be ${VERBS[to]}`;
  return null;
}

/** items naming a conversion that is unknown or out of the caller's scope: a 404 naming each (never a 400 or 409) */
const notFoundItems = (indexes: number[]) =>
  new AppError(
    'NOT_FOUND',
    'Conversion not found',
    indexes.map((index) => ({ msg: 'notFound', type: 'notFound', loc: ['body', 'items', index, 'id'] })),
  );

/** the conversions in reach, locked for the change */
async function lockInReach(tx: DbOrTx, actor: Actor, ids: number[]): Promise<Map<number, Row>> {
  const rows = await tx
    .select()
    .from(conversions)
    .where(and(inArray(conversions.id, [...new Set(ids)]), scopeWhere(tx, actor)))
    .orderBy(asc(conversions.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

const statusPatch = (to: number, now: Date) => ({ status: to, statusChangedAt: now, updatedAt: now, autoApproveAt: null });

/**
 * `POST /conversions/change_status`: each item is applied or refused on its own (answer `applied` and `failed`);
 * when none applies, a 409 naming each item. With `sendPostback` the status event goes to the affiliate's postbacks
 * in the same transaction.
 */
export async function changeStatus(
  ctx: Ctx,
  queue: JobQueue,
  body: z.infer<typeof conversionStatusBody>,
): Promise<{ data: ConversionStatusAnswer; message: string }> {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    // the ledger entries the conversions' triggers write name who caused them (docs/decisions/money.md)
    await setActor(tx, actor.id);
    const found = await lockInReach(
      tx,
      actor,
      body.items.map((i) => i.id),
    );
    const now = ctx.now();
    const applied: Row[] = [];
    const failed: { id: number; reason: string; index: number }[] = [];
    const audits: AuditEntry[] = [];
    for (const [index, item] of body.items.entries()) {
      const row = found.get(item.id);
      const reason = row ? transitionRefusal(row, item.status) : `Conversion ${item.id} not found`;
      if (reason || !row) {
        failed.push({ id: item.id, reason: reason ?? 'not found', index });
        continue;
      }
      const [updated] = await tx.update(conversions).set(statusPatch(item.status, now)).where(eq(conversions.id, row.id)).returning();
      found.set(row.id, updated);
      applied.push(updated);
      audits.push({
        entity: 'conversion',
        entityId: row.id,
        action: 'change_status',
        changes: { before: { status: row.status }, after: { status: item.status }, sendPostback: body.sendPostback },
      });
    }
    if (!applied.length) {
      // none in reach (unknown or out of scope): a 404, as for the detail; otherwise the refused transitions, a 409
      const missing = failed.every((f) => !found.has(f.id));
      if (missing) throw notFoundItems(failed.map((f) => f.index));
      const errors: ApiErrorItem[] = failed.map((f) => ({ msg: f.reason, type: 'conflict', loc: ['body', 'items', f.index, 'status'] }));
      throw AppError.conflict(failed.length === 1 ? failed[0].reason : 'No conversion was changed', errors);
    }
    await recordAudits(tctx, audits);
    const postbacks = body.sendPostback ? await enqueueConversionStatusEvents(tctx, applied) : 0;
    const ids = applied.map((r) => r.id);
    const message = failed.length
      ? `Changed ${ids.length} conversion(s): ${ids.join(', ')}; not changed: ${failed.map((f) => f.id).join(', ')}`
      : `Changed ${ids.length} conversion(s)`;
    return {
      data: {
        outcome: failed.length ? 'partial' : 'all',
        applied: ids,
        failed: failed.map(({ id, reason }) => ({ id, reason })),
        postbacks,
      },
      message,
    };
  });
}

/** the rate (units per one base unit) of a currency at a time: the rate history's, else the current one */
async function rateAt(tx: DbOrTx, code: string, at: Date): Promise<string> {
  const [hist] = await tx
    .select({ rate: currencyRates.rate })
    .from(currencyRates)
    .innerJoin(currencies, eq(currencies.id, currencyRates.currencyId))
    .where(and(eq(currencies.code, code), lte(currencyRates.validFrom, at)))
    .orderBy(desc(currencyRates.validFrom), desc(currencyRates.id))
    .limit(1);
  if (hist) return hist.rate;
  const [now] = await tx.select({ rate: currencies.rate }).from(currencies).where(eq(currencies.code, code));
  if (!now) throw AppError.business(`Unknown currency ${code}`);
  return now.rate;
}

async function toBase(tx: DbOrTx, amount: string, currency: string, base: string, at: Date): Promise<string> {
  if (currency === base) return roundMoney(amount);
  return convert(amount, await rateAt(tx, currency, at), await rateAt(tx, base, at));
}

/** `PATCH /conversions`: all items or none */
export async function edit(ctx: Ctx, body: z.infer<typeof conversionEditBody>): Promise<{ items: ConversionView[]; message: string }> {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    await setActor(tx, actor.id);
    const found = await lockInReach(
      tx,
      actor,
      body.items.map((i) => i.id),
    );
    const missing = [...body.items.entries()].filter(([, item]) => !found.has(item.id)).map(([index]) => index);
    if (missing.length) throw notFoundItems(missing);
    const errors: ApiErrorItem[] = [];
    const offerIds = [...new Set([...found.values()].map((r) => r.offerId))];
    const goalRows = await tx
      .select({ id: verticalGoals.id, offerId: offers.id })
      .from(verticalGoals)
      .innerJoin(offers, eq(offers.verticalId, verticalGoals.verticalId))
      .where(inArray(offers.id, offerIds));
    const conflicts: ApiErrorItem[] = [];
    for (const [index, item] of body.items.entries()) {
      const row = found.get(item.id)!;
      if (item.goalId != null && !goalRows.some((g) => g.id === item.goalId && g.offerId === row.offerId))
        errors.push({ msg: 'pattern', type: 'pattern', loc: ['body', 'items', index, 'goalId'] });
      const refusal = item.status !== undefined && item.status !== row.status ? transitionRefusal(row, item.status) : null;
      if (refusal) conflicts.push({ msg: refusal, type: 'conflict', loc: ['body', 'items', index, 'status'] });
    }
    if (errors.length) throw AppError.validation(errors);
    if (conflicts.length) throw AppError.conflict(conflicts[0].msg, conflicts);

    const now = ctx.now();
    const audits: AuditEntry[] = [];
    for (const item of body.items) {
      const row = found.get(item.id)!;
      const patch: Partial<typeof conversions.$inferInsert> = {};
      if (item.payout !== undefined && toDecimal(item.payout).comparedTo(toDecimal(row.payout)) !== 0) {
        patch.payout = roundMoney(item.payout);
        patch.basePayout = await toBase(tx, item.payout, row.payoutCurrency, row.baseCurrency, row.createdAt);
      }
      if (item.revenue !== undefined && toDecimal(item.revenue).comparedTo(toDecimal(row.revenue)) !== 0) {
        patch.revenue = roundMoney(item.revenue);
        patch.baseRevenue = await toBase(tx, item.revenue, row.revenueCurrency, row.baseCurrency, row.createdAt);
      }
      if (item.goalId !== undefined && item.goalId !== row.goalId) patch.goalId = item.goalId;
      const notes = item.publicNotes === undefined ? undefined : item.publicNotes || null;
      if (notes !== undefined && notes !== row.publicNotes) patch.publicNotes = notes;
      if (item.isHidden !== undefined && item.isHidden !== row.isHidden) patch.isHidden = item.isHidden;
      if (item.status !== undefined && item.status !== row.status) Object.assign(patch, statusPatch(item.status, now));
      if (!Object.keys(patch).length) continue;
      const [updated] = await tx
        .update(conversions)
        .set({ ...patch, updatedAt: now })
        .where(eq(conversions.id, row.id))
        .returning();
      found.set(row.id, updated);
      const keys = Object.keys(patch).filter((k) => k !== 'updatedAt' && k !== 'autoApproveAt' && k !== 'statusChangedAt') as (keyof Row)[];
      audits.push({
        entity: 'conversion',
        entityId: row.id,
        action: 'update',
        changes: { before: Object.fromEntries(keys.map((k) => [k, row[k]])), after: Object.fromEntries(keys.map((k) => [k, updated[k]])) },
      });
    }
    await recordAudits(tctx, audits);
    return body.items.map((i) => i.id);
  });
  const rows = await joined(ctx.db).where(inArray(conversions.id, ids)).orderBy(asc(conversions.id));
  const n = new Set(ids).size;
  return { items: rows.map((r) => toView(r, true)), message: counted(n, 'Conversion saved', 'conversions saved') };
}
