/**
 * What an event's outbound postbacks are chosen from (delivery.ts): the active global and affiliate postbacks (and the
 * team's), the teams of an affiliate, the postbacks a campaign names. Read straight from the caller's handle (inside
 * its transaction), or through a per-process cache that the change feed empties on every committed write of postbacks,
 * campaign_postbacks, team_members or teams (migration 0008) — the inbound postback's hot path uses the cache.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { campaignPostbacks, postbacks, teamMembers } from '../../../db/schema';
import type { ChangeFeed } from '../../../lib/cache/change-feed';
import { FeedCache } from '../../../lib/cache/feed-cache';

export interface TargetPostback {
  id: number;
  scope: string;
  events: string[];
  goalEvents: { goalId: number; events: string[] }[];
}

export interface PostbackTargetReads {
  /** the active global postbacks, the affiliate's own and those of the teams, by id */
  owned(affiliateId: number, teamIds: readonly number[]): Promise<TargetPostback[]>;
  /** the teams the affiliate is a member of */
  teamsOf(affiliateId: number): Promise<number[]>;
  /** the postbacks the campaign names, or null when it names none */
  campaignBound(campaignId: number): Promise<Set<number> | null>;
}

/** reads through `db` (a transaction sees its own writes) */
export function directTargetReads(db: DbOrTx): PostbackTargetReads {
  return {
    async owned(affiliateId, teamIds) {
      const owners = [eq(postbacks.scope, 'global'), and(eq(postbacks.scope, 'affiliate'), eq(postbacks.affiliateId, affiliateId))];
      if (teamIds.length) owners.push(and(eq(postbacks.scope, 'team'), inArray(postbacks.teamId, [...teamIds])));
      return db
        .select({ id: postbacks.id, scope: postbacks.scope, events: postbacks.events, goalEvents: postbacks.goalEvents })
        .from(postbacks)
        .where(and(eq(postbacks.status, 'active'), or(...owners)))
        .orderBy(postbacks.id);
    },
    async teamsOf(affiliateId) {
      return (await db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, affiliateId))).map((r) => r.id);
    },
    async campaignBound(campaignId) {
      const rows = await db
        .select({ id: campaignPostbacks.postbackId })
        .from(campaignPostbacks)
        .where(eq(campaignPostbacks.campaignId, campaignId));
      return rows.length ? new Set(rows.map((r) => r.id)) : null;
    },
  };
}

const TTL_MS = 60_000;

/**
 * The same reads from memory, per process. A miss loads through the caller's handle (its open transaction): a load
 * through the pool could wait for a connection that transactions waiting for this load hold (and PGlite has one).
 */
export class PostbackTargetsCache {
  private readonly ownedCache: FeedCache<string, TargetPostback[]>;
  private readonly teamsCache: FeedCache<number, number[]>;
  private readonly boundCache: FeedCache<number, Set<number> | null>;
  private handle: DbOrTx;

  constructor(database: Database, feed: ChangeFeed) {
    this.handle = database.db;
    const reads = () => directTargetReads(this.handle);
    this.ownedCache = new FeedCache(
      feed,
      (key) => {
        const [affiliateId, teams] = key.split(':');
        return reads().owned(Number(affiliateId), teams ? teams.split(',').map(Number) : []);
      },
      { ttlMs: TTL_MS },
    );
    this.teamsCache = new FeedCache(feed, (affiliateId) => reads().teamsOf(affiliateId), { ttlMs: TTL_MS });
    this.boundCache = new FeedCache(feed, (campaignId) => reads().campaignBound(campaignId), { ttlMs: TTL_MS });
  }

  /** the reads of one caller (its handle is used for a miss on PGlite) */
  through(handle: DbOrTx): PostbackTargetReads {
    const use = () => {
      this.handle = handle;
    };
    return {
      owned: (affiliateId, teamIds) => (use(), this.ownedCache.get(`${affiliateId}:${teamIds.join(',')}`)),
      teamsOf: (affiliateId) => (use(), this.teamsCache.get(affiliateId)),
      campaignBound: (campaignId) => (use(), this.boundCache.get(campaignId)),
    };
  }
}
