/** Advertisers' integrations: one per advertiser and template, its sections copied from the template. */
import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts, createdAt, status } from '../../../db/columns';
import { advertisers, createdBy, platforms, verticals } from '../../access/accounts.tables';
import { integrationTemplates, sections } from '../integration-templates/integration-templates.tables';

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
