/** Verticals' goals (the verticals table is in access/accounts.tables.ts). */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../../db/columns';
import { verticals } from '../../access/accounts.tables';

/** A vertical's goals: conversions refer to them, so each keeps a stable id. */
export const verticalGoals = pgTable(
  'vertical_goals',
  {
    id: serial('id').primaryKey(),
    verticalId: ownedBy('vertical_id', () => verticals.id),
    title: varchar('title', { length: 200 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('vertical_goals_title_uq').on(t.verticalId, sql`lower(${t.title})`)],
);
