import { beforeAll, describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { eq } from 'drizzle-orm';
import { integrations, postbacks, systemLogs, userManagers, users, verticalGoals } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
const BASE = '/api/v1/postback-logs';

let affiliate: TestUser;
let other: TestUser;
let manager: TestUser;
let advertiserId: number;
const ids: Record<string, number> = {};

async function log(name: string, input: Partial<typeof systemLogs.$inferInsert> & { entity: string; createdAt: Date }) {
  const [row] = await db
    .insert(systemLogs)
    .values({ type: input.entity === 'affiliate' ? 'postback_out' : 'postback_in', success: true, msg: name, ...input })
    .returning({ id: systemLogs.id });
  ids[name] = row.id;
}

beforeAll(async () => {
  affiliate = await t.make.user({ type: 'affiliate' });
  other = await t.make.user({ type: 'affiliate' });
  manager = await t.make.user({
    type: 'affiliate_manager',
    permissions: ['front.menu.postback_log.read', 'front.postback_log.affiliate.read', 'affiliate.assigned.read'],
  });
  await db.insert(userManagers).values({ userId: affiliate.id, managerId: manager.id });
  const vertical = await t.make.vertical();
  advertiserId = (await t.make.advertiser({ verticalId: vertical.id })).id;
  const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
  await log('own-old', {
    entity: 'affiliate',
    affiliateId: affiliate.id,
    createdAt: at(1),
    event: 'conversion_approved',
    data: { request: { method: 'GET', url: 'https://a.example/pb' } },
    responseStatus: 200,
  });
  await log('own-failed', {
    entity: 'affiliate',
    affiliateId: affiliate.id,
    createdAt: at(2),
    event: 'event_sent',
    success: false,
    responseStatus: 503,
    attempt: 2,
  });
  await log('own-new', { entity: 'affiliate', affiliateId: affiliate.id, createdAt: at(3), event: 'conversion_approved' });
  await log('other', { entity: 'affiliate', affiliateId: other.id, createdAt: at(4), event: 'conversion_approved' });
  await log('adv', { entity: 'advertiser', advertiserId, createdAt: at(5), data: { query: { status: 'approved' } } });
});

const get = (url: string, as: TestUser = t.admin) => t.request({ method: 'GET', url, as });
const names = (items: { id: number }[]) => items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

describe('GET /postback-logs/affiliates', () => {
  it('lists affiliate logs newest first, with filters, paging and totals', async () => {
    const res = await get(`${BASE}/affiliates?withMeta=1`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data.items)).toEqual(['other', 'own-new', 'own-failed', 'own-old']);
    expect(res.json().data.meta).toEqual({ totalCount: 4 });
    expect(res.json().data.items[3]).toMatchObject({
      entity: 'affiliate',
      type: 'postback_out',
      affiliateId: affiliate.id,
      event: 'conversion_approved',
      createdAt: Date.UTC(2026, 10, 1, 0, 0, 1) / 1000,
      data: { request: { method: 'GET', url: 'https://a.example/pb' } },
      success: true,
      attempt: 1,
    });
    expect(names((await get(`${BASE}/affiliates?success=0`)).json().data.items)).toEqual(['own-failed']);
    expect(names((await get(`${BASE}/affiliates?event=conversion_approved&affiliateId=${affiliate.id}`)).json().data.items)).toEqual([
      'own-new',
      'own-old',
    ]);
    const from = Date.UTC(2026, 10, 1, 0, 0, 2) / 1000;
    expect(names((await get(`${BASE}/affiliates?createdFrom=${from}&createdTo=${from + 1}`)).json().data.items)).toEqual([
      'own-new',
      'own-failed',
    ]);
    expect(names((await get(`${BASE}/affiliates?orderBy=createdAt:asc&limit=2&offset=1`)).json().data.items)).toEqual([
      'own-failed',
      'own-new',
    ]);
  });

  it('shows an affiliate only its own logs, and a manager only the affiliates it manages', async () => {
    const mine = await get(`${BASE}/affiliates?affiliateId=${other.id}`, affiliate);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.items).toEqual([]);
    expect(names((await get(`${BASE}/affiliates`, affiliate)).json().data.items)).toEqual(['own-new', 'own-failed', 'own-old']);
    expect(names((await get(`${BASE}/affiliates`, manager)).json().data.items)).toEqual(['own-new', 'own-failed', 'own-old']);
  });

  it('refuses bad filters with 400 naming the parameter', async () => {
    for (const [query, loc] of [
      ['success=maybe', 'success'],
      ['event=nope', 'event'],
      ['orderBy=msg:asc', 'orderBy'],
      ['limit=0', 'limit'],
      ['affiliateId=1%27%20or%201%3D1', 'affiliateId'],
    ] as const) {
      const res = await get(`${BASE}/affiliates?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].loc, query).toEqual(expect.arrayContaining([loc]));
    }
    const res = await get(`${BASE}/affiliates?createdFrom=200&createdTo=100`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['querystring', 'createdTo']);
  });

  it('answers 403 without the affiliate log permission', async () => {
    const nobody = await t.make.user({ type: 'employee', permissions: ['front.menu.postback_log.read'] });
    expect((await get(`${BASE}/affiliates`, nobody)).statusCode).toBe(403);
  });
});

describe('GET /postback-logs/advertisers', () => {
  it('lists advertiser logs for staff holding log.postback.advertiser.read', async () => {
    const res = await get(`${BASE}/advertisers?advertiserId=${advertiserId}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data.items)).toEqual(['adv']);
    expect(res.json().data.items[0]).toMatchObject({
      entity: 'advertiser',
      type: 'postback_in',
      advertiserId,
      data: { query: { status: 'approved' } },
    });
  });

  it('answers 403 to an affiliate and to staff without the permission', async () => {
    expect((await get(`${BASE}/advertisers`, affiliate)).statusCode).toBe(403);
    expect((await get(`${BASE}/advertisers`, manager)).statusCode).toBe(403);
  });
});

describe('GET /postback-logs/:id', () => {
  it('answers one log to whoever may read it, 404 otherwise', async () => {
    const own = await get(`${BASE}/${ids['own-old']}`, affiliate);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: ids['own-old'], affiliateId: affiliate.id, responseStatus: 200 });
    expect((await get(`${BASE}/${ids.other}`, affiliate)).statusCode).toBe(404);
    expect((await get(`${BASE}/${ids.adv}`, affiliate)).statusCode).toBe(404);
    expect((await get(`${BASE}/${ids.other}`, manager)).statusCode).toBe(404);
    expect((await get(`${BASE}/${ids['own-new']}`, manager)).statusCode).toBe(200);
    expect((await get(`${BASE}/${ids.adv}`)).json().data).toMatchObject({ entity: 'advertiser', advertiserId });
    expect((await get(`${BASE}/999999999`)).statusCode).toBe(404);
  });

  it('refuses a malformed id with 400', async () => {
    const res = await get(`${BASE}/abc`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['params', 'id']);
  });
});

describe('titles of the logs', () => {
  it('names the affiliate, goal, postback, advertiser and integration in one answer; an affiliate gets no advertiser side', async () => {
    const owner = await t.make.user({ type: 'affiliate' });
    await db.update(users).set({ firstName: 'Ann', lastName: 'Lee' }).where(eq(users.id, owner.id));
    const vertical = await t.make.vertical();
    const advertiser = await t.make.advertiser({ verticalId: vertical.id, title: 'Broker Hidden' });
    const platform = await t.make.platform();
    const [goal] = await db.insert(verticalGoals).values({ verticalId: vertical.id, title: 'Deposit' }).returning();
    const [postback] = await db
      .insert(postbacks)
      .values({ scope: 'affiliate', affiliateId: owner.id, title: 'My tracker', url: 'https://t.example/pb' })
      .returning();
    const [integration] = await db
      .insert(integrations)
      .values({
        title: 'Broker API',
        advertiserId: advertiser.id,
        platformId: platform.id,
        verticalId: vertical.id,
        postbackKey: `k-${owner.id}`,
      })
      .returning();
    const at = new Date(Date.UTC(2026, 10, 2));
    await log('titled', {
      entity: 'affiliate',
      affiliateId: owner.id,
      postbackId: postback.id,
      goalId: goal.id,
      advertiserId: advertiser.id,
      integrationId: integration.id,
      createdAt: at,
    });
    await log('titled-in', {
      entity: 'advertiser',
      advertiserId: advertiser.id,
      integrationId: integration.id,
      goalId: goal.id,
      createdAt: at,
    });

    const staff = (await get(`${BASE}/affiliates?affiliateId=${owner.id}`)).json().data.items;
    expect(staff).toEqual([
      expect.objectContaining({
        affiliateName: 'Ann Lee',
        affiliateEmail: owner.email,
        goalTitle: 'Deposit',
        postbackTitle: 'My tracker',
        advertiserTitle: 'Broker Hidden',
        integrationTitle: 'Broker API',
      }),
    ]);
    expect((await get(`${BASE}/advertisers?advertiserId=${advertiser.id}`)).json().data.items[0]).toMatchObject({
      advertiserTitle: 'Broker Hidden',
      integrationTitle: 'Broker API',
      goalTitle: 'Deposit',
      affiliateName: null,
    });
    expect((await get(`${BASE}/${ids['titled-in']}`)).json().data).toMatchObject({
      advertiserTitle: 'Broker Hidden',
      integrationTitle: 'Broker API',
    });

    const own = await get(`${BASE}/affiliates`, owner);
    const detail = await get(`${BASE}/${ids.titled}`, owner);
    for (const item of [own.json().data.items[0], detail.json().data]) {
      expect(item).toMatchObject({
        id: ids.titled,
        affiliateName: 'Ann Lee',
        goalTitle: 'Deposit',
        postbackTitle: 'My tracker',
        advertiserId: null,
        integrationId: null,
      });
      expect(item).not.toHaveProperty('advertiserTitle');
      expect(item).not.toHaveProperty('integrationTitle');
    }
    expect(own.body + detail.body).not.toContain('Broker');
  });
});
