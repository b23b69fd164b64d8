/**
 * `/finance` (issue 17): what the network owes and is owed, by month of the conversions (in the asking user's zone) —
 * payable (approved payouts not yet paid), paid, receivable (approved revenue not yet paid by the advertiser),
 * received, profit (approved revenue minus approved payout) — and the unpaid invoices to act on. The figures are sums
 * of ledger entries (so clawbacks and manual adjustments count, the latter by the month they were made): in the base
 * currency (the entries' base amounts, at the rates of each conversion's time) by default, or in one currency's own
 * amounts when `currency` is asked for.
 * Staff holding balance.affiliate.read and balance.advertiser.read (revenue is the advertiser side).
 */
import { addMoney, roundMoney, toDecimal, type FinanceMonth, type financeSummaryQuery } from '@leadgrid/shared';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { requireActor, type Ctx } from '../../../http/context';
import { baseCurrencyCode } from '../currencies';
import { AppError } from '../../../http/errors';
import { invoices, rowsOf } from '../ledger';
import { requireReach } from '../money.scope';

type Query = z.infer<typeof financeSummaryQuery>;

function monthStart(month: string | undefined, zone: string, fallback: DateTime, loc: string): DateTime {
  if (!month) return fallback;
  const d = DateTime.fromFormat(month, 'yyyy-MM', { zone });
  if (!d.isValid) throw AppError.field(['querystring', loc], 'pattern');
  return d.startOf('month');
}

export async function summary(ctx: Ctx, q: Query) {
  const actor = requireActor(ctx);
  requireReach(ctx, 'balance', 'affiliate');
  requireReach(ctx, 'balance', 'advertiser');
  const zone = q.timezone || actor.timezone || 'UTC';
  const now = DateTime.fromJSDate(ctx.now(), { zone });
  const to = monthStart(q.monthTo, zone, now.startOf('month'), 'monthTo').plus({ months: 1 });
  const from = monthStart(q.monthFrom, zone, to.minus({ months: 12 }), 'monthFrom');
  if (from >= to) throw AppError.field(['querystring', 'monthTo'], 'more');
  const base = await baseCurrencyCode(ctx);
  // the entries of the conversions created in the range (by the conversions' index) and of the adjustments made in it;
  // hold and advance are not money owed
  const value = q.currency ? sql.raw('e.amount') : sql.raw('e.base_amount');
  const inCurrency = q.currency ? sql`and e.currency = ${q.currency}` : sql``;
  const rows = rowsOf<{ m: string; payable: string; paid: string; receivable: string; received: string }>(
    await ctx.db.execute(sql`with x as (
        select to_char(c.created_at at time zone ${zone}, 'YYYY-MM') as m, e.party_type, e.bucket, ${value} as v
        from conversions c join ledger_entries e on e.conversion_id = c.id
        where c.created_at >= ${from.toJSDate()} and c.created_at < ${to.toJSDate()} and e.bucket in ('approved', 'requested', 'paid') ${inCurrency}
        union all
        select to_char(j.created_at at time zone ${zone}, 'YYYY-MM'), e.party_type, e.bucket, ${value}
        from ledger_adjustments j join ledger_entries e on e.adjustment_id = j.id
        where j.created_at >= ${from.toJSDate()} and j.created_at < ${to.toJSDate()} and e.bucket in ('approved', 'requested', 'paid') ${inCurrency}
      )
      select m,
        coalesce(sum(v) filter (where party_type = 'affiliate' and bucket <> 'paid'), 0)::text as payable,
        coalesce(sum(v) filter (where party_type = 'affiliate' and bucket = 'paid'), 0)::text as paid,
        coalesce(sum(v) filter (where party_type = 'advertiser' and bucket <> 'paid'), 0)::text as receivable,
        coalesce(sum(v) filter (where party_type = 'advertiser' and bucket = 'paid'), 0)::text as received
      from x group by m order by m desc`),
  );
  const items: FinanceMonth[] = rows.map((r) => ({
    month: r.m,
    currency: q.currency ?? base,
    payable: roundMoney(r.payable),
    receivable: roundMoney(r.receivable),
    paid: roundMoney(r.paid),
    received: roundMoney(r.received),
    profit: roundMoney(toDecimal(addMoney(r.receivable, r.received)).minus(toDecimal(addMoney(r.payable, r.paid)))),
  }));
  const unpaid = async (type: 'affiliate' | 'advertiser') =>
    (
      await ctx.db
        .select({ n: count() })
        .from(invoices)
        .where(and(eq(invoices.type, type), eq(invoices.status, 'unpaid')))
    )[0].n;
  const [overdue] = await ctx.db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.status, 'unpaid'), lt(invoices.dueAt, ctx.now())));
  return { items, unpaid: { affiliate: await unpaid('affiliate'), advertiser: await unpaid('advertiser'), overdue: overdue.n } };
}
