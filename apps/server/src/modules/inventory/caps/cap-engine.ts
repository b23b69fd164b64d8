/**
 * How the traffic engine applies caps (architecture §5 "Caps"; the semantics are in docs/decisions/engine.md, 2026-11-22):
 * - lead caps (processingType leads, type limit or funnel) take room for every lead sent, before the call, with
 *   capCounters.incrementIfOpen: 1 per lead, or money (currency set) = the revenue of the payment rule that prices
 *   the offer's goal for this lead and advertiser, in the cap's currency;
 * - conversion caps (processingType conversions, goal optional) count conversions when they are created
 *   (countConversion): 1, or the conversion's revenue in the cap's currency. A full conversion cap closes the
 *   advertisers it covers for new leads;
 * - `informationalValue` is only shown, never enforced.
 */
import {
  capPeriod,
  compareMoney,
  convert,
  matchSieve,
  pickPaymentRule,
  priceConversion,
  type CapPeriod,
  type SieveLike,
  type SieveSubject,
} from '@leadgrid/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { currencies, paymentRules } from '../../../db/schema';
import { capCounters } from './cap-counters';

export type CapAction = 'skip' | 'trafficback' | 'hold';

export interface EngineCap {
  id: number;
  type: 'limit' | 'funnel';
  value: string;
  guarantee: string | null;
  currency: string | null;
  timezone: string;
  period: CapPeriod;
  action: CapAction;
  processingType: 'leads' | 'conversions';
  goalId: number | null;
  lowPriority: boolean;
  weight: number;
  sieve: SieveLike;
}

/** the active caps of an offer, oldest first */
export async function capsOf(db: DbOrTx, offerId: number): Promise<EngineCap[]> {
  const r = await db.execute(sql`
    select id, type, value, guarantee, currency, timezone, period, action, processing_type as "processingType",
      goal_id as "goalId", low_priority as "lowPriority", weight, sieve
    from caps where offer_id = ${offerId} and status = 'active' order by id`);
  return rowsOf<EngineCap>(r).map((c) => ({
    ...c,
    value: String(c.value),
    guarantee: c.guarantee == null ? null : String(c.guarantee),
    sieve: c.sieve ?? {},
  }));
}

export const capKey = (cap: EngineCap, at: Date) => capPeriod(cap.period, cap.timezone, at).key;

/** the current counters of some caps: capId -> value */
export async function countersOf(db: DbOrTx, caps: readonly EngineCap[], at: Date): Promise<Map<number, string>> {
  const read = await capCounters.read(
    db,
    caps.map((c) => ({ capId: c.id, periodKey: capKey(c, at) })),
  );
  return new Map(caps.map((c) => [c.id, read.get(`${c.id} ${capKey(c, at)}`) ?? '0']));
}

/** rates of currencies (units per one base unit), loaded once per use */
export async function ratesOf(db: DbOrTx, codes: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.map((c) => c.toUpperCase()))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ code: currencies.code, rate: currencies.rate }).from(currencies).where(inArray(currencies.code, wanted));
  return new Map(rows.map((r) => [r.code, String(r.rate)]));
}

/** an amount in another currency; null when a rate is unknown */
export function inCurrency(amount: string, from: string, to: string, rates: Map<string, string>): string | null {
  if (from.toUpperCase() === to.toUpperCase()) return amount;
  const a = rates.get(from.toUpperCase());
  const b = rates.get(to.toUpperCase());
  return a && b ? convert(amount, a, b) : null;
}

/**
 * What one lead weighs in money caps, per advertiser: the revenue of the payment rule that prices the offer's goal
 * for the lead (the rule's revenueValue for fixed and percent rules alike: nothing is reported at send time).
 */
export async function leadRevenuePricer(
  db: DbOrTx,
  offer: { id: number; goalId: number | null },
  subject: Pick<SieveSubject, 'affiliateId' | 'teamId' | 'country'>,
) {
  const rules = await db.select().from(paymentRules).where(eq(paymentRules.offerId, offer.id));
  return (advertiserId: number): { amount: string; currency: string } | null => {
    const rule = pickPaymentRule(
      rules.map((r) => ({ ...r, sieve: r.sieve as SieveLike })),
      { ...subject, advertiserId, goalId: offer.goalId },
    );
    if (!rule) return null;
    const price = priceConversion({ ...rule, paymentType: rule.paymentType as 'fixed' | 'percent' }, null);
    return { amount: price.revenue, currency: price.revenueCurrency };
  };
}

/** whether a cap covers a subject (its sieve, without the schedule: caps count at any hour) */
export const capCovers = (cap: EngineCap, subject: SieveSubject, at: Date) => matchSieve({ ...cap.sieve, schedule: null }, subject, at);

/** a conversion cap is full when its counter reached its value */
export const isFull = (cap: EngineCap, counter: string) => compareMoney(counter, cap.value) >= 0;

export interface CountedConversion {
  offerId: number;
  advertiserId: number;
  affiliateId: number;
  teamId: number | null;
  country: string | null;
  goalId: number | null;
  revenue: string;
  revenueCurrency: string;
}

/**
 * Counts a new conversion in the offer's conversion caps that cover it (goal, sieve), in the caller's transaction.
 * A count cap takes 1 while open (incrementIfOpen: never past its value). A money cap takes the conversion's
 * revenue in its currency; when that does not fit, the counter is set to the value (the cap is full, never over).
 * Answers the caps this conversion filled (their counter reached their value now), for "cap reached".
 */
export async function countConversion(db: DbOrTx, c: CountedConversion, at: Date): Promise<EngineCap[]> {
  const caps = (await capsOf(db, c.offerId)).filter(
    (cap) =>
      cap.processingType === 'conversions' &&
      (!cap.goalId || cap.goalId === c.goalId) &&
      capCovers(cap, { advertiserId: c.advertiserId, affiliateId: c.affiliateId, teamId: c.teamId, country: c.country }, at),
  );
  if (!caps.length) return [];
  const rates = caps.some((cap) => cap.currency)
    ? await ratesOf(db, [c.revenueCurrency, ...caps.map((cap) => cap.currency ?? '')].filter(Boolean))
    : new Map<string, string>();
  const filled: EngineCap[] = [];
  for (const cap of caps) {
    const key = capKey(cap, at);
    const amount = cap.currency ? inCurrency(c.revenue, c.revenueCurrency, cap.currency, rates) : '1';
    if (amount === null || compareMoney(amount, 0) <= 0) continue;
    const value = await capCounters.incrementIfOpen(db, cap.id, key, amount, cap.value);
    if (value !== null ? isFull(cap, value) : cap.currency !== null && (await capCounters.fill(db, cap.id, key, cap.value)))
      filled.push(cap);
  }
  return filled;
}
