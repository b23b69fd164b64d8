/**
 * Verticals: the lead fields they accept, their inbound rules, grades, categories, metrics, API settings, redirect and
 * goals.
 */
import { z } from 'zod';
import { authorSchema } from '../settings/tags';
import { rules, URL_RE, zDescription, zId, zTitle } from '../validation';
import { m, zKey, zText, uniqueBy, ref } from './fields';
import { LEAD_FIELD_TYPES, INBOUND_RULE_TYPES, INBOUND_RULE_OUTCOMES, SELL_SIDE_STATUSES, COOKIE_STORAGE_MAX_SECONDS } from './sell-side';

export const incomingParameterSchema = z.object({
  name: zKey(),
  title: zText(200).default(''),
  type: z.enum(LEAD_FIELD_TYPES, m('required')),
  required: z.boolean().default(false),
  validation: z
    .object({
      minLength: z.number().int().min(0).optional(),
      maxLength: z.number().int().min(1).max(10_000).optional(),
      pattern: z
        .string()
        .max(500, m('maxlength'))
        .refine((p) => {
          try {
            new RegExp(p);
            return true;
          } catch {
            return false;
          }
        }, m('pattern'))
        .optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    })
    .default({}),
});

export type IncomingParameter = z.infer<typeof incomingParameterSchema>;

export const incomingParametersSection = z
  .array(incomingParameterSchema)
  .max(200)
  .superRefine(uniqueBy((x) => x.name, 'name'));

export const inboundRuleSchema = z
  .object({
    type: z.enum(INBOUND_RULE_TYPES, m('required')),
    /** countries (ISO alpha-2), languages, e-mail domains or field names, by type */
    values: z
      .array(z.string().trim().min(1, m('required')).max(200, m('maxlength')))
      .max(500)
      .default([]),
    onFail: z.enum(INBOUND_RULE_OUTCOMES, m('required')).default('invalid'),
  })
  .superRefine((x, ctx) => {
    if (x.type !== 'phone_valid_for_country' && x.values.length === 0)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['values'] });
    if (rules.uniqueValues(x.values.map((v) => v.toLowerCase())) !== true)
      ctx.addIssue({ code: 'custom', message: 'unique', path: ['values'] });
  });

export type InboundRule = z.infer<typeof inboundRuleSchema>;

export const inboundRulesSection = z.array(inboundRuleSchema).max(100);

const keyedTitle = z.object({ key: zKey(), title: zTitle() });

export const leadGradesSection = z
  .array(keyedTitle)
  .max(100)
  .superRefine(uniqueBy((x) => x.key, 'key'));

export const leadCategoriesSection = z
  .array(keyedTitle)
  .max(100)
  .superRefine(uniqueBy((x) => x.key, 'key'));

/** the metrics shown for the vertical's statistics, by metric id */
export const verticalMetricsSection = z
  .array(zId())
  .max(100)
  .transform((ids) => [...new Set(ids)]);

export const verticalApiSettingsSection = z.object({
  /** a lead whose phone or e-mail reached this vertical within the window is a duplicate (0: no check) */
  duplicateWindowHours: z
    .number(m('number'))
    .int(m('number'))
    .min(0, m('min'))
    .max(24 * 365, m('noMore'))
    .default(720),
  duplicateFields: z
    .array(z.enum(['phone', 'email']))
    .max(2)
    .default(['phone', 'email']),
  acceptTestLeads: z.boolean().default(true),
});

export const verticalRedirectSection = z.object({
  thankYouPageUrl: z
    .string()
    .trim()
    .max(2048, m('maxlength'))
    .regex(URL_RE, m('url'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cookieStorageSeconds: z.number(m('number')).int(m('number')).min(0, m('min')).max(COOKIE_STORAGE_MAX_SECONDS, m('noMore')).default(0),
});

export const verticalGoalInput = z.object({ id: zId().optional(), title: zTitle() });

export const verticalGoalsSection = z
  .array(verticalGoalInput)
  .max(100)
  .superRefine(uniqueBy((x) => x.title, 'title'));

export const VERTICAL_SECTIONS = {
  goals: { field: 'goals', schema: verticalGoalsSection },
  incoming_parameters: { field: 'incomingParameters', schema: incomingParametersSection },
  inbound_rules: { field: 'inboundRules', schema: inboundRulesSection },
  lead_grades: { field: 'leadGrades', schema: leadGradesSection },
  lead_categories: { field: 'leadCategories', schema: leadCategoriesSection },
  metrics: { field: 'metrics', schema: verticalMetricsSection },
  api_settings: { field: 'apiSettings', schema: verticalApiSettingsSection },
  redirect: { field: 'redirect', schema: verticalRedirectSection },
} as const;

export type VerticalSectionName = keyof typeof VERTICAL_SECTIONS;

export const VERTICAL_SECTION_NAMES = Object.keys(VERTICAL_SECTIONS) as VerticalSectionName[];

export const goalSchema = ref;

export const verticalSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(SELL_SIDE_STATUSES),
  goals: z.array(goalSchema),
  incomingParameters: z.array(incomingParameterSchema),
  inboundRules: z.array(z.record(z.string(), z.unknown())),
  leadGrades: z.array(z.object({ key: z.string(), title: z.string() })),
  leadCategories: z.array(z.object({ key: z.string(), title: z.string() })),
  metrics: z.array(z.number().int()),
  apiSettings: z.record(z.string(), z.unknown()),
  redirect: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});

export type Vertical = z.infer<typeof verticalSchema>;

export const verticalCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
});

export const verticalUpdate = z.object({ id: zId(), title: zTitle().optional(), description: zDescription().optional() });

export const verticalRefSchema = ref.extend({ status: z.enum(SELL_SIDE_STATUSES) });
