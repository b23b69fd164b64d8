import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { moneyWorld } from '../money.fixtures';

const t = await useApp();
const url = '/api/v1/finance/summary';

describe('finance summary', () => {
  it('by month and currency: payable, paid, receivable, received, profit, and the unpaid counts', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '10' }, { status: 3, payout: '5' }, { status: 1, payout: '100' }]);
    const inv = (await t.request({ method: 'PUT', url: '/api/v1/invoices', as: t.admin, payload: { items: [{ affiliateId: w.affiliate.id, amount: '10' }] } })).json().data.items[0];
    await t.request({ method: 'POST', url: '/api/v1/invoices/change_status', as: t.admin, payload: { items: [{ id: inv.id, status: 'paid' }] } });
    const month = t.clock.now.toISOString().slice(0, 7);
    const res = await t.request({ method: 'GET', url: `${url}?timezone=UTC&monthFrom=${month}&monthTo=${month}&currency=USD`, as: t.admin });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.items.find((i: { month: string }) => i.month === month);
    expect(row).toBeDefined();
    expect(Number(row.paid)).toBeGreaterThanOrEqual(10);
    expect(Number(row.receivable) + Number(row.received) - Number(row.payable) - Number(row.paid)).toBeCloseTo(Number(row.profit), 6);
    expect(res.json().data.unpaid).toMatchObject({ affiliate: expect.any(Number), advertiser: expect.any(Number), overdue: expect.any(Number) });
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
