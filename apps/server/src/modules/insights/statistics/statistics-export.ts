/**
 * The statistics export: every row of the first level of a `GET /statistics` view (its grouping, period, zone, date
 * type, filters and order — not only the page shown), one line per value with the metrics the owner may see, read
 * through the statistics service in the owner's scope. An entity is written by its title, a time slot as the server
 * spells it; metric values as the API answers them (money as exact decimal strings).
 */
import { MAX_PAGE_SIZE, statisticsQuery as statisticsQuerySchema, type StatisticsQuery } from '@leadgrid/shared';
import type { Ctx } from '../../../http/context';
import type { CsvValue } from '../../exports/csv';
import type { Exporter } from '../../exports/exporters';
import { query as readStatistics } from './statistics.service';

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
