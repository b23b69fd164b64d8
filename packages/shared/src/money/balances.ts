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
import { listQuerySchema } from '../schemas/common';
import { csvIds } from '../schemas/tags';
import { personRefSchema } from '../schemas/people';
import { zCurrencyCode } from '../schemas/currencies';

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
