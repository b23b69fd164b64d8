import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestApp } from '../../../../test/helper';
import { campaignLanders, campaigns, landers, offers, users } from '../../../db/schema';
import { ClickWriter, type ClickRow } from './click-writer';
import { sweepClickVisitors } from './tracking.jobs';
import { compactStatistics, verifyStatistics } from '../../insights/statistics';
import { lastUuidMs, uuidTime, uuidv7, UUID_RE } from './uuid';
import { CHROME, clickRow } from './click-row.fixture';

const t = await useApp({ TRUST_PROXY: 'true' });
const sync = await useApp({ TRUST_PROXY: 'true', CLICK_FLUSH_MS: '0' });

const US_IP = '8.8.8.8';
const DE_IP = '2a00:1450:4001:80b::200e';
let n = 0;

async function campaign(app: TestApp, opts: { geos?: string[]; trafficbackUrl?: string; landerUrls?: string[]; status?: string } = {}) {
  const affiliate = await app.make.user({ type: 'affiliate', signIn: false });
  const offer = await app.make.offer({ geos: opts.geos ?? [], trafficbackUrl: opts.trafficbackUrl ?? null });
  const made = [];
  for (const url of opts.landerUrls ?? ['https://lander.example/p?cid={click_id}&s={sub1}'])
    made.push(await app.make.lander({ offerId: offer.id, targetUrl: url }));
  const key = `key${++n}${Math.random().toString(36).slice(2, 12)}`.padEnd(12, 'x');
  const [row] = await app.database.db
    .insert(campaigns)
    .values({ key, title: `C${n}`, affiliateId: affiliate.id, offerId: offer.id, status: opts.status ?? 'active' })
    .returning();
  return { key, campaign: row, offer, landers: made, affiliate };
}

const click = (app: TestApp, key: string, query = '', headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url: `/c/${key}${query}`, headers: { 'x-forwarded-for': US_IP, 'user-agent': CHROME, ...headers } });

async function clicksOf(app: TestApp, campaignId: number) {
  await app.app.services.tracking.clicks.flush();
  return app.database.db
    .execute(sql`select * from clicks where campaign_id = ${campaignId} order by created_at, id`)
    .then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
}

/** the change feed's notification arrives after the commit: wait for it */
async function settled(app: TestApp, from: number) {
  for (let i = 0; i < 100 && app.app.services.tracking.feed.version === from; i++) await new Promise((r) => setTimeout(r, 10));
}

/** waits until no change notification has arrived for 100 ms (those of the setup's own writes) */
async function quiet(app: TestApp) {
  for (let v = -1; v !== app.app.services.tracking.feed.version;) {
    v = app.app.services.tracking.feed.version;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** a click of `c`'s campaign from a US visitor's Chrome, as the tracker stores it */
const rowOf = (c: Awaited<ReturnType<typeof campaign>>, over: Partial<ClickRow> = {}): ClickRow =>
  clickRow({
    campaignId: c.campaign.id,
    offerId: c.offer.id,
    affiliateId: c.affiliate.id,
    country: 'US',
    ip: US_IP,
    userAgent: CHROME,
    ...over,
  });

describe('click: GET /c/:campaignKey', () => {
  it('redirects to the lander with the click id and subs, and records an enriched valid click', async () => {
    const c = await campaign(t);
    const res = await click(t, c.key, '?sub1=fb&sub2=a%20b&sub3={sub3}&gclid=xyz', {
      'accept-language': 'de-DE,de;q=0.9',
      referer: 'https://news.example/',
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    const clickId = location.searchParams.get('cid')!;
    expect(clickId).toMatch(UUID_RE);
    expect(location.origin + location.pathname).toBe('https://lander.example/p');
    expect(location.searchParams.get('s')).toBe('fb');
    expect(location.searchParams.get('sub2')).toBe('a b');
    expect(location.searchParams.get('gclid')).toBeNull();
    const [row] = await clicksOf(t, c.campaign.id);
    expect(row).toMatchObject({
      id: clickId,
      status: 1,
      invalid_reason: null,
      country: 'US',
      language: 'de',
      ip: US_IP,
      offer_id: c.offer.id,
      affiliate_id: c.affiliate.id,
      lander_id: c.landers[0].id,
      browser: 'Chrome',
      os: 'Windows',
      device_type: 'desktop',
      sub1: 'fb',
      sub2: 'a b',
      sub3: null,
      referrer: 'https://news.example/',
      is_unique: true,
      params: { gclid: 'xyz' },
    });
  });

  it('marks a repeated visitor as not unique within 24 hours', async () => {
    const c = await campaign(t);
    await click(t, c.key);
    await click(t, c.key);
    await click(t, c.key, '', { 'x-forwarded-for': DE_IP });
    const rows = await clicksOf(t, c.campaign.id);
    expect(rows.map((r) => r.is_unique)).toEqual([true, false, true]);
  });

  it('sends invalid traffic to the trafficback URL and keeps the reason', async () => {
    const c = await campaign(t, { geos: ['DE'], trafficbackUrl: 'https://tb.example/?c={click_id}&country={country}' });
    const res = await click(t, c.key);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/tb\.example\/\?c=[0-9a-f-]{36}&country=US$/);
    const ok = await click(t, c.key, '', { 'x-forwarded-for': DE_IP });
    expect(ok.headers.location).toMatch(/^https:\/\/lander\.example\//);
    const bot = await click(t, c.key, '', { 'x-forwarded-for': DE_IP, 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(bot.headers.location).toMatch(/^https:\/\/tb\.example\//);
    const rows = await clicksOf(t, c.campaign.id);
    expect(rows.map((r) => [r.status, r.invalid_reason, r.country])).toEqual([
      [2, 'country_not_allowed', 'US'],
      [1, null, 'DE'],
      [2, 'bot', 'DE'],
    ]);
  });

  it('answers 404 for an unknown key and for invalid traffic without a trafficback URL; records the invalid click only', async () => {
    expect((await click(t, 'unknownkey0000')).statusCode).toBe(404);
    expect((await click(t, 'bad key!')).statusCode).toBe(404);
    const c = await campaign(t, { status: 'inactive' });
    const res = await click(t, c.key);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This link is not active');
    expect((await clicksOf(t, c.campaign.id)).map((r) => r.invalid_reason)).toEqual(['campaign_inactive']);
  });

  it('refuses traffic of a traffic-blocked affiliate and of an inactive offer', async () => {
    const c = await campaign(t, { trafficbackUrl: 'https://tb.example/' });
    let v = t.app.services.tracking.feed.version;
    await t.database.db.update(users).set({ trafficBlocked: true }).where(eq(users.id, c.affiliate.id));
    await settled(t, v);
    await click(t, c.key);
    v = t.app.services.tracking.feed.version;
    await t.database.db.update(users).set({ trafficBlocked: false }).where(eq(users.id, c.affiliate.id));
    await t.database.db.update(offers).set({ status: 'inactive' }).where(eq(offers.id, c.offer.id));
    await settled(t, v);
    await click(t, c.key);
    expect((await clicksOf(t, c.campaign.id)).map((r) => r.invalid_reason)).toEqual(['traffic_blocked', 'offer_inactive']);
  });

  it('chooses among the landers whose sieve matches, by weight, and only the campaign landers when it names some', async () => {
    const c = await campaign(t, { landerUrls: ['https://de-only.example/', 'https://any.example/', 'https://zero.example/'] });
    const v = t.app.services.tracking.feed.version;
    await t.database.db
      .update(landers)
      .set({ sieve: { countries: ['DE'] } })
      .where(eq(landers.id, c.landers[0].id));
    await t.database.db.update(landers).set({ weight: 0 }).where(eq(landers.id, c.landers[2].id));
    await settled(t, v);
    for (let i = 0; i < 10; i++) expect((await click(t, c.key)).headers.location).toBe('https://any.example/');
    const v2 = t.app.services.tracking.feed.version;
    await t.database.db.insert(campaignLanders).values({ campaignId: c.campaign.id, landerId: c.landers[0].id });
    await settled(t, v2);
    expect((await click(t, c.key, '', { 'x-forwarded-for': DE_IP })).headers.location).toBe('https://de-only.example/');
    expect((await click(t, c.key)).statusCode).toBe(403); // the only campaign lander is for DE: not available here
  });

  it('serves a changed lander URL as soon as the change is committed (cache dropped by the change feed)', async () => {
    const c = await campaign(t, { landerUrls: ['https://old.example/'] });
    await quiet(t);
    expect((await click(t, c.key)).headers.location).toBe('https://old.example/');
    const before = t.app.services.tracking.routing.misses;
    expect((await click(t, c.key)).headers.location).toBe('https://old.example/');
    expect(t.app.services.tracking.routing.misses).toBe(before); // served from memory
    const v = t.app.services.tracking.feed.version;
    await t.database.db.update(landers).set({ targetUrl: 'https://new.example/' }).where(eq(landers.id, c.landers[0].id));
    await settled(t, v);
    expect((await click(t, c.key)).headers.location).toBe('https://new.example/');
  });

  it('redirects to a fixed campaign URL with its extra parameters', async () => {
    const c = await campaign(t);
    const v = t.app.services.tracking.feed.version;
    await t.database.db
      .update(campaigns)
      .set({
        targetUrlSettings: {
          mode: 'url',
          url: 'https://fixed.example/go?id={click_id}',
          passSubs: false,
          params: [{ name: 'aff', value: 'a{affiliate_id}&x' }],
        },
      })
      .where(eq(campaigns.id, c.campaign.id));
    await settled(t, v);
    const location = new URL((await click(t, c.key, '?sub1=zz')).headers.location as string);
    expect(location.searchParams.get('aff')).toBe(`a${c.affiliate.id}&x`);
    expect(location.searchParams.get('sub1')).toBeNull();
  });

  it('never fails on hostile input: SQL-looking and oversized values are kept as text, cut to size', async () => {
    const c = await campaign(t);
    const evil = "1'; DROP TABLE clicks; --";
    const long = 'x'.repeat(5000);
    const res = await click(t, c.key, `?sub1=${encodeURIComponent(evil)}&sub2=${long}&sub3=%E0%A4%A&sub3=second&${'p'.repeat(100)}=1`, {
      'user-agent': `${CHROME} ${'x '.repeat(2500)}`,
      referer: long,
    });
    expect(res.statusCode).toBe(302);
    const [row] = await clicksOf(t, c.campaign.id);
    expect(row.sub1).toBe(evil);
    expect((row.sub2 as string).length).toBe(255);
    expect((row.user_agent as string).length).toBe(1000);
  });

  it('writes each click before answering when CLICK_FLUSH_MS=0', async () => {
    const c = await campaign(sync);
    const res = await click(sync, c.key);
    const id = new URL(res.headers.location as string).searchParams.get('cid');
    const rows = await sync.database.db.execute(sql`select id from clicks where id = ${id}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });
});

describe('click ids', () => {
  it('are UUIDv7, unique, and sort in the order they were made, also within one millisecond', () => {
    const at = Date.now();
    const ids = Array.from({ length: 5000 }, () => uuidv7(at));
    expect(new Set(ids).size).toBe(5000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 10)) expect(id).toMatch(UUID_RE);
    expect(parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(at);
  });

  it("tell the time in the last id made, past 4096 ids in one millisecond too (the click row's created_at)", () => {
    const at = Date.now() + 60_000;
    const times = new Set<number>();
    for (let i = 0; i < 6000; i++) {
      const id = uuidv7(at);
      expect(lastUuidMs()).toBe(uuidTime(id)!.getTime());
      times.add(lastUuidMs());
    }
    expect(times.size).toBeGreaterThan(1);
  });
});

describe('click batch writer', () => {
  it('writes everything pending when closed (graceful shutdown), in one batch', async () => {
    const c = await campaign(t);
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    const ids = Array.from({ length: 250 }, () => uuidv7());
    for (const id of ids) await writer.push(rowOf(c, { id }));
    expect(await clicksOf(t, c.campaign.id)).toHaveLength(0);
    await writer.close();
    expect(writer.written).toBe(250);
    expect((await clicksOf(t, c.campaign.id)).map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('refuses a row it cannot write (an id of another shape) and leaves the batch and its unique candidates as they were', async () => {
    const c = await campaign(t);
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    const row = (id: string, ip: string) => rowOf(c, { id, ip, isUnique: true });
    const good = [row(uuidv7(), '10.9.0.1'), row(uuidv7(), '10.9.0.2')];
    writer.push(good[0]);
    expect(() => writer.push(row('not-a-click-id', '10.9.0.2'))).toThrow('not a uuid');
    writer.push(good[1]);
    await writer.close();
    expect(writer.written).toBe(2);
    const stored = await clicksOf(t, c.campaign.id);
    // the refused row took no visitor: the next click of its visitor is the unique one
    expect(stored.map((r) => [r.id, r.is_unique])).toEqual(good.map((g) => [g.id, true]));
  });

  it('writes more clicks than one batch takes, each once, and again after its buffers were used', async () => {
    const c = await campaign(t);
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    const push = async (n: number) => {
      for (let i = 0; i < n; i++)
        await writer.push(
          rowOf(c, { userAgent: `${CHROME} ${i % 7}`, targetUrl: `https://l.example/${'x'.repeat(i % 300)}`, subs: [`s${i}`] }),
        );
    };
    await push(6_500);
    await writer.flush();
    await writer.flush();
    await push(20);
    await writer.close();
    expect(writer.written).toBe(6_520);
    const [{ n, subs }] = (
      await t.database.query<{ n: string; subs: string }>(
        'select count(*) as n, count(distinct sub1) as subs from clicks where campaign_id = $1',
        [c.campaign.id],
      )
    ).rows;
    expect([Number(n), Number(subs)]).toEqual([6_520, 6_500]);
  });

  it('stores values with tabs, line breaks and backslashes as they came', async () => {
    const c = await campaign(t);
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    await writer.push(
      rowOf(c, {
        status: 2,
        invalidReason: 'bot',
        isBot: true,
        country: null,
        ip: null,
        userAgent: 'UA\tx\\N',
        referrer: 'r\r\n',
        targetUrl: '\\N',
        subs: ['a\tb', 'c\nd', 'e\\f', '\\', '', null, 'ü€😀'],
        params: { 'k\\': 'v\t"w"', x: '\\N' },
      }),
    );
    await writer.close();
    const [row] = await clicksOf(t, c.campaign.id);
    expect([
      row.user_agent,
      row.referrer,
      row.target_url,
      row.sub1,
      row.sub2,
      row.sub3,
      row.sub4,
      row.sub5,
      row.sub6,
      row.sub7,
      row.params,
    ]).toEqual(['UA\tx\\N', 'r\r\n', '\\N', 'a\tb', 'c\nd', 'e\\f', '\\', '', null, 'ü€😀', { 'k\\': 'v\t"w"', x: '\\N' }]);
    expect([row.status, row.invalid_reason, row.is_bot, row.country, row.team_id]).toEqual([2, 'bot', true, null, null]);
  });

  it('stores each click once when a batch is written again (a retry after a write that did commit)', async () => {
    const c = await campaign(t);
    const row = () => rowOf(c);
    const first = [row(), row()];
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    for (const r of first) await writer.push(r);
    await writer.flush();
    for (const r of [...first, row()]) await writer.push(r);
    await writer.close();
    expect(writer.written).toBe(5);
    expect(await clicksOf(t, c.campaign.id)).toHaveLength(3);
  });

  it('keeps a failed batch for the next flush', async () => {
    const c = await campaign(t);
    let fail = true;
    // on PostgreSQL the batch's COPY goes through a pooled connection, on PGlite through PGlite's query
    const { pool, pglite } = t.database;
    const flaky: typeof t.database = {
      ...t.database,
      pglite: pglite && {
        ...pglite,
        query: (async (...args: Parameters<typeof pglite.query>) => {
          if (fail) throw new Error('connection lost');
          return pglite.query(...args);
        }) as typeof pglite.query,
        transaction: pglite.transaction.bind(pglite),
      },
      pool:
        pool &&
        ({
          connect: async () => {
            if (fail) throw new Error('connection lost');
            return pool.connect();
          },
        } as unknown as typeof pool),
    };
    const errors: string[] = [];
    const writer = new ClickWriter(flaky, 60_000, { error: (_o, msg) => errors.push(msg) });
    await writer.push(rowOf(c, { country: null, ip: null, userAgent: null }));
    await expect(writer.flush()).rejects.toThrow('connection lost');
    expect(errors).toEqual(['click batch write failed: kept for the next flush']);
    fail = false;
    await writer.close();
    expect(await clicksOf(t, c.campaign.id)).toHaveLength(1);
  });
});

describe('unique clicks across nodes', () => {
  /** a click that this node's memory called unique (a candidate), by a visitor, at a time */
  const candidate = (c: Awaited<ReturnType<typeof campaign>>, ip: string, at: Date) =>
    rowOf(c, { id: uuidv7(at.getTime()), createdAt: at, isUnique: true, ip });
  const uniqueOf = async (c: Awaited<ReturnType<typeof campaign>>) =>
    (await clicksOf(t, c.campaign.id)).map((r) => [r.ip, r.is_unique]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const node = () => new ClickWriter(t.database, 60_000, { error: () => undefined });

  it('counts a visitor once when its clicks reach two nodes, and each other visitor once', async () => {
    const c = await campaign(t);
    const [a, b] = [node(), node()];
    const now = Date.now();
    await a.push(candidate(c, '10.0.0.1', new Date(now)));
    await a.push(candidate(c, '10.0.0.2', new Date(now)));
    await b.push(candidate(c, '10.0.0.1', new Date(now + 1000)));
    await b.push(candidate(c, '10.0.0.3', new Date(now + 1000)));
    await a.close();
    await b.close();
    expect(await uniqueOf(c)).toEqual([
      ['10.0.0.1', true],
      ['10.0.0.1', false],
      ['10.0.0.2', true],
      ['10.0.0.3', true],
    ]);
    // the roll-ups count what the rows say (on PostgreSQL the second node's click was stored unique, then corrected)
    await compactStatistics(t.database);
    const report = await verifyStatistics(t.database, { from: new Date(now - 60_000), to: new Date(now + 60_000) });
    expect(report.totalDrift).toBe(0);
    const [cube] = (
      await t.database.query<{ n: string }>(
        'select coalesce(sum(unique_clicks), 0) as n from stats_offer where offer_id = $1 and grain = 2',
        [c.offer.id],
      )
    ).rows;
    expect(Number(cube.n)).toBe(3);
  });

  it('counts a visitor once per window: again after 24 hours, not within them', async () => {
    const c = await campaign(t);
    const now = Date.now() - 3 * 86_400_000;
    for (const [i, offset] of [0, 3_600_000, 86_400_000 + 1, 86_400_000 + 2].entries()) {
      const w = node(); // each click through another node (or after a restart): only the table knows the visitor
      await w.push({ ...candidate(c, '10.0.1.1', new Date(now + offset)), subs: [`n${i}`] });
      await w.close();
    }
    const rows = await clicksOf(t, c.campaign.id);
    expect(rows.map((r) => [r.sub1, r.is_unique])).toEqual([
      ['n0', true],
      ['n1', false],
      ['n2', true],
      ['n3', false],
    ]);
  });

  it('keeps a unique click unique when its batch is written again after a write that did commit', async () => {
    const c = await campaign(t);
    const click = candidate(c, '10.0.2.1', new Date());
    const w = node();
    await w.push(click);
    await w.flush();
    await w.push(click);
    await w.push(candidate(c, '10.0.2.2', new Date()));
    await w.close();
    expect(await uniqueOf(c)).toEqual([
      ['10.0.2.1', true],
      ['10.0.2.2', true],
    ]);
  });

  it('stores a visitor twice in one batch as unique once', async () => {
    const c = await campaign(t);
    const w = node();
    await w.push(candidate(c, '10.0.3.1', new Date()));
    await w.push(candidate(c, '10.0.3.1', new Date()));
    await w.close();
    expect(await uniqueOf(c)).toEqual([
      ['10.0.3.1', true],
      ['10.0.3.1', false],
    ]);
  });

  it('sweeps the visitors whose window has ended, and only those', async () => {
    const c = await campaign(t);
    const w = node();
    await w.push(candidate(c, '10.0.4.1', new Date(Date.now() - 2 * 86_400_000)));
    await w.push(candidate(c, '10.0.4.2', new Date()));
    await w.close();
    const ids = (await clicksOf(t, c.campaign.id)).map((r) => String(r.id));
    const held = async () =>
      (await t.database.query<{ click_id: string }>('select click_id from click_visitors where click_id = any($1::uuid[])', [ids])).rows
        .length;
    expect(await held()).toBe(2);
    await sweepClickVisitors({ database: t.database, now: () => new Date() });
    expect(await held()).toBe(1);
  });
});
