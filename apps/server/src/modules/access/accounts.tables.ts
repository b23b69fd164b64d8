/**
 * The accounts: users, and the advertisers, verticals and platforms. They refer to each other (users.advertiser_id ->
 * advertisers; advertisers, verticals and platforms -> users by created_by), so they share one file, which imports
 * only roles; every other tables file may import it and none is imported back (docs/decisions/platform.md, "Structure: no import circle between files").
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ts, createdAt, status, section } from '../../db/columns';
import { roles } from './roles/roles.tables';

/** the user who made a row; kept when the user goes (set null) */
export const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });

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
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    customPermissions: jsonb('custom_permissions').$type<string[] | null>(),
    contacts: jsonb('contacts')
      .$type<{ type: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
    /** affiliates' lead API token (product §3: kept only for affiliate users) */
    apiToken: varchar('api_token', { length: 64 }).unique(),
    twoFactorSecret: varchar('two_factor_secret', { length: 64 }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    avatarImageId: integer('avatar_image_id'),
    /** affiliate extras (product §3) */
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

/** A vertical (finance, nutra, ...): the lead fields it accepts and the rules a lead must meet. */
export const verticals = pgTable(
  'verticals',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    incomingParameters: section<unknown[]>('incoming_parameters', '[]'),
    inboundRules: section<unknown[]>('inbound_rules', '[]'),
    leadGrades: section<unknown[]>('lead_grades', '[]'),
    leadCategories: section<unknown[]>('lead_categories', '[]'),
    metrics: section<unknown[]>('metrics', '[]'),
    apiSettings: section<Record<string, unknown>>('api_settings', '{}'),
    redirect: section<Record<string, unknown>>('redirect', '{}'),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('verticals_title_uq').on(sql`lower(${t.title})`)],
);

/** An advertiser software platform (a CRM or tracker) and the integration methods it supports. */
export const platforms = pgTable(
  'platforms',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    methodApi: boolean('method_api').notNull().default(false),
    methodPostback: boolean('method_postback').notNull().default(false),
    methodRedirect: boolean('method_redirect').notNull().default(false),
    methodApiSync: boolean('method_api_sync').notNull().default(false),
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('platforms_title_uq').on(sql`lower(${t.title})`)],
);

/** A buyer of leads and traffic. */
export const advertisers = pgTable(
  'advertisers',
  {
    id: serial('id').primaryKey(),
    secureId: varchar('secure_id', { length: 32 }).notNull().unique(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    /** active or blocked */
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    blockReason: varchar('block_reason', { length: 500 }),
    contacts: jsonb('contacts')
      .$type<{ type: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    platformId: integer('platform_id').references(() => platforms.id, { onDelete: 'restrict' }),
    verticalId: integer('vertical_id').references(() => verticals.id, { onDelete: 'restrict' }),
    defaultCurrency: varchar('default_currency', { length: 3 }).notNull().default('USD'),
    apiToken: varchar('api_token', { length: 64 }).notNull().unique(),
    redirectTemplateEnabled: boolean('redirect_template_enabled').notNull().default(false),
    redirectTemplate: text('redirect_template'),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [
    uniqueIndex('advertisers_title_uq').on(sql`lower(${t.title})`),
    index('advertisers_vertical_idx').on(t.verticalId),
    index('advertisers_platform_idx').on(t.platformId),
  ],
);
