/**
 * What the lead engine reads for every lead (architecture §5 Lead): the posting affiliate, its campaign, its access
 * to the offer, the offer's vertical and goal, the hold rules of a country, the offer's caps and advertiser targets.
 * `directReads` asks the database each time; `leadEngineReads` serves the same answers from per-process caches
 * (FeedCache) that every committed write of those tables empties through the change feed, so a lead posted right
 * after a change sees it — and a steady stream of leads makes no round trip for them.
 */
import { verticalApiSettingsSection, type ApiParameter, type IncomingParameter, type InboundRule, type SieveLike } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/cache/change-feed';
import { FeedCache } from '../../../lib/cache/feed-cache';
import { capsOf, type EngineCap } from '../../inventory/caps';
import { rulesFor, type HoldRule } from '../hold-queue';
import { accessSql } from '../../inventory/offers';
import { directTargetReads, type PostbackTargetReads } from '../postback-delivery';
import { leadEventTargets } from './lead-events';
import type { z } from 'zod';

type VerticalApiSettings = z.output<typeof verticalApiSettingsSection>;

export interface LeadSource {
  affiliateId: number;
  teamId: number | null;
  trafficBlocked: boolean;
  acceptInvalidLeads: boolean;
  redirectToAdvertiser: string;
}

export interface LeadCampaign {
  id: number;
  offerId: number;
  affiliateId: number;
  status: string;
  trafficSourceId: number | null;
}

export interface LeadVertical {
  id: number;
  incoming_parameters: IncomingParameter[];
  inbound_rules: InboundRule[];
  /** the vertical's API settings, parsed once when read */
  settings: VerticalApiSettings;
  redirect: { thankYouPageUrl?: string } | null;
}

export interface LeadOffer {
  id: number;
  status: string;
  goalId: number | null;
  trafficbackUrl: string | null;
}

/** an advertiser the offer's leads can go to, with its integration's out-API */
export interface LeadTarget {
  offerAdvertiserId: number;
  advertiserId: number;
  integrationId: number;
  weight: number;
  lowPriority: boolean;
  sieve: SieveLike;
  outApi: unknown;
  apiParameters: ApiParameter[];
}

export interface EngineReads {
  source(affiliateId: number): Promise<LeadSource>;
  campaignByKey(key: string): Promise<LeadCampaign | null>;
  campaignById(id: number): Promise<LeadCampaign | null>;
  /** the offer when the affiliate may use it (its access type, approvals, team, revocations), else null */
  offerFor(offerId: number, affiliateId: number): Promise<LeadOffer | null>;
  offer(offerId: number): Promise<LeadOffer | null>;
  verticalOfOffer(offerId: number): Promise<LeadVertical | null>;
  holdRules(country: string): Promise<HoldRule[]>;
  caps(offerId: number): Promise<EngineCap[]>;
  targets(offerId: number): Promise<LeadTarget[]>;
  /** the look-up of the postbacks a lead event fires (lead-events.ts); a miss reads through `handle` */
  postbackTargets(handle?: DbOrTx): PostbackTargetReads;
}

const CAMPAIGN = sql`select id, offer_id as "offerId", affiliate_id as "affiliateId", status, traffic_source_id as "trafficSourceId" from campaigns`;
const OFFER = sql`select o.id, o.status, o.goal_id as "goalId", o.trafficback_url as "trafficbackUrl" from offers o`;

export function directReads(db: DbOrTx): EngineReads {
  return {
    async source(affiliateId) {
      const [row] = rowsOf<{
        team_id: number | null;
        blocked: boolean;
        team_blocked: boolean | null;
        accept_invalid: boolean;
        redirect: string;
      }>(
        await db.execute(sql`
          select tm.team_id, u.traffic_blocked as blocked, t.traffic_blocked as team_blocked, u.accept_invalid_leads as accept_invalid,
            u.redirect_to_advertiser as redirect
          from users u left join team_members tm on tm.user_id = u.id left join teams t on t.id = tm.team_id
          where u.id = ${affiliateId}`),
      );
      return {
        affiliateId,
        teamId: row?.team_id ?? null,
        trafficBlocked: !!row?.blocked || !!row?.team_blocked,
        acceptInvalidLeads: !!row?.accept_invalid,
        redirectToAdvertiser: row?.redirect ?? 'direct',
      };
    },
    async campaignByKey(key) {
      return rowsOf<LeadCampaign>(await db.execute(sql`${CAMPAIGN} where key = ${key}`))[0] ?? null;
    },
    async campaignById(id) {
      return rowsOf<LeadCampaign>(await db.execute(sql`${CAMPAIGN} where id = ${id}`))[0] ?? null;
    },
    async offerFor(offerId, affiliateId) {
      return (
        rowsOf<LeadOffer>(
          await db.execute(sql`${OFFER} where o.id = ${offerId} and ${accessSql(sql`o.id`, sql`o.access_type`, affiliateId)}`),
        )[0] ?? null
      );
    },
    async offer(offerId) {
      return rowsOf<LeadOffer>(await db.execute(sql`${OFFER} where o.id = ${offerId}`))[0] ?? null;
    },
    async verticalOfOffer(offerId) {
      const [row] = rowsOf<Omit<LeadVertical, 'settings'> & { api_settings: unknown }>(
        await db.execute(
          sql`select v.id, v.incoming_parameters, v.inbound_rules, v.api_settings, v.redirect from verticals v join offers o on o.vertical_id = v.id where o.id = ${offerId}`,
        ),
      );
      if (!row) return null;
      const { api_settings, ...vertical } = row;
      return { ...vertical, settings: verticalApiSettingsSection.parse(api_settings ?? {}) };
    },
    holdRules: (country) => rulesFor(db, country),
    caps: (offerId) => capsOf(db, offerId),
    async targets(offerId) {
      return rowsOf<LeadTarget>(
        await db.execute(sql`
          select oa.id as "offerAdvertiserId", oa.advertiser_id as "advertiserId", oa.integration_id as "integrationId", oa.weight,
            oa.low_priority as "lowPriority", oa.sieve, i.out_api as "outApi", i.api_parameters as "apiParameters"
          from offer_advertisers oa
          join integrations i on i.id = oa.integration_id
          join advertisers a on a.id = oa.advertiser_id
          where oa.offer_id = ${offerId} and oa.status = 'active' and i.status = 'active' and i.out_api_enabled and a.status = 'active'
          order by oa.id`),
      );
    },
    postbackTargets: (handle) => directTargetReads(handle ?? db),
  };
}

/** the cached reads of one process (one per change feed) */
class CachedReads implements EngineReads {
  private readonly sources: FeedCache<number, LeadSource>;
  private readonly campaignsByKey: FeedCache<string, LeadCampaign | null>;
  private readonly campaignsById: FeedCache<number, LeadCampaign | null>;
  private readonly offersFor: FeedCache<string, LeadOffer | null>;
  private readonly offers: FeedCache<number, LeadOffer | null>;
  private readonly verticals: FeedCache<number, LeadVertical | null>;
  private readonly hold: FeedCache<string, HoldRule[]>;
  private readonly capLists: FeedCache<number, EngineCap[]>;
  private readonly targetLists: FeedCache<number, LeadTarget[]>;

  constructor(
    private readonly deps: { database: Database; tracking: { feed: ChangeFeed } },
    db: DbOrTx,
    feed: ChangeFeed,
  ) {
    const direct = directReads(db);
    this.sources = new FeedCache(feed, (id) => direct.source(id));
    this.campaignsByKey = new FeedCache(feed, (key) => direct.campaignByKey(key));
    this.campaignsById = new FeedCache(feed, (id) => direct.campaignById(id));
    this.offersFor = new FeedCache(feed, (key) => {
      const [offerId, affiliateId] = key.split(':').map(Number);
      return direct.offerFor(offerId, affiliateId);
    });
    this.offers = new FeedCache(feed, (id) => direct.offer(id));
    this.verticals = new FeedCache(feed, (id) => direct.verticalOfOffer(id));
    this.hold = new FeedCache(feed, (country) => direct.holdRules(country));
    this.capLists = new FeedCache(feed, (id) => direct.caps(id));
    this.targetLists = new FeedCache(feed, (id) => direct.targets(id));
  }

  source = (affiliateId: number) => this.sources.get(affiliateId);
  campaignByKey = (key: string) => this.campaignsByKey.get(key);
  campaignById = (id: number) => this.campaignsById.get(id);
  offerFor = (offerId: number, affiliateId: number) => this.offersFor.get(`${offerId}:${affiliateId}`);
  offer = (offerId: number) => this.offers.get(offerId);
  verticalOfOffer = (offerId: number) => this.verticals.get(offerId);
  holdRules = (country: string) => this.hold.get(country.toUpperCase());
  caps = (offerId: number) => this.capLists.get(offerId);
  targets = (offerId: number) => this.targetLists.get(offerId);
  postbackTargets = (handle?: DbOrTx) => leadEventTargets(this.deps, handle);
}

const byFeed = new WeakMap<ChangeFeed, EngineReads>();

/** the process's cached engine reads (the tracker's change feed empties them) */
export function leadEngineReads(deps: { database: Database; tracking: { feed: ChangeFeed } }): EngineReads {
  let reads = byFeed.get(deps.tracking.feed);
  if (!reads) {
    reads = new CachedReads(deps, deps.database.db, deps.tracking.feed);
    byFeed.set(deps.tracking.feed, reads);
  }
  return reads;
}
