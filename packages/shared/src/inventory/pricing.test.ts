import { describe, expect, it } from 'vitest';
import { pickPaymentRule, priceConversion } from './pricing';
import { EMPTY_SIEVE, type Sieve } from './sieves';

const rule = (id: number, sieve: Partial<Sieve> = {}, extra: { goalId?: number | null; status?: string } = {}) => ({
  id,
  sieve: { ...EMPTY_SIEVE, ...sieve },
  goalId: extra.goalId ?? null,
  status: extra.status ?? 'active',
});

describe('pickPaymentRule', () => {
  const byDefault = rule(1);
  const byCountry = rule(2, { countries: ['DE'] });
  const byTeam = rule(3, { teamIds: [7] });
  const byAffiliate = rule(4, { affiliateIds: [42] });
  const all = [byAffiliate, byTeam, byCountry, byDefault];

  it('affiliate > team > country > offer default', () => {
    expect(pickPaymentRule(all, { affiliateId: 42, teamId: 7, country: 'DE' })).toBe(byAffiliate);
    expect(pickPaymentRule(all, { affiliateId: 41, teamId: 7, country: 'DE' })).toBe(byTeam);
    expect(pickPaymentRule(all, { affiliateId: 41, teamId: 8, country: 'DE' })).toBe(byCountry);
    expect(pickPaymentRule(all, { affiliateId: 41, teamId: 8, country: 'FR' })).toBe(byDefault);
  });

  it('an affiliate rule beats a team rule that also names a country', () => {
    const teamAndCountry = rule(5, { teamIds: [7], countries: ['DE'], advertiserIds: [1] });
    expect(pickPaymentRule([teamAndCountry, byAffiliate], { affiliateId: 42, teamId: 7, country: 'DE', advertiserId: 1 })).toBe(
      byAffiliate,
    );
    // but a team rule with a country beats the bare team rule
    expect(pickPaymentRule([byTeam, teamAndCountry], { affiliateId: 1, teamId: 7, country: 'DE', advertiserId: 1 })).toBe(teamAndCountry);
  });

  it('a rule that does not match is never picked, however specific', () => {
    expect(pickPaymentRule([byAffiliate, byCountry], { affiliateId: 1, country: 'FR' })).toBeNull();
  });

  it('ties go to the lowest id', () => {
    const a = rule(10, { countries: ['DE'] });
    const b = rule(9, { countries: ['DE', 'AT'] });
    expect(pickPaymentRule([a, b], { country: 'DE' })).toBe(b);
    expect(pickPaymentRule([b, a], { country: 'DE' })).toBe(b);
  });

  it('inactive rules are skipped', () => {
    expect(pickPaymentRule([rule(4, { affiliateIds: [42] }, { status: 'inactive' }), byDefault], { affiliateId: 42 })).toBe(byDefault);
  });

  it('goal: a rule naming the goal beats a rule without; a rule for another goal never fits', () => {
    const deposit = rule(20, {}, { goalId: 2 });
    const registration = rule(21, { affiliateIds: [42] }, { goalId: 1 });
    expect(pickPaymentRule([byAffiliate, deposit, registration], { affiliateId: 42, goalId: 2 })).toBe(deposit);
    expect(pickPaymentRule([byAffiliate, deposit, registration], { affiliateId: 42, goalId: 1 })).toBe(registration);
    expect(pickPaymentRule([deposit, registration], { affiliateId: 42, goalId: 3 })).toBeNull();
    expect(pickPaymentRule([deposit, byDefault], { affiliateId: 42 })).toBe(byDefault);
  });
});

describe('priceConversion', () => {
  it('fixed: both amounts as stored, in their own currencies', () => {
    expect(
      priceConversion({
        paymentType: 'fixed',
        revenueValue: '100.50000000',
        revenueCurrency: 'USD',
        payoutValue: '70',
        payoutCurrency: 'EUR',
      }),
    ).toEqual({ revenue: '100.5', revenueCurrency: 'USD', payout: '70', payoutCurrency: 'EUR' });
  });

  it('percent: payout is a share of the revenue, exact to 8 places', () => {
    const r = {
      paymentType: 'percent' as const,
      revenueValue: '0.1',
      revenueCurrency: 'USD',
      payoutValue: '33.333',
      payoutCurrency: 'USD',
    };
    expect(priceConversion(r)).toEqual({ revenue: '0.1', revenueCurrency: 'USD', payout: '0.033333', payoutCurrency: 'USD' });
    expect(priceConversion(r, { amount: '250', currency: 'EUR' })).toEqual({
      revenue: '250',
      revenueCurrency: 'EUR',
      payout: '83.3325',
      payoutCurrency: 'EUR',
    });
    expect(priceConversion({ ...r, payoutValue: '100' }, { amount: '0.00000003', currency: 'USD' }).payout).toBe('0.00000003');
  });
});
