import { describe, expect, it } from 'vitest';
import { capCreate, capRuleErrors, capUpdate, paymentRuleCreate, paymentRuleErrors } from './caps';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')} ${i.message}`).sort();

describe('cap schemas', () => {
  it('fills the defaults and keeps only the caps sieve keys', () => {
    const cap = capCreate.parse({ offerId: 1, value: '10,5', sieve: { countries: ['de'], languages: ['en'] } });
    expect(cap).toMatchObject({ value: '10.5', type: 'limit', period: 'day', timezone: 'UTC', weight: 100, status: 'active' });
    expect(cap.sieve).toMatchObject({ countries: ['DE'], languages: [], schedule: null });
  });

  it('answers one message per bad field, never throws on bad decimals', () => {
    expect(issues(capCreate.safeParse({ offerId: 1, value: 'abc', informationalValue: 'x', guarantee: '1,5,5' }))).toEqual([
      'guarantee floatNumber',
      'informationalValue floatNumber',
      'value floatNumber',
    ]);
    expect(issues(capCreate.safeParse({ offerId: 1, value: '1.123456789' }))).toEqual(['value floatLimit']);
    expect(issues(capCreate.safeParse({ offerId: 1, value: '0' }))).toEqual(['value more']);
    expect(issues(capCreate.safeParse({ offerId: 1, value: '5', informationalValue: '-1' }))).toEqual(['informationalValue min']);
    expect(issues(capCreate.safeParse({ offerId: 1, value: '5', guarantee: '1' }))).toEqual(['guarantee pattern']);
    expect(issues(capCreate.safeParse({ offerId: 1, value: 5, type: 'funnel', guarantee: 6 }))).toEqual(['guarantee noMore']);
    expect(issues(capCreate.safeParse({ offerId: 1, value: 5, weight: 1001, timezone: 'Nowhere/City' }))).toEqual([
      'timezone pattern',
      'weight minMax',
    ]);
    expect(issues(capUpdate.safeParse({ id: 1, value: 'zz', guarantee: 'q' }))).toEqual(['guarantee floatNumber', 'value floatNumber']);
  });

  it('capRuleErrors checks an edit merged with the stored cap', () => {
    expect(capRuleErrors({ type: 'funnel', value: '10', guarantee: '10' })).toEqual([]);
    expect(capRuleErrors({ type: 'funnel', value: '9.99999999', guarantee: '10' })).toEqual([{ path: 'guarantee', msg: 'noMore' }]);
    expect(capRuleErrors({ type: 'limit', value: '10', guarantee: null })).toEqual([]);
  });
});

describe('payment rule schemas', () => {
  it('defaults: fixed, approved status, USD, no auto-approve', () => {
    expect(paymentRuleCreate.parse({ offerId: 1 })).toMatchObject({
      paymentType: 'fixed',
      targetConversionStatus: 3,
      revenueValue: '0',
      revenueCurrency: 'USD',
      payoutCurrency: 'USD',
      autoApprovePeriod: null,
      isMultiConversion: false,
    });
  });

  it('a percent payout is at most 100; amounts are ≥ 0 with 8 places; hours 1..8760; statuses 1..4', () => {
    expect(issues(paymentRuleCreate.safeParse({ offerId: 1, paymentType: 'percent', payoutValue: '100.00000001' }))).toEqual([
      'payoutValue noMore',
    ]);
    expect(issues(paymentRuleCreate.safeParse({ offerId: 1, paymentType: 'fixed', payoutValue: '250' }))).toEqual([]);
    expect(
      issues(
        paymentRuleCreate.safeParse({
          offerId: 1,
          revenueValue: '-1',
          payoutValue: 'zz',
          autoApprovePeriod: 0,
          targetConversionStatus: 5,
          revenueCurrency: 'us',
        }),
      ),
    ).toEqual([
      'autoApprovePeriod minMax',
      'payoutValue floatNumber',
      'revenueCurrency length',
      'revenueValue min',
      'targetConversionStatus pattern',
    ]);
    expect(issues(paymentRuleCreate.safeParse({ offerId: 1, autoApprovePeriod: 8761 }))).toEqual(['autoApprovePeriod minMax']);
    expect(paymentRuleErrors({ paymentType: 'percent', payoutValue: '100' })).toEqual([]);
  });
});
