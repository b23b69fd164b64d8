/** The postback logs. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';
import { advertisers, users } from '../../access/accounts.tables';
import { integrations } from '../../sell-side/integrations/integrations.tables';
import { postbacks } from '../postbacks/postbacks.tables';

/**
 * Postback logs: `postback_in` (an advertiser's postback or an API-sync status, entity advertiser) and `postback_out`
 * (one delivery attempt of an affiliate, team or global postback, entity affiliate). Partitioned by day like clicks
 * (migration 0026): the key is (id, created_at).
 */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    type: varchar('type', { length: 16 }).notNull(),
    entity: varchar('entity', { length: 16 }).notNull(),
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'set null' }),
    integrationId: integer('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
    affiliateId: integer('affiliate_id').references(() => users.id, { onDelete: 'set null' }),
    postbackId: integer('postback_id').references(() => postbacks.id, { onDelete: 'set null' }),
    leadId: bigint('lead_id', { mode: 'number' }),
    conversionId: bigint('conversion_id', { mode: 'number' }),
    goalId: integer('goal_id'),
    conversionStatus: smallint('conversion_status'),
    /** the postback event status (product §4) that caused an outbound postback */
    event: varchar('event', { length: 40 }),
    /** request: method, URL, headers, body or query */
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    success: boolean('success').notNull(),
    msg: varchar('msg', { length: 500 }),
    attempt: integer('attempt').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('system_logs_type_created_idx').on(t.type, t.createdAt),
    index('system_logs_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('system_logs_advertiser_idx').on(t.advertiserId, t.createdAt),
  ],
);
