/**
 * The payment rule form without React: its values from a rule, the create and edit items (revenue and payout stay
 * decimal strings exactly as typed; an edit sends only what changed), the bulk edit items, and the rules of the
 * shared schema the form checks before sending (a percent payout is at most 100; a percent rule pays in the revenue
 * currency).
 */
import { paymentRuleErrors, type PaymentRule, type PaymentRuleCreate, type PaymentRuleUpdate } from '@leadgrid/shared/inventory/caps';
import type { PAYMENT_TYPES, Sieve } from '@leadgrid/shared/inventory/sieves';
import { sieveOf } from '../../../../components/sieve/model';
import { decimalInput, sameSieve } from './decimals';

export interface PaymentRuleValues {
  title: string;
  paymentModelId: number | null;
  goalId: number | null;
  targetConversionStatus: 1 | 2 | 3 | 4;
  paymentType: (typeof PAYMENT_TYPES)[number];
  revenueValue: string;
  revenueCurrency: string;
  payoutValue: string;
  payoutCurrency: string;
  isMultiConversion: boolean;
  /** auto-approve pending conversions after `autoApprovePeriod` hours */
  autoApprove: boolean;
  autoApprovePeriod: number | null;
  status: 'active' | 'inactive';
  sieve: Sieve;
}
export type PaymentRuleField = keyof PaymentRuleValues;

export const DEFAULT_AUTO_APPROVE_HOURS = 72;

export function ruleValuesOf(rule: PaymentRule | null, defaults: { currency: string }): PaymentRuleValues {
  return {
    title: rule?.title ?? '',
    paymentModelId: rule?.paymentModel?.id ?? null,
    goalId: rule?.goal?.id ?? null,
    targetConversionStatus: (rule?.targetConversionStatus ?? 3) as PaymentRuleValues['targetConversionStatus'],
    paymentType: rule?.paymentType ?? 'fixed',
    revenueValue: rule?.revenueValue ?? '',
    revenueCurrency: rule?.revenueCurrency ?? defaults.currency,
    payoutValue: rule?.payoutValue ?? '',
    payoutCurrency: rule?.payoutCurrency ?? defaults.currency,
    isMultiConversion: rule?.isMultiConversion ?? false,
    autoApprove: rule ? rule.autoApprovePeriod !== null : false,
    autoApprovePeriod: rule?.autoApprovePeriod ?? DEFAULT_AUTO_APPROVE_HOURS,
    status: rule?.status ?? 'active',
    sieve: sieveOf('paymentRules', rule?.sieve),
  };
}

function itemOf(v: PaymentRuleValues): Omit<PaymentRuleCreate, 'offerId'> {
  return {
    title: (v.title ?? '').trim(),
    paymentModelId: v.paymentModelId ?? null,
    goalId: v.goalId ?? null,
    targetConversionStatus: v.targetConversionStatus,
    paymentType: v.paymentType,
    revenueValue: decimalInput(v.revenueValue),
    revenueCurrency: v.revenueCurrency,
    payoutValue: decimalInput(v.payoutValue),
    // a percent rule pays in the revenue currency (the server sets it so too)
    payoutCurrency: v.paymentType === 'percent' ? v.revenueCurrency : v.payoutCurrency,
    isMultiConversion: Boolean(v.isMultiConversion),
    autoApprovePeriod: v.autoApprove ? (v.autoApprovePeriod ?? null) : null,
    status: v.status,
    sieve: sieveOf('paymentRules', v.sieve),
  };
}

export function ruleCreateItem(offerId: number, v: PaymentRuleValues): PaymentRuleCreate {
  return { offerId, ...itemOf(v) };
}

/** the edit of one rule: only the fields that differ from the rule as loaded */
export function ruleUpdateItem(rule: PaymentRule, v: PaymentRuleValues): PaymentRuleUpdate {
  const next = itemOf(v);
  const before = itemOf(ruleValuesOf(rule, { currency: rule.revenueCurrency }));
  const item: PaymentRuleUpdate = { id: rule.id };
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const changed = key === 'sieve' ? !sameSieve(next.sieve as Sieve, before.sieve as Sieve) : next[key] !== before[key];
    if (changed) (item as Record<string, unknown>)[key] = next[key];
  }
  return item;
}

/** The cross-field problems of the form by field (product §8 message keys): a percent payout above 100. */
export function ruleFormErrors(v: Pick<PaymentRuleValues, 'paymentType' | 'payoutValue'>): Partial<Record<PaymentRuleField, string>> {
  const out: Partial<Record<PaymentRuleField, string>> = {};
  for (const e of paymentRuleErrors({ paymentType: v.paymentType, payoutValue: decimalInput(v.payoutValue) })) out[e.path] ??= e.msg;
  return out;
}

/** What a bulk edit changes: each field is applied only when its switch is on. */
export interface RuleBulkValues {
  status?: 'active' | 'inactive';
  paymentType?: PaymentRuleValues['paymentType'];
  revenueValue?: string;
  revenueCurrency?: string;
  payoutValue?: string;
  payoutCurrency?: string;
  targetConversionStatus?: PaymentRuleValues['targetConversionStatus'];
  autoApprovePeriod?: number | null;
  isMultiConversion?: boolean;
  sieve?: Sieve;
}

/**
 * The PATCH items of a bulk edit: the same change on every selected rule. A percent payout above 100 is refused per
 * rule by the server (a rule that becomes percent, or a percent rule that gets a bigger payout).
 */
export function ruleBulkItems(ids: readonly number[], v: RuleBulkValues): PaymentRuleUpdate[] {
  const change: Omit<PaymentRuleUpdate, 'id'> = {};
  if (v.status !== undefined) change.status = v.status;
  if (v.paymentType !== undefined) change.paymentType = v.paymentType;
  if (v.revenueValue !== undefined) change.revenueValue = decimalInput(v.revenueValue);
  if (v.revenueCurrency !== undefined) change.revenueCurrency = v.revenueCurrency;
  if (v.payoutValue !== undefined) change.payoutValue = decimalInput(v.payoutValue);
  if (v.payoutCurrency !== undefined) change.payoutCurrency = v.payoutCurrency;
  if (v.targetConversionStatus !== undefined) change.targetConversionStatus = v.targetConversionStatus;
  if (v.autoApprovePeriod !== undefined) change.autoApprovePeriod = v.autoApprovePeriod;
  if (v.isMultiConversion !== undefined) change.isMultiConversion = v.isMultiConversion;
  if (v.sieve !== undefined) change.sieve = sieveOf('paymentRules', v.sieve);
  return ids.map((id) => ({ id, ...change }));
}
