/**
 * Invoices (issue 17, docs/decisions/money.md). An invoice takes what a party's ledger holds as approved: conversions
 * not yet in a live invoice (by period or by sum), plus every clawback and manual adjustment not yet carried. It is
 * written with its items and the ledger entries that move them from approved to requested in ONE transaction, under
 * a per-party advisory lock (concurrent requests for one party queue; the partial unique index on invoice_items is the
 * last word). Paying moves requested to paid once payments cover the amount; declining frees the items.
 *
 * Scope: money.scope.ts. Affiliates read their own invoices without privateNotes; they create only withdrawal requests.
 */
import {
  INVOICE_STATUSES,
  addMoney,
  allocateAdvance,
  compareMoney,
  invoiceCovered,
  normalizeDecimal,
  roundMoney,
  toDecimal,
  type ApiErrorItem,
  type Invoice,
  type InvoiceAdjustment,
  type InvoiceConversion,
  type PartyType,
  type invoiceCreateItem,
  type invoiceEditItem,
  type invoiceListQuery,
  type invoiceStatusItem,
  type withdrawalRequestItem,
} from '@leadgrid/shared';
import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { advertisers, conversions, currencies, offers, paymentMethods, users, verticalGoals, withdrawalMethods } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import type { JobQueue } from '../../../jobs/queue';
import { recordAudits, type AuditEntry } from '../../../lib/audit';
import { baseCurrencyCode } from '../currencies';
import { notify } from '../../settings/notifications';
import { get as paymentSettings } from '../payment-settings';
import { affiliateWhere, canReach, isAffiliate, isStaff, requireReach } from '../money.scope';
import { loadRates, type RateBook } from '../money.rates';
import {
  invoiceItems,
  invoicePayments,
  invoices,
  ledgerAdjustments,
  ledgerEntries,
  openSources,
  partyFigures,
  rowsOf,
  setActor,
  sync,
  type OpenSource,
} from '../ledger';
import { ilikeContains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof invoices.$inferSelect;
type CreateItem = z.infer<typeof invoiceCreateItem>;
type EditItem = z.infer<typeof invoiceEditItem>;
type StatusItem = z.infer<typeof invoiceStatusItem>;
type WithdrawalItem = z.infer<typeof withdrawalRequestItem>;
type ListInput = z.infer<typeof invoiceListQuery>;
type Loc = (string | number)[];

const LIST: ListSpec = {
  orderBy: {
    id: invoices.id,
    title: invoices.title,
    createdAt: invoices.createdAt,
    amount: invoices.baseAmount,
    dueAt: invoices.dueAt,
    status: invoices.status,
  },
  defaultOrder: 'id:desc',
  statuses: INVOICE_STATUSES,
};

/* ------------------------------------------------------------------------------------------------------------ scope */

/** the invoices the actor reads */
function scopeWhere(ctx: Ctx): SQL | undefined {
  const actor = requireActor(ctx);
  const aff = canReach(actor, 'invoice', 'affiliate')
    ? and(eq(invoices.type, 'affiliate'), affiliateWhere(ctx, invoices.affiliateId, 'invoice'))
    : undefined;
  const adv = canReach(actor, 'invoice', 'advertiser') ? eq(invoices.type, 'advertiser') : undefined;
  if (aff && adv) return or(aff, adv);
  return aff ?? adv ?? sql`false`;
}

/** who among staff is told of an invoice: the readers of that side's invoices, for an affiliate's within their people scope */
const invoiceReaders = (affiliateId: number | null) =>
  affiliateId ? { permission: 'invoice.affiliate.read', affiliateId } : { permission: 'invoice.advertiser.read' };

/** the party an item names, checked against the actor's write scope: out of reach is 404 on the field */
async function requireParty(ctx: Ctx, side: PartyType, id: number, loc: Loc): Promise<void> {
  requireReach(ctx, 'invoice', side, 'update');
  if (side === 'advertiser') {
    const [row] = await ctx.db.select({ id: advertisers.id }).from(advertisers).where(eq(advertisers.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'Advertiser not found', [{ msg: `Advertiser ${id} not found`, type: 'notFound', loc }]);
    return;
  }
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        affiliateWhere(ctx, users.id, 'invoice', 'update'),
        sql`exists (select 1 from roles r where r.id = ${users.roleId} and r.type = 'affiliate')`,
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', 'Affiliate not found', [{ msg: `Affiliate ${id} not found`, type: 'notFound', loc }]);
}

/* ------------------------------------------------------------------------------------------------------------- view */

const money = (v: string | null) => (v === null ? null : normalizeDecimal(v));

async function toViews(db: DbOrTx, rows: Row[], staff: boolean, now: Date): Promise<Invoice[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const affIds = [...new Set(rows.map((r) => r.affiliateId).filter((x): x is number => x !== null))];
  const advIds = [...new Set(rows.map((r) => r.advertiserId).filter((x): x is number => x !== null))];
  const wmIds = [...new Set(rows.map((r) => r.withdrawalMethodId).filter((x): x is number => x !== null))];
  const [people, advs, wms, pays] = await Promise.all([
    affIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, affIds))
      : [],
    advIds.length
      ? db.select({ id: advertisers.id, title: advertisers.title }).from(advertisers).where(inArray(advertisers.id, advIds))
      : [],
    wmIds.length
      ? db
          .select({
            id: withdrawalMethods.id,
            title: withdrawalMethods.title,
            values: withdrawalMethods.values,
            pmId: paymentMethods.id,
            pmTitle: paymentMethods.title,
          })
          .from(withdrawalMethods)
          .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawalMethods.paymentMethodId))
          .where(inArray(withdrawalMethods.id, wmIds))
      : [],
    db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)).orderBy(asc(invoicePayments.id)),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const adv = new Map(advs.map((a) => [a.id, a]));
  const wm = new Map(wms.map((w) => [w.id, w]));
  const advanceHold = await advanceHolds(db, rows);
  return rows.map((r) => {
    const payments = pays.filter((p) => p.invoiceId === r.id);
    const last = payments.at(-1);
    const w = r.withdrawalMethodId === null ? undefined : wm.get(r.withdrawalMethodId);
    const view: Invoice = {
      id: r.id,
      title: r.title,
      type: r.type,
      status: r.status,
      affiliateId: r.affiliateId,
      affiliate: r.affiliateId === null ? null : (person.get(r.affiliateId) ?? null),
      amount: normalizeDecimal(r.amount),
      paidAmount: normalizeDecimal(r.paidAmount),
      currency: r.currency,
      rate: normalizeDecimal(r.rate),
      baseCurrency: r.baseCurrency,
      baseAmount: normalizeDecimal(r.baseAmount),
      conversionsCount: r.conversionsCount,
      advanceAmount: money(r.advanceAmount),
      advanceAmountHold: r.advanceAmount === null ? null : (advanceHold.get(r.id) ?? '0'),
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      dueAt: toSeconds(r.dueAt)!,
      overdue: r.status === 'unpaid' && r.dueAt.getTime() < now.getTime(),
      withdrawalMethodId: r.withdrawalMethodId,
      withdrawalMethod: w ? { id: w.id, title: w.title, paymentMethod: { id: w.pmId, title: w.pmTitle }, values: w.values } : null,
      notes: r.notes,
      paidAt: toSeconds(r.paidAt),
      reference: r.reference ?? last?.reference ?? null,
      payments: payments.map((p) => ({
        id: p.id,
        amount: normalizeDecimal(p.amount),
        paidAt: toSeconds(p.paidAt)!,
        reference: p.reference,
        source: p.source,
        createdAt: toSeconds(p.createdAt)!,
        createdBy: p.createdBy,
      })),
      origin: r.origin,
      createdAt: toSeconds(r.createdAt)!,
      createdBy: r.createdBy,
      updatedAt: toSeconds(r.updatedAt)!,
    };
    if (!staff) return view;
    return {
      ...view,
      advertiserId: r.advertiserId,
      advertiser: r.advertiserId === null ? null : (adv.get(r.advertiserId) ?? null),
      privateNotes: r.privateNotes,
    };
  });
}

/**
 * `advanceAmountHold` of the paid advance invoices among `rows`: per advertiser and currency, the advance left is
 * allocated over its paid advances oldest first (allocateAdvance, docs/decisions/money.md); an unpaid or declined
 * advance covers nothing.
 */
async function advanceHolds(db: DbOrTx, rows: Row[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const keys = [
    ...new Set(rows.filter((r) => r.advanceAmount !== null && r.status === 'paid').map((r) => `${r.advertiserId}|${r.currency}`)),
  ];
  if (!keys.length) return out;
  const advIds = [...new Set(keys.map((k) => Number(k.split('|')[0])))];
  const figures = await partyFigures(db, 'advertiser', advIds);
  for (const key of keys) {
    const [id, currency] = [Number(key.split('|')[0]), key.split('|')[1]];
    const paid = await db
      .select({ id: invoices.id, amount: invoices.amount })
      .from(invoices)
      .where(
        and(
          eq(invoices.advertiserId, id),
          eq(invoices.currency, currency),
          eq(invoices.status, 'paid'),
          sql`${invoices.advanceAmount} is not null`,
        ),
      )
      .orderBy(asc(invoices.paidAt), asc(invoices.id));
    const f = figures.get(id)?.currencies.get(currency);
    const alloc = allocateAdvance(paid, f?.advance ?? '0', f?.approved ?? '0', f?.hold ?? '0');
    for (const [invoiceId, a] of alloc) out.set(invoiceId, a.hold);
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------------------ reads */

function dayStart(day: string, zone: string, loc: Loc, plusDays = 0): Date {
  const d = DateTime.fromISO(day, { zone });
  if (!d.isValid) throw AppError.field(loc, 'pattern');
  return d.startOf('day').plus({ days: plusDays }).toJSDate();
}

function listWhere(ctx: Ctx, q: ListInput, statuses: string[] | null, search: string | undefined): SQL | undefined {
  const actor = requireActor(ctx);
  const zone = q.timezone || actor.timezone || 'UTC';
  const now = ctx.now();
  return and(
    scopeWhere(ctx),
    statuses ? inArray(invoices.status, statuses as Row['status'][]) : undefined,
    q.type ? eq(invoices.type, q.type) : undefined,
    q.affiliateId?.length ? inArray(invoices.affiliateId, q.affiliateId) : undefined,
    q.advertiserId?.length && isStaff(actor) ? inArray(invoices.advertiserId, q.advertiserId) : undefined,
    q.currency ? eq(invoices.currency, q.currency) : undefined,
    q.dateFrom ? gte(invoices.createdAt, dayStart(q.dateFrom, zone, ['querystring', 'dateFrom'])) : undefined,
    q.dateTo ? lt(invoices.createdAt, dayStart(q.dateTo, zone, ['querystring', 'dateTo'], 1)) : undefined,
    q.overdue === '1' ? and(eq(invoices.status, 'unpaid'), lt(invoices.dueAt, now)) : undefined,
    q.overdue === '0' ? sql`not (${invoices.status} = 'unpaid' and ${invoices.dueAt} < ${now})` : undefined,
    search
      ? /^\d{1,9}$/.test(search)
        ? or(eq(invoices.id, Number(search)), ilikeContains(invoices.title, search))
        : ilikeContains(invoices.title, search)
      : undefined,
  );
}

/** `GET /invoices`; `status=unpaid&withMeta=1&limit=1` is the unpaid count of the sidebar */
export async function list(ctx: Ctx, q: ListInput): Promise<{ items: Invoice[]; meta?: { totalCount: number } }> {
  const actor = requireActor(ctx);
  if (!isAffiliate(actor) && !canReach(actor, 'invoice', 'affiliate') && !canReach(actor, 'invoice', 'advertiser'))
    throw AppError.forbidden();
  const p = parseList(q, LIST);
  const where = listWhere(ctx, q, p.statuses, p.search);
  return listPage(ctx, p, {
    table: invoices,
    newestFirst: true,
    where,
    query: ctx.db.select().from(invoices).$dynamic(),
    views: (rows) => toViews(ctx.db, rows, isStaff(actor), ctx.now()),
  });
}

async function loadInScope(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), scopeWhere(ctx)));
  if (!row) throw AppError.notFound('Invoice');
  return row;
}

/** `GET /invoices/:id`: with its conversions and carried adjustments */
export async function get(ctx: Ctx, id: number): Promise<Invoice> {
  const actor = requireActor(ctx);
  const row = await loadInScope(ctx, id);
  const [view] = await toViews(ctx.db, [row], isStaff(actor), ctx.now());
  const items = await ctx.db
    .select({
      item: invoiceItems,
      createdAt: conversions.createdAt,
      status: conversions.status,
      offerId: offers.id,
      offerTitle: offers.title,
      goalId: verticalGoals.id,
      goalTitle: verticalGoals.title,
      reason: ledgerAdjustments.reason,
    })
    .from(invoiceItems)
    .leftJoin(conversions, eq(conversions.id, invoiceItems.conversionId))
    .leftJoin(offers, eq(offers.id, conversions.offerId))
    .leftJoin(verticalGoals, eq(verticalGoals.id, conversions.goalId))
    .leftJoin(ledgerAdjustments, eq(ledgerAdjustments.id, invoiceItems.adjustmentId))
    .where(eq(invoiceItems.invoiceId, id))
    .orderBy(asc(invoiceItems.id));
  const convs: InvoiceConversion[] = [];
  const adjustments: InvoiceAdjustment[] = [];
  for (const i of items) {
    if (i.item.kind === 'conversion') {
      convs.push({
        id: i.item.conversionId!,
        createdAt: toSeconds(i.createdAt)!,
        status: i.status ?? 0,
        offer: i.offerId !== null && i.offerTitle !== null ? { id: i.offerId, title: i.offerTitle } : null,
        goal: i.goalId !== null && i.goalTitle !== null ? { id: i.goalId, title: i.goalTitle } : null,
        amount: normalizeDecimal(i.item.amount),
        currency: i.item.currency,
        invoiceAmount: normalizeDecimal(i.item.invoiceAmount),
      });
    } else {
      adjustments.push({
        kind: i.item.kind === 'clawback' ? 'clawback' : 'adjustment',
        conversionId: i.item.conversionId,
        adjustmentId: i.item.adjustmentId,
        reason: i.item.kind === 'adjustment' && isStaff(actor) ? i.reason : null,
        amount: normalizeDecimal(i.item.amount),
        currency: i.item.currency,
        invoiceAmount: normalizeDecimal(i.item.invoiceAmount),
      });
    }
  }
  return { ...view, conversions: convs, adjustments };
}

/** the invoices a conversion is or was in, those the actor reads (GET /conversions/:id, issue 19) */
export async function ofConversion(
  ctx: Ctx,
  conversionId: number,
): Promise<{ id: number; title: string; type: Row['type']; status: Row['status'] }[]> {
  return ctx.db
    .selectDistinct({ id: invoices.id, title: invoices.title, type: invoices.type, status: invoices.status })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(and(eq(invoiceItems.conversionId, conversionId), scopeWhere(ctx)))
    .orderBy(asc(invoices.id));
}

/* ----------------------------------------------------------------------------------------------------------- create */

interface Plan {
  side: PartyType;
  partyId: number;
  currency: string;
  from: Date | null;
  to: Date | null;
  sum: string | null;
  advance: string | null;
  withdrawalMethodId: number | null;
  notes: string | null;
  privateNotes: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  timezone: string | null;
  origin: Row['origin'];
  /** a withdrawal: the amount may not pass the approved balance */
  withinBalance?: boolean;
  /** automatic invoices: only conversions in the invoice's currency (one invoice per currency) */
  currencyOnly?: boolean;
}

/** checks an item's currency and withdrawal method; answers the field errors */
async function checkRefs(
  ctx: Ctx,
  side: PartyType,
  partyId: number,
  currency: string | undefined,
  withdrawalMethodId: number | null | undefined,
  loc: Loc,
  ownerMustBe?: number,
): Promise<ApiErrorItem[]> {
  const errors: ApiErrorItem[] = [];
  if (currency) {
    const [c] = await ctx.db.select({ status: currencies.status }).from(currencies).where(eq(currencies.code, currency));
    if (!c || c.status !== 'active') errors.push({ msg: 'Choose an active currency', type: 'notFound', loc: [...loc, 'currency'] });
  }
  if (withdrawalMethodId != null) {
    if (side !== 'affiliate')
      errors.push({ msg: 'Advertiser invoices take no withdrawal method', type: 'pattern', loc: [...loc, 'withdrawalMethodId'] });
    else {
      const [w] = await ctx.db.select().from(withdrawalMethods).where(eq(withdrawalMethods.id, withdrawalMethodId));
      if (!w || w.userId !== (ownerMustBe ?? partyId) || w.status !== 'active')
        errors.push({
          msg: "Choose one of the affiliate's active withdrawal methods",
          type: 'notFound',
          loc: [...loc, 'withdrawalMethodId'],
        });
    }
  }
  return errors;
}

/** `PUT /invoices`: every item or none */
export async function create(ctx: Ctx, queue: JobQueue, items: CreateItem[]): Promise<Invoice[]> {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) throw AppError.forbidden('Affiliates request a withdrawal instead');
  const zone = actor.timezone || 'UTC';
  const plans: Plan[] = [];
  const errors: ApiErrorItem[] = [];
  for (const [index, item] of items.entries()) {
    const loc: Loc = ['body', 'items', index];
    const side: PartyType = item.affiliateId !== undefined ? 'affiliate' : 'advertiser';
    const partyId = (item.affiliateId ?? item.advertiserId)!;
    await requireParty(ctx, side, partyId, [...loc, side === 'affiliate' ? 'affiliateId' : 'advertiserId']);
    errors.push(...(await checkRefs(ctx, side, partyId, item.currency, item.withdrawalMethodId, loc)));
    plans.push({
      side,
      partyId,
      currency: item.currency ?? '',
      from: item.dateFrom ? dayStart(item.dateFrom, zone, [...loc, 'dateFrom']) : null,
      to: item.dateTo ? dayStart(item.dateTo, zone, [...loc, 'dateTo'], 1) : null,
      sum: item.amount ?? null,
      advance: item.advanceAmount ?? null,
      withdrawalMethodId: item.withdrawalMethodId ?? null,
      notes: item.notes || null,
      privateNotes: item.privateNotes || null,
      dateFrom: item.dateFrom ?? null,
      dateTo: item.dateTo ?? null,
      timezone: item.dateFrom ? zone : null,
      origin: 'manual',
    });
  }
  if (errors.length) throw AppError.validation(errors, errors[0].msg);
  return write(ctx, queue, plans);
}

/** `PUT /invoices/withdrawals`: an affiliate asks to be paid */
export async function requestWithdrawal(ctx: Ctx, queue: JobQueue, item: WithdrawalItem): Promise<Invoice[]> {
  const actor = requireActor(ctx);
  if (!isAffiliate(actor)) throw AppError.forbidden('Only affiliates request withdrawals');
  const loc: Loc = ['body', 'items', 0];
  const errors = await checkRefs(ctx, 'affiliate', actor.id, item.currency, item.withdrawalMethodId, loc);
  if (errors.length) throw AppError.validation(errors, errors[0].msg);
  const settings = await paymentSettings(ctx);
  const base = settings.baseCurrency;
  const currency = item.currency ?? base;
  const rates = await loadRates(ctx.db, [currency, base]);
  const inBase = rates.convert(item.amount, currency, base, ctx.now());
  if (compareMoney(inBase, settings.minPayoutAmount) < 0)
    throw AppError.validation(
      [{ msg: `The smallest payout is ${settings.minPayoutAmount} ${base}`, type: 'min', loc: [...loc, 'amount'] }],
      `The smallest payout is ${settings.minPayoutAmount} ${base}`,
    );
  return write(
    ctx,
    queue,
    [
      {
        side: 'affiliate',
        partyId: actor.id,
        currency,
        from: null,
        to: null,
        sum: roundMoney(item.amount),
        advance: null,
        withdrawalMethodId: item.withdrawalMethodId,
        notes: item.notes || null,
        privateNotes: null,
        dateFrom: null,
        dateTo: null,
        timezone: null,
        origin: 'withdrawal',
        withinBalance: true,
      },
    ],
    { allowSecond: settings.allowSecondWithdrawal },
  );
}

/** the transaction lock of one party's invoices (concurrent creations for it queue here) */
const lockParty = (tx: DbOrTx, side: PartyType, partyId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${side === 'affiliate' ? 17001 : 17002}, ${partyId})`);

interface Picked {
  source: OpenSource;
  invoiceAmount: string;
}

/** what a plan takes from the party's open sources, in the invoice's currency */
function pick(plan: Plan, sources: OpenSource[], currency: string, rates: RateBook): Picked[] {
  const priced = (s: OpenSource): Picked => ({ source: s, invoiceAmount: rates.convert(s.amount, s.currency, currency, s.at) });
  const carried = sources
    .filter((s) => (s.adjustmentId !== null || s.invoiced) && (!plan.currencyOnly || s.currency === currency))
    .map(priced);
  let total = addMoney('0', ...carried.map((c) => c.invoiceAmount));
  const candidates = sources.filter(
    (s) =>
      s.conversionId !== null &&
      !s.invoiced &&
      (!plan.from || s.at >= plan.from) &&
      (!plan.to || s.at < plan.to) &&
      (!plan.currencyOnly || s.currency === currency),
  );
  const taken: Picked[] = [];
  for (const s of candidates) {
    if (plan.sum !== null && compareMoney(total, plan.sum) >= 0) break;
    const p = priced(s);
    taken.push(p);
    total = addMoney(total, p.invoiceAmount);
  }
  return [...carried, ...taken];
}

async function write(ctx: Ctx, queue: JobQueue, plans: Plan[], opts: { allowSecond?: boolean } = {}): Promise<Invoice[]> {
  // the schedule writes without an actor (automatic invoices)
  const actor = ctx.actor ?? { id: null, roleType: 'admin' as const };
  const settings = await paymentSettings(ctx);
  const base = await baseCurrencyCode(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    await setActor(tx, actor.id);
    const now = ctx.now();
    const made: number[] = [];
    const audits: AuditEntry[] = [];
    for (const [index, plan] of plans.entries()) {
      const loc: Loc = ['body', 'items', index];
      await lockParty(tx, plan.side, plan.partyId);
      if (plan.origin === 'withdrawal' && !opts.allowSecond) {
        const [open] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.affiliateId, plan.partyId), eq(invoices.status, 'unpaid'), eq(invoices.origin, 'withdrawal')))
          .limit(1);
        if (open)
          throw AppError.conflict('A withdrawal request is already waiting to be paid', [
            { msg: 'A withdrawal request is already waiting to be paid', type: 'conflict', loc: [...loc, 'amount'] },
          ]);
      }
      const currency = plan.currency || base;
      const sources = plan.advance ? [] : await openSources(tx, plan.side, plan.partyId);
      const rates = await loadRates(tx, [currency, base, ...sources.map((s) => s.currency)]);
      const rate = rates.current(currency) ?? '1';
      let picked: Picked[] = [];
      let amount: string;
      if (plan.advance) amount = roundMoney(plan.advance);
      else {
        picked = pick(plan, sources, currency, rates);
        amount = addMoney('0', ...picked.map((p) => p.invoiceAmount));
        if (!picked.length)
          throw AppError.business('Nothing to invoice: no approved conversion is waiting in this period', [
            { msg: 'Nothing to invoice', type: 'empty', loc: [...loc, plan.sum !== null ? 'amount' : 'dateFrom'] },
          ]);
        if (compareMoney(amount, '0') <= 0)
          throw AppError.business(`Nothing to invoice: what is waiting adds up to ${amount} ${currency}`, [
            { msg: 'Nothing to invoice', type: 'empty', loc: [...loc, plan.sum !== null ? 'amount' : 'dateFrom'] },
          ]);
        if (plan.withinBalance) {
          const approved = (await partyFigures(tx, plan.side, [plan.partyId])).get(plan.partyId)?.base.approved ?? '0';
          const wanted = rates.convert(plan.sum!, currency, base, now);
          if (compareMoney(wanted, approved) > 0)
            throw AppError.validation(
              [{ msg: `Your approved balance is ${approved} ${base}`, type: 'noMore', loc: [...loc, 'amount'] }],
              `Your approved balance is ${approved} ${base}`,
            );
        }
      }
      const baseAmount = plan.advance
        ? rates.convert(amount, currency, base, now)
        : addMoney('0', ...picked.map((p) => p.source.baseAmount));
      const [{ id }] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('invoices', 'id'))::int as id`));
      const title = `${settings.invoiceTitlePrefix}${String(id).padStart(6, '0')}`;
      await tx.insert(invoices).values({
        id,
        title,
        type: plan.side,
        affiliateId: plan.side === 'affiliate' ? plan.partyId : null,
        advertiserId: plan.side === 'advertiser' ? plan.partyId : null,
        currency,
        rate: roundMoney(rate),
        baseCurrency: base,
        amount,
        baseAmount,
        conversionsCount: picked.filter((p) => p.source.conversionId !== null && !p.source.invoiced).length,
        advanceAmount: plan.advance ? amount : null,
        dateFrom: plan.dateFrom,
        dateTo: plan.dateTo,
        timezone: plan.timezone,
        dueAt: new Date(now.getTime() + settings.paymentTermsDays * 86_400_000),
        withdrawalMethodId: plan.withdrawalMethodId,
        notes: plan.notes,
        privateNotes: plan.privateNotes,
        origin: plan.origin,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.id,
      });
      // in chunks: a statement takes at most 65535 parameters
      for (let at = 0; at < picked.length; at += 2000) {
        await tx.insert(invoiceItems).values(
          picked.slice(at, at + 2000).map((p) => ({
            invoiceId: id,
            kind:
              p.source.adjustmentId !== null
                ? ('adjustment' as const)
                : p.source.invoiced
                  ? ('clawback' as const)
                  : ('conversion' as const),
            partyType: plan.side,
            partyId: plan.partyId,
            conversionId: p.source.conversionId,
            adjustmentId: p.source.adjustmentId,
            currency: p.source.currency,
            amount: p.source.amount,
            baseAmount: p.source.baseAmount,
            invoiceAmount: p.invoiceAmount,
          })),
        );
      }
      if (picked.length) await syncItems(tx, id, 'invoice.created', actor.id);
      if (plan.side === 'advertiser' && !plan.advance) await applyAdvance(tctx, id, plan.partyId, currency, amount, base, rates, now);
      audits.push({
        entity: 'invoice',
        entityId: id,
        action: 'create',
        changes: { after: { title, type: plan.side, partyId: plan.partyId, amount, currency, items: picked.length, origin: plan.origin } },
      });
      await notify(tctx, queue, 'invoice_created', {
        values: { invoiceId: id, amount, currency },
        audience: plan.side === 'affiliate' ? [plan.partyId] : [],
        link: plan.side === 'affiliate' ? `/affiliate-billing/invoices/${id}` : `/advertiser-billing/adv-invoices/${id}`,
        about: invoiceReaders(plan.side === 'affiliate' ? plan.partyId : null),
      });
      made.push(id);
    }
    await recordAudits(tctx, audits);
    return made;
  });
  const rows = await ctx.db.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id));
  return toViews(ctx.db, rows, ctx.actor ? isStaff(ctx.actor) : true, ctx.now());
}

/** brings the ledger of an invoice's sources to their position after a change of the invoice */
async function syncItems(
  tx: DbOrTx,
  invoiceId: number,
  kind: 'invoice.created' | 'invoice.paid' | 'invoice.declined',
  userId: number | null,
) {
  const rows = await tx
    .select({ c: invoiceItems.conversionId, a: invoiceItems.adjustmentId })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId));
  await sync(tx, {
    conversionIds: [...new Set(rows.map((r) => r.c).filter((x): x is number => x !== null))],
    adjustmentIds: [...new Set(rows.map((r) => r.a).filter((x): x is number => x !== null))],
    kind,
    invoiceId,
    userId,
  });
}

/** an advertiser's advance in the invoice's currency pays the new invoice as far as it goes (oldest money first) */
async function applyAdvance(
  ctx: Ctx,
  invoiceId: number,
  advertiserId: number,
  currency: string,
  amount: string,
  base: string,
  rates: RateBook,
  now: Date,
) {
  const [{ left }] = await ctx.db
    .select({ left: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.partyType, 'advertiser'),
        eq(ledgerEntries.partyId, advertiserId),
        eq(ledgerEntries.currency, currency),
        eq(ledgerEntries.bucket, 'advance'),
      ),
    );
  if (compareMoney(left, '0') <= 0) return;
  const used = compareMoney(left, amount) < 0 ? roundMoney(left) : amount;
  await ctx.db.insert(ledgerEntries).values({
    partyType: 'advertiser',
    partyId: advertiserId,
    currency,
    bucket: 'advance',
    amount: roundMoney(toDecimal(used).neg()),
    baseAmount: roundMoney(toDecimal(rates.convert(used, currency, base, now)).neg()),
    kind: 'advance.applied',
    invoiceId,
    userId: ctx.actor?.id ?? null,
  });
  await recordPayment(ctx, invoiceId, used, now, 'advance', 'advance');
}

/** adds a payment; the invoice becomes paid (and its items move to paid) once payments cover its amount */
async function recordPayment(
  ctx: Ctx,
  invoiceId: number,
  amount: string,
  paidAt: Date,
  reference: string | null,
  source: 'payment' | 'advance',
): Promise<Row> {
  const tx = ctx.db;
  const now = ctx.now();
  await tx
    .insert(invoicePayments)
    .values({ invoiceId, amount, paidAt, reference, source, createdAt: now, createdBy: ctx.actor?.id ?? null });
  const [row] = await tx
    .update(invoices)
    .set({ paidAmount: sql`${invoices.paidAmount} + ${amount}::numeric`, updatedAt: now })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (!invoiceCovered(normalizeDecimal(row.amount), normalizeDecimal(row.paidAmount))) return row;
  const [paid] = await tx
    .update(invoices)
    .set({ status: 'paid', paidAt, reference: reference ?? row.reference })
    .where(eq(invoices.id, invoiceId))
    .returning();
  await syncItems(tx, invoiceId, 'invoice.paid', ctx.actor?.id ?? null);
  if (paid.advanceAmount !== null) {
    const base = paid.baseCurrency;
    await tx.insert(ledgerEntries).values({
      partyType: 'advertiser',
      partyId: paid.advertiserId!,
      currency: paid.currency,
      bucket: 'advance',
      amount: normalizeDecimal(paid.amount),
      baseAmount: base === paid.currency ? normalizeDecimal(paid.amount) : normalizeDecimal(paid.baseAmount),
      kind: 'advance',
      invoiceId,
      userId: ctx.actor?.id ?? null,
    });
  }
  return paid;
}

/* ------------------------------------------------------------------------------------------------------ edit, status */

/** `PATCH /invoices`: notes, private notes, the withdrawal method while unpaid; all or nothing */
export async function edit(ctx: Ctx, items: EditItem[]): Promise<Invoice[]> {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const audits: AuditEntry[] = [];
    const errors: ApiErrorItem[] = [];
    const rows: Row[] = [];
    for (const [index, item] of items.entries()) {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, item.id), scopeWhere(tctx)))
        .for('update');
      if (!row)
        throw new AppError('NOT_FOUND', 'Invoice not found', [
          { msg: `Invoice ${item.id} not found`, type: 'notFound', loc: ['body', 'items', index, 'id'] },
        ]);
      requireReach(tctx, 'invoice', row.type, 'update');
      rows.push(row);
      if (item.withdrawalMethodId !== undefined) {
        if (row.status !== 'unpaid')
          errors.push({
            msg: 'The withdrawal method of a paid or declined invoice stays',
            type: 'conflict',
            loc: ['body', 'items', index, 'withdrawalMethodId'],
          });
        else
          errors.push(
            ...(await checkRefs(tctx, row.type, (row.affiliateId ?? row.advertiserId)!, undefined, item.withdrawalMethodId, [
              'body',
              'items',
              index,
            ])),
          );
      }
    }
    if (errors.length) throw AppError.validation(errors, errors[0].msg);
    for (const [index, item] of items.entries()) {
      const row = rows[index];
      const patch: Partial<typeof invoices.$inferInsert> = {};
      if (item.notes !== undefined && (item.notes || null) !== row.notes) patch.notes = item.notes || null;
      if (item.privateNotes !== undefined && (item.privateNotes || null) !== row.privateNotes)
        patch.privateNotes = item.privateNotes || null;
      if (item.withdrawalMethodId !== undefined && item.withdrawalMethodId !== row.withdrawalMethodId)
        patch.withdrawalMethodId = item.withdrawalMethodId;
      if (!Object.keys(patch).length) continue;
      await tx
        .update(invoices)
        .set({ ...patch, updatedAt: ctx.now() })
        .where(eq(invoices.id, row.id));
      const keys = Object.keys(patch) as (keyof Row)[];
      audits.push({
        entity: 'invoice',
        entityId: row.id,
        action: 'update',
        changes: { before: Object.fromEntries(keys.map((k) => [k, row[k]])), after: patch },
      });
    }
    await recordAudits(tctx, audits);
    return items.map((i) => i.id);
  });
  const rows = await ctx.db.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id));
  return toViews(ctx.db, rows, isStaff(actor), ctx.now());
}

/** `POST /invoices/change_status`: payments (partial or in full) and declines; all items or none */
export async function changeStatus(ctx: Ctx, queue: JobQueue, items: StatusItem[]): Promise<Invoice[]> {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    await setActor(tx, actor.id);
    const audits: AuditEntry[] = [];
    const now = ctx.now();
    for (const [index, item] of items.entries()) {
      const loc: Loc = ['body', 'items', index];
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, item.id), scopeWhere(tctx)))
        .for('update');
      if (!row)
        throw new AppError('NOT_FOUND', 'Invoice not found', [
          { msg: `Invoice ${item.id} not found`, type: 'notFound', loc: [...loc, 'id'] },
        ]);
      requireReach(tctx, 'invoice', row.type, 'update');
      if (row.status !== 'unpaid')
        throw AppError.conflict(`Invoice ${row.title} is already ${row.status}`, [
          { msg: `Invoice ${row.title} is already ${row.status}`, type: 'conflict', loc: [...loc, 'status'] },
        ]);
      if (item.status === 'paid') {
        const due = roundMoney(toDecimal(row.amount).minus(toDecimal(row.paidAmount)));
        const amount = item.amount ?? due;
        if (compareMoney(amount, due) > 0)
          throw AppError.validation(
            [{ msg: `Only ${due} ${row.currency} is still due`, type: 'noMore', loc: [...loc, 'amount'] }],
            `Only ${due} ${row.currency} is still due`,
          );
        const paidAt = item.paidAt !== undefined ? new Date(item.paidAt * 1000) : now;
        const after = await recordPayment(tctx, row.id, roundMoney(amount), paidAt, item.reference || null, 'payment');
        audits.push({
          entity: 'invoice',
          entityId: row.id,
          action: 'payment',
          changes: { amount, paidAt: item.paidAt ?? null, reference: item.reference ?? null, status: after.status },
        });
        if (after.status === 'paid')
          await notify(tctx, queue, 'invoice_paid', {
            values: { invoiceId: row.id, amount: normalizeDecimal(row.amount), currency: row.currency },
            audience: row.affiliateId ? [row.affiliateId] : [],
            link: row.affiliateId ? `/billing/invoices/${row.id}` : `/advertiser-billing/adv-invoices/${row.id}`,
            about: invoiceReaders(row.affiliateId),
          });
      } else {
        const pays = await tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, row.id));
        if (pays.some((p) => p.source === 'payment'))
          throw AppError.conflict(`Invoice ${row.title} has payments recorded and cannot be declined`, [
            { msg: 'Payments recorded', type: 'conflict', loc: [...loc, 'status'] },
          ]);
        await tx.update(invoices).set({ status: 'declined', declinedAt: now, updatedAt: now }).where(eq(invoices.id, row.id));
        await tx.update(invoiceItems).set({ live: false }).where(eq(invoiceItems.invoiceId, row.id));
        await syncItems(tx, row.id, 'invoice.declined', actor.id);
        // an advance applied to it goes back to the advance
        const applied = await tx
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.invoiceId, row.id), eq(ledgerEntries.bucket, 'advance')));
        for (const e of applied)
          await tx.insert(ledgerEntries).values({
            ...e,
            id: undefined,
            createdAt: now,
            amount: roundMoney(toDecimal(e.amount).neg()),
            baseAmount: roundMoney(toDecimal(e.baseAmount).neg()),
            kind: 'invoice.declined',
            userId: actor.id,
          });
        audits.push({
          entity: 'invoice',
          entityId: row.id,
          action: 'change_status',
          changes: { before: { status: 'unpaid' }, after: { status: 'declined' }, reason: item.reason ?? null },
        });
      }
    }
    await recordAudits(tctx, audits);
    return items.map((i) => i.id);
  });
  const rows = await ctx.db.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id));
  return toViews(ctx.db, rows, isStaff(actor), ctx.now());
}

/** for the PDF and the payout export: invoices in reach with their views */
export async function viewsInScope(ctx: Ctx, ids: number[]): Promise<Invoice[]> {
  const actor = requireActor(ctx);
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, ids), scopeWhere(ctx)))
    .orderBy(asc(invoices.id));
  return toViews(ctx.db, rows, isStaff(actor), ctx.now());
}

/* -------------------------------------------------------------------------------------------------- automatic invoices */

/** the last complete week (Monday to Sunday) or month before `now` in `zone`, as days */
export function lastPeriod(
  kind: 'weekly' | 'monthly',
  now: Date,
  zone: string,
): { dateFrom: string; dateTo: string; from: Date; to: Date } {
  const local = DateTime.fromJSDate(now, { zone });
  const unit = kind === 'weekly' ? 'week' : 'month';
  const end = local.startOf(unit);
  const start = end.minus(kind === 'weekly' ? { weeks: 1 } : { months: 1 });
  return { dateFrom: start.toISODate()!, dateTo: end.minus({ days: 1 }).toISODate()!, from: start.toJSDate(), to: end.toJSDate() };
}

/**
 * The schedule's run (payment settings autoInvoicePeriod, autoInvoiceAffiliateIds): for each affiliate with approved
 * money, one invoice per currency of its last complete week or month in its own zone, in that currency, unless that
 * period already has a live automatic invoice. Answers how many were made.
 */
export async function runAutoInvoices(ctx: Ctx, queue: JobQueue): Promise<number> {
  const settings = await paymentSettings(ctx);
  if (settings.autoInvoicePeriod === 'off') return 0;
  const kind = settings.autoInvoicePeriod;
  const open = rowsOf<{ party_id: number; currency: string; timezone: string }>(
    await ctx.db.execute(sql`select e.party_id, e.currency, u.timezone from ledger_entries e join users u on u.id = e.party_id
      where e.party_type = 'affiliate' and e.bucket = 'approved' group by e.party_id, e.currency, u.timezone having sum(e.amount) > 0
      order by e.party_id, e.currency`),
  );
  const only = settings.autoInvoiceAffiliateIds ? new Set(settings.autoInvoiceAffiliateIds) : null;
  let made = 0;
  for (const o of open) {
    const partyId = Number(o.party_id);
    if (only && !only.has(partyId)) continue;
    const zone = o.timezone || 'UTC';
    const period = lastPeriod(kind, ctx.now(), zone);
    const [done] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.affiliateId, partyId),
          eq(invoices.origin, 'auto'),
          eq(invoices.currency, o.currency),
          eq(invoices.dateFrom, period.dateFrom),
          sql`${invoices.status} <> 'declined'`,
        ),
      )
      .limit(1);
    if (done) continue;
    const plan: Plan = {
      side: 'affiliate',
      partyId,
      currency: o.currency,
      from: period.from,
      to: period.to,
      sum: null,
      advance: null,
      withdrawalMethodId: null,
      notes: null,
      privateNotes: null,
      dateFrom: period.dateFrom,
      dateTo: period.dateTo,
      timezone: zone,
      origin: 'auto',
      currencyOnly: true,
    };
    try {
      await write(ctx, queue, [plan]);
      made++;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'BUSINESS_RULE') throw err;
    }
  }
  return made;
}
