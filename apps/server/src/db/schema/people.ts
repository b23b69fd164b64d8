/** People (people issue): affiliate extras, teams and their members, managers, user tags, block history. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tags } from './reference';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** Affiliate teams; blocking a team covers its members (product §4). */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    trafficBlocked: boolean('traffic_blocked').notNull().default(false),
    trafficBlockedAt: ts('traffic_blocked_at'),
    accessBlocked: boolean('access_blocked').notNull().default(false),
    blockReason: varchar('block_reason', { length: 500 }),
    acceptColdTraffic: boolean('accept_cold_traffic').notNull().default(false),
    acceptInvalidLeads: boolean('accept_invalid_leads').notNull().default(false),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('teams_title_uq').on(sql`lower(${t.title})`)],
);

/** An affiliate belongs to at most one team. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
      .unique(),
    /** leader or member */
    role: varchar('role', { length: 16 }).notNull().default('member'),
    /** active, invited, inactive */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

/** Managers (affiliate managers, advertiser managers) assigned to a user. */
export const userManagers = pgTable(
  'user_managers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.managerId] }), index('user_managers_manager_idx').on(t.managerId)],
);

export const teamManagers = pgTable(
  'team_managers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.managerId] }), index('team_managers_manager_idx').on(t.managerId)],
);

export const userTags = pgTable(
  'user_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
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
