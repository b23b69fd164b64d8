/**
 * The dashboard (product §2 `/`, §3 Dashboard, §7; docs/decisions/insights.md "Dashboard"): each staff or advertiser
 * user's own dashboard, created on first read from their role's default (`parent`) or the built-in default; its
 * widgets; and each widget's figures, read through THE statistics service (`statisticsQuery`) in the reader's
 * statistics scope — a manager's widgets count only their affiliates, an advertiser member's only their advertiser.
 * Affiliates have no dashboard (product §2: their start page is /statistics).
 */
import {
  dashboardWidgetMetrics,
  mayHaveDashboardDefault,
  metricAudienceOf,
  STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS,
  type ApiErrorItem,
  type DashboardRoleDefault,
  type RoleType,
  DASHBOARD_COLUMNS,
  DASHBOARD_FUNNEL_METRICS,
  DASHBOARD_MAX_WIDGETS,
  dashboardWidgetInput,
  isValidZone,
  statisticsQuery as statisticsQuerySchema,
  type Dashboard,
  type DashboardData,
  type DashboardDataQuery,
  type DashboardWidget,
  type DashboardWidgetSettings,
  type DashboardWidgetSettingsInput,
  type DashboardWidgetType,
  type StatisticsAnswer,
  type StatisticsDimensionValue,
  type dashboardPatch,
  type StatisticsQueryInput,
} from '@leadgrid/shared';
import Decimal from 'decimal.js';
import { and, asc, count, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { roles } from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { recordAudit } from '../../../lib/audit';
import { active as activeMetrics } from '../metrics';
import { statisticsQuery } from '../statistics';
import { dashboards, dashboardWidgets } from './dashboard.tables';

type WidgetRow = typeof dashboardWidgets.$inferSelect;
type NewWidget = { type: DashboardWidgetType; settings: DashboardWidgetSettingsInput };

const at = (x: number, y: number, w: number, h: number) => ({ position: { x, y }, size: { w, h } });
/** the built-in default of staff: the day's KPI cards, the chart, live counters, the funnel and two top-5 tables */
export const STAFF_DEFAULT: NewWidget[] = [
  { type: 'kpi', settings: { metrics: ['clicks'], ...at(0, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['leads'], ...at(3, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['conversions'], ...at(6, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['profit'], ...at(9, 0, 3, 3) } },
  { type: 'line', settings: { metrics: ['clicks', 'leads', 'conversions'], ...at(0, 3, 8, 8) } },
  { type: 'live', settings: { ...at(8, 3, 4, 3) } },
  { type: 'funnel', settings: { ...at(8, 6, 4, 5) } },
  { type: 'top', settings: { metrics: ['clicks'], groupBy: 'offer', limit: 5, ...at(0, 11, 6, 6) } },
  { type: 'top', settings: { metrics: ['leads'], groupBy: 'affiliate', limit: 5, ...at(6, 11, 6, 6) } },
];
/** an advertiser member sees no clicks nor profit, and never who sent a lead */
export const ADVERTISER_DEFAULT: NewWidget[] = [
  { type: 'kpi', settings: { metrics: ['leads'], ...at(0, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['leads_sent'], ...at(3, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['approved_conversions'], ...at(6, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['revenue'], ...at(9, 0, 3, 3) } },
  { type: 'line', settings: { metrics: ['leads', 'approved_conversions'], ...at(0, 3, 8, 8) } },
  { type: 'top', settings: { metrics: ['leads'], groupBy: 'offer', limit: 5, ...at(8, 3, 4, 8) } },
];

function requireDashboardReader(ctx: Ctx) {
  const actor = requireActor(ctx);
  if (actor.roleType === 'affiliate') throw AppError.forbidden('Affiliates have no dashboard: their start page is the statistics');
  return actor;
}

const parseSettings = (s: DashboardWidgetSettingsInput) => dashboardWidgetInput.shape.settings.parse(s);
const toWidget = (w: WidgetRow): DashboardWidget => ({ id: w.id, type: w.type, settings: w.settings, order: w.order });

/** every metric of a widget must be one the reader may see (the active metrics of `GET /metrics/active`) */
async function checkMetrics(ctx: Ctx, widgets: { settings: { metrics: string[] } }[], path: (i: number) => (string | number)[]) {
  const known = new Set((await activeMetrics(ctx)).map((m) => m.key));
  for (const [i, w] of widgets.entries()) {
    for (const [j, key] of w.settings.metrics.entries()) {
      if (!known.has(key)) throw AppError.field([...path(i), 'settings', 'metrics', j], 'pattern', `Unknown metric ${key}`);
    }
  }
}

async function ownDashboardId(ctx: Ctx): Promise<number> {
  return (await get(ctx)).id;
}

/** A user's starting point: its role's default (named as `parent`), else the built-in default of its role type. */
async function templateOf(
  ctx: Ctx,
  actor: Actor,
): Promise<{ parentId: number | null; settings: Dashboard['settings']; widgets: NewWidget[] }> {
  const [roleDefault] = await ctx.db.select().from(dashboards).where(eq(dashboards.roleId, actor.roleId));
  if (!roleDefault)
    return { parentId: null, settings: {}, widgets: actor.roleType === 'advertiser_member' ? ADVERTISER_DEFAULT : STAFF_DEFAULT };
  const widgets = await ctx.db
    .select()
    .from(dashboardWidgets)
    .where(eq(dashboardWidgets.dashboardId, roleDefault.id))
    .orderBy(asc(dashboardWidgets.order), asc(dashboardWidgets.id));
  return {
    parentId: roleDefault.id,
    settings: roleDefault.settings as Dashboard['settings'],
    widgets: widgets.map((w) => ({ type: w.type, settings: w.settings })),
  };
}

/** writes widgets to a dashboard in the given order (the caller has removed the old ones) */
async function insertWidgets(tx: DbOrTx, dashboardId: number, widgets: NewWidget[]) {
  if (widgets.length)
    await tx
      .insert(dashboardWidgets)
      .values(widgets.map((w, i) => ({ dashboardId, type: w.type, settings: parseSettings(w.settings), order: i })));
}

/** The reader's dashboard; the first read creates it from the role's default, else from the built-in default. */
export async function get(ctx: Ctx): Promise<Dashboard> {
  const actor = requireDashboardReader(ctx);
  let [row] = await ctx.db.select().from(dashboards).where(eq(dashboards.userId, actor.id));
  if (!row) {
    const template = await templateOf(ctx, actor);
    await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(dashboards)
        .values({ userId: actor.id, parentId: template.parentId, type: 'grid', settings: template.settings })
        .onConflictDoNothing()
        .returning();
      // another request created it at the same moment: theirs stands
      if (!created) return;
      await insertWidgets(tx, created.id, template.widgets);
    });
    [row] = await ctx.db.select().from(dashboards).where(eq(dashboards.userId, actor.id));
  }
  const widgets = await ctx.db
    .select()
    .from(dashboardWidgets)
    .where(eq(dashboardWidgets.dashboardId, row.id))
    .orderBy(asc(dashboardWidgets.order), asc(dashboardWidgets.id));
  return {
    id: row.id,
    parent: row.parentId,
    type: row.type,
    settings: row.settings as Dashboard['settings'],
    widgets: widgets.map(toWidget),
  };
}

/** `POST /dashboard/reset`: the reader's dashboard becomes a copy of its role's default again (or the built-in one). */
export async function reset(ctx: Ctx): Promise<Dashboard> {
  const actor = requireDashboardReader(ctx);
  const id = await ownDashboardId(ctx);
  const template = await templateOf(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(dashboards)
      .set({ parentId: template.parentId, type: 'grid', settings: template.settings, updatedAt: ctx.now() })
      .where(eq(dashboards.id, id));
    await tx.delete(dashboardWidgets).where(eq(dashboardWidgets.dashboardId, id));
    await insertWidgets(tx, id, template.widgets);
  });
  return get(ctx);
}

// --- role defaults (docs/decisions/insights.md "Dashboard: role defaults") ------------------------------------------

/** a role default is written by who may edit roles (the route's `role.update`) and has a dashboard to copy */
function requireRoleDefaultsEditor(ctx: Ctx): Actor {
  const actor = requireDashboardReader(ctx);
  if (!hasPermission(actor, 'front.dashboard.read') || !hasPermission(actor, 'role.update')) throw AppError.forbidden();
  return actor;
}

async function roleOf(ctx: Ctx, roleId: number) {
  const [role] = await ctx.db.select({ id: roles.id, title: roles.title, type: roles.type }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw AppError.notFound('Role');
  return role;
}

const widgetName = (w: DashboardWidget, i: number) => `Widget ${i + 1} (${w.settings.title || w.type})`;

/**
 * Every widget must suit the users of the role: its metrics among the active metrics of the role's audience (an
 * advertiser member sees no clicks nor payout side), and for an advertiser member no grouping or filter by who sent
 * the lead (the statistics service would refuse them). Errors point at the widget in the caller's dashboard.
 */
async function checkForRole(ctx: Ctx, actor: Actor, roleType: RoleType, widgets: DashboardWidget[]) {
  // the metrics audience rules of GET /metrics/active, asked for the role's type instead of the caller's
  const known = new Set((await activeMetrics({ ...ctx, actor: { ...actor, roleType } })).map((m) => m.key));
  const audience = metricAudienceOf(roleType);
  const forbiddenDims: readonly string[] = audience === 'advertiser_member' ? STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS : [];
  const errors: ApiErrorItem[] = [];
  for (const [i, w] of widgets.entries()) {
    const loc = ['dashboard', 'widgets', i];
    const own = w.type !== 'funnel' && w.type !== 'live';
    for (const [j, key] of dashboardWidgetMetrics(w).entries()) {
      if (known.has(key)) continue;
      errors.push({ msg: 'forbidden', type: 'forbidden', loc: own ? [...loc, 'settings', 'metrics', j] : [...loc, 'type'] });
      break;
    }
    if (w.settings.groupBy && forbiddenDims.includes(w.settings.groupBy))
      errors.push({ msg: 'forbidden', type: 'forbidden', loc: [...loc, 'settings', 'groupBy'] });
    if (w.settings.filters.affiliateId?.length && forbiddenDims.includes('affiliate'))
      errors.push({ msg: 'forbidden', type: 'forbidden', loc: [...loc, 'settings', 'filters', 'affiliateId'] });
  }
  if (errors.length) {
    const names = [...new Set(errors.map((e) => e.loc[2] as number))].map((i) => widgetName(widgets[i], i));
    throw AppError.validation(errors, `${names.join(', ')}: not available to users of this role`);
  }
}

/** `GET /dashboard/role-defaults`: the roles that have a default, by title */
export async function roleDefaults(ctx: Ctx): Promise<DashboardRoleDefault[]> {
  requireRoleDefaultsEditor(ctx);
  const rows = await ctx.db
    .select({
      roleId: roles.id,
      roleTitle: roles.title,
      roleType: roles.type,
      updatedAt: dashboards.updatedAt,
      widgetsCount: count(dashboardWidgets.id),
    })
    .from(dashboards)
    .innerJoin(roles, eq(roles.id, dashboards.roleId))
    .leftJoin(dashboardWidgets, eq(dashboardWidgets.dashboardId, dashboards.id))
    .groupBy(dashboards.id, roles.id)
    .orderBy(asc(sql`lower(${roles.title})`), asc(roles.id));
  return rows.map((r) => ({ ...r, roleType: r.roleType as RoleType, updatedAt: toSeconds(r.updatedAt)! }));
}

/**
 * `PUT /dashboard/role-defaults/:roleId`: the caller's dashboard as it is now (settings, widgets in order) becomes the
 * role's default, replacing an older one in place (its id stays, so the copies made from it still name it).
 * Dashboards users already have are theirs and stay; new users of the role start from this one.
 */
export async function saveRoleDefault(ctx: Ctx, roleId: number): Promise<DashboardRoleDefault> {
  const actor = requireRoleDefaultsEditor(ctx);
  const role = await roleOf(ctx, roleId);
  if (!mayHaveDashboardDefault(role.type))
    throw AppError.field(['params', 'roleId'], 'forbidden', 'Affiliates have no dashboard: an affiliate role has no default');
  const mine = await get(ctx);
  await checkForRole(ctx, actor, role.type as RoleType, mine.widgets);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(dashboards)
      .values({ roleId: role.id, type: mine.type, settings: mine.settings, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: dashboards.roleId,
        targetWhere: isNotNull(dashboards.roleId),
        set: { type: mine.type, settings: mine.settings, updatedAt: now },
      })
      .returning();
    await tx.delete(dashboardWidgets).where(eq(dashboardWidgets.dashboardId, saved.id));
    await insertWidgets(tx, saved.id, mine.widgets);
    await recordAudit(
      { ...ctx, db: tx },
      {
        entity: 'role',
        entityId: role.id,
        action: 'dashboard_default_save',
        changes: { fromDashboard: mine.id, widgets: mine.widgets.length },
      },
    );
  });
  return (await roleDefaults(ctx)).find((d) => d.roleId === role.id)!;
}

/** `DELETE /dashboard/role-defaults/:roleId`: the role has no default any more; the copies users made stay theirs. */
export async function removeRoleDefault(ctx: Ctx, roleId: number): Promise<{ roleId: number }> {
  requireRoleDefaultsEditor(ctx);
  const role = await roleOf(ctx, roleId);
  await ctx.db.transaction(async (tx) => {
    // the copies' parent_id becomes null (ON DELETE SET NULL): they no longer come from a default
    const removed = await tx.delete(dashboards).where(eq(dashboards.roleId, role.id)).returning({ id: dashboards.id });
    if (!removed.length) throw AppError.notFound('Dashboard default of the role');
    await recordAudit(
      { ...ctx, db: tx },
      { entity: 'role', entityId: role.id, action: 'dashboard_default_delete', changes: { dashboard: removed[0].id } },
    );
  });
  return { roleId: role.id };
}

/** `PUT /dashboard`: the whole dashboard — its settings, and its widgets replacing the old ones in the given order. */
export async function replace(
  ctx: Ctx,
  body: { type: 'grid'; settings: Dashboard['settings']; widgets: { type: DashboardWidgetType; settings: DashboardWidgetSettings }[] },
): Promise<Dashboard> {
  await checkMetrics(ctx, body.widgets, (i) => ['body', 'widgets', i]);
  const id = await ownDashboardId(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.update(dashboards).set({ type: body.type, settings: body.settings, updatedAt: ctx.now() }).where(eq(dashboards.id, id));
    await tx.delete(dashboardWidgets).where(eq(dashboardWidgets.dashboardId, id));
    if (body.widgets.length)
      await tx
        .insert(dashboardWidgets)
        .values(body.widgets.map((w, i) => ({ dashboardId: id, type: w.type, settings: w.settings, order: i })));
  });
  return get(ctx);
}

/** `PATCH /dashboard`: its settings and/or the layout — order, size and position of its own widgets. */
export async function patch(ctx: Ctx, body: z.output<typeof dashboardPatch>): Promise<Dashboard> {
  const id = await ownDashboardId(ctx);
  const layout = body.layout ?? [];
  const rows = layout.length
    ? await ctx.db
        .select()
        .from(dashboardWidgets)
        .where(
          and(
            eq(dashboardWidgets.dashboardId, id),
            inArray(
              dashboardWidgets.id,
              layout.map((l) => l.id),
            ),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [i, l] of layout.entries()) {
    if (!byId.has(l.id)) throw AppError.field(['body', 'layout', i, 'id'], 'notFound', 'Widget not found');
    if (l.position.x + l.size.w > DASHBOARD_COLUMNS)
      throw AppError.field(['body', 'layout', i, 'position', 'x'], 'noMore', 'The widget does not fit the grid');
  }
  await ctx.db.transaction(async (tx) => {
    if (body.settings) await tx.update(dashboards).set({ settings: body.settings, updatedAt: ctx.now() }).where(eq(dashboards.id, id));
    for (const l of layout) {
      const settings = { ...byId.get(l.id)!.settings, size: l.size, position: l.position };
      await tx.update(dashboardWidgets).set({ settings, order: l.order }).where(eq(dashboardWidgets.id, l.id));
    }
  });
  return get(ctx);
}

/** `PUT /dashboard/widgets`: adds widgets after the others. */
export async function addWidgets(
  ctx: Ctx,
  items: { type: DashboardWidgetType; settings: DashboardWidgetSettings }[],
): Promise<DashboardWidget[]> {
  await checkMetrics(ctx, items, (i) => ['body', 'items', i]);
  const id = await ownDashboardId(ctx);
  return ctx.db.transaction(async (tx) => {
    const existing = await tx.select({ id: dashboardWidgets.id }).from(dashboardWidgets).where(eq(dashboardWidgets.dashboardId, id));
    if (existing.length + items.length > DASHBOARD_MAX_WIDGETS)
      throw AppError.field(['body', 'items'], 'noMore', `A dashboard holds at most ${DASHBOARD_MAX_WIDGETS} widgets`);
    const [{ last }] = await tx
      .select({ last: max(dashboardWidgets.order) })
      .from(dashboardWidgets)
      .where(eq(dashboardWidgets.dashboardId, id));
    const start = (last ?? -1) + 1;
    const rows = await tx
      .insert(dashboardWidgets)
      .values(items.map((w, i) => ({ dashboardId: id, type: w.type, settings: w.settings, order: start + i })))
      .returning();
    return rows.map(toWidget);
  });
}

async function ownWidget(ctx: Ctx, widgetId: number): Promise<WidgetRow> {
  const id = await ownDashboardId(ctx);
  const [row] = await ctx.db
    .select()
    .from(dashboardWidgets)
    .where(and(eq(dashboardWidgets.id, widgetId), eq(dashboardWidgets.dashboardId, id)));
  // another user's widget is not found, as if it did not exist
  if (!row) throw AppError.notFound('Widget');
  return row;
}

/** `PATCH /dashboard/widgets/:id`: new settings; the type stays and its rules apply. */
export async function updateWidget(ctx: Ctx, widgetId: number, settings: DashboardWidgetSettings): Promise<DashboardWidget> {
  const row = await ownWidget(ctx, widgetId);
  const checked = dashboardWidgetInput.safeParse({ type: row.type, settings });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw AppError.field(['body', ...(issue.path as (string | number)[])], issue.message);
  }
  await checkMetrics(ctx, [checked.data], () => ['body']);
  const [updated] = await ctx.db
    .update(dashboardWidgets)
    .set({ settings: checked.data.settings })
    .where(eq(dashboardWidgets.id, row.id))
    .returning();
  return toWidget(updated);
}

/** `DELETE /dashboard/widgets/:id` */
export async function removeWidget(ctx: Ctx, widgetId: number): Promise<{ id: number }> {
  const row = await ownWidget(ctx, widgetId);
  await ctx.db.delete(dashboardWidgets).where(eq(dashboardWidgets.id, row.id));
  return { id: row.id };
}

// --- figures ------------------------------------------------------------------------------------------------------

const DAY = 'yyyy-MM-dd';
const QUARTER_S = 900;

/**
 * The widgets of one dashboard load together and ask the same statistics again and again: every KPI card reads the
 * period by day and the previous period's totals, the line chart the period by day. One answer serves every widget
 * request of the same showing of the dashboard (`load`, sent by the page for a load or a range change), the same
 * reader (id and permissions: the scope) and the same query (docs/decisions/insights.md "Dashboard first paint").
 * A request without `load` asks on its own, and a new showing never gets an earlier showing's answer: a reload right
 * after a click shows that click. Entries go SHARED_MS after they were asked.
 */
const SHARED_MS = 10_000;
const SHARED_MAX = 500;
const shared = new Map<string, { at: number; answer: Promise<StatisticsAnswer> }>();

function sharedQuery(
  ctx: Ctx,
  actor: Actor,
  load: string | undefined,
  q: ReturnType<typeof statisticsQuerySchema.parse>,
): Promise<StatisticsAnswer> {
  if (!load) return statisticsQuery(ctx, q);
  const now = Date.now();
  const key = `${load}|${actor.id}|${actor.roleType}|${actor.permissions.join(',')}|${JSON.stringify(q)}`;
  const hit = shared.get(key);
  if (hit && now - hit.at < SHARED_MS) return hit.answer;
  if (shared.size >= SHARED_MAX) for (const [k, v] of shared) if (now - v.at >= SHARED_MS) shared.delete(k);
  if (shared.size >= SHARED_MAX) shared.clear();
  const answer = statisticsQuery(ctx, q);
  shared.set(key, { at: now, answer });
  // a failed read is not kept: the next widget asks again
  answer.catch(() => shared.delete(key));
  return answer;
}
/** a metric's value in an answer: absent (the reader may not see it) is null */
const valueOf = (row: Record<string, unknown> | undefined, key: string) => {
  const v = row?.[key];
  return typeof v === 'number' || typeof v === 'string' ? v : null;
};

/** the time dimension of a period's chart: hours of one day, days up to three months, weeks beyond */
export function chartDimension(days: number): 'hour' | 'day' | 'week' {
  return days <= 1 ? 'hour' : days <= 93 ? 'day' : 'week';
}

/** the time values of a period in the statistics' formats (periods.ts TIME_FORMAT), in order, each once */
export function timeSlots(from: DateTime, toExclusive: DateTime, dim: 'hour' | 'day' | 'week'): string[] {
  const fmt = dim === 'hour' ? "yyyy-MM-dd'T'HH" : dim === 'day' ? DAY : "kkkk-'W'WW";
  const unit = dim === 'hour' ? { hours: 1 } : dim === 'day' ? { days: 1 } : { weeks: 1 };
  const slots: string[] = [];
  let t = dim === 'week' ? from.startOf('week') : from;
  while (t < toExclusive) {
    const s = t.toFormat(fmt);
    if (slots[slots.length - 1] !== s) slots.push(s);
    t = t.plus(unit);
  }
  return slots;
}

/** the change against the previous period in per cent, two decimals; null when there is nothing to compare with */
export function changeOf(value: number | string | null, previous: number | string | null): string | null {
  if (value === null || previous === null) return null;
  const p = new Decimal(previous);
  if (p.isZero()) return null;
  return new Decimal(value).minus(p).div(p.abs()).times(100).toDecimalPlaces(2).toFixed(2);
}

/** `GET /statistics/dashboard`: one widget's figures for the dashboard's period, from the statistics service. */
export async function data(ctx: Ctx, q: DashboardDataQuery): Promise<DashboardData> {
  const actor = requireDashboardReader(ctx);
  const widget = await ownWidget(ctx, q.widgetId);
  const zone = q.timezone ?? actor.timezone ?? 'UTC';
  if (!isValidZone(zone)) throw AppError.field(['querystring', 'timezone'], 'pattern', 'Unknown time zone');
  const today = DateTime.fromJSDate(ctx.now(), { zone }).toFormat(DAY);
  const dateFrom = q.dateFrom ?? q.dateTo ?? today;
  const dateTo = q.dateTo ?? q.dateFrom ?? today;
  const from = DateTime.fromFormat(dateFrom, DAY, { zone });
  const to = DateTime.fromFormat(dateTo, DAY, { zone });
  if (!from.isValid) throw AppError.field(['querystring', 'dateFrom'], 'pattern', 'A date is written YYYY-MM-DD');
  if (!to.isValid) throw AppError.field(['querystring', 'dateTo'], 'pattern', 'A date is written YYYY-MM-DD');
  if (to < from) throw AppError.field(['querystring', 'dateTo'], 'min', 'dateTo must not be before dateFrom');
  const days = Math.round(to.diff(from, 'days').days) + 1;

  const s = widget.settings;
  const f = s.filters ?? {};
  const base: StatisticsQueryInput = {
    dateFrom,
    dateTo,
    timezone: zone,
    ...(f.offerId?.length ? { offerId: f.offerId.map(String) } : {}),
    ...(f.affiliateId?.length ? { affiliateId: f.affiliateId.map(String) } : {}),
    ...(f.advertiserId?.length ? { advertiserId: f.advertiserId.map(String) } : {}),
    ...(f.country?.length ? { country: f.country } : {}),
  };
  const run = (extra: StatisticsQueryInput): Promise<StatisticsAnswer> =>
    sharedQuery(ctx, actor, q.load, statisticsQuerySchema.parse({ ...base, ...extra }));

  switch (widget.type) {
    case 'kpi': {
      const metric = s.metrics[0];
      const dim = chartDimension(days);
      const slots = timeSlots(from, to.plus({ days: 1 }), dim);
      const prevFrom = from.minus({ days }).toFormat(DAY);
      const prevTo = from.minus({ days: 1 }).toFormat(DAY);
      const [now, before] = await Promise.all([
        run({ groupBy: dim, orderBy: `${dim}:asc`, limit: Math.max(slots.length, 1) }),
        run({ dateFrom: prevFrom, dateTo: prevTo, limit: 1 }),
      ]);
      const byTime = new Map(now.items.map((i) => [String(i[dim]), i]));
      const value = valueOf(now.meta.totals, metric);
      const previous = valueOf(before.meta.totals, metric);
      return {
        type: 'kpi',
        metric,
        value,
        previous,
        change: changeOf(value, previous),
        sparkline: slots.map((slot) => (value === null ? null : (valueOf(byTime.get(slot), metric) ?? 0))),
      };
    }
    case 'line': {
      const dim = chartDimension(days);
      const slots = timeSlots(from, to.plus({ days: 1 }), dim);
      const answer = await run({ groupBy: dim, orderBy: `${dim}:asc`, limit: Math.max(slots.length, 1) });
      const byTime = new Map(answer.items.map((i) => [String(i[dim]), i]));
      return {
        type: 'line',
        dimension: dim,
        slots,
        series: s.metrics.map((metric) => {
          const visible = valueOf(answer.meta.totals, metric) !== null;
          return { metric, values: slots.map((slot) => (visible ? (valueOf(byTime.get(slot), metric) ?? 0) : null)) };
        }),
      };
    }
    case 'top': {
      const metric = s.metrics[0];
      const groupBy = s.groupBy!;
      const answer = await run({ groupBy, orderBy: `${metric}:desc`, limit: s.limit ?? 5 });
      return {
        type: 'top',
        groupBy,
        metric,
        rows: answer.items.map((i) => ({ key: (i[groupBy] ?? null) as StatisticsDimensionValue, value: valueOf(i, metric) })),
      };
    }
    case 'funnel': {
      const answer = await run({ limit: 1 });
      return { type: 'funnel', steps: DASHBOARD_FUNNEL_METRICS.map((metric) => ({ metric, value: valueOf(answer.meta.totals, metric) })) };
    }
    case 'live': {
      // the roll-ups count in 15-minute buckets: the last hour is the last four, the current one included
      const quarter = Math.floor(ctx.now().getTime() / 1000 / QUARTER_S) * QUARTER_S;
      const liveFrom = quarter - 3 * QUARTER_S;
      const liveTo = quarter + QUARTER_S;
      const answer = await statisticsQuery(
        ctx,
        statisticsQuerySchema.parse({
          ...base,
          dateFrom: undefined,
          dateTo: undefined,
          timezone: 'UTC',
          from: String(liveFrom),
          to: String(liveTo),
          limit: 1,
        }),
      );
      return {
        type: 'live',
        from: liveFrom,
        to: liveTo,
        clicks: valueOf(answer.meta.totals, 'clicks'),
        leads: valueOf(answer.meta.totals, 'leads'),
      };
    }
  }
}
