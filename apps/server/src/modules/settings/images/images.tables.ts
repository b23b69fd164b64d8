/** Uploaded images (avatars, offer logos, white label). */
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns';
import { users } from '../../access/accounts.tables';

export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  storageKey: varchar('storage_key', { length: 200 }).notNull(),
  mimeType: varchar('mime_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  originalName: varchar('original_name', { length: 255 }),
  createdAt: createdAt(),
});
