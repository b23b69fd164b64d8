/**
 * The money ledger (issue 17): every money movement is an append-only entry written in the same transaction as its
 * cause; balances are sums of entries. Amounts are decimal strings (numeric(20,8)), times are seconds.
 *
 * Buckets: `hold` (pending and hold conversions), `approved` (approved, not in a live invoice; a clawback or a manual
 * adjustment not yet carried by an invoice lowers or raises it), `requested` (in unpaid invoices), `paid` (in paid
 * invoices), `advance` (advertisers: money paid ahead and not yet applied to an invoice).
 */
import { z } from 'zod';
import { toDecimal } from './decimal';
import { zId, zReason } from '../validation';
import { listQuerySchema } from '../common';
import { csvEnum } from '../settings/tags';
import { isDecimal, zCurrencyCode } from './currencies';
import { personRefSchema } from '../people/people';

const m = (message: string) => ({ message });

export const PARTY_TYPES = ['affiliate', 'advertiser'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const LEDGER_BUCKETS = ['hold', 'approved', 'requested', 'paid', 'advance'] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];

/** what caused an entry */
export const LEDGER_KINDS = [
  'conversion.created',
  'conversion.status',
  'conversion.edited',
  'invoice.created',
  'invoice.paid',
  'invoice.declined',
  'advance',
  'advance.applied',
  'adjustment',
  'backfill',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** seconds */
  createdAt: z.number().int(),
  partyType: z.enum(PARTY_TYPES),
  partyId: z.number().int(),
  currency: z.string(),
  bucket: z.enum(LEDGER_BUCKETS),
  /** signed, in `currency` */
  amount: z.string(),
  /** signed, in the base currency at the rate of the cause's time (a conversion's: the conversion's time) */
  baseAmount: z.string(),
  kind: z.enum(LEDGER_KINDS),
  conversionId: z.number().int().nullable(),
  adjustmentId: z.number().int().nullable(),
  invoiceId: z.number().int().nullable(),
  /** who caused it (null: the system, e.g. a postback or a job); staff only, else only when it is the reader */
  userId: z.number().int().nullable(),
  /** that user, for "by whom" */
  user: personRefSchema.nullable(),
  /** the manual adjustment's reason (its entries only; staff only) */
  reason: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const zQuerySeconds = () => z.coerce.number(m('number')).int(m('number')).min(0, m('min')).max(253402300799, m('noMore'));

/**
 * `GET /balances/affiliates/:id/entries` and `/balances/advertisers/:id/entries`: the entries behind a balance's
 * figures, newest first (orderBy id|createdAt), filtered by bucket, currency, kind, conversion, invoice, time range.
 */
export const ledgerEntryListQuery = listQuerySchema.extend({
  bucket: csvEnum(LEDGER_BUCKETS).optional(),
  kind: csvEnum(LEDGER_KINDS).optional(),
  currency: zCurrencyCode().optional(),
  conversionId: zId().optional(),
  invoiceId: zId().optional(),
  from: zQuerySeconds().optional(),
  to: zQuerySeconds().optional(),
});
export type LedgerEntryListQuery = z.input<typeof ledgerEntryListQuery>;

/** a signed money amount, not zero, at most 8 decimals and 12 integer digits */
export const zSignedAmount = () =>
  z
    .union([z.string(), z.number()], m('floatNumber'))
    .transform((v) => String(v).trim().replace(',', '.'))
    .superRefine((v, ctx) => {
      const frac = /^[-+]?\d+\.(\d+)$/.exec(v)?.[1];
      if (frac && frac.length > 8) return ctx.addIssue({ code: 'custom', message: 'floatLimit' });
      if (!/^[-+]?\d+(\.\d+)?$/.test(v) || !isDecimal(v)) return ctx.addIssue({ code: 'custom', message: 'floatNumber' });
      if (
        v
          .replace(/^[-+]/, '')
          .split('.')[0]
          .replace(/^0+(?=\d)/, '').length > 12
      )
        return ctx.addIssue({ code: 'custom', message: 'noMore' });
      if (toDecimal(v).isZero()) ctx.addIssue({ code: 'custom', message: 'required' });
    });

/** a positive money amount, at most 8 decimals and 12 integer digits */
export const zPositiveAmount = () =>
  zSignedAmount().superRefine((v, ctx) => {
    if (isDecimal(v) && toDecimal(v).lt(0)) ctx.addIssue({ code: 'custom', message: 'min' });
  });

/**
 * `PUT /balances/adjustments {items:[...]}` (staff with balance.affiliate.update / balance.advertiser.update): a manual
 * correction of a party's approved balance in one currency, signed, with a mandatory reason; audited. The next
 * invoice of that party carries it.
 */
export const adjustmentCreateItem = z
  .object({
    affiliateId: zId().optional(),
    advertiserId: zId().optional(),
    currency: zCurrencyCode(),
    amount: zSignedAmount(),
    reason: zReason(),
  })
  .superRefine((v, ctx) => {
    if ((v.affiliateId === undefined) === (v.advertiserId === undefined))
      ctx.addIssue({ code: 'custom', message: 'required', path: [v.affiliateId === undefined ? 'affiliateId' : 'advertiserId'] });
  });
export type AdjustmentCreateItem = z.input<typeof adjustmentCreateItem>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  partyType: z.enum(PARTY_TYPES),
  partyId: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  baseAmount: z.string(),
  reason: z.string(),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
  /** the live invoice that carries it, if any */
  invoiceId: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
