/** A user's API tokens and preferences. */
import { jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, ts } from '../../../db/columns';
import { users } from '../accounts.tables';

export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  userId: ownedBy('user_id', () => users.id),
  title: varchar('title', { length: 200 }).notNull(),
  prefix: varchar('prefix', { length: 16 }).notNull(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

export const userPreferences = pgTable(
  'user_preferences',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    type: varchar('type', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    value: jsonb('value'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_preferences_uq').on(t.userId, t.type, t.name)],
);
