/**
 * Reports (issue 18; docs/decisions/insights.md "Reports, downloads and scheduled reports"): the ready reports of
 * `/reports` and the saved ones (a ready report or a statistics view, with its filters, range and file format, which
 * may be e-mailed daily, weekly or monthly in the owner's zone). A report runs as an export (`POST /exports` with the
 * report's type, or `POST /reports/:id/run`), so its progress and file are those of every export.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { zId } from '../validation';
import { csvIds } from '../settings/tags';
import { EXPORT_FORMATS } from './exports';
import { leadStatisticsQuery, statisticsQuery, LEAD_STATISTICS_DIMENSIONS } from './statistics';

/** product §8: what a report with nothing in it answers */
export const REPORT_EMPTY_MESSAGE = 'Failed to generate the report. No data available!';

/** the ready reports; each is an export type of the same name */
export const READY_REPORT_TYPES = [
  'affiliate_payouts',
  'advertiser_revenue',
  'offer_performance',
  'lead_quality',
  'postback_failures',
] as const;
export type ReadyReportType = (typeof READY_REPORT_TYPES)[number];
/** what a saved report runs: a ready report or a statistics view (export type `statistics`) */
export const REPORT_TYPES = [...READY_REPORT_TYPES, 'statistics'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** the period a saved report covers, resolved in the owner's zone when it runs */
export const REPORT_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_week',
  'previous_week',
  'this_month',
  'previous_month',
  'custom',
] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

const s = statisticsQuery.shape;
const period = { dateFrom: s.dateFrom, dateTo: s.dateTo, timezone: s.timezone };

/** `affiliate_payouts`: the affiliates' ledger movements per bucket and currency in the period */
export const affiliatePayoutsQuery = z.object({
  ...period,
  affiliateId: csvIds().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'pattern' })
    .optional(),
});
/** `advertiser_revenue`: the advertisers' ledger movements per bucket and currency in the period */
export const advertiserRevenueQuery = z.object({
  ...period,
  advertiserId: csvIds().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'pattern' })
    .optional(),
});
/** `offer_performance`: the statistics grouped by offer (every filter of `GET /statistics`) */
export const offerPerformanceQuery = statisticsQuery.omit({ groupBy: true, parent: true, limit: true, offset: true });
/** `lead_quality`: lead statuses and grades (the lead statistics) per offer, affiliate, advertiser, country or day */
export const leadQualityQuery = leadStatisticsQuery.omit({ parent: true, limit: true, offset: true }).extend({
  groupBy: z.enum(LEAD_STATISTICS_DIMENSIONS, { message: 'pattern' }).default('offer'),
});
/** `postback_failures`: failed postback attempts per affiliate (outbound) and advertiser (inbound) */
export const postbackFailuresQuery = z.object({ ...period, affiliateId: csvIds().optional(), advertiserId: csvIds().optional() });

export const REPORT_QUERIES = {
  affiliate_payouts: affiliatePayoutsQuery,
  advertiser_revenue: advertiserRevenueQuery,
  offer_performance: offerPerformanceQuery,
  lead_quality: leadQualityQuery,
  postback_failures: postbackFailuresQuery,
} as const;

const queryValues = z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number(), z.boolean()]));

const reportFields = {
  title: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'maxlength' }),
  type: z.enum(REPORT_TYPES, { message: 'pattern' }),
  /** the filters of the type (for `statistics` the view's query); `dateFrom`/`dateTo` only with range `custom` */
  query: queryValues,
  range: z.enum(REPORT_RANGES, { message: 'pattern' }),
  format: z.enum(EXPORT_FORMATS, { message: 'pattern' }),
  schedule: z.enum(REPORT_SCHEDULES, { message: 'pattern' }).nullable(),
  /** the hour of the owner's day the scheduled e-mail goes out */
  sendHour: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).max(23, { message: 'noMore' }),
};

export const reportWriteSchema = z.object({
  ...reportFields,
  query: reportFields.query.default({}),
  range: reportFields.range.default('yesterday'),
  format: reportFields.format.default('xlsx'),
  schedule: reportFields.schedule.default(null),
  sendHour: reportFields.sendHour.default(8),
});
export type ReportWrite = z.input<typeof reportWriteSchema>;
/** `PATCH /reports/:id`: only the fields given change */
export const reportPatchSchema = z.object(reportFields).partial();

export const reportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(REPORT_TYPES),
  query: queryValues,
  range: z.enum(REPORT_RANGES),
  format: z.enum(EXPORT_FORMATS),
  schedule: z.enum(REPORT_SCHEDULES).nullable(),
  sendHour: z.number().int(),
  /** seconds */
  nextSendAt: z.number().int().nullable(),
  lastSentAt: z.number().int().nullable(),
  /** why the last scheduled send failed (cleared by the next success) */
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
});
export type ReportView = z.infer<typeof reportSchema>;
export const reportParams = z.object({ id: zId() });

/** The first and last day (`YYYY-MM-DD`, inclusive) of a range on the given moment in the zone; null for `custom`. */
export function rangeDates(range: ReportRange, now: Date, zone: string): { dateFrom: string; dateTo: string } | null {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const d = (x: DateTime) => x.toFormat('yyyy-MM-dd');
  switch (range) {
    case 'today':
      return { dateFrom: d(today), dateTo: d(today) };
    case 'yesterday':
      return { dateFrom: d(today.minus({ days: 1 })), dateTo: d(today.minus({ days: 1 })) };
    case 'last_7_days':
      return { dateFrom: d(today.minus({ days: 7 })), dateTo: d(today.minus({ days: 1 })) };
    case 'last_30_days':
      return { dateFrom: d(today.minus({ days: 30 })), dateTo: d(today.minus({ days: 1 })) };
    case 'this_week':
      return { dateFrom: d(today.startOf('week')), dateTo: d(today) };
    case 'previous_week':
      return { dateFrom: d(today.startOf('week').minus({ weeks: 1 })), dateTo: d(today.startOf('week').minus({ days: 1 })) };
    case 'this_month':
      return { dateFrom: d(today.startOf('month')), dateTo: d(today) };
    case 'previous_month':
      return { dateFrom: d(today.startOf('month').minus({ months: 1 })), dateTo: d(today.startOf('month').minus({ days: 1 })) };
    default:
      return null;
  }
}

/**
 * The next moment a scheduled report is due after `after`: daily at `hour` in the zone, weekly on Monday, monthly on
 * the 1st. A local hour skipped by a clock change falls on the next valid moment (luxon moves it forward).
 */
export function nextSendAt(schedule: ReportSchedule, hour: number, zone: string, after: Date): Date {
  const at = DateTime.fromJSDate(after, { zone });
  let c = at.startOf('day').set({ hour });
  if (schedule === 'weekly') c = at.startOf('week').set({ hour });
  if (schedule === 'monthly') c = at.startOf('month').set({ hour });
  const step = schedule === 'daily' ? { days: 1 } : schedule === 'weekly' ? { weeks: 1 } : { months: 1 };
  while (c.toMillis() <= after.getTime()) {
    const base = (schedule === 'daily' ? c.startOf('day') : schedule === 'weekly' ? c.startOf('week') : c.startOf('month')).plus(step);
    c = base.set({ hour });
  }
  return c.toJSDate();
}
