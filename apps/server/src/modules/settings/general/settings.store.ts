/** Key/value system settings with typed keys and defaults. */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { settings } from '../../../db/schema';

export interface SettingValues {
  name: string;
  logoImageId: number | null;
  faviconImageId: number | null;
  trialExpireAt: number | null;
  registrationEnabled: boolean;
  frontendVersionTs: number;
  baseCurrency: string;
  /** payment settings: invoice titles start with it */
  invoiceTitlePrefix: string;
  /** payment settings: days between an invoice and its due date */
  paymentTermsDays: number;
  /** payment settings: the smallest payout an affiliate may request, in the base currency (decimal string) */
  minPayoutAmount: string;
  /** payment settings: a second withdrawal request may be made while one is unpaid */
  allowSecondWithdrawal: boolean;
  /** payment settings: automatic affiliate invoices (off, weekly, monthly) and for whom (null: every affiliate) */
  autoInvoicePeriod: 'off' | 'weekly' | 'monthly';
  autoInvoiceAffiliateIds: number[] | null;
  /** general settings: the network's legal details printed on invoices */
  legalDetails: string;
  /** general settings: days the raw clicks and postback logs are kept (the `raw-partitions` job) */
  rawClicksRetentionDays: number;
  customerId: string;
  jwtSecret: string;
}
export type SettingKey = keyof SettingValues;

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValues[K] | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as SettingValues[K] | undefined;
}

export async function getSettings(db: DbOrTx): Promise<Partial<SettingValues>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<SettingValues>;
}

export async function setSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValues[K]) {
  await db
    .insert(settings)
    .values({ key, value: value as never })
    .onConflictDoUpdate({ target: settings.key, set: { value: value as never, updatedAt: new Date() } });
}

/** Writes a default only when the key is missing (first start). */
export async function ensureSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValues[K]): Promise<SettingValues[K]> {
  await db
    .insert(settings)
    .values({ key, value: value as never })
    .onConflictDoNothing();
  return (await getSetting(db, key)) as SettingValues[K];
}

/** `ensureSetting` for several keys in two statements (the first start's data, read again on every start): answers the stored values. */
export async function ensureSettings<T extends Partial<SettingValues>>(db: DbOrTx, defaults: T): Promise<T> {
  const keys = Object.keys(defaults) as (keyof T & SettingKey)[];
  await db
    .insert(settings)
    .values(keys.map((key) => ({ key, value: defaults[key] as never })))
    .onConflictDoNothing();
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as T;
}
