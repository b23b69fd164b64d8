/**
 * Clicks partitioned by day (migration 0026, docs/decisions/engine.md "Clicks partitioned by day"): where a click goes,
 * the partitions the nightly job makes and drops, a look-up by id in one partition, and what is left after the
 * retention (roll-ups, leads and conversions with their click's data; the verifier's not recomputable days).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/client';
import { clicks, conversions, leads, systemLogs } from '../../../db/schema';
import { compact, verify } from '../../insights/statistics/rollups';
import { setSetting } from '../../settings/general';
import { leadMarket } from '../leads/lead-market.fixture';
import { keepRawPartitions } from '../tracking';
import { uuidTime, uuidv7At } from '../tracking/uuid';
import { clickIdIs } from './click-lookup';

const t = await useApp();
const db = t.database.db;
const { market, post, leadOf, nextPhone } = leadMarket(t);
const DAY = 86_400_000;

const dayName = (table: string, at: Date) => `${table}_p${at.toISOString().slice(0, 10).replaceAll('-', '')}`;
const partitions = async (table: string) =>
  rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass order by 1`,
    ),
  ).map((r) => r.name);
const partitionOf = async (id: string) =>
  rowsOf<{ p: string }>(await db.execute(sql`select tableoid::regclass::text as p from clicks where id = ${id}::uuid`))[0]?.p;
/** every roll-up counter summed, per cube: what the retention must leave as it is */
const rollups = async () => {
  await compact(t.database);
  return rowsOf<Record<string, string>>(
    await db.execute(
      sql`select (select sum(clicks)::text from stats_offer) as offer_clicks, (select sum(leads)::text from stats_offer) as offer_leads,
        (select sum(conversions)::text from stats_offer) as offer_conversions, (select sum(clicks)::text from stats_time) as time_clicks,
        (select count(*)::text from stats_geo) as geo_rows, (select count(*)::text from stats_device) as device_rows`,
    ),
  )[0];
};

async function insertClick(at: Date, extra: Partial<typeof clicks.$inferInsert> = {}) {
  const id = uuidv7At(at.getTime());
  await db.insert(clicks).values({ id, createdAt: at, status: 1, ...extra });
  return id;
}

describe('clicks partitioned by day', () => {
  it('makes today and the next week at migration; a click goes to its day, one of an uncovered day to the default partition', async () => {
    const now = t.clock.now;
    const made = await partitions('clicks');
    for (let d = 0; d <= 7; d++) expect(made).toContain(dayName('clicks', new Date(now.getTime() + d * DAY)));
    expect(made).toContain('clicks_default');
    expect(await partitions('system_logs')).toContain(dayName('system_logs', now));

    const today = await insertClick(now);
    expect(await partitionOf(today)).toBe(dayName('clicks', now));
    const far = new Date(now.getTime() + 30 * DAY);
    const later = await insertClick(far, { country: 'FR' });
    expect(await partitionOf(later)).toBe('clicks_default');
    const before = await rollups();

    // the job of that day makes its partition and moves the waiting click into it, counted once
    t.clock.advance(30 * 86_400);
    try {
      const report = await keepRawPartitions({ database: t.database, now: () => t.clock.now });
      expect(report.made).toBeGreaterThan(0);
      expect(await partitionOf(later)).toBe(dayName('clicks', far));
      expect(await rollups()).toEqual(before);
      // made once: a second run makes nothing
      expect((await keepRawPartitions({ database: t.database, now: () => t.clock.now })).made).toBe(0);
    } finally {
      t.clock.advance(-30 * 86_400);
    }
  });

  it('keeps created_at exactly the time in the id, and finds a click by its id in its one partition', async () => {
    const id = await insertClick(t.clock.now, { sub1: 'x' });
    expect(uuidTime(id)!.getTime()).toBe(t.clock.now.getTime());
    const [found] = rowsOf<{ id: string }>(await db.execute(sql`select id from clicks where ${clickIdIs(id)}`));
    expect(found.id).toBe(id);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain select id from clicks where ${clickIdIs(id)}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain(dayName('clicks', t.clock.now));
    expect(plan).not.toContain('clicks_default');
    expect(plan.match(/clicks_p\d{8}/g)!.every((p) => p === dayName('clicks', t.clock.now))).toBe(true);
    // an id of another time is not this click, even though the id matches
    const other = uuidv7At(t.clock.now.getTime() - DAY);
    expect(rowsOf(await db.execute(sql`select id from clicks where ${clickIdIs(other)}`))).toHaveLength(0);
  });

  it('drops the days older than the retention only; roll-ups, leads and conversions stay, with their click data', async () => {
    const m = await market([{ path: '/accept/retention' }]);
    const now = t.clock.now;
    const old = await insertClick(now, {
      campaignId: m.campaign.id,
      offerId: m.offer.id,
      affiliateId: m.affiliate.id,
      country: 'DE',
      os: 'iOS',
      deviceType: 'mobile',
      browser: 'Safari',
      ip: '10.1.2.3',
      sub1: 'fb',
    });
    const res = await post(m.token, { clickId: old, phone: nextPhone(), country: 'PL' });
    expect(res.statusCode).toBe(200);
    const lead = await leadOf(res.json().data.id);
    const copy = { country: 'DE', os: 'iOS', device_type: 'mobile', browser: 'Safari', ip: '10.1.2.3', sub1: 'fb' };
    expect(lead.clickData).toEqual(copy);
    const [conv] = await db
      .insert(conversions)
      .values({
        createdAt: now,
        leadId: lead.id,
        offerId: m.offer.id,
        affiliateId: m.affiliate.id,
        revenueCurrency: 'USD',
        payoutCurrency: 'USD',
        baseCurrency: 'USD',
      })
      .returning();
    expect(conv.clickData).toEqual(copy);
    await db.insert(systemLogs).values({ createdAt: now, type: 'postback_in', entity: 'advertiser', success: true });

    // 100 days later, raw clicks kept 90 days: the old days go, the new day stays
    await setSetting(db, 'rawClicksRetentionDays', 90);
    t.clock.advance(100 * 86_400);
    try {
      const fresh = await insertClick(t.clock.now, { offerId: m.offer.id });
      const before = await rollups();
      expect(Number(before.offer_clicks)).toBeGreaterThan(1);
      const report = await keepRawPartitions({ database: t.database, now: () => t.clock.now });
      expect(report.dropped).toBeGreaterThanOrEqual(8 * 2);
      expect(await partitions('clicks')).not.toContain(dayName('clicks', now));
      expect(await partitions('system_logs')).not.toContain(dayName('system_logs', now));
      expect(await db.select().from(clicks).where(eq(clicks.id, old))).toHaveLength(0);
      expect(await db.select().from(clicks).where(eq(clicks.id, fresh))).toHaveLength(1);
      expect(await db.select().from(systemLogs).where(eq(systemLogs.createdAt, now))).toHaveLength(0);
      // nothing but the raw rows: the roll-ups, the lead and the conversion with what they keep of the click
      expect(await rollups()).toEqual(before);
      expect((await leadOf(lead.id)).clickData).toEqual(copy);
      const [kept] = await db.select().from(conversions).where(eq(conversions.id, conv.id));
      expect(kept.clickData).toEqual(copy);
      // a lead changed now is counted as it was: its click's data comes from its copy
      await db.update(leads).set({ status: 'trash' }).where(eq(leads.id, lead.id));
      await compact(t.database);
      // (read from the click row, gone, the change would be taken from and counted in an OS of none)
      const byOs = rowsOf<{ os: string; trash: string }>(
        await db.execute(
          sql`select os, sum(leads_trash)::text as trash from stats_device where offer_id = ${m.offer.id} and grain = 2 group by os having sum(leads) <> 0 or sum(leads_trash) <> 0 or sum(leads_sent) <> 0 or sum(leads_new) <> 0`,
        ),
      );
      expect(byOs).toEqual([{ os: 'iOS', trash: '2' }]);

      // the verifier says which days it can no longer recompute, and finds no drift in the others
      const report2 = await verify(t.database, { from: new Date(now.getTime() - 2 * DAY), to: t.clock.now });
      expect(report2.notRecomputable).toEqual({ from: new Date(Math.floor(now.getTime() / DAY) * DAY - 2 * DAY), to: report2.from });
      expect(report2.from.getTime()).toBeGreaterThan(now.getTime());
      expect(report2.totalDrift).toBe(0);
      const allGone = await verify(t.database, { from: new Date(now.getTime() - 2 * DAY), to: new Date(now.getTime() + DAY) });
      expect(allGone.notRecomputable).not.toBeNull();
      expect(allGone.totalDrift).toBe(0);

      // a lead on the dropped click is refused, saying the click is older than the retention, nothing written; an id
      // of a day still kept that names no click is an unknown click
      const count = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from leads`))[0].n;
      const leadsBefore = await count();
      const refused = await post(m.token, { clickId: old, phone: nextPhone(), country: 'PL' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
      expect(refused.json().errors).toEqual([
        { msg: 'pattern', type: 'The click is older than the 90 days raw clicks are kept', loc: ['body', 'clickId'] },
      ]);
      const madeUp = await post(m.token, { clickId: uuidv7At(t.clock.now.getTime() - 3_600_000), phone: nextPhone(), country: 'PL' });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json().errors).toEqual([{ msg: 'pattern', type: 'Unknown click id', loc: ['body', 'clickId'] }]);
      expect(await count()).toBe(leadsBefore);
    } finally {
      t.clock.advance(-100 * 86_400);
    }
  });
});
