/** Payment rules. */
import { boolean, index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status, money, sieve } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';
import { verticalGoals } from '../../sell-side/verticals/verticals.tables';
import { offerRef } from '../offers/offers.tables';
import { paymentModels } from '../payment-models/payment-models.tables';

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
