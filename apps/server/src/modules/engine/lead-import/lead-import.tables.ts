/**
 * Lead imports (migration 0021; docs/decisions/engine.md "Lead edit and import"): one row per uploaded file — its
 * columns, the mapping and options the operator chose, and how far the job got; one row per file row with its outcome
 * (accepted, duplicate, invalid) and reason, for the report.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../../db/columns';
import { offers, users } from '../../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const leadImports = pgTable(
  'lead_imports',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    /** draft (uploaded, not started), pending, running, done, failed */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** the file's header row */
    columns: jsonb('columns')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rowsTotal: integer('rows_total').notNull().default(0),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    affiliateId: integer('affiliate_id').references(() => users.id, { onDelete: 'set null' }),
    /** lead field → the file column's index */
    mapping: jsonb('mapping')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    distribute: boolean('distribute').notNull().default(false),
    firePostbacks: boolean('fire_postbacks').notNull().default(false),
    rowsDone: integer('rows_done').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    error: varchar('error', { length: 500 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('lead_imports_user_created_idx').on(t.userId, t.createdAt)],
);

export const leadImportRows = pgTable(
  'lead_import_rows',
  {
    importId: ownedBy('import_id', () => leadImports.id),
    /** 1 = the first row after the header */
    rowNo: integer('row_no').notNull(),
    /** accepted, duplicate, invalid */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    leadId: bigint('lead_id', { mode: 'number' }),
    reason: varchar('reason', { length: 500 }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNo] })],
);
