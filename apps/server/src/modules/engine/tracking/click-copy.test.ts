import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { campaigns } from '../../../db/schema';
import { clickRowsOf, COPY_HEADER, COPY_TRAILER, readClickRows } from './click-copy';
import type { ClickRow } from './click-row';
import { ClickWriter } from './click-writer';
import { uuidv7At } from './uuid';
import { clickRow } from './click-row.fixture';

const t = await useApp();

const base = (over: Partial<ClickRow> = {}): ClickRow =>
  clickRow({
    isUnique: true,
    campaignId: 1,
    offerId: 2,
    affiliateId: 3,
    landerId: 4,
    country: 'DE',
    language: 'de',
    ip: '2001:db8::1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    targetUrl: 'https://lander.example/?a=1&b=ü',
    subs: ['a', null, 'ш', null, null, null, null, null, '9'],
    params: { utm: 'x' },
    ...over,
  });

/** a string of any UTF-16 units (lone surrogates and NUL included) */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const int4 = maybe(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }));

/** what PostgreSQL keeps of a text value: NUL characters and lone surrogates dropped */
const safe = (s: string) => s.replaceAll('\0', '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
const safeOrNull = (s: string | null) => (s === null ? null : safe(s));

const rowArb: fc.Arbitrary<ClickRow> = fc
  .record({
    // any millisecond from 1900 to 2200, so times before PostgreSQL's epoch (2000) too
    ms: fc.integer({ min: -2_208_988_800_000, max: 7_258_118_400_000 }),
    status: fc.constantFrom(1 as const, 2 as const),
    invalidReason: maybe(fc.constantFrom('bot', 'geo', 'capped')),
    isUnique: fc.boolean(),
    isBot: fc.boolean(),
    isTest: fc.boolean(),
    ids: fc.tuple(int4, int4, int4, int4, int4, int4),
    country: maybe(fc.constantFrom('US', 'DE')),
    language: maybe(fc.constantFrom('en', 'pt-br')),
    ip: maybe(fc.constantFrom('10.0.0.1', '2001:db8::2')),
    userAgent: maybe(anyText),
    referrer: maybe(anyText),
    targetUrl: maybe(anyText),
    subs: fc.array(maybe(anyText), { minLength: 9, maxLength: 9 }),
    params: maybe(fc.dictionary(fc.string({ maxLength: 8 }), anyText, { maxKeys: 4 })),
  })
  .map((v) => ({
    id: uuidv7At(Math.max(0, v.ms)),
    createdAt: new Date(v.ms),
    status: v.status,
    invalidReason: v.invalidReason,
    isUnique: v.isUnique,
    isBot: v.isBot,
    isTest: v.isTest,
    campaignId: v.ids[0],
    offerId: v.ids[1],
    affiliateId: v.ids[2],
    teamId: v.ids[3],
    landerId: v.ids[4],
    trafficSourceId: v.ids[5],
    country: v.country,
    language: v.language,
    ip: v.ip,
    userAgent: v.userAgent,
    referrer: v.referrer,
    targetUrl: v.targetUrl,
    subs: v.subs,
    params: v.params,
  }));

/** a row as it reads back: text made safe, an empty user agent NULL */
const expected = (r: ClickRow): ClickRow => ({
  ...r,
  userAgent: r.userAgent ? safe(r.userAgent) : null,
  referrer: safeOrNull(r.referrer),
  targetUrl: safeOrNull(r.targetUrl),
  subs: r.subs.map(safeOrNull),
  params: r.params && Object.fromEntries(Object.entries(r.params).map(([k, v]) => [safe(k), safe(v)])),
});

describe('click rows as binary COPY', () => {
  it('read back as the clicks written, for any values (fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 5 }), (rows) => {
        const bytes = clickRowsOf(rows);
        const back = readClickRows(bytes);
        expect(back.end).toBe(bytes.length);
        expect(back.rows).toEqual(rows.map(expected));
      }),
      { seed: 22, numRuns: 300 },
    );
  });

  it('read up to a row cut short, wherever it is cut', () => {
    const rows = [base(), base({ params: null, subs: Array(9).fill(null) }), base({ status: 2, invalidReason: 'bot' })];
    const bytes = clickRowsOf(rows);
    const firstTwo = clickRowsOf(rows.slice(0, 2)).length;
    for (let cut = firstTwo; cut < bytes.length; cut++) {
      const back = readClickRows(bytes.subarray(0, cut));
      expect(back.rows.map((r) => r.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
      expect(back.end).toBe(firstTwo);
    }
  });

  it('stop at bytes of another shape (no click row)', () => {
    const rows = clickRowsOf([base()]);
    expect(readClickRows(Buffer.concat([rows, COPY_TRAILER, rows])).rows).toHaveLength(1);
    expect(readClickRows(Buffer.concat([COPY_HEADER, rows])).rows).toHaveLength(0);
    const wrongUuid = Buffer.from(rows);
    wrongUuid.writeInt32BE(15, 2); // the id's length
    expect(readClickRows(wrongUuid).rows).toHaveLength(0);
  });

  it('refuse an id that is no uuid (nothing written)', () => {
    expect(() => clickRowsOf([base({ id: 'not-a-uuid' })])).toThrow('not a uuid');
    expect(() => clickRowsOf([base({ id: 'zzzzzzzz-0000-7000-8000-000000000000' })])).toThrow('not a uuid');
  });

  it('are stored by PostgreSQL as the same values: times to the millisecond, text made safe', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const offer = await t.make.offer({});
    const [c] = await t.database.db
      .insert(campaigns)
      .values({
        key: `cc${Math.random().toString(36).slice(2, 12)}`.padEnd(12, 'x'),
        title: 'Copy',
        affiliateId: affiliate.id,
        offerId: offer.id,
      })
      .returning();
    const writer = new ClickWriter(t.database, 60_000, { error: () => undefined });
    const now = Date.now();
    const rows = [
      base({ campaignId: c.id, createdAt: new Date(now - 1), id: uuidv7At(now - 1), isUnique: false }),
      base({
        campaignId: c.id,
        createdAt: new Date(now - 123_457),
        id: uuidv7At(now - 123_457),
        isUnique: false,
        referrer: 'a\0b\ud800c😀',
        subs: ['\0', 'x\udfff', null, '', 'ü€', null, null, null, 'z'],
        params: { 'k\0': 'v\ud801', n: '1' },
        teamId: -5,
        trafficSourceId: 2 ** 31 - 1,
      }),
    ];
    for (const r of rows) writer.push(r);
    await writer.close();
    const stored = (
      await t.database.query<Record<string, unknown>>(
        `select id, created_at, status, is_unique, team_id, traffic_source_id, referrer, user_agent, browser, target_url,
           sub1, sub2, sub3, sub4, sub5, sub9, params from clicks where campaign_id = $1 order by created_at desc`,
        [c.id],
      )
    ).rows;
    expect(stored.map((s) => [s.id, (s.created_at as Date).getTime()])).toEqual(rows.map((r) => [r.id, r.createdAt.getTime()]));
    expect(stored[0]).toMatchObject({ status: 1, is_unique: false, browser: 'Firefox', target_url: 'https://lander.example/?a=1&b=ü' });
    expect(stored[1]).toMatchObject({
      team_id: -5,
      traffic_source_id: 2 ** 31 - 1,
      referrer: 'abc😀',
      sub1: '',
      sub2: 'x',
      sub3: null,
      sub4: '',
      sub5: 'ü€',
      sub9: 'z',
      params: { k: 'v', n: '1' },
    });
  });
});
