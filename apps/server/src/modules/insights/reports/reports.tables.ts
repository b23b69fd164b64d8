/**
 * The report tables (migration 0018_reports.sql): saved reports and their scheduled sends (one row per report and due
 * time: the unique key makes each send happen once). docs/decisions/insights.md "Reports, downloads and scheduled reports".
 */
import type { ExportFormat, ReportRange, ReportSchedule, ReportType } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../../db/columns';
import { exportsTable, users } from '../../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const reports = pgTable('reports', {
  id: serial('id').primaryKey(),
  userId: ownedBy('user_id', () => users.id),
  title: varchar('title', { length: 100 }).notNull(),
  type: varchar('type', { length: 32 }).notNull().$type<ReportType>(),
  query: jsonb('query')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  range: varchar('range', { length: 16 }).notNull().$type<ReportRange>(),
  format: varchar('format', { length: 8 }).notNull().default('xlsx').$type<ExportFormat>(),
  schedule: varchar('schedule', { length: 16 }).$type<ReportSchedule>(),
  sendHour: smallint('send_hour').notNull().default(8),
  nextSendAt: ts('next_send_at'),
  lastSentAt: ts('last_sent_at'),
  lastError: varchar('last_error', { length: 500 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const reportSends = pgTable('report_sends', {
  id: serial('id').primaryKey(),
  reportId: ownedBy('report_id', () => reports.id),
  dueAt: ts('due_at').notNull(),
  status: varchar('status', { length: 16 }).notNull().default('pending').$type<'pending' | 'sent' | 'failed' | 'empty'>(),
  attempts: integer('attempts').notNull().default(0),
  exportId: integer('export_id').references(() => exportsTable.id, { onDelete: 'set null' }),
  error: varchar('error', { length: 500 }),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
