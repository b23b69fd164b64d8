/** Advertisers' tags and managers (the advertisers table is in access/accounts.tables.ts). */
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../../db/columns';
import { advertisers, users } from '../../access/accounts.tables';
import { tags } from '../../settings/tags/tags.tables';

export const advertiserTags = pgTable(
  'advertiser_tags',
  {
    advertiserId: ownedBy('advertiser_id', () => advertisers.id),
    tagId: ownedBy('tag_id', () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.tagId] }), index('advertiser_tags_tag_idx').on(t.tagId)],
);

export const advertiserManagers = pgTable(
  'advertiser_managers',
  {
    advertiserId: ownedBy('advertiser_id', () => advertisers.id),
    managerId: ownedBy('manager_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.managerId] }), index('advertiser_managers_manager_idx').on(t.managerId)],
);
