/** Test fixtures of the money area: an offer with an advertiser, an affiliate, and priced conversions. */
import { eq } from 'drizzle-orm';
import type { TestApp, TestUser } from '../../../test/helper';
import { conversions, paymentMethods, userManagers, withdrawalMethods } from '../../db/schema';

export interface MoneyWorld {
  affiliate: TestUser;
  offerId: number;
  advertiserId: number;
  verticalId: number;
  /** conversions of the affiliate: `status` 1..4, payout (revenue = 2 × payout), at `at` (default the clock) */
  conversions(list: { status: number; payout: string; currency?: string; basePayout?: string; at?: Date }[]): Promise<number[]>;
  /** an active withdrawal method of the affiliate */
  withdrawalMethod(userId?: number): Promise<number>;
}

export async function moneyWorld(t: TestApp, opts: { managerId?: number } = {}): Promise<MoneyWorld> {
  const db = t.database.db;
  const vertical = await t.make.vertical();
  const offer = await t.make.offer({ verticalId: vertical.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  const affiliate = await t.make.user({ type: 'affiliate' });
  if (opts.managerId) await db.insert(userManagers).values({ userId: affiliate.id, managerId: opts.managerId });
  let method: number | undefined;
  return {
    affiliate,
    offerId: offer.id,
    advertiserId: advertiser.id,
    verticalId: vertical.id,
    async conversions(list) {
      const rows = await db
        .insert(conversions)
        .values(
          list.map((c) => {
            const currency = c.currency ?? 'USD';
            const basePayout = c.basePayout ?? c.payout;
            return {
              affiliateId: affiliate.id,
              offerId: offer.id,
              advertiserId: advertiser.id,
              status: c.status,
              payout: c.payout,
              payoutCurrency: currency,
              basePayout,
              revenue: String(Number(c.payout) * 2),
              revenueCurrency: currency,
              baseRevenue: String(Number(basePayout) * 2),
              baseCurrency: 'USD',
              createdAt: c.at ?? t.clock.now,
            };
          }),
        )
        .returning({ id: conversions.id });
      return rows.map((r) => r.id);
    },
    async withdrawalMethod(userId = affiliate.id) {
      if (!method) {
        const [pm] = await db
          .insert(paymentMethods)
          .values({
            title: `Wire ${Math.random().toString(36).slice(2, 6)}`,
            fields: [{ name: 'iban', title: 'IBAN', required: true, pattern: null }],
          })
          .returning();
        method = pm.id;
      }
      const [wm] = await db
        .insert(withdrawalMethods)
        .values({
          userId,
          paymentMethodId: method,
          title: 'Main account',
          values: { iban: 'DE89370400440532013000' },
          isDefault: true,
          status: 'active',
        })
        .returning();
      return wm.id;
    },
  };
}

export const countRows = async (t: TestApp, table: 'ledger_entries' | 'invoices' | 'invoice_items' | 'ledger_adjustments') => {
  const res = (await t.database.db.execute(`select count(*)::int as n from ${table}`)) as unknown as { rows?: { n: number }[] } & {
    n: number;
  }[];
  return Number((res.rows ?? res)[0].n);
};

export const conversionStatus = async (t: TestApp, id: number) =>
  (await t.database.db.select({ s: conversions.status }).from(conversions).where(eq(conversions.id, id)))[0].s;
