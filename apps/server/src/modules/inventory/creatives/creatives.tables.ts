/** Offers' creatives. */
import { index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status, sieve } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';
import { offerRef } from '../offers/offers.tables';

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
