/** Caps and their counters. */
import { boolean, index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, ownedBy, sieve, status, updatedAt } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';
import { verticalGoals } from '../../sell-side/verticals/verticals.tables';
import { offerRef } from '../offers/offers.tables';
import { paymentModels } from '../payment-models/payment-models.tables';

/**
 * A cap (limit) or a targeting share (funnel) of an offer. `value` is a count, or money when `currency` is set;
 * counted per `period` in `timezone`. Sieve: advertisers, affiliates, teams, countries.
 */
export const caps = pgTable(
  'caps',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    /** limit or funnel */
    type: varchar('type', { length: 8 }).notNull().default('limit'),
    value: money('value').notNull(),
    guarantee: money('guarantee'),
    currency: varchar('currency', { length: 3 }),
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    /** day, week, month or all_time */
    period: varchar('period', { length: 16 }).notNull().default('day'),
    /** what happens to traffic once a limit is reached: skip, trafficback or hold */
    action: varchar('action', { length: 16 }).notNull().default('skip'),
    paymentModelId: integer('payment_model_id').references(() => paymentModels.id, { onDelete: 'set null' }),
    /** what is counted: accepted leads or conversions (of `goalId` when set) */
    processingType: varchar('processing_type', { length: 16 }).notNull().default('leads'),
    goalId: integer('goal_id').references(() => verticalGoals.id, { onDelete: 'set null' }),
    lowPriority: boolean('low_priority').notNull().default(false),
    weight: integer('weight').notNull().default(100),
    /** shown to affiliates instead of the real value, never enforced */
    informationalValue: money('informational_value'),
    status: status(),
    sieve: sieve(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('caps_offer_idx').on(t.offerId)],
);

/**
 * The counter of a cap for one period (`periodKey`: '2026-11-22', '2026-W47', '2026-11' or 'all', in the cap's time
 * zone). The traffic engine increments it with an atomic conditional update; `drop_counter` resets the current one.
 */
export const capCounters = pgTable(
  'cap_counters',
  {
    capId: ownedBy('cap_id', () => caps.id),
    periodKey: varchar('period_key', { length: 16 }).notNull(),
    value: money('value').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.capId, t.periodKey] })],
);
