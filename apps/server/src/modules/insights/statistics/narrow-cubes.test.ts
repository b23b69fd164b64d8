/**
 * The narrow cubes and the sub1 roll-up of migration 0019 (docs/decisions/insights.md "Narrow cubes"): which cube a
 * query reads (cubeFor), every cube's totals equal to the raw rows at each of its grains, also after status changes
 * and a deletion, and the answers they serve equal to counts taken from the raw rows — in UTC and in the zones whose
 * day edges are not hour edges (Asia/Kathmandu +05:45, America/St_Johns -03:30: their 15-minute edges come from the
 * wide cubes, and sub1's edges from the raw rows).
 */
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../../../test/export-helper';
import { useApp, type TestUser } from '../../../../test/helper';
import { clicks, conversions, leads, userManagers } from '../../../db/schema';
import { compact, verify } from './rollups';
import { CUBES, cubeFor } from './statistics.tables';

const t = await useApp();
const db = t.database.db;
const T = (iso: string) => new Date(iso);

let offerA: { id: number };
let offerB: { id: number };
let adv: { id: number };
let aff1: TestUser;
let aff2: TestUser;
let verticalId: number;
let goalId: number;

/** times around the day edges of UTC, Kathmandu and St John's, over three days */
const TIMES = [
  '2026-11-19T18:10:00Z',
  '2026-11-19T18:20:00Z',
  '2026-11-20T00:05:00Z',
  '2026-11-20T03:20:00Z',
  '2026-11-20T03:35:00Z',
  '2026-11-20T12:00:00Z',
  '2026-11-21T02:00:00Z',
  '2026-11-21T18:14:00Z',
  '2026-11-21T20:50:00Z',
  '2026-11-22T03:29:00Z',
];

const uuidAt = (ms: number) => {
  const hex =
    ms.toString(16).padStart(12, '0') + '7' + Array.from({ length: 19 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${'8' + hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const ok = async (query: string, as: TestUser = t.admin) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/statistics?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  type Metrics = Record<string, unknown>;
  return res.json().data as {
    items: Metrics[];
    meta: { totalCount: number; totals: Metrics; previous?: { from: number; to: number; items: Metrics[]; totals: Metrics } };
  };
};

beforeAll(async () => {
  const vertical = await t.make.vertical({ goals: ['Registration'] });
  verticalId = vertical.id;
  goalId = vertical.goals[0].id;
  offerA = await t.make.offer({ verticalId, title: 'Narrow A' });
  offerB = await t.make.offer({ verticalId, title: 'Narrow B' });
  adv = await t.make.advertiser({ verticalId, title: 'Narrow Adv' });
  aff1 = await t.make.user({ type: 'affiliate' });
  aff2 = await t.make.user({ type: 'affiliate' });
  const countries = ['DE', 'FR', 'PL'];
  for (const [i, at] of TIMES.entries()) {
    const affiliateId = i % 3 === 0 ? aff2.id : aff1.id;
    const offerId = i % 2 === 0 ? offerA.id : offerB.id;
    const country = countries[i % 3];
    const sub1 = i % 4 === 3 ? null : `s${i % 3}`;
    const id = uuidAt(T(at).getTime());
    await db
      .insert(clicks)
      .values({ id, createdAt: T(at), status: i % 5 === 4 ? 2 : 1, isUnique: i % 2 === 0, offerId, affiliateId, country, sub1 });
    // every second click becomes a lead 20 minutes later (across a 15-minute and sometimes an hour edge), sent to
    // the advertiser, and every second lead converts (approved) 40 minutes after the click
    if (i % 2 === 0) continue;
    const leadAt = new Date(T(at).getTime() + 20 * 60_000);
    const [l] = await db
      .insert(leads)
      .values({ createdAt: leadAt, status: 'sent', offerId, verticalId, affiliateId, advertiserId: adv.id, country, clickId: id, sub1 })
      .returning();
    if (i % 4 !== 1) continue;
    await db.insert(conversions).values({
      createdAt: new Date(T(at).getTime() + 40 * 60_000),
      status: 3,
      leadId: l.id,
      clickId: id,
      offerId,
      affiliateId,
      advertiserId: adv.id,
      goalId,
      revenue: '12.5',
      payout: '7.25',
      baseRevenue: '12.5',
      basePayout: '7.25',
      revenueCurrency: 'USD',
      payoutCurrency: 'USD',
      baseCurrency: 'USD',
    });
  }
});

/** the raw counts the cubes must hold: clicks, leads (not test), approved conversions and their revenue */
async function rawTotals() {
  const r = await t.database.query<{ clicks: string; leads: string; approved: string; revenue: string | null }>(
    `SELECT (SELECT count(*) FROM clicks) AS clicks,
            (SELECT count(*) FROM leads WHERE status <> 'test' AND NOT is_test) AS leads,
            (SELECT count(*) FROM conversions WHERE status = 3) AS approved,
            (SELECT sum(base_revenue) FROM conversions WHERE status = 3) AS revenue`,
  );
  const row = r.rows[0];
  return { clicks: Number(row.clicks), leads: Number(row.leads), approved: Number(row.approved), revenue: Number(row.revenue ?? 0) };
}

async function expectCubesMatchRaw() {
  await compact(t.database);
  const raw = await rawTotals();
  expect(raw.clicks).toBeGreaterThan(0);
  for (const cube of CUBES) {
    for (const grain of cube.grains) {
      for (const kind of [0, 1]) {
        const { rows } = await t.database.query<{ clicks: string; leads: string; approved: string; revenue: string }>(
          `SELECT coalesce(sum(clicks), 0) AS clicks, coalesce(sum(leads), 0) AS leads, coalesce(sum(conversions_approved), 0) AS approved,
             coalesce(sum(revenue), 0) AS revenue FROM ${cube.table} WHERE grain = $1 AND kind = $2`,
          [grain, kind],
        );
        const got = rows[0];
        const label = `${cube.table} grain ${grain} kind ${kind}`;
        // clicks are counted at their own time only (kind 0); leads and conversions once per kind
        expect(Number(got.clicks), label).toBe(kind === 0 ? raw.clicks : 0);
        expect(Number(got.leads), label).toBe(raw.leads);
        expect(Number(got.approved), label).toBe(raw.approved);
        expect(Number(got.revenue), label).toBe(raw.revenue);
      }
    }
  }
  const now = T('2026-11-25T00:00:00Z');
  const report = await verify(t.database, { from: T('2026-11-18T00:00:00Z'), to: now });
  expect(report.drift).toEqual(Object.fromEntries(CUBES.map((c) => [c.table, 0])));
}

describe('cube choice', () => {
  it('reads the narrow cube of one grouped dimension, the wide cubes for scopes and combinations it lacks, and the raw rows for sub1 edges', () => {
    expect(cubeFor([], 2)?.table).toBe('stats_time');
    expect(cubeFor(['offer_id'], 2)?.table).toBe('stats_offer');
    expect(cubeFor(['offer_id', 'vertical_id'], 1)?.table).toBe('stats_offer');
    // a manager's or an affiliate's offer rows filter by affiliate: the offer cube cannot
    expect(cubeFor(['offer_id', 'affiliate_id'], 2)?.table).toBe('stats_entity');
    expect(cubeFor(['affiliate_id'], 2)?.table).toBe('stats_affiliate');
    expect(cubeFor(['team_id'], 1)?.table).toBe('stats_affiliate');
    expect(cubeFor(['country'], 2)?.table).toBe('stats_country');
    expect(cubeFor(['country', 'affiliate_id'], 2)?.table).toBe('stats_geo');
    expect(cubeFor(['advertiser_id'], 2)?.table).toBe('stats_advertiser');
    // 15-minute edge pieces: the narrow cubes keep hours and days only
    expect(cubeFor(['offer_id'], 0)?.table).toBe('stats_entity');
    expect(cubeFor(['country'], 0)?.table).toBe('stats_geo');
    expect(cubeFor(['sub1'], 2)?.table).toBe('stats_sub1');
    expect(cubeFor(['sub1', 'affiliate_id', 'offer_id'], 2)?.table).toBe('stats_sub1');
    expect(cubeFor(['sub1'], 1)).toBeUndefined();
    expect(cubeFor(['sub1', 'team_id'], 2)).toBeUndefined();
    expect(cubeFor(['sub2'], 2)).toBeUndefined();
  });
});

describe('narrow cubes', () => {
  it('every cube equals the raw rows at each of its grains, and still does after status changes and a deletion', async () => {
    await expectCubesMatchRaw();
    // a conversion rejected, a lead trashed, a click made invalid and another deleted
    const [conv] = await db.select().from(conversions).limit(1);
    await db.update(conversions).set({ status: 4 }).where(eq(conversions.id, conv.id));
    const [l] = await db.select().from(leads).where(eq(leads.status, 'sent')).limit(1);
    await db.update(leads).set({ status: 'trash' }).where(eq(leads.id, l.id));
    await db.execute(sql`UPDATE clicks SET status = 2 WHERE created_at = ${T(TIMES[0])}`);
    await db.execute(sql`DELETE FROM clicks WHERE created_at = ${T(TIMES[2])}`);
    await expectCubesMatchRaw();
    const { rows } = await t.database.query<{ n: string }>(
      `SELECT coalesce(sum(leads_trash), 0) AS n FROM stats_offer WHERE grain = 2 AND kind = 0`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  for (const zone of ['UTC', 'Asia/Kathmandu', 'America/St_Johns']) {
    it(`answers by offer, affiliate, country, advertiser and sub1 as the raw rows count them (${zone})`, async () => {
      const from = DateTime.fromISO('2026-11-20', { zone }).toJSDate();
      const to = DateTime.fromISO('2026-11-22', { zone }).toJSDate();
      const range = `dateFrom=2026-11-20&dateTo=2026-11-21&timezone=${encodeURIComponent(zone)}&limit=100`;
      const byRaw = async (column: string, table: 'clicks' | 'leads') => {
        const { rows } = await t.database.query<{ k: string | null; n: string }>(
          `SELECT ${column}::text AS k, count(*) AS n FROM ${table} WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
          [from.toISOString(), to.toISOString()],
        );
        return Object.fromEntries(rows.map((r) => [r.k ?? '', Number(r.n)]));
      };
      const key = (v: unknown) => (v === null ? '' : typeof v === 'object' ? String((v as { id: number }).id) : String(v));
      const byAnswer = async (groupBy: string, metric: string) => {
        const answer = await ok(`${range}&groupBy=${groupBy}`);
        return Object.fromEntries(answer.items.filter((i) => Number(i[metric]) > 0).map((i) => [key(i[groupBy]), Number(i[metric])]));
      };
      expect(await byAnswer('offer', 'clicks')).toEqual(await byRaw('offer_id', 'clicks'));
      expect(await byAnswer('affiliate', 'clicks')).toEqual(await byRaw('affiliate_id', 'clicks'));
      expect(await byAnswer('country', 'clicks')).toEqual(await byRaw('country', 'clicks'));
      expect(await byAnswer('advertiser', 'leads')).toEqual(await byRaw('advertiser_id', 'leads'));
      expect(await byAnswer('sub1', 'clicks')).toEqual(await byRaw("coalesce(sub1, '')", 'clicks'));
      expect(await byAnswer('sub1', 'leads')).toEqual(await byRaw("coalesce(sub1, '')", 'leads'));
      // the totals (read from the narrowest cube holding the filters, not from the grouped rows) equal the rows' sums
      for (const groupBy of ['offer', 'affiliate', 'country', 'advertiser', 'sub1', 'campaign']) {
        const answer = await ok(`${range}&groupBy=${groupBy}`);
        expect(answer.meta.totalCount).toBeLessThanOrEqual(100);
        for (const m of ['clicks', 'unique_clicks', 'leads', 'leads_sent', 'conversions', 'approved_conversions']) {
          const rows = answer.items.reduce((n, i) => n + Number(i[m] ?? 0), 0);
          expect(rows, `${groupBy} ${m}`).toBe(Number(answer.meta.totals[m] ?? 0));
        }
      }
      // an affiliate's own sub1 rows (scoped: the sub1 roll-up holds the affiliate)
      const own = await ok(`${range}&groupBy=sub1`, aff1);
      const { rows } = await t.database.query<{ n: string }>(
        `SELECT count(*) AS n FROM clicks WHERE affiliate_id = $1 AND created_at >= $2 AND created_at < $3`,
        [aff1.id, from.toISOString(), to.toISOString()],
      );
      expect(own.meta.totals.clicks).toBe(Number(rows[0].n));
    });
  }

  it('counts writes not folded yet (the deltas) in the narrow cubes and the sub1 roll-up', async () => {
    const before = await ok('dateFrom=2026-11-20&dateTo=2026-11-20&timezone=UTC&groupBy=sub1&sub1=fresh');
    expect(before.meta.totals.clicks).toBe(0);
    await db.insert(clicks).values({
      id: uuidAt(T('2026-11-20T10:00:00Z').getTime()),
      createdAt: T('2026-11-20T10:00:00Z'),
      status: 1,
      isUnique: true,
      offerId: offerA.id,
      affiliateId: aff1.id,
      country: 'DE',
      sub1: 'fresh',
    });
    const after = await ok('dateFrom=2026-11-20&dateTo=2026-11-20&timezone=UTC&groupBy=sub1&sub1=fresh');
    expect(after.items).toEqual([expect.objectContaining({ sub1: 'fresh', clicks: 1 })]);
    const offer = await ok(`dateFrom=2026-11-20&dateTo=2026-11-20&timezone=UTC&groupBy=offer&offerId=${offerA.id}`);
    await compact(t.database);
    expect((await ok(`dateFrom=2026-11-20&dateTo=2026-11-20&timezone=UTC&groupBy=offer&offerId=${offerA.id}`)).meta.totals).toEqual(
      offer.meta.totals,
    );
  });
});

describe('ratios over zero', () => {
  it('are null ("—"), not 0: ROI without payout, CR and EPC without clicks, lead rates without leads', async () => {
    // 2026-11-21 (UTC) holds three clicks and one lead, no conversion: CR is 0 of its clicks, ROI has no payout
    const day = await ok('dateFrom=2026-11-21&dateTo=2026-11-21&timezone=UTC&groupBy=day');
    expect(day.meta.totals).toMatchObject({ clicks: 3, leads: 1, roi: null, approval_rate: null });
    for (const key of ['cr', 'epc', 'cpl']) expect(Number(day.meta.totals[key]), key).toBe(0);
    expect(day.items[0]).toMatchObject({ roi: null });
    // no traffic at all
    const empty = await ok('dateFrom=2026-10-01&dateTo=2026-10-01&timezone=UTC&groupBy=day');
    expect(empty.meta.totals).toMatchObject({ clicks: 0, cr: null, epc: null, cpl: null, roi: null, approval_rate: null });
    // advertiser rows have no clicks: their click ratios are empty too, revenue-based ones computed
    const byAdv = await ok('dateFrom=2026-11-19&dateTo=2026-11-22&timezone=UTC&groupBy=advertiser');
    expect(byAdv.items[0]).toMatchObject({ cr: null, epc: null });
    expect(byAdv.items[0].roi).not.toBeNull();
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/statistics/leads?dateFrom=2026-10-01&dateTo=2026-10-01&timezone=UTC&groupBy=day',
      as: t.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.meta.totals).toMatchObject({ leads: 0, sent_rate: null, approval_rate: null, duplicate_rate: null });
  });
});

describe('compare=previous', () => {
  const rawClicks = async (from: string, to: string, column?: string) => {
    const { rows } = await t.database.query<{ k: string | null; n: string }>(
      `SELECT ${column ? `${column}::text` : `''`} AS k, count(*) AS n FROM clicks WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      [from, to],
    );
    return new Map(rows.map((r) => [r.k ?? '', Number(r.n)]));
  };

  it("answers each item's and the totals' metrics over the previous period, for entity, time and drilled rows", async () => {
    // by offer: the day before
    const a = await ok('dateFrom=2026-11-21&dateTo=2026-11-21&timezone=UTC&groupBy=offer&compare=previous');
    const prevDay = await rawClicks('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z', 'offer_id');
    expect(a.meta.previous).toMatchObject({
      from: Date.parse('2026-11-20T00:00:00Z') / 1000,
      to: Date.parse('2026-11-21T00:00:00Z') / 1000,
    });
    expect(a.meta.previous!.totals.clicks).toBe([...prevDay.values()].reduce((x, y) => x + y, 0));
    expect(a.meta.previous!.items).toHaveLength(a.items.length);
    a.items.forEach((item, i) =>
      expect(a.meta.previous!.items[i].clicks).toBe(prevDay.get(String((item.offer as { id: number }).id)) ?? 0),
    );
    // by day over two days in Kathmandu: each day against the day two days before it
    const zone = 'Asia/Kathmandu';
    const b = await ok(`dateFrom=2026-11-21&dateTo=2026-11-22&timezone=${encodeURIComponent(zone)}&groupBy=day&compare=previous`);
    for (const [i, item] of b.items.entries()) {
      const day = DateTime.fromISO(item.day as string, { zone }).minus({ days: 2 });
      const raw = await rawClicks(day.toUTC().toISO()!, day.plus({ days: 1 }).toUTC().toISO()!);
      expect(b.meta.previous!.items[i].clicks, item.day as string).toBe(raw.get('') ?? 0);
    }
    // a day drilled into offers (range of two days): against the same day two days earlier
    const c = await ok('dateFrom=2026-11-20&dateTo=2026-11-21&timezone=UTC&groupBy=offer&parent=day:2026-11-21&compare=previous');
    const drilledPrev = await rawClicks('2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z', 'offer_id');
    expect(c.meta.previous!.totals.clicks).toBe([...drilledPrev.values()].reduce((x, y) => x + y, 0));
    c.items.forEach((item, i) =>
      expect(c.meta.previous!.items[i].clicks).toBe(drilledPrev.get(String((item.offer as { id: number }).id)) ?? 0),
    );
    // without compare: no previous
    expect((await ok('dateFrom=2026-11-21&dateTo=2026-11-21&timezone=UTC&groupBy=offer')).meta.previous).toBeUndefined();
  });

  it('compare=next -> 400 naming compare', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/statistics?compare=next', as: t.admin });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('compare');
  });
});

describe('lead statistics export (statistics_leads)', () => {
  it("writes every row of the view with the statuses, the rates and a column per grade, in the owner's scope", async () => {
    const query = { dateFrom: '2026-11-19', dateTo: '2026-11-22', timezone: 'UTC', groupBy: 'affiliate' };
    const answer = (await t.request({ method: 'GET', url: `/api/v1/statistics/leads?${new URLSearchParams(query)}`, as: t.admin })).json()
      .data;
    const staff = await runExport(t, t.admin, 'statistics_leads', query);
    expect(staff.header.slice(0, 3)).toEqual(['affiliate', 'leads', 'leads_new']);
    expect(staff.header).toEqual(expect.arrayContaining(['sent_rate', 'approval_rate', 'duplicate_rate', 'approved']));
    expect(staff.rows).toHaveLength(answer.meta.totalCount);
    expect(staff.rows.length).toBe(2);
    const leadsCol = staff.header.indexOf('leads');
    const sum = staff.rows.reduce((n, r) => n + Number(r.split(',')[leadsCol]), 0);
    expect(sum).toBe(answer.meta.totals.leads);
    // a manager exports the assigned affiliate's rows only
    const manager = await t.make.user({
      type: 'affiliate_manager',
      permissions: ['front.statistics.lead.read', 'affiliate.assigned.read'],
    });
    await db.insert(userManagers).values({ userId: aff1.id, managerId: manager.id });
    const own = await runExport(t, manager, 'statistics_leads', { ...query, groupBy: 'day' });
    const ownLeads = await t.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM leads WHERE affiliate_id = $1 AND created_at >= '2026-11-19' AND created_at < '2026-11-23'`,
      [aff1.id],
    );
    const col = own.header.indexOf('leads');
    expect(own.rows.reduce((n, r) => n + Number(r.split(',')[col]), 0)).toBe(Number(ownLeads.rows[0].n));
  });

  it('needs front.statistics.lead.read; a bad query is a 400 naming its field', async () => {
    const nobody = await t.make.user({ type: 'affiliate_manager', permissions: ['front.menu.statistics.read'] });
    const denied = await t.request({
      method: 'POST',
      url: '/api/v1/exports',
      as: nobody,
      payload: { type: 'statistics_leads', query: {} },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: '/api/v1/exports',
      as: t.admin,
      payload: { type: 'statistics_leads', query: { groupBy: 'planet' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('groupBy');
  });
});
