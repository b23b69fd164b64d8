/**
 * Putting outbound postbacks in the outbox (outbox.ts): as a CTE of the caller's own statement, or in its transaction.
 * Its own file so that what enqueues (delivery.ts, the lead engine, the inbound postback) does not import the workers.
 */
import type { PostbackEvent } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Ctx } from '../../../http/context';
import { pgJson } from '../../../lib/pg-text';

/** one outbound postback to deliver: the postback, the event and its macro values (staff-only ones removed) */
export interface PostbackDeliverJob {
  postbackId: number;
  event: PostbackEvent;
  affiliateId: number;
  goalId: number | null;
  leadId: number | null;
  conversionId: number | null;
  conversionStatus: number | null;
  values: Record<string, string | number | null>;
  /** attempts made before this job (the outbox's first attempt: outbox.ts); the log numbers attempts from here */
  priorAttempts?: number;
}

/**
 * The SQL of a data-modifying CTE that puts deliveries in the outbox: `param` is the SQL of a JSON array of
 * `{ data: PostbackDeliverJob }` (the same shape as a job insert), e.g. `$5::text::json`.
 */
export const outboxInsertSql = (param: string) =>
  `insert into postback_outbox (data) select (e->'data')::jsonb from json_array_elements(${param}) as e`;

/**
 * Puts these deliveries in the outbox in the caller's transaction (`ctx.db`); nothing for none. The workers find them
 * at their next look (OUTBOX_POLL_MS); a caller on a hot path calls `wakeOutbox` once its transaction has committed.
 */
export async function enqueueDeliveries(ctx: Pick<Ctx, 'db'>, jobs: readonly PostbackDeliverJob[]): Promise<void> {
  if (!jobs.length) return;
  await ctx.db.execute(sql`insert into postback_outbox (data) select value from jsonb_array_elements(${pgJson(jobs)}::jsonb)`);
}

const wakers = new WeakMap<Database, Set<() => void>>();

/** the wake-up calls of a database's outbox workers in this process */
export function outboxWakers(database: Database): Set<() => void> {
  let set = wakers.get(database);
  if (!set) wakers.set(database, (set = new Set()));
  return set;
}

/** wakes the outbox workers of a database in this process: rows were just committed */
export function wakeOutbox(database: Database): void {
  for (const wake of wakers.get(database) ?? []) wake();
}
