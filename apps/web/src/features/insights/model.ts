/**
 * The statistics screens' rules without React: the dimensions and filters of `GET /statistics`, the view kept in the
 * URL (so a view can be shared as a link), the range presets of the user's zone, the previous period of a compare,
 * the lazy drill-down's `parent=` values, the date type kept in local storage, and the chart's five colours.
 */
import { STATISTICS_PAGE_SIZE } from '@leadgrid/shared/constants';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import {
  STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS,
  STATISTICS_AFFILIATE_FORBIDDEN_DIMENSIONS,
  STATISTICS_DATA_TYPES,
  STATISTICS_DIMENSIONS,
  STATISTICS_NONE,
  STATISTICS_SUB_DIMENSIONS,
  STATISTICS_TIME_DIMENSIONS,
  type StatisticsDataType,
  type StatisticsDimension,
  type StatisticsDimensionValue,
  type StatisticsEntityRef,
  type statisticsFilterFields,
} from '@leadgrid/shared/insights/statistics';
import type { Query } from '../../api/client';
import { DAY_FORMAT, PRESETS, presetRange, type DayRange, type Preset } from '../../components/period/presets';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

export const TIME_DIMENSIONS = STATISTICS_TIME_DIMENSIONS;
export const SUBS = STATISTICS_SUB_DIMENSIONS;
export const DIMENSIONS = STATISTICS_DIMENSIONS;
export type Dimension = StatisticsDimension;
/** group-by levels: the table's rows and two lazy drill-down levels below them */
export const MAX_LEVELS = 3;
export const MAX_CHART_METRICS = 5;
/** product §9: the line chart draws in five fixed colours, in this order */
export const CHART_COLORS = ['#4f46e5', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9'] as const;

export const DATA_TYPES = STATISTICS_DATA_TYPES;
export type DataType = StatisticsDataType;
const DATA_TYPE_KEY = 'lg_statistics_data_type';

/** id filters (csv of ids) and value filters (csv of text) of `GET /statistics`, as the URL keeps them */
export const ID_FILTERS = [
  'offerId',
  'affiliateId',
  'teamId',
  'advertiserId',
  'integrationId',
  'campaignId',
  'verticalId',
  'landerId',
  'goalId',
  'trafficSourceId',
] as const;
export const VALUE_FILTERS = ['country', 'language', 'deviceType', 'os', 'browser', ...SUBS] as const;
export const FILTERS = [...ID_FILTERS, ...VALUE_FILTERS] as const satisfies readonly (keyof typeof statisticsFilterFields)[];
export type FilterName = (typeof FILTERS)[number];

/** who reads: staff see every dimension; affiliates and advertiser members lose the ones the server refuses them */
export type Reader = 'staff' | 'affiliate' | 'advertiser_member';
export const forbiddenDimensions = (reader: Reader): readonly Dimension[] =>
  reader === 'affiliate'
    ? STATISTICS_AFFILIATE_FORBIDDEN_DIMENSIONS
    : reader === 'advertiser_member'
      ? STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS
      : [];
export const dimensionsFor = (reader: Reader): Dimension[] => DIMENSIONS.filter((d) => !forbiddenDimensions(reader).includes(d));

export const isDimension = (v: string): v is Dimension => (DIMENSIONS as readonly string[]).includes(v);
export const isTimeDimension = (v: string) => (TIME_DIMENSIONS as readonly string[]).includes(v);

/* ---------- the date type, kept in local storage (product §9) ---------- */

export function readDataType(): DataType {
  try {
    return localStorage.getItem(DATA_TYPE_KEY) === 'click' ? 'click' : 'actual';
  } catch {
    return 'actual';
  }
}
export function writeDataType(value: DataType) {
  try {
    localStorage.setItem(DATA_TYPE_KEY, value);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/* ---------- ranges ---------- */

// the presets and the day range are the shared kit's (one definition for every screen that filters by days)
export { DAY_FORMAT, PRESETS, presetRange, type DayRange, type Preset };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null | undefined): v is string => Boolean(v && DAY_RE.test(v) && dayjs(v, DAY_FORMAT).isValid());

/** days in an inclusive range */
export const rangeDays = (r: DayRange) => dayjs.utc(r.dateTo).diff(dayjs.utc(r.dateFrom), 'day') + 1;

/** the range as seconds in the zone `tz`: from the first day's start (inclusive) to the day after the last (exclusive) */
export function rangeSeconds(r: DayRange, tz: string): { from: number; to: number } {
  return { from: dayjs.tz(r.dateFrom, tz).startOf('day').unix(), to: dayjs.tz(r.dateTo, tz).add(1, 'day').startOf('day').unix() };
}

/** the period of the same length just before `r` (the compare switch) */
export function previousRange(r: DayRange): DayRange {
  const days = rangeDays(r);
  const from = dayjs.utc(r.dateFrom);
  return { dateFrom: from.subtract(days, 'day').format(DAY_FORMAT), dateTo: from.subtract(1, 'day').format(DAY_FORMAT) };
}

/* ---------- the view in the URL ---------- */

export interface StatisticsView {
  groupBy: Dimension[];
  range: DayRange;
  dataType: DataType;
  filters: Partial<Record<FilterName, string>>;
  compare: boolean;
  /** metrics the chart draws (at most five) */
  chart: string[];
}

const csv = (v: string | null | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** the default range: the current period (the month so far) in the user's zone (product §9) */
export const defaultRange = (tz: string, now?: Date) => presetRange('monthStart', tz, now);
export const DEFAULT_CHART = ['clicks', 'leads', 'conversions'];

/** reads the view from URL search params; anything invalid falls back to its default */
export function readView(params: URLSearchParams, tz: string, options: { reader: Reader; now?: Date }): StatisticsView {
  const forbidden = forbiddenDimensions(options.reader);
  const allowedDims = (d: string): d is Dimension => isDimension(d) && !forbidden.includes(d);
  const groupBy = [...new Set(csv(params.get('groupBy')).filter(allowedDims))].slice(0, MAX_LEVELS);
  const from = params.get('dateFrom');
  const to = params.get('dateTo');
  const range = validDay(from) && validDay(to) && from <= to ? { dateFrom: from, dateTo: to } : defaultRange(tz, options.now);
  const dt = params.get('dataType');
  const filters: StatisticsView['filters'] = {};
  for (const name of FILTERS) {
    const v = params.get(name);
    if (v) filters[name] = v;
  }
  const chart = params.has('chart') ? csv(params.get('chart')).slice(0, MAX_CHART_METRICS) : DEFAULT_CHART;
  return {
    groupBy: groupBy.length ? groupBy : ['day'],
    range,
    dataType: dt === 'actual' || dt === 'click' ? dt : readDataType(),
    filters,
    compare: params.get('compare') === '1',
    chart,
  };
}

/** the default order of a grouping: newest first for time, most clicks first otherwise */
export const defaultOrderBy = (dim: Dimension) => (isTimeDimension(dim) ? `${dim}:desc` : 'clicks:desc');

/** the query of one table level (paging and ordering added by the caller) */
export function levelQuery(view: StatisticsView, tz: string, level: number, parents: readonly string[] = []): Query {
  const q: Query = {
    groupBy: view.groupBy[level],
    dateFrom: view.range.dateFrom,
    dateTo: view.range.dateTo,
    timezone: tz,
    dataType: view.dataType,
  };
  for (const [k, v] of Object.entries(view.filters)) if (v) q[k] = v;
  if (parents.length) q.parent = parents;
  return q;
}

/* ---------- rows and the drill-down ---------- */

export type EntityRef = StatisticsEntityRef;
export type DimensionValue = StatisticsDimensionValue;
export type StatisticsRow = Record<string, unknown>;

/** the value a row carries under its dimension, as `parent=<dimension>:<value>` wants it (`none` for no value) */
export function parentValue(dim: Dimension, row: StatisticsRow): string {
  const v = row[dim] as DimensionValue | undefined;
  if (v && typeof v === 'object') return String(v.id);
  return v === null || v === undefined || v === '' ? STATISTICS_NONE : String(v);
}
export const parentParam = (dim: Dimension, row: StatisticsRow) => `${dim}:${parentValue(dim, row)}`;

/** the change of a metric against the previous period, in percent; null when there is nothing to compare with */
export function change(current: unknown, previous: unknown): number | null {
  const c = Number(current);
  const p = Number(previous);
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  if (!Number.isFinite(c) || !Number.isFinite(p) || p === 0) return null;
  return ((c - p) / Math.abs(p)) * 100;
}

export const PAGE_SIZE = STATISTICS_PAGE_SIZE;

/* ---------- the chart's time axis ---------- */

/** the time grouping of the chart: hours of a single day, days up to three months, weeks beyond */
export const chartDimension = (r: DayRange): 'hour' | 'day' | 'week' => (rangeDays(r) === 1 ? 'hour' : rangeDays(r) <= 93 ? 'day' : 'week');

/** every slot of the range in the server's spelling, so days without traffic draw as zero */
export function timeSlots(r: DayRange, dim: 'hour' | 'day' | 'week'): string[] {
  const out: string[] = [];
  const last = dayjs.utc(r.dateTo);
  if (dim === 'hour') {
    for (let h = 0; h < 24; h++) out.push(`${r.dateFrom}T${String(h).padStart(2, '0')}`);
    return out;
  }
  if (dim === 'day') {
    for (let d = dayjs.utc(r.dateFrom); !d.isAfter(last); d = d.add(1, 'day')) out.push(d.format(DAY_FORMAT));
    return out;
  }
  const seen = new Set<string>();
  for (let d = dayjs.utc(r.dateFrom); !d.isAfter(last); d = d.add(1, 'day')) {
    const w = `${d.isoWeekYear()}-W${String(d.isoWeek()).padStart(2, '0')}`;
    if (!seen.has(w)) out.push(w);
    seen.add(w);
  }
  return out;
}
