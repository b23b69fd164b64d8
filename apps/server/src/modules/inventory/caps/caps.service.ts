/**
 * Caps and targeting of an offer (tab caps/targeting): list with the live counter of the current period in each
 * cap's time zone, look-up, create, edit (one or many), sieve edit, status, counter reset and clone; and the compact
 * list an affiliate may see (`info`: informational value, period, countries — never the real value or counter).
 * Full views are for staff; affiliates get only `info`, for offers they see.
 */
import {
  CAP_PERIOD_LABELS,
  CAP_PERIODS,
  CAP_STATUSES,
  EMPTY_SIEVE,
  capPeriod,
  capRuleErrors,
  normalizeDecimal,
  type ApiErrorItem,
  type capCreate,
  type capListQuery,
  type capLookupQuery,
  type capUpdate,
  type offerInfoQuery,
  type Sieve,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { caps, paymentModels, teamMembers, teams, users, verticalGoals } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, cloneRows, lockById, reloadByIds } from '../../../lib/rows';
import { pricedByFields, type PricedBy } from '../priced-by';
import { affiliateSeesOffer, isAffiliate, isStaff } from '../offers';
import { capCounters } from './cap-counters';
import { loadOffers, referenceErrors, type RefCheck } from './offer-refs';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof caps.$inferSelect;
type CreateItem = z.infer<typeof capCreate>;
type UpdateItem = z.infer<typeof capUpdate>;
type Status = (typeof CAP_STATUSES)[number];
export const WRITE = 'offer.update';

const LIST: ListSpec = {
  orderBy: {
    id: caps.id,
    title: caps.title,
    type: caps.type,
    value: caps.value,
    period: caps.period,
    weight: caps.weight,
    status: caps.status,
    createdAt: caps.createdAt,
  },
  defaultOrder: 'id:desc',
  statuses: CAP_STATUSES,
};

/** staff see caps; affiliates (and advertiser members) only through `info` */
export function requireStaff(ctx: Ctx) {
  if (!isStaff(requireActor(ctx))) throw AppError.forbidden();
}

export const storedSieve = (value: unknown): Sieve => ({ ...EMPTY_SIEVE, ...(value as Partial<Sieve>) });

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      cap: caps,
      ...pricedByFields,
    })
    .from(caps)
    .leftJoin(users, eq(users.id, caps.createdBy))
    .leftJoin(paymentModels, eq(paymentModels.id, caps.paymentModelId))
    .leftJoin(verticalGoals, eq(verticalGoals.id, caps.goalId));
type Selected = PricedBy & { cap: Row };

async function toViews(ctx: Ctx, rows: Selected[]) {
  const now = ctx.now();
  const periods = rows.map((r) => capPeriod(r.cap.period as (typeof CAP_PERIODS)[number], r.cap.timezone, now));
  const counters = await capCounters.read(
    ctx.db,
    rows.map((r, i) => ({ capId: r.cap.id, periodKey: periods[i].key })),
  );
  return rows.map(({ cap: c, ...r }, i) => ({
    id: c.id,
    offerId: c.offerId,
    title: c.title,
    type: c.type as 'limit' | 'funnel',
    value: normalizeDecimal(c.value),
    guarantee: c.guarantee === null ? null : normalizeDecimal(c.guarantee),
    currency: c.currency,
    timezone: c.timezone,
    period: c.period as (typeof CAP_PERIODS)[number],
    action: c.action as 'skip' | 'trafficback' | 'hold',
    paymentModel: r.model?.id ? r.model : null,
    processingType: c.processingType as 'leads' | 'conversions',
    goal: r.goal?.id ? r.goal : null,
    lowPriority: c.lowPriority,
    weight: c.weight,
    informationalValue: c.informationalValue === null ? null : normalizeDecimal(c.informationalValue),
    status: c.status as Status,
    sieve: storedSieve(c.sieve),
    counter: counters.get(`${c.id} ${periods[i].key}`) ?? '0',
    periodKey: periods[i].key,
    periodStart: toSeconds(periods[i].start),
    periodEnd: toSeconds(periods[i].end),
    createdAt: toSeconds(c.createdAt)!,
    createdBy: r.author,
  }));
}

const bySearch = (search: string) => or(ilike(caps.title, contains(search)), sql`${caps.id}::text = ${search}`);

export async function list(ctx: Ctx, q: z.infer<typeof capListQuery>) {
  requireStaff(ctx);
  const p = parseList(q, LIST);
  const where = and(
    eq(caps.offerId, q.offerId),
    p.statuses ? inArray(caps.status, p.statuses) : undefined,
    q.type?.length ? inArray(caps.type, q.type) : undefined,
    q.period?.length ? inArray(caps.period, q.period) : undefined,
    p.search ? bySearch(p.search) : undefined,
  );
  return listPage(ctx, p, { table: caps, where, query: select(ctx).$dynamic(), views: (rows) => toViews(ctx, rows) });
}

export async function get(ctx: Ctx, id: number) {
  requireStaff(ctx);
  const rows = await select(ctx).where(eq(caps.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Cap');
  return (await toViews(ctx, rows))[0];
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(caps.id, unique))));
}

/** GET /caps/filters: caps by title or id (any status), optionally of one offer; chosen ids are answered as they are */
export async function lookup(ctx: Ctx, q: z.infer<typeof capLookupQuery>) {
  requireStaff(ctx);
  const where: (SQL | undefined)[] = [];
  if (q.ids?.length) where.push(inArray(caps.id, q.ids));
  if (q.offerId) where.push(eq(caps.offerId, q.offerId));
  if (q.search) where.push(bySearch(q.search));
  const rows = await ctx.db
    .select({ id: caps.id, offerId: caps.offerId, title: caps.title, type: caps.type, period: caps.period, status: caps.status })
    .from(caps)
    .where(and(...where))
    .orderBy(asc(caps.offerId), asc(caps.id))
    .limit(q.limit);
  return {
    items: rows.map((r) => ({
      ...r,
      type: r.type as 'limit' | 'funnel',
      period: r.period as (typeof CAP_PERIODS)[number],
      status: r.status as Status,
    })),
  };
}

export const periods = () => ({ items: CAP_PERIODS.map((value) => ({ value, label: CAP_PERIOD_LABELS[value] })) });

/** The active team of an affiliate (an active member of an active team), or null. */
export async function affiliateTeam(ctx: Ctx, affiliateId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, affiliateId), eq(teamMembers.status, 'active'), eq(teams.status, 'active')));
  return row?.teamId ?? null;
}

/**
 * Who the info lists are for: an affiliate asks for itself (the offer must be visible to it, else 404); staff may
 * look through an affiliate's eyes with `affiliateId`, or see every active row when it is missing.
 */
export async function infoAudience(ctx: Ctx, q: z.infer<typeof offerInfoQuery>) {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) {
    if (!(await affiliateSeesOffer(ctx, actor.id, q.offerId))) throw AppError.notFound('Offer');
    return { affiliateId: actor.id, teamId: await affiliateTeam(ctx, actor.id) };
  }
  requireStaff(ctx);
  if (!q.affiliateId) return null;
  return { affiliateId: q.affiliateId, teamId: await affiliateTeam(ctx, q.affiliateId) };
}

/** an affiliate is subject to a row whose affiliate and team lists are empty or name it (or its team) */
export const appliesTo = (sieve: Sieve, who: { affiliateId: number; teamId: number | null } | null) =>
  !who ||
  ((!sieve.affiliateIds.length || sieve.affiliateIds.includes(who.affiliateId)) &&
    (!sieve.teamIds.length || (who.teamId !== null && sieve.teamIds.includes(who.teamId))));

/** GET /caps/info: the active caps with an informational value that apply to the affiliate. */
export async function info(ctx: Ctx, q: z.infer<typeof offerInfoQuery>) {
  const who = await infoAudience(ctx, q);
  const rows = await ctx.db
    .select({ cap: caps, goal: { id: verticalGoals.id, title: verticalGoals.title } })
    .from(caps)
    .leftJoin(verticalGoals, eq(verticalGoals.id, caps.goalId))
    .where(and(eq(caps.offerId, q.offerId), eq(caps.status, 'active'), sql`${caps.informationalValue} is not null`))
    .orderBy(asc(caps.id));
  return {
    items: rows
      .map((r) => ({ ...r, sieve: storedSieve(r.cap.sieve) }))
      .filter((r) => appliesTo(r.sieve, who))
      .map(({ cap: c, goal, sieve }) => ({
        id: c.id,
        type: c.type as 'limit' | 'funnel',
        period: c.period as (typeof CAP_PERIODS)[number],
        timezone: c.timezone,
        processingType: c.processingType as 'leads' | 'conversions',
        goal: goal?.id ? goal : null,
        informationalValue: normalizeDecimal(c.informationalValue!),
        currency: c.currency,
        countries: sieve.countries,
      })),
  };
}

const at = (i: number, ...rest: (string | number)[]) => ['body', 'items', i, ...rest];
const fail = (errors: ApiErrorItem[]) => {
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
};

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  const offerRows = await loadOffers(
    ctx,
    items.map((x) => x.offerId),
  );
  const missing = items.flatMap((x, i) => (offerRows.has(x.offerId) ? [] : [{ msg: 'required', type: 'exists', loc: at(i, 'offerId') }]));
  fail(missing);
  fail(
    await referenceErrors(
      ctx,
      items.map<RefCheck>((x, i) => ({
        at: at(i),
        offer: offerRows.get(x.offerId)!,
        goalId: x.goalId,
        paymentModelId: x.paymentModelId,
        currencies: { currency: x.currency },
        sieve: x.sieve,
      })),
    ),
  );
  const ids = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(caps)
      .values(items.map((x) => ({ ...x, createdBy: actor.id, createdAt: ctx.now() })))
      .returning({ id: caps.id });
    await recordAudits(
      { ...ctx, db: tx },
      items.map((x, i) => ({ entity: 'cap', entityId: rows[i].id, action: 'create', changes: x })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

/** the stored form of a cap's decimals, for comparing with a patch */
const plain = (row: Row) => ({
  ...row,
  value: normalizeDecimal(row.value),
  guarantee: row.guarantee === null ? null : normalizeDecimal(row.guarantee),
  informationalValue: row.informationalValue === null ? null : normalizeDecimal(row.informationalValue),
  sieve: storedSieve(row.sieve),
});

const dec = <T extends string | null | undefined>(v: T): T => (v === undefined || v === null ? v : (normalizeDecimal(v) as T));

export async function update(ctx: Ctx, items: UpdateItem[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      caps,
      caps.id,
      items.map((x) => x.id),
      'Cap',
    );
    const offerRows = await loadOffers(
      c,
      [...current.values()].map((r) => r.offerId),
    );
    const errors: ApiErrorItem[] = [];
    const checks: RefCheck[] = [];
    items.forEach((item, i) => {
      const row = plain(current.get(item.id)!);
      const merged = {
        type: item.type ?? (row.type as 'limit' | 'funnel'),
        value: item.value ?? row.value,
        guarantee: item.guarantee === undefined ? row.guarantee : item.guarantee,
      };
      for (const e of capRuleErrors(merged)) errors.push({ msg: e.msg, type: e.msg, loc: at(i, e.path) });
      checks.push({
        at: at(i),
        offer: offerRows.get(row.offerId)!,
        goalId: item.goalId !== row.goalId ? item.goalId : undefined,
        paymentModelId: item.paymentModelId !== row.paymentModelId ? item.paymentModelId : undefined,
        currencies: { currency: item.currency !== row.currency ? item.currency : undefined },
        sieve: item.sieve,
      });
    });
    errors.push(...(await referenceErrors(c, checks)));
    fail(errors);
    const audits: AuditEntry[] = [];
    for (const { id, ...raw } of items) {
      const patch = { ...raw, value: dec(raw.value), guarantee: dec(raw.guarantee), informationalValue: dec(raw.informationalValue) };
      const changes = diffFields(plain(current.get(id)!), patch);
      if (!changes) continue;
      await tx.update(caps).set(changes.after).where(eq(caps.id, id));
      audits.push({ entity: 'cap', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** PATCH /caps/sieves: replaces the sieves of several caps. */
export async function editSieves(ctx: Ctx, items: { id: number; sieve: Sieve }[]) {
  return update(ctx, items);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(ctx, { table: caps, idColumn: caps.id, entity: 'cap', what: 'Cap' }, items);
  return byIds(ctx, ids);
}

/** POST /caps/drop_counter: the counter of each cap's CURRENT period (in its zone) back to 0, audited with the old value. */
export async function dropCounter(ctx: Ctx, items: { id: number }[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      caps,
      caps.id,
      items.map((x) => x.id),
      'Cap',
    );
    const now = ctx.now();
    const audits: AuditEntry[] = [];
    for (const row of current.values()) {
      const { key } = capPeriod(row.period as (typeof CAP_PERIODS)[number], row.timezone, now);
      const before = await capCounters.reset(tx, row.id, key, now);
      audits.push({
        entity: 'cap',
        entityId: row.id,
        action: 'drop_counter',
        changes: { periodKey: key, before: { counter: before }, after: { counter: '0' } },
      });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** POST /caps/clone: copies with the sieve, inactive (so a copy never changes traffic before it is reviewed), counters not copied. */
export async function clone(ctx: Ctx, items: { id: number }[]) {
  const ids = await cloneRows(ctx, { table: caps, idColumn: caps.id, entity: 'cap', what: 'Cap' }, items);
  return byIds(ctx, ids);
}
