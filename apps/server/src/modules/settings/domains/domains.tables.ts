/** Parked domains. */
import { sql } from 'drizzle-orm';
import { pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';

/** Parked domains: tracking hosts for campaign links, postback hosts for advertisers. */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    host: varchar('host', { length: 253 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('domains_host_uq').on(sql`lower(${t.host})`)],
);
