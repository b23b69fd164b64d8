import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestApp } from '../../../../test/helper';
import { campaigns } from '../../../db/schema';
import { TEST_LINK_TTL_MS, TestLinks } from '../../../lib/test-link';
import { makeClick } from './click';
import type { Route } from './routing';

const t = await useApp({ TRUST_PROXY: 'true' });

const US_IP = '8.8.8.8';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
let n = 0;

/** a campaign of an offer open to Germany only (a US visitor is refused) */
async function campaign(opts: { trafficbackUrl?: string; status?: string } = {}) {
  const affiliate = await t.make.user({ type: 'affiliate' });
  const offer = await t.make.offer({ geos: ['DE'], trafficbackUrl: opts.trafficbackUrl ?? null });
  await t.make.lander({ offerId: offer.id, targetUrl: 'https://lander.example/p?cid={click_id}' });
  const key = `test${++n}${Math.random().toString(36).slice(2, 12)}`.padEnd(12, 'x');
  const [row] = await t.database.db
    .insert(campaigns)
    .values({ key, title: `T${n}`, affiliateId: affiliate.id, offerId: offer.id, status: opts.status ?? 'active' })
    .returning();
  return { key, campaign: row, affiliate };
}

const click = (path: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: path, headers: { 'x-forwarded-for': US_IP, 'user-agent': CHROME, ...headers } });

const testLink = (id: number, as: TestApp['admin'] | string | null = t.admin, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/v1/campaigns/${id}/test-link`, as, payload });

async function rowsOf(campaignId: number) {
  await t.app.services.tracking.clicks.flush();
  const r = await t.database.db.execute(sql`select * from clicks where campaign_id = ${campaignId} order by created_at, id`);
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** the clicks statistics count for a campaign: the deltas the triggers appended, and the raw facts of the table */
async function countedClicks(campaignId: number) {
  const db = t.database.db;
  const deltas = await db.execute(sql`select coalesce(sum(clicks), 0)::int as n from stats_deltas where campaign_id = ${campaignId}`);
  const facts = await db.execute(sql`select stats_facts_sql('clicks', 'SELECT *, 1 AS sign FROM clicks') as q`);
  const q = (facts as unknown as { rows: { q: string }[] }).rows[0].q;
  const raw = await db.execute(sql.raw(`select coalesce(sum(clicks), 0)::int as n from (${q}) f where campaign_id = ${campaignId}`));
  return [(deltas as unknown as { rows: { n: number }[] }).rows[0].n, (raw as unknown as { rows: { n: number }[] }).rows[0].n];
}

describe('test links: POST /campaigns/:id/test-link', () => {
  it('gives staff a signed link with the subs typed; its click skips geo and bot checks, is marked and not counted', async () => {
    const c = await campaign({ trafficbackUrl: 'https://tb.example/' });
    const res = await testLink(c.campaign.id, t.admin, { subs: { sub1: 'try me', sub3: 'x' } });
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json().data as { url: string; expiresAt: number };
    const link = new URL(url);
    expect(link.pathname).toBe(`/c/${c.key}`);
    expect(link.searchParams.get('sub1')).toBe('try me');
    expect(link.searchParams.get('sub2')).toBeNull();
    expect(link.searchParams.get('lg_test')).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(expiresAt * 1000).toBeLessThanOrEqual(t.clock.now.getTime() + TEST_LINK_TTL_MS);

    // a US bot on a German-only offer: refused as real traffic, let through as a test
    const test = await click(`${link.pathname}${link.search}`, { 'user-agent': BOT });
    expect(test.statusCode).toBe(302);
    const to = new URL(test.headers.location as string);
    expect(to.origin).toBe('https://lander.example');
    expect(to.searchParams.get('sub1')).toBe('try me');
    expect(to.searchParams.get('lg_test')).toBeNull();
    const real = await click(`/c/${c.key}?sub1=real`);
    expect(real.headers.location).toMatch(/^https:\/\/tb\.example\//);

    const rows = await rowsOf(c.campaign.id);
    expect(rows.map((r) => [r.status, r.invalid_reason, r.is_test, r.is_unique, r.sub1, r.sub3])).toEqual([
      [1, null, true, false, 'try me', 'x'],
      [2, 'country_not_allowed', false, false, 'real', null],
    ]);
    expect(rows[0].params).toBeNull();
    // statistics: only the real click
    expect(await countedClicks(c.campaign.id)).toEqual([1, 1]);
  });

  it('takes a forged, foreign or expired token as a real click', async () => {
    const c = await campaign();
    const other = await campaign();
    const own = new URL((await testLink(c.campaign.id)).json().data.url).searchParams.get('lg_test')!;
    const foreign = new URL((await testLink(other.campaign.id)).json().data.url).searchParams.get('lg_test')!;
    const forged = `${own.split('.')[0]}.${'A'.repeat(22)}`;
    const expired = t.app.services.testLinks.token(c.key, t.clock.now.getTime() - 2 * TEST_LINK_TTL_MS).token;
    for (const token of [foreign, forged, expired, 'garbage', ''])
      expect((await click(`/c/${c.key}?lg_test=${encodeURIComponent(token)}`)).statusCode).toBe(403);
    const rows = await rowsOf(c.campaign.id);
    expect(rows.map((r) => [r.invalid_reason, r.is_test])).toEqual(Array(5).fill(['country_not_allowed', false]));
    // the same link an hour and more later makes a real click too
    const later = new TestLinks('x'.repeat(48));
    expect(later.verify(c.key, later.token(c.key, 0).token, TEST_LINK_TTL_MS + 1)).toBe(false);
    expect(later.verify(c.key, later.token(c.key, 0).token, TEST_LINK_TTL_MS - 1000)).toBe(true);
  });

  it('keeps the inactive checks: a test click of an inactive campaign is refused and marked', async () => {
    const c = await campaign({ status: 'inactive' });
    const url = new URL((await testLink(c.campaign.id)).json().data.url);
    const res = await click(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(404);
    expect((await rowsOf(c.campaign.id)).map((r) => [r.invalid_reason, r.is_test])).toEqual([['campaign_inactive', true]]);
  });

  it('refuses affiliates (their own campaign too) and advertiser members; 404 out of scope; validates the subs', async () => {
    const c = await campaign();
    expect((await testLink(c.campaign.id, c.affiliate)).statusCode).toBe(403);
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await testLink(c.campaign.id, member)).statusCode).toBe(403);
    expect((await testLink(c.campaign.id, null)).statusCode).toBe(401);
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await testLink(c.campaign.id, manager)).statusCode).toBe(404);
    expect((await testLink(999999999)).statusCode).toBe(404);
    const bad = await testLink(c.campaign.id, t.admin, { subs: { sub1: 'x'.repeat(256), sub10: 'y' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, errors: expect.any(Array) });
    expect(await rowsOf(c.campaign.id)).toEqual([]);
  });
});

describe('refused clicks', () => {
  it('shows a page with the reason category only, or goes to the trafficback URL when set', async () => {
    const c = await campaign();
    const geo = await click(`/c/${c.key}`);
    expect(geo.statusCode).toBe(403);
    expect(geo.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(geo.body).toContain('This offer is not available here');
    for (const secret of [c.key, 'country', 'DE', c.affiliate.email]) expect(geo.body).not.toContain(secret);

    const bot = await click(`/c/${c.key}`, { 'x-forwarded-for': '2a00:1450:4001:80b::200e', 'user-agent': BOT });
    expect([bot.statusCode, bot.body.includes('not available here')]).toEqual([403, true]);

    const inactive = await campaign({ status: 'inactive' });
    const off = await click(`/c/${inactive.key}`);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('This link is not active');
    const unknown = await click('/c/unknownkey0000');
    expect([unknown.statusCode, unknown.body]).toEqual([404, off.body]);

    const tb = await campaign({ trafficbackUrl: 'https://tb.example/?c={click_id}' });
    expect((await click(`/c/${tb.key}`)).headers.location).toMatch(/^https:\/\/tb\.example\/\?c=/);
  });
});

describe('makeClick of a test click', () => {
  const route: Route = {
    campaignId: 1,
    campaignStatus: 'active',
    affiliateId: 2,
    offerId: 3,
    teamId: null,
    trafficSourceId: null,
    countries: ['DE'],
    targetUrlSettings: {},
    offerStatus: 'active',
    offerGeos: [],
    trafficbackUrl: 'https://tb.example/',
    affiliateStatus: 'active',
    affiliateTrafficBlocked: false,
    teamStatus: null,
    teamTrafficBlocked: false,
    landers: [{ id: 9, targetUrl: 'https://lander.example/', weight: 1, sieve: {}, usable: true }],
  };
  const input = { ip: US_IP, userAgent: BOT, acceptLanguage: undefined, referrer: undefined, query: {}, now: new Date(), capped: true };

  it('ignores the cap trafficback, geo and bot, and is never unique', () => {
    const test = makeClick(route, { ...input, test: true }, () => true);
    expect([test.location, test.row.status, test.row.isTest, test.row.isUnique]).toEqual(['https://lander.example/', 1, true, false]);
    const real = makeClick(route, input, () => true);
    expect([real.location, real.row.invalidReason, real.row.isTest]).toEqual(['https://tb.example/', 'country_not_allowed', false]);
  });
});
