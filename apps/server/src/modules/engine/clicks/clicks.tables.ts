/** Clicks: the highest-volume table (written in batches off the request path); keep its indexes to what a query needs. */
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
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
