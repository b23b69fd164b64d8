/**
 * Metrics (spec §3 Metric, §5 formula builder): the built-in metrics every statistics table knows, and custom
 * metrics whose formula combines built-ins, numbers, binary operators and brackets.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../constants';
import { parseFormula, validateFormula, type FormulaElement } from '../formula';
import { zDescription, zId, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from './common';

export const METRIC_OUTPUT_FORMATS = ['amount', 'money', 'percentages'] as const;
export type MetricOutputFormat = (typeof METRIC_OUTPUT_FORMATS)[number];

export const METRIC_GROUP_MAX = 100;
export const FORMULA_MAX_ELEMENTS = 100;

export interface BuiltInMetric {
  key: string;
  title: string;
  description: string;
  group: string;
  outputFormat: MetricOutputFormat;
  /** null: counted from raw data; otherwise derived from other built-ins */
  formula: FormulaElement[] | null;
  /** revenue-side metrics are never shown to affiliates (ARCHITECTURE §5 Access) */
  staffOnly: boolean;
}

const f = (text: string): FormulaElement[] => parseFormula(text) as FormulaElement[];
const builtIn = (
  key: string,
  title: string,
  group: string,
  outputFormat: MetricOutputFormat,
  description: string,
  formula: string | null = null,
  staffOnly = false,
): BuiltInMetric => ({
  key,
  title,
  description,
  group,
  outputFormat,
  formula: formula ? f(formula) : null,
  staffOnly,
});

/** The built-in metrics; custom formulas may reference these keys (and only these). */
export const BUILT_IN_METRICS: readonly BuiltInMetric[] = [
  builtIn('clicks', 'Clicks', 'Traffic', 'amount', 'All clicks on campaign links'),
  builtIn('unique_clicks', 'Unique clicks', 'Traffic', 'amount', 'Clicks from distinct visitors'),
  builtIn('leads', 'Leads', 'Leads', 'amount', 'Leads received through the lead API'),
  builtIn('conversions', 'Conversions', 'Conversions', 'amount', 'Conversions of every status'),
  builtIn('approved_conversions', 'Approved conversions', 'Conversions', 'amount', 'Conversions with the approved status'),
  builtIn('revenue', 'Revenue', 'Money', 'money', 'Revenue from advertisers, in the base currency', null, true),
  builtIn('payout', 'Payout', 'Money', 'money', 'Payouts to affiliates, in the base currency'),
  builtIn('profit', 'Profit', 'Money', 'money', 'Revenue minus payout', '{revenue} - {payout}', true),
  builtIn('cr', 'CR', 'Conversions', 'percentages', 'Conversion rate: conversions per 100 clicks', '{conversions} / {clicks} * 100'),
  builtIn('epc', 'EPC', 'Money', 'money', 'Earnings per click: payout divided by clicks', '{payout} / {clicks}'),
  builtIn(
    'roi',
    'ROI',
    'Money',
    'percentages',
    'Return on investment: profit per 100 of payout',
    '({revenue} - {payout}) / {payout} * 100',
    true,
  ),
];
export const BUILT_IN_METRIC_KEYS: ReadonlySet<string> = new Set(BUILT_IN_METRICS.map((x) => x.key));
export const builtInMetric = (key: string) => BUILT_IN_METRICS.find((x) => x.key === key);

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

/** edit; `status` here is the "status PATCH" of spec §7 */
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
