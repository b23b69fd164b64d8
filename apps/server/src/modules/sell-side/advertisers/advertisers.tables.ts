/** Advertisers' tags and managers (the advertisers table is in access/accounts.tables.ts). */
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { advertisers, users } from '../../access/accounts.tables';
import { tags } from '../../settings/tags/tags.tables';

export const advertiserTags = pgTable(
  'advertiser_tags',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.tagId] }), index('advertiser_tags_tag_idx').on(t.tagId)],
);

export const advertiserManagers = pgTable(
  'advertiser_managers',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.managerId] }), index('advertiser_managers_manager_idx').on(t.managerId)],
);
