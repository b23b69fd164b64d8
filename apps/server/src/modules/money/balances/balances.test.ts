import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { auditLog } from '../../../db/schema';
import { verify } from '../ledger';
import { countRows, moneyWorld } from '../money.fixtures';

const t = await useApp();
const db = t.database.db;
const get = (url: string, as = t.admin) => t.request({ method: 'GET', url: `/api/v1${url}`, as });
const adjust = (items: unknown[], as = t.admin) =>
  t.request({ method: 'PUT', url: '/api/v1/balances/adjustments', as, payload: { items } });
const locs = (res: { json(): { errors?: { loc: unknown[] }[] } }) => (res.json().errors ?? []).map((e) => e.loc.join('.'));

describe('balances: figures from the ledger', () => {
  it('an affiliate balance has hold, approved, requested, paid in the base currency and a breakdown per currency', async () => {
    const w = await moneyWorld(t);
    await w.conversions([
      { status: 1, payout: '5' },
      { status: 2, payout: '6' },
      { status: 3, payout: '10' },
      { status: 4, payout: '99' },
      { status: 3, payout: '20', currency: 'EUR', basePayout: '22' },
    ]);
    const res = await get(`/balances/affiliates/${w.affiliate.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({
      affiliateId: w.affiliate.id,
      baseCurrency: 'USD',
      hold: '11',
      approved: '32',
      requested: '0',
      paid: '0',
      breakdown: [
        { currency: 'EUR', hold: '0', approved: '20', requested: '0', paid: '0' },
        { currency: 'USD', hold: '11', approved: '10', requested: '0', paid: '0' },
      ],
    });
    const adv = (await get(`/balances/advertisers/${w.advertiserId}`)).json().data.items[0];
    expect(adv).toMatchObject({ hold: '22', approved: '64', advance: '0', advanceHold: '0' });
    const list = await get(`/balances/affiliates?withMeta=1&affiliateId=${w.affiliate.id}`);
    expect(list.json().data).toMatchObject({ items: [{ affiliateId: w.affiliate.id, approved: '32' }], meta: { totalCount: 1 } });
    expect((await get('/balances/affiliates?orderBy=approved:desc&limit=1000')).json().data.items.length).toBeGreaterThan(0);
    expect((await get('/balances/affiliates?orderBy=nope:asc')).statusCode).toBe(400);
    expect((await get('/balances/advertisers?withMeta=1')).json().data.meta.totalCount).toBeGreaterThan(0);
  });

  it('lists the entries behind the figures', async () => {
    const w = await moneyWorld(t);
    const [c] = await w.conversions([{ status: 1, payout: '5' }]);
    await t.request({ method: 'POST', url: '/api/v1/conversions/change_status', as: t.admin, payload: { items: [{ id: c, status: 3 }] } });
    const res = await get(`/balances/affiliates/${w.affiliate.id}/entries?withMeta=1&orderBy=id:asc`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((e: { bucket: string; amount: string; kind: string }) => [e.bucket, e.amount, e.kind])).toEqual([
      ['hold', '5', 'conversion.created'],
      ['approved', '5', 'conversion.status'],
      ['hold', '-5', 'conversion.status'],
    ]);
    const approved = await get(`/balances/affiliates/${w.affiliate.id}/entries?bucket=approved`);
    expect(approved.json().data.items).toHaveLength(1);
    expect((await get(`/balances/affiliates/${w.affiliate.id}/entries?bucket=nope`)).statusCode).toBe(400);
  });
});

describe('balances: manual adjustments', () => {
  it('need a reason, are audited, change approved, and the next invoice carries them', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '10' }]);
    const before = await countRows(t, 'ledger_entries');
    const missing = await adjust([{ affiliateId: w.affiliate.id, currency: 'USD', amount: '-3' }]);
    expect(missing.statusCode).toBe(400);
    expect(locs(missing)).toEqual(['body.items.0.reason']);
    const precise = await adjust([{ affiliateId: w.affiliate.id, currency: 'USD', amount: '1.000000001', reason: 'x' }]);
    expect(locs(precise)).toEqual(['body.items.0.amount']);
    const unknown = await adjust([{ affiliateId: w.affiliate.id, currency: 'XYZ', amount: '1', reason: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(locs(unknown)).toEqual(['body.items.0.currency']);
    expect(await countRows(t, 'ledger_entries')).toBe(before);

    const ok = await adjust([{ affiliateId: w.affiliate.id, currency: 'USD', amount: '-3', reason: 'duplicate lead refunded' }]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Adjustment recorded');
    const id = ok.json().data.items[0].id;
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'ledger_adjustment'));
    expect(audit.find((a) => a.entityId === id)?.changes).toMatchObject({ after: { amount: '-3', reason: 'duplicate lead refunded' } });
    expect((await get(`/balances/affiliates/${w.affiliate.id}`)).json().data.items[0]).toMatchObject({ approved: '7' });
    const inv = await t.request({
      method: 'PUT',
      url: '/api/v1/invoices',
      as: t.admin,
      payload: { items: [{ affiliateId: w.affiliate.id, amount: '1' }] },
    });
    expect(inv.json().data.items[0]).toMatchObject({ amount: '7', conversionsCount: 1 });
    expect((await get(`/balances/affiliates/${w.affiliate.id}`)).json().data.items[0]).toMatchObject({ approved: '0', requested: '7' });
    expect(await verify(db)).toEqual([]);
  });

  it('need the balance update permission', async () => {
    const w = await moneyWorld(t);
    const reader = await t.make.user({ type: 'employee', permissions: ['balance.affiliate.read', 'affiliate.read'] });
    expect((await adjust([{ affiliateId: w.affiliate.id, currency: 'USD', amount: '1', reason: 'x' }], reader)).statusCode).toBe(403);
    expect((await adjust([{ affiliateId: w.affiliate.id, currency: 'USD', amount: '1', reason: 'x' }], w.affiliate)).statusCode).toBe(404);
  });
});

describe('balances: who caused an entry and why', () => {
  it('conversion changes, invoices, payments, adjustments and withdrawals record their user; adjustments their reason', async () => {
    const w = await moneyWorld(t);
    const manager = await t.make.user({
      type: 'employee',
      permissions: [
        'conversion.update',
        'conversion.read',
        'affiliate.read',
        'balance.affiliate.read',
        'balance.affiliate.update',
        'invoice.affiliate.read',
        'invoice.affiliate.update',
      ],
    });
    const [c1, c2] = await w.conversions([
      { status: 1, payout: '5' },
      { status: 3, payout: '8' },
    ]);
    const ok = async (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
    await ok(
      await t.request({
        method: 'POST',
        url: '/api/v1/conversions/change_status',
        as: manager,
        payload: { items: [{ id: c1, status: 3 }] },
      }),
    );
    await ok(await t.request({ method: 'PATCH', url: '/api/v1/conversions', as: t.admin, payload: { items: [{ id: c2, payout: '9' }] } }));
    await ok(await adjust([{ affiliateId: w.affiliate.id, currency: 'USD', amount: '2', reason: 'bonus for March' }], manager));
    const inv = (
      await t.request({
        method: 'PUT',
        url: '/api/v1/invoices',
        as: manager,
        payload: { items: [{ affiliateId: w.affiliate.id, amount: '1' }] },
      })
    ).json().data.items[0];
    await ok(
      await t.request({
        method: 'POST',
        url: '/api/v1/invoices/change_status',
        as: t.admin,
        payload: { items: [{ id: inv.id, status: 'paid' }] },
      }),
    );
    const entries = (await get(`/balances/affiliates/${w.affiliate.id}/entries?orderBy=id:asc&limit=100`)).json().data.items as {
      kind: string;
      bucket: string;
      userId: number | null;
      user: { id: number; email: string } | null;
      reason: string | null;
      adjustmentId: number | null;
    }[];
    const by = (kind: string) => [...new Set(entries.filter((e) => e.kind === kind).map((e) => e.userId))];
    expect(by('conversion.created')).toEqual([null]); // a writer without a user: the system
    expect(by('conversion.status')).toEqual([manager.id]);
    expect(by('conversion.edited')).toEqual([t.admin.id]);
    expect(by('adjustment')).toEqual([manager.id]);
    expect(by('invoice.created')).toEqual([manager.id]);
    expect(by('invoice.paid')).toEqual([t.admin.id]);
    expect(entries.find((e) => e.kind === 'invoice.paid')?.user).toMatchObject({ id: t.admin.id, email: t.admin.email });
    // the adjustment's entries carry its reason, whatever caused them (its creation, the invoice carrying it)
    const adj = entries.filter((e) => e.adjustmentId !== null);
    expect(adj.length).toBeGreaterThanOrEqual(3);
    expect(new Set(adj.map((e) => e.reason))).toEqual(new Set(['bonus for March']));
    expect(entries.filter((e) => e.adjustmentId === null).every((e) => e.reason === null)).toBe(true);

    // the affiliate: its own withdrawal names it; staff and reasons are not shown to it
    await w.conversions([{ status: 3, payout: '4' }]);
    const wm = await w.withdrawalMethod();
    await ok(
      await t.request({
        method: 'PUT',
        url: '/api/v1/invoices/withdrawals',
        as: w.affiliate,
        payload: { items: [{ amount: '4', withdrawalMethodId: wm }] },
      }),
    );
    const own = (await get(`/balances/affiliates/${w.affiliate.id}/entries?limit=100`, w.affiliate)).json().data.items as typeof entries;
    expect(own.filter((e) => e.userId !== null).every((e) => e.userId === w.affiliate.id && e.kind === 'invoice.created')).toBe(true);
    expect(own.some((e) => e.userId === w.affiliate.id)).toBe(true);
    expect(own.every((e) => e.reason === null)).toBe(true);
    expect(own.filter((e) => e.user).every((e) => e.user!.id === w.affiliate.id)).toBe(true);
  });
});

describe("balances: the affiliate's own balance for a withdrawal", () => {
  it('/balances/my answers the minimum payout, what unpaid withdrawal requests ask for and whether a second is allowed', async () => {
    const w = await moneyWorld(t);
    const settings = (patch: object) =>
      t.request({ method: 'PATCH', url: '/api/v1/settings/payment', as: t.admin, payload: { data: patch } });
    expect((await settings({ minPayoutAmount: '5' })).statusCode).toBe(200);
    try {
      await w.conversions([
        { status: 3, payout: '6' },
        { status: 3, payout: '7' },
      ]);
      const my = async () => (await get('/balances/my', w.affiliate)).json().data.items[0];
      expect(await my()).toMatchObject({ approved: '13', minPayoutAmount: '5', withdrawalPending: '0', allowSecondWithdrawal: false });
      const wm = await w.withdrawalMethod();
      const req = await t.request({
        method: 'PUT',
        url: '/api/v1/invoices/withdrawals',
        as: w.affiliate,
        payload: { items: [{ amount: '6', withdrawalMethodId: wm }] },
      });
      expect(req.statusCode).toBe(200);
      expect(await my()).toMatchObject({ approved: '7', requested: '6', withdrawalPending: '6' });
      // a partial payment lowers what is still pending; an invoice made by staff is no withdrawal request
      await t.request({
        method: 'POST',
        url: '/api/v1/invoices/change_status',
        as: t.admin,
        payload: { items: [{ id: req.json().data.items[0].id, status: 'paid', amount: '2.5' }] },
      });
      await t.request({
        method: 'PUT',
        url: '/api/v1/invoices',
        as: t.admin,
        payload: { items: [{ affiliateId: w.affiliate.id, amount: '7' }] },
      });
      expect(await my()).toMatchObject({ approved: '0', requested: '13', withdrawalPending: '3.5' });
      expect((await settings({ allowSecondWithdrawal: true })).statusCode).toBe(200);
      expect(await my()).toMatchObject({ allowSecondWithdrawal: true });
      // staff have no own balance
      expect((await get('/balances/my')).statusCode).toBe(404);
    } finally {
      await settings({ minPayoutAmount: '0', allowSecondWithdrawal: false });
    }
  });
});

describe('balances: who sees what', () => {
  it('an affiliate its own (also through /balances/my), another affiliate’s id is a 404', async () => {
    const w = await moneyWorld(t);
    const other = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '1' }]);
    expect((await get(`/balances/affiliates/${w.affiliate.id}`, w.affiliate)).json().data.items[0]).toMatchObject({ approved: '1' });
    expect((await get('/balances/my', w.affiliate)).json().data.items[0]).toMatchObject({ affiliateId: w.affiliate.id, approved: '1' });
    expect((await get(`/balances/affiliates/${w.affiliate.id}`, other.affiliate)).statusCode).toBe(404);
    expect((await get(`/balances/affiliates/${w.affiliate.id}/entries`, other.affiliate)).statusCode).toBe(404);
    expect((await get('/balances/affiliates', other.affiliate)).json().data.items).toEqual([]);
    expect((await get(`/balances/advertisers/${w.advertiserId}`, w.affiliate)).statusCode).toBe(404);
    expect((await get('/balances/my')).statusCode).toBe(404);
  });

  it('a manager with assigned reach its affiliates only; advertiser balances need their permission', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const mine = await moneyWorld(t, { managerId: manager.id });
    const theirs = await moneyWorld(t);
    await mine.conversions([{ status: 3, payout: '1' }]);
    await theirs.conversions([{ status: 3, payout: '1' }]);
    expect((await get(`/balances/affiliates/${mine.affiliate.id}`, manager)).statusCode).toBe(200);
    expect((await get(`/balances/affiliates/${theirs.affiliate.id}`, manager)).statusCode).toBe(404);
    const ids = (await get('/balances/affiliates?limit=1000', manager))
      .json()
      .data.items.map((b: { affiliateId: number }) => b.affiliateId);
    expect(ids).toEqual([mine.affiliate.id]);
    const noAdv = await t.make.user({ type: 'employee', permissions: ['balance.affiliate.read', 'affiliate.read'] });
    expect((await get('/balances/advertisers', noAdv)).statusCode).toBe(403);
    expect((await get(`/balances/affiliates/${theirs.affiliate.id}`, noAdv)).statusCode).toBe(200);
    const none = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await get('/balances/affiliates', none)).statusCode).toBe(403);
  });
});
