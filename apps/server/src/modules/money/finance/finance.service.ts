/**
 * `/finance` (issue 17): what the network owes and is owed, by month of the conversions (in the asking user's zone)
 * and currency — payable (approved payouts not yet paid), paid, receivable (approved revenue not yet paid by the
 * advertiser), received, profit (approved revenue minus approved payout) — and the unpaid invoices to act on.
 * Staff holding balance.affiliate.read and balance.advertiser.read (revenue is the advertiser side).
 */
import { addMoney, roundMoney, toDecimal, type FinanceMonth, type financeSummaryQuery } from '@leadgrid/shared';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { requireActor, type Ctx } from '../../../http/context';
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
  const rows = rowsOf<{ m: string; currency: string; payable: string; paid: string; receivable: string; received: string }>(
    await ctx.db.execute(sql`with c as (
        select to_char(c.created_at at time zone ${zone}, 'YYYY-MM') as m, c.payout, c.payout_currency, c.revenue, c.revenue_currency,
          exists (select 1 from invoice_items ii join invoices i on i.id = ii.invoice_id where ii.live and ii.kind = 'conversion'
            and ii.conversion_id = c.id and ii.party_type = 'affiliate' and i.status = 'paid') as paid_out,
          exists (select 1 from invoice_items ii join invoices i on i.id = ii.invoice_id where ii.live and ii.kind = 'conversion'
            and ii.conversion_id = c.id and ii.party_type = 'advertiser' and i.status = 'paid') as paid_in
        from conversions c
        where c.status = 3 and c.created_at >= ${from.toJSDate()} and c.created_at < ${to.toJSDate()}
      ), x as (
        select m, payout_currency as currency, case when paid_out then 0 else payout end as payable, case when paid_out then payout else 0 end as paid,
          0::numeric as receivable, 0::numeric as received from c
        union all
        select m, revenue_currency, 0, 0, case when paid_in then 0 else revenue end, case when paid_in then revenue else 0 end from c
      )
      select m, currency, sum(payable)::text as payable, sum(paid)::text as paid, sum(receivable)::text as receivable, sum(received)::text as received
      from x ${q.currency ? sql`where currency = ${q.currency}` : sql``} group by m, currency order by m desc, currency`),
  );
  const items: FinanceMonth[] = rows.map((r) => ({
    month: r.m,
    currency: r.currency,
    payable: roundMoney(r.payable),
    receivable: roundMoney(r.receivable),
    paid: roundMoney(r.paid),
    received: roundMoney(r.received),
    profit: roundMoney(toDecimal(addMoney(r.receivable, r.received)).minus(toDecimal(addMoney(r.payable, r.paid)))),
  }));
  const unpaid = async (type: 'affiliate' | 'advertiser') =>
    (await ctx.db.select({ n: count() }).from(invoices).where(and(eq(invoices.type, type), eq(invoices.status, 'unpaid'))))[0].n;
  const [overdue] = await ctx.db.select({ n: count() }).from(invoices).where(and(eq(invoices.status, 'unpaid'), lt(invoices.dueAt, ctx.now())));
  return { items, unpaid: { affiliate: await unpaid('affiliate'), advertiser: await unpaid('advertiser'), overdue: overdue.n } };
}
