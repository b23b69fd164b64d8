/** Geos. */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';

/** A geo: a named set of countries plus the alternative spellings it stands for. Deleting is status 'deleted'. */
export const geos = pgTable(
  'geos',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    countries: jsonb('countries')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    aliases: jsonb('aliases')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  // unique among live geos: a deleted geo frees its title
  (t) => [
    uniqueIndex('geos_title_uq')
      .on(sql`lower(${t.title})`)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);
