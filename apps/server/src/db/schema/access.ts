/** Users, roles, sessions and everything a sign-in touches (foundation issue). */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { advertisers } from './sell-side';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** the built-in role of a type: cannot be deactivated, the admin one keeps every permission */
    system: boolean('system').notNull().default(false),
    /** staff roles: its users must sign in with two factors (set it up before anything else) */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
  },
  // a title is unique within its role type, ignoring case
  (t) => [uniqueIndex('roles_type_title_uq').on(t.type, sql`lower(${t.title})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    secureId: varchar('secure_id', { length: 32 }).notNull().unique(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    roleId: integer('role_id').notNull().references(() => roles.id),
    customPermissions: jsonb('custom_permissions').$type<string[] | null>(),
    contacts: jsonb('contacts').$type<{ type: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    birthDate: date('birth_date', { mode: 'string' }),
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
    statusChangedAt: ts('status_changed_at'),
    lastActivityAt: ts('last_activity_at'),
    blockReason: varchar('block_reason', { length: 500 }),
    trafficBlocked: boolean('traffic_blocked').notNull().default(false),
    trafficBlockedAt: ts('traffic_blocked_at'),
    /** affiliates' lead API token (spec §3: kept only for affiliate users) */
    apiToken: varchar('api_token', { length: 64 }).unique(),
    twoFactorSecret: varchar('two_factor_secret', { length: 64 }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    avatarImageId: integer('avatar_image_id'),
    /** affiliate extras (spec §3) */
    acceptColdTraffic: boolean('accept_cold_traffic').notNull().default(false),
    acceptInvalidLeads: boolean('accept_invalid_leads').notNull().default(false),
    redirectToAdvertiser: varchar('redirect_to_advertiser', { length: 32 }).notNull().default('direct'),
    /** the advertiser an advertiser_member user belongs to */
    advertiserId: integer('advertiser_id').references((): AnyPgColumn => advertisers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_advertiser_idx').on(t.advertiserId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
    index('refresh_tokens_user_live_idx').on(t.userId).where(sql`${t.revokedAt} is null and ${t.rotatedAt} is null`),
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
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 200 }).notNull(),
  prefix: varchar('prefix', { length: 16 }).notNull(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

export const userPreferences = pgTable(
  'user_preferences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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

/** Who changed what and when (ARCHITECTURE §5 Audit). */
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
