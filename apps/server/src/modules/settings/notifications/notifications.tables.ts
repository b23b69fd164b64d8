/** Notification rules, channels and the in-app notifications. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, status, ts } from '../../../db/columns';
import { users } from '../../access/accounts.tables';

/** Which events notify whom, and through which channels. */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: serial('id').primaryKey(),
    event: varchar('event', { length: 64 }).notNull(),
    channels: jsonb('channels')
      .$type<string[]>()
      .notNull()
      .default(sql`'["in_app"]'::jsonb`),
    roleTypes: jsonb('role_types')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    userIds: jsonb('user_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_rules_event_uq').on(t.event)],
);

/** Channel integrations: e-mail (SMTP) and Telegram bot. */
export const notificationChannels = pgTable('notification_channels', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 16 }).notNull().unique(),
  config: jsonb('config')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  status: status(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** In-app notifications of a user. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    event: varchar('event', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
