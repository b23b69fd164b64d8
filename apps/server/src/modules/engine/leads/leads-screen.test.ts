import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { integrations, leadDeliveries, leadEvents, leads, offerAdvertisers, postbacks, userManagers, verticals } from '../../../db/schema';
import { deliverAll } from '../../../../test/deliveries';
import { LEAD_DELIVER_JOB } from './distribution';

const t = await useApp();
const db = t.database.db;

/** an advertiser API that takes every lead, and an affiliate postback receiver */
let server: Server;
let base = '';
const received: { url: string; body: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url!, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, id: `ADV-${received.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

const GRADES = [
  { key: 'hot', title: 'Hot' },
  { key: 'cold', title: 'Cold' },
];

type LeadInsert = typeof leads.$inferInsert;
let seq = 0;
async function lead(input: Partial<LeadInsert> & Pick<LeadInsert, 'offerId' | 'verticalId' | 'affiliateId'>) {
  const [row] = await db
    .insert(leads)
    .values({ status: 'new', createdAt: new Date(Date.UTC(2026, 0, 5, 12, 0, ++seq)), ...input })
    .returning();
  return row;
}

const get = (url: string, as: TestUser | null = t.admin) => t.request({ method: 'GET', url: `/api/v1${url}`, as });
const patch = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PATCH', url: '/api/v1/leads', as, payload: { items } });
const ids = (res: { json: () => { data: { items: { id: number }[] } } }) => res.json().data.items.map((i) => i.id);

// the market: two verticals, an offer in each, two affiliates, an advertiser, leads in several states
const v1 = await t.make.vertical({ title: 'Finance' });
const v2 = await t.make.vertical({ title: 'Nutra' });
await db.update(verticals).set({ leadGrades: GRADES }).where(eq(verticals.id, v1.id));
await db
  .update(verticals)
  .set({ leadGrades: [GRADES[0]] })
  .where(eq(verticals.id, v2.id));
const o1 = await t.make.offer({ verticalId: v1.id, title: 'Alpha loans' });
const o2 = await t.make.offer({ verticalId: v2.id, title: 'Beta pills' });
const adv = await t.make.advertiser({ verticalId: v1.id, title: 'Broker One' });
const a1 = await t.make.user({ type: 'affiliate' });
const a2 = await t.make.user({ type: 'affiliate' });
const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['front.menu.statistics.read', 'lead.assigned.read'] });
await db.insert(userManagers).values({ userId: a2.id, managerId: manager.id });

const sent = await lead({
  offerId: o1.id,
  verticalId: v1.id,
  affiliateId: a1.id,
  status: 'sent',
  firstName: 'Anna',
  lastName: 'Nowak',
  phone: '+48601234567',
  email: 'anna.nowak@example.com',
  country: 'PL',
  sub1: 'fb-7',
  advertiserId: adv.id,
  integrationId: adv.integration.id,
  advertiserLeadId: 'ADV-77',
  advertisersPool: [{ advertiserId: adv.id, result: 'accepted' }],
  createdAt: new Date('2026-01-10T23:30:00Z'),
});
const failed = await lead({
  offerId: o1.id,
  verticalId: v1.id,
  affiliateId: a1.id,
  status: 'failed',
  statusReason: 'Broker One: Internal error',
  country: 'DE',
  firstName: 'Jan',
});
const unsent = await lead({
  offerId: o2.id,
  verticalId: v2.id,
  affiliateId: a2.id,
  status: 'unsent',
  country: 'PL',
  email: 'b@example.com',
});
const testLead = await lead({ offerId: o1.id, verticalId: v1.id, affiliateId: a1.id, status: 'test', isTest: true });
await db.insert(leadEvents).values([
  { leadId: sent.id, type: 'created', data: { status: 'new' } },
  { leadId: sent.id, type: 'sent', data: { advertiserId: adv.id, integrationId: adv.integration.id } },
]);
await db.insert(leadDeliveries).values({
  leadId: sent.id,
  advertiserId: adv.id,
  integrationId: adv.integration.id,
  result: 'accepted',
  request: { method: 'POST', url: 'https://broker.example/api' },
  responseStatus: 200,
  responseBody: '{"ok":true}',
  advertiserLeadId: 'ADV-77',
  durationMs: 42,
});

describe('GET /leads', () => {
  it('lists newest first with the total, titles and the advertiser side for staff', async () => {
    const res = await get('/leads?withMeta=1');
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.meta.totalCount).toBe(4);
    // the totals row: how many leads of the whole filter are in each status
    expect(body.meta.totals).toEqual({ count: 4, byStatus: { sent: 1, test: 1, unsent: 1, failed: 1 } });
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([sent.id, testLead.id, unsent.id, failed.id]);
    const page = (await get('/leads?withMeta=1&limit=1&status=failed,unsent')).json().data;
    expect(page.items).toHaveLength(1);
    expect(page.meta.totals).toEqual({ count: 2, byStatus: { unsent: 1, failed: 1 } });
    expect(body.items[0]).toMatchObject({
      offer: { id: o1.id, title: 'Alpha loans' },
      vertical: { id: v1.id, title: 'Finance' },
      affiliate: { id: a1.id },
      advertiser: { id: adv.id, title: 'Broker One' },
      advertiserLeadId: 'ADV-77',
      advertisersPool: [{ advertiserId: adv.id, result: 'accepted' }],
    });
  });

  it('filters by status, offer, affiliate, country, sub, advertiser and pages by 25', async () => {
    expect(ids(await get('/leads?status=failed,unsent'))).toEqual([unsent.id, failed.id]);
    expect(ids(await get(`/leads?offerId=${o2.id}`))).toEqual([unsent.id]);
    expect(ids(await get(`/leads?affiliateId=${a2.id}`))).toEqual([unsent.id]);
    expect(ids(await get('/leads?country=pl'))).toEqual([sent.id, unsent.id]);
    expect(ids(await get('/leads?sub1=fb-7'))).toEqual([sent.id]);
    expect(ids(await get(`/leads?advertiserId=${adv.id}`))).toEqual([sent.id]);
    expect(ids(await get(`/leads?verticalId=${v2.id}`))).toEqual([unsent.id]);
    expect(ids(await get('/leads?limit=1&offset=1&orderBy=id:asc'))).toEqual([failed.id]);
    expect((await get('/leads')).json().data.items.length).toBeLessThanOrEqual(25);
  });

  it('searches by id, phone digits, e-mail and name', async () => {
    expect(ids(await get(`/leads?search=${sent.id}`))).toEqual([sent.id]);
    expect(ids(await get(`/leads?search=${encodeURIComponent('601 234')}`))).toEqual([sent.id]);
    expect(ids(await get('/leads?search=anna.nowak'))).toEqual([sent.id]);
    expect(ids(await get('/leads?search=nowak'))).toEqual([sent.id]);
    expect(ids(await get('/leads?search=50%25'))).toEqual([]);
  });

  it('reads the day range in the time zone given', async () => {
    // 23:30 UTC on Jan 10 is Jan 11 in Warsaw
    expect(ids(await get('/leads?dateFrom=2026-01-11&dateTo=2026-01-11&timezone=Europe/Warsaw'))).toEqual([sent.id]);
    expect(ids(await get('/leads?dateFrom=2026-01-11&dateTo=2026-01-11&timezone=UTC'))).toEqual([]);
    expect(ids(await get('/leads?dateFrom=2026-01-10&dateTo=2026-01-10&timezone=UTC'))).toEqual([sent.id]);
    expect(ids(await get(`/leads?from=${Date.UTC(2026, 0, 10) / 1000}`))).toEqual([sent.id]);
  });

  it('answers 400 with the error items for bad filters', async () => {
    for (const q of [
      'status=bogus',
      'dateFrom=2026-13-45',
      'dateFrom=yesterday',
      'orderBy=secret:asc',
      'limit=5000',
      'timezone=Mars/Base',
      'offerId=x',
    ]) {
      const res = await get(`/leads?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: expect.any(String),
        errors: [expect.objectContaining({ loc: expect.any(Array) })],
      });
    }
  });

  it('shows an affiliate its own leads only, without the advertiser side or delivery reasons', async () => {
    const res = await get('/leads?withMeta=1', a1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.meta.totals).toEqual({ count: 3, byStatus: { sent: 1, test: 1, failed: 1 } });
    const items = res.json().data.items as Record<string, unknown>[];
    expect(items.map((i) => i.id)).toEqual([sent.id, testLead.id, failed.id]);
    for (const i of items)
      for (const key of [
        'advertiser',
        'advertiserLeadId',
        'integrationId',
        'advertisersPool',
        'deliveryAttempts',
        'nextAttemptAt',
        'duplicateOf',
      ])
        expect(i).not.toHaveProperty(key);
    expect(items.find((i) => i.id === failed.id)!.statusReason).toBeNull();
    // another affiliate's filter does not widen the scope; the advertiser filter is ignored
    expect(ids(await get(`/leads?affiliateId=${a2.id}`, a1))).toEqual([]);
    expect(ids(await get(`/leads?advertiserId=${adv.id + 1000}`, a1))).toHaveLength(3);
  });

  it('shows a manager with lead.assigned.read the leads of its affiliates only; others without a lead permission get 403', async () => {
    expect(ids(await get('/leads', manager))).toEqual([unsent.id]);
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await get('/leads', member)).statusCode).toBe(403);
    expect((await get('/leads', null)).statusCode).toBe(401);
  });
});

describe('GET /leads/filters', () => {
  it('answers the values present in scope, narrowed by the other filters and the search', async () => {
    const offersAll = (await get('/leads/filters?filterSlug=offers')).json().data.items;
    expect(offersAll).toEqual([
      { value: o1.id, label: 'Alpha loans', count: 3 },
      { value: o2.id, label: 'Beta pills', count: 1 },
    ]);
    // the offers filter itself is ignored, the status filter narrows
    expect((await get(`/leads/filters?filterSlug=offers&status=unsent&offerId=${o1.id}`)).json().data.items).toEqual([
      { value: o2.id, label: 'Beta pills', count: 1 },
    ]);
    expect((await get('/leads/filters?filterSlug=offers&search=beta')).json().data.items.map((i: { value: number }) => i.value)).toEqual([
      o2.id,
    ]);
    expect((await get('/leads/filters?filterSlug=countries')).json().data.items).toEqual([
      { value: 'DE', label: 'DE', count: 1 },
      { value: 'PL', label: 'PL', count: 2 },
    ]);
    expect((await get('/leads/filters?filterSlug=statuses&country=PL')).json().data.items.map((i: { value: string }) => i.value)).toEqual([
      'sent',
      'unsent',
    ]);
    expect((await get('/leads/filters?filterSlug=advertisers')).json().data.items).toEqual([
      { value: adv.id, label: 'Broker One', count: 1 },
    ]);
    expect((await get('/leads/filters?filterSlug=leadGrades')).json().data.items).toEqual([{ value: 'none', label: 'none', count: 4 }]);
    expect((await get(`/leads/filters?filterSlug=verticals&timezone=Europe/Warsaw&dateFrom=2026-01-11`)).json().data.items).toEqual([
      { value: v1.id, label: 'Finance', count: 1 },
    ]);
  });

  it('keeps an affiliate to its own values and no advertisers', async () => {
    const affs = (await get('/leads/filters?filterSlug=affiliates', a1)).json().data.items;
    expect(affs.map((i: { value: number }) => i.value)).toEqual([a1.id]);
    expect((await get('/leads/filters?filterSlug=advertisers', a1)).json().data.items).toEqual([]);
    expect((await get('/leads/filters?filterSlug=offers', a1)).json().data.items.map((i: { value: number }) => i.value)).toEqual([o1.id]);
  });

  it('answers 400 for an unknown slug', async () => {
    const res = await get('/leads/filters?filterSlug=secrets');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['querystring', 'filterSlug']);
  });
});

describe('GET /leads/:id, history and advertiser data', () => {
  it('answers the lead for editing with its vertical grades and the actions staff may take', async () => {
    const res = await get(`/leads/${failed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({
      id: failed.id,
      leadGrades: GRADES,
      actions: ['resend', 'trash', 'grade'],
      statusReason: 'Broker One: Internal error',
    });
    expect((await get(`/leads/${sent.id}`)).json().data.items[0].actions).toEqual(['trash', 'grade']);
    expect((await get(`/leads/${testLead.id}`)).json().data.items[0].actions).toEqual([]);
  });

  it('gives an affiliate its own lead without actions or the advertiser, and 404 for another one', async () => {
    const own = (await get(`/leads/${sent.id}`, a1)).json().data.items[0];
    expect(own.actions).toEqual([]);
    expect(own).not.toHaveProperty('advertiser');
    expect(own.redirectUrl).toBeNull();
    expect((await get(`/leads/${unsent.id}`, a1)).statusCode).toBe(404);
    expect((await get('/leads/999999')).statusCode).toBe(404);
    expect((await get('/leads/abc')).statusCode).toBe(400);
  });

  it('answers the history, with the advertiser keys left out for the affiliate', async () => {
    const staff = (await get(`/leads/${sent.id}/history`)).json().data.items;
    expect(staff.map((e: { type: string }) => e.type)).toEqual(['created', 'sent']);
    expect(staff[1].data).toEqual({ advertiserId: adv.id, integrationId: adv.integration.id });
    const own = (await get(`/leads/${sent.id}/history`, a1)).json().data.items;
    expect(own[1].data).toEqual({});
    expect((await get(`/leads/${unsent.id}/history`, a1)).statusCode).toBe(404);
  });

  it('answers the advertiser data to staff and 403 to affiliates', async () => {
    const res = await get(`/leads/${sent.id}/advertiser-data`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({
        advertiser: { id: adv.id, title: 'Broker One' },
        result: 'accepted',
        responseStatus: 200,
        responseBody: '{"ok":true}',
        durationMs: 42,
      }),
    ]);
    expect((await get(`/leads/${sent.id}/advertiser-data`, a1)).statusCode).toBe(403);
    expect((await get(`/leads/${unsent.id}/advertiser-data`, manager)).statusCode).toBe(200);
    expect((await get(`/leads/${sent.id}/advertiser-data`, manager)).statusCode).toBe(404);
  });
});

describe('PATCH /leads', () => {
  it('sends a lead to trash with its history row and the event_trash postback', async () => {
    const l = await lead({
      offerId: o1.id,
      verticalId: v1.id,
      affiliateId: a1.id,
      status: 'unsent',
      nextAttemptAt: new Date(Date.now() + 60_000),
    });
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: a1.id,
        method: 'GET',
        url: `${base}/pb?lead={lead_id}&st={lead_status}`,
        events: ['event_trash'],
        status: 'active',
      })
      .returning();
    const res = await patch([{ id: l.id, action: 'trash' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { outcome: 'all', applied: [l.id], failed: [] }, message: `Changed leads: ${l.id}` });
    const [row] = await db.select().from(leads).where(eq(leads.id, l.id));
    expect(row).toMatchObject({ status: 'trash', nextAttemptAt: null });
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, l.id));
    expect(events).toEqual([expect.objectContaining({ type: 'trash', userId: t.admin.id, data: { from: 'unsent', to: 'trash' } })]);
    received.length = 0;
    await deliverAll(t);
    expect(received.map((r) => r.url)).toEqual([`/pb?lead=${l.id}&st=trash`]);
    await db.update(postbacks).set({ status: 'inactive' }).where(eq(postbacks.id, pb.id));
    // trash again: nothing applied
    expect((await patch([{ id: l.id, action: 'trash' }])).json()).toMatchObject({
      data: { outcome: 'none', applied: [], failed: [{ id: l.id }] },
      message: `No lead was changed: ${l.id}`,
    });
  });

  it('changes the lead grade and fires event_lead_grade_changed; mass changes report applied and failed ids', async () => {
    const x = await lead({ offerId: o1.id, verticalId: v1.id, affiliateId: a1.id, status: 'sent' });
    const y = await lead({ offerId: o1.id, verticalId: v1.id, affiliateId: a1.id, status: 'sent', leadGrade: 'hot' });
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: a1.id,
        method: 'GET',
        url: `${base}/grade?lead={lead_id}&g={lead_grade}`,
        events: ['event_lead_grade_changed'],
        status: 'active',
      })
      .returning();

    const partial = await patch([
      { id: x.id, action: 'grade', leadGrade: 'hot' },
      { id: y.id, action: 'grade', leadGrade: 'hot' },
    ]);
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      data: { outcome: 'partial', applied: [x.id], failed: [{ id: y.id, reason: 'The lead already has this grade' }] },
      message: `Changed leads: ${x.id}. Not changed: ${y.id}`,
    });
    const all = await patch([
      { id: x.id, action: 'grade', leadGrade: 'cold' },
      { id: y.id, action: 'grade', leadGrade: 'cold' },
    ]);
    expect(all.json().data).toEqual({ outcome: 'all', applied: [x.id, y.id], failed: [] });
    expect((await patch([{ id: x.id, action: 'grade', leadGrade: 'cold' }])).json().data.outcome).toBe('none');

    const history = await db.select().from(leadEvents).where(eq(leadEvents.leadId, x.id)).orderBy(leadEvents.id);
    expect(history.map((e) => e.data)).toEqual([
      { from: null, to: 'hot' },
      { from: 'hot', to: 'cold' },
    ]);
    received.length = 0;
    await deliverAll(t);
    expect(received.map((r) => r.url).sort()).toEqual(
      [`/grade?lead=${x.id}&g=cold`, `/grade?lead=${x.id}&g=hot`, `/grade?lead=${y.id}&g=cold`].sort(),
    );
    await db.update(postbacks).set({ status: 'inactive' }).where(eq(postbacks.id, pb.id));
  });

  it('refuses a mass grade change across verticals, an unknown grade and a missing grade with 400, writing nothing', async () => {
    const before = (await db.select().from(leads).where(eq(leads.id, failed.id)))[0].leadGrade;
    const across = await patch([
      { id: failed.id, action: 'grade', leadGrade: 'hot' },
      { id: unsent.id, action: 'grade', leadGrade: 'hot' },
    ]);
    expect(across.statusCode).toBe(400);
    expect(across.json()).toMatchObject({
      statusCode: 400,
      message: 'A mass lead grade change needs every lead in the same vertical',
      errors: [{ loc: ['body', 'items'] }],
    });
    const unknown = await patch([{ id: failed.id, action: 'grade', leadGrade: 'lukewarm' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].loc).toEqual(['body', 'items', 0, 'leadGrade']);
    const missing = await patch([{ id: failed.id, action: 'grade' }]);
    expect(missing.statusCode).toBe(400);
    expect((await patch([{ id: failed.id, action: 'explode' }])).statusCode).toBe(400);
    expect((await patch([])).statusCode).toBe(400);
    expect(
      (
        await patch([
          { id: failed.id, action: 'trash' },
          { id: failed.id, action: 'trash' },
        ])
      ).statusCode,
    ).toBe(400);
    const after = (await db.select().from(leads).where(eq(leads.id, failed.id)))[0];
    expect(after).toMatchObject({ leadGrade: before, status: 'failed' });
  });

  it('is for staff with lead.update only; leads out of reach are 404', async () => {
    expect((await patch([{ id: sent.id, action: 'trash' }], a1)).statusCode).toBe(403);
    expect((await patch([{ id: unsent.id, action: 'trash' }], manager)).statusCode).toBe(403);
    expect((await patch([{ id: 999999, action: 'trash' }])).statusCode).toBe(404);
  });

  it('resends a failed lead: it is reset and really delivered to the advertiser again; a sent or test lead is not resent', async () => {
    const vertical = await t.make.vertical();
    const offer = await t.make.offer({ verticalId: vertical.id });
    const a = await t.make.advertiser({ verticalId: vertical.id });
    await db
      .update(integrations)
      .set({
        outApi: {
          method: 'POST',
          url: `${base}/accept`,
          headers: [],
          bodyFormat: 'json',
          fieldMappings: [
            { target: 'phone', source: 'lead', value: 'phone' },
            { target: 'ref', source: 'macro', value: 'leadId' },
          ],
          timeoutMs: 5000,
          response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id' },
        },
      })
      .where(eq(integrations.id, a.integration.id));
    await db.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: a.id, integrationId: a.integration.id });
    const l = await lead({
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: a1.id,
      status: 'failed',
      statusReason: 'No advertiser accepted',
      deliveryAttempts: 6,
      phone: '+48601000111',
    });

    const res = await patch([
      { id: l.id, action: 'resend' },
      { id: sent.id, action: 'resend' },
      { id: testLead.id, action: 'resend' },
    ]);
    expect(res.json().data).toMatchObject({
      outcome: 'partial',
      applied: [l.id],
      failed: [{ id: sent.id, reason: 'A sent lead cannot be resent' }, { id: testLead.id }],
    });
    expect((await db.select().from(leads).where(eq(leads.id, l.id)))[0]).toMatchObject({
      status: 'new',
      statusReason: null,
      deliveryAttempts: 0,
    });

    received.length = 0;
    expect(await t.queue.runDue(LEAD_DELIVER_JOB, { ignoreStartAfter: true })).toBeGreaterThanOrEqual(1);
    expect(received).toEqual([expect.objectContaining({ url: '/accept', body: expect.stringContaining(`"ref":"${l.id}"`) })]);
    const [after] = await db.select().from(leads).where(eq(leads.id, l.id));
    expect(after).toMatchObject({ status: 'sent', advertiserId: a.id });
    expect((await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, l.id)))[0]).toMatchObject({ result: 'accepted' });
    const types = (await db.select().from(leadEvents).where(eq(leadEvents.leadId, l.id)).orderBy(leadEvents.id)).map((e) => e.type);
    expect(types).toEqual(['resend', 'sent']);
  });
});
