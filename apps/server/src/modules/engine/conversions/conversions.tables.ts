/** Conversions. High volume: keep indexes to what a query needs. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts, money } from '../../../db/columns';
import { advertisers, users } from '../../access/accounts.tables';
import { campaigns } from '../../inventory/campaigns/campaigns.tables';
import { offers } from '../../inventory/offers/offers.tables';
import { paymentRules } from '../../inventory/payment-rules/payment-rules.tables';
import { verticalGoals } from '../../sell-side/verticals/verticals.tables';
import type { ClickCopy } from '../clicks/clicks.tables';
import { leads } from '../leads/leads.tables';

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
    /** what the conversion keeps of its click (its own click id's, else its lead's), copied by a trigger (migration 0026) */
    clickData: jsonb('click_data').$type<ClickCopy>(),
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
