/**
 * Dashboard (product §2 `/`, §3 Dashboard, §7 dashboard GET/PUT/PATCH, widgets PUT/PATCH/DELETE, statistics dashboard;
 * §9 default filter and chart colours). A dashboard belongs to one staff or advertiser user; a role's default
 * (`roleId` set, no user) is what a new user's dashboard is copied from (`parent`). Every widget's figures come from
 * the statistics service (`GET /statistics/dashboard?widgetId=…` for the dashboard's period).
 */
import { z } from 'zod';
import { ROLE_TYPES, type RoleType } from '../access/permissions';
import { zId } from '../validation';
import { STATISTICS_SUB_DIMENSIONS, type StatisticsDimensionValue } from './statistics';

export const DASHBOARD_WIDGET_TYPES = ['kpi', 'line', 'top', 'funnel', 'live'] as const;
export type DashboardWidgetType = (typeof DASHBOARD_WIDGET_TYPES)[number];
/** the dimensions a top-N table ranks */
export const DASHBOARD_TOP_DIMENSIONS = ['offer', 'affiliate', 'advertiser', 'country', ...STATISTICS_SUB_DIMENSIONS] as const;
export type DashboardTopDimension = (typeof DASHBOARD_TOP_DIMENSIONS)[number];
/** a line chart draws up to five metrics, in the five fixed colours of product §9 */
export const DASHBOARD_MAX_LINE_METRICS = 5;
export const DASHBOARD_MAX_WIDGETS = 30;
/** the grid: 12 columns, rows of DASHBOARD_ROW_HEIGHT px */
export const DASHBOARD_COLUMNS = 12;
export const DASHBOARD_ROW_HEIGHT = 40;
/** the funnel's steps: clicks → leads → sent → approved (approved conversions), all statistics metrics */
export const DASHBOARD_FUNNEL_METRICS = ['clicks', 'leads', 'leads_sent', 'approved_conversions'] as const;
/** live counters: clicks and leads of the last hour */
export const DASHBOARD_LIVE_METRICS = ['clicks', 'leads'] as const;

const metricKey = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'pattern' });
const ids = () => z.array(zId()).max(100, { message: 'noMore' }).optional();
/** the statistics filters a widget may carry (JSON arrays; the statistics query's own fields take lists) */
const filters = z
  .object({
    offerId: ids(),
    affiliateId: ids(),
    advertiserId: ids(),
    country: z
      .array(z.string().regex(/^[A-Z]{2}$/, { message: 'pattern' }))
      .max(300, { message: 'noMore' })
      .optional(),
  })
  .strict();
export type DashboardWidgetFilters = z.infer<typeof filters>;

export const dashboardWidgetSize = z.object({
  w: z.number().int({ message: 'number' }).min(2, { message: 'min' }).max(DASHBOARD_COLUMNS, { message: 'noMore' }),
  h: z.number().int({ message: 'number' }).min(2, { message: 'min' }).max(20, { message: 'noMore' }),
});
export const dashboardWidgetPosition = z.object({
  x: z
    .number()
    .int({ message: 'number' })
    .min(0, { message: 'min' })
    .max(DASHBOARD_COLUMNS - 1, { message: 'noMore' }),
  y: z.number().int({ message: 'number' }).min(0, { message: 'min' }).max(1000, { message: 'noMore' }),
});

/** a widget's settings; which fields matter depends on its type (checked by `dashboardWidgetInput`) */
export const dashboardWidgetSettings = z.object({
  title: z.string().trim().max(100, { message: 'maxlength' }).optional(),
  metrics: z.array(metricKey).max(DASHBOARD_MAX_LINE_METRICS, { message: 'noMore' }).default([]),
  groupBy: z.enum(DASHBOARD_TOP_DIMENSIONS, { message: 'pattern' }).optional(),
  /** rows of a top-N table */
  limit: z.number().int({ message: 'number' }).min(1, { message: 'min' }).max(50, { message: 'noMore' }).optional(),
  filters: filters.default({}),
  size: dashboardWidgetSize,
  position: dashboardWidgetPosition,
});
export type DashboardWidgetSettings = z.infer<typeof dashboardWidgetSettings>;
export type DashboardWidgetSettingsInput = z.input<typeof dashboardWidgetSettings>;

/** the rules between a widget's type and its settings (issue paths point into `settings`) */
function checkTypeRules(
  w: { type: DashboardWidgetType; settings: DashboardWidgetSettings },
  ctx: z.RefinementCtx,
  base: (string | number)[],
) {
  const n = w.settings.metrics.length;
  const at = [...base, 'settings', 'metrics'];
  if ((w.type === 'kpi' || w.type === 'top') && n !== 1) ctx.addIssue({ code: 'custom', path: at, message: 'required' });
  if (w.type === 'line' && n < 1) ctx.addIssue({ code: 'custom', path: at, message: 'required' });
  if ((w.type === 'funnel' || w.type === 'live') && n > 0) ctx.addIssue({ code: 'custom', path: at, message: 'forbidden' });
  if (w.type === 'top' && !w.settings.groupBy)
    ctx.addIssue({ code: 'custom', path: [...base, 'settings', 'groupBy'], message: 'required' });
  if (w.type !== 'top' && w.settings.groupBy)
    ctx.addIssue({ code: 'custom', path: [...base, 'settings', 'groupBy'], message: 'forbidden' });
  const { size, position } = w.settings;
  if (position.x + size.w > DASHBOARD_COLUMNS)
    ctx.addIssue({ code: 'custom', path: [...base, 'settings', 'position', 'x'], message: 'noMore' });
}

const widgetFields = {
  type: z.enum(DASHBOARD_WIDGET_TYPES, { message: 'pattern' }),
  settings: dashboardWidgetSettings,
};
/** `PUT /dashboard/widgets` items: a new widget */
export const dashboardWidgetInput = z.object(widgetFields).superRefine((w, ctx) => checkTypeRules(w, ctx, []));
export type DashboardWidgetInput = z.input<typeof dashboardWidgetInput>;
/** `PATCH /dashboard/widgets/:id`: new settings (the type stays) */
export const dashboardWidgetPatch = z.object({ settings: dashboardWidgetSettings });

export const dashboardWidgetSchema = z.object({
  id: z.number().int(),
  type: z.enum(DASHBOARD_WIDGET_TYPES),
  settings: dashboardWidgetSettings,
  order: z.number().int(),
});
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

/** the dashboard's own settings: its period preset (the default is the current period, product §9) */
export const DASHBOARD_PRESETS = ['today', 'last7Days', 'last30Days', 'last3Months', 'monthStart'] as const;
export const dashboardSettings = z.object({ preset: z.enum(DASHBOARD_PRESETS, { message: 'pattern' }).optional() }).strict();
export const DASHBOARD_TYPES = ['grid'] as const;

export const dashboardSchema = z.object({
  id: z.number().int(),
  /** the role default this dashboard was copied from (null: the built-in default) */
  parent: z.number().int().nullable(),
  type: z.enum(DASHBOARD_TYPES),
  settings: dashboardSettings,
  widgets: z.array(dashboardWidgetSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `PUT /dashboard`: the whole dashboard at once (its widgets replace the old ones, in this order) */
export const dashboardPut = z
  .object({
    type: z.enum(DASHBOARD_TYPES, { message: 'pattern' }).default('grid'),
    settings: dashboardSettings.default({}),
    widgets: z.array(z.object(widgetFields)).max(DASHBOARD_MAX_WIDGETS, { message: 'noMore' }),
  })
  .superRefine((d, ctx) => d.widgets.forEach((w, i) => checkTypeRules(w, ctx, ['widgets', i])));
/** `PATCH /dashboard`: its settings and/or the layout (order, size and position of existing widgets) */
export const dashboardPatch = z
  .object({
    settings: dashboardSettings.optional(),
    layout: z
      .array(
        z.object({
          id: zId(),
          order: z.number().int().min(0, { message: 'min' }).max(1000),
          size: dashboardWidgetSize,
          position: dashboardWidgetPosition,
        }),
      )
      .max(DASHBOARD_MAX_WIDGETS, { message: 'noMore' })
      .optional(),
  })
  .refine((p) => p.settings !== undefined || p.layout !== undefined, { message: 'required', path: ['layout'] });
export type DashboardPatch = z.input<typeof dashboardPatch>;

/**
 * Role defaults (docs/decisions/insights.md "Dashboard: role defaults"): a role's default dashboard is a copy of a
 * user's dashboard that new users of the role start from (their copy names it as `parent`), and that `POST
 * /dashboard/reset` goes back to. Affiliates have no dashboard, so an affiliate role has no default.
 */
export const DASHBOARD_ROLE_DEFAULT_TYPES: readonly RoleType[] = ROLE_TYPES.filter((r) => r !== 'affiliate');
export const mayHaveDashboardDefault = (roleType: string) => (DASHBOARD_ROLE_DEFAULT_TYPES as readonly string[]).includes(roleType);

/** the metrics a widget shows: its own, or the fixed ones of the funnel and the live counters */
export function dashboardWidgetMetrics(w: { type: DashboardWidgetType; settings: { metrics: readonly string[] } }): readonly string[] {
  if (w.type === 'funnel') return DASHBOARD_FUNNEL_METRICS;
  if (w.type === 'live') return DASHBOARD_LIVE_METRICS;
  return w.settings.metrics;
}

/** `/dashboard/role-defaults/:roleId` */
export const dashboardRoleParams = z.object({ roleId: zId() });
/** `GET /dashboard/role-defaults` items: the roles that have a default */
export const dashboardRoleDefaultSchema = z.object({
  roleId: z.number().int(),
  roleTitle: z.string(),
  roleType: z.enum(ROLE_TYPES),
  widgetsCount: z.number().int(),
  /** when the default was last saved, in seconds */
  updatedAt: z.number().int(),
});
export type DashboardRoleDefault = z.infer<typeof dashboardRoleDefaultSchema>;

/** `GET /statistics/dashboard`: one widget's figures for the dashboard's period */
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const dashboardDataQuery = z.object({
  widgetId: z.coerce.number({ message: 'number' }).int({ message: 'number' }).positive({ message: 'min' }),
  dateFrom: z.string().regex(DATE_RE, { message: 'pattern' }).optional(),
  dateTo: z.string().regex(DATE_RE, { message: 'pattern' }).optional(),
  timezone: z.string().max(64, { message: 'maxlength' }).optional(),
  /**
   * one showing of the dashboard (a page load, a range change): widgets of the same showing that ask the same
   * statistics share one answer; without it every widget asks on its own
   */
  load: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'pattern' })
    .optional(),
});
export type DashboardDataQuery = z.infer<typeof dashboardDataQuery>;

const value = z.union([z.number(), z.string(), z.null()]);
/** a metric's value as the statistics answer it (counts integers, money and rates decimal strings, null = empty or hidden) */
export type DashboardValue = number | string | null;
export const dashboardKpiData = z.object({
  type: z.literal('kpi'),
  metric: z.string(),
  value,
  previous: value,
  /** (value − previous) / previous × 100, two decimals; null when the previous period is 0 or empty */
  change: z.string().nullable(),
  sparkline: z.array(value),
});
export const dashboardLineData = z.object({
  type: z.literal('line'),
  dimension: z.enum(['hour', 'day', 'week']),
  slots: z.array(z.string()),
  series: z.array(z.object({ metric: z.string(), values: z.array(value) })),
});
export const dashboardTopData = z.object({
  type: z.literal('top'),
  groupBy: z.enum(DASHBOARD_TOP_DIMENSIONS),
  metric: z.string(),
  rows: z.array(z.object({ key: z.union([z.string(), z.object({ id: z.number().int(), title: z.string() }), z.null()]), value })),
});
export const dashboardFunnelData = z.object({
  type: z.literal('funnel'),
  steps: z.array(z.object({ metric: z.enum(DASHBOARD_FUNNEL_METRICS), value })),
});
export const dashboardLiveData = z.object({
  type: z.literal('live'),
  /** the counted window, seconds (15-minute buckets: the last four quarters, the current one included) */
  from: z.number().int(),
  to: z.number().int(),
  clicks: value,
  leads: value,
});
export const dashboardDataSchema = z.discriminatedUnion('type', [
  dashboardKpiData,
  dashboardLineData,
  dashboardTopData,
  dashboardFunnelData,
  dashboardLiveData,
]);
export type DashboardData = z.infer<typeof dashboardDataSchema>;
export type DashboardTopKey = StatisticsDimensionValue;
