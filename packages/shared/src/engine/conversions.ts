/**
 * Conversions (issue 7): the inbound postback's answer. Conversion statuses are CONVERSION_STATUS (constants.ts):
 * 1 pending, 2 hold, 3 approved, 4 rejected.
 */
import { z } from 'zod';
import { zId } from '../validation';
import { filterOptionSchema, itemsOf, listQuerySchema, type FilterOption } from '../common';
import { dependentFiltersQuery, leadFilterFields, leadRefSchema, leadPersonRefSchema } from './leads';
import { csvEnum, csvIds } from '../settings/tags';

/** the body of `GET|POST /postback/:postbackKey` */
export const postbackInAnswerSchema = z.union([
  z.object({ status: z.literal('ok'), conversionId: z.number().int().nullable(), message: z.string().optional() }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type PostbackInAnswer = z.infer<typeof postbackInAnswerSchema>;

/** the mark kept on a conversion that arrived after the offer's session lifespan */
export const LATE_CONVERSION_MARK = 'late_conversion';

/** conversion statuses by name, as the list's `status` filter takes them */
export const CONVERSION_STATUS_NAMES = ['pending', 'hold', 'approved', 'rejected'] as const;

/** the marks a conversion may carry (product §3: late_conversion is the only one kept) */
export const CONVERSION_MARKS = [LATE_CONVERSION_MARK] as const;

const m = (message: string) => ({ message });
const zQuerySeconds = () => z.coerce.number(m('number')).int(m('number')).min(0, m('min')).max(253402300799, m('noMore'));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** the filters of the list and of its dependent filters (everything but paging and ordering) */
export const conversionFilterFields = {
  /** IANA zone the day range is read in; default the user's time zone */
  timezone: leadFilterFields.timezone,
  /** creation days `yyyy-MM-dd`, inclusive, in `timezone` */
  dateFrom: leadFilterFields.dateFrom,
  dateTo: leadFilterFields.dateTo,
  /** creation time range in seconds (from inclusive, to exclusive) */
  from: zQuerySeconds().optional(),
  to: zQuerySeconds().optional(),
  affiliateId: csvIds().optional(),
  offerId: csvIds().optional(),
  /** staff only (ignored for affiliates) */
  advertiserId: csvIds().optional(),
  campaignId: csvIds().optional(),
  goalId: csvIds().optional(),
  leadId: csvIds().optional(),
  /** click ids (uuid) */
  clickId: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(UUID_RE, m('pattern'))).max(100, m('noMore')))
    .optional(),
  /** ISO country codes of the conversion's lead (or click) */
  country: leadFilterFields.country,
  /** marks; `none` keeps the conversions without a mark */
  mark: csvEnum([...CONVERSION_MARKS, 'none'] as const).optional(),
  /** staff only: `1` hidden conversions only, `0` visible ones only */
  isHidden: z.enum(['0', '1'], m('pattern')).optional(),
};

/**
 * `GET /conversions`: `status` (csv of pending, hold, approved, rejected), the filters above, `search` (a conversion id,
 * a lead id, a click id; staff also the advertiser's event id), `orderBy` id|createdAt|status|payout|statusChangedAt
 * (default id:desc), `limit` (25) / `offset`, `withMeta=1`. Staff see every amount; affiliates their own visible
 * conversions without revenue, profit, advertiser, event id or postback parameters.
 */
export const conversionListQuery = listQuerySchema.extend(conversionFilterFields);
export type ConversionListQuery = z.input<typeof conversionListQuery>;
export type ConversionListFilters = z.infer<typeof conversionListQuery>;

export const conversionSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  status: z.number().int(),
  statusChangedAt: z.number().int().nullable(),
  clickId: z.string().nullable(),
  leadId: z.number().int().nullable(),
  offerId: z.number().int(),
  offer: leadRefSchema.nullable(),
  campaignId: z.number().int().nullable(),
  campaign: leadRefSchema.nullable(),
  affiliateId: z.number().int(),
  affiliate: leadPersonRefSchema.nullable(),
  goalId: z.number().int().nullable(),
  goal: leadRefSchema.nullable(),
  /** the country of the conversion's lead, else of its click */
  country: z.string().nullable(),
  payout: z.string(),
  payoutCurrency: z.string(),
  basePayout: z.string(),
  baseCurrency: z.string(),
  marks: z.array(z.string()),
  publicNotes: z.string().nullable(),
  autoApproveAt: z.number().int().nullable(),
  /** staff only */
  advertiserId: z.number().int().nullable().optional(),
  advertiser: leadRefSchema.nullable().optional(),
  eventId: z.string().nullable().optional(),
  paymentRuleId: z.number().int().nullable().optional(),
  originalRevenue: z.string().nullable().optional(),
  originalPayout: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  revenue: z.string().optional(),
  revenueCurrency: z.string().optional(),
  baseRevenue: z.string().optional(),
  /** base revenue minus base payout, in the base currency */
  profit: z.string().optional(),
  isHidden: z.boolean().optional(),
  postbackParams: z.record(z.string(), z.unknown()).optional(),
  /** staff only: what the advertiser's postbacks sent beyond the parameters the integration names (product §3 Conversion) */
  attributes: z.record(z.string(), z.unknown()).optional(),
  /** staff only: the goals of the offer's vertical (the choices of the edit) */
  goals: z.array(leadRefSchema).optional(),
  /**
   * by id only: the invoices the conversion is or was in (a declined one freed it), oldest first — those the reader
   * may read (affiliates: their own affiliate invoices; staff: per invoice.affiliate.read / invoice.advertiser.read)
   */
  invoices: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        type: z.enum(['affiliate', 'advertiser']),
        status: z.enum(['unpaid', 'paid', 'declined']),
      }),
    )
    .optional(),
});
export type ConversionView = z.infer<typeof conversionSchema>;

/**
 * `meta.totals` of the conversion list (with `meta`): the sums over every conversion of the filter, not only the page,
 * in the base currency (each conversion's base amounts, fixed at its time's rates). Affiliates get count and payout.
 */
export const conversionTotalsSchema = z.object({
  count: z.number().int(),
  currency: z.string(),
  payout: z.string(),
  revenue: z.string().optional(),
  profit: z.string().optional(),
});
export type ConversionTotals = z.infer<typeof conversionTotalsSchema>;

/** the statuses staff may set (pending is only set by the advertiser's postback) */
export const CONVERSION_SETTABLE_STATUSES = [2, 3, 4] as const;
export type ConversionSettableStatus = (typeof CONVERSION_SETTABLE_STATUSES)[number];

/**
 * The status changes staff may make (docs/decisions/engine.md, 2026-11-22): from pending to hold, approved or rejected; from hold to
 * approved or rejected; approved to rejected (a chargeback); rejected to approved or hold. An approved conversion is
 * not put back on hold, and a conversion is never moved to the status it has.
 */
export const CONVERSION_TRANSITIONS: Record<number, readonly number[]> = {
  1: [2, 3, 4],
  2: [3, 4],
  3: [4],
  4: [2, 3],
};
export const conversionTransitionAllowed = (from: number, to: number) => (CONVERSION_TRANSITIONS[from] ?? []).includes(to);

const zSettableStatus = () =>
  z.coerce.number(m('pattern')).refine((v) => (CONVERSION_SETTABLE_STATUSES as readonly number[]).includes(v), m('pattern'));

/** `POST /conversions/change_status`: approve (3), reject (4) or hold (2), one or many; `sendPostback` fires the event */
export const conversionStatusBody = itemsOf(z.object({ id: zId(), status: zSettableStatus() })).extend({
  sendPostback: z.boolean(m('required')).default(false),
});
export type ConversionStatusBody = z.input<typeof conversionStatusBody>;

/**
 * The answer of change_status: `outcome` all (every item applied) or partial (some failed, with their reason).
 * When nothing applies the answer is a 409 whose `errors` name each item.
 */
export const conversionStatusAnswerSchema = z.object({
  outcome: z.enum(['all', 'partial']),
  applied: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  /** the postback deliveries queued */
  postbacks: z.number().int(),
});
export type ConversionStatusAnswer = z.infer<typeof conversionStatusAnswerSchema>;

/** a money amount ≥ 0 as a decimal string with at most 8 places and 12 digits before the point */
const zAmount = () =>
  z
    .union([z.string(), z.number()], m('floatNumber'))
    .transform((v) => String(v).trim().replace(',', '.'))
    .superRefine((v, ctx) => {
      const error = !/^[-+]?\d+(\.\d+)?$/.test(v)
        ? 'floatNumber'
        : (v.split('.')[1] ?? '').length > 8
          ? 'floatLimit'
          : v.startsWith('-')
            ? 'min'
            : v
                  .replace(/^\+/, '')
                  .split('.')[0]
                  .replace(/^0+(?=\d)/, '').length > 12
              ? 'noMore'
              : null;
      if (error) ctx.addIssue({ code: 'custom', message: error });
    });

/**
 * `PATCH /conversions {items:[{id, ...}]}` (staff with conversion.update), all or nothing: payout and revenue in the
 * conversion's own currencies (the base amounts are recomputed at the rates of the conversion's time), the goal (one
 * of the offer's vertical), public notes, hidden, and a status by the same rule as change_status (no postback).
 */
export const conversionEditItem = z.object({
  id: zId(),
  payout: zAmount().optional(),
  revenue: zAmount().optional(),
  goalId: zId().nullable().optional(),
  publicNotes: z.string(m('maxlength')).trim().max(2000, m('maxlength')).nullable().optional(),
  isHidden: z.boolean(m('required')).optional(),
  status: zSettableStatus().optional(),
});
export type ConversionEditItem = z.input<typeof conversionEditItem>;
export const conversionEditBody = itemsOf(conversionEditItem);
export type ConversionEditBody = z.input<typeof conversionEditBody>;

/** `GET /conversions/statuses` and `/conversions/data-traffic-statuses`: id, name and English title */
export const conversionStatusOptionSchema = z.object({
  id: z.number().int(),
  name: z.enum(CONVERSION_STATUS_NAMES),
  title: z.string(),
  /** data-traffic statuses: the statistics column counting conversions of this status */
  metric: z.string().optional(),
});
export type ConversionStatusOption = z.infer<typeof conversionStatusOptionSchema>;
/** `GET /conversions/marks` */
export const conversionMarkSchema = z.object({ name: z.string(), title: z.string() });
export type ConversionMark = z.infer<typeof conversionMarkSchema>;

/** the dependent filters of the list: `GET /conversions/filters?filterSlug=…` */
export const CONVERSION_FILTER_SLUGS = [
  'offers',
  'affiliates',
  'advertisers',
  'campaigns',
  'goals',
  'countries',
  'statuses',
  'marks',
] as const;
export type ConversionFilterSlug = (typeof CONVERSION_FILTER_SLUGS)[number];
/** `GET /conversions/filters`: the values of one filter present in the conversions the user may read */
export const conversionFiltersQuery = dependentFiltersQuery(CONVERSION_FILTER_SLUGS, CONVERSION_STATUS_NAMES, conversionFilterFields);
export type ConversionFiltersQuery = z.input<typeof conversionFiltersQuery>;
export const conversionFilterOptionSchema = filterOptionSchema;
export type ConversionFilterOption = FilterOption;
