/** Offers' landers. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { ts, createdAt, status, sieve } from '../../../db/columns';
import { advertisers, createdBy } from '../../access/accounts.tables';
import { landersApiLanguages } from '../landers-api/landers-api.tables';
import { offerRef } from '../offers/offers.tables';

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
