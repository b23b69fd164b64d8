/**
 * The statistics exports. `statistics`: every row of the first level of a `GET /statistics` view (its grouping, period, zone, date
 * type, filters and order — not only the page shown), one line per value with the metrics the owner may see, read
 * through the statistics service in the owner's scope. An entity is written by its title, a time slot as the server
 * spells it; metric values as the API answers them (money as exact decimal strings). `statistics_leads`: the same for
 * a `GET /statistics/leads` view — every status, the rates and one column per lead grade of the selection.
 */
import {
  API_LEAD_STATUSES,
  leadStatisticsQuery as leadStatisticsQuerySchema,
  MAX_PAGE_SIZE,
  statisticsQuery as statisticsQuerySchema,
  type LeadStatisticsQuery,
  type StatisticsQuery,
} from '@leadgrid/shared';
import type { Ctx } from '../../../http/context';
import type { CsvValue } from '../csv';
import type { Exporter } from '../exporters';
import { leadStatistics as readLeadStatistics, query as readStatistics } from './statistics.service';

const firstRow = (ctx: Ctx, q: StatisticsQuery) => readStatistics(ctx, { ...q, limit: 1, offset: 0 });

function valueOf(v: unknown): CsvValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return (v as { title?: string }).title ?? null;
  return v as CsvValue;
}

export const statisticsExporter: Exporter<StatisticsQuery, number> = {
  type: 'statistics',
  permission: ['front.menu.statistics.read'],
  schema: statisticsQuerySchema as never,
  fileName: 'statistics',
  count: async (ctx, q) => (await firstRow(ctx, q)).meta.totalCount,
  header: () => [],
  headerOf: async (ctx, q) => [q.groupBy, ...Object.keys((await firstRow(ctx, q)).meta.totals)],
  async page(ctx, q, cursor, size) {
    const offset = cursor ?? 0;
    const answer = await readStatistics(ctx, { ...q, limit: Math.min(size, MAX_PAGE_SIZE), offset });
    const keys = Object.keys(answer.meta.totals);
    const rows = answer.items.map((item) => [valueOf(item[q.groupBy]), ...keys.map((k) => valueOf(item[k]))]);
    const next = offset + answer.items.length;
    return { rows, cursor: answer.items.length > 0 && next < answer.meta.totalCount ? next : null };
  },
};

const LEAD_COUNTERS = [
  'leads',
  ...API_LEAD_STATUSES.map((s) => `leads_${s}`),
  'approved',
  'sent_rate',
  'approval_rate',
  'duplicate_rate',
] as const;
const firstLeadRow = (ctx: Ctx, q: LeadStatisticsQuery) => readLeadStatistics(ctx, { ...q, limit: 1, offset: 0 });
/** a grade's column: `grade:<grade>` (`grade:` for leads without a grade yet) */
const gradeColumn = (grade: string) => `grade:${grade}`;

export const leadStatisticsExporter: Exporter<LeadStatisticsQuery, number> = {
  type: 'statistics_leads',
  permission: ['front.statistics.lead.read'],
  schema: leadStatisticsQuerySchema as never,
  fileName: 'lead-statistics',
  count: async (ctx, q) => (await firstLeadRow(ctx, q)).meta.totalCount,
  header: () => [],
  headerOf: async (ctx, q) => [q.groupBy, ...LEAD_COUNTERS, ...(await firstLeadRow(ctx, q)).meta.grades.map(gradeColumn)],
  async page(ctx, q, cursor, size) {
    const offset = cursor ?? 0;
    const answer = await readLeadStatistics(ctx, { ...q, limit: Math.min(size, MAX_PAGE_SIZE), offset });
    const rows = answer.items.map((item) => {
      const row = item as unknown as Record<string, unknown> & { grades: Record<string, number> };
      return [valueOf(row[q.groupBy]), ...LEAD_COUNTERS.map((k) => valueOf(row[k])), ...answer.meta.grades.map((g) => row.grades[g] ?? 0)];
    });
    const next = offset + answer.items.length;
    return { rows, cursor: answer.items.length > 0 && next < answer.meta.totalCount ? next : null };
  },
};
