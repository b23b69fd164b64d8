/** Affiliate teams, their members and managers. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, ts } from '../../../db/columns';
import { users } from '../../access/accounts.tables';

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
    teamId: ownedBy('team_id', () => teams.id),
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

export const teamManagers = pgTable(
  'team_managers',
  {
    teamId: ownedBy('team_id', () => teams.id),
    managerId: ownedBy('manager_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.managerId] }), index('team_managers_manager_idx').on(t.managerId)],
);
