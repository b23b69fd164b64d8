/**
 * Reliability (issue 7): hostile input on the public and main endpoints — malformed bodies, unknown keys, oversized
 * fields, SQL-looking strings and NUL bytes in every parameter. Each case answers a 4xx (or, for a click on a live
 * campaign, the 302 that keeps the visitor moving), never a 500, and a refused request writes nothing: the rows of the
 * traffic tables are counted before and after (the inbound-postback log of a refused postback is the one write that
 * is meant to happen, so system_logs is not counted).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { campaigns, integrations, leads, offerAdvertisers, users } from '../../src/db/schema';
import { useApp } from '../helper';

const t = await useApp();
const db = t.database.db;

/** the advertiser API: takes every lead */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, id: 'ADV-1' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SQLS = [
  "' OR '1'='1",
  '1; DROP TABLE leads; --',
  "1' UNION SELECT password_hash FROM users --",
  '$$; select pg_sleep(5); $$',
  '\\x00\\',
];
const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(20_000);

async function market() {
  const vertical = await t.make.vertical();
  const offer = await t.make.offer({ verticalId: vertical.id });
  await t.make.lander({ offerId: offer.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  await db
    .update(integrations)
    .set({
      postbackEnabled: true,
      outApi: {
        method: 'POST',
        url: `${base}/lead`,
        headers: [],
        bodyFormat: 'json',
        fieldMappings: [{ target: 'phone', source: 'lead', value: 'phone' }],
        timeoutMs: 5000,
        response: { successStatuses: [200] },
      },
    })
    .where(eq(integrations.id, advertiser.integration.id));
  await db.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: advertiser.id, integrationId: advertiser.integration.id });
  const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
  const [{ apiToken }] = await db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, affiliate.id));
  const key = `hostile${Math.random().toString(36).slice(2, 12)}`;
  const [campaign] = await db.insert(campaigns).values({ key, title: 'Hostile', affiliateId: affiliate.id, offerId: offer.id }).returning();
  const [lead] = await db
    .insert(leads)
    .values({
      status: 'sent',
      phone: '+48601000001',
      country: 'PL',
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: affiliate.id,
      advertiserId: advertiser.id,
      integrationId: advertiser.integration.id,
    })
    .returning();
  return { offer, token: apiToken!, campaign, postbackKey: advertiser.integration.postbackKey, lead };
}

const TABLES = ['leads', 'lead_events', 'lead_deliveries', 'conversions', 'clicks', 'pgboss.job'];
async function counts(): Promise<Record<string, number>> {
  await t.app.services.tracking.clicks.flush();
  const out: Record<string, number> = {};
  for (const table of TABLES)
    out[table] = Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
  return out;
}

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  /** the answer: a 4xx by default */
  expect?: 302 | 200;
  /** a refusal writes nothing (default); an accepted click or lead may */
  writes?: boolean;
}

let m: Awaited<ReturnType<typeof market>>;
let admin: string;
beforeAll(async () => {
  m = await market();
  admin = t.admin.token;
});

const json = { 'content-type': 'application/json' };
const leadCases = (): Case[] => {
  const key = { 'x-api-key': m.token, ...json };
  const post = (name: string, payload: string | object, headers: Record<string, string> = key): Case => ({
    name: `lead: ${name}`,
    method: 'POST',
    url: '/api/v1/leads',
    headers,
    payload,
  });
  return [
    post('malformed JSON', '{"offerId": 1,', key),
    post('empty JSON body', '', key),
    post('a JSON array', '[1,2,3]', key),
    post('a JSON string', '"lead"', key),
    post('a JSON null', 'null', key),
    post('text/plain body', 'offerId=1', { 'x-api-key': m.token, 'content-type': 'text/plain' }),
    post('a form body', 'offerId=1', { 'x-api-key': m.token, 'content-type': 'application/x-www-form-urlencoded' }),
    post('over the body limit', { offerId: m.offer.id, firstName: 'x'.repeat(1_100_000) }),
    post('no API key', { offerId: m.offer.id }, json),
    ...SQLS.map((s) => post(`SQL-looking API key ${s}`, { offerId: m.offer.id }, { 'x-api-key': s, ...json })),
    post('NUL in the API key', { offerId: m.offer.id }, { authorization: `Bearer ${NUL}`, ...json }),
    post('offerId as text', { offerId: 'abc' }),
    post('offerId negative', { offerId: -1 }),
    post('offerId too big', { offerId: 1e20 }),
    post('offerId as an object', { offerId: { $gt: 0 } }),
    post('no offer, campaign or click', { phone: '+48601000002' }),
    ...SQLS.map((s) => post(`SQL-looking campaign key ${s}`, { campaignKey: s })),
    post('unknown campaign key', { campaignKey: 'nosuchcampaign1' }),
    post('oversized campaign key', { campaignKey: HUGE }),
    post('unknown campaign id', { campaignId: 2_000_000_000 }),
    ...SQLS.map((s) => post(`SQL-looking click id ${s}`, { clickId: s })),
    post('unknown click id', { clickId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }),
    ...SQLS.map((s) => post(`SQL-looking country ${s}`, { offerId: m.offer.id, country: s })),
    ...SQLS.map((s) => post(`SQL-looking e-mail ${s}`, { offerId: m.offer.id, email: s })),
    ...SQLS.map((s) => post(`SQL-looking phone ${s}`, { offerId: m.offer.id, phone: s })),
    ...SQLS.map((s) => post(`SQL-looking ip ${s}`, { offerId: m.offer.id, ip: s })),
    post('oversized first name', { offerId: m.offer.id, firstName: HUGE }),
    post('oversized sub1', { offerId: m.offer.id, sub1: HUGE }),
    post('oversized e-mail', { offerId: m.offer.id, email: `${HUGE}@example.com` }),
    post('oversized custom field', { offerId: m.offer.id, fields: { income: HUGE } }),
    post('too many custom fields', {
      offerId: m.offer.id,
      fields: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`f${i}`, i])),
    }),
    post('deeply nested custom field', { offerId: m.offer.id, fields: { a: JSON.parse('{"b":'.repeat(200) + '1' + '}'.repeat(200)) } }),
    post('custom fields as an array', { offerId: m.offer.id, fields: [1, 2] }),
    post('NUL in the first name', { offerId: m.offer.id, firstName: NUL }),
    post('NUL in sub1', { offerId: m.offer.id, sub1: NUL }),
    post('NUL in a custom field', { offerId: m.offer.id, fields: { note: NUL } }),
    post('NUL in a custom field name', { offerId: m.offer.id, fields: { [NUL]: 'x' } }),
    post('test as text', { offerId: m.offer.id, test: 'yes' }),
  ];
};

const clickCases = (): Case[] => {
  const get = (name: string, url: string, expect?: 302): Case => ({
    name: `click: ${name}`,
    url,
    headers: { 'user-agent': CHROME },
    expect,
    writes: !!expect,
  });
  const live = `/c/${m.campaign.key}`;
  return [
    get('unknown key', '/c/nosuchcampaign1'),
    ...SQLS.map((s) => get(`SQL-looking key ${s}`, `/c/${encodeURIComponent(s)}`)),
    get('oversized key', `/c/${'k'.repeat(5000)}`),
    get('NUL in the key', '/c/abc%00def'),
    get('broken percent-encoding in the key', '/c/%E0%A4%A'),
    ...SQLS.map((s) => get(`SQL-looking sub1 ${s}`, `${live}?sub1=${encodeURIComponent(s)}`, 302)),
    get('NUL in sub1', `${live}?sub1=a%00b`, 302),
    get('NUL in a parameter name', `${live}?a%00b=1`, 302),
    get('oversized subs', `${live}?sub1=${HUGE.slice(0, 6000)}&sub9=${HUGE.slice(0, 6000)}`, 302),
    get('broken percent-encoding in sub1', `${live}?sub1=%E0%A4%A`, 302),
  ];
};

const postbackCases = (): Case[] => {
  const pb = `/postback/${m.postbackKey}`;
  const get = (name: string, url: string): Case => ({ name: `postback: ${name}`, url });
  const post = (name: string, payload: string, contentType: string): Case => ({
    name: `postback: ${name}`,
    method: 'POST',
    url: pb,
    payload,
    headers: { 'content-type': contentType },
  });
  return [
    get('unknown key', '/postback/nosuchkey?lead_id=1'),
    ...SQLS.map((s) => get(`SQL-looking key ${s}`, `/postback/${encodeURIComponent(s)}?lead_id=1`)),
    get('oversized key', `/postback/${'k'.repeat(5000)}?lead_id=1`),
    get('NUL in the key', `/postback/abc%00?lead_id=1`),
    get('no lead or click', `${pb}?status=deposit`),
    ...SQLS.map((s) => get(`SQL-looking lead id ${s}`, `${pb}?lead_id=${encodeURIComponent(s)}`)),
    ...SQLS.map((s) => get(`SQL-looking click id ${s}`, `${pb}?click_id=${encodeURIComponent(s)}`)),
    get('lead id past bigint', `${pb}?lead_id=99999999999999999999999`),
    get('lead id negative', `${pb}?lead_id=-1`),
    get('NUL in the lead id', `${pb}?lead_id=1%00`),
    ...SQLS.map((s) => get(`SQL-looking status ${s}`, `${pb}?lead_id=${m.lead.id}&status=${encodeURIComponent(s)}`)),
    ...SQLS.map((s) => get(`SQL-looking goal ${s}`, `${pb}?lead_id=${m.lead.id}&goal=${encodeURIComponent(s)}`)),
    ...SQLS.map((s) => get(`SQL-looking payout ${s}`, `${pb}?lead_id=${m.lead.id}&payout=${encodeURIComponent(s)}`)),
    ...SQLS.map((s) => get(`SQL-looking currency ${s}`, `${pb}?lead_id=${m.lead.id}&currency=${encodeURIComponent(s)}`)),
    get('payout out of range', `${pb}?lead_id=${m.lead.id}&payout=1e309`),
    get('payout NaN', `${pb}?lead_id=${m.lead.id}&payout=NaN`),
    get('oversized event id', `${pb}?lead_id=${m.lead.id}&event_id=${'e'.repeat(5000)}`),
    get('NUL in the status', `${pb}?lead_id=${m.lead.id}&status=dep%00osit`),
    post('malformed JSON', '{"lead_id":', 'application/json'),
    post('JSON with an unknown lead', JSON.stringify({ lead_id: "1' OR '1'='1" }), 'application/json'),
    post('form with an unknown lead', "lead_id=1'--", 'application/x-www-form-urlencoded'),
    post('form over its limit', `lead_id=1&x=${'y'.repeat(70 * 1024)}`, 'application/x-www-form-urlencoded'),
    post('XML body', '<postback><lead_id>1</lead_id></postback>', 'application/xml'),
  ];
};

const listCases = (): Case[] => {
  const lists = [
    '/api/v1/offers',
    '/api/v1/conversions',
    '/api/v1/postback-logs/affiliates',
    '/api/v1/postback-logs/advertisers',
    '/api/v1/leads',
    '/api/v1/campaigns',
  ];
  const bad = [
    'limit=abc',
    'limit=-1',
    'limit=100000000',
    'offset=-5',
    'offset=1e400',
    'orderBy=id;drop table leads',
    'orderBy=nosuchfield:asc',
    'with=%27%20or%201=1',
    'status=%27%20or%201=1--',
    `search=${'s'.repeat(500)}`,
    'limit=1%00',
  ];
  const cases: Case[] = [];
  for (const list of lists)
    for (const q of bad)
      cases.push({ name: `list: ${list}?${q.slice(0, 40)}`, url: `${list}?${q}`, headers: { authorization: `Bearer ${admin}` } });
  // SQL-looking text where text is allowed is just text: 200, nothing written
  for (const list of lists)
    for (const s of SQLS)
      cases.push({
        name: `list: ${list} search ${s}`,
        url: `${list}?search=${encodeURIComponent(s)}`,
        headers: { authorization: `Bearer ${admin}` },
        expect: 200,
      });
  return cases;
};

describe('hostile input never answers 500 and writes nothing when refused', () => {
  const groups: [string, () => Case[]][] = [
    ['POST /api/v1/leads', leadCases],
    ['GET /c/:campaignKey', clickCases],
    ['GET|POST /postback/:postbackKey', postbackCases],
    ['authenticated lists with bad query parameters', listCases],
  ];
  for (const [title, make] of groups) {
    it(title, async () => {
      const failures: string[] = [];
      for (const c of make()) {
        const before = c.writes ? null : await counts();
        const res = await t.app.inject({ method: c.method ?? 'GET', url: c.url, headers: c.headers, payload: c.payload as never });
        const ok = c.expect ? res.statusCode === c.expect : res.statusCode >= 400 && res.statusCode < 500;
        if (!ok) failures.push(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
          const body = res.json();
          if (body.statusCode !== res.statusCode && body.status !== 'error')
            failures.push(`${c.name}: an answer without statusCode or status: ${res.body.slice(0, 200)}`);
        }
        if (before) {
          const after = await counts();
          const changed = TABLES.filter((tb) => after[tb] !== before[tb]);
          if (changed.length) failures.push(`${c.name}: wrote ${changed.map((tb) => `${tb} ${before[tb]}→${after[tb]}`).join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('keeps recording clicks after a hostile one (a NUL byte does not poison the click batch)', async () => {
    const before = await counts();
    const hostile = await t.app.inject({
      method: 'GET',
      url: `/c/${m.campaign.key}?sub1=a%00b&sub2=${encodeURIComponent(SQLS[1])}`,
      headers: { 'user-agent': `${CHROME}\u0000` },
    });
    const normal = await t.app.inject({ method: 'GET', url: `/c/${m.campaign.key}?sub1=fine`, headers: { 'user-agent': CHROME } });
    expect([hostile.statusCode, normal.statusCode]).toEqual([302, 302]);
    const after = await counts();
    expect(after.clicks - before.clicks).toBe(2);
  });
});
