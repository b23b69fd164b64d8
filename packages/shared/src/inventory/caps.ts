/**
 * Caps and targeting, payment rules and payment models of an offer (offers issue, tabs caps/targeting and
 * payment-rules). Values are decimal strings (up to 8 places); sieves use the owner keys of SIEVE_KEYS_BY_OWNER
 * ('caps', 'paymentRules'). Affiliates only ever get the `*Info` shapes: no real cap values, no revenue.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, FLOAT_DECIMALS } from '../constants';
import { compareMoney } from '../money/decimal';
import { isValidZone } from '../settings/reference';
import { rules, zId } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';
import { CONVERSION_STATUS_VALUES } from '../sell-side/sell-side';
import { CAP_ACTIONS, CAP_PERIODS, CAP_PROCESSING_TYPES, CAP_TYPES, PAYMENT_TYPES, sieveFor, sieveSchema } from './sieves';
import { authorSchema, csvEnum, csvIds, lookupQuery, PICKER_LIMIT } from '../settings/tags';

const m = (message: string) => ({ message });
const ref = z.object({ id: z.number().int(), title: z.string() });

export const CAP_STATUSES = ACTIVE_STATUSES;
export const PAYMENT_RULE_STATUSES = ACTIVE_STATUSES;
export const PAYMENT_MODEL_STATUSES = ACTIVE_STATUSES;
/** funnel weight and the like */
export const CAP_WEIGHT = { min: 1, max: 1000, default: 100 } as const;
/** auto-approve period in hours: one hour to one year */
export const AUTO_APPROVE_HOURS = { min: 1, max: 8760 } as const;
/** a percent payment rule pays `payoutValue` percent of the revenue: at most 100 */
export const PERCENT_MAX = 100;
/** English labels of the cap periods (GET /caps/periods); the web translates by value */
export const CAP_PERIOD_LABELS: Record<(typeof CAP_PERIODS)[number], string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  all_time: 'All time',
};

const zCurrencyCode = () =>
  z
    .string(m('required'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, m('length'));
const zTimezone = () =>
  z
    .string(m('required'))
    .trim()
    .refine((v) => isValidZone(v), m('pattern'));
/** a decimal kept as a string, comma accepted: one error per field (too many places is `floatLimit`, not also `floatNumber`) */
const decimalError = (v: string) =>
  rules.floatLimit(v, FLOAT_DECIMALS) !== true ? 'floatLimit' : v === '' || rules.floatNumber(v) !== true ? 'floatNumber' : null;
const zDec = (min?: 0) =>
  z
    .union([z.string(), z.number()], m('floatNumber'))
    .transform((v) => String(v).trim().replace(',', '.'))
    .superRefine((v, ctx) => {
      const error = decimalError(v) ?? (min === 0 && compareMoney(v, 0) < 0 ? 'min' : null);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    });
/** a decimal ≥ 0 (money or a count) with at most 8 places */
const zAmount = () => zDec(0);
/** compares two decimals; null when either is not one (its own field reports it) */
const compare = (a: string, b: string | number) => (decimalError(a) || decimalError(String(b)) ? null : compareMoney(a, b));
const zOptionalTitle = () => z.string(m('minMaxLength')).trim().max(200, m('minMaxLength'));
const zWeight = () =>
  z.number(m('integerNumber')).int(m('integerNumber')).min(CAP_WEIGHT.min, m('minMax')).max(CAP_WEIGHT.max, m('minMax'));
const sieveOf = (owner: 'caps' | 'paymentRules') => sieveSchema.transform((s) => sieveFor(owner, s));

// ---------------------------------------------------------------- payment models

export const paymentModelSchema = z.object({
  id: z.number().int(),
  /** CPL, CPA, CPC, CPS, RevShare or a vertical's own */
  code: z.string(),
  title: z.string(),
  description: z.string(),
  /** null: global (every vertical) */
  vertical: ref.nullable(),
  status: z.enum(PAYMENT_MODEL_STATUSES),
  /** caps of any offer that count by this model */
  capsCount: z.number().int(),
  createdAt: z.number().int(),
});
export type PaymentModel = z.infer<typeof paymentModelSchema>;
const paymentModelRefSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
/** the same shape as `paymentModelRefSchema` of ./offers (exported there) */
export type PaymentModelRef = z.infer<typeof paymentModelRefSchema>;
/** GET /payment-models: the global models plus those of `verticalId` (all verticals' when it is missing) */
export const paymentModelListQuery = z.object({
  verticalId: zId().optional(),
  status: csvEnum(PAYMENT_MODEL_STATUSES).optional(),
});
/** GET /payment-models/for-cap: the offer's pay methods, or every active model when it has none */
export const paymentModelsForCapQuery = z.object({ offerId: zId() });

// ---------------------------------------------------------------- caps

/** the fields a cap rule check needs (create input, or an edit merged with the stored cap) */
export interface CapRuleInput {
  type: (typeof CAP_TYPES)[number];
  value: string;
  guarantee?: string | null;
}
/**
 * Cross-field rules of a cap, shared by the form and the server: a guarantee only on a funnel and never above the
 * value, the value above 0. Answers the field and its message key.
 */
export function capRuleErrors(c: CapRuleInput): { path: 'value' | 'guarantee'; msg: string }[] {
  const out: { path: 'value' | 'guarantee'; msg: string }[] = [];
  const positive = compare(c.value, 0);
  if (positive !== null && positive <= 0) out.push({ path: 'value', msg: 'more' });
  if (c.guarantee !== null && c.guarantee !== undefined && !decimalError(c.guarantee)) {
    if (c.type !== 'funnel') out.push({ path: 'guarantee', msg: 'pattern' });
    else if ((compare(c.guarantee, c.value) ?? 0) > 0) out.push({ path: 'guarantee', msg: 'noMore' });
  }
  return out;
}

const capFields = {
  title: zOptionalTitle(),
  type: z.enum(CAP_TYPES, m('required')),
  /** the limit: a count, or money in `currency` */
  value: zDec(),
  /** funnel only: served first, at most `value` */
  guarantee: zAmount().nullable(),
  /** set: the cap counts money in this currency (an active currency); null: it counts leads or conversions */
  currency: zCurrencyCode().nullable(),
  timezone: zTimezone(),
  period: z.enum(CAP_PERIODS, m('required')),
  action: z.enum(CAP_ACTIONS, m('required')),
  paymentModelId: zId().nullable(),
  processingType: z.enum(CAP_PROCESSING_TYPES, m('required')),
  /** a goal of the offer's vertical; null: any goal */
  goalId: zId().nullable(),
  lowPriority: z.boolean(m('required')),
  weight: zWeight(),
  /** shown to affiliates instead of the value; never enforced */
  informationalValue: zAmount().nullable(),
  status: z.enum(CAP_STATUSES, m('required')),
  sieve: sieveOf('caps'),
};

export const capCreate = z
  .object({
    offerId: zId(),
    title: capFields.title.default(''),
    type: capFields.type.default('limit'),
    value: capFields.value,
    guarantee: capFields.guarantee.default(null),
    currency: capFields.currency.default(null),
    timezone: capFields.timezone.default('UTC'),
    period: capFields.period.default('day'),
    action: capFields.action.default('skip'),
    paymentModelId: capFields.paymentModelId.default(null),
    processingType: capFields.processingType.default('leads'),
    goalId: capFields.goalId.default(null),
    lowPriority: capFields.lowPriority.default(false),
    weight: capFields.weight.default(CAP_WEIGHT.default),
    informationalValue: capFields.informationalValue.default(null),
    status: capFields.status.default('active'),
    sieve: capFields.sieve.default(sieveFor('caps', sieveSchema.parse({}))),
  })
  .superRefine((c, ctx) => {
    for (const e of capRuleErrors(c)) ctx.addIssue({ code: 'custom', message: e.msg, path: [e.path] });
  });
export type CapCreate = z.input<typeof capCreate>;
/** PATCH: any field but the offer; cross-field rules are checked by the server against the stored cap */
export const capUpdate = z.object({
  id: zId(),
  title: capFields.title.optional(),
  type: capFields.type.optional(),
  value: capFields.value.optional(),
  guarantee: capFields.guarantee.optional(),
  currency: capFields.currency.optional(),
  timezone: capFields.timezone.optional(),
  period: capFields.period.optional(),
  action: capFields.action.optional(),
  paymentModelId: capFields.paymentModelId.optional(),
  processingType: capFields.processingType.optional(),
  goalId: capFields.goalId.optional(),
  lowPriority: capFields.lowPriority.optional(),
  weight: capFields.weight.optional(),
  informationalValue: capFields.informationalValue.optional(),
  status: capFields.status.optional(),
  sieve: capFields.sieve.optional(),
});
export type CapUpdate = z.input<typeof capUpdate>;
export const capSieveItem = z.object({ id: zId(), sieve: sieveOf('caps') });
export const capStatusItem = statusChangeItem(CAP_STATUSES);
/** the items of clone and drop_counter */
export const capIdItem = z.object({ id: zId() });

export const capSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  type: z.enum(CAP_TYPES),
  value: z.string(),
  guarantee: z.string().nullable(),
  currency: z.string().nullable(),
  timezone: z.string(),
  period: z.enum(CAP_PERIODS),
  action: z.enum(CAP_ACTIONS),
  paymentModel: paymentModelRefSchema.nullable(),
  processingType: z.enum(CAP_PROCESSING_TYPES),
  goal: ref.nullable(),
  lowPriority: z.boolean(),
  weight: z.number().int(),
  informationalValue: z.string().nullable(),
  status: z.enum(CAP_STATUSES),
  sieve: sieveSchema,
  /** the counter of the current period in the cap's time zone */
  counter: z.string(),
  /** '2026-11-22', '2026-W47', '2026-11' or 'all' */
  periodKey: z.string(),
  /** seconds; the period runs from start (inclusive) to end (exclusive); null for all time */
  periodStart: z.number().int().nullable(),
  periodEnd: z.number().int().nullable(),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Cap = z.infer<typeof capSchema>;

export const capListQuery = listQuerySchema.extend({
  offerId: zId(),
  type: csvEnum(CAP_TYPES).optional(),
  period: csvEnum(CAP_PERIODS).optional(),
});
export type CapListQuery = z.input<typeof capListQuery>;
/** GET /caps/filters: a look-up by title or id, optionally of one offer */
export const capLookupQuery = lookupQuery(PICKER_LIMIT).extend({ offerId: zId().optional() });
export const capRefSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  type: z.enum(CAP_TYPES),
  period: z.enum(CAP_PERIODS),
  status: z.enum(CAP_STATUSES),
});
export const capPeriodSchema = z.object({ value: z.enum(CAP_PERIODS), label: z.string() });

/** GET /caps/info and /payment-rules/info: the active rows an affiliate (or `affiliateId` for staff) is subject to */
export const offerInfoQuery = z.object({ offerId: zId(), affiliateId: zId().optional() });
/** what an affiliate may see of a cap: never the real value */
export const capInfoSchema = z.object({
  id: z.number().int(),
  type: z.enum(CAP_TYPES),
  period: z.enum(CAP_PERIODS),
  timezone: z.string(),
  processingType: z.enum(CAP_PROCESSING_TYPES),
  goal: ref.nullable(),
  informationalValue: z.string().nullable(),
  currency: z.string().nullable(),
  countries: z.array(z.string()),
});
export type CapInfo = z.infer<typeof capInfoSchema>;

// ---------------------------------------------------------------- payment rules

/** the fields a payment rule check needs (create input, or an edit merged with the stored rule) */
export interface PaymentRuleCheckInput {
  paymentType: (typeof PAYMENT_TYPES)[number];
  payoutValue: string;
}
/** Cross-field rules of a payment rule: a percent payout is at most 100. */
export function paymentRuleErrors(r: PaymentRuleCheckInput): { path: 'payoutValue'; msg: string }[] {
  return r.paymentType === 'percent' && (compare(r.payoutValue, PERCENT_MAX) ?? 0) > 0 ? [{ path: 'payoutValue', msg: 'noMore' }] : [];
}

const ruleFields = {
  title: zOptionalTitle(),
  paymentModelId: zId().nullable(),
  /** the conversion status this rule pays on: 1 pending, 2 hold, 3 approved, 4 rejected */
  targetConversionStatus: z.union(
    CONVERSION_STATUS_VALUES.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>],
    m('pattern'),
  ),
  isMultiConversion: z.boolean(m('required')),
  /** hours; null: pending conversions are never approved automatically */
  autoApprovePeriod: z
    .number(m('integerNumber'))
    .int(m('integerNumber'))
    .min(AUTO_APPROVE_HOURS.min, m('minMax'))
    .max(AUTO_APPROVE_HOURS.max, m('minMax'))
    .nullable(),
  /** fixed: both amounts as given; percent: the payout is `payoutValue` % of the revenue, in the revenue currency */
  paymentType: z.enum(PAYMENT_TYPES, m('required')),
  revenueValue: zAmount(),
  revenueCurrency: zCurrencyCode(),
  payoutValue: zAmount(),
  payoutCurrency: zCurrencyCode(),
  goalId: zId().nullable(),
  status: z.enum(PAYMENT_RULE_STATUSES, m('required')),
  sieve: sieveOf('paymentRules'),
};

export const paymentRuleCreate = z
  .object({
    offerId: zId(),
    title: ruleFields.title.default(''),
    paymentModelId: ruleFields.paymentModelId.default(null),
    targetConversionStatus: ruleFields.targetConversionStatus.default(3),
    isMultiConversion: ruleFields.isMultiConversion.default(false),
    autoApprovePeriod: ruleFields.autoApprovePeriod.default(null),
    paymentType: ruleFields.paymentType.default('fixed'),
    revenueValue: ruleFields.revenueValue.default('0'),
    revenueCurrency: ruleFields.revenueCurrency.default('USD'),
    payoutValue: ruleFields.payoutValue.default('0'),
    /** ignored for percent rules: the payout is in the revenue currency */
    payoutCurrency: ruleFields.payoutCurrency.default('USD'),
    goalId: ruleFields.goalId.default(null),
    status: ruleFields.status.default('active'),
    sieve: ruleFields.sieve.default(sieveFor('paymentRules', sieveSchema.parse({}))),
  })
  .superRefine((r, ctx) => {
    for (const e of paymentRuleErrors(r)) ctx.addIssue({ code: 'custom', message: e.msg, path: [e.path] });
  });
export type PaymentRuleCreate = z.input<typeof paymentRuleCreate>;
/** PATCH one or many (bulk edit): any field but the offer */
export const paymentRuleUpdate = z.object({
  id: zId(),
  title: ruleFields.title.optional(),
  paymentModelId: ruleFields.paymentModelId.optional(),
  targetConversionStatus: ruleFields.targetConversionStatus.optional(),
  isMultiConversion: ruleFields.isMultiConversion.optional(),
  autoApprovePeriod: ruleFields.autoApprovePeriod.optional(),
  paymentType: ruleFields.paymentType.optional(),
  revenueValue: ruleFields.revenueValue.optional(),
  revenueCurrency: ruleFields.revenueCurrency.optional(),
  payoutValue: ruleFields.payoutValue.optional(),
  payoutCurrency: ruleFields.payoutCurrency.optional(),
  goalId: ruleFields.goalId.optional(),
  status: ruleFields.status.optional(),
  sieve: ruleFields.sieve.optional(),
});
export type PaymentRuleUpdate = z.input<typeof paymentRuleUpdate>;
export const paymentRuleStatusItem = statusChangeItem(PAYMENT_RULE_STATUSES);

export const paymentRuleSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  paymentModel: paymentModelRefSchema.nullable(),
  targetConversionStatus: z.number().int(),
  isMultiConversion: z.boolean(),
  autoApprovePeriod: z.number().int().nullable(),
  paymentType: z.enum(PAYMENT_TYPES),
  revenueValue: z.string(),
  revenueCurrency: z.string(),
  payoutValue: z.string(),
  payoutCurrency: z.string(),
  goal: ref.nullable(),
  status: z.enum(PAYMENT_RULE_STATUSES),
  sieve: sieveSchema,
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type PaymentRule = z.infer<typeof paymentRuleSchema>;
export const paymentRuleListQuery = listQuerySchema.extend({
  offerId: zId(),
  paymentType: csvEnum(PAYMENT_TYPES).optional(),
  goalId: csvIds().optional(),
  paymentModelId: csvIds().optional(),
});
export type PaymentRuleListQuery = z.input<typeof paymentRuleListQuery>;
export const paymentRuleLookupQuery = lookupQuery(PICKER_LIMIT).extend({ offerId: zId().optional() });
export const paymentRuleRefSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_RULE_STATUSES),
});
/** what an affiliate may see of a payment rule: the payout only */
export const paymentRuleInfoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  paymentModel: paymentModelRefSchema.nullable(),
  goal: ref.nullable(),
  paymentType: z.enum(PAYMENT_TYPES),
  /** an amount in payoutCurrency, or a percent of the revenue for percent rules */
  payoutValue: z.string(),
  payoutCurrency: z.string(),
  targetConversionStatus: z.number().int(),
  autoApprovePeriod: z.number().int().nullable(),
  countries: z.array(z.string()),
});
export type PaymentRuleInfo = z.infer<typeof paymentRuleInfoSchema>;
