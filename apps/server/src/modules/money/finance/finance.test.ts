import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { moneyWorld } from '../money.fixtures';

const t = await useApp();
const url = '/api/v1/finance/summary';

describe('finance summary', () => {
  it('by month and currency: payable, paid, receivable, received, profit, and the unpaid counts', async () => {
    const w = await moneyWorld(t);
    await w.conversions([
      { status: 3, payout: '10' },
      { status: 3, payout: '5' },
      { status: 1, payout: '100' },
    ]);
    const inv = (
      await t.request({
        method: 'PUT',
        url: '/api/v1/invoices',
        as: t.admin,
        payload: { items: [{ affiliateId: w.affiliate.id, amount: '10' }] },
      })
    ).json().data.items[0];
    await t.request({
      method: 'POST',
      url: '/api/v1/invoices/change_status',
      as: t.admin,
      payload: { items: [{ id: inv.id, status: 'paid' }] },
    });
    const month = t.clock.now.toISOString().slice(0, 7);
    const res = await t.request({
      method: 'GET',
      url: `${url}?timezone=UTC&monthFrom=${month}&monthTo=${month}&currency=USD`,
      as: t.admin,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.items.find((i: { month: string }) => i.month === month);
    expect(row).toBeDefined();
    expect(Number(row.paid)).toBeGreaterThanOrEqual(10);
    expect(Number(row.receivable) + Number(row.received) - Number(row.payable) - Number(row.paid)).toBeCloseTo(Number(row.profit), 6);
    expect(res.json().data.unpaid).toMatchObject({
      affiliate: expect.any(Number),
      advertiser: expect.any(Number),
      overdue: expect.any(Number),
    });
  });

  it("converts every currency to the base currency with the entries' base amounts; `currency` keeps one currency's own", async () => {
    const w = await moneyWorld(t);
    // a month of its own (in UTC) so other tests' conversions do not count
    const at = new Date('2019-03-15T12:00:00Z');
    await w.conversions([
      { status: 3, payout: '10', at },
      { status: 3, payout: '9', currency: 'EUR', basePayout: '10', at }, // 9 EUR was 10 USD at its time
      { status: 2, payout: '100', currency: 'EUR', basePayout: '110', at }, // on hold: not owed yet
      { status: 4, payout: '7', at }, // rejected
    ]);
    const ask = async (extra = '') =>
      (await t.request({ method: 'GET', url: `${url}?timezone=UTC&monthFrom=2019-03&monthTo=2019-03${extra}`, as: t.admin })).json().data
        .items;
    // payable 10 + 10 USD, receivable 2x; then 5 EUR of revenue paid by an advertiser invoice
    expect(await ask()).toEqual([
      { month: '2019-03', currency: 'USD', payable: '20', paid: '0', receivable: '40', received: '0', profit: '20' },
    ]);
    const inv = await t.request({
      method: 'PUT',
      url: '/api/v1/invoices',
      as: t.admin,
      payload: { items: [{ affiliateId: w.affiliate.id, dateFrom: '2019-03-01', dateTo: '2019-03-31', currency: 'USD' }] },
    });
    expect(inv.statusCode).toBe(200);
    await t.request({
      method: 'POST',
      url: '/api/v1/invoices/change_status',
      as: t.admin,
      payload: { items: [{ id: inv.json().data.items[0].id, status: 'paid' }] },
    });
    expect(await ask()).toEqual([
      { month: '2019-03', currency: 'USD', payable: '0', paid: '20', receivable: '40', received: '0', profit: '20' },
    ]);
    expect(await ask('&currency=EUR')).toEqual([
      { month: '2019-03', currency: 'EUR', payable: '0', paid: '9', receivable: '18', received: '0', profit: '9' },
    ]);
    expect(await ask('&currency=USD')).toEqual([
      { month: '2019-03', currency: 'USD', payable: '0', paid: '10', receivable: '20', received: '0', profit: '10' },
    ]);
  });

  it('validates the months and needs both balance permissions', async () => {
    expect((await t.request({ method: 'GET', url: `${url}?monthFrom=2026-13`, as: t.admin })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${url}?monthFrom=2026-11&monthTo=2026-01`, as: t.admin })).statusCode).toBe(400);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url, as: aff })).statusCode).toBe(403);
    const half = await t.make.user({ type: 'employee', permissions: ['balance.affiliate.read', 'affiliate.read'] });
    expect((await t.request({ method: 'GET', url, as: half })).statusCode).toBe(403);
  });
});
