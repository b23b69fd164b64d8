/**
 * The routing change feed: every committed write of a table the traffic engine caches notifies 'routing_changed'
 * (migration 0008). In-memory caches subscribe here and drop what they hold. A reconnect of the listening connection
 * (messages may have been lost) and the safety TTL of each cache cover the gaps.
 */
import type { Database } from '../../db/client';

export const ROUTING_CHANNEL = 'routing_changed';

export class ChangeFeed {
  private readonly subscribers = new Set<(table: string) => void>();
  private unlisten?: () => Promise<void>;
  /** bumped on every change: a cache entry built under an older version is stale */
  version = 0;

  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      ROUTING_CHANNEL,
      (table) => this.changed(table),
      () => this.changed('*'),
    );
  }

  /** called for each notification; also by tests and by writers that cannot wait for the notification */
  changed(table: string): void {
    this.version++;
    for (const fn of this.subscribers) fn(table);
  }

  subscribe(fn: (table: string) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }
}
