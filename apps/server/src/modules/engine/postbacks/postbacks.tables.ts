/** Outbound postbacks. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy, users } from '../../access/accounts.tables';

/** Outbound postbacks: global (network-wide), per team or per affiliate. Firing belongs to the traffic engine. */
export const postbacks = pgTable(
  'postbacks',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 16 }).notNull(),
    affiliateId: integer('affiliate_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id'),
    title: varchar('title', { length: 200 }).notNull().default(''),
    url: varchar('url', { length: 2048 }).notNull(),
    method: varchar('method', { length: 8 }).notNull().default('GET'),
    events: jsonb('events')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    goalEvents: jsonb('goal_events')
      .$type<{ goalId: number; events: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mappings: jsonb('mappings')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('postbacks_scope_idx').on(t.scope, t.affiliateId)],
);
