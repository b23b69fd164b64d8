/** Leads, their history and the attempts to send them to advertisers. High volume: keep indexes to what a query needs. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';
import { subs, type ClickCopy } from '../clicks/clicks.tables';
import { advertisers, users, verticals } from '../../access/accounts.tables';
import { campaigns } from '../../inventory/campaigns/campaigns.tables';
import { landers } from '../../inventory/landers/landers.tables';
import { offers } from '../../inventory/offers/offers.tables';
import { integrations } from '../../sell-side/integrations/integrations.tables';

/** A person's contact details posted by an affiliate, and what became of them. */
export const leads = pgTable(
  'leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** API lead status: new, trash, hold, invalid, sent, unsent, failed, duplicate, test */
    status: varchar('status', { length: 16 }).notNull(),
    /** why the lead is invalid, duplicate, unsent or failed */
    statusReason: varchar('status_reason', { length: 500 }),
    firstName: varchar('first_name', { length: 200 }),
    lastName: varchar('last_name', { length: 200 }),
    /** E.164 when the phone is valid for the country, otherwise as given */
    phone: varchar('phone', { length: 50 }),
    email: varchar('email', { length: 254 }),
    country: varchar('country', { length: 2 }),
    language: varchar('language', { length: 8 }),
    ip: varchar('ip', { length: 45 }),
    landing: text('landing'),
    sourceUrl: text('source_url'),
    userAgent: text('user_agent'),
    /** the vertical's custom incoming parameters */
    fields: jsonb('fields')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...subs(),
    clickId: uuid('click_id'),
    /** what the lead keeps of its click, copied by a trigger when written (migration 0026): outlives the click row */
    clickData: jsonb('click_data').$type<ClickCopy>(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    verticalId: integer('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'restrict' }),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    teamId: integer('team_id'),
    landerId: integer('lander_id').references(() => landers.id, { onDelete: 'set null' }),
    isTest: boolean('is_test').notNull().default(false),
    duplicateOf: bigint('duplicate_of', { mode: 'number' }),
    /** the advertiser that took the lead (sent), and its id for the lead */
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'set null' }),
    integrationId: integer('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
    advertiserLeadId: varchar('advertiser_lead_id', { length: 200 }),
    /** advertisers tried, in order, with the outcome of each (the pool of product §3 "advertisersPool") */
    advertisersPool: jsonb('advertisers_pool')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    redirectUrl: text('redirect_url'),
    redirectStatus: varchar('redirect_status', { length: 32 }),
    leadGrade: varchar('lead_grade', { length: 100 }),
    /** hold queue: released at this time */
    holdUntil: ts('hold_until'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    /** a distribution run holds the lead until then (claimed with one conditional UPDATE; a crashed run's claim expires) */
    deliveryLeaseUntil: ts('delivery_lease_until'),
    /** the next retry of an unsent lead */
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
    /** an imported lead: the date column of its file (migration 0021; created_at is the import's time) */
    sourceDate: ts('source_date'),
    /** an imported lead: its import (modules/engine/lead-import) */
    importId: integer('import_id'),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    index('leads_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    index('leads_offer_created_idx').on(t.offerId, t.createdAt),
    index('leads_status_idx').on(t.status),
    // the duplicate search's keys lead (migration 0012): with the vertical first, a statement planned while the table
    // was small could search e-mails through the phone index (the same leading column), reading the whole vertical
    index('leads_dup_phone_idx').on(t.phone, t.verticalId, t.createdAt),
    index('leads_dup_email_idx').on(t.email, t.verticalId, t.createdAt),
    index('leads_click_idx').on(t.clickId),
    index('leads_advertiser_lead_idx').on(t.integrationId, t.advertiserLeadId),
  ],
);

/** A lead's history: created, status and grade changes, resends, with who did it. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    type: varchar('type', { length: 32 }).notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.id)],
);

/** One attempt to send a lead to an advertiser: the exact request, the answer and how it was read. */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'restrict' }),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'restrict' }),
    /** accepted, rejected, error, timeout */
    result: varchar('result', { length: 16 }).notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    advertiserLeadId: varchar('advertiser_lead_id', { length: 200 }),
    redirectUrl: text('redirect_url'),
    error: varchar('error', { length: 500 }),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('lead_deliveries_lead_idx').on(t.leadId, t.id)],
);
