import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { conversions, userManagers } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

/** two affiliates with conversions of one offer; the first one's second conversion is hidden */
async function world() {
  const vertical = await t.make.vertical();
  const offer = await t.make.offer({ verticalId: vertical.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  const a = await t.make.user({ type: 'affiliate' });
  const b = await t.make.user({ type: 'affiliate' });
  const row = (affiliateId: number, status: number, extra: Partial<typeof conversions.$inferInsert> = {}) => ({
    affiliateId,
    offerId: offer.id,
    advertiserId: advertiser.id,
    status,
    revenue: '50',
    revenueCurrency: 'USD',
    payout: '30',
    payoutCurrency: 'USD',
    baseRevenue: '50',
    basePayout: '30',
    baseCurrency: 'USD',
    eventId: `ev-${Math.random().toString(36).slice(2, 10)}`,
    ...extra,
  });
  const rows = await db
    .insert(conversions)
    .values([row(a.id, 1), row(a.id, 3, { isHidden: true }), row(b.id, 4)])
    .returning();
  return { offer, advertiser, a, b, rows };
}

describe('GET /api/v1/conversions', () => {
  it('lists every conversion for staff with revenue, filtered by offer and status name, with meta', async () => {
    const w = await world();
    const res = await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}&withMeta=1`, as: t.admin });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(meta.totalCount).toBe(3);
    expect(items.map((c: { id: number }) => c.id)).toEqual(w.rows.map((r) => r.id).reverse());
    expect(items[0]).toMatchObject({ revenue: '50', payout: '30', advertiserId: w.advertiser.id, affiliateId: w.b.id, status: 4 });
    const approved = await t.request({
      method: 'GET',
      url: `/api/v1/conversions?offerId=${w.offer.id}&status=approved,pending`,
      as: t.admin,
    });
    expect(
      approved
        .json()
        .data.items.map((c: { status: number }) => c.status)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('gives an affiliate its own visible conversions without revenue, advertiser or event id', async () => {
    const w = await world();
    const res = await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}`, as: w.a });
    expect(res.statusCode).toBe(200);
    const { items } = res.json().data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: w.rows[0].id, payout: '30', affiliateId: w.a.id });
    for (const key of ['revenue', 'baseRevenue', 'advertiserId', 'eventId', 'originalRevenue', 'isHidden'])
      expect(items[0]).not.toHaveProperty(key);
    // asking for another affiliate's rows answers none of them
    const other = await t.request({ method: 'GET', url: `/api/v1/conversions?affiliateId=${w.b.id}`, as: w.a });
    expect(other.json().data.items).toEqual([]);
  });

  it('limits assigned-scope employees to their affiliates and refuses those without a conversions permission', async () => {
    const w = await world();
    const manager = await t.make.user({ type: 'employee', permissions: ['conversion.assigned.read'] });
    await db.insert(userManagers).values({ userId: w.b.id, managerId: manager.id });
    const res = await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}`, as: manager });
    expect(res.json().data.items.map((c: { affiliateId: number }) => c.affiliateId)).toEqual([w.b.id]);
    const nobody = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/conversions', as: nobody })).statusCode).toBe(403);
  });

  it('answers meta.totals over the whole filter, not the page: each equals the sum of the rows behind it', async () => {
    const w = await world();
    // more conversions with uneven base amounts (fixed seed): the totals are exact decimal sums of every row
    let seed = 7;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const cents = () => (Math.floor(rnd() * 100_000) / 100).toFixed(2);
    await db.insert(conversions).values(
      Array.from({ length: 25 }, (_, i) => {
        const payout = cents();
        const revenue = cents();
        return {
          affiliateId: i % 2 ? w.a.id : w.b.id,
          offerId: w.offer.id,
          advertiserId: w.advertiser.id,
          status: 1 + (i % 4),
          revenue,
          revenueCurrency: 'USD',
          payout,
          payoutCurrency: 'USD',
          baseRevenue: revenue,
          basePayout: payout,
          baseCurrency: 'USD',
          isHidden: i % 5 === 0,
        };
      }),
    );
    const read = async (as: typeof t.admin, query: string) =>
      (await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}&withMeta=1&limit=5${query}`, as })).json().data;
    const all = async (as: typeof t.admin, query: string) =>
      (await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}&limit=100${query}`, as })).json().data.items as {
        payout: string;
        basePayout: string;
        baseRevenue?: string;
      }[];
    const sum = (xs: string[]) => xs.reduce((acc, x) => acc.plus(x), new Decimal(0));
    for (const query of ['', '&status=approved,pending']) {
      const staff = await read(t.admin, query);
      const rows = await all(t.admin, query);
      expect(staff.items).toHaveLength(5);
      expect(staff.meta.totals.count).toBe(rows.length);
      expect(new Decimal(staff.meta.totals.payout).equals(sum(rows.map((r) => r.basePayout)))).toBe(true);
      expect(new Decimal(staff.meta.totals.revenue).equals(sum(rows.map((r) => r.baseRevenue!)))).toBe(true);
      expect(
        new Decimal(staff.meta.totals.profit).equals(sum(rows.map((r) => r.baseRevenue!)).minus(sum(rows.map((r) => r.basePayout)))),
      ).toBe(true);
      expect(staff.meta.totals.currency).toBe('USD');
    }
    // an affiliate: its own visible rows, payout only
    const own = await read(w.a, '');
    const ownRows = await all(w.a, '');
    expect(own.meta.totals).toEqual({ count: ownRows.length, currency: 'USD', payout: expect.any(String) });
    expect(new Decimal(own.meta.totals.payout).equals(sum(ownRows.map((r) => r.payout)))).toBe(true);
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/v1/conversions?status=done', as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'status']);
    const from = await t.request({ method: 'GET', url: '/api/v1/conversions?from=abc', as: t.admin });
    expect(from.statusCode).toBe(400);
    expect(from.json().errors[0].loc).toEqual(['querystring', 'from']);
  });
});
