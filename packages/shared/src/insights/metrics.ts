/**
 * Metrics (product §3 Metric, §5 formula builder): the built-in metrics every statistics table knows, and custom
 * metrics whose formula combines built-ins, numbers, binary operators and brackets.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, API_LEAD_STATUSES } from '../constants';
import { parseFormula, validateFormula, type FormulaElement } from './formula';
import { zDescription, zId, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';

export const METRIC_OUTPUT_FORMATS = ['amount', 'money', 'percentages'] as const;
export type MetricOutputFormat = (typeof METRIC_OUTPUT_FORMATS)[number];

export const METRIC_GROUP_MAX = 100;
export const FORMULA_MAX_ELEMENTS = 100;

/**
 * Who may read a metric besides staff (architecture §5 Access; docs/decisions/insights.md): affiliates never see the
 * revenue side (revenue, profit, ROI), advertiser members never the payout side (payout, profit, ROI) nor the click
 * side (clicks are not sent to an advertiser). A metric hidden from a reader is ABSENT from its answers, not null.
 */
export const METRIC_AUDIENCES = ['staff', 'affiliate', 'advertiser_member'] as const;
export type MetricAudience = (typeof METRIC_AUDIENCES)[number];
/** the metric audience of a role type: affiliates and advertiser members read reduced sets, every other role is staff */
export const metricAudienceOf = (roleType: string): MetricAudience =>
  roleType === 'affiliate' ? 'affiliate' : roleType === 'advertiser_member' ? 'advertiser_member' : 'staff';

export interface BuiltInMetric {
  key: string;
  title: string;
  description: string;
  group: string;
  outputFormat: MetricOutputFormat;
  /** null: counted from raw data (a roll-up counter); otherwise derived from other built-ins */
  formula: FormulaElement[] | null;
  /** revenue-side metrics are never shown to affiliates (architecture §5 Access) */
  staffOnly: boolean;
  /** the readers who may see it (staff always) */
  audience: readonly MetricAudience[];
}

const f = (text: string): FormulaElement[] => parseFormula(text) as FormulaElement[];
const EVERYONE: readonly MetricAudience[] = METRIC_AUDIENCES;
const NO_ADVERTISER: readonly MetricAudience[] = ['staff', 'affiliate'];
const NO_AFFILIATE: readonly MetricAudience[] = ['staff', 'advertiser_member'];
const STAFF_ONLY: readonly MetricAudience[] = ['staff'];
const builtIn = (
  key: string,
  title: string,
  group: string,
  outputFormat: MetricOutputFormat,
  description: string,
  formula: string | null = null,
  audience: readonly MetricAudience[] = EVERYONE,
): BuiltInMetric => ({
  key,
  title,
  description,
  group,
  outputFormat,
  formula: formula ? f(formula) : null,
  staffOnly: !audience.includes('affiliate'),
  audience,
});

/** lead statuses in the order the statistics columns show them (API_LEAD_STATUSES) */
const LEAD_STATUS_TITLES: Record<(typeof API_LEAD_STATUSES)[number], string> = {
  new: 'New',
  trash: 'Trash',
  hold: 'Hold',
  invalid: 'Invalid',
  sent: 'Sent',
  unsent: 'Unsent',
  failed: 'Failed',
  duplicate: 'Duplicate',
  test: 'Test',
};
export const leadStatusMetricKey = (status: (typeof API_LEAD_STATUSES)[number]) => `leads_${status}`;
export const CONVERSION_STATUS_KEYS = ['pending', 'hold', 'approved', 'rejected'] as const;
export type ConversionStatusKey = (typeof CONVERSION_STATUS_KEYS)[number];

/**
 * The built-in metrics; custom formulas may reference these keys (and only these). Counting rules:
 * `clicks` counts valid and invalid clicks (never test clicks); `leads` counts every stored lead except test leads
 * (duplicates and invalid included, each also in its status column; test leads only in `leads_test`); `conversions`
 * counts every status; `revenue`, `payout` and `profit` count approved conversions, `*_pending` / `*_hold` the money
 * still pending or on hold; conversions an affiliate may not see (`isHidden`) are left out of that affiliate's figures.
 * Rows of dimensions clicks do not have (advertiser, integration, goal) carry no click metrics. Per-goal conversion
 * columns (`conversions_goal_<goalId>`, one per goal of the vertical) are listed by `goalMetric`.
 */
export const BUILT_IN_METRICS: readonly BuiltInMetric[] = [
  builtIn(
    'clicks',
    'Clicks',
    'Traffic',
    'amount',
    'All clicks on campaign links, valid and invalid (never test clicks)',
    null,
    NO_ADVERTISER,
  ),
  builtIn('unique_clicks', 'Unique clicks', 'Traffic', 'amount', 'Clicks from distinct visitors', null, NO_ADVERTISER),
  builtIn('valid_clicks', 'Valid clicks', 'Traffic', 'amount', 'Clicks sent to a lander', null, NO_ADVERTISER),
  builtIn(
    'invalid_clicks',
    'Invalid clicks',
    'Traffic',
    'amount',
    'Clicks refused by the tracker (sent to trafficback)',
    null,
    NO_ADVERTISER,
  ),
  builtIn('leads', 'Leads', 'Leads', 'amount', 'Leads received through the lead API, every status but test'),
  ...API_LEAD_STATUSES.map((s) =>
    builtIn(leadStatusMetricKey(s), `Leads: ${LEAD_STATUS_TITLES[s].toLowerCase()}`, 'Leads', 'amount', `Leads whose status is ${s}`),
  ),
  builtIn('conversions', 'Conversions', 'Conversions', 'amount', 'Conversions of every status'),
  builtIn('approved_conversions', 'Approved conversions', 'Conversions', 'amount', 'Conversions with the approved status'),
  ...CONVERSION_STATUS_KEYS.map((s) =>
    builtIn(`conversions_${s}`, `Conversions: ${s}`, 'Conversions', 'amount', `Conversions whose status is ${s}`),
  ),
  builtIn('revenue', 'Revenue', 'Money', 'money', 'Revenue of approved conversions, in the base currency', null, NO_AFFILIATE),
  builtIn(
    'revenue_pending',
    'Revenue: pending',
    'Money',
    'money',
    'Revenue of pending conversions, in the base currency',
    null,
    NO_AFFILIATE,
  ),
  builtIn('revenue_hold', 'Revenue: hold', 'Money', 'money', 'Revenue of conversions on hold, in the base currency', null, NO_AFFILIATE),
  builtIn('payout', 'Payout', 'Money', 'money', 'Payouts of approved conversions to affiliates, in the base currency', null, NO_ADVERTISER),
  builtIn(
    'payout_pending',
    'Payout: pending',
    'Money',
    'money',
    'Payouts of pending conversions, in the base currency',
    null,
    NO_ADVERTISER,
  ),
  builtIn('payout_hold', 'Payout: hold', 'Money', 'money', 'Payouts of conversions on hold, in the base currency', null, NO_ADVERTISER),
  builtIn('profit', 'Profit', 'Money', 'money', 'Revenue minus payout', '{revenue} - {payout}', STAFF_ONLY),
  builtIn(
    'cr',
    'CR',
    'Conversions',
    'percentages',
    'Conversion rate: conversions per 100 clicks',
    '{conversions} / {clicks} * 100',
    NO_ADVERTISER,
  ),
  builtIn(
    'approval_rate',
    'Approval rate',
    'Conversions',
    'percentages',
    'Approved conversions per 100 conversions',
    '{approved_conversions} / {conversions} * 100',
  ),
  builtIn('epc', 'EPC', 'Money', 'money', 'Earnings per click: payout divided by clicks', '{payout} / {clicks}', NO_ADVERTISER),
  builtIn('cpl', 'CPL', 'Money', 'money', 'Cost per lead: payout divided by leads', '{payout} / {leads}', NO_ADVERTISER),
  builtIn(
    'roi',
    'ROI',
    'Money',
    'percentages',
    'Return on investment: profit per 100 of payout',
    '({revenue} - {payout}) / {payout} * 100',
    STAFF_ONLY,
  ),
];
export const BUILT_IN_METRIC_KEYS: ReadonlySet<string> = new Set(BUILT_IN_METRICS.map((x) => x.key));
export const builtInMetric = (key: string) => BUILT_IN_METRICS.find((x) => x.key === key);
/** whether a reader of this audience may see a built-in metric */
export const metricVisibleTo = (metric: Pick<BuiltInMetric, 'audience'>, audience: MetricAudience) => metric.audience.includes(audience);

/** the per-goal conversion column of a goal: counted like `conversions`, limited to that goal */
export const GOAL_METRIC_PREFIX = 'conversions_goal_';
export const goalMetricKey = (goalId: number) => `${GOAL_METRIC_PREFIX}${goalId}`;
export const goalMetric = (goal: { id: number; title: string }): BuiltInMetric =>
  builtIn(goalMetricKey(goal.id), `Conversions: ${goal.title}`, 'Goals', 'amount', `Conversions of the goal ${goal.title}, every status`);

export const formulaElementSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('metric'), value: z.string().max(64, { message: 'maxlength' }) }),
    z.object({ type: z.literal('number'), value: z.string().max(20, { message: 'maxlength' }) }),
    z.object({ type: z.literal('operator'), value: z.enum(['+', '-', '*', '/']) }),
    z.object({ type: z.literal('bracket'), value: z.enum(['(', ')']) }),
  ],
  { message: 'pattern' },
);

/** A formula as sent by the builder; its message is the FORMULA_ERRORS code of the first broken rule. */
export const zFormula = () =>
  z
    .array(formulaElementSchema, { message: 'required' })
    .max(FORMULA_MAX_ELEMENTS, { message: 'maxlength' })
    .superRefine((elements, ctx) => {
      const code = validateFormula(elements as FormulaElement[], BUILT_IN_METRIC_KEYS);
      if (code) ctx.addIssue({ code: 'custom', message: code });
    });

const zGroup = () => z.string({ message: 'maxlength' }).trim().max(METRIC_GROUP_MAX, { message: 'maxlength' });

export const metricSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  group: z.string(),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS),
  formula: z.array(formulaElementSchema),
  /** the formula as text, e.g. `{conversions} / {clicks} * 100` */
  value: z.string(),
  editable: z.boolean(),
  status: z.enum(ACTIVE_STATUSES),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
});
export type Metric = z.infer<typeof metricSchema>;

export const metricCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  group: zGroup().default(''),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS, { message: 'required' }),
  formula: zFormula(),
  status: z.enum(ACTIVE_STATUSES).default('active'),
});
export type MetricCreate = z.input<typeof metricCreate>;

/** edit; `status` here is the "status PATCH" of product §7 */
export const metricUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  group: zGroup().optional(),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS, { message: 'required' }).optional(),
  formula: zFormula().optional(),
  status: z.enum(ACTIVE_STATUSES).optional(),
});
export type MetricUpdate = z.input<typeof metricUpdate>;
export const metricStatusItem = statusChangeItem(ACTIVE_STATUSES);

export const metricListQuery = listQuerySchema.extend({
  group: z.string().trim().max(METRIC_GROUP_MAX, { message: 'maxlength' }).optional(),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS).optional(),
});
export type MetricListQuery = z.infer<typeof metricListQuery>;

export const builtInMetricSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  group: z.string(),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS),
  formula: z.array(formulaElementSchema).nullable(),
  value: z.string(),
  staffOnly: z.boolean(),
  /** the readers who may see it (staff always) */
  audience: z.array(z.enum(METRIC_AUDIENCES)),
});

/** "data for create or edit": what the formula builder offers */
export const metricFormDataSchema = z.object({
  builtIn: z.array(builtInMetricSchema),
  groups: z.array(z.string()),
  outputFormats: z.array(z.enum(METRIC_OUTPUT_FORMATS)),
});
export type MetricFormData = z.infer<typeof metricFormDataSchema>;

/** a metric a statistics table or dashboard widget can show: built-in (`key` = its key) or custom (`custom_<id>`) */
export const activeMetricSchema = z.object({
  key: z.string(),
  id: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  group: z.string(),
  outputFormat: z.enum(METRIC_OUTPUT_FORMATS),
  formula: z.array(formulaElementSchema).nullable(),
  builtIn: z.boolean(),
  editable: z.boolean(),
});
export type ActiveMetric = z.infer<typeof activeMetricSchema>;
export const customMetricKey = (id: number) => `custom_${id}`;
