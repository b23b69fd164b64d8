/** The key/value system settings. */
import { jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';

/** Key/value system settings (general settings, white label). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
