/** Tags by entity type. */
import { sql } from 'drizzle-orm';
import { pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';

/** Tags by entity type (offer, advertiser, affiliate, ...). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('tags_type_title_uq').on(t.type, sql`lower(${t.title})`)],
);
