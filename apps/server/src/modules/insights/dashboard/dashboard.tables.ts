/** The dashboard tables (migration 0017_dashboards.sql; docs/decisions/insights.md "Dashboard"). */
import type { DashboardWidgetSettings, DashboardWidgetType } from '@leadgrid/shared';
import { integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../../db/columns';
import { roles, users } from '../../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's dashboard, or a role's default (`roleId`, no user) that new users of the role start from. */
export const dashboards = pgTable('dashboards', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id'),
  type: varchar('type', { length: 16 }).notNull().default('grid').$type<'grid'>(),
  settings: jsonb('settings').notNull().default({}).$type<{ preset?: string }>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const dashboardWidgets = pgTable('dashboard_widgets', {
  id: serial('id').primaryKey(),
  dashboardId: ownedBy('dashboard_id', () => dashboards.id),
  type: varchar('type', { length: 16 }).notNull().$type<DashboardWidgetType>(),
  settings: jsonb('settings').notNull().$type<DashboardWidgetSettings>(),
  order: integer('order').notNull().default(0),
});
