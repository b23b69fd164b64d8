/** Payment models. */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { verticals } from '../../access/accounts.tables';

/** CPL, CPA, CPC, RevShare ...: global (vertical null) or for one vertical. */
export const paymentModels = pgTable(
  'payment_models',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    verticalId: integer('vertical_id').references(() => verticals.id, { onDelete: 'cascade' }),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_models_code_uq').on(t.code, sql`coalesce(${t.verticalId}, 0)`)],
);
