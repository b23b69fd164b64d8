/** Clicks: the highest-volume table (written in batches off the request path); keep its indexes to what a query needs. */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';

export const subs = () => ({
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
 * Partitioned by day on created_at (migration 0026, docs/decisions/engine.md "Clicks partitioned by day"): the key is
 * (id, created_at), created_at being exactly the time in the id, so a look-up by id reads one partition (`clickIdIs`,
 * click-lookup.ts); the retention drops whole days.
 */
export const clicks = pgTable(
  'clicks',
  {
    id: uuid('id').notNull(),
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
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('clicks_created_idx').on(t.createdAt),
    index('clicks_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('clicks_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    index('clicks_offer_created_idx').on(t.offerId, t.createdAt),
  ],
);

/**
 * The visitors whose unique click is counted (migration 0025): one row a visitor (IP address + user agent, hashed to
 * 64 bits with the campaign) holding the click that counted it until its window ends. Written by the click batch
 * writer only (modules/engine/tracking/click-writer.ts), swept by `click-visitors-sweep`.
 */
export const clickVisitors = pgTable(
  'click_visitors',
  {
    key: bigint('key', { mode: 'bigint' }).primaryKey(),
    until: ts('until').notNull(),
    clickId: uuid('click_id').notNull(),
  },
  (t) => [index('click_visitors_until_idx').on(t.until)],
);

/**
 * What a lead or conversion keeps of its click (migration 0026, column `click_data`): copied by a trigger when it is
 * written, so it outlives the click row (the retention) and the statistics count it the same afterwards.
 */
export interface ClickCopy {
  traffic_source_id?: number;
  lander_id?: number;
  country?: string;
  language?: string;
  device_type?: string;
  os?: string;
  browser?: string;
  ip?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  sub4?: string;
  sub5?: string;
  sub6?: string;
  sub7?: string;
  sub8?: string;
  sub9?: string;
}

/** When each day-partitioned raw table (clicks, system_logs) keeps its rows from: moved forward by the retention. */
export const rawRetention = pgTable('raw_retention', {
  tbl: varchar('tbl', { length: 64 }).primaryKey(),
  keptFrom: ts('kept_from').notNull(),
});
