import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { auditLog, clicks, userManagers } from '../../../db/schema';
import { INVALID_REASONS } from '../tracking/click';
import { CLICK_INVALID_REASONS } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';

const t = await useApp();
const db = t.database.db;

type ClickInsert = typeof clicks.$inferInsert;

/** two affiliates (the second managed by a manager) with clicks of one offer, now */
async function world() {
  const offer = await t.make.offer();
  const lander = await t.make.lander({ offerId: offer.id });
  const a = await t.make.user({ type: 'affiliate' });
  const b = await t.make.user({ type: 'affiliate' });
  const now = t.clock.now.getTime();
  const row = (affiliateId: number, extra: Partial<ClickInsert> = {}): ClickInsert => ({
    id: randomUUID(),
    createdAt: new Date(now - 60_000),
    status: 1,
    affiliateId,
    offerId: offer.id,
    landerId: lander.id,
    country: 'DE',
    ip: '10.0.0.1',
    userAgent: 'Mozilla/5.0',
    browser: 'Chrome',
    os: 'Windows',
    deviceType: 'desktop',
    targetUrl: 'https://lander.example/?click=1&adv=secret',
    ...extra,
  });
  const rows = await db
    .insert(clicks)
    .values([
      row(a.id, { createdAt: new Date(now - 120_000), isUnique: true, sub1: 'fb', country: 'FR', params: { gclid: 'x' } }),
      row(a.id, { createdAt: new Date(now - 60_000), ip: '10.0.0.2', os: 'iOS', deviceType: 'mobile' }),
      row(b.id, { createdAt: new Date(now - 30_000), status: 2, invalidReason: 'bot', isBot: true }),
      // three days ago: outside the default period
      row(a.id, { createdAt: new Date(now - 3 * 86_400_000) }),
    ])
    .returning();
  return { offer, lander, a, b, rows };
}

const get = (url: string, as = t.admin) => t.request({ method: 'GET', url, as });
const ids = (res: { json(): { data: { items: { id: string }[] } } }) => res.json().data.items.map((c) => c.id);

describe('GET /api/v1/clicks/valid|invalid', () => {
  it('lists today valid clicks for staff, newest first, with titles, target URL and a bounded count', async () => {
    const w = await world();
    const res = await get(`/api/v1/clicks/valid?offerId=${w.offer.id}&withMeta=1`);
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(items.map((c: { id: string }) => c.id)).toEqual([w.rows[1].id, w.rows[0].id]);
    expect(meta).toEqual({ totalCount: 2, totalCapped: false });
    expect(items[1]).toMatchObject({
      offerTitle: w.offer.title,
      landerTitle: w.lander.title,
      affiliateId: w.a.id,
      isUnique: true,
      sub1: 'fb',
      country: 'FR',
      params: { gclid: 'x' },
    });
    expect(items[1].targetUrl).toContain('adv=secret');
    expect(items[1].affiliateName).toMatch(/Test User/);
    const invalid = await get(`/api/v1/clicks/invalid?offerId=${w.offer.id}`);
    expect(ids(invalid)).toEqual([w.rows[2].id]);
    expect(invalid.json().data.items[0]).toMatchObject({ status: 2, invalidReason: 'bot', isBot: true });
  });

  it('filters by period, country, unique, device, OS, browser, subs, ip, click id, search and invalid reason', async () => {
    const w = await world();
    const base = `/api/v1/clicks/valid?offerId=${w.offer.id}`;
    const from = Math.floor(t.clock.now.getTime() / 1000) - 4 * 86_400;
    expect(ids(await get(`${base}&from=${from}`))).toEqual([w.rows[1].id, w.rows[0].id, w.rows[3].id]);
    expect(ids(await get(`${base}&country=fr`))).toEqual([w.rows[0].id]);
    expect(ids(await get(`${base}&unique=1`))).toEqual([w.rows[0].id]);
    expect(ids(await get(`${base}&unique=0`))).toEqual([w.rows[1].id]);
    expect(ids(await get(`${base}&deviceType=mobile&os=iOS`))).toEqual([w.rows[1].id]);
    expect(ids(await get(`${base}&browser=Firefox`))).toEqual([]);
    expect(ids(await get(`${base}&sub1=fb`))).toEqual([w.rows[0].id]);
    expect(ids(await get(`${base}&ip=10.0.0.2`))).toEqual([w.rows[1].id]);
    expect(ids(await get(`${base}&clickId=${w.rows[0].id}`))).toEqual([w.rows[0].id]);
    expect(ids(await get(`${base}&search=${w.rows[1].id}`))).toEqual([w.rows[1].id]);
    expect(ids(await get(`${base}&search=10.0.0.2`))).toEqual([w.rows[1].id]);
    expect(ids(await get(`${base}&affiliateId=${w.b.id}`))).toEqual([]);
    expect(ids(await get(`/api/v1/clicks/invalid?offerId=${w.offer.id}&invalidReason=bot&bot=1`))).toEqual([w.rows[2].id]);
    expect(ids(await get(`/api/v1/clicks/invalid?offerId=${w.offer.id}&invalidReason=no_lander`))).toEqual([]);
    expect(ids(await get(`${base}&limit=1&offset=1`))).toEqual([w.rows[0].id]);
  });

  it('reads "today" in the given time zone', async () => {
    const offer = await t.make.offer();
    const now = DateTime.fromJSDate(t.clock.now);
    const times = [now.minus({ minutes: 1 }), now.minus({ hours: 20 })];
    const rows = await db
      .insert(clicks)
      .values(times.map((at) => ({ id: randomUUID(), createdAt: at.toJSDate(), status: 1, offerId: offer.id })))
      .returning();
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const start = now.setZone(zone).startOf('day');
      const expected = rows.filter((r) => r.createdAt.getTime() >= start.toMillis()).map((r) => r.id);
      expect(ids(await get(`/api/v1/clicks/valid?offerId=${offer.id}&timezone=${encodeURIComponent(zone)}`))).toEqual(expected);
    }
  });

  it('gives an affiliate only its own clicks, without target URL or team', async () => {
    const w = await world();
    const res = await get(`/api/v1/clicks/valid?offerId=${w.offer.id}`, w.a);
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items;
    expect(items.map((c: { affiliateId: number }) => c.affiliateId)).toEqual([w.a.id, w.a.id]);
    for (const key of ['targetUrl', 'teamId']) expect(items[0]).not.toHaveProperty(key);
    expect(ids(await get(`/api/v1/clicks/invalid?affiliateId=${w.b.id}`, w.a))).toEqual([]);
    expect((await get(`/api/v1/clicks/${w.rows[2].id}`, w.a)).statusCode).toBe(404);
  });

  it('limits assigned managers to their affiliates and refuses users without a clicks permission', async () => {
    const w = await world();
    const manager = await t.make.user({ type: 'employee', permissions: ['click.assigned.read'] });
    await db.insert(userManagers).values({ userId: w.b.id, managerId: manager.id });
    expect(ids(await get(`/api/v1/clicks/invalid?offerId=${w.offer.id}`, manager))).toEqual([w.rows[2].id]);
    expect(ids(await get(`/api/v1/clicks/valid?offerId=${w.offer.id}`, manager))).toEqual([]);
    const nobody = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await get('/api/v1/clicks/valid', nobody)).statusCode).toBe(403);
    expect((await get('/api/v1/clicks/filters?slug=offer', nobody)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/clicks/valid' })).statusCode).toBe(401);
  });

  it('refuses bad filters, an unbounded period and deep offsets with 400 naming the parameter', async () => {
    const cases: [string, (string | number)[]][] = [
      ['country=DEU', ['querystring', 'country']],
      ['offerId=abc', ['querystring', 'offerId']],
      ['unique=maybe', ['querystring', 'unique']],
      ['clickId=nope', ['querystring', 'clickId']],
      ['invalidReason=lazy', ['querystring', 'invalidReason']],
      ['timezone=Mars/Base', ['querystring', 'timezone']],
      ['orderBy=ip:asc', ['querystring', 'orderBy']],
      ['status=1', ['querystring', 'status']],
      ['from=0&to=86400000', ['querystring', 'from']],
      ['from=2000&to=1000', ['querystring', 'to']],
      ['offset=20000', ['querystring', 'offset']],
    ];
    for (const [query, loc] of cases) {
      const res = await get(`/api/v1/clicks/valid?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
      expect(res.json().errors[0].loc.slice(0, 2), query).toEqual(loc);
    }
  });
});

describe('GET /api/v1/clicks/:id', () => {
  it('answers one click in items, 404 when missing, 400 for a bad id', async () => {
    const w = await world();
    const res = await get(`/api/v1/clicks/${w.rows[3].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ id: w.rows[3].id, userAgent: 'Mozilla/5.0', targetUrl: expect.any(String) });
    expect((await get(`/api/v1/clicks/${w.rows[0].id}`, w.a)).json().data.items[0]).not.toHaveProperty('targetUrl');
    expect((await get(`/api/v1/clicks/${randomUUID()}`)).statusCode).toBe(404);
    const bad = await get('/api/v1/clicks/123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['params', 'id']);
  });
});

describe('GET /api/v1/clicks/filters', () => {
  it('answers the values present in the scope and period, most frequent first, narrowed by the other filters and the query', async () => {
    const w = await world();
    const countries = await get(`/api/v1/clicks/filters?slug=country&offerId=${w.offer.id}`);
    expect(countries.statusCode).toBe(200);
    expect(countries.json().data.items).toEqual([
      { value: 'DE', label: 'DE', count: 2 },
      { value: 'FR', label: 'FR', count: 1 },
    ]);
    expect((await get(`/api/v1/clicks/filters?slug=country&offerId=${w.offer.id}&status=invalid`)).json().data.items).toEqual([
      { value: 'DE', label: 'DE', count: 1 },
    ]);
    const offers = await get(`/api/v1/clicks/filters?slug=offer&offerId=${w.offer.id}&query=${encodeURIComponent(w.offer.title)}`);
    expect(offers.json().data.items).toEqual([{ value: w.offer.id, label: w.offer.title, count: 3 }]);
    const affiliates = await get(`/api/v1/clicks/filters?slug=affiliate&offerId=${w.offer.id}`, w.a);
    expect(affiliates.json().data.items.map((x: { value: number }) => x.value)).toEqual([w.a.id]);
    const os = await get(`/api/v1/clicks/filters?slug=os&offerId=${w.offer.id}&query=io`);
    expect(os.json().data.items).toEqual([{ value: 'iOS', label: 'iOS', count: 1 }]);
    const bad = await get('/api/v1/clicks/filters?slug=advertiser');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'slug']);
  });
});

describe('PATCH /api/v1/clicks', () => {
  it('marks a click invalid with a reason and back valid, edits subs, records the audit, all or nothing', async () => {
    const w = await world();
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/clicks',
      as: t.admin,
      payload: {
        items: [
          { id: w.rows[0].id, status: 2, invalidReason: 'manual', sub2: 'edited' },
          { id: w.rows[2].id, status: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 clicks updated');
    expect(res.json().data.items[0]).toMatchObject({ id: w.rows[0].id, status: 2, invalidReason: 'manual', sub2: 'edited', sub1: 'fb' });
    expect(res.json().data.items[1]).toMatchObject({ status: 1, invalidReason: null });
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'click'));
    expect(audit.some((x) => (x.changes as { id?: string })?.id === w.rows[0].id)).toBe(true);
    // one unknown click: nothing changes
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/v1/clicks',
      as: t.admin,
      payload: {
        items: [
          { id: w.rows[1].id, sub3: 'x' },
          { id: randomUUID(), sub3: 'x' },
        ],
      },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].loc).toEqual(['body', 'items', 1, 'id']);
    const [still] = await db.select().from(clicks).where(eq(clicks.id, w.rows[1].id));
    expect(still.sub3).toBeNull();
  });

  it('refuses invalid without a reason, a reason without status 2, nothing to change and oversized subs with 400', async () => {
    const w = await world();
    const id = w.rows[1].id;
    const cases: [object, (string | number)[]][] = [
      [{ id, status: 2 }, ['body', 'items', 0, 'invalidReason']],
      [{ id, invalidReason: 'bot' }, ['body', 'items', 0, 'status']],
      [{ id }, ['body', 'items', 0, 'status']],
      [{ id, status: 3 }, ['body', 'items', 0, 'status']],
      [{ id, sub1: 'x'.repeat(256) }, ['body', 'items', 0, 'sub1']],
      [{ id: 'nope', sub1: 'x' }, ['body', 'items', 0, 'id']],
    ];
    for (const [item, loc] of cases) {
      const res = await t.request({ method: 'PATCH', url: '/api/v1/clicks', as: t.admin, payload: { items: [item] } });
      expect(res.statusCode, JSON.stringify(item)).toBe(400);
      expect(res.json().errors.map((e: { loc: unknown }) => e.loc)).toContainEqual(loc);
    }
  });

  it('is staff-only with click.update, and an assigned editor reaches only its affiliates', async () => {
    const w = await world();
    const body = { items: [{ id: w.rows[0].id, sub1: 'mine' }] };
    expect((await t.request({ method: 'PATCH', url: '/api/v1/clicks', as: w.a, payload: body })).statusCode).toBe(403);
    const reader = await t.make.user({ type: 'employee', permissions: ['click.read'] });
    expect((await t.request({ method: 'PATCH', url: '/api/v1/clicks', as: reader, payload: body })).statusCode).toBe(403);
    const editor = await t.make.user({ type: 'employee', permissions: ['click.assigned.read', 'click.update'] });
    await db.insert(userManagers).values({ userId: w.b.id, managerId: editor.id });
    expect((await t.request({ method: 'PATCH', url: '/api/v1/clicks', as: editor, payload: body })).statusCode).toBe(404);
    const own = await t.request({
      method: 'PATCH',
      url: '/api/v1/clicks',
      as: editor,
      payload: { items: [{ id: w.rows[2].id, sub1: 'ok' }] },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe('Click updated');
  });
});

describe('invalid reasons', () => {
  it('lists every reason the tracker keeps', () => {
    for (const r of INVALID_REASONS) expect(CLICK_INVALID_REASONS).toContain(r);
  });
});
