import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import {
  auditLog,
  campaigns,
  clicks,
  conversions,
  currencies,
  currencyRates,
  leads,
  postbacks,
  systemLogs,
  userManagers,
} from '../../../db/schema';
import { deliverAll as deliverPostbacks } from '../../../../test/deliveries';

const t = await useApp();
const db = t.database.db;

/** the affiliate's postback receiver */
let server: Server;
let base = '';
const received: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url!);
    res.writeHead(200);
    res.end('OK');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
const deliverAll = () => deliverPostbacks(t);
beforeEach(async () => {
  await deliverAll();
  received.length = 0;
});

/** an offer of a vertical with two goals, an affiliate with a lead, a campaign and conversions of the given statuses */
async function world(statuses: number[] = [1, 1, 3], extra: Partial<typeof conversions.$inferInsert> = {}) {
  const vertical = await t.make.vertical({ goals: ['Registration', 'Deposit'] });
  const offer = await t.make.offer({ verticalId: vertical.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  const affiliate = await t.make.user({ type: 'affiliate' });
  const [campaign] = await db
    .insert(campaigns)
    .values({ title: 'Spring push', offerId: offer.id, affiliateId: affiliate.id, key: `k${Math.random().toString(36).slice(2, 12)}` })
    .returning();
  const [lead] = await db
    .insert(leads)
    .values({
      status: 'sent',
      phone: '+48601000000',
      country: 'PL',
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: affiliate.id,
      advertiserId: advertiser.id,
      sub1: 'fb',
      createdAt: t.clock.now,
    })
    .returning();
  const rows = await db
    .insert(conversions)
    .values(
      statuses.map((status) => ({
        affiliateId: affiliate.id,
        offerId: offer.id,
        advertiserId: advertiser.id,
        campaignId: campaign.id,
        leadId: lead.id,
        status,
        revenue: '50',
        revenueCurrency: 'USD',
        payout: '30',
        payoutCurrency: 'USD',
        baseRevenue: '50',
        basePayout: '30',
        baseCurrency: 'USD',
        createdAt: t.clock.now,
        ...extra,
      })),
    )
    .returning();
  const goals = await db.query.verticalGoals.findMany({
    where: (g, { eq: e }) => e(g.verticalId, vertical.id),
    orderBy: (g, { asc }) => asc(g.id),
  });
  return { vertical, offer, advertiser, affiliate, campaign, lead, rows, goals };
}

async function listenFor(affiliateId: number, events: string[]) {
  const [row] = await db
    .insert(postbacks)
    .values({
      scope: 'affiliate',
      affiliateId,
      method: 'GET',
      events,
      status: 'active',
      url: `${base}/pb?c={conversion_id}&s={status}&p={payout}&g={goal}&s1={sub1}`,
    })
    .returning();
  return row;
}

const change = (as: Parameters<typeof t.request>[0]['as'], payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/conversions/change_status', as, payload });
const patch = (as: Parameters<typeof t.request>[0]['as'], payload: object) =>
  t.request({ method: 'PATCH', url: '/api/v1/conversions', as, payload });
const rowOf = async (id: number) => (await db.select().from(conversions).where(eq(conversions.id, id)))[0];

describe('POST /api/v1/conversions/change_status', () => {
  it('approves one conversion, writes statusChangedAt and delivers conversion_approved to the affiliate receiver', async () => {
    const w = await world([1]);
    await db
      .update(conversions)
      .set({ autoApproveAt: new Date(t.clock.now.getTime() + 3600_000) })
      .where(eq(conversions.id, w.rows[0].id));
    const pb = await listenFor(w.affiliate.id, ['conversion_approved']);
    const res = await change(t.admin, { items: [{ id: w.rows[0].id, status: 3 }], sendPostback: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { outcome: 'all', applied: [w.rows[0].id], failed: [], postbacks: 1 },
      message: 'Changed 1 conversion(s)',
    });
    const row = await rowOf(w.rows[0].id);
    expect(row).toMatchObject({ status: 3, autoApproveAt: null });
    expect(row.statusChangedAt?.getTime()).toBe(t.clock.now.getTime());
    await deliverAll();
    expect(received).toEqual([`/pb?c=${w.rows[0].id}&s=approved&p=30&g=&s1=fb`]);
    const logs = await db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.type, 'postback_out'), eq(systemLogs.postbackId, pb.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0].success).toBe(true);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'conversion'), eq(auditLog.entityId, w.rows[0].id)));
    expect(audit[0]).toMatchObject({ action: 'change_status', userId: t.admin.id });
  });

  it('changes many at once, answers the applied and failed ids, and sends nothing without sendPostback', async () => {
    const w = await world([1, 2, 3]);
    await listenFor(w.affiliate.id, ['conversion_rejected', 'conversion_deferred', 'conversion_approved']);
    const [a, b, c] = w.rows.map((r) => r.id);
    const res = await change(t.admin, {
      items: [
        { id: a, status: 4 },
        { id: b, status: 4 },
        { id: c, status: 3 },
        { id: 999999999, status: 4 },
      ],
      sendPostback: false,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ outcome: 'partial', applied: [a, b], postbacks: 0 });
    expect(data.failed).toEqual([
      { id: c, reason: `Conversion ${c} is already approved` },
      { id: 999999999, reason: 'Conversion 999999999 not found' },
    ]);
    expect(res.json().message).toContain(`not changed: ${c}, 999999999`);
    expect(
      (
        await db
          .select()
          .from(conversions)
          .where(inArray(conversions.id, [a, b]))
      ).map((r) => r.status),
    ).toEqual([4, 4]);
    await deliverAll();
    expect(received).toEqual([]);
  });

  it('holds with conversion_deferred and refuses transitions it does not allow with 409 naming each item', async () => {
    const w = await world([1, 3]);
    await listenFor(w.affiliate.id, ['conversion_deferred']);
    const held = await change(t.admin, { items: [{ id: w.rows[0].id, status: 2 }], sendPostback: true });
    expect(held.json().data.postbacks).toBe(1);
    await deliverAll();
    expect(received[0]).toContain('s=hold');
    const refused = await change(t.admin, { items: [{ id: w.rows[1].id, status: 2 }], sendPostback: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      message: 'An approved conversion cannot be put on hold',
      errors: [{ loc: ['body', 'items', 0, 'status'] }],
    });
    expect((await rowOf(w.rows[1].id)).status).toBe(3);
  });

  it('fires nothing for a hidden conversion', async () => {
    const w = await world([1], { isHidden: true });
    await listenFor(w.affiliate.id, ['conversion_approved']);
    const res = await change(t.admin, { items: [{ id: w.rows[0].id, status: 3 }], sendPostback: true });
    expect(res.json().data).toMatchObject({ applied: [w.rows[0].id], postbacks: 0 });
  });

  it('refuses bad bodies with 400 and nothing written', async () => {
    const w = await world([1]);
    for (const payload of [
      { items: [{ id: w.rows[0].id, status: 1 }] },
      { items: [{ id: w.rows[0].id, status: 9 }] },
      { items: [] },
      { items: [{ id: 'x', status: 3 }] },
      { items: [{ id: w.rows[0].id, status: 3 }], sendPostback: 'yes' },
    ]) {
      const res = await change(t.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String), errors: expect.any(Array) });
    }
    expect((await rowOf(w.rows[0].id)).status).toBe(1);
  });

  it('is forbidden to affiliates and to staff without conversion.update; assigned managers reach their affiliates only', async () => {
    const w = await world([1]);
    const other = await world([1]);
    expect((await change(w.affiliate, { items: [{ id: w.rows[0].id, status: 3 }] })).statusCode).toBe(403);
    const reader = await t.make.user({ type: 'employee', permissions: ['conversion.read'] });
    expect((await change(reader, { items: [{ id: w.rows[0].id, status: 3 }] })).statusCode).toBe(403);
    const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['conversion.assigned.read', 'conversion.update'] });
    await db.insert(userManagers).values({ userId: w.affiliate.id, managerId: manager.id });
    const mine = await change(manager, {
      items: [
        { id: w.rows[0].id, status: 3 },
        { id: other.rows[0].id, status: 3 },
      ],
    });
    expect(mine.json().data).toMatchObject({
      applied: [w.rows[0].id],
      failed: [{ id: other.rows[0].id, reason: `Conversion ${other.rows[0].id} not found` }],
    });
    // out of scope (or unknown) is a 404 naming the item, like the detail — not a 409
    const theirs = await change(manager, { items: [{ id: other.rows[0].id, status: 3 }] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ statusCode: 404, errors: [{ type: 'notFound', loc: ['body', 'items', 0, 'id'] }] });
    const unknown = await change(t.admin, {
      items: [
        { id: 999999999, status: 3 },
        { id: 999999998, status: 4 },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await rowOf(other.rows[0].id)).status).toBe(1);
  });
});

describe('PATCH /api/v1/conversions', () => {
  it('edits amounts decimal-exact and recomputes the base amounts at the rates of the conversion time', async () => {
    const eur = { code: 'EUR', name: 'Euro', title: 'Euro', symbol: '€', symbolNative: '€', status: 'active' };
    const [cur] = await db
      .insert(currencies)
      .values({ ...eur, rate: '0.8' })
      .onConflictDoUpdate({ target: currencies.code, set: { rate: '0.8' } })
      .returning();
    const created = new Date(t.clock.now.getTime() - 10 * 86400_000);
    // at the conversion's time EUR stood at 0.9; today it is 0.8
    await db.insert(currencyRates).values([
      { currencyId: cur.id, rate: '0.9', validFrom: new Date(created.getTime() - 86400_000) },
      { currencyId: cur.id, rate: '0.8', validFrom: new Date(created.getTime() + 86400_000) },
    ]);
    const w = await world([1], { payoutCurrency: 'EUR', payout: '27', basePayout: '30', createdAt: created });
    const id = w.rows[0].id;
    const res = await patch(t.admin, { items: [{ id, payout: '0.3', revenue: '0.1', publicNotes: '  checked  ', goalId: w.goals[1].id }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Conversion saved');
    expect(res.json().data.items[0]).toMatchObject({
      id,
      payout: '0.3',
      basePayout: '0.33333333',
      revenue: '0.1',
      baseRevenue: '0.1',
      profit: '-0.23333333',
      publicNotes: 'checked',
      goal: { id: w.goals[1].id, title: 'Deposit' },
    });
    expect(await rowOf(id)).toMatchObject({
      payout: '0.30000000',
      basePayout: '0.33333333',
      revenue: '0.10000000',
      baseRevenue: '0.10000000',
      status: 1,
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'conversion'), eq(auditLog.entityId, id)));
    expect(audit[0].changes).toMatchObject({ before: { payout: '27.00000000' }, after: { payout: '0.30000000' } });
  });

  it('hides a conversion from its affiliate and changes the status by the same rule, all items or none', async () => {
    const w = await world([1, 3]);
    const [a, b] = w.rows.map((r) => r.id);
    const bad = await patch(t.admin, {
      items: [
        { id: a, isHidden: true },
        { id: b, status: 2 },
      ],
    });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 1, 'status']);
    expect((await rowOf(a)).isHidden).toBe(false);
    const ok = await patch(t.admin, {
      items: [
        { id: a, isHidden: true, status: 4 },
        { id: b, publicNotes: null },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('2 conversions saved');
    expect(await rowOf(a)).toMatchObject({ isHidden: true, status: 4 });
    const seen = await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}`, as: w.affiliate });
    expect(seen.json().data.items.map((c: { id: number }) => c.id)).toEqual([b]);
  });

  it('refuses bad amounts and a goal of another vertical with 400 naming the field, unknown ids with 404', async () => {
    const w = await world([1]);
    const other = await world([1]);
    const id = w.rows[0].id;
    const cases: [unknown, (string | number)[]][] = [
      [{ id, payout: '-1' }, ['body', 'items', 0, 'payout']],
      [{ id, payout: '1.123456789' }, ['body', 'items', 0, 'payout']],
      [{ id, revenue: 'ten' }, ['body', 'items', 0, 'revenue']],
      [{ id, revenue: '1234567890123' }, ['body', 'items', 0, 'revenue']],
      [{ id, goalId: other.goals[0].id }, ['body', 'items', 0, 'goalId']],
      [{ id, isHidden: 'yes' }, ['body', 'items', 0, 'isHidden']],
    ];
    for (const [item, loc] of cases) {
      const res = await patch(t.admin, { items: [item] });
      expect(res.statusCode, JSON.stringify(item)).toBe(400);
      expect(res.json().errors[0].loc).toEqual(loc);
    }
    expect(await rowOf(id)).toMatchObject({ payout: '30.00000000', goalId: null });
    const unknown = await patch(t.admin, {
      items: [
        { id, payout: '1' },
        { id: 999999999, payout: '1' },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([{ msg: 'notFound', type: 'notFound', loc: ['body', 'items', 1, 'id'] }]);
    expect(await rowOf(id)).toMatchObject({ payout: '30.00000000' });
  });

  it('is forbidden to affiliates and staff without conversion.update; out of an assigned scope is not found', async () => {
    const w = await world([1]);
    expect((await patch(w.affiliate, { items: [{ id: w.rows[0].id, payout: '1' }] })).statusCode).toBe(403);
    const reader = await t.make.user({ type: 'employee', permissions: ['conversion.read'] });
    expect((await patch(reader, { items: [{ id: w.rows[0].id, payout: '1' }] })).statusCode).toBe(403);
    const manager = await t.make.user({ type: 'employee', permissions: ['conversion.assigned.read', 'conversion.update'] });
    expect((await patch(manager, { items: [{ id: w.rows[0].id, payout: '1' }] })).statusCode).toBe(404);
    expect((await rowOf(w.rows[0].id)).payout).toBe('30.00000000');
  });
});

describe('conversion look-ups, detail and list filters', () => {
  it('answers the statuses, data-traffic statuses and marks', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const statuses = await t.request({ method: 'GET', url: '/api/v1/conversions/statuses', as: aff });
    expect(statuses.json().data.items).toEqual([
      { id: 1, name: 'pending', title: 'Pending' },
      { id: 2, name: 'hold', title: 'Hold' },
      { id: 3, name: 'approved', title: 'Approved' },
      { id: 4, name: 'rejected', title: 'Rejected' },
    ]);
    const data = await t.request({ method: 'GET', url: '/api/v1/conversions/data-traffic-statuses', as: t.admin });
    expect(data.json().data.items[2]).toEqual({ id: 3, name: 'approved', title: 'Approved', metric: 'conversions_approved' });
    const marks = await t.request({ method: 'GET', url: '/api/v1/conversions/marks', as: t.admin });
    expect(marks.json().data.items).toEqual([{ name: 'late_conversion', title: 'Late conversion' }]);
    const nobody = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/conversions/statuses', as: nobody })).statusCode).toBe(403);
  });

  it('answers one conversion with the vertical goals for staff, without staff fields for its affiliate, 404 for others', async () => {
    const w = await world([1]);
    const id = w.rows[0].id;
    const staff = await t.request({ method: 'GET', url: `/api/v1/conversions/${id}`, as: t.admin });
    expect(staff.json().data.items[0]).toMatchObject({
      id,
      offer: { id: w.offer.id },
      campaign: { id: w.campaign.id, title: 'Spring push' },
      country: 'PL',
      advertiser: { id: w.advertiser.id },
      goals: w.goals.map((g) => ({ id: g.id, title: g.title })),
    });
    const own = await t.request({ method: 'GET', url: `/api/v1/conversions/${id}`, as: w.affiliate });
    for (const key of ['revenue', 'profit', 'advertiser', 'advertiserId', 'postbackParams', 'goals', 'isHidden'])
      expect(own.json().data.items[0]).not.toHaveProperty(key);
    const stranger = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: `/api/v1/conversions/${id}`, as: stranger })).statusCode).toBe(404);
  });

  it('filters by campaign, country, mark, click id search and a day range in a time zone', async () => {
    const w = await world([1, 3]);
    const clickId = '0b7c6f1e-3a52-4d1e-9d6a-4c1f2e3d4b5a';
    await db
      .insert(clicks)
      .values({ id: clickId, createdAt: t.clock.now, offerId: w.offer.id, affiliateId: w.affiliate.id, country: 'DE', status: 1 })
      .onConflictDoNothing();
    const [late] = await db
      .insert(conversions)
      .values({
        ...w.rows[0],
        id: undefined,
        leadId: null,
        clickId,
        marks: ['late_conversion'],
        createdAt: new Date('2026-03-01T23:30:00Z'),
      })
      .returning();
    const q = (query: string, as: Parameters<typeof t.request>[0]['as'] = t.admin) =>
      t
        .request({ method: 'GET', url: `/api/v1/conversions?offerId=${w.offer.id}&${query}`, as })
        .then((r) => r.json().data.items.map((c: { id: number }) => c.id));
    expect(await q(`campaignId=${w.campaign.id}&mark=late_conversion`)).toEqual([late.id]);
    expect(await q('country=de')).toEqual([late.id]);
    expect(await q('country=PL&mark=none')).toEqual([w.rows[1].id, w.rows[0].id]);
    expect(await q(`search=${clickId.toUpperCase()}`)).toEqual([late.id]);
    expect(await q(`search=${w.lead.id}`)).toEqual([w.rows[1].id, w.rows[0].id]);
    // 23:30 UTC on 1 March is 2 March in Warsaw
    expect(await q('dateFrom=2026-03-02&dateTo=2026-03-02&timezone=Europe/Warsaw')).toEqual([late.id]);
    expect(await q('dateFrom=2026-03-02&dateTo=2026-03-02&timezone=UTC')).toEqual([]);
    expect(await q('status=approved', w.affiliate)).toEqual([w.rows[1].id]);
    const bad = await t.request({ method: 'GET', url: '/api/v1/conversions?clickId=abc', as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc.slice(0, 2)).toEqual(['querystring', 'clickId']);
  });

  it('answers the dependent filters with counts, narrowed by the other filters and the scope', async () => {
    const w = await world([1, 3, 3]);
    const f = (query: string, as: Parameters<typeof t.request>[0]['as'] = t.admin) =>
      t.request({ method: 'GET', url: `/api/v1/conversions/filters?${query}`, as }).then((r) => r.json().data.items);
    expect(await f(`filterSlug=statuses&offerId=${w.offer.id}`)).toEqual([
      { value: 'approved', label: 'Approved', count: 2 },
      { value: 'pending', label: 'Pending', count: 1 },
    ]);
    expect(await f(`filterSlug=campaigns&offerId=${w.offer.id}&status=approved&search=spring`)).toEqual([
      { value: w.campaign.id, label: 'Spring push', count: 2 },
    ]);
    expect(await f(`filterSlug=countries&offerId=${w.offer.id}`)).toEqual([{ value: 'PL', label: 'PL', count: 3 }]);
    expect(await f(`filterSlug=offers&offerId=999999`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: w.offer.id, count: 3 })]),
    );
    expect(await f(`filterSlug=advertisers&offerId=${w.offer.id}`, w.affiliate)).toEqual([]);
    expect(await f('filterSlug=offers', w.affiliate)).toEqual([{ value: w.offer.id, label: w.offer.title, count: 3 }]);
    const bad = await t.request({ method: 'GET', url: '/api/v1/conversions/filters?filterSlug=nope', as: t.admin });
    expect(bad.statusCode).toBe(400);
  });
});
