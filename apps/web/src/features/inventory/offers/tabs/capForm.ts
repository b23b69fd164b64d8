/**
 * The cap form without React: its values from a cap, the create and edit items (decimals stay strings; an edit sends
 * only what changed), and the cross-field rules of the shared schema (a guarantee only on a funnel and never above
 * the value, the value above 0) plus the form's own: a money cap needs its currency.
 */
import { CAP_WEIGHT, capRuleErrors, type Cap, type CapCreate, type CapUpdate } from '@leadgrid/shared/inventory/caps';
import type { CAP_ACTIONS, CAP_PERIODS, CAP_PROCESSING_TYPES, CAP_TYPES, Sieve } from '@leadgrid/shared/inventory/sieves';
import { sieveOf } from '../../../../components/sieve/model';
import { decimalInput, sameSieve } from './decimals';

/** what a cap counts: leads or conversions (`count`), or money in a currency */
export type CapMeasure = 'count' | 'money';

export interface CapValues {
  title: string;
  type: (typeof CAP_TYPES)[number];
  measure: CapMeasure;
  value: string;
  guarantee: string;
  currency: string | null;
  timezone: string;
  period: (typeof CAP_PERIODS)[number];
  action: (typeof CAP_ACTIONS)[number];
  paymentModelId: number | null;
  processingType: (typeof CAP_PROCESSING_TYPES)[number];
  goalId: number | null;
  lowPriority: boolean;
  weight: number;
  informationalValue: string;
  status: 'active' | 'inactive';
  sieve: Sieve;
}

export type CapField = keyof CapValues;

export function capValuesOf(cap: Cap | null, defaults: { timezone: string; currency?: string }): CapValues {
  return {
    title: cap?.title ?? '',
    type: cap?.type ?? 'limit',
    measure: cap?.currency ? 'money' : 'count',
    value: cap?.value ?? '',
    guarantee: cap?.guarantee ?? '',
    currency: cap?.currency ?? defaults.currency ?? null,
    timezone: cap?.timezone ?? defaults.timezone,
    period: cap?.period ?? 'day',
    action: cap?.action ?? 'skip',
    paymentModelId: cap?.paymentModel?.id ?? null,
    processingType: cap?.processingType ?? 'leads',
    goalId: cap?.goal?.id ?? null,
    lowPriority: cap?.lowPriority ?? false,
    weight: cap?.weight ?? CAP_WEIGHT.default,
    informationalValue: cap?.informationalValue ?? '',
    status: cap?.status ?? 'active',
    sieve: sieveOf('caps', cap?.sieve),
  };
}

/** the decimal fields as sent: trimmed strings (comma read as a dot), an empty optional one as null */
const optionalDecimal = (v: string | null | undefined) => (decimalInput(v) === '' ? null : decimalInput(v));

/** The fields of a cap as the form means them (guarantee only on a funnel, currency only on a money cap). */
function itemOf(v: CapValues): Omit<CapCreate, 'offerId'> {
  return {
    title: (v.title ?? '').trim(),
    type: v.type,
    value: decimalInput(v.value),
    guarantee: v.type === 'funnel' ? optionalDecimal(v.guarantee) : null,
    currency: v.measure === 'money' ? v.currency : null,
    timezone: v.timezone,
    period: v.period,
    action: v.action,
    paymentModelId: v.paymentModelId ?? null,
    processingType: v.processingType,
    goalId: v.goalId ?? null,
    lowPriority: Boolean(v.lowPriority),
    weight: v.weight,
    informationalValue: optionalDecimal(v.informationalValue),
    status: v.status,
    sieve: sieveOf('caps', v.sieve),
  };
}

export function capCreateItem(offerId: number, v: CapValues): CapCreate {
  return { offerId, ...itemOf(v) };
}

/** the edit of one cap: only the fields that differ from the cap as loaded */
export function capUpdateItem(cap: Cap, v: CapValues): CapUpdate {
  const next = itemOf(v);
  const before = itemOf(capValuesOf(cap, { timezone: cap.timezone }));
  const item: CapUpdate = { id: cap.id };
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const changed = key === 'sieve' ? !sameSieve(next.sieve as Sieve, before.sieve as Sieve) : next[key] !== before[key];
    if (changed) (item as Record<string, unknown>)[key] = next[key];
  }
  return item;
}

/**
 * The cross-field problems of the form, by field, as message keys of product §8: the shared `capRuleErrors` (value
 * above 0, guarantee only on a funnel and at most the value) and a currency for a money cap.
 */
export function capFormErrors(
  v: Pick<CapValues, 'type' | 'measure' | 'value' | 'guarantee' | 'currency'>,
): Partial<Record<CapField, string>> {
  const out: Partial<Record<CapField, string>> = {};
  const value = decimalInput(v.value);
  if (value !== '') {
    for (const e of capRuleErrors({ type: v.type, value, guarantee: v.type === 'funnel' ? optionalDecimal(v.guarantee) : null })) {
      out[e.path] ??= e.msg;
    }
  }
  if (v.measure === 'money' && !v.currency) out.currency = 'required';
  return out;
}
