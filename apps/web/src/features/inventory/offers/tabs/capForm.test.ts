/** The cap form's rules and items: the shared cross-field rules, a currency for money caps, decimals kept as strings. */
import type { Cap } from '@leadgrid/shared/inventory/caps';
import { EMPTY_SIEVE } from '@leadgrid/shared/inventory/sieves';
import { describe, expect, it } from 'vitest';
import { capCreateItem, capFormErrors, capUpdateItem, capValuesOf } from './capForm';
import { counterPercent, counterReached } from './decimals';

const CAP: Cap = {
  id: 5,
  offerId: 2,
  title: 'DE daily',
  type: 'funnel',
  value: '100',
  guarantee: '20',
  currency: null,
  timezone: 'Europe/Berlin',
  period: 'day',
  action: 'skip',
  paymentModel: { id: 1, code: 'CPL', title: 'CPL — cost per lead' },
  processingType: 'leads',
  goal: null,
  lowPriority: false,
  weight: 100,
  informationalValue: '80',
  status: 'active',
  sieve: { ...EMPTY_SIEVE, countries: ['DE', 'AT'] },
  counter: '37',
  periodKey: '2026-11-22',
  periodStart: 1_795_302_000,
  periodEnd: 1_795_388_400,
  createdAt: 1_790_000_000,
  createdBy: null,
};

describe('cap form rules', () => {
  const base = { type: 'limit' as const, measure: 'count' as const, value: '100', guarantee: '', currency: null };

  it('wants a value above 0', () => {
    expect(capFormErrors({ ...base, value: '0' })).toEqual({ value: 'more' });
    expect(capFormErrors({ ...base, value: '0,5' })).toEqual({});
  });

  it('takes a guarantee only on a funnel, and never above the value', () => {
    // a limit cap sends no guarantee, whatever the hidden field holds
    expect(capFormErrors({ ...base, guarantee: '500' })).toEqual({});
    expect(capFormErrors({ ...base, type: 'funnel', guarantee: '100' })).toEqual({});
    expect(capFormErrors({ ...base, type: 'funnel', guarantee: '100.00000001' })).toEqual({ guarantee: 'noMore' });
  });

  it('wants a currency for a money cap', () => {
    expect(capFormErrors({ ...base, measure: 'money' })).toEqual({ currency: 'required' });
    expect(capFormErrors({ ...base, measure: 'money', currency: 'EUR' })).toEqual({});
  });
});

describe('cap items', () => {
  it('creates with decimal strings exactly as typed (comma read as a dot), no guarantee on a limit, no currency on a count', () => {
    const v = {
      ...capValuesOf(null, { timezone: 'Europe/Berlin', currency: 'EUR' }),
      value: ' 12,34567891 ',
      guarantee: '5',
      informationalValue: '',
    };
    const item = capCreateItem(2, v);
    expect(item).toMatchObject({
      offerId: 2,
      type: 'limit',
      value: '12.34567891',
      guarantee: null,
      currency: null,
      informationalValue: null,
      timezone: 'Europe/Berlin',
    });
    expect(typeof item.value).toBe('string');
  });

  it('sends a money funnel with its currency and guarantee', () => {
    const v = {
      ...capValuesOf(null, { timezone: 'UTC' }),
      type: 'funnel' as const,
      measure: 'money' as const,
      currency: 'USD',
      value: '1000.5',
      guarantee: '0.10000001',
    };
    expect(capCreateItem(1, v)).toMatchObject({ currency: 'USD', value: '1000.5', guarantee: '0.10000001' });
  });

  it('edits only what changed (the order of a sieve list does not count)', () => {
    const v = capValuesOf(CAP, { timezone: 'UTC' });
    expect(capUpdateItem(CAP, v)).toEqual({ id: 5 });
    expect(capUpdateItem(CAP, { ...v, sieve: { ...v.sieve, countries: ['AT', 'DE'] } })).toEqual({ id: 5 });
    expect(capUpdateItem(CAP, { ...v, value: '150', type: 'limit' })).toEqual({ id: 5, value: '150', type: 'limit', guarantee: null });
  });
});

describe('the live counter', () => {
  it('is a whole percent of the value, full once reached, in decimal arithmetic', () => {
    expect(counterPercent('37', '100')).toBe(37);
    expect(counterPercent('0.3', '0.9')).toBe(33);
    expect(counterPercent('120', '100')).toBe(100);
    expect(counterReached('0.30000000', '0.3')).toBe(true);
    expect(counterReached('0.29999999', '0.3')).toBe(false);
    expect(counterPercent('5', '0')).toBe(0);
  });
});
