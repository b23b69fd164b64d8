/**
 * The sell side (advertisers issue): verticals' goals, integration templates, advertisers' tags and managers, and
 * advertisers' integrations (verticals, platforms and advertisers themselves are in accounts.ts). The integration sections (apiParameters, outApi, postback,
 * apiSync, leadStatusMappings, redirect, goals) are jsonb validated by the shared zod schemas on every write.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { advertisers, platforms, users, verticals } from './accounts';
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
