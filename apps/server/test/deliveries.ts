/**
 * Outbound postbacks in tests: what waits for its first attempt in the postback outbox, and one round of delivery
 * (modules/engine/postback-delivery/outbox.ts; the retries are `postback-deliver` jobs).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { POSTBACK_DELIVER_JOB, POSTBACK_OUTBOX, type PostbackDeliverJob } from '../src/modules/engine/postback-delivery';
import type { TestApp } from './helper';

/** the deliveries waiting in the outbox whose data contains `match` (e.g. `{ leadId }`), in the order they came */
export async function queuedDeliveries(
  t: Pick<TestApp, 'database'>,
  match: Partial<PostbackDeliverJob> = {},
): Promise<{ data: PostbackDeliverJob }[]> {
  const rows = rowsOf<{ data: PostbackDeliverJob }>(
    await t.database.db.execute(sql`select data from postback_outbox where data @> ${JSON.stringify(match)}::jsonb order by id`),
  );
  return rows.map((r) => ({ data: r.data }));
}

/**
 * One round: every retry job (whatever its delay), then every first attempt in the outbox — one attempt per delivery
 * (a first attempt that fails becomes a job for the next round). Answers how many attempts it made.
 */
export async function deliverAll(t: Pick<TestApp, 'queue'>): Promise<number> {
  const retries = await t.queue.runDue(POSTBACK_DELIVER_JOB, { max: 100, ignoreStartAfter: true });
  return retries + (await t.queue.runDue(POSTBACK_OUTBOX, { max: 100 }));
}
