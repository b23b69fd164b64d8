/** Affiliates' campaigns, their landers and postbacks. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, status, ts, updatedAt } from '../../../db/columns';
import { createdBy, users } from '../../access/accounts.tables';
import { postbacks } from '../../engine/postbacks/postbacks.tables';
import { trafficSources } from '../../engine/traffic-sources/traffic-sources.tables';
import { domains } from '../../settings/domains/domains.tables';
import { landers } from '../landers/landers.tables';
import { offers } from '../offers/offers.tables';

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
    campaignId: ownedBy('campaign_id', () => campaigns.id),
    landerId: ownedBy('lander_id', () => landers.id),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.landerId] })],
);

export const campaignPostbacks = pgTable(
  'campaign_postbacks',
  {
    campaignId: ownedBy('campaign_id', () => campaigns.id),
    postbackId: ownedBy('postback_id', () => postbacks.id),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.postbackId] })],
);
