/**
 * The statistics export (`POST /exports {type: 'statistics', query}`): the rows of `GET /statistics` for the same
 * query and scope, every page, one CSV line per row — the row's value (a title for entities) and the built-in metrics
 * the owner may see, in the catalogue's order. Custom and per-goal columns are not exported (the header is fixed per
 * owner before the query runs).
 */
import { BUILT_IN_METRICS, metricAudienceOf, statisticsQuery, type StatisticsQuery } from '@leadgrid/shared';
import { requireActor, type Ctx } from '../../../http/context';
import type { CsvValue } from '../../exports/csv';
import type { Exporter } from '../../exports/exporters';
import { query } from './statistics.service';

const metricKeys = (ctx: Ctx) =>
  BUILT_IN_METRICS.filter((m) => m.audience.includes(metricAudienceOf(requireActor(ctx).roleType))).map((m) => m.key);
const PAGE = 1000;

const cell = (v: unknown): CsvValue =>
  v === null || v === undefined ? '' : typeof v === 'object' ? (v as { title: string }).title : (v as CsvValue);

export const statisticsExporter: Exporter<StatisticsQuery, number> = {
  type: 'statistics',
  permission: ['front.menu.statistics.read'],
  schema: statisticsQuery,
  fileName: 'statistics',
  header: (ctx) => ['group', ...metricKeys(ctx)],
  count: async (ctx, q) => (await query(ctx, { ...q, limit: 1, offset: 0 })).meta.totalCount,
  async page(ctx, q, cursor, size) {
    const offset = cursor ?? 0;
    const answer = await query(ctx, { ...q, offset, limit: Math.min(size, PAGE) });
    const keys = metricKeys(ctx);
    const rows = answer.items.map((item) => [cell(item[q.groupBy]), ...keys.map((k) => cell(item[k]))]);
    const next = offset + rows.length;
    return { rows, cursor: rows.length && next < answer.meta.totalCount ? next : null };
  },
};
