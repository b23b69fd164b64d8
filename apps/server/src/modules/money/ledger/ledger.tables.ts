/**
 * The money tables (migration 0016_finance_ledger.sql holds the constraints, triggers and ledger_sync()): the
 * append-only ledger, manual adjustments, invoices, what each invoice carries and its payments.
 * Amounts are numeric(20,8) decimal strings; times timestamptz.
 */
import { bigint, bigserial, boolean, date, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { advertisers, conversions, users, withdrawalMethods } from '../../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 20, scale: 8 });

/** One money movement of a party in one currency and bucket. Never updated or deleted (a trigger refuses it). */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
  partyType: varchar('party_type', { length: 16 }).notNull().$type<'affiliate' | 'advertiser'>(),
  partyId: integer('party_id').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  bucket: varchar('bucket', { length: 16 }).notNull().$type<'hold' | 'approved' | 'requested' | 'paid' | 'advance'>(),
  amount: money('amount').notNull(),
  baseAmount: money('base_amount').notNull(),
  kind: varchar('kind', { length: 32 }).notNull(),
  conversionId: bigint('conversion_id', { mode: 'number' }),
  adjustmentId: integer('adjustment_id'),
  invoiceId: integer('invoice_id'),
  userId: integer('user_id'),
});

/** A manual correction of a party's approved balance (signed), with its mandatory reason. */
export const ledgerAdjustments = pgTable('ledger_adjustments', {
  id: serial('id').primaryKey(),
  partyType: varchar('party_type', { length: 16 }).notNull().$type<'affiliate' | 'advertiser'>(),
  partyId: integer('party_id').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  amount: money('amount').notNull(),
  baseAmount: money('base_amount').notNull(),
  reason: varchar('reason', { length: 500 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  type: varchar('type', { length: 16 }).notNull().$type<'affiliate' | 'advertiser'>(),
  status: varchar('status', { length: 16 }).notNull().default('unpaid').$type<'unpaid' | 'paid' | 'declined'>(),
  affiliateId: integer('affiliate_id').references(() => users.id, { onDelete: 'restrict' }),
  advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'restrict' }),
  currency: varchar('currency', { length: 3 }).notNull(),
  rate: money('rate').notNull(),
  baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
  amount: money('amount').notNull(),
  baseAmount: money('base_amount').notNull(),
  paidAmount: money('paid_amount').notNull().default('0'),
  conversionsCount: integer('conversions_count').notNull().default(0),
  advanceAmount: money('advance_amount'),
  dateFrom: date('date_from', { mode: 'string' }),
  dateTo: date('date_to', { mode: 'string' }),
  timezone: varchar('timezone', { length: 64 }),
  dueAt: ts('due_at').notNull(),
  withdrawalMethodId: integer('withdrawal_method_id').references(() => withdrawalMethods.id, { onDelete: 'set null' }),
  notes: varchar('notes', { length: 2000 }),
  privateNotes: varchar('private_notes', { length: 2000 }),
  origin: varchar('origin', { length: 16 }).notNull().default('manual').$type<'manual' | 'withdrawal' | 'auto'>(),
  paidAt: ts('paid_at'),
  reference: varchar('reference', { length: 200 }),
  declinedAt: ts('declined_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/** What an invoice carries; `live` turns false when it is declined (partial unique indexes keep one live each). */
export const invoiceItems = pgTable('invoice_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  kind: varchar('kind', { length: 16 }).notNull().$type<'conversion' | 'clawback' | 'adjustment'>(),
  partyType: varchar('party_type', { length: 16 }).notNull().$type<'affiliate' | 'advertiser'>(),
  partyId: integer('party_id').notNull(),
  conversionId: bigint('conversion_id', { mode: 'number' }).references(() => conversions.id, { onDelete: 'restrict' }),
  adjustmentId: integer('adjustment_id').references(() => ledgerAdjustments.id, { onDelete: 'restrict' }),
  currency: varchar('currency', { length: 3 }).notNull(),
  amount: money('amount').notNull(),
  baseAmount: money('base_amount').notNull(),
  invoiceAmount: money('invoice_amount').notNull(),
  live: boolean('live').notNull().default(true),
});

export const invoicePayments = pgTable('invoice_payments', {
  id: serial('id').primaryKey(),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  amount: money('amount').notNull(),
  paidAt: ts('paid_at').notNull(),
  reference: varchar('reference', { length: 200 }),
  source: varchar('source', { length: 16 }).notNull().default('payment').$type<'payment' | 'advance'>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});
