/** The payment rule form: a percent payout is at most 100, amounts stay decimal strings, percent rules pay in the revenue currency. */
import type { PaymentRule } from '@leadgrid/shared/inventory/caps';
import { EMPTY_SIEVE } from '@leadgrid/shared/inventory/sieves';
import { describe, expect, it } from 'vitest';
import { ruleBulkItems, ruleCreateItem, ruleFormErrors, ruleUpdateItem, ruleValuesOf } from './paymentRuleForm';

const RULE: PaymentRule = {
  id: 3,
  offerId: 2,
  title: 'DE deposits',
  paymentModel: null,
  targetConversionStatus: 3,
  isMultiConversion: false,
  autoApprovePeriod: 72,
  paymentType: 'fixed',
  revenueValue: '40.5',
  revenueCurrency: 'EUR',
  payoutValue: '25',
  payoutCurrency: 'EUR',
  goal: { id: 4, title: 'Deposit' },
  status: 'active',
  sieve: EMPTY_SIEVE,
  createdAt: 1_790_000_000,
  createdBy: null,
};

describe('payment rule form rules', () => {
  it('keeps a percent payout at most 100', () => {
    expect(ruleFormErrors({ paymentType: 'percent', payoutValue: '100' })).toEqual({});
    expect(ruleFormErrors({ paymentType: 'percent', payoutValue: '100,00000001' })).toEqual({ payoutValue: 'noMore' });
    expect(ruleFormErrors({ paymentType: 'fixed', payoutValue: '250' })).toEqual({});
  });
});

describe('payment rule items', () => {
  it('sends the amounts as the strings typed, never as numbers', () => {
    const v = { ...ruleValuesOf(null, { currency: 'USD' }), revenueValue: '0.12345678', payoutValue: ' 1234567890123,1 ' };
    const item = ruleCreateItem(2, v);
    expect(item.revenueValue).toBe('0.12345678');
    expect(item.payoutValue).toBe('1234567890123.1');
    expect(JSON.parse(JSON.stringify(item))).toMatchObject({ revenueValue: '0.12345678', payoutValue: '1234567890123.1' });
  });

  it('pays a percent rule in the revenue currency, and auto-approve only when switched on', () => {
    const v = {
      ...ruleValuesOf(null, { currency: 'USD' }),
      paymentType: 'percent' as const,
      revenueCurrency: 'EUR',
      payoutCurrency: 'USD',
      payoutValue: '30',
    };
    expect(ruleCreateItem(1, v)).toMatchObject({ paymentType: 'percent', payoutCurrency: 'EUR', autoApprovePeriod: null });
    expect(ruleCreateItem(1, { ...v, autoApprove: true, autoApprovePeriod: 48 })).toMatchObject({ autoApprovePeriod: 48 });
  });

  it('shows the exact stored value in the form and edits only what changed', () => {
    const v = ruleValuesOf(RULE, { currency: 'USD' });
    expect(v.revenueValue).toBe('40.5');
    expect(ruleUpdateItem(RULE, v)).toEqual({ id: 3 });
    expect(ruleUpdateItem(RULE, { ...v, payoutValue: '25.00000001', autoApprove: false })).toEqual({
      id: 3,
      payoutValue: '25.00000001',
      autoApprovePeriod: null,
    });
  });

  it('bulk-edits the same switched-on fields on every rule', () => {
    expect(ruleBulkItems([3, 4], { status: 'inactive', payoutValue: '7,5' })).toEqual([
      { id: 3, status: 'inactive', payoutValue: '7.5' },
      { id: 4, status: 'inactive', payoutValue: '7.5' },
    ]);
  });
});
