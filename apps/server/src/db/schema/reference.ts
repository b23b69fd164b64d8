/** Settings and reference data (settings issue): lists, geos, currencies, payment methods, domains, hold queue,
 *  global postback, notifications, metrics, notes. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
const status = () => varchar('status', { length: 16 }).notNull().default('active');

/** Tags by entity type (offer, advertiser, affiliate, ...). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('tags_type_title_uq').on(t.type, sql`lower(${t.title})`)],
);

/** Offer categories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('categories_title_uq').on(sql`lower(${t.title})`)],
);

export const trafficSources = pgTable(
  'traffic_sources',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('traffic_sources_title_uq').on(sql`lower(${t.title})`)],
);

/** A geo: a named set of countries plus the alternative spellings it stands for. Deleting is status 'deleted'. */
export const geos = pgTable(
  'geos',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    countries: jsonb('countries')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    aliases: jsonb('aliases')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  // unique among live geos: a deleted geo frees its title
  (t) => [
    uniqueIndex('geos_title_uq')
      .on(sql`lower(${t.title})`)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);

/** Currencies; `rate` = units of this currency for one unit of the base currency. */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 3 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    symbol: varchar('symbol', { length: 8 }).notNull(),
    symbolNative: varchar('symbol_native', { length: 8 }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull().default('1'),
    rateUpdatedAt: ts('rate_updated_at').notNull().defaultNow(),
    rateUpdatedBy: integer('rate_updated_by').references(() => users.id, { onDelete: 'set null' }),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [check('currencies_rate_positive', sql`${t.rate} > 0`)],
);

/** Rate history: conversions are priced at the rate of their time. */
export const currencyRates = pgTable(
  'currency_rates',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    validFrom: ts('valid_from').notNull().defaultNow(),
    createdBy: createdBy(),
  },
  (t) => [index('currency_rates_currency_idx').on(t.currencyId, t.validFrom)],
);

/** A payment method the network pays with, and the fields a withdrawal method must fill. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    fields: jsonb('fields')
      .$type<{ name: string; title: string; required: boolean; pattern?: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    currencies: jsonb('currencies')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('payment_methods_title_uq').on(sql`lower(${t.title})`)],
);

/** An affiliate's filled-in payment method. */
export const withdrawalMethods = pgTable(
  'withdrawal_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    title: varchar('title', { length: 200 }).notNull().default(''),
    values: jsonb('values')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isDefault: boolean('is_default').notNull().default(false),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_methods_user_idx').on(t.userId)],
);

/** Parked domains: tracking hosts for campaign links, postback hosts for advertisers. */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    host: varchar('host', { length: 253 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('domains_host_uq').on(sql`lower(${t.host})`)],
);

/** Hold queue: leads of a geo kept back inside a daily window, released every `interval_minutes`. */
export const holdConfigs = pgTable('hold_configs', {
  id: serial('id').primaryKey(),
  geoId: integer('geo_id')
    .notNull()
    .references(() => geos.id),
  periodStart: varchar('period_start', { length: 8 }).notNull(),
  periodEnd: varchar('period_end', { length: 8 }).notNull(),
  timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
  intervalMinutes: integer('interval_minutes').notNull(),
  /** fresh leads (arrived in the current window) released per interval */
  fresh: integer('fresh').notNull().default(0),
  /** older leads released per interval */
  old: integer('old').notNull().default(0),
  status: status(),
  createdAt: createdAt(),
  createdBy: createdBy(),
});

/** Outbound postbacks: global (network-wide), per team or per affiliate. Firing belongs to the traffic engine. */
export const postbacks = pgTable(
  'postbacks',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 16 }).notNull(),
    affiliateId: integer('affiliate_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id'),
    title: varchar('title', { length: 200 }).notNull().default(''),
    url: varchar('url', { length: 2048 }).notNull(),
    method: varchar('method', { length: 8 }).notNull().default('GET'),
    events: jsonb('events')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    goalEvents: jsonb('goal_events')
      .$type<{ goalId: number; events: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mappings: jsonb('mappings')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('postbacks_scope_idx').on(t.scope, t.affiliateId)],
);

/** Which events notify whom, and through which channels. */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: serial('id').primaryKey(),
    event: varchar('event', { length: 64 }).notNull(),
    channels: jsonb('channels')
      .$type<string[]>()
      .notNull()
      .default(sql`'["in_app"]'::jsonb`),
    roleTypes: jsonb('role_types')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    userIds: jsonb('user_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_rules_event_uq').on(t.event)],
);

/** Channel integrations: e-mail (SMTP) and Telegram bot. */
export const notificationChannels = pgTable('notification_channels', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 16 }).notNull().unique(),
  config: jsonb('config')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  status: status(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** In-app notifications of a user. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Custom metrics: a formula over built-in metrics (packages/shared formula.ts). */
export const metrics = pgTable('metrics', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: varchar('description', { length: 2000 }).notNull().default(''),
  group: varchar('group', { length: 100 }).notNull().default(''),
  outputFormat: varchar('output_format', { length: 16 }).notNull(),
  formula: jsonb('formula').$type<{ type: string; value: string }[]>().notNull(),
  editable: boolean('editable').notNull().default(true),
  status: status(),
  createdAt: createdAt(),
  createdBy: createdBy(),
});

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
