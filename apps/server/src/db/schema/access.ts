/** Sessions, tokens, preferences, images, settings and the audit log: what a sign-in touches beyond the user and its role
 *  (those are in accounts.ts; foundation issue). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** all tokens rotated from one sign-in share a family; reuse of a rotated token revokes the family */
    familyId: varchar('family_id', { length: 36 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_user_live_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null and ${t.rotatedAt} is null`),
  ],
);

export const loginHistory = pgTable(
  'login_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.createdAt)],
);

export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 200 }).notNull(),
  prefix: varchar('prefix', { length: 16 }).notNull(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

export const userPreferences = pgTable(
  'user_preferences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    value: jsonb('value'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_preferences_uq').on(t.userId, t.type, t.name)],
);

export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  storageKey: varchar('storage_key', { length: 200 }).notNull(),
  mimeType: varchar('mime_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  originalName: varchar('original_name', { length: 255 }),
  createdAt: createdAt(),
});

/** Key/value system settings (general settings, white label). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Who changed what and when (architecture §5 Audit). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    impersonatorId: integer('impersonator_id'),
    entity: varchar('entity', { length: 50 }).notNull(),
    entityId: integer('entity_id'),
    action: varchar('action', { length: 50 }).notNull(),
    changes: jsonb('changes'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);
