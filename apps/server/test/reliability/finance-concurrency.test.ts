/**
 * Reliability (issue 17): eight invoice requests for one affiliate at the same moment take each conversion once —
 * the per-party advisory lock queues them, and the partial unique index on invoice_items is the last word.
 * PGlite is one connection (requests cannot overlap there), so this runs on PostgreSQL only (DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, verify } from '../../src/modules/money/ledger';
import { moneyWorld } from '../../src/modules/money/money.fixtures';
import { useApp } from '../helper';

const t = await useApp();
const onPostgres = t.database.kind === 'postgres';
if (!onPostgres)
  console.warn('finance concurrency test skipped: PGlite serves one connection, so requests cannot overlap (set DATABASE_URL)');

describe.skipIf(!onPostgres)('invoices under concurrency (PostgreSQL)', () => {
  it('8 concurrent invoice requests for one affiliate take each conversion once', async () => {
    const w = await moneyWorld(t);
    await w.conversions(
      Array.from({ length: 30 }, (_, i) => ({ status: 3, payout: '1', at: new Date(t.clock.now.getTime() - (30 - i) * 1000) })),
    );
    const wm = await w.withdrawalMethod();
    await t.request({ method: 'PATCH', url: '/api/v1/settings/payment', as: t.admin, payload: { data: { allowSecondWithdrawal: true } } });
    const staff = Array.from({ length: 6 }, () =>
      t.request({
        method: 'PUT',
        url: '/api/v1/invoices',
        as: t.admin,
        payload: { items: [{ affiliateId: w.affiliate.id, amount: '3' }] },
      }),
    );
    const own = Array.from({ length: 2 }, () =>
      t.request({
        method: 'PUT',
        url: '/api/v1/invoices/withdrawals',
        as: w.affiliate,
        payload: { items: [{ amount: '3', withdrawalMethodId: wm }] },
      }),
    );
    const answers = await Promise.all([...staff, ...own]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const counts = answers.map((a) => a.json().data.items[0].conversionsCount as number);
    expect(counts).toEqual(Array(8).fill(3));
    const items = rowsOf<{ conversion_id: string; n: number }>(
      await t.database.db.execute(
        sql`select conversion_id, count(*)::int as n from invoice_items where live and party_id = ${w.affiliate.id} group by 1`,
      ),
    );
    expect(items).toHaveLength(24);
    expect(items.every((r) => r.n === 1)).toBe(true);
    expect(await verify(t.database.db, { affiliateIds: [w.affiliate.id], advertiserIds: [] })).toEqual([]);
  });
});
