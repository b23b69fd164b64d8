/**
 * The routing cache of the tracker (architecture §5 Click, step 1): campaign key → campaign, offer, affiliate, team
 * and the candidate landers, loaded with two queries on the first click of a key and then served from memory.
 * Every committed write of those tables empties it (change feed); entries also expire after ROUTE_TTL_MS in case a
 * notification was missed. Unknown keys are cached too (bounded), so a flood of bad keys does not reach the database.
 */
import type { SieveLike, TargetUrlSettings } from '@leadgrid/shared';
import type { Database } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/cache/change-feed';
import { FeedCache } from '../../../lib/cache/feed-cache';

export interface RouteLander {
  id: number;
  targetUrl: string;
  weight: number;
  sieve: SieveLike;
  /** the lander's advertiser is active (or it has none) */
  usable: boolean;
}

export interface Route {
  campaignId: number;
  campaignStatus: string;
  affiliateId: number;
  offerId: number;
  teamId: number | null;
  trafficSourceId: number | null;
  countries: string[];
  targetUrlSettings: Partial<TargetUrlSettings>;
  offerStatus: string;
  offerGeos: string[];
  trafficbackUrl: string | null;
  affiliateStatus: string;
  affiliateTrafficBlocked: boolean;
  teamStatus: string | null;
  teamTrafficBlocked: boolean;
  landers: RouteLander[];
}

const ROUTE_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

export class RoutingCache {
  private readonly cache: FeedCache<string, Route | null>;

  constructor(
    private readonly database: Database,
    feed: ChangeFeed,
  ) {
    this.cache = new FeedCache(feed, (key) => this.load(key), { ttlMs: ROUTE_TTL_MS, max: MAX_ENTRIES });
  }

  /**
   * The route of a key the cache holds and no change has touched since, without a promise (the click answers in the
   * same turn); undefined when `get` must be asked.
   */
  peek(key: string, now = Date.now()): Route | null | undefined {
    return this.cache.peek(key, now);
  }

  get hits(): number {
    return this.cache.hits;
  }

  get misses(): number {
    return this.cache.misses;
  }

  get(key: string, now = Date.now()): Promise<Route | null> {
    return this.cache.get(key, now);
  }

  private async load(key: string): Promise<Route | null> {
    const { rows } = await this.database.query<{
      campaign_id: number;
      campaign_status: string;
      affiliate_id: number;
      offer_id: number;
      traffic_source_id: number | null;
      countries: string[];
      target_url_settings: Partial<TargetUrlSettings>;
      offer_status: string;
      geos: string[];
      trafficback_url: string | null;
      affiliate_status: string;
      affiliate_blocked: boolean;
      team_id: number | null;
      team_status: string | null;
      team_blocked: boolean | null;
    }>(
      `select c.id as campaign_id, c.status as campaign_status, c.affiliate_id, c.offer_id, c.traffic_source_id, c.countries,
         c.target_url_settings, o.status as offer_status, o.geos, o.trafficback_url,
         u.status as affiliate_status, u.traffic_blocked as affiliate_blocked,
         tm.team_id, t.status as team_status, t.traffic_blocked as team_blocked
       from campaigns c
       join offers o on o.id = c.offer_id
       join users u on u.id = c.affiliate_id
       left join team_members tm on tm.user_id = u.id
       left join teams t on t.id = tm.team_id
       where c.key = $1`,
      [key],
    );
    const r = rows[0];
    if (!r) return null;
    const { rows: landers } = await this.database.query<{
      id: number;
      target_url: string;
      weight: number;
      sieve: SieveLike;
      usable: boolean;
    }>(
      `select l.id, l.target_url, l.weight, l.sieve, (l.advertiser_id is null or a.status = 'active') as usable
       from landers l
       left join advertisers a on a.id = l.advertiser_id
       where l.offer_id = $1 and l.status = 'active'
         and (not exists (select 1 from campaign_landers cl where cl.campaign_id = $2)
           or l.id in (select cl.lander_id from campaign_landers cl where cl.campaign_id = $2))
       order by l.id`,
      [r.offer_id, r.campaign_id],
    );
    return {
      campaignId: r.campaign_id,
      campaignStatus: r.campaign_status,
      affiliateId: r.affiliate_id,
      offerId: r.offer_id,
      teamId: r.team_id,
      trafficSourceId: r.traffic_source_id,
      countries: r.countries ?? [],
      targetUrlSettings: r.target_url_settings ?? {},
      offerStatus: r.offer_status,
      offerGeos: r.geos ?? [],
      trafficbackUrl: r.trafficback_url,
      affiliateStatus: r.affiliate_status,
      affiliateTrafficBlocked: r.affiliate_blocked,
      teamStatus: r.team_status,
      teamTrafficBlocked: !!r.team_blocked,
      landers: landers.map((l) => ({ id: l.id, targetUrl: l.target_url, weight: l.weight, sieve: l.sieve ?? {}, usable: l.usable })),
    };
  }
}
