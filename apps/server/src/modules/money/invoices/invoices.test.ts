import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, conversions, notifications } from '../../../db/schema';
import { systemCtx } from '../../../http/context';
import { NOTIFICATION_JOB } from '../../settings/notifications/notifications.delivery';
import { lastPeriod, runAutoInvoices } from './invoices.service';
import { invoiceItems, rowsOf, verify } from '../ledger';
import { countRows, moneyWorld } from '../money.fixtures';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/invoices';
const DAY = 86_400_000;
const today = () => t.clock.now.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(t.clock.now.getTime() - n * DAY);

const create = (items: unknown[], as: TestUser | null = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const status = (items: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const balance = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/v1/balances/affiliates/${id}`, as: t.admin })).json().data.items[0];
const locs = (res: { json(): { errors?: { loc: unknown[] }[] } }) => (res.json().errors ?? []).map((e) => e.loc.join('.'));

describe('invoices: create by period and by sum', () => {
  it('takes the approved conversions of the period not yet invoiced, moves them to requested, in one transaction', async () => {
    const w = await moneyWorld(t);
    await w.conversions([
      { status: 3, payout: '10', at: daysAgo(3) },
      { status: 3, payout: '20.5', at: daysAgo(1) },
      { status: 1, payout: '7' },
      { status: 3, payout: '99', at: daysAgo(40) },
    ]);
    const from = daysAgo(5).toISOString().slice(0, 10);
    const res = await create([{ affiliateId: w.affiliate.id, dateFrom: from, dateTo: today(), notes: 'October', privateNotes: 'check' }]);
    expect(res.statusCode).toBe(200);
    const inv = res.json().data.items[0];
    expect(inv).toMatchObject({
      title: expect.stringMatching(/^INV-\d{6}$/),
      status: 'unpaid',
      amount: '30.5',
      currency: 'USD',
      conversionsCount: 2,
      overdue: false,
      privateNotes: 'check',
    });
    expect(inv.dueAt - inv.createdAt).toBe(14 * 86400);
    expect(res.json().message).toContain(inv.title);
    expect(await balance(w.affiliate.id)).toMatchObject({ hold: '7', approved: '99', requested: '30.5', paid: '0' });
    const again = await create([{ affiliateId: w.affiliate.id, dateFrom: from, dateTo: today() }]);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/Nothing to invoice/);
    expect(await verify(db)).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'invoice'));
    expect(audit.some((a) => a.entityId === inv.id && a.action === 'create')).toBe(true);
  });

  it('by sum takes the oldest approved conversions until they reach the sum', async () => {
    const w = await moneyWorld(t);
    await w.conversions([
      { status: 3, payout: '5', at: daysAgo(4) },
      { status: 3, payout: '6', at: daysAgo(3) },
      { status: 3, payout: '7', at: daysAgo(2) },
    ]);
    const res = await create([{ affiliateId: w.affiliate.id, amount: '10' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ amount: '11', conversionsCount: 2, dateFrom: null });
    const detail = (await t.request({ method: 'GET', url: `${url}/${res.json().data.items[0].id}`, as: t.admin })).json().data.items[0];
    expect(detail.conversions.map((c: { amount: string }) => c.amount)).toEqual(['5', '6']);
  });

  it('converts other currencies at the rate of the conversion time and keeps its rate', async () => {
    const w = await moneyWorld(t);
    const [eur] = rowsOf<{ rate: string }>(await db.execute(sql`select rate::text as rate from currencies where code = 'EUR'`));
    await w.conversions([{ status: 3, payout: '10', currency: 'EUR', basePayout: '11' }]);
    const res = await create([{ affiliateId: w.affiliate.id, amount: '1', currency: 'USD' }]);
    expect(res.statusCode).toBe(200);
    const inv = res.json().data.items[0];
    expect(inv.currency).toBe('USD');
    expect(Number(inv.amount)).toBeCloseTo(10 / Number(eur.rate), 6);
    const detail = (await t.request({ method: 'GET', url: `${url}/${inv.id}`, as: t.admin })).json().data.items[0];
    expect(detail.conversions[0]).toMatchObject({ amount: '10', currency: 'EUR' });
    expect((await balance(w.affiliate.id)).breakdown).toEqual([{ currency: 'EUR', hold: '0', approved: '0', requested: '10', paid: '0' }]);
  });
});

describe('invoices: bad input is a 4xx naming the field, and writes nothing', () => {
  it('negative and over-precise amounts, unknown currency, reversed period, another affiliate’s withdrawal method', async () => {
    const w = await moneyWorld(t);
    const other = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '10' }]);
    const foreign = await other.withdrawalMethod();
    const entries = await countRows(t, 'ledger_entries');
    const invoices = await countRows(t, 'invoices');
    const cases: [Record<string, unknown>, string, number][] = [
      [{ affiliateId: w.affiliate.id, amount: '-5' }, 'body.items.0.amount', 400],
      [{ affiliateId: w.affiliate.id, amount: '1.123456789' }, 'body.items.0.amount', 400],
      [{ affiliateId: w.affiliate.id, amount: '10', currency: 'XYZ' }, 'body.items.0.currency', 400],
      [{ affiliateId: w.affiliate.id, dateFrom: '2026-11-20', dateTo: '2026-11-01' }, 'body.items.0.dateTo', 400],
      [{ affiliateId: w.affiliate.id, amount: '10', withdrawalMethodId: foreign }, 'body.items.0.withdrawalMethodId', 400],
      [{ affiliateId: w.affiliate.id }, 'body.items.0.dateFrom', 400],
      [{ affiliateId: w.affiliate.id, advertiserId: w.advertiserId, amount: '5' }, 'body.items.0.advertiserId', 400],
    ];
    for (const [item, loc, code] of cases) {
      const res = await create([item]);
      expect(res.statusCode, JSON.stringify(item)).toBe(code);
      expect(locs(res), JSON.stringify(item)).toContain(loc);
    }
    // a good item next to a bad one: nothing of either
    const mixed = await create([
      { affiliateId: w.affiliate.id, amount: '5' },
      { affiliateId: w.affiliate.id, amount: '5', currency: 'XYZ' },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(await countRows(t, 'ledger_entries')).toBe(entries);
    expect(await countRows(t, 'invoices')).toBe(invoices);
  });
});

describe('invoices: payments, declines and clawbacks', () => {
  it('a partial payment keeps it unpaid; the rest makes it paid and moves requested to paid', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '100' }]);
    const inv = (await create([{ affiliateId: w.affiliate.id, amount: '1' }])).json().data.items[0];
    const part = await status([{ id: inv.id, status: 'paid', amount: '40', reference: 'TX-1' }]);
    expect(part.statusCode).toBe(200);
    expect(part.json().data.items[0]).toMatchObject({ status: 'unpaid', paidAmount: '40' });
    const over = await status([{ id: inv.id, status: 'paid', amount: '61' }]);
    expect(over.statusCode).toBe(400);
    expect(locs(over)).toEqual(['body.items.0.amount']);
    const rest = await status([{ id: inv.id, status: 'paid', paidAt: 1_790_000_000, reference: 'TX-2' }]);
    expect(rest.json().data.items[0]).toMatchObject({ status: 'paid', paidAmount: '100', paidAt: 1_790_000_000, reference: 'TX-2' });
    expect(rest.json().data.items[0].payments).toHaveLength(2);
    expect(await balance(w.affiliate.id)).toMatchObject({ requested: '0', paid: '100' });
    const twice = await status([{ id: inv.id, status: 'declined' }]);
    expect(twice.statusCode).toBe(409);
    expect(await verify(db)).toEqual([]);
  });

  it('declining frees the conversions for the next invoice', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '8' }]);
    const first = (await create([{ affiliateId: w.affiliate.id, amount: '8' }])).json().data.items[0];
    expect((await status([{ id: first.id, status: 'declined', reason: 'wrong period' }])).json().data.items[0].status).toBe('declined');
    expect(await balance(w.affiliate.id)).toMatchObject({ approved: '8', requested: '0' });
    const second = await create([{ affiliateId: w.affiliate.id, amount: '8' }]);
    expect(second.json().data.items[0]).toMatchObject({ amount: '8', conversionsCount: 1 });
    expect(await verify(db)).toEqual([]);
  });

  it('rejecting a paid conversion writes a clawback the next invoice carries; the paid invoice stays', async () => {
    const w = await moneyWorld(t);
    const [a, b] = await w.conversions([
      { status: 3, payout: '30', at: daysAgo(2) },
      { status: 3, payout: '50', at: daysAgo(1) },
    ]);
    const paid = (await create([{ affiliateId: w.affiliate.id, amount: '30' }])).json().data.items[0];
    expect(paid.conversionsCount).toBe(1);
    await status([{ id: paid.id, status: 'paid' }]);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/conversions/change_status',
      as: t.admin,
      payload: { items: [{ id: a, status: 4 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await balance(w.affiliate.id)).toMatchObject({ approved: '20', paid: '30' });
    const next = (await create([{ affiliateId: w.affiliate.id, dateFrom: daysAgo(3).toISOString().slice(0, 10), dateTo: today() }])).json()
      .data.items[0];
    expect(next).toMatchObject({ amount: '20', conversionsCount: 1 });
    const detail = (await t.request({ method: 'GET', url: `${url}/${next.id}`, as: t.admin })).json().data.items[0];
    expect(detail.adjustments).toEqual([
      expect.objectContaining({ kind: 'clawback', conversionId: a, amount: '-30', invoiceAmount: '-30' }),
    ]);
    expect(detail.conversions.map((c: { id: number }) => c.id)).toEqual([b]);
    const again = (await t.request({ method: 'GET', url: `${url}/${paid.id}`, as: t.admin })).json().data.items[0];
    expect(again).toMatchObject({ status: 'paid', amount: '30' });
    expect(await verify(db)).toEqual([]);
  });

  it('a conversion cannot be in two live invoices: the database refuses it', async () => {
    const w = await moneyWorld(t);
    const [c] = await w.conversions([{ status: 3, payout: '1' }]);
    const inv = (await create([{ affiliateId: w.affiliate.id, amount: '1' }])).json().data.items[0];
    await expect(
      db.insert(invoiceItems).values({
        invoiceId: inv.id,
        kind: 'conversion',
        partyType: 'affiliate',
        partyId: w.affiliate.id,
        conversionId: c,
        currency: 'USD',
        amount: '1',
        baseAmount: '1',
        invoiceAmount: '1',
      }),
    ).rejects.toThrow();
  });
});

describe('invoices: advertiser invoices and advances', () => {
  it('an advance is paid into the advance and pays the next advertiser invoice', async () => {
    const w = await moneyWorld(t);
    const adv = await create([{ advertiserId: w.advertiserId, advanceAmount: '100' }]);
    expect(adv.statusCode).toBe(200);
    expect(adv.json().data.items[0]).toMatchObject({ type: 'advertiser', amount: '100', advanceAmount: '100', conversionsCount: 0 });
    await status([{ id: adv.json().data.items[0].id, status: 'paid', reference: 'WIRE' }]);
    await w.conversions([{ status: 3, payout: '30' }]);
    const advBalance = (await t.request({ method: 'GET', url: `/api/v1/balances/advertisers/${w.advertiserId}`, as: t.admin })).json().data
      .items[0];
    expect(advBalance).toMatchObject({ approved: '60', advance: '40' });
    const inv = (await create([{ advertiserId: w.advertiserId, amount: '60' }])).json().data.items[0];
    expect(inv).toMatchObject({ amount: '60', paidAmount: '60', status: 'paid' });
    expect(inv.payments[0]).toMatchObject({ source: 'advance', amount: '60' });
    const after = (await t.request({ method: 'GET', url: `/api/v1/balances/advertisers/${w.advertiserId}`, as: t.admin })).json().data
      .items[0];
    expect(after).toMatchObject({ approved: '0', paid: '60', advance: '40' });
    expect(await verify(db)).toEqual([]);
  });

  it('advanceAmountHold: the part of a paid advance covering revenue on hold, oldest advance spent first', async () => {
    const w = await moneyWorld(t);
    const advBalance = async () =>
      (await t.request({ method: 'GET', url: `/api/v1/balances/advertisers/${w.advertiserId}`, as: t.admin })).json().data.items[0];
    const one = async (id: number) => (await t.request({ method: 'GET', url: `${url}/${id}`, as: t.admin })).json().data.items[0];
    const first = (await create([{ advertiserId: w.advertiserId, advanceAmount: '50' }])).json().data.items[0].id;
    expect((await one(first)).advanceAmountHold).toBe('0'); // not paid yet: covers nothing
    await status([{ id: first, status: 'paid' }]);
    const second = (await create([{ advertiserId: w.advertiserId, advanceAmount: '100' }])).json().data.items[0].id;
    await status([{ id: second, status: 'paid' }]);
    // revenue 40 approved and invoiced (paid from the first advance: 10 of it left), then 30 approved waiting, 90 on hold
    await w.conversions([{ status: 3, payout: '20' }]);
    await create([{ advertiserId: w.advertiserId, dateFrom: today(), dateTo: today() }]);
    await w.conversions([
      { status: 3, payout: '15' },
      { status: 1, payout: '45' },
    ]);
    // left: 10 of the first and 100 of the second = 110; approved 30 takes the first's 10 and 20 of the second;
    // of the second's 80 left, 80 covers hold (90 on hold)
    expect(await advBalance()).toMatchObject({ advance: '80', advanceHold: '80', hold: '90', approved: '30' });
    expect((await one(first)).advanceAmountHold).toBe('0');
    expect((await one(second)).advanceAmountHold).toBe('80');
    const list = (await t.request({ method: 'GET', url: `${url}?advertiserId=${w.advertiserId}&type=advertiser`, as: t.admin })).json().data
      .items;
    const byId = Object.fromEntries(list.map((i: { id: number; advanceAmountHold: string | null }) => [i.id, i.advanceAmountHold]));
    expect(byId[first]).toBe('0');
    expect(byId[second]).toBe('80');
    expect(Object.values(byId).filter((v) => v === null)).toHaveLength(1); // the invoice of conversions is no advance
    expect(await verify(db)).toEqual([]);
  });

  it('advanceAmount goes alone and only to advertisers', async () => {
    const w = await moneyWorld(t);
    expect(locs(await create([{ advertiserId: w.advertiserId, advanceAmount: '5', amount: '5' }]))).toContain('body.items.0.amount');
    expect(locs(await create([{ affiliateId: w.affiliate.id, advanceAmount: '5' }]))).toContain('body.items.0.advanceAmount');
  });
});

describe('invoices: who sees and does what', () => {
  it('an affiliate reads its own invoices without private notes; another affiliate gets a 404', async () => {
    const w = await moneyWorld(t);
    const other = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '3' }]);
    const inv = (await create([{ affiliateId: w.affiliate.id, amount: '3', privateNotes: 'internal' }])).json().data.items[0];
    const own = await t.request({ method: 'GET', url: `${url}/${inv.id}`, as: w.affiliate });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.items[0]).not.toHaveProperty('privateNotes');
    expect(own.json().data.items[0]).not.toHaveProperty('advertiserId');
    const list = await t.request({ method: 'GET', url: `${url}?withMeta=1&status=unpaid`, as: w.affiliate });
    expect(list.json().data.meta.totalCount).toBe(1);
    expect(list.json().data.items[0]).not.toHaveProperty('privateNotes');
    expect((await t.request({ method: 'GET', url: `${url}/${inv.id}`, as: other.affiliate })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/${inv.id}/pdf`, as: other.affiliate })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url, as: other.affiliate })).json().data.items).toEqual([]);
    expect((await create([{ affiliateId: w.affiliate.id, amount: '1' }], w.affiliate)).statusCode).toBe(403);
    expect((await status([{ id: inv.id, status: 'paid' }], w.affiliate)).statusCode).toBe(404);
  });

  it('a manager with assigned reach sees only its affiliates; staff without the permission get a 403', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const mine = await moneyWorld(t, { managerId: manager.id });
    const theirs = await moneyWorld(t);
    await mine.conversions([{ status: 3, payout: '2' }]);
    await theirs.conversions([{ status: 3, payout: '2' }]);
    const a = (await create([{ affiliateId: mine.affiliate.id, amount: '2' }], manager)).json().data.items[0];
    expect(a).toMatchObject({ amount: '2' });
    const refused = await create([{ affiliateId: theirs.affiliate.id, amount: '2' }], manager);
    expect(refused.statusCode).toBe(404);
    expect(locs(refused)).toEqual(['body.items.0.affiliateId']);
    const b = (await create([{ affiliateId: theirs.affiliate.id, amount: '2' }])).json().data.items[0];
    const listed = (await t.request({ method: 'GET', url: `${url}?type=affiliate&limit=1000`, as: manager }))
      .json()
      .data.items.map((i: { id: number }) => i.id);
    expect(listed).toContain(a.id);
    expect(listed).not.toContain(b.id);
    expect((await t.request({ method: 'GET', url: `${url}/${b.id}`, as: manager })).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'employee', permissions: ['invoice.affiliate.read', 'affiliate.read'] });
    expect((await t.request({ method: 'GET', url: `${url}/${b.id}`, as: reader })).statusCode).toBe(200);
    expect((await create([{ affiliateId: theirs.affiliate.id, amount: '1' }], reader)).statusCode).toBe(403);
    const nobody = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await t.request({ method: 'GET', url, as: nobody })).statusCode).toBe(403);
    expect((await create([{ advertiserId: mine.advertiserId, advanceAmount: '1' }], reader)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('invoices: a conversion names the invoices it is in', () => {
  it('GET /conversions/:id answers them, as far as the reader reads invoices', async () => {
    const w = await moneyWorld(t);
    const [c] = await w.conversions([{ status: 3, payout: '10' }]);
    const conv = async (as: TestUser) => t.request({ method: 'GET', url: `/api/v1/conversions/${c}`, as });
    expect((await conv(t.admin)).json().data.items[0].invoices).toEqual([]);
    const first = (await create([{ affiliateId: w.affiliate.id, amount: '10' }])).json().data.items[0];
    await status([{ id: first.id, status: 'declined' }]);
    const second = (await create([{ affiliateId: w.affiliate.id, amount: '10' }])).json().data.items[0];
    const adv = (await create([{ advertiserId: w.advertiserId, amount: '20' }])).json().data.items[0];
    expect((await conv(t.admin)).json().data.items[0].invoices).toEqual([
      { id: first.id, title: first.title, type: 'affiliate', status: 'declined' },
      { id: second.id, title: second.title, type: 'affiliate', status: 'unpaid' },
      { id: adv.id, title: adv.title, type: 'advertiser', status: 'unpaid' },
    ]);
    // the affiliate: its own affiliate invoices only; staff without invoice permissions: none
    expect((await conv(w.affiliate)).json().data.items[0].invoices.map((i: { id: number }) => i.id)).toEqual([first.id, second.id]);
    const reader = await t.make.user({ type: 'employee', permissions: ['conversion.read', 'affiliate.read'] });
    const res = await conv(reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0].invoices).toEqual([]);
    const affOnly = await t.make.user({ type: 'employee', permissions: ['conversion.read', 'affiliate.read', 'invoice.affiliate.read'] });
    expect((await conv(affOnly)).json().data.items[0].invoices.map((i: { type: string }) => i.type)).toEqual(['affiliate', 'affiliate']);
    expect((await t.request({ method: 'GET', url: '/api/v1/conversions/99999999', as: t.admin })).statusCode).toBe(404);
  });
});

describe('invoices: edit, PDF and payout export', () => {
  it('edits notes and the withdrawal method while unpaid; another affiliate’s method is refused', async () => {
    const w = await moneyWorld(t);
    const other = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '4' }]);
    const wm = await w.withdrawalMethod();
    const inv = (await create([{ affiliateId: w.affiliate.id, amount: '4' }])).json().data.items[0];
    const ok = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: { items: [{ id: inv.id, notes: 'n', privateNotes: 'p', withdrawalMethodId: wm }] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items[0]).toMatchObject({
      notes: 'n',
      privateNotes: 'p',
      withdrawalMethodId: wm,
      withdrawalMethod: { values: { iban: 'DE89370400440532013000' } },
    });
    const bad = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: { items: [{ id: inv.id, withdrawalMethodId: await other.withdrawalMethod() }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(locs(bad)).toEqual(['body.items.0.withdrawalMethodId']);
    const long = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: inv.id, notes: 'x'.repeat(2001) }] } });
    expect(long.statusCode).toBe(400);
    expect(
      (await t.request({ method: 'PATCH', url, as: w.affiliate, payload: { items: [{ id: inv.id, notes: 'mine' }] } })).statusCode,
    ).toBe(404);
  });

  it('answers a PDF and the payout CSV of unpaid affiliate invoices with withdrawal details', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '12.34' }]);
    const wm = await w.withdrawalMethod();
    const inv = (await create([{ affiliateId: w.affiliate.id, amount: '1', withdrawalMethodId: wm }])).json().data.items[0];
    const pdf = await t.request({ method: 'GET', url: `${url}/${inv.id}/pdf`, as: w.affiliate });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await t.request({ method: 'POST', url: `${url}/payout_export`, as: t.admin, payload: { data: { ids: [inv.id] } } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'invoice_id,title,affiliate_id,affiliate_email,affiliate_name,amount,currency,due_at,payment_method,withdrawal_method,withdrawal_details',
    );
    expect(lines[1]).toContain('12.34,USD');
    expect(lines[1]).toContain('iban=DE89370400440532013000');
    await status([{ id: inv.id, status: 'paid' }]);
    const paid = await t.request({ method: 'POST', url: `${url}/payout_export`, as: t.admin, payload: { data: { ids: [inv.id] } } });
    expect(paid.statusCode).toBe(400);
    expect(locs(paid)).toEqual(['body.data.ids.0']);
    expect(
      (await t.request({ method: 'POST', url: `${url}/payout_export`, as: w.affiliate, payload: { data: { ids: [inv.id] } } })).statusCode,
    ).toBe(404);
  });
});

describe('invoices: an affiliate requests a withdrawal', () => {
  const request = (as: TestUser, item: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `${url}/withdrawals`, as, payload: { items: [item] } });

  it('between the minimum payout and the approved balance, to its own method; one at a time by default', async () => {
    const w = await moneyWorld(t);
    const other = await moneyWorld(t);
    await w.conversions([
      { status: 3, payout: '20', at: daysAgo(2) },
      { status: 3, payout: '30', at: daysAgo(1) },
    ]);
    const wm = await w.withdrawalMethod();
    await t.request({ method: 'PATCH', url: '/api/v1/settings/payment', as: t.admin, payload: { data: { minPayoutAmount: '15' } } });
    const entries = await countRows(t, 'ledger_entries');
    expect(locs(await request(w.affiliate, { amount: '10', withdrawalMethodId: wm }))).toEqual(['body.items.0.amount']);
    expect(locs(await request(w.affiliate, { amount: '60', withdrawalMethodId: wm }))).toEqual(['body.items.0.amount']);
    expect(locs(await request(w.affiliate, { amount: '20', withdrawalMethodId: await other.withdrawalMethod() }))).toEqual([
      'body.items.0.withdrawalMethodId',
    ]);
    expect(locs(await request(w.affiliate, { amount: '-20', withdrawalMethodId: wm }))).toEqual(['body.items.0.amount']);
    expect(await countRows(t, 'ledger_entries')).toBe(entries);
    const ok = await request(w.affiliate, { amount: '20', withdrawalMethodId: wm, notes: 'please' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items[0]).toMatchObject({
      amount: '20',
      origin: 'withdrawal',
      affiliateId: w.affiliate.id,
      withdrawalMethodId: wm,
      status: 'unpaid',
    });
    const second = await request(w.affiliate, { amount: '30', withdrawalMethodId: wm });
    expect(second.statusCode).toBe(409);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/settings/payment',
      as: t.admin,
      payload: { data: { allowSecondWithdrawal: true, minPayoutAmount: '0' } },
    });
    expect((await request(w.affiliate, { amount: '30', withdrawalMethodId: wm })).statusCode).toBe(200);
    expect((await request(t.admin, { amount: '30', withdrawalMethodId: wm })).statusCode).toBe(403);
    await t.request({ method: 'PATCH', url: '/api/v1/settings/payment', as: t.admin, payload: { data: { allowSecondWithdrawal: false } } });
  });
});

describe('the base currency is fixed once money is recorded', () => {
  it('answers 409 with the reason', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 1, payout: '1' }]);
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/settings/payment',
      as: t.admin,
      payload: { data: { baseCurrency: 'EUR' } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/base currency cannot change/);
    expect((await db.select().from(conversions).where(eq(conversions.affiliateId, w.affiliate.id))).length).toBe(1);
  });
});

describe('invoices: notifications and automatic invoices', () => {
  it('"invoice created" and "invoice paid" reach the affiliate through the notification service', async () => {
    const w = await moneyWorld(t);
    await w.conversions([{ status: 3, payout: '9' }]);
    const inv = (await create([{ affiliateId: w.affiliate.id, amount: '9' }])).json().data.items[0];
    await status([{ id: inv.id, status: 'paid' }]);
    await t.queue.runDue(NOTIFICATION_JOB, { max: 100 });
    const mine = await db.select().from(notifications).where(eq(notifications.userId, w.affiliate.id));
    expect(mine.map((n) => n.event).sort()).toEqual(['invoice_created', 'invoice_paid']);
  });

  it('weekly: one invoice per affiliate and currency for the last complete week in its zone, once', async () => {
    const w = await moneyWorld(t);
    const period = lastPeriod('weekly', t.clock.now, 'UTC');
    await w.conversions([
      { status: 3, payout: '4', at: new Date(period.from.getTime() + 3600_000) },
      { status: 3, payout: '5', at: new Date(period.to.getTime() + 3600_000) },
    ]);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/settings/payment',
      as: t.admin,
      payload: { data: { autoInvoicePeriod: 'weekly', autoInvoiceAffiliateIds: [w.affiliate.id] } },
    });
    const ctx = systemCtx({ database: t.database, config: t.config, now: () => t.clock.now });
    expect(await runAutoInvoices(ctx, t.queue)).toBe(1);
    expect(await runAutoInvoices(ctx, t.queue)).toBe(0);
    const list = (await t.request({ method: 'GET', url: `${url}?affiliateId=${w.affiliate.id}`, as: t.admin })).json().data.items;
    expect(list).toEqual([
      expect.objectContaining({ origin: 'auto', amount: '4', dateFrom: period.dateFrom, dateTo: period.dateTo, createdBy: null }),
    ]);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/settings/payment',
      as: t.admin,
      payload: { data: { autoInvoicePeriod: 'off', autoInvoiceAffiliateIds: null } },
    });
    expect(await verify(db)).toEqual([]);
  });
});
