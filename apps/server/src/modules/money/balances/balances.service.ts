/**
 * Balances (issue 17): each party's figures are sums of its ledger entries — totals from the entries' base amounts,
 * the breakdown per currency from their amounts. Advertisers also show `advance` (paid ahead, not yet applied, less the
 * approved revenue waiting for an invoice that will consume it) and `advanceHold` (the part of it covering revenue on
 * hold). Manual adjustments are written here: a row with its reason, its ledger entries and an audit entry, together.
 *
 * Scope: money.scope.ts.
 */
import {
  Dec,
  normalizeDecimal,
  roundMoney,
  toDecimal,
  type AdvertiserBalance,
  type AdvertiserFigures,
  type AffiliateBalance,
  type AffiliateFigures,
  type ApiErrorItem,
  type LedgerEntry,
  type OwnBalance,
  type PartyType,
  type adjustmentCreateItem,
  type balanceListQuery,
  type ledgerEntryListQuery,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { advertisers, currencies, roles, users } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { recordAudits } from '../../../lib/audit';
import { baseCurrencyCode } from '../currencies';
import { invoices, ledgerAdjustments, ledgerEntries, partyFigures, setActor, sync, type Figures, type PartyFigures } from '../ledger';
import { get as paymentSettings } from '../payment-settings';
import { loadRates } from '../money.rates';
import { affiliateWhere, isAffiliate, isStaff, requireReach } from '../money.scope';
import { ilikeContains } from '../../../lib/search';

type ListInput = z.infer<typeof balanceListQuery>;
type EntryQuery = z.infer<typeof ledgerEntryListQuery>;
type AdjustmentInput = z.infer<typeof adjustmentCreateItem>;

const sumOf = (bucket: string) => sql`coalesce(sum(${ledgerEntries.baseAmount}) filter (where ${ledgerEntries.bucket} = ${bucket}), 0)`;
const totals = {
  hold: sumOf('hold'),
  approved: sumOf('approved'),
  requested: sumOf('requested'),
  paid: sumOf('paid'),
};

const LIST: ListSpec = {
  orderBy: { id: sql`p.id`, hold: sql`hold`, approved: sql`approved`, requested: sql`requested`, paid: sql`paid` },
  defaultOrder: 'approved:desc',
};

const affFigures = (f: Figures): AffiliateFigures => ({ hold: f.hold, approved: f.approved, requested: f.requested, paid: f.paid });
type D = ReturnType<typeof toDecimal>;
const max0 = (v: D) => (v.isNegative() ? new Dec(0) : v);
const minDec = (a: D, b: D) => (a.lt(b) ? a : b);

/** advance: paid ahead, not yet applied to an invoice, less the approved revenue waiting to consume it */
function advFigures(f: Figures): AdvertiserFigures {
  const advance = max0(toDecimal(f.advance).minus(max0(toDecimal(f.approved))));
  const advanceHold = minDec(advance, max0(toDecimal(f.hold)));
  return { ...affFigures(f), advance: roundMoney(advance), advanceHold: roundMoney(advanceHold) };
}

async function symbolOf(db: DbOrTx, code: string): Promise<string> {
  const [row] = await db.select({ symbol: currencies.symbol }).from(currencies).where(eq(currencies.code, code));
  return row?.symbol ?? code;
}

function breakdownOf<T>(p: PartyFigures | undefined, shape: (f: Figures) => T): (T & { currency: string })[] {
  if (!p) return [];
  return [...p.currencies.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, f]) => ({ currency, ...shape(f) }));
}

/* ------------------------------------------------------------------------------------------------------- affiliates */

function affiliatePartyWhere(ctx: Ctx, q: ListInput, search: string | undefined): SQL | undefined {
  return and(
    affiliateWhere(ctx, users.id, 'balance'),
    sql`exists (select 1 from ${roles} r where r.id = ${users.roleId} and r.type = 'affiliate')`,
    q.affiliateId?.length ? inArray(users.id, q.affiliateId) : undefined,
    search
      ? or(
          ilikeContains(users.email, search),
          ilikeContains(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
          /^\d{1,9}$/.test(search) ? eq(users.id, Number(search)) : undefined,
        )
      : undefined,
  );
}

async function listParties(ctx: Ctx, side: PartyType, q: ListInput) {
  const p = parseList(q, LIST);
  const sums = ctx.db
    .select({
      partyId: ledgerEntries.partyId,
      hold: totals.hold.as('hold'),
      approved: totals.approved.as('approved'),
      requested: totals.requested.as('requested'),
      paid: totals.paid.as('paid'),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.partyType, side), q.currency ? eq(ledgerEntries.currency, q.currency) : undefined))
    .groupBy(ledgerEntries.partyId)
    .as('s');
  const party = side === 'affiliate' ? users : advertisers;
  const where =
    side === 'affiliate'
      ? affiliatePartyWhere(ctx, q, p.search)
      : and(
          q.advertiserId?.length ? inArray(advertisers.id, q.advertiserId) : undefined,
          p.search ? ilikeContains(advertisers.title, p.search) : undefined,
        );
  const withEmpty = q.withEmpty === '1' && !q.currency;
  const from = ctx.db
    .select({
      id: sql<number>`${party.id}`.as('pid'),
      hold: sql<string>`coalesce(${sums.hold}, 0)`.as('hold'),
      approved: sql<string>`coalesce(${sums.approved}, 0)`.as('approved'),
      requested: sql<string>`coalesce(${sums.requested}, 0)`.as('requested'),
      paid: sql<string>`coalesce(${sums.paid}, 0)`.as('paid'),
    })
    .from(party);
  const base = (withEmpty ? from.leftJoin(sums, eq(sums.partyId, party.id)) : from.innerJoin(sums, eq(sums.partyId, party.id)))
    .where(where)
    .as('p');
  const order = p.order;
  const rows = await ctx.db
    .select({ id: sql<number>`p.pid` })
    .from(base)
    .orderBy(sql`${order}`, asc(sql`p.pid`))
    .limit(p.limit)
    .offset(p.offset);
  const ids = rows.map((r) => Number(r.id));
  const meta = p.withMeta ? { totalCount: (await ctx.db.select({ n: count() }).from(base))[0].n } : undefined;
  return { ids, meta };
}

async function affiliateBalances(ctx: Ctx, ids: number[]): Promise<AffiliateBalance[]> {
  if (!ids.length) return [];
  const base = await baseCurrencyCode(ctx);
  const [figures, people, symbol] = await Promise.all([
    partyFigures(ctx.db, 'affiliate', ids),
    ctx.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, ids)),
    symbolOf(ctx.db, base),
  ]);
  const person = new Map(people.map((x) => [x.id, x]));
  return ids.map((id) => {
    const f = figures.get(id);
    return {
      affiliateId: id,
      affiliate: person.get(id) ?? null,
      baseCurrency: base,
      baseCurrencySymbol: symbol,
      ...affFigures(f?.base ?? zero()),
      breakdown: breakdownOf(f, affFigures),
    };
  });
}

const zero = (): Figures => ({ hold: '0', approved: '0', requested: '0', paid: '0', advance: '0' });

export async function listAffiliates(ctx: Ctx, q: ListInput): Promise<{ items: AffiliateBalance[]; meta?: { totalCount: number } }> {
  requireReach(ctx, 'balance', 'affiliate');
  const { ids, meta } = await listParties(ctx, 'affiliate', q);
  return { items: await affiliateBalances(ctx, ids), ...(meta ? { meta } : {}) };
}

/** one affiliate in reach (an affiliate: itself), else 404 */
async function requireAffiliate(ctx: Ctx, id: number): Promise<void> {
  requireReach(ctx, 'balance', 'affiliate');
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        affiliateWhere(ctx, users.id, 'balance'),
        sql`exists (select 1 from ${roles} r where r.id = ${users.roleId} and r.type = 'affiliate')`,
      ),
    );
  if (!row) throw AppError.notFound('Affiliate');
}

export async function getAffiliate(ctx: Ctx, id: number): Promise<AffiliateBalance> {
  await requireAffiliate(ctx, id);
  return (await affiliateBalances(ctx, [id]))[0];
}

/** `GET /balances/my`: the signed-in affiliate's own balance, with what its withdrawal request needs */
export async function mine(ctx: Ctx): Promise<OwnBalance> {
  const actor = requireActor(ctx);
  if (!isAffiliate(actor)) throw AppError.notFound('Balance');
  const [balance, settings, [pending]] = await Promise.all([
    affiliateBalances(ctx, [actor.id]),
    paymentSettings(ctx),
    // what its unpaid withdrawal requests still ask for, in the base currency (a partial payment lowers it)
    ctx.db
      .select({
        v: sql<string>`coalesce(sum(${invoices.baseAmount} * (1 - ${invoices.paidAmount} / nullif(${invoices.amount}, 0))), 0)::text`,
      })
      .from(invoices)
      .where(and(eq(invoices.affiliateId, actor.id), eq(invoices.status, 'unpaid'), eq(invoices.origin, 'withdrawal'))),
  ]);
  return {
    ...balance[0],
    minPayoutAmount: settings.minPayoutAmount,
    withdrawalPending: roundMoney(pending?.v ?? '0'),
    allowSecondWithdrawal: settings.allowSecondWithdrawal,
  };
}

/* ------------------------------------------------------------------------------------------------------ advertisers */

async function advertiserBalances(ctx: Ctx, ids: number[]): Promise<AdvertiserBalance[]> {
  if (!ids.length) return [];
  const base = await baseCurrencyCode(ctx);
  const [figures, rows, symbol] = await Promise.all([
    partyFigures(ctx.db, 'advertiser', ids),
    ctx.db.select({ id: advertisers.id, title: advertisers.title }).from(advertisers).where(inArray(advertisers.id, ids)),
    symbolOf(ctx.db, base),
  ]);
  const adv = new Map(rows.map((x) => [x.id, x]));
  return ids.map((id) => {
    const f = figures.get(id);
    return {
      advertiserId: id,
      advertiser: adv.get(id) ?? null,
      baseCurrency: base,
      baseCurrencySymbol: symbol,
      ...advFigures(f?.base ?? zero()),
      breakdown: breakdownOf(f, advFigures),
    };
  });
}

export async function listAdvertisers(ctx: Ctx, q: ListInput): Promise<{ items: AdvertiserBalance[]; meta?: { totalCount: number } }> {
  requireReach(ctx, 'balance', 'advertiser');
  const { ids, meta } = await listParties(ctx, 'advertiser', q);
  return { items: await advertiserBalances(ctx, ids), ...(meta ? { meta } : {}) };
}

export async function getAdvertiser(ctx: Ctx, id: number): Promise<AdvertiserBalance> {
  requireReach(ctx, 'balance', 'advertiser');
  const [row] = await ctx.db.select({ id: advertisers.id }).from(advertisers).where(eq(advertisers.id, id));
  if (!row) throw AppError.notFound('Advertiser');
  return (await advertiserBalances(ctx, [id]))[0];
}

/* ---------------------------------------------------------------------------------------------------------- entries */

const ENTRY_LIST: ListSpec = { orderBy: { id: ledgerEntries.id, createdAt: ledgerEntries.createdAt }, defaultOrder: 'id:desc' };

/** `GET /balances/{affiliates|advertisers}/:id/entries`: the entries behind the figures */
export async function entries(
  ctx: Ctx,
  side: PartyType,
  id: number,
  q: EntryQuery,
): Promise<{ items: LedgerEntry[]; meta?: { totalCount: number } }> {
  if (side === 'affiliate') await requireAffiliate(ctx, id);
  else await getAdvertiser(ctx, id);
  const p = parseList(q, ENTRY_LIST);
  const where = and(
    eq(ledgerEntries.partyType, side),
    eq(ledgerEntries.partyId, id),
    q.bucket?.length ? inArray(ledgerEntries.bucket, q.bucket) : undefined,
    q.kind?.length ? inArray(ledgerEntries.kind, q.kind) : undefined,
    q.currency ? eq(ledgerEntries.currency, q.currency) : undefined,
    q.conversionId ? eq(ledgerEntries.conversionId, q.conversionId) : undefined,
    q.invoiceId ? eq(ledgerEntries.invoiceId, q.invoiceId) : undefined,
    q.from !== undefined ? gte(ledgerEntries.createdAt, new Date(q.from * 1000)) : undefined,
    q.to !== undefined ? lt(ledgerEntries.createdAt, new Date(q.to * 1000)) : undefined,
  );
  const rows = await ctx.db
    .select({
      e: ledgerEntries,
      reason: ledgerAdjustments.reason,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(ledgerEntries)
    .leftJoin(ledgerAdjustments, eq(ledgerAdjustments.id, ledgerEntries.adjustmentId))
    .leftJoin(users, eq(users.id, ledgerEntries.userId))
    .where(where)
    .orderBy(p.order, desc(ledgerEntries.id))
    .limit(p.limit)
    .offset(p.offset);
  // affiliates see neither the staff behind an entry nor an adjustment's reason (as on their invoices)
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  const items: LedgerEntry[] = rows.map(({ e: r, reason, user }) => {
    const shown = staff || r.userId === actor.id;
    return {
      id: r.id,
      createdAt: toSeconds(r.createdAt)!,
      partyType: r.partyType,
      partyId: r.partyId,
      currency: r.currency,
      bucket: r.bucket,
      amount: normalizeDecimal(r.amount),
      baseAmount: normalizeDecimal(r.baseAmount),
      kind: r.kind as LedgerEntry['kind'],
      conversionId: r.conversionId,
      adjustmentId: r.adjustmentId,
      invoiceId: r.invoiceId,
      userId: shown ? r.userId : null,
      user: shown && user?.id != null ? user : null,
      reason: staff ? reason : null,
    };
  });
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(ledgerEntries).where(where);
  return { items, meta: { totalCount: n } };
}

/* ------------------------------------------------------------------------------------------------------ adjustments */

/** `PUT /balances/adjustments`: all items or none; each with its entries and an audit entry */
export async function adjust(ctx: Ctx, items: AdjustmentInput[]): Promise<{ id: number; partyType: PartyType; partyId: number }[]> {
  const actor = requireActor(ctx);
  const errors: ApiErrorItem[] = [];
  for (const [index, item] of items.entries()) {
    const side: PartyType = item.affiliateId !== undefined ? 'affiliate' : 'advertiser';
    requireReach(ctx, 'balance', side, 'update');
    const id = (item.affiliateId ?? item.advertiserId)!;
    const field = side === 'affiliate' ? 'affiliateId' : 'advertiserId';
    try {
      if (side === 'affiliate') await requireAffiliate(ctx, id);
      else await getAdvertiser(ctx, id);
    } catch {
      throw new AppError('NOT_FOUND', `${side === 'affiliate' ? 'Affiliate' : 'Advertiser'} not found`, [
        { msg: `${id} not found`, type: 'notFound', loc: ['body', 'items', index, field] },
      ]);
    }
    const [c] = await ctx.db.select({ status: currencies.status }).from(currencies).where(eq(currencies.code, item.currency));
    if (!c) errors.push({ msg: 'Choose a known currency', type: 'notFound', loc: ['body', 'items', index, 'currency'] });
  }
  if (errors.length) throw AppError.validation(errors, errors[0].msg);
  const base = await baseCurrencyCode(ctx);
  return ctx.db.transaction(async (tx) => {
    await setActor(tx, actor.id);
    const now = ctx.now();
    const rates = await loadRates(tx, [base, ...items.map((i) => i.currency)]);
    const rows = await tx
      .insert(ledgerAdjustments)
      .values(
        items.map((item) => ({
          partyType: (item.affiliateId !== undefined ? 'affiliate' : 'advertiser') as PartyType,
          partyId: (item.affiliateId ?? item.advertiserId)!,
          currency: item.currency,
          amount: roundMoney(item.amount),
          baseAmount: rates.convert(item.amount, item.currency, base, now),
          reason: item.reason,
          createdAt: now,
          createdBy: actor.id,
        })),
      )
      .returning();
    await sync(tx, { adjustmentIds: rows.map((r) => r.id), kind: 'adjustment', userId: actor.id });
    await recordAudits(
      { ...ctx, db: tx },
      rows.map((r) => ({
        entity: 'ledger_adjustment',
        entityId: r.id,
        action: 'create',
        changes: {
          after: { partyType: r.partyType, partyId: r.partyId, currency: r.currency, amount: normalizeDecimal(r.amount), reason: r.reason },
        },
      })),
    );
    return rows.map((r) => ({ id: r.id, partyType: r.partyType, partyId: r.partyId }));
  });
}
