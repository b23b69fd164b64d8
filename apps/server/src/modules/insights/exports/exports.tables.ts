/**
 * Exports (architecture §5 "Exports and events"): one row per export a user started — what it exports (type and list
 * query), how far the job got, and where the finished file is kept in storage. Only its owner may fetch the file.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { ownedBy, ts } from '../../../db/columns';
import { users } from '../../access/accounts.tables';

export const exportsTable = pgTable(
  'exports',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    /** leads (later conversions, clicks) */
    type: varchar('type', { length: 32 }).notNull(),
    /** the list query of the type, as given */
    query: jsonb('query')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** pending, running, done, failed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    fileKey: varchar('file_key', { length: 300 }),
    fileName: varchar('file_name', { length: 200 }),
    error: varchar('error', { length: 500 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** bytes of the file (migration 0018) */
    fileSize: integer('file_size'),
  },
  (t) => [index('exports_user_created_idx').on(t.userId, t.createdAt)],
);
