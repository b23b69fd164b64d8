/**
 * Balances (issue 17): per party, derived from the ledger (ledger.ts). Totals are in the base currency (each entry's
 * base amount, at the rate of its cause's time); `breakdown` has one line per currency in that currency.
 *
 * - `GET /balances/affiliates` (balance.affiliate.read; managers with affiliate.assigned.read only their affiliates)
 *   and `GET /balances/affiliates/:id` -> `data.items[0]`; an affiliate reads its own through `GET /balances/my`
 *   (no permission; another affiliate's id is a 404).
 * - `GET /balances/advertisers` and `/balances/advertisers/:id` (balance.advertiser.read).
 * - `GET /balances/affiliates/:id/entries`, `/balances/advertisers/:id/entries`: the entries behind the figures.
 */
import { z } from 'zod';
import { Dec, roundMoney, toDecimal, type DecimalValue } from './decimal';
import { listQuerySchema } from '../common';
import { csvIds } from '../settings/tags';
import { personRefSchema } from '../people/people';
import { zCurrencyCode } from './currencies';

const m = (message: string) => ({ message });

export const affiliateFiguresSchema = z.object({
  /** pending and hold payouts */
  hold: z.string(),
  /** approved, not in a live invoice (clawbacks and adjustments not yet carried included; may be negative) */
  approved: z.string(),
  /** in unpaid invoices (the requested withdrawal) */
  requested: z.string(),
  paid: z.string(),
});
export type AffiliateFigures = z.infer<typeof affiliateFiguresSchema>;

export const advertiserFiguresSchema = affiliateFiguresSchema.extend({
  /** money the advertiser paid ahead, not yet earned by approved revenue */
  advance: z.string(),
  /** the part of the advance covering revenue still on hold */
  advanceHold: z.string(),
});
export type AdvertiserFigures = z.infer<typeof advertiserFiguresSchema>;

export const affiliateBalanceSchema = affiliateFiguresSchema.extend({
  affiliateId: z.number().int(),
  affiliate: personRefSchema.nullable(),
  baseCurrency: z.string(),
  baseCurrencySymbol: z.string(),
  /** one line per currency, amounts in that currency */
  breakdown: z.array(affiliateFiguresSchema.extend({ currency: z.string() })),
});
export type AffiliateBalance = z.infer<typeof affiliateBalanceSchema>;

/**
 * `GET /balances/my`: the affiliate's own balance and what its withdrawal request needs: the network's minimum payout
 * (base currency), the amount of its withdrawal requests still unpaid (base currency) and whether a second request
 * may be made while one is unpaid.
 */
export const ownBalanceSchema = affiliateBalanceSchema.extend({
  minPayoutAmount: z.string(),
  withdrawalPending: z.string(),
  allowSecondWithdrawal: z.boolean(),
});
export type OwnBalance = z.infer<typeof ownBalanceSchema>;

export const advertiserBalanceSchema = advertiserFiguresSchema.extend({
  advertiserId: z.number().int(),
  advertiser: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  baseCurrency: z.string(),
  baseCurrencySymbol: z.string(),
  breakdown: z.array(advertiserFiguresSchema.extend({ currency: z.string() })),
});
export type AdvertiserBalance = z.infer<typeof advertiserBalanceSchema>;

export const BALANCE_ORDER_FIELDS = ['id', 'hold', 'approved', 'requested', 'paid'] as const;

/**
 * The balance lists: the parties with at least one entry (`withEmpty=1`: every party in scope), `search` on the name
 * or e-mail (advertisers: title), `orderBy` id|hold|approved|requested|paid (base currency; default approved:desc).
 */
export const balanceListQuery = listQuerySchema.extend({
  affiliateId: csvIds().optional(),
  advertiserId: csvIds().optional(),
  /** parties with an amount in this currency only */
  currency: zCurrencyCode().optional(),
  withEmpty: z.enum(['0', '1'], m('pattern')).optional(),
});
export type BalanceListQuery = z.input<typeof balanceListQuery>;

/**
 * An advertiser's advance in one currency, per paid advance invoice (docs/decisions/money.md "advanceHold"): invoices
 * apply the advance oldest first, so what is left (`remaining`, the advance bucket) belongs to the newest advances;
 * of what is left, the approved revenue waiting for an invoice takes the oldest first, then the revenue on hold the
 * next. Answers per advance (in the order given, oldest first) what is left of it and the part covering revenue on
 * hold. The sum of `hold` is the balance's `advanceHold`: min(max(remaining - max(approved, 0), 0), max(hold, 0)).
 */
export function allocateAdvance(
  advances: readonly { id: number; amount: DecimalValue }[],
  remaining: DecimalValue,
  approved: DecimalValue,
  hold: DecimalValue,
): Map<number, { left: string; hold: string }> {
  const zero = new Dec(0);
  const max0 = (v: ReturnType<typeof toDecimal>) => (v.isNegative() ? zero : v);
  const total = advances.reduce((s, a) => s.plus(toDecimal(a.amount)), new Dec(0));
  let used = max0(total.minus(toDecimal(remaining)));
  let waiting = max0(toDecimal(approved));
  let onHold = max0(toDecimal(hold));
  const out = new Map<number, { left: string; hold: string }>();
  for (const a of advances) {
    const amount = toDecimal(a.amount);
    const spent = Dec.min(amount, used);
    used = used.minus(spent);
    let left = amount.minus(spent);
    const forApproved = Dec.min(left, waiting);
    waiting = waiting.minus(forApproved);
    left = left.minus(forApproved);
    const forHold = Dec.min(left, onHold);
    onHold = onHold.minus(forHold);
    out.set(a.id, { left: roundMoney(amount.minus(spent)), hold: roundMoney(forHold) });
  }
  return out;
}
