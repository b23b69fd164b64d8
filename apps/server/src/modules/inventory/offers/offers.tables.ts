/**
 * Offers and what hangs off them: tags, categories, traffic sources, payment models, managers, assigned
 * affiliates and teams, advertiser targets. Sieves are jsonb validated by the shared `sieveSchema` on every write; the
 * traffic engine matches them in memory.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, sieve, status, ts, updatedAt } from '../../../db/columns';
import { advertisers, createdBy, users, verticals } from '../../access/accounts.tables';
import { trafficSources } from '../../engine/traffic-sources/traffic-sources.tables';
import { teams } from '../../people/teams/teams.tables';
import { integrations } from '../../sell-side/integrations/integrations.tables';
import { verticalGoals } from '../../sell-side/verticals/verticals.tables';
import { categories } from '../../settings/categories/categories.tables';
import { images } from '../../settings/images/images.tables';
import { tags } from '../../settings/tags/tags.tables';
import { paymentModels } from '../payment-models/payment-models.tables';

export const offerRef = () =>
  integer('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' });

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
    tagId: ownedBy('tag_id', () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.tagId] }), index('offer_tags_tag_idx').on(t.tagId)],
);

export const offerCategories = pgTable(
  'offer_categories',
  {
    offerId: offerRef(),
    categoryId: ownedBy('category_id', () => categories.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.categoryId] }), index('offer_categories_category_idx').on(t.categoryId)],
);

export const offerTrafficSources = pgTable(
  'offer_traffic_sources',
  {
    offerId: offerRef(),
    trafficSourceId: ownedBy('traffic_source_id', () => trafficSources.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.trafficSourceId] })],
);

/** the offer's "pay methods": the payment models it pays by */
export const offerPaymentModels = pgTable(
  'offer_payment_models',
  {
    offerId: offerRef(),
    paymentModelId: ownedBy('payment_model_id', () => paymentModels.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.paymentModelId] })],
);

export const offerManagers = pgTable(
  'offer_managers',
  {
    offerId: offerRef(),
    managerId: ownedBy('manager_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.managerId] }), index('offer_managers_manager_idx').on(t.managerId)],
);

/** An affiliate assigned to an offer (private offers), with the affiliate sieve. */
export const offerAffiliates = pgTable(
  'offer_affiliates',
  {
    id: serial('id').primaryKey(),
    offerId: offerRef(),
    affiliateId: ownedBy('affiliate_id', () => users.id),
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
    teamId: ownedBy('team_id', () => teams.id),
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
