/**
 * Which offers are capped out for clicks (docs/decisions/engine.md, 2026-11-22): an offer whose active limit caps are all full and
 * all have the action `trafficback` sends its clicks to its trafficback URL. Only caps without an affiliate, team or
 * country restriction count (one that covers part of the traffic leaves the rest open), and there must be at least
 * one. The click path never waits for the database: it reads a snapshot, and a stale snapshot (older than `ttlMs`)
 * starts a refresh in the background, so the answer is at most a few seconds late.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../db/client';
import { countersOf, isFull, type EngineCap } from '../../inventory/caps';

type GateCap = EngineCap & { offerId: number };

const restricted = (cap: EngineCap) => !!(cap.sieve.affiliateIds?.length || cap.sieve.teamIds?.length || cap.sieve.countries?.length);

export class CapGate {
  private closed = new Set<number>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    private readonly ttlMs = 5000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** from the snapshot; refreshes it in the background when stale */
  isClosed(offerId: number): boolean {
    if (Date.now() - this.loadedAt > this.ttlMs && !this.loading) {
      this.loading = this.refresh()
        .then(() => undefined, this.onError)
        .finally(() => (this.loading = null));
    }
    return this.closed.has(offerId);
  }

  /** reads the caps and their current counters; answers the capped-out offer ids */
  async refresh(): Promise<Set<number>> {
    const db = this.database.db;
    const at = this.now();
    const caps = rowsOf<GateCap>(
      await db.execute(sql`
        select c.id, c.offer_id as "offerId", c.type, c.value, c.guarantee, c.currency, c.timezone, c.period, c.action,
          c.processing_type as "processingType", c.goal_id as "goalId", c.low_priority as "lowPriority", c.weight, c.sieve
        from caps c where c.status = 'active' and c.type = 'limit'
          and c.offer_id in (select offer_id from caps where status = 'active' and type = 'limit' and action = 'trafficback')`),
    ).map((c) => ({ ...c, value: String(c.value), sieve: c.sieve ?? {} }));
    const byOffer = new Map<number, GateCap[]>();
    for (const c of caps) byOffer.set(c.offerId, [...(byOffer.get(c.offerId) ?? []), c]);
    const candidates = [...byOffer.values()].filter((list) => list.every((c) => c.action === 'trafficback' && !restricted(c))).flat();
    const counters = await countersOf(db, candidates, at);
    const closed = new Set<number>();
    for (const [offerId, list] of byOffer)
      if (list.every((c) => c.action === 'trafficback' && !restricted(c) && counters.has(c.id) && isFull(c, counters.get(c.id)!)))
        closed.add(offerId);
    this.closed = closed;
    this.loadedAt = Date.now();
    return closed;
  }
}
