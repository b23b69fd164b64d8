/** The postback outbox. */
import { bigserial, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';

/**
 * The postback outbox (migration 0024, modules/engine/postback-delivery/outbox.ts): the first attempt of every outbound
 * postback, a narrow row from the event's commit until its attempt is settled (then deleted).
 */
export const postbackOutbox = pgTable('postback_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** the delivery (modules/engine/postback-delivery/enqueue.ts PostbackDeliverJob) */
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  /** set while a worker delivers it; a row whose lease has passed is claimed again */
  claimedUntil: ts('claimed_until'),
});
