/**
 * Metrics: custom metrics (a formula over built-in metrics) next to the built-in ones. Formulas are checked by
 * the shared `validateFormula` in the request schema, so the web builder and the server refuse the same things.
 * Affiliates never see revenue-side metrics, nor custom ones built on them.
 */
import {
  ACTIVE_STATUSES,
  BUILT_IN_METRICS,
  builtInMetric,
  customMetricKey,
  formulaToText,
  METRIC_OUTPUT_FORMATS,
  metricAudienceOf,
  type ActiveMetric,
  type MetricAudience,
  type FormulaElement,
  type Metric,
  type MetricFormData,
  type metricCreate,
  type metricListQuery,
  type metricUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { metrics } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, sortedByName, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type MetricRow = typeof metrics.$inferSelect;
type ListInput = z.infer<typeof metricListQuery>;
type CreateInput = z.infer<typeof metricCreate>;
type UpdateInput = z.infer<typeof metricUpdate>;
type Status = (typeof ACTIVE_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: {
    ...sortedByName(metrics, 'id', 'outputFormat', 'status', 'createdAt'),
    title: sql`lower(${metrics.title})`,
    group: sql`lower(${metrics.group})`,
  },
  defaultOrder: 'title:asc',
  statuses: ACTIVE_STATUSES,
};

export function toMetric(row: MetricRow): Metric {
  const formula = row.formula as FormulaElement[];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    group: row.group,
    outputFormat: row.outputFormat as Metric['outputFormat'],
    formula,
    value: formulaToText(formula),
    editable: row.editable,
    status: row.status as Status,
    createdAt: toSeconds(row.createdAt)!,
    createdBy: row.createdBy,
  };
}

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(metrics.status, p.statuses) : undefined,
    q.group !== undefined ? sql`lower(${metrics.group}) = ${q.group.toLowerCase()}` : undefined,
    q.outputFormat ? eq(metrics.outputFormat, q.outputFormat) : undefined,
    p.search ? or(sql`${metrics.title} ILIKE ${contains(p.search)}`, sql`${metrics.description} ILIKE ${contains(p.search)}`) : undefined,
  );
  return listPage(ctx, p, { table: metrics, where, query: ctx.db.select().from(metrics).$dynamic(), map: toMetric });
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(metrics).where(eq(metrics.id, id)).limit(1);
  if (!row) throw AppError.notFound('Metric');
  return toMetric(row);
}

const builtInView = (m: (typeof BUILT_IN_METRICS)[number]) => ({
  ...m,
  audience: [...m.audience],
  value: m.formula ? formulaToText(m.formula) : '',
});

/** "Data for create or edit": the built-ins the builder offers, the groups in use, the output formats. */
export async function formData(ctx: Ctx): Promise<MetricFormData> {
  const rows = await ctx.db.selectDistinct({ group: metrics.group }).from(metrics).where(ne(metrics.group, ''));
  const groups = [...new Set([...BUILT_IN_METRICS.map((m) => m.group), ...rows.map((r) => r.group)])].sort((a, b) => a.localeCompare(b));
  return { builtIn: BUILT_IN_METRICS.map(builtInView), groups, outputFormats: [...METRIC_OUTPUT_FORMATS] };
}

/** whether every built-in a formula uses may be read by the audience (a custom metric is hidden with its parts) */
export const formulaVisibleTo = (formula: readonly FormulaElement[], audience: MetricAudience) =>
  formula.every((e) => e.type !== 'metric' || !!builtInMetric(e.value)?.audience.includes(audience));

/**
 * The metrics a statistics table or dashboard widget may show the caller: built-ins of its audience (affiliates no
 * revenue side, advertiser members no payout or click side), then the active custom ones built on those only.
 */
export async function active(ctx: Ctx): Promise<ActiveMetric[]> {
  const actor = requireActor(ctx);
  const audience = metricAudienceOf(actor.roleType);
  const builtIns: ActiveMetric[] = BUILT_IN_METRICS.filter((m) => m.audience.includes(audience)).map((m) => ({
    key: m.key,
    id: null,
    title: m.title,
    description: m.description,
    group: m.group,
    outputFormat: m.outputFormat,
    formula: m.formula,
    builtIn: true,
    editable: false,
  }));
  const rows = await ctx.db
    .select()
    .from(metrics)
    .where(eq(metrics.status, 'active'))
    .orderBy(asc(sql`lower(${metrics.title})`), asc(metrics.id));
  const custom: ActiveMetric[] = rows
    .map(toMetric)
    .filter((m) => formulaVisibleTo(m.formula, audience))
    .map((m) => ({
      key: customMetricKey(m.id),
      id: m.id,
      title: m.title,
      description: m.description,
      group: m.group,
      outputFormat: m.outputFormat,
      formula: m.formula,
      builtIn: false,
      editable: m.editable,
    }));
  return [...builtIns, ...custom];
}

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(metrics)
      .values(
        items.map((x) => ({
          title: x.title,
          description: x.description,
          group: x.group,
          outputFormat: x.outputFormat,
          formula: x.formula,
          status: x.status,
          createdBy: actor.id,
          createdAt: ctx.now(),
        })),
      )
      .returning({ id: metrics.id });
    await recordAudits(
      { ...ctx, db: tx },
      items.map((x, i) => ({
        entity: 'metric',
        entityId: rows[i].id,
        action: 'create',
        changes: {
          title: x.title,
          group: x.group,
          outputFormat: x.outputFormat,
          formula: formulaToText(x.formula as FormulaElement[]),
          status: x.status,
        },
      })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

/** Edit; a `status` in the item is the status PATCH of product §7. */
export async function update(ctx: Ctx, items: UpdateInput[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockEditable(
      c,
      items.map((x) => x.id),
    );
    const audits: AuditEntry[] = [];
    for (const item of items) {
      const { id, ...patch } = item;
      const changes = diffFields(current.get(id)!, patch as Partial<MetricRow>);
      if (!changes) continue;
      await tx.update(metrics).set(changes.after).where(eq(metrics.id, id));
      audits.push({ entity: 'metric', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(
    ctx,
    { table: metrics, idColumn: metrics.id, entity: 'metric', what: 'Metric', lock: lockEditable },
    items,
  );
  return byIds(ctx, ids);
}

/** The rows a write touches, locked until the transaction ends; a missing id is a 404, a locked metric a 422. */
async function lockEditable(ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db.select().from(metrics).where(inArray(metrics.id, unique)).orderBy(asc(metrics.id)).for('update');
  if (rows.length !== unique.length) throw AppError.notFound('Metric');
  const locked = rows.find((r) => !r.editable);
  if (locked) throw AppError.business(`The metric '${locked.title}' cannot be edited`);
  return new Map(rows.map((r) => [r.id, r]));
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) =>
    (await ctx.db.select().from(metrics).where(inArray(metrics.id, unique))).map((r) => toMetric(r)),
  );
}
