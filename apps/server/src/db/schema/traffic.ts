/**
 * The traffic engine (issue 7): clicks (written in batches off the request path), leads with their history and
 * sending-to-advertiser attempts, conversions, and the postback logs (`system_logs`: postback_in from advertisers,
 * postback_out to affiliates). These are the high-volume tables: keep their indexes to what a query needs.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { advertisers, users, verticals } from './accounts';
import { campaigns, landers, offers, paymentRules } from './offers';
import { postbacks } from './reference';
import { integrations, verticalGoals } from './sell-side';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 20, scale: 8 });
const subs = () => ({
  sub1: varchar('sub1', { length: 255 }),
  sub2: varchar('sub2', { length: 255 }),
  sub3: varchar('sub3', { length: 255 }),
  sub4: varchar('sub4', { length: 255 }),
  sub5: varchar('sub5', { length: 255 }),
  sub6: varchar('sub6', { length: 255 }),
  sub7: varchar('sub7', { length: 255 }),
  sub8: varchar('sub8', { length: 255 }),
  sub9: varchar('sub9', { length: 255 }),
});

/**
 * One visit through a campaign link. The id is a UUIDv7 made by the tracker (time-ordered, returned in the target URL
 * as `{click_id}` before the row is written). No foreign keys: the batch writer must never fail a whole batch because
 * a campaign was deleted meanwhile, and the ids are checked when the click is made.
 */
export const clicks = pgTable(
  'clicks',
  {
    id: uuid('id').primaryKey(),
    createdAt: ts('created_at').notNull(),
    /** 1 valid, 2 invalid */
    status: smallint('status').notNull(),
    invalidReason: varchar('invalid_reason', { length: 64 }),
    isUnique: boolean('is_unique').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    campaignId: integer('campaign_id'),
    offerId: integer('offer_id'),
    affiliateId: integer('affiliate_id'),
    teamId: integer('team_id'),
    landerId: integer('lander_id'),
    trafficSourceId: integer('traffic_source_id'),
    country: varchar('country', { length: 2 }),
    language: varchar('language', { length: 8 }),
    ip: varchar('ip', { length: 45 }),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    browser: varchar('browser', { length: 64 }),
    browserVersion: varchar('browser_version', { length: 32 }),
    os: varchar('os', { length: 64 }),
    osVersion: varchar('os_version', { length: 32 }),
    deviceType: varchar('device_type', { length: 32 }),
    deviceBrand: varchar('device_brand', { length: 64 }),
    deviceModel: varchar('device_model', { length: 64 }),
    targetUrl: text('target_url'),
    ...subs(),
    /** other query parameters of the click, as given */
    params: jsonb('params').$type<Record<string, string>>(),
    /** a staff test click (modules/engine/tracking/click.ts): shown in Clicks, never counted in statistics */
    isTest: boolean('is_test').notNull().default(false),
  },
  (t) => [
    index('clicks_created_idx').on(t.createdAt),
    index('clicks_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('clicks_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    index('clicks_offer_created_idx').on(t.offerId, t.createdAt),
  ],
);

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

/**
 * A goal reached by a click or lead. Status 1 pending, 2 hold, 3 approved, 4 rejected. Amounts are kept in their
 * original currencies and in the base currency at the rate of the conversion's time.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    status: smallint('status').notNull().default(1),
    statusChangedAt: ts('status_changed_at'),
    clickId: uuid('click_id'),
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'set null' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    teamId: integer('team_id'),
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'set null' }),
    goalId: integer('goal_id').references(() => verticalGoals.id, { onDelete: 'set null' }),
    /** the advertiser's event id: a repeated postback with the same id updates instead of creating */
    eventId: varchar('event_id', { length: 200 }),
    paymentRuleId: integer('payment_rule_id').references(() => paymentRules.id, { onDelete: 'set null' }),
    /** as reported by the advertiser (before payment rules) */
    originalRevenue: money('original_revenue'),
    originalPayout: money('original_payout'),
    currency: varchar('currency', { length: 3 }),
    revenue: money('revenue').notNull().default('0'),
    revenueCurrency: varchar('revenue_currency', { length: 3 }).notNull(),
    payout: money('payout').notNull().default('0'),
    payoutCurrency: varchar('payout_currency', { length: 3 }).notNull(),
    baseRevenue: money('base_revenue').notNull().default('0'),
    basePayout: money('base_payout').notNull().default('0'),
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    attributes: jsonb('attributes')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    postbackParams: jsonb('postback_params')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** late_conversion is the only mark kept */
    marks: jsonb('marks')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    publicNotes: varchar('public_notes', { length: 2000 }),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** pending conversions are approved at this time by the auto-approve job */
    autoApproveAt: ts('auto_approve_at'),
  },
  (t) => [
    index('conversions_created_idx').on(t.createdAt),
    index('conversions_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    index('conversions_offer_created_idx').on(t.offerId, t.createdAt),
    index('conversions_lead_idx').on(t.leadId, t.goalId),
    index('conversions_click_idx').on(t.clickId, t.goalId),
    uniqueIndex('conversions_event_uq')
      .on(t.advertiserId, t.eventId)
      .where(sql`${t.eventId} is not null`),
    index('conversions_auto_approve_idx')
      .on(t.autoApproveAt)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * Postback logs: `postback_in` (an advertiser's postback or an API-sync status, entity advertiser) and `postback_out`
 * (one delivery attempt of an affiliate, team or global postback, entity affiliate).
 */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    index('system_logs_type_created_idx').on(t.type, t.createdAt),
    index('system_logs_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('system_logs_advertiser_idx').on(t.advertiserId, t.createdAt),
  ],
);

/**
 * The postback outbox (migration 0024, modules/engine/postback-delivery/outbox.ts): the first attempt of every outbound
 * postback, a narrow row from the event's commit until its attempt is settled (then deleted).
 */
export const postbackOutbox = pgTable('postback_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** the delivery (modules/engine/postback-delivery/enqueue.ts PostbackDeliverJob) */
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  /** set while a worker delivers it; a row whose lease has passed is claimed again */
  claimedUntil: ts('claimed_until'),
});
