/**
 * Invoices (issue 17). An affiliate invoice is what the network pays an affiliate; an advertiser invoice what an
 * advertiser pays the network. Statuses: unpaid -> paid | declined (declined frees its conversions). Amounts are
 * decimal strings in the invoice's currency; times are seconds; days `yyyy-MM-dd` are read in the asking user's zone.
 *
 * API:
 * - `PUT /invoices {items:[invoiceCreateItem]}` (invoice.affiliate.update / invoice.advertiser.update) -> data.items
 * - `PUT /invoices/withdrawals {items:[withdrawalRequestItem]}` (an affiliate, for itself; no permission)
 * - `PATCH /invoices {items:[invoiceEditItem]}`
 * - `POST /invoices/change_status {items:[invoiceStatusItem]}`
 * - `GET /invoices` (invoiceListQuery; `status=unpaid&type=affiliate&limit=1&withMeta=1` gives the unpaid count in
 *   meta.totalCount), `GET /invoices/:id` (with conversions and carried adjustments)
 * - `GET /invoices/:id/pdf` (application/pdf)
 * - `POST /invoices/payout_export {data:{ids}}` (text/csv): selected unpaid affiliate invoices with withdrawal details
 * - `GET /finance/summary` (financeSummaryQuery) -> by month and currency
 * Affiliates read their own invoices (no permission); `privateNotes` is absent from their answers.
 */
import { z } from 'zod';
import { toDecimal } from './decimal';
import { zId } from '../validation';
import { listQuerySchema } from '../common';
import { csvIds } from '../settings/tags';
import { personRefSchema } from '../people/people';
import { isDecimal, zCurrencyCode } from './currencies';
import { zPositiveAmount } from './ledger';

const m = (message: string) => ({ message });

export const INVOICE_STATUSES = ['unpaid', 'paid', 'declined'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_TYPES = ['affiliate', 'advertiser'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_NOTES_MAX = 2000;
export const INVOICE_REFERENCE_MAX = 200;

const ref = z.object({ id: z.number().int(), title: z.string() });

export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  /** seconds */
  paidAt: z.number().int(),
  reference: z.string().nullable(),
  /** 'payment' or 'advance' (applied from the advertiser's advance) */
  source: z.enum(['payment', 'advance']),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** one conversion of an invoice: its own amount and currency, and what it counts for in the invoice's currency */
export const invoiceConversionSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  status: z.number().int(),
  offer: ref.nullable(),
  goal: ref.nullable(),
  /** payout (affiliate invoice) or revenue (advertiser invoice) taken, in `currency` */
  amount: z.string(),
  currency: z.string(),
  /** the same in the invoice's currency, at the rates of the conversion's time */
  invoiceAmount: z.string(),
});
export type InvoiceConversion = z.infer<typeof invoiceConversionSchema>;

/** a clawback (a change to a conversion already invoiced) or a manual adjustment carried by the invoice */
export const invoiceAdjustmentSchema = z.object({
  kind: z.enum(['clawback', 'adjustment']),
  conversionId: z.number().int().nullable(),
  adjustmentId: z.number().int().nullable(),
  reason: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  invoiceAmount: z.string(),
});
export type InvoiceAdjustment = z.infer<typeof invoiceAdjustmentSchema>;

export const invoiceWithdrawalMethodSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  paymentMethod: z.object({ id: z.number().int(), title: z.string() }),
  values: z.record(z.string(), z.string()),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  /** the payment settings' prefix and a number, e.g. 'INV-000123' */
  title: z.string(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  affiliateId: z.number().int().nullable(),
  affiliate: personRefSchema.nullable(),
  /** staff only */
  advertiserId: z.number().int().nullable().optional(),
  advertiser: ref.nullable().optional(),
  /** what the invoice asks for, in `currency` (conversions + carried adjustments, or the advance) */
  amount: z.string(),
  /** the sum of the payments recorded (the invoice is paid once it covers `amount`) */
  paidAmount: z.string(),
  currency: z.string(),
  /** units of `currency` for one unit of the base currency when the invoice was made */
  rate: z.string(),
  baseCurrency: z.string(),
  /** `amount` in the base currency */
  baseAmount: z.string(),
  conversionsCount: z.number().int(),
  /** advertiser advance: the amount paid ahead (no conversions) */
  advanceAmount: z.string().nullable(),
  /** the part of that advance covering revenue still on hold */
  advanceAmountHold: z.string().nullable(),
  /** the period asked for (days in the creator's zone), null when made by sum */
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  /** seconds: creation + paymentTermsDays */
  dueAt: z.number().int(),
  /** unpaid after its due date */
  overdue: z.boolean(),
  withdrawalMethodId: z.number().int().nullable(),
  withdrawalMethod: invoiceWithdrawalMethodSchema.nullable(),
  notes: z.string().nullable(),
  /** staff only: absent from affiliates' answers */
  privateNotes: z.string().nullable().optional(),
  /** seconds: when it became paid (the last payment's paidAt) */
  paidAt: z.number().int().nullable(),
  /** the last payment's transaction reference */
  reference: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
  /** 'manual' (staff), 'withdrawal' (the affiliate's request), 'auto' (the schedule) */
  origin: z.enum(['manual', 'withdrawal', 'auto']),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
  updatedAt: z.number().int(),
  /** by id only */
  conversions: z.array(invoiceConversionSchema).optional(),
  adjustments: z.array(invoiceAdjustmentSchema).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const zDay = () => z.string(m('pattern')).regex(/^\d{4}-\d{2}-\d{2}$/, m('pattern'));
const zNotes = () => z.string(m('maxlength')).trim().max(INVOICE_NOTES_MAX, m('maxlength'));

/**
 * One invoice to create (`PUT /invoices`), for exactly one of `affiliateId` / `advertiserId`:
 * - by period: `dateFrom` and `dateTo` (days in the asking user's zone, inclusive): every approved conversion
 *   created in it and not yet in a live invoice;
 * - by sum: `amount`: the oldest approved conversions (within the period when one is given) until their amounts
 *   reach the sum; the invoice's amount is what they add up to;
 * - advertiser advance: `advanceAmount` alone (no period, no sum): an invoice without conversions.
 * Clawbacks and adjustments not yet carried are carried by every new invoice of the party. `currency` defaults to
 * the party's currency (affiliates) or the base currency; it must be active. Nothing to invoice: a 422.
 */
export const invoiceCreateItem = z
  .object({
    affiliateId: zId().optional(),
    advertiserId: zId().optional(),
    dateFrom: zDay().optional(),
    dateTo: zDay().optional(),
    currency: zCurrencyCode().optional(),
    amount: zPositiveAmount().optional(),
    withdrawalMethodId: zId().nullable().optional(),
    notes: zNotes().nullable().optional(),
    privateNotes: zNotes().nullable().optional(),
    advanceAmount: zPositiveAmount().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.affiliateId === undefined) === (v.advertiserId === undefined))
      ctx.addIssue({ code: 'custom', message: 'required', path: [v.affiliateId === undefined ? 'affiliateId' : 'advertiserId'] });
    if (v.advanceAmount !== undefined) {
      if (v.affiliateId !== undefined) ctx.addIssue({ code: 'custom', message: 'pattern', path: ['advanceAmount'] });
      for (const k of ['dateFrom', 'dateTo', 'amount'] as const)
        if (v[k] !== undefined) ctx.addIssue({ code: 'custom', message: 'pattern', path: [k] });
      return;
    }
    if (v.amount === undefined) {
      if (v.dateFrom === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['dateFrom'] });
      if (v.dateTo === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['dateTo'] });
    }
    if ((v.dateFrom === undefined) !== (v.dateTo === undefined))
      ctx.addIssue({ code: 'custom', message: 'required', path: [v.dateFrom === undefined ? 'dateFrom' : 'dateTo'] });
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo) ctx.addIssue({ code: 'custom', message: 'more', path: ['dateTo'] });
  });
export type InvoiceCreateItem = z.input<typeof invoiceCreateItem>;
export const invoiceCreateBody = z.object({ items: z.array(invoiceCreateItem).min(1, m('required')).max(100, m('noMore')) });

/**
 * An affiliate's withdrawal request (`PUT /invoices/withdrawals`): an invoice for itself for `amount` (between the
 * minPayoutAmount setting and its approved balance, in the base currency unless `currency` is given), taking the
 * oldest approved conversions as "by sum" does without passing the balance, to one of its own withdrawal methods.
 * A second request while one is unpaid needs the payment setting allowSecondWithdrawal.
 */
export const withdrawalRequestItem = z.object({
  amount: zPositiveAmount(),
  currency: zCurrencyCode().optional(),
  withdrawalMethodId: zId(),
  notes: zNotes().nullable().optional(),
});
export type WithdrawalRequestItem = z.input<typeof withdrawalRequestItem>;
export const withdrawalRequestBody = z.object({ items: z.array(withdrawalRequestItem).length(1, m('noMore')) });

/** `PATCH /invoices`: notes, private notes and (while unpaid) the withdrawal method */
export const invoiceEditItem = z.object({
  id: zId(),
  notes: zNotes().nullable().optional(),
  privateNotes: zNotes().nullable().optional(),
  withdrawalMethodId: zId().nullable().optional(),
});
export type InvoiceEditItem = z.input<typeof invoiceEditItem>;
export const invoiceEditBody = z.object({ items: z.array(invoiceEditItem).min(1, m('required')).max(1000, m('noMore')) });

/**
 * `POST /invoices/change_status`: `paid` records a payment (`amount` defaults to what is still due; a smaller amount
 * is a partial payment and the invoice stays unpaid until payments cover it) with `paidAt` (seconds, default now) and
 * the transaction `reference`; `declined` (only while unpaid and without payments) frees its conversions.
 */
export const invoiceStatusItem = z.object({
  id: zId(),
  status: z.enum(['paid', 'declined'], m('pattern')),
  paidAt: z.number(m('number')).int(m('number')).min(0, m('min')).max(253402300799, m('noMore')).optional(),
  reference: z.string(m('maxlength')).trim().max(INVOICE_REFERENCE_MAX, m('maxlength')).nullable().optional(),
  amount: zPositiveAmount().optional(),
  reason: z.string(m('maxlength')).trim().max(500, m('maxlength')).optional(),
});
export type InvoiceStatusItem = z.input<typeof invoiceStatusItem>;
export const invoiceStatusBody = z.object({ items: z.array(invoiceStatusItem).min(1, m('required')).max(1000, m('noMore')) });

export const INVOICE_ORDER_FIELDS = ['id', 'title', 'createdAt', 'amount', 'dueAt', 'status'] as const;

/**
 * `GET /invoices`: `status` (csv of unpaid, paid, declined), `type`, `affiliateId`, `advertiserId`, `currency`,
 * `dateFrom`/`dateTo` (creation days in `timezone`, default the user's), `overdue=1`, `search` on the title,
 * `orderBy` id|title|createdAt|amount|dueAt|status (default id:desc), `withMeta=1` for totalCount.
 */
export const invoiceListQuery = listQuerySchema.extend({
  type: z.enum(INVOICE_TYPES, m('pattern')).optional(),
  affiliateId: csvIds().optional(),
  advertiserId: csvIds().optional(),
  currency: zCurrencyCode().optional(),
  dateFrom: zDay().optional(),
  dateTo: zDay().optional(),
  timezone: z.string().trim().max(64, m('maxlength')).optional(),
  overdue: z.enum(['0', '1'], m('pattern')).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

/** `POST /invoices/payout_export {data:{ids}}`: CSV of the selected unpaid affiliate invoices */
export const payoutExportBody = z.object({ data: z.object({ ids: z.array(zId()).min(1, m('required')).max(1000, m('noMore')) }) });
export const PAYOUT_CSV_COLUMNS = [
  'invoice_id',
  'title',
  'affiliate_id',
  'affiliate_email',
  'affiliate_name',
  'amount',
  'currency',
  'due_at',
  'payment_method',
  'withdrawal_method',
  'withdrawal_details',
] as const;

// ---- /finance ----

/** `GET /finance/summary`: months (in the asking user's zone) from `dateFrom` to `dateTo`, `yyyy-MM`; default the last 12 */
export const financeSummaryQuery = z.object({
  monthFrom: z
    .string()
    .regex(/^\d{4}-\d{2}$/, m('pattern'))
    .optional(),
  monthTo: z
    .string()
    .regex(/^\d{4}-\d{2}$/, m('pattern'))
    .optional(),
  currency: zCurrencyCode().optional(),
  timezone: z.string().trim().max(64, m('maxlength')).optional(),
});
export type FinanceSummaryQuery = z.input<typeof financeSummaryQuery>;

/**
 * One month of /finance, by the conversions' creation month (manual adjustments: the month they were made), summed
 * from the ledger: `payable` payouts of approved conversions not yet paid to affiliates, `receivable` revenue of
 * approved conversions not yet paid by advertisers, `paid` payouts paid, `received` revenue paid, `profit` approved
 * revenue minus approved payout. `currency` is the base currency (every currency converted at the rates of each
 * conversion's time), or the currency the query asked for (that currency's amounts only).
 */
export const financeMonthSchema = z.object({
  month: z.string(),
  currency: z.string(),
  payable: z.string(),
  receivable: z.string(),
  paid: z.string(),
  received: z.string(),
  profit: z.string(),
});
export type FinanceMonth = z.infer<typeof financeMonthSchema>;
export const financeSummarySchema = z.object({
  items: z.array(financeMonthSchema),
  /** unpaid invoices to act on */
  unpaid: z.object({ affiliate: z.number().int(), advertiser: z.number().int(), overdue: z.number().int() }),
});

/** due date: creation + payment terms days */
export const invoiceDueAt = (createdAtSeconds: number, paymentTermsDays: number) => createdAtSeconds + paymentTermsDays * 86400;
/** an amount is still due while payments do not cover it */
export const invoiceCovered = (amount: string, paidAmount: string) => isDecimal(paidAmount) && toDecimal(paidAmount).gte(toDecimal(amount));
