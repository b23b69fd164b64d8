/** Traffic sources. */
import { sql } from 'drizzle-orm';
import { pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';

export const trafficSources = pgTable(
  'traffic_sources',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('traffic_sources_title_uq').on(sql`lower(${t.title})`)],
);
