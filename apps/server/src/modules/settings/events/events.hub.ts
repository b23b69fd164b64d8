/**
 * Server-sent events to users (architecture §5 "Exports and events"). Any process (an export job on a worker, an API
 * node) publishes with `publishUserEvent` — a PostgreSQL NOTIFY, so it reaches the process holding the user's stream,
 * and it is sent only when the caller's transaction commits. Each API process LISTENs once and fans the events out
 * to the open streams of that user.
 */
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';

export const USER_EVENTS_CHANNEL = 'leadgrid_user_events';

export interface UserEvent {
  userId: number;
  event: string;
  data: unknown;
}

export async function publishUserEvent(db: DbOrTx, e: UserEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify(e)})`);
}

type Listener = (e: UserEvent) => void;

export class UserEventHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private unlisten: Promise<() => Promise<void>> | null = null;

  constructor(private readonly database: Database) {}

  /** starts listening on the first subscriber; answers the unsubscribe */
  async subscribe(userId: number, fn: Listener): Promise<() => void> {
    this.unlisten ??= this.database.listen(USER_EVENTS_CHANNEL, (payload) => this.dispatch(payload));
    await this.unlisten;
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(userId);
    };
  }

  private dispatch(payload: string) {
    let e: UserEvent;
    try {
      e = JSON.parse(payload) as UserEvent;
    } catch {
      return;
    }
    for (const fn of this.listeners.get(e.userId) ?? []) fn(e);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const pending = this.unlisten;
    this.unlisten = null;
    if (pending) await (await pending)();
  }
}
