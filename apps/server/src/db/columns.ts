/** Column builders every tables file shares, so that the same kind of column is declared the same way everywhere. */
import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
export const status = (initial = 'active') => varchar('status', { length: 16 }).notNull().default(initial);
/** a row that goes with the row it names: `integer not null references … on delete cascade` (a link, a child) */
export const ownedBy = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: 'cascade' });
/** amounts: decimal strings, never floats */
export const money = (name: string) => numeric(name, { precision: 20, scale: 8 });
/** a jsonb section that is never null; `empty` is its empty value ('[]' or '{}') */
export const section = <T>(name: string, empty: string) =>
  jsonb(name)
    .$type<T>()
    .notNull()
    .default(sql.raw(`'${empty}'::jsonb`));
/** who may see a row (shared `sieveSchema`) */
export const sieve = () =>
  jsonb('sieve')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`);
