/**
 * The caller's metric columns of a statistics table (product §7 "statistics metric info and status"): each active metric
 * the caller may see (the audience rules of `GET /metrics/active`) with its info and its status — shown or not, and
 * its position. The choice is kept as the user preference STATISTICS_METRICS_PREFERENCE, one row per table
 * (`value` = `[{key, enabled, order}]`); a metric the user never chose takes its default (docs/decisions/insights.md
 * "Statistics metric choice"). UI state: not audited.
 */
import {
  STATISTICS_METRICS_PREFERENCE,
  statisticsMetricShownByDefault,
  statisticsTableHasMetric,
  type StatisticsMetricChoiceItem,
  type StatisticsMetricInfo,
  type StatisticsMetricTable,
} from '@leadgrid/shared';
import { and, eq, sql } from 'drizzle-orm';
import { userPreferences, users } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { active as activeMetrics } from '../metrics';

/** the read permission of each statistics table: its metric choice is read and saved under it */
export const TABLE_PERMISSION: Record<StatisticsMetricTable, string> = {
  statistics: 'front.menu.statistics.read',
  leads: 'front.statistics.lead.read',
};
/** the route lets in a reader of either table; the table asked for needs its own permission */
function requireTable(ctx: Ctx, table: StatisticsMetricTable) {
  if (!hasPermission(requireActor(ctx), TABLE_PERMISSION[table])) throw AppError.forbidden();
}

type Choice = Pick<StatisticsMetricChoiceItem, 'enabled' | 'order'>;

/** the saved choice of one table, by key; a malformed value (written by hand) counts as no choice */
async function savedChoice(ctx: Ctx, userId: number, table: StatisticsMetricTable): Promise<Map<string, Choice>> {
  const [row] = await ctx.db
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(
      and(eq(userPreferences.userId, userId), eq(userPreferences.type, STATISTICS_METRICS_PREFERENCE), eq(userPreferences.name, table)),
    )
    .limit(1);
  const out = new Map<string, Choice>();
  if (!row || !Array.isArray(row.value)) return out;
  for (const item of row.value as unknown[]) {
    const x = item as Partial<StatisticsMetricChoiceItem> | null;
    if (x && typeof x.key === 'string' && typeof x.enabled === 'boolean' && Number.isInteger(x.order))
      out.set(x.key, { enabled: x.enabled, order: x.order! });
  }
  return out;
}

/** the metrics of the table the caller may see, in the default order (built-ins in catalogue order, then custom by title) */
async function visibleMetrics(ctx: Ctx, table: StatisticsMetricTable) {
  return (await activeMetrics(ctx)).filter((m) => statisticsTableHasMetric(table, m.key));
}

/**
 * GET: every metric of the table the caller may see, in the caller's order (the chosen ones by their saved order,
 * then the others in the default order), `order` renumbered 0..n-1; `enabled` as chosen, else the default.
 */
export async function metricChoice(ctx: Ctx, table: StatisticsMetricTable): Promise<StatisticsMetricInfo[]> {
  const actor = requireActor(ctx);
  requireTable(ctx, table);
  const [metrics, saved] = await Promise.all([visibleMetrics(ctx, table), savedChoice(ctx, actor.id, table)]);
  const ranked = metrics.map((m, i) => {
    const choice = saved.get(m.key);
    return { m, choice, rank: choice ? [0, choice.order, i] : [1, i, i] };
  });
  ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2]);
  return ranked.map(({ m, choice }, order) => ({
    key: m.key,
    title: m.title,
    description: m.description,
    outputFormat: m.outputFormat,
    group: m.group,
    enabled: choice ? choice.enabled : statisticsMetricShownByDefault(table, m.key),
    order,
  }));
}

/**
 * PATCH: the status of the listed metrics; the metrics not listed keep theirs. A key the caller may not see (unknown,
 * inactive, or hidden from the caller's audience, e.g. revenue for an affiliate) is a 400 on `items.N.key` and
 * nothing is written.
 */
export async function saveMetricChoice(ctx: Ctx, table: StatisticsMetricTable, items: StatisticsMetricChoiceItem[]) {
  const actor = requireActor(ctx);
  requireTable(ctx, table);
  const visible = new Set((await visibleMetrics(ctx, table)).map((m) => m.key));
  const bad = items.findIndex((item) => !visible.has(item.key));
  if (bad >= 0)
    throw AppError.field(
      ['body', 'items', bad, 'key'],
      'pattern',
      `items.${bad}.key: '${items[bad].key}' is not a metric of this table you may see`,
    );
  await ctx.db.transaction(async (tx) => {
    // one writer per user at a time, so two quick saves never lose each other's keys
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const c = { ...ctx, db: tx };
    const merged = await savedChoice(c, actor.id, table);
    for (const item of items) merged.set(item.key, { enabled: item.enabled, order: item.order });
    const value = [...merged].map(([key, x]) => ({ key, enabled: x.enabled, order: x.order }));
    await tx
      .insert(userPreferences)
      .values({ userId: actor.id, type: STATISTICS_METRICS_PREFERENCE, name: table, value, createdAt: ctx.now() })
      .onConflictDoUpdate({
        target: [userPreferences.userId, userPreferences.type, userPreferences.name],
        set: { value: sql`excluded.value` },
      });
  });
  return metricChoice(ctx, table);
}
