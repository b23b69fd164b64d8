/**
 * Integration templates. The integration sections (apiParameters, outApi, postback, apiSync, leadStatusMappings,
 * redirect, goals) are jsonb validated by the shared zod schemas on every write.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts, createdAt, status, section } from '../../../db/columns';
import { createdBy, platforms, verticals } from '../../access/accounts.tables';

/** The integration sections, shared by templates and integrations. */
export const sections = () => ({
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
