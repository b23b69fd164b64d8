/**
 * A per-process cache of data the traffic engine reads on every request (campaigns, offers, verticals, advertiser
 * targets, caps, integrations, payment rules, API-token actors): loaded once per key, then served from memory until
 * the change feed reports a committed write of one of the cached tables (LISTEN/NOTIFY, migration 0008/0011) or the
 * entry's safety TTL ends. A load started before a change is not kept (its data may predate the change). Concurrent
 * first reads of a key share one load. Misses (a `null` value) are cached too, bounded by `max`.
 */
import type { ChangeFeed } from './change-feed';

interface Entry<V> {
  value: V;
  version: number;
  expires: number;
}

export interface FeedCacheOptions {
  /** how long an entry lives when no notification comes (a notification may be lost on a reconnect) */
  ttlMs?: number;
  /** entries kept at most; past it the cache starts again empty */
  max?: number;
}

export class FeedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, { promise: Promise<V>; version: number }>();
  private readonly ttlMs: number;
  private readonly max: number;
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly load: (key: K) => Promise<V>,
    options: FeedCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.max = options.max ?? 100_000;
    feed.subscribe(() => this.entries.clear());
  }

  /** the entry of a key when it is still good (built under the feed's current version, before its TTL ends) */
  private fresh(key: K, now: number): Entry<V> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.version === this.feed.version && hit.expires > now ? hit : undefined;
  }

  /** the value of a key held and still good, without a promise (a hot path answering in the same turn); else undefined */
  peek(key: K, now = Date.now()): V | undefined {
    const hit = this.fresh(key, now);
    if (hit) this.hits++;
    return hit?.value;
  }

  get(key: K, now = Date.now()): Promise<V> {
    const hit = this.fresh(key, now);
    if (hit) {
      this.hits++;
      return Promise.resolve(hit.value);
    }
    this.misses++;
    // a load started before the latest change may have read old data: a request after the change starts its own
    const version = this.feed.version;
    const running = this.loading.get(key);
    if (running && running.version === version) return running.promise;
    const promise = this.load(key).then((value) => {
      if (this.entries.size >= this.max) this.entries.clear();
      if (version === this.feed.version) this.entries.set(key, { value, version, expires: now + this.ttlMs });
      return value;
    });
    const entry = { promise, version };
    this.loading.set(key, entry);
    void promise
      .finally(() => {
        if (this.loading.get(key) === entry) this.loading.delete(key);
      })
      .catch(() => undefined);
    return promise;
  }
}
