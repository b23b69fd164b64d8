/**
 * Statistics (product §2 `/statistics`, §7 statistics, §9): the query and answer of `GET /api/v1/statistics` and of the
 * lead statistics `GET /api/v1/statistics/leads`. The metrics themselves are the catalogue of `schemas/metrics.ts`.
 *
 * Query conventions, shared by both endpoints:
 * - the period: `dateFrom` / `dateTo` (`YYYY-MM-DD`, both inclusive, in `timezone`) or `from` / `to` (seconds, `from`
 *   inclusive, `to` exclusive); default: today in `timezone`; at most STATISTICS_MAX_RANGE_DAYS days
 *   (STATISTICS_SUB_MAX_RANGE_DAYS when a sub is grouped or filtered);
 * - `timezone`: IANA name, default the reader's;
 * - `groupBy`: one dimension (the level shown); `parent=<dimension>:<value>` (repeatable) narrows to the rows a
 *   shown row expands into (lazy drill-down), values in the formats of `StatisticsDimensionValue`;
 * - filters: lists allowed (`offerId=1,2` or repeated);
 * - `orderBy=<dimension or metric>:asc|desc`, `limit` (default 50), `offset`.
 */
import { z } from 'zod';
import { API_LEAD_STATUSES, MAX_PAGE_SIZE, STATISTICS_PAGE_SIZE } from '../constants';
import { isValidZone } from '../settings/reference';
import { zQuerySeconds } from '../people/people';
import { METRIC_OUTPUT_FORMATS } from './metrics';
import { csvIds } from '../settings/tags';

export const STATISTICS_TIME_DIMENSIONS = ['day', 'hour', 'week', 'month'] as const;
/** entity dimensions: their value in an item is `{id, title}` (null when the row has none) */
export const STATISTICS_ENTITY_DIMENSIONS = [
  'offer',
  'affiliate',
  'team',
  'advertiser',
  'integration',
  'campaign',
  'vertical',
  'lander',
  'goal',
  'trafficSource',
] as const;
/** text dimensions: their value is the raw text (null when the row has none) */
export const STATISTICS_TEXT_DIMENSIONS = ['country', 'language', 'deviceType', 'os', 'browser'] as const;
export const STATISTICS_SUB_DIMENSIONS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const;
export const STATISTICS_DIMENSIONS = [
  ...STATISTICS_TIME_DIMENSIONS,
  ...STATISTICS_ENTITY_DIMENSIONS,
  ...STATISTICS_TEXT_DIMENSIONS,
  ...STATISTICS_SUB_DIMENSIONS,
] as const;
export type StatisticsDimension = (typeof STATISTICS_DIMENSIONS)[number];
export type StatisticsTimeDimension = (typeof STATISTICS_TIME_DIMENSIONS)[number];
export type StatisticsEntityDimension = (typeof STATISTICS_ENTITY_DIMENSIONS)[number];
/** dimensions an affiliate may not group, filter or drill by (400 `groupBy` / the filter) */
export const STATISTICS_AFFILIATE_FORBIDDEN_DIMENSIONS: readonly StatisticsDimension[] = ['advertiser', 'integration'];
/** dimensions an advertiser member may not group, filter or drill by: who sent the lead stays unknown to them */
export const STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS: readonly StatisticsDimension[] = [
  'affiliate',
  'team',
  'campaign',
  'trafficSource',
];
/** dimensions clicks do not have: their rows carry no click metrics */
export const STATISTICS_NON_CLICK_DIMENSIONS: readonly StatisticsDimension[] = ['advertiser', 'integration', 'goal'];
export const STATISTICS_DATA_TYPES = ['actual', 'click'] as const;
export type StatisticsDataType = (typeof STATISTICS_DATA_TYPES)[number];

export const STATISTICS_MAX_RANGE_DAYS = 400;
/** subs are read from the raw rows: a grouped or filtered sub bounds the period to this many days */
export const STATISTICS_SUB_MAX_RANGE_DAYS = 31;
/** the drill-down value of "no value" (a click without a lander, a lead without an advertiser, …) */
export const STATISTICS_NONE = 'none';

/** The value formats of the time dimensions (in the query's time zone) */
export const STATISTICS_TIME_FORMATS: Record<StatisticsTimeDimension, RegExp> = {
  day: /^\d{4}-\d{2}-\d{2}$/, // 2026-11-26
  hour: /^\d{4}-\d{2}-\d{2}T\d{2}$/, // 2026-11-26T14
  week: /^\d{4}-W\d{2}$/, // ISO week 2026-W48
  month: /^\d{4}-\d{2}$/, // 2026-11
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const split = (v: string | string[]) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean);
const zDate = () =>
  z
    .string()
    .regex(DATE_RE, { message: 'pattern' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      message: 'pattern',
    });
const zZone = () =>
  z
    .string()
    .trim()
    .max(64, { message: 'maxlength' })
    .refine((v) => isValidZone(v), { message: 'pattern' });
const csvText = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform(split)
    .pipe(z.array(z.string().max(max, { message: 'maxlength' })).max(100, { message: 'noMore' }));
const csvCountries = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => split(v).map((x) => x.toUpperCase()))
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, { message: 'pattern' })).max(300, { message: 'noMore' }));
/** `parent=day:2026-11-26` (repeatable): the dimension is checked against the catalogue, the value against its format */
const zParents = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9]+:.{1,255}$/, { message: 'pattern' })).max(5, { message: 'noMore' }));

/** the period, zone and filters shared by the statistics and the lead statistics queries */
const periodFields = {
  dateFrom: zDate().optional(),
  dateTo: zDate().optional(),
  from: zQuerySeconds().optional(),
  to: zQuerySeconds().optional(),
  timezone: zZone().optional(),
};
const pageFields = {
  orderBy: z
    .string()
    .regex(/^[A-Za-z0-9_]+:(asc|desc)$/i, { message: 'pattern' })
    .optional(),
  limit: z.coerce
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(1, { message: 'min' })
    .max(MAX_PAGE_SIZE, { message: 'noMore' })
    .default(STATISTICS_PAGE_SIZE),
  offset: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).default(0),
};
const subFilters = Object.fromEntries(STATISTICS_SUB_DIMENSIONS.map((s) => [s, csvText(255).optional()])) as Record<
  (typeof STATISTICS_SUB_DIMENSIONS)[number],
  z.ZodOptional<ReturnType<typeof csvText>>
>;
export const statisticsFilterFields = {
  offerId: csvIds().optional(),
  affiliateId: csvIds().optional(),
  teamId: csvIds().optional(),
  advertiserId: csvIds().optional(),
  integrationId: csvIds().optional(),
  campaignId: csvIds().optional(),
  verticalId: csvIds().optional(),
  landerId: csvIds().optional(),
  goalId: csvIds().optional(),
  trafficSourceId: csvIds().optional(),
  country: csvCountries().optional(),
  language: csvText(8).optional(),
  deviceType: csvText(32).optional(),
  os: csvText(64).optional(),
  browser: csvText(64).optional(),
  ...subFilters,
};
/** the filter field of each dimension (a filter narrows like a parent of that dimension) */
export const STATISTICS_FILTER_OF: Partial<Record<StatisticsDimension, keyof typeof statisticsFilterFields>> = {
  offer: 'offerId',
  affiliate: 'affiliateId',
  team: 'teamId',
  advertiser: 'advertiserId',
  integration: 'integrationId',
  campaign: 'campaignId',
  vertical: 'verticalId',
  lander: 'landerId',
  goal: 'goalId',
  trafficSource: 'trafficSourceId',
  country: 'country',
  language: 'language',
  deviceType: 'deviceType',
  os: 'os',
  browser: 'browser',
  ...Object.fromEntries(STATISTICS_SUB_DIMENSIONS.map((s) => [s, s])),
};

/** `GET /api/v1/statistics`; defaults of product §2: groupBy day, orderBy day:desc, limit 50, offset 0, dataType actual */
export const statisticsQuery = z.object({
  groupBy: z.enum(STATISTICS_DIMENSIONS, { message: 'pattern' }).default('day'),
  dataType: z.enum(STATISTICS_DATA_TYPES, { message: 'pattern' }).default('actual'),
  parent: zParents().optional(),
  /**
   * `previous`: also answer each item's and the totals' metrics over the previous period of the same length (the
   * days just before; a drilled time parent shifts with it) in `meta.previous`
   */
  compare: z.enum(['previous'], { message: 'pattern' }).optional(),
  ...periodFields,
  ...statisticsFilterFields,
  ...pageFields,
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;
export type StatisticsQueryInput = z.input<typeof statisticsQuery>;

export const statisticsEntityRefSchema = z.object({ id: z.number().int(), title: z.string() });
export type StatisticsEntityRef = z.infer<typeof statisticsEntityRefSchema>;
/** a dimension's value in an item: `"2026-11-26"` (time, in the query's zone), `{id, title}` (entity), raw text, or null */
export const statisticsDimensionValueSchema = z.union([z.string(), statisticsEntityRefSchema, z.null()]);
export type StatisticsDimensionValue = z.infer<typeof statisticsDimensionValueSchema>;
/**
 * a metric's value: counts are integers; money, rates and custom metrics are decimal strings (8 places at most);
 * null = empty: click metrics of a query that uses a dimension clicks do not have (advertiser, integration, goal)
 */
export const statisticsMetricValueSchema = z.union([z.number(), z.string(), z.null()]);

/**
 * One row: the dimension's value under the dimension's name (`day: "2026-11-26"`, `offer: {id, title}`,
 * `sub1: "fb-12"`) and one key per metric the reader may see (built-in keys, `conversions_goal_<id>`,
 * `custom_<id>`). A metric the reader may not see is absent, never null.
 */
export const statisticsItemSchema = z.record(z.string(), z.union([statisticsDimensionValueSchema, statisticsMetricValueSchema]));
export type StatisticsItem = Record<string, StatisticsDimensionValue | number | string | null>;
export const statisticsAnswerSchema = z.object({
  items: z.array(statisticsItemSchema),
  meta: z.object({
    totalCount: z.number().int(),
    /** the same metric keys over the whole selection (every page) */
    totals: z.record(z.string(), statisticsMetricValueSchema),
    /**
     * with `compare=previous`: the period compared with (`from`, `to` in seconds) and the same metrics over it —
     * `items[i]` for `items[i]` of the answer (a time item: its group shifted back by the period's length) and totals
     */
    previous: z
      .object({
        from: z.number().int(),
        to: z.number().int(),
        items: z.array(z.record(z.string(), statisticsMetricValueSchema)),
        totals: z.record(z.string(), statisticsMetricValueSchema),
      })
      .optional(),
  }),
});
export type StatisticsMetrics = Record<string, number | string | null>;
export type StatisticsAnswer = {
  items: StatisticsItem[];
  meta: {
    totalCount: number;
    totals: StatisticsMetrics;
    previous?: { from: number; to: number; items: StatisticsMetrics[]; totals: StatisticsMetrics };
  };
};

// --- lead statistics ---------------------------------------------------------------------------------------------

/** `GET /api/v1/statistics/leads`: lead outcomes per affiliate, offer, advertiser, country or day */
export const LEAD_STATISTICS_DIMENSIONS = ['day', 'week', 'month', 'affiliate', 'offer', 'advertiser', 'country'] as const;
export type LeadStatisticsDimension = (typeof LEAD_STATISTICS_DIMENSIONS)[number];
/** lead statistics read the leads' own rows: at most this many days */
export const LEAD_STATISTICS_MAX_RANGE_DAYS = 93;
export const leadStatisticsQuery = z.object({
  groupBy: z.enum(LEAD_STATISTICS_DIMENSIONS, { message: 'pattern' }).default('day'),
  parent: zParents().optional(),
  ...periodFields,
  offerId: csvIds().optional(),
  affiliateId: csvIds().optional(),
  teamId: csvIds().optional(),
  advertiserId: csvIds().optional(),
  verticalId: csvIds().optional(),
  country: csvCountries().optional(),
  ...pageFields,
});
export type LeadStatisticsQuery = z.infer<typeof leadStatisticsQuery>;
export type LeadStatisticsQueryInput = z.input<typeof leadStatisticsQuery>;

/** the counters of a lead statistics row (and of its totals) */
export const leadStatisticsCountersSchema = z.object({
  /** every lead but test leads */
  leads: z.number().int(),
  ...(Object.fromEntries(API_LEAD_STATUSES.map((s) => [`leads_${s}`, z.number().int()])) as Record<
    `leads_${(typeof API_LEAD_STATUSES)[number]}`,
    z.ZodNumber
  >),
  /** leads with at least one approved conversion */
  approved: z.number().int(),
  /** count per lead grade (the advertiser's mark); `""` = no grade yet */
  grades: z.record(z.string(), z.number().int()),
  /** sent / leads × 100, two decimals as a string; null (shown "—") when there are no leads */
  sent_rate: z.string().nullable(),
  /** approved / sent × 100 */
  approval_rate: z.string().nullable(),
  /** duplicate / leads × 100 */
  duplicate_rate: z.string().nullable(),
});
export type LeadStatisticsCounters = z.infer<typeof leadStatisticsCountersSchema>;
export const leadStatisticsItemSchema = leadStatisticsCountersSchema.extend({
  /** the row's value under the dimension's name, as in `statisticsItemSchema` */
  day: z.string().optional(),
  week: z.string().optional(),
  month: z.string().optional(),
  country: z.string().nullable().optional(),
  affiliate: statisticsEntityRefSchema.nullable().optional(),
  offer: statisticsEntityRefSchema.nullable().optional(),
  advertiser: statisticsEntityRefSchema.nullable().optional(),
});
export type LeadStatisticsItem = z.infer<typeof leadStatisticsItemSchema>;
export const leadStatisticsAnswerSchema = z.object({
  items: z.array(leadStatisticsItemSchema),
  meta: z.object({ totalCount: z.number().int(), totals: leadStatisticsCountersSchema, grades: z.array(z.string()) }),
});
export type LeadStatisticsAnswer = z.infer<typeof leadStatisticsAnswerSchema>;

/* ---------- the caller's metric choice of a statistics table (product §7 "statistics metric info and status") ---------- */

/** the statistics tables whose metric columns a user chooses: `/statistics` and `/statistics/leads` */
export const STATISTICS_METRIC_TABLES = ['statistics', 'leads'] as const;
export type StatisticsMetricTable = (typeof STATISTICS_METRIC_TABLES)[number];
/** the user preference type the choice is kept under (`name` = the table, `value` = `[{key, enabled, order}]`) */
export const STATISTICS_METRICS_PREFERENCE = 'statistics_metrics';
/** the metric keys `/statistics` shows until the user chooses; status, goal and pending columns wait in the chooser */
export const STATISTICS_MAIN_METRICS: readonly string[] = [
  'clicks',
  'unique_clicks',
  'leads',
  'conversions',
  'approved_conversions',
  'revenue',
  'payout',
  'profit',
  'cr',
  'epc',
  'roi',
];
/** whether a metric is a column of the table: the lead statistics count leads only (`leads` and `leads_<status>`) */
export const statisticsTableHasMetric = (table: StatisticsMetricTable, key: string) =>
  table === 'leads' ? key === 'leads' || key.startsWith('leads_') : true;
/** the default status of a metric column: the main metrics and custom ones on `/statistics`, every lead counter */
export const statisticsMetricShownByDefault = (table: StatisticsMetricTable, key: string) =>
  table === 'leads' || STATISTICS_MAIN_METRICS.includes(key) || key.startsWith('custom_');

const zMetricTable = () => z.enum(STATISTICS_METRIC_TABLES, { message: 'pattern' });
/** `GET /api/v1/statistics/metrics` */
export const statisticsMetricsQuery = z.object({ table: zMetricTable().default('statistics') });
export type StatisticsMetricsQueryInput = z.input<typeof statisticsMetricsQuery>;
/** one metric column of the caller's table: its info and its status (shown or not, position) */
export const statisticsMetricInfoSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS),
  group: z.string(),
  enabled: z.boolean(),
  order: z.number().int(),
});
export type StatisticsMetricInfo = z.infer<typeof statisticsMetricInfoSchema>;
export const STATISTICS_METRIC_ORDER_MAX = 10_000;
export const statisticsMetricChoiceItem = z.object({
  key: z.string({ message: 'required' }).min(1, { message: 'required' }).max(64, { message: 'maxlength' }),
  enabled: z.boolean({ message: 'required' }),
  order: z
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(0, { message: 'min' })
    .max(STATISTICS_METRIC_ORDER_MAX, { message: 'noMore' }),
});
export type StatisticsMetricChoiceItem = z.infer<typeof statisticsMetricChoiceItem>;
/** `PATCH /api/v1/statistics/metrics`: the caller's status of the listed metrics; the others keep theirs */
export const statisticsMetricsSave = z.object({
  table: zMetricTable(),
  items: z
    .array(statisticsMetricChoiceItem)
    .min(1, { message: 'required' })
    .max(MAX_PAGE_SIZE)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.key)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, 'key'] });
        seen.add(item.key);
      });
    }),
});
export type StatisticsMetricsSave = z.infer<typeof statisticsMetricsSave>;
export const statisticsMetricsAnswerSchema = z.object({ table: zMetricTable(), items: z.array(statisticsMetricInfoSchema) });
export type StatisticsMetricsAnswer = z.infer<typeof statisticsMetricsAnswerSchema>;
