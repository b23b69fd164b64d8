/**
 * The buy side of the catalogue (offers issue): payment models, offers and what hangs off them (assigned affiliates
 * and teams, advertiser targets, landers, creatives, caps with their counters, payment rules), the landing API
 * library, and the affiliates' campaigns. Sieves are jsonb validated by the shared `sieveSchema` on every write;
 * the traffic engine matches them in memory.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { advertisers, users, verticals } from './accounts';
import { images } from './access';
import { teams } from './people';
import { categories, domains, postbacks, tags, trafficSources } from './reference';
import { integrations, verticalGoals } from './sell-side';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
const status = (initial = 'active') => varchar('status', { length: 16 }).notNull().default(initial);
const money = (name: string) => numeric(name, { precision: 20, scale: 8 });
const sieve = () =>
  jsonb('sieve')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`);
const offerRef = () =>
  integer('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' });

/** CPL, CPA, CPC, RevShare ...: global (vertical null) or for one vertical. */
export const paymentModels = pgTable(
  'payment_models',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    verticalId: integer('vertical_id').references(() => verticals.id, { onDelete: 'cascade' }),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_models_code_uq').on(t.code, sql`coalesce(${t.verticalId}, 0)`)],
);

/** What affiliates promote. Access type 1 = public, 3 = private (assigned affiliates and teams only). */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    /** active, inactive or draft */
    status: status('draft'),
    statusChangedAt: ts('status_changed_at'),
    verticalId: integer('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'restrict' }),
    /** api, postback, redirect or api_sync */
    integrationMethod: varchar('integration_method', { length: 16 }).notNull().default('api'),
    accessType: smallint('access_type').notNull().default(1),
    isHot: boolean('is_hot').notNull().default(false),
    /** ISO country codes the offer accepts */
    geos: jsonb('geos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sessionLifespan: integer('session_lifespan').notNull().default(30),
    /** the lifespan counts from the click ('click') or from the goal ('goal') */
    sessionLifespanType: varchar('session_lifespan_type', { length: 8 }).notNull().default('click'),
    goalId: integer('goal_id').references(() => verticalGoals.id, { onDelete: 'set null' }),
    trafficbackUrl: varchar('trafficback_url', { length: 2048 }),
    createdAt: createdAt(),
    createdBy: createdBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_status_hot_idx').on(t.status, t.isHot),
    index('offers_vertical_idx').on(t.verticalId),
    index('offers_access_idx').on(t.accessType),
  ],
);

export const offerTags = pgTable(
  'offer_tags',
  {
    offerId: offerRef(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.tagId] }), index('offer_tags_tag_idx').on(t.tagId)],
);

export const offerCategories = pgTable(
  'offer_categories',
  {
    offerId: offerRef(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.categoryId] }), index('offer_categories_category_idx').on(t.categoryId)],
);

export const offerTrafficSources = pgTable(
  'offer_traffic_sources',
  {
    offerId: offerRef(),
    trafficSourceId: integer('traffic_source_id')
      .notNull()
      .references(() => trafficSources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.trafficSourceId] })],
);

/** the offer's "pay methods": the payment models it pays by */
export const offerPaymentModels = pgTable(
  'offer_payment_models',
  {
    offerId: offerRef(),
    paymentModelId: integer('payment_model_id')
      .notNull()
      .references(() => paymentModels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.paymentModelId] })],
);

export const offerManagers = pgTable(
  'offer_managers',
  {
    offerId: offerRef(),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.managerId] }), index('offer_managers_manager_idx').on(t.managerId)],
);

/** An affiliate assigned to an offer (private offers), with the affiliate sieve. */
export const offerAffiliates = pgTable(
  'offer_affiliates',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sieve: sieve(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offer_affiliates_uq').on(t.offerId, t.affiliateId), index('offer_affiliates_affiliate_idx').on(t.affiliateId)],
);

/** A team assigned to an offer (private offers), with the team sieve. */
export const offerTeams = pgTable(
  'offer_teams',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sieve: sieve(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offer_teams_uq').on(t.offerId, t.teamId), index('offer_teams_team_idx').on(t.teamId)],
);

/**
 * An advertiser target of an offer: the advertiser (through one of its integrations) that may receive the offer's
 * leads, with the advertiser sieve (countries, languages, traffic sources, landers, schedule), weight and priority.
 */
export const offerAdvertisers = pgTable(
  'offer_advertisers',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'restrict' }),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'restrict' }),
    sieve: sieve(),
    weight: integer('weight').notNull().default(100),
    lowPriority: boolean('low_priority').notNull().default(false),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offer_advertisers_uq').on(t.offerId, t.integrationId),
    index('offer_advertisers_advertiser_idx').on(t.advertiserId),
    index('offer_advertisers_integration_idx').on(t.integrationId),
  ],
);

/** The landing API library: landing pages a network keeps once and assigns to offers by language. */
export const landersApi = pgTable(
  'landers_api',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    verticalId: integer('vertical_id').references(() => verticals.id, { onDelete: 'set null' }),
    pageType: varchar('page_type', { length: 16 }).notNull().default('landing'),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('landers_api_title_uq').on(sql`lower(${t.title})`)],
);

export const landersApiCategories = pgTable(
  'landers_api_categories',
  {
    landerApiId: integer('lander_api_id')
      .notNull()
      .references(() => landersApi.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.landerApiId, t.categoryId] })],
);

export const landersApiTags = pgTable(
  'landers_api_tags',
  {
    landerApiId: integer('lander_api_id')
      .notNull()
      .references(() => landersApi.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.landerApiId, t.tagId] })],
);

/** One language version of a landing API page (its own URL); active or inactive. */
export const landersApiLanguages = pgTable(
  'landers_api_languages',
  {
    id: serial('id').primaryKey(),
    landerApiId: integer('lander_api_id')
      .notNull()
      .references(() => landersApi.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    targetUrl: varchar('target_url', { length: 2048 }).notNull(),
    previewUrl: varchar('preview_url', { length: 2048 }),
    status: status(),
  },
  (t) => [uniqueIndex('landers_api_languages_uq').on(t.landerApiId, t.language)],
);

/** A landing page of an offer: a click is redirected to one chosen by sieve and weight. */
export const landers = pgTable(
  'landers',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    title: varchar('title', { length: 200 }).notNull(),
    /** landing or prelanding */
    pageType: varchar('page_type', { length: 16 }).notNull().default('landing'),
    targetUrl: varchar('target_url', { length: 2048 }).notNull(),
    previewUrl: varchar('preview_url', { length: 2048 }),
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
    weight: integer('weight').notNull().default(100),
    additionalParameters: jsonb('additional_parameters')
      .$type<{ name: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** a lander made from a landing API language copies its language */
    landerApiLanguageId: integer('lander_api_language_id').references(() => landersApiLanguages.id, { onDelete: 'set null' }),
    language: varchar('language', { length: 8 }),
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    sieve: sieve(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('landers_offer_idx').on(t.offerId), index('landers_advertiser_idx').on(t.advertiserId)],
);

/** Promotional material of an offer; files (under 50 MB) live in storage under `attachmentKey`. */
export const creatives = pgTable(
  'creatives',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    /** image, video, link, archive, text or file */
    type: varchar('type', { length: 16 }).notNull(),
    /** the text of a text creative or the URL of a link creative */
    content: text('content'),
    attachmentKey: varchar('attachment_key', { length: 200 }),
    attachmentName: varchar('attachment_name', { length: 255 }),
    attachmentMime: varchar('attachment_mime', { length: 100 }),
    attachmentSize: integer('attachment_size'),
    status: status(),
    sieve: sieve(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('creatives_offer_idx').on(t.offerId)],
);

/**
 * A cap (limit) or a targeting share (funnel) of an offer. `value` is a count, or money when `currency` is set;
 * counted per `period` in `timezone`. Sieve: advertisers, affiliates, teams, countries.
 */
export const caps = pgTable(
  'caps',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    /** limit or funnel */
    type: varchar('type', { length: 8 }).notNull().default('limit'),
    value: money('value').notNull(),
    guarantee: money('guarantee'),
    currency: varchar('currency', { length: 3 }),
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    /** day, week, month or all_time */
    period: varchar('period', { length: 16 }).notNull().default('day'),
    /** what happens to traffic once a limit is reached: skip, trafficback or hold */
    action: varchar('action', { length: 16 }).notNull().default('skip'),
    paymentModelId: integer('payment_model_id').references(() => paymentModels.id, { onDelete: 'set null' }),
    /** what is counted: accepted leads or conversions (of `goalId` when set) */
    processingType: varchar('processing_type', { length: 16 }).notNull().default('leads'),
    goalId: integer('goal_id').references(() => verticalGoals.id, { onDelete: 'set null' }),
    lowPriority: boolean('low_priority').notNull().default(false),
    weight: integer('weight').notNull().default(100),
    /** shown to affiliates instead of the real value, never enforced */
    informationalValue: money('informational_value'),
    status: status(),
    sieve: sieve(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('caps_offer_idx').on(t.offerId)],
);

/**
 * The counter of a cap for one period (`periodKey`: '2026-11-22', '2026-W47', '2026-11' or 'all', in the cap's time
 * zone). The traffic engine increments it with an atomic conditional update; `drop_counter` resets the current one.
 */
export const capCounters = pgTable(
  'cap_counters',
  {
    capId: integer('cap_id')
      .notNull()
      .references(() => caps.id, { onDelete: 'cascade' }),
    periodKey: varchar('period_key', { length: 16 }).notNull(),
    value: money('value').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.capId, t.periodKey] })],
);

/** Prices a conversion of an offer: revenue from the advertiser, payout to the affiliate. */
export const paymentRules = pgTable(
  'payment_rules',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    paymentModelId: integer('payment_model_id').references(() => paymentModels.id, { onDelete: 'set null' }),
    /** the conversion status this rule pays on (1 pending, 2 hold, 3 approved, 4 rejected) */
    targetConversionStatus: smallint('target_conversion_status').notNull().default(3),
    isMultiConversion: boolean('is_multi_conversion').notNull().default(false),
    /** hours after which a pending conversion is approved; null = never automatically */
    autoApprovePeriod: integer('auto_approve_period'),
    /** fixed or percent */
    paymentType: varchar('payment_type', { length: 8 }).notNull().default('fixed'),
    revenueValue: money('revenue_value').notNull().default('0'),
    revenueCurrency: varchar('revenue_currency', { length: 3 }).notNull().default('USD'),
    payoutValue: money('payout_value').notNull().default('0'),
    payoutCurrency: varchar('payout_currency', { length: 3 }).notNull().default('USD'),
    goalId: integer('goal_id').references(() => verticalGoals.id, { onDelete: 'set null' }),
    status: status(),
    sieve: sieve(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [index('payment_rules_offer_idx').on(t.offerId)],
);

/** One affiliate's tracking link for one offer: `https://<domain>/c/<key>`. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 32 }).notNull().unique(),
    title: varchar('title', { length: 200 }).notNull(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    integrationMethod: varchar('integration_method', { length: 16 }).notNull().default('api'),
    countries: jsonb('countries')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    domainId: integer('domain_id').references(() => domains.id, { onDelete: 'set null' }),
    trafficSourceId: integer('traffic_source_id').references(() => trafficSources.id, { onDelete: 'set null' }),
    /** how the target URL is built: lander rotation or a fixed URL, and which parameters are passed on */
    targetUrlSettings: jsonb('target_url_settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    autocreated: boolean('autocreated').notNull().default(false),
    /** active, inactive, offer_revoked, blocked, deleted */
    status: status(),
    statusChangedAt: ts('status_changed_at'),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    blockReason: varchar('block_reason', { length: 500 }),
    createdAt: createdAt(),
    createdBy: createdBy(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_affiliate_idx').on(t.affiliateId, t.status), index('campaigns_offer_idx').on(t.offerId, t.status)],
);

export const campaignLanders = pgTable(
  'campaign_landers',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    landerId: integer('lander_id')
      .notNull()
      .references(() => landers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.landerId] })],
);

export const campaignPostbacks = pgTable(
  'campaign_postbacks',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    postbackId: integer('postback_id')
      .notNull()
      .references(() => postbacks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.postbackId] })],
);
