/** Payment methods. */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';

/** A payment method the network pays with, and the fields a withdrawal method must fill. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    fields: jsonb('fields')
      .$type<{ name: string; title: string; required: boolean; pattern?: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    currencies: jsonb('currencies')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('payment_methods_title_uq').on(sql`lower(${t.title})`)],
);
