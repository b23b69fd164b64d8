/**
 * What every inbound postback reads besides its lead (postback-in.ts): the integration and its advertiser's status by
 * postback key, the offer, the vertical's goals, the offer's payment rules, the currencies with their current rates and
 * the base currency, whether the offer has conversion caps, and the affiliate postbacks that may fire. `PostbackInReads`
 * reads them straight from the caller's handle; with the change feed it keeps them per process (`FeedCache`), emptied on
 * every committed write of integrations, advertisers, offers, vertical_goals, payment_rules, currencies,
 * currency_rates, settings, caps, postbacks, campaign_postbacks, teams and team_members (migrations 0008, 0011).
 *
 * Rates: the cached rate of a currency is its current one, valid since its `rateUpdatedAt`; a conversion timed before
 * that (a clock behind the last change) reads the rate of its time from `currency_rates`.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../../db/client';
import { advertisers, caps, currencies, currencyRates, integrations, offers, paymentRules, verticalGoals } from '../../../../db/schema';
import type { ChangeFeed } from '../../../../lib/cache/change-feed';
import { FeedCache } from '../../../../lib/cache/feed-cache';
import type { Config } from '../../../../config';
import { baseCurrencyCode } from '../../../money/currencies';
import { directTargetReads, PostbackTargetsCache, type PostbackTargetReads } from '../../postback-delivery';

export type IntegrationRow = typeof integrations.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type GoalRow = typeof verticalGoals.$inferSelect;
export type PaymentRuleRow = typeof paymentRules.$inferSelect;

export interface KeyedIntegration {
  integration: IntegrationRow;
  advertiserStatus: string;
}

export interface CurrencyRate {
  id: number;
  rate: string;
  /** the current rate is valid from here on */
  since: Date;
}

export interface Currencies {
  base: string;
  byCode: Map<string, CurrencyRate>;
}

/** the loads, through one database handle */
const loads = (db: DbOrTx, config: Config) => ({
  async integration(key: string): Promise<KeyedIntegration | null> {
    const [found] = await db
      .select({ integration: integrations, advertiserStatus: advertisers.status })
      .from(integrations)
      .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
      .where(eq(integrations.postbackKey, key));
    return found ?? null;
  },
  async offer(id: number): Promise<OfferRow | null> {
    return (await db.select().from(offers).where(eq(offers.id, id)))[0] ?? null;
  },
  goals: (verticalId: number): Promise<GoalRow[]> =>
    db.select().from(verticalGoals).where(eq(verticalGoals.verticalId, verticalId)).orderBy(verticalGoals.id),
  async goal(id: number): Promise<GoalRow | null> {
    return (await db.select().from(verticalGoals).where(eq(verticalGoals.id, id)))[0] ?? null;
  },
  rules: (offerId: number): Promise<PaymentRuleRow[]> =>
    db.select().from(paymentRules).where(eq(paymentRules.offerId, offerId)).orderBy(paymentRules.id),
  async currencies(): Promise<Currencies> {
    const rows = await db
      .select({ id: currencies.id, code: currencies.code, rate: currencies.rate, since: currencies.rateUpdatedAt })
      .from(currencies);
    return {
      base: await baseCurrencyCode({ db, config }),
      byCode: new Map(rows.map((r) => [r.code, { id: r.id, rate: r.rate, since: r.since }])),
    };
  },
  async conversionCaps(offerId: number): Promise<boolean> {
    const rows = await db
      .select({ id: caps.id })
      .from(caps)
      .where(and(eq(caps.offerId, offerId), eq(caps.status, 'active'), eq(caps.processingType, 'conversions')))
      .limit(1);
    return rows.length > 0;
  },
  /** the rate of a currency valid at `at` (its history), or null when its history starts later */
  async rateAt(currencyId: number, at: Date): Promise<string | null> {
    const [hit] = await db
      .select({ rate: currencyRates.rate })
      .from(currencyRates)
      .where(and(eq(currencyRates.currencyId, currencyId), lte(currencyRates.validFrom, at)))
      .orderBy(desc(currencyRates.validFrom), desc(currencyRates.id))
      .limit(1);
    return hit?.rate ?? null;
  },
});

type Loads = ReturnType<typeof loads>;
type CachedName = 'integration' | 'offer' | 'goals' | 'goal' | 'rules' | 'conversionCaps';

const TTL_MS = 60_000;

export class PostbackInReads {
  private readonly caches?: { [N in CachedName]: FeedCache<Parameters<Loads[N]>[0], Awaited<ReturnType<Loads[N]>>> };
  private readonly currencyCache?: FeedCache<'all', Currencies>;
  private readonly targets?: PostbackTargetsCache;
  /**
   * the handle of the read that misses: a miss loads through the caller's transaction, since a load through the pool
   * could wait for a connection held by transactions that wait for this load (and PGlite has one connection)
   */
  private handle: DbOrTx;

  /** without a feed every read goes to the database (the API sync's occasional statuses) */
  constructor(
    database: Database,
    private readonly config: Config,
    feed?: ChangeFeed,
  ) {
    this.handle = database.db;
    if (!feed) return;
    const load = () => loads(this.handle, this.config);
    const opts = { ttlMs: TTL_MS };
    this.caches = {
      integration: new FeedCache(feed, (k) => load().integration(k), { ...opts, max: 10_000 }),
      offer: new FeedCache(feed, (k) => load().offer(k), opts),
      goals: new FeedCache(feed, (k) => load().goals(k), opts),
      goal: new FeedCache(feed, (k) => load().goal(k), opts),
      rules: new FeedCache(feed, (k) => load().rules(k), opts),
      conversionCaps: new FeedCache(feed, (k) => load().conversionCaps(k), opts),
    };
    this.currencyCache = new FeedCache(feed, () => load().currencies(), opts);
    this.targets = new PostbackTargetsCache(database, feed);
  }

  /** the reads of one caller: `db` is its handle (its transaction, if any) */
  through(db: DbOrTx) {
    const direct = loads(db, this.config);
    const get = <N extends CachedName>(name: N, key: Parameters<Loads[N]>[0]): ReturnType<Loads[N]> => {
      const cache = this.caches?.[name];
      if (!cache) return (direct[name] as (k: typeof key) => ReturnType<Loads[N]>)(key);
      this.handle = db;
      return (cache as unknown as FeedCache<typeof key, Awaited<ReturnType<Loads[N]>>>).get(key) as ReturnType<Loads[N]>;
    };
    const currencyList = (): Promise<Currencies> => {
      if (!this.currencyCache) return direct.currencies();
      this.handle = db;
      return this.currencyCache.get('all');
    };
    return {
      integration: (key: string) => get('integration', key),
      offer: (id: number) => get('offer', id),
      goals: (verticalId: number) => get('goals', verticalId),
      goal: (id: number) => get('goal', id),
      rules: (offerId: number) => get('rules', offerId),
      conversionCaps: (offerId: number) => get('conversionCaps', offerId),
      currencies: currencyList,
      /** the rate of a known currency at `at`: the current one when `at` is not before it was set */
      async rateAt(currency: CurrencyRate, at: Date): Promise<string> {
        if (currency.since.getTime() <= at.getTime()) return currency.rate;
        return (await direct.rateAt(currency.id, at)) ?? currency.rate;
      },
      targets: ((): PostbackTargetReads => (this.targets ? this.targets.through(db) : directTargetReads(db)))(),
    };
  }
}

export type PostbackReads = ReturnType<PostbackInReads['through']>;
