/**
 * Which payment rule prices a conversion, and the amounts it gives (architecture §5 "Conversions and money").
 *
 * Choice: among the active rules whose goal fits (the rule's goal equals the conversion's, or the rule has none) and
 * whose sieve matches the subject, the most specific wins. Specificity compares, in this order: a rule naming the
 * goal beats one without; then naming the affiliate, the team, the country and the advertiser (so an affiliate rule
 * beats a team rule whatever else either names, and the offer default — an empty sieve — comes last). Ties go to the
 * lowest id (the oldest rule).
 *
 * Amounts: 'fixed' rules give revenueValue in revenueCurrency and payoutValue in payoutCurrency. 'percent' rules take
 * the revenue the advertiser reported (or revenueValue when none was) and pay payoutValue percent of it, in the
 * revenue's currency.
 */
import { roundMoney, toDecimal, type DecimalValue } from '../money/decimal';
import { matchSieve, type SieveLike, type SieveSubject } from '../engine/sieve';

export interface PickableRule {
  id: number;
  /** only 'active' rules are picked; a missing status counts as active */
  status?: string;
  goalId?: number | null;
  sieve: SieveLike;
}

export interface PaymentRuleSubject extends Pick<SieveSubject, 'affiliateId' | 'teamId' | 'country' | 'advertiserId'> {
  /** the conversion's goal; null or missing: only rules without a goal fit */
  goalId?: number | null;
}

const has = (list: readonly unknown[] | undefined) => (list?.length ? 1 : 0);
/** the rank of a rule: bits goal, affiliate, team, country, advertiser (higher is more specific) */
export function paymentRuleSpecificity(rule: PickableRule): number {
  const s = rule.sieve;
  return ((rule.goalId ? 1 : 0) << 4) | (has(s.affiliateIds) << 3) | (has(s.teamIds) << 2) | (has(s.countries) << 1) | has(s.advertiserIds);
}

// payment rules have no schedule (SIEVE_KEYS_BY_OWNER.paymentRules); the moment only satisfies the matcher's signature
const EPOCH = new Date(0);

export function pickPaymentRule<R extends PickableRule>(rules: readonly R[], subject: PaymentRuleSubject): R | null {
  let best: R | null = null;
  let bestRank = -1;
  for (const rule of rules) {
    if (rule.status !== undefined && rule.status !== 'active') continue;
    if (rule.goalId && rule.goalId !== subject.goalId) continue;
    if (!matchSieve({ ...rule.sieve, schedule: null }, subject, EPOCH)) continue;
    const rank = paymentRuleSpecificity(rule);
    if (rank > bestRank || (rank === bestRank && best && rule.id < best.id)) {
      best = rule;
      bestRank = rank;
    }
  }
  return best;
}

export interface PricedRule {
  paymentType: 'fixed' | 'percent';
  revenueValue: DecimalValue;
  revenueCurrency: string;
  payoutValue: DecimalValue;
  payoutCurrency: string;
}

export interface ConversionPrice {
  revenue: string;
  revenueCurrency: string;
  payout: string;
  payoutCurrency: string;
}

/** The amounts of a conversion priced by a rule; `reported` is what the advertiser's postback said it pays. */
export function priceConversion(rule: PricedRule, reported?: { amount: DecimalValue; currency: string } | null): ConversionPrice {
  if (rule.paymentType === 'fixed')
    return {
      revenue: roundMoney(rule.revenueValue),
      revenueCurrency: rule.revenueCurrency,
      payout: roundMoney(rule.payoutValue),
      payoutCurrency: rule.payoutCurrency,
    };
  const revenue = reported ? toDecimal(reported.amount) : toDecimal(rule.revenueValue);
  const currency = reported ? reported.currency : rule.revenueCurrency;
  return {
    revenue: roundMoney(revenue),
    revenueCurrency: currency,
    payout: roundMoney(revenue.times(toDecimal(rule.payoutValue)).div(100)),
    payoutCurrency: currency,
  };
}
