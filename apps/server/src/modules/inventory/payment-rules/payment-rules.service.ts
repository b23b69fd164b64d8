/**
 * Payment rules of an offer (tab payment-rules): what a conversion earns (revenue from the advertiser) and pays
 * (payout to the affiliate). Percent rules pay `payoutValue` percent of the revenue, in the revenue's currency, so
 * their payout currency always follows the revenue currency. The traffic engine picks a rule with the shared
 * `pickPaymentRule` (most specific sieve wins). Affiliates get only `info`: payouts of the rules that apply to them.
 */
import {
  PAYMENT_RULE_STATUSES,
  type PAYMENT_TYPES,
  normalizeDecimal,
  paymentRuleErrors,
  type ApiErrorItem,
  type offerInfoQuery,
  type paymentRuleCreate,
  type paymentRuleListQuery,
  type paymentRuleLookupQuery,
  type paymentRuleUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentModels, paymentRules, users, verticalGoals } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, cloneRows, lockById, reloadByIds } from '../../../lib/rows';
import { appliesTo, infoAudience, requireStaff, storedSieve } from '../caps';
import { loadOffers, referenceErrors, type RefCheck } from '../caps';
import { pricedByFields, type PricedBy } from '../priced-by';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof paymentRules.$inferSelect;
type CreateItem = z.infer<typeof paymentRuleCreate>;
type UpdateItem = z.infer<typeof paymentRuleUpdate>;
type Status = (typeof PAYMENT_RULE_STATUSES)[number];
type PaymentType = (typeof PAYMENT_TYPES)[number];

const LIST: ListSpec = {
  orderBy: {
    id: paymentRules.id,
    title: paymentRules.title,
    paymentType: paymentRules.paymentType,
    revenueValue: paymentRules.revenueValue,
    payoutValue: paymentRules.payoutValue,
    targetConversionStatus: paymentRules.targetConversionStatus,
    status: paymentRules.status,
    createdAt: paymentRules.createdAt,
  },
  defaultOrder: 'id:desc',
  statuses: PAYMENT_RULE_STATUSES,
};

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      rule: paymentRules,
      ...pricedByFields,
    })
    .from(paymentRules)
    .leftJoin(users, eq(users.id, paymentRules.createdBy))
    .leftJoin(paymentModels, eq(paymentModels.id, paymentRules.paymentModelId))
    .leftJoin(verticalGoals, eq(verticalGoals.id, paymentRules.goalId));
type Selected = PricedBy & { rule: Row };

const toViews = (rows: Selected[]) =>
  rows.map(({ rule: r, ...x }) => ({
    id: r.id,
    offerId: r.offerId,
    title: r.title,
    paymentModel: x.model?.id ? x.model : null,
    targetConversionStatus: r.targetConversionStatus,
    isMultiConversion: r.isMultiConversion,
    autoApprovePeriod: r.autoApprovePeriod,
    paymentType: r.paymentType as PaymentType,
    revenueValue: normalizeDecimal(r.revenueValue),
    revenueCurrency: r.revenueCurrency,
    payoutValue: normalizeDecimal(r.payoutValue),
    payoutCurrency: r.payoutCurrency,
    goal: x.goal?.id ? x.goal : null,
    status: r.status as Status,
    sieve: storedSieve(r.sieve),
    createdAt: toSeconds(r.createdAt)!,
    createdBy: x.author,
  }));

const bySearch = (search: string) => or(ilike(paymentRules.title, contains(search)), sql`${paymentRules.id}::text = ${search}`);

export async function list(ctx: Ctx, q: z.infer<typeof paymentRuleListQuery>) {
  requireStaff(ctx);
  const p = parseList(q, LIST);
  const where = and(
    eq(paymentRules.offerId, q.offerId),
    p.statuses ? inArray(paymentRules.status, p.statuses) : undefined,
    q.paymentType?.length ? inArray(paymentRules.paymentType, q.paymentType) : undefined,
    q.goalId?.length ? inArray(paymentRules.goalId, q.goalId) : undefined,
    q.paymentModelId?.length ? inArray(paymentRules.paymentModelId, q.paymentModelId) : undefined,
    p.search ? bySearch(p.search) : undefined,
  );
  return listPage(ctx, p, { table: paymentRules, where, query: select(ctx).$dynamic(), views: async (rows) => toViews(rows) });
}

export async function get(ctx: Ctx, id: number) {
  requireStaff(ctx);
  const rows = await select(ctx).where(eq(paymentRules.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Payment rule');
  return toViews(rows)[0];
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => toViews(await select(ctx).where(inArray(paymentRules.id, unique))));
}

/** GET /payment-rules/filters: rules by title or id (any status), optionally of one offer */
export async function lookup(ctx: Ctx, q: z.infer<typeof paymentRuleLookupQuery>) {
  requireStaff(ctx);
  const where: (SQL | undefined)[] = [];
  if (q.ids?.length) where.push(inArray(paymentRules.id, q.ids));
  if (q.offerId) where.push(eq(paymentRules.offerId, q.offerId));
  if (q.search) where.push(bySearch(q.search));
  const rows = await ctx.db
    .select({
      id: paymentRules.id,
      offerId: paymentRules.offerId,
      title: paymentRules.title,
      paymentType: paymentRules.paymentType,
      status: paymentRules.status,
    })
    .from(paymentRules)
    .where(and(...where))
    .orderBy(asc(paymentRules.offerId), asc(paymentRules.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, paymentType: r.paymentType as PaymentType, status: r.status as Status })) };
}

/** GET /payment-rules/info: the payouts of the active rules that apply to the affiliate — never revenue. */
export async function info(ctx: Ctx, q: z.infer<typeof offerInfoQuery>) {
  const who = await infoAudience(ctx, q);
  const rows = await select(ctx)
    .where(and(eq(paymentRules.offerId, q.offerId), eq(paymentRules.status, 'active')))
    .orderBy(asc(paymentRules.id));
  return {
    items: toViews(rows)
      .filter((r) => appliesTo(r.sieve, who))
      .map((r) => ({
        id: r.id,
        title: r.title,
        paymentModel: r.paymentModel,
        goal: r.goal,
        paymentType: r.paymentType,
        payoutValue: r.payoutValue,
        payoutCurrency: r.payoutCurrency,
        targetConversionStatus: r.targetConversionStatus,
        autoApprovePeriod: r.autoApprovePeriod,
        countries: r.sieve.countries,
      })),
  };
}

const at = (i: number, ...rest: (string | number)[]) => ['body', 'items', i, ...rest];
const fail = (errors: ApiErrorItem[]) => {
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
};
const dec = <T extends string | null | undefined>(v: T): T => (v === undefined || v === null ? v : (normalizeDecimal(v) as T));

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  const offerRows = await loadOffers(
    ctx,
    items.map((x) => x.offerId),
  );
  fail(items.flatMap((x, i) => (offerRows.has(x.offerId) ? [] : [{ msg: 'required', type: 'exists', loc: at(i, 'offerId') }])));
  // percent rules pay in the revenue's currency
  const values = items.map((x) => ({
    ...x,
    revenueValue: dec(x.revenueValue),
    payoutValue: dec(x.payoutValue),
    payoutCurrency: x.paymentType === 'percent' ? x.revenueCurrency : x.payoutCurrency,
  }));
  fail(
    await referenceErrors(
      ctx,
      values.map<RefCheck>((x, i) => ({
        at: at(i),
        offer: offerRows.get(x.offerId)!,
        goalId: x.goalId,
        paymentModelId: x.paymentModelId,
        currencies: { revenueCurrency: x.revenueCurrency, payoutCurrency: x.payoutCurrency },
        sieve: x.sieve,
      })),
    ),
  );
  const ids = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(paymentRules)
      .values(values.map((x) => ({ ...x, createdBy: actor.id, createdAt: ctx.now() })))
      .returning({ id: paymentRules.id });
    await recordAudits(
      { ...ctx, db: tx },
      values.map((x, i) => ({ entity: 'payment_rule', entityId: rows[i].id, action: 'create', changes: x })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

const plain = (row: Row) => ({
  ...row,
  revenueValue: normalizeDecimal(row.revenueValue),
  payoutValue: normalizeDecimal(row.payoutValue),
  sieve: storedSieve(row.sieve),
});

/** PATCH one or many (bulk edit): each item is checked against its stored rule; nothing is written unless all pass. */
export async function update(ctx: Ctx, items: UpdateItem[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      paymentRules,
      paymentRules.id,
      items.map((x) => x.id),
      'Payment rule',
    );
    const offerRows = await loadOffers(
      c,
      [...current.values()].map((r) => r.offerId),
    );
    const errors: ApiErrorItem[] = [];
    const checks: RefCheck[] = [];
    const patches = items.map(({ id, ...raw }, i) => {
      const row = plain(current.get(id)!);
      const paymentType = raw.paymentType ?? (row.paymentType as PaymentType);
      const revenueCurrency = raw.revenueCurrency ?? row.revenueCurrency;
      const patch = {
        ...raw,
        revenueValue: dec(raw.revenueValue),
        payoutValue: dec(raw.payoutValue),
        payoutCurrency: paymentType === 'percent' ? revenueCurrency : raw.payoutCurrency,
      };
      for (const e of paymentRuleErrors({ paymentType, payoutValue: patch.payoutValue ?? row.payoutValue }))
        errors.push({ msg: e.msg, type: e.msg, loc: at(i, e.path) });
      const changed = <K extends 'goalId' | 'paymentModelId' | 'revenueCurrency' | 'payoutCurrency'>(k: K) =>
        patch[k] !== undefined && patch[k] !== row[k] ? patch[k] : undefined;
      checks.push({
        at: at(i),
        offer: offerRows.get(row.offerId)!,
        goalId: changed('goalId'),
        paymentModelId: changed('paymentModelId'),
        currencies: { revenueCurrency: changed('revenueCurrency'), payoutCurrency: changed('payoutCurrency') },
        sieve: patch.sieve,
      });
      return { id, patch };
    });
    errors.push(...(await referenceErrors(c, checks)));
    fail(errors);
    const audits: AuditEntry[] = [];
    for (const { id, patch } of patches) {
      const changes = diffFields(plain(current.get(id)!), patch);
      if (!changes) continue;
      await tx.update(paymentRules).set(changes.after).where(eq(paymentRules.id, id));
      audits.push({ entity: 'payment_rule', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(
    ctx,
    { table: paymentRules, idColumn: paymentRules.id, entity: 'payment_rule', what: 'Payment rule' },
    items,
  );
  return byIds(ctx, ids);
}

/** POST /payment-rules/clone: copies with the sieve, inactive (an active copy would compete with its original). */
export async function clone(ctx: Ctx, items: { id: number }[]) {
  const ids = await cloneRows(ctx, { table: paymentRules, idColumn: paymentRules.id, entity: 'payment_rule', what: 'Payment rule' }, items);
  return byIds(ctx, ids);
}
