import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { substituteMacros } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setupApp, useApp, type TestApp } from '../../../../test/helper';
import { campaigns } from '../../../db/schema';
import { fillUrl } from './click';
import { clickHeaders, clientIp, headerSafeUrl, trustProxyOf } from './click-handler';
import { INACTIVE_PAGE } from './refused';
import { ClickWriter } from './click-writer';
import { CHROME, clickRow } from './click-row.fixture';

const t = await useApp({ TRUST_PROXY: 'true' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const handler = t.app.services.tracking.handler;

const VISITOR = { 'user-agent': CHROME, 'x-forwarded-for': '8.8.8.8' };
let n = 0;

async function campaign(app: TestApp, landerUrl = 'https://lander.example/p?cid={click_id}&s={sub1}') {
  const affiliate = await app.make.user({ type: 'affiliate', signIn: false });
  const offer = await app.make.offer({});
  await app.make.lander({ offerId: offer.id, targetUrl: landerUrl });
  const key = `front${++n}${Math.random().toString(36).slice(2, 10)}`.padEnd(14, 'x');
  const [row] = await app.database.db
    .insert(campaigns)
    .values({ key, title: `F${n}`, affiliateId: affiliate.id, offerId: offer.id })
    .returning();
  return { key, id: row.id };
}

const get = (path: string, headers: Record<string, string> = VISITOR, method = 'GET') =>
  fetch(`${base}${path}`, { method, headers, redirect: 'manual' });

async function clicksOf(app: TestApp, campaignId: number) {
  await app.app.services.tracking.clicks.flush();
  const r = await app.database.db.execute(sql`select * from clicks where campaign_id = ${campaignId} order by created_at, id`);
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('the click front (GET /c/<key> answered before Fastify)', () => {
  it('answers a click over HTTP as the route answers it through Fastify, and records it', async () => {
    const c = await campaign(t);
    const take = vi.spyOn(handler, 'take');
    const res = await get(`/c/${c.key}?sub1=fb&gclid=1`);
    expect(take).toHaveReturnedWith(true);
    take.mockRestore();
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    const clickId = location.searchParams.get('cid')!;
    expect(location.origin + location.pathname).toBe('https://lander.example/p');
    expect(location.searchParams.get('s')).toBe('fb');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // the answer names its click
    expect(res.headers.get('x-request-id')).toBe(clickId);

    const injected = await t.request({ method: 'GET', url: `/c/${c.key}?sub1=fb&gclid=1`, headers: VISITOR });
    expect(injected.statusCode).toBe(302);
    const names = (h: Iterable<string>) => [...h].filter((k) => !['date', 'connection', 'keep-alive'].includes(k)).sort();
    expect(names(res.headers.keys())).toEqual(names(Object.keys(injected.headers)));
    expect(names(res.headers.keys())).toEqual([
      'cache-control',
      'content-length',
      'location',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-request-id',
    ]);
    expect(res.headers.get('content-length')).toBe('0');

    const rows = await clicksOf(t, c.id);
    expect(rows.map((r) => [r.id, r.ip, r.country, r.sub1, r.params])).toEqual([
      [clickId, '8.8.8.8', 'US', 'fb', { gclid: '1' }],
      [new URL(injected.headers.location as string).searchParams.get('cid'), '8.8.8.8', 'US', 'fb', { gclid: '1' }],
    ]);
  });

  it('keeps the caller’s request id', async () => {
    const c = await campaign(t);
    const res = await get(`/c/${c.key}`, { ...VISITOR, 'x-request-id': 'trace-7' });
    expect(res.headers.get('x-request-id')).toBe('trace-7');
  });

  it('answers unknown keys, keys of the wrong shape and too long ones as before (404), HEAD through Fastify', async () => {
    const unknown = await get('/c/unknownkey0000');
    expect([unknown.status, await unknown.text()]).toEqual([404, INACTIVE_PAGE.body.toString()]);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // left to Fastify: its route answers the same page, the too-long key is a route miss
    const take = vi.spyOn(handler, 'take');
    const bad = await get('/c/bad%20key!');
    expect(take).toHaveReturnedWith(false);
    take.mockRestore();
    expect([bad.status, await bad.text()]).toEqual([404, INACTIVE_PAGE.body.toString()]);
    // longer than the route's parameter limit: Fastify's own answer (414, or the web app's 404 when apps/web is built)
    const long = await get(`/c/${'k'.repeat(120)}`);
    expect([404, 414]).toContain(long.status);
    const c = await campaign(t);
    const head = await get(`/c/${c.key}`, VISITOR, 'HEAD');
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toMatch(/^https:\/\/lander\.example\/p\?cid=/);
    // other paths still reach Fastify
    expect((await get('/api/v1/public/api-settings', {})).status).toBe(200);
  });

  it('never answers 500: a failure before the lander is known answers 404, after it the redirect', async () => {
    const c = await campaign(t);
    const log = vi
      .spyOn((handler as unknown as { log: { error: (o: object, m: string) => void } }).log, 'error')
      .mockImplementation(() => undefined);
    const routing = vi.spyOn(t.app.services.tracking.routing, 'get').mockRejectedValueOnce(new Error('database gone'));
    const failed = await get(`/c/${c.key}`);
    expect([failed.status, await failed.text()]).toEqual([404, INACTIVE_PAGE.body.toString()]);
    routing.mockRestore();
    const caps = vi.spyOn(t.app.services.tracking.caps, 'isClosed').mockImplementationOnce(() => {
      throw new Error('cap gate broken');
    });
    expect((await get(`/c/${c.key}`)).status).toBe(404);
    caps.mockRestore();
    const push = vi.spyOn(t.app.services.tracking.clicks, 'push').mockRejectedValueOnce(new Error('write failed'));
    const written = await get(`/c/${c.key}`);
    push.mockRestore();
    expect(written.status).toBe(302);
    expect(written.headers.get('location')).toMatch(/^https:\/\/lander\.example\//);
    // through Fastify (inject) too, the route not held in memory any more
    vi.spyOn(t.app.services.tracking.routing, 'peek').mockReturnValueOnce(undefined);
    vi.spyOn(t.app.services.tracking.routing, 'get').mockRejectedValueOnce(new Error('database gone'));
    expect((await t.request({ method: 'GET', url: `/c/${c.key}`, headers: VISITOR })).statusCode).toBe(404);
    expect(log.mock.calls.map((call) => call[1])).toEqual(['click failed', 'click failed', 'click failed', 'click failed']);
    log.mockRestore();
  });

  it('redirects to a lander URL with characters a header cannot carry, percent-encoded', async () => {
    const c = await campaign(t, 'https://lander.example/путь/a b?x={sub1}');
    const res = await get(`/c/${c.key}?sub1=1`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://lander.example/%D0%BF%D1%83%D1%82%D1%8C/a%20b?x=1&sub1=1');
    expect(headerSafeUrl('https://a.example/\n\u00e9\ud800')).toBe('https://a.example/%0A%C3%A9');
  });

  it('keeps a forwarded address that is no IP out of the click (it would fail the whole batch)', async () => {
    const c = await campaign(t);
    const res = await get(`/c/${c.key}`, { 'user-agent': CHROME, 'x-forwarded-for': 'x'.repeat(60) });
    expect(res.status).toBe(302);
    const [row] = await clicksOf(t, c.id);
    expect([row.ip, row.country]).toEqual([null, null]);
  });

  it('leaves the requests to Fastify once the app is closing', () => {
    const req = { method: 'GET', url: '/c/abcdefabcdef12', headers: {} } as never;
    handler.closing = true;
    try {
      expect(handler.take(req, {} as never)).toBe(false);
    } finally {
      handler.closing = false;
    }
  });
});

// its own app, closed by the test (a second close is a no-op)
const own = await setupApp({ CLICK_FLUSH_MS: '10000' });
afterAll(() => own.close());

describe('graceful shutdown', () => {
  it('writes the clicks the front took before the app closed', async () => {
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const c = await campaign(own);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/c/${c.key}`, { headers: { 'user-agent': CHROME }, redirect: 'manual' })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(302));
    const before = await own.database.db.execute(sql`select count(*)::int as n from clicks where campaign_id = ${c.id}`);
    expect((before as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    await own.app.close();
    const after = await own.database.db.execute(sql`select count(*)::int as n from clicks where campaign_id = ${c.id}`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0].n).toBe(20);
  });
});

describe('click headers', () => {
  /** the request Node's HTTP server parses from `head` */
  async function parsed(head: string): Promise<IncomingMessage> {
    let got!: (req: IncomingMessage) => void;
    const seen = new Promise<IncomingMessage>((resolve) => (got = resolve));
    const server = createServer((req, res) => {
      got(req);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write(`${head}\r\n`));
    socket.on('error', () => undefined);
    const req = await seen;
    socket.destroy();
    server.close();
    return req;
  }

  it('are read from the raw headers as req.headers gives them: any case, the first agent and referrer, joined lines', async () => {
    const heads = [
      'GET /c/x HTTP/1.1\r\nHost: a\r\nUser-Agent: UA one\r\nACCEPT-LANGUAGE: de\r\nReferer: https://r.example/\r\nX-Request-Id: r1\r\n' +
        'X-Forwarded-For: 1.2.3.4\r\n',
      'GET /c/x HTTP/1.1\r\nhost: a\r\nuser-agent: first\r\nuSer-aGent: second\r\naccept-language: fr\r\nAccept-Language: en;q=0.5\r\n' +
        'referer: one\r\nREFERER: two\r\nx-request-id: a\r\nX-REQUEST-ID: b\r\nx-forwarded-for: 1.1.1.1\r\nX-Forwarded-For: 2.2.2.2, 3.3.3.3\r\n',
      'GET /c/x HTTP/1.1\r\nHost: a\r\nX-Agent: no\r\nreferrer: misspelt right\r\n',
    ];
    for (const head of heads) {
      const req = await parsed(head);
      expect(clickHeaders(req.rawHeaders)).toEqual({
        userAgent: req.headers['user-agent'],
        acceptLanguage: req.headers['accept-language'],
        referrer: req.headers.referer,
        forwardedFor: req.headers['x-forwarded-for'],
        requestId: req.headers['x-request-id'],
      });
    }
    expect(clickHeaders((await parsed(heads[1])).rawHeaders)).toEqual({
      userAgent: 'first',
      acceptLanguage: 'fr, en;q=0.5',
      referrer: 'one',
      forwardedFor: '1.1.1.1, 2.2.2.2, 3.3.3.3',
      requestId: 'a, b',
    });
  });
});

describe('client IP', () => {
  it('is what Fastify reads as req.ip, for every TRUST_PROXY form', async () => {
    const cases: [string | undefined, string, string | undefined][] = [
      [undefined, '10.0.0.1', '1.2.3.4'],
      ['true', '10.0.0.1', '1.2.3.4, 5.6.7.8'],
      ['10.0.0.1', '10.0.0.1', '1.2.3.4, 5.6.7.8'],
      ['10.0.0.0/8, 5.6.7.8', '10.0.0.1', '1.2.3.4, 5.6.7.8'],
      ['10.0.0.0/8', '192.168.1.1', '1.2.3.4'],
      ['loopback', '127.0.0.1', '9.9.9.9'],
    ];
    for (const [setting, remoteAddress, forwarded] of cases) {
      // the option as app.ts gave it to Fastify before the click front
      const app = Fastify({ trustProxy: setting ? (setting === 'true' ? true : setting) : false });
      let ours: string | undefined;
      app.get('/ip', (req) => {
        ours = clientIp(req.raw, trustProxyOf(setting));
        return { ip: req.ip };
      });
      const res = await app.inject({
        method: 'GET',
        url: '/ip',
        remoteAddress,
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      });
      expect({ setting, ip: ours }).toEqual({ setting, ip: res.json().ip });
      await app.close();
    }
  });
});

describe('lander URL templates', () => {
  it('fill macros exactly as substituteMacros does', () => {
    const values = { click_id: 'abc-1', sub1: 'a b&c', sub2: null, country: 'DE', offer_id: 7, timestamp: 0 };
    for (const url of [
      'https://l.example/?c={click_id}&s={sub1}',
      'https://l.example/{sub2}{sub3}/{unknown}?x={click_id}{click_id}',
      'https://l.example/{{click_id}}?{}&{country',
      'no macros at all',
      '{offer_id}',
      '{timestamp}-{ip}',
    ])
      expect(fillUrl(url, values)).toBe(substituteMacros(url, values));
  });
});

describe('click batch writer input', () => {
  it('writes values with NUL characters and lone surrogates instead of failing the batch', async () => {
    const c = await campaign(t);
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    await writer.push(
      clickRow({
        isUnique: true,
        campaignId: c.id,
        userAgent: `${CHROME}\u0000`,
        referrer: 'https://r.example/\ud800',
        subs: ['a\u0000b', '\udc00c', 'ok \ud83d\ude00'],
        params: { 'k\u0000': 'v\ud800' },
      }),
    );
    await writer.close();
    expect(writer.written).toBe(1);
    const [row] = await clicksOf(t, c.id);
    expect([row.user_agent, row.referrer, row.sub1, row.sub2, row.sub3, row.params]).toEqual([
      CHROME,
      'https://r.example/',
      'ab',
      'c',
      'ok \ud83d\ude00',
      { k: 'v' },
    ]);
  });
});
