/**
 * The sell side (advertisers issue): verticals and their goals, platforms, integration templates, advertisers
 * (with tags and managers) and their integrations. The integration sections (apiParameters, outApi, postback,
 * apiSync, leadStatusMappings, redirect, goals) are jsonb validated by the shared zod schemas on every write.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './access';
import { tags } from './reference';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
const status = () => varchar('status', { length: 16 }).notNull().default('active');
const section = <T>(name: string, empty: string) =>
  jsonb(name)
    .$type<T>()
    .notNull()
    .default(sql.raw(`'${empty}'::jsonb`));

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

/** A vertical's goals: conversions refer to them, so each keeps a stable id. */
export const verticalGoals = pgTable(
  'vertical_goals',
  {
    id: serial('id').primaryKey(),
    verticalId: integer('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('vertical_goals_title_uq').on(t.verticalId, sql`lower(${t.title})`)],
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

/** The integration sections, shared by templates and integrations. */
const sections = () => ({
  apiParameters: section<unknown[]>('api_parameters', '[]'),
  outApi: section<Record<string, unknown>>('out_api', '{}'),
  postback: section<Record<string, unknown>>('postback', '{}'),
  apiSync: section<Record<string, unknown>>('api_sync', '{}'),
  leadStatusMappings: section<unknown[]>('lead_status_mappings', '[]'),
  redirect: section<Record<string, unknown>>('redirect', '{}'),
  goals: section<number[]>('goals', '[]'),
});

/** How to integrate with one platform for one vertical; an integration starts as a copy of it. */
export const integrationTemplates = pgTable(
  'integration_templates',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'restrict' }),
    verticalId: integer('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    /** the integration methods an integration made from this template may enable (api, postback, redirect, api_sync) */
    integrationMethodsRestrictions: jsonb('integration_methods_restrictions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    ...sections(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [
    uniqueIndex('integration_templates_title_uq').on(sql`lower(${t.title})`),
    index('integration_templates_platform_vertical_idx').on(t.platformId, t.verticalId),
  ],
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

export const advertiserTags = pgTable(
  'advertiser_tags',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.tagId] }), index('advertiser_tags_tag_idx').on(t.tagId)],
);

export const advertiserManagers = pgTable(
  'advertiser_managers',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.managerId] }), index('advertiser_managers_manager_idx').on(t.managerId)],
);

/** How the platform talks to one advertiser: one per advertiser and template, its sections copied from the template. */
export const integrations = pgTable(
  'integrations',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'restrict' }),
    templateId: integer('template_id').references(() => integrationTemplates.id, { onDelete: 'set null' }),
    /** copied from the template: a platform's deactivation stops its integrations, its delete is refused while they exist */
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'restrict' }),
    verticalId: integer('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'restrict' }),
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    ...sections(),
    /** idle, running, ok, failed: the last API-sync run */
    apiSyncStatus: varchar('api_sync_status', { length: 16 }).notNull().default('idle'),
    apiSyncLastRunAt: ts('api_sync_last_run_at'),
    outApiEnabled: boolean('out_api_enabled').notNull().default(false),
    redirectEnabled: boolean('redirect_enabled').notNull().default(false),
    apiSyncEnabled: boolean('api_sync_enabled').notNull().default(false),
    postbackEnabled: boolean('postback_enabled').notNull().default(false),
    /** the advertiser's inbound postback address is /postback/<postbackKey> */
    postbackKey: varchar('postback_key', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [
    uniqueIndex('integrations_advertiser_template_uq').on(t.advertiserId, t.templateId),
    index('integrations_platform_idx').on(t.platformId),
    index('integrations_vertical_idx').on(t.verticalId),
  ],
);
