/** What a sign-in leaves behind: refresh tokens, the login history and password resets. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, ts } from '../../../db/columns';
import { users } from '../accounts.tables';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
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

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: ownedBy('user_id', () => users.id),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});
