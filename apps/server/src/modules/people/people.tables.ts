/** People-wide tables: the managers and tags of a user, and the block history of users and teams. */
import { index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from '../../db/columns';
import { users } from '../access/accounts.tables';
import { tags } from '../settings/tags/tags.tables';

/** Managers (affiliate managers, advertiser managers) assigned to a user. */
export const userManagers = pgTable(
  'user_managers',
  {
    userId: ownedBy('user_id', () => users.id),
    managerId: ownedBy('manager_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.managerId] }), index('user_managers_manager_idx').on(t.managerId)],
);

export const userTags = pgTable(
  'user_tags',
  {
    userId: ownedBy('user_id', () => users.id),
    tagId: ownedBy('tag_id', () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('user_tags_tag_idx').on(t.tagId)],
);

/** Every block and unblock of a user or team: who, when, what kind, why. */
export const blockEvents = pgTable(
  'block_events',
  {
    id: serial('id').primaryKey(),
    entity: varchar('entity', { length: 16 }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    /** traffic, access or full */
    blockType: varchar('block_type', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 500 }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('block_events_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);
