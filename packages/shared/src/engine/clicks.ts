/**
 * Clicks (product §3 Click, §7 clicks, §9): the lists `/clicks/valid` (status 1) and `/clicks/invalid` (status 2), one
 * click by id, the dependent filters and the staff edit. Every list is bound by a creation period (default: today in
 * the reader's time zone) of at most CLICK_MAX_RANGE_DAYS days, so it always runs on the (created_at) indexes.
 */
import { z } from 'zod';
import { isValidZone } from '../settings/reference';
import { filterOptionSchema, listMetaSchema, listQuerySchema, type FilterOption } from '../common';
import { zQuerySeconds } from '../people/people';
import { csvEnum, csvIds } from '../settings/tags';

/** the reasons the tracker keeps on an invalid click, and `manual` for a click a staff member marked invalid */
export const CLICK_INVALID_REASONS = [
  'campaign_inactive',
  'offer_inactive',
  'affiliate_inactive',
  'traffic_blocked',
  'country_not_allowed',
  'bot',
  'no_lander',
  'manual',
] as const;
export type ClickInvalidReason = (typeof CLICK_INVALID_REASONS)[number];

/** the list tabs and the status each reads */
export const CLICK_TABS = { valid: 1, invalid: 2 } as const;
export type ClickTab = keyof typeof CLICK_TABS;

/** the longest creation period one list or filter query may read */
export const CLICK_MAX_RANGE_DAYS = 93;
/** `meta.totalCount` counts up to this many rows; beyond it the count is `totalCapped` */
export const CLICK_COUNT_LIMIT = 10_000;
/** the deepest offset a list answers (narrow the filters to go further) */
export const CLICK_MAX_OFFSET = 10_000;

export const CLICK_SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const;
export type ClickSub = (typeof CLICK_SUBS)[number];

const zQueryFlag = () => z.enum(['0', '1', 'true', 'false'], { message: 'pattern' }).transform((v) => v === '1' || v === 'true');
const zQueryText = (max: number) => z.string().trim().min(1, { message: 'required' }).max(max, { message: 'maxlength' });
const csvText = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(max, { message: 'maxlength' })).max(100, { message: 'noMore' }));
const csvCountries = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, { message: 'pattern' })).max(300, { message: 'noMore' }));
export const zTimezoneQuery = () =>
  z
    .string()
    .trim()
    .max(64, { message: 'maxlength' })
    .refine((v) => isValidZone(v), { message: 'pattern' });

/** the creation period of a click query: `from` inclusive, `to` exclusive, seconds; `timezone` places "today" */
const periodQuery = {
  from: zQuerySeconds().optional(),
  to: zQuerySeconds().optional(),
  timezone: zTimezoneQuery().optional(),
};

const subFilters = Object.fromEntries(CLICK_SUBS.map((s) => [s, zQueryText(255).optional()])) as Record<
  ClickSub,
  z.ZodOptional<ReturnType<typeof zQueryText>>
>;

/** the filters of the list and of the dependent filters (everything but paging and ordering) */
export const clickFilterFields = {
  ...periodQuery,
  offerId: csvIds().optional(),
  affiliateId: csvIds().optional(),
  campaignId: csvIds().optional(),
  landerId: csvIds().optional(),
  trafficSourceId: csvIds().optional(),
  country: csvCountries().optional(),
  deviceType: csvText(32).optional(),
  os: csvText(64).optional(),
  browser: csvText(64).optional(),
  invalidReason: csvEnum(CLICK_INVALID_REASONS).optional(),
  unique: zQueryFlag().optional(),
  bot: zQueryFlag().optional(),
  ip: zQueryText(45).optional(),
  clickId: z.uuid({ message: 'pattern' }).optional(),
  ...subFilters,
};

/** `GET /clicks/valid|invalid`: the filters above, `orderBy` createdAt (default createdAt:desc), `limit` 25, `offset`, `withMeta=1` */
export const clickListQuery = listQuerySchema.extend(clickFilterFields);
export type ClickListQuery = z.input<typeof clickListQuery>;
export type ClickListFilters = z.infer<typeof clickListQuery>;

export const clickSchema = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  /** 1 valid, 2 invalid */
  status: z.number().int(),
  invalidReason: z.string().nullable(),
  isUnique: z.boolean(),
  isBot: z.boolean(),
  /** a staff test click (test link): not counted in statistics */
  isTest: z.boolean(),
  campaignId: z.number().int().nullable(),
  campaignTitle: z.string().nullable(),
  offerId: z.number().int().nullable(),
  offerTitle: z.string().nullable(),
  affiliateId: z.number().int().nullable(),
  affiliateName: z.string().nullable(),
  landerId: z.number().int().nullable(),
  landerTitle: z.string().nullable(),
  trafficSourceId: z.number().int().nullable(),
  trafficSourceTitle: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  referrer: z.string().nullable(),
  browser: z.string().nullable(),
  browserVersion: z.string().nullable(),
  os: z.string().nullable(),
  osVersion: z.string().nullable(),
  deviceType: z.string().nullable(),
  deviceBrand: z.string().nullable(),
  deviceModel: z.string().nullable(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
  sub6: z.string().nullable(),
  sub7: z.string().nullable(),
  sub8: z.string().nullable(),
  sub9: z.string().nullable(),
  /** the other query parameters of the click, as given */
  params: z.record(z.string(), z.string()).nullable(),
  /** staff only: the lander URL the visitor was sent to (it may carry advertiser parameters), the affiliate's team */
  targetUrl: z.string().nullable().optional(),
  teamId: z.number().int().nullable().optional(),
});
export type Click = z.infer<typeof clickSchema>;

/** the list answer: `totalCount` counts at most CLICK_COUNT_LIMIT rows, `totalCapped` says the real count is larger */
export const clickListSchema = z.object({
  items: z.array(clickSchema),
  meta: listMetaSchema.extend({ totalCapped: z.boolean() }).optional(),
});
export type ClickList = z.infer<typeof clickListSchema>;

export const clickParams = z.object({ id: z.uuid({ message: 'pattern' }) });

/** the dependent filters: values present in the reader's clicks of the period */
export const CLICK_FILTER_SLUGS = [
  'offer',
  'affiliate',
  'campaign',
  'lander',
  'trafficSource',
  'country',
  'deviceType',
  'os',
  'browser',
  'invalidReason',
] as const;
export type ClickFilterSlug = (typeof CLICK_FILTER_SLUGS)[number];

/**
 * `GET /clicks/filters`: the values of one filter present in the clicks the user may read in the period, narrowed by
 * the other filters given (the slug's own filter is ignored) and by `query` on the label or value.
 */
export const clickFiltersQuery = z.object({
  slug: z.enum(CLICK_FILTER_SLUGS, { message: 'pattern' }),
  query: z.string().trim().max(200, { message: 'maxlength' }).optional(),
  /** the tab the values are for; both when absent */
  status: z.enum(['valid', 'invalid'], { message: 'pattern' }).optional(),
  limit: z.coerce
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(1, { message: 'min' })
    .max(100, { message: 'noMore' })
    .default(25),
  ...clickFilterFields,
});
export type ClickFiltersQuery = z.input<typeof clickFiltersQuery>;

export const clickFilterOptionSchema = filterOptionSchema;
export type ClickFilterOption = FilterOption;
export const clickFiltersSchema = z.object({ items: z.array(clickFilterOptionSchema) });

const zSubValue = () => z.string().trim().max(255, { message: 'maxlength' }).nullable().optional();
const subEdits = Object.fromEntries(CLICK_SUBS.map((s) => [s, zSubValue()])) as Record<ClickSub, ReturnType<typeof zSubValue>>;

/**
 * `PATCH /clicks` item (staff, `click.update`): the status (valid, or invalid with a reason) and the subs. Marking a
 * click valid clears its reason; a reason alone is only taken together with status 2.
 */
export const clickUpdateItem = z
  .object({
    id: z.uuid({ message: 'pattern' }),
    status: z.union([z.literal(1), z.literal(2)], { message: 'pattern' }).optional(),
    invalidReason: z.enum(CLICK_INVALID_REASONS, { message: 'pattern' }).optional(),
    ...subEdits,
  })
  .superRefine((v, ctx) => {
    if (v.status === 2 && !v.invalidReason) ctx.addIssue({ code: 'custom', path: ['invalidReason'], message: 'required' });
    if (v.invalidReason && v.status !== 2) ctx.addIssue({ code: 'custom', path: ['status'], message: 'pattern' });
    const editable = ['status', ...CLICK_SUBS] as const;
    if (!editable.some((k) => v[k] !== undefined)) ctx.addIssue({ code: 'custom', path: ['status'], message: 'required' });
  });
export type ClickUpdateItem = z.input<typeof clickUpdateItem>;
export const clickUpdateBody = z.object({
  items: z.array(clickUpdateItem).min(1, { message: 'required' }).max(100, { message: 'noMore' }),
});
