/** Currencies and their rate history. */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, status, ts } from '../../../db/columns';
import { createdBy, users } from '../../access/accounts.tables';

/** Currencies; `rate` = units of this currency for one unit of the base currency. */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 3 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    symbol: varchar('symbol', { length: 8 }).notNull(),
    symbolNative: varchar('symbol_native', { length: 8 }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull().default('1'),
    rateUpdatedAt: ts('rate_updated_at').notNull().defaultNow(),
    rateUpdatedBy: integer('rate_updated_by').references(() => users.id, { onDelete: 'set null' }),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [check('currencies_rate_positive', sql`${t.rate} > 0`)],
);

/** Rate history: conversions are priced at the rate of their time. */
export const currencyRates = pgTable(
  'currency_rates',
  {
    id: serial('id').primaryKey(),
    currencyId: ownedBy('currency_id', () => currencies.id),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    validFrom: ts('valid_from').notNull().defaultNow(),
    createdBy: createdBy(),
  },
  (t) => [index('currency_rates_currency_idx').on(t.currencyId, t.validFrom)],
);
