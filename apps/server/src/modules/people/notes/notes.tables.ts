/** Notes on any record. */
import { index, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';

/** Notes attached to any record by its slug, e.g. `affiliate:12`. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    targetSlug: varchar('target_slug', { length: 100 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    content: text('content').notNull(),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('notes_target_idx').on(t.targetSlug, t.createdAt)],
);
