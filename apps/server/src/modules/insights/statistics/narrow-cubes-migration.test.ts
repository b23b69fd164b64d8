/**
 * Migration 0019's fill of existing data (docs/decisions/insights.md "Narrow cubes"): on an install that already holds
 * raw rows, the narrow cubes created by 0019 are filled from the wide cubes and stats_sub1 from the raw rows. This
 * test inserts raw rows (their triggers and a compaction fill every cube), empties the narrow cubes, runs the fill
 * statements of the migration file itself, and checks the narrow cubes hold exactly what the raw rows count: the same
 * rows the writers had made, no drift for the verifier, and per-dimension totals counted straight from the raw rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { MIGRATIONS_DIR } from '../../../db/client';
import { clicks, conversions, leads } from '../../../db/schema';
import { compact, verify } from './rollups';
import { COUNTER_COLUMNS, CUBES } from './statistics.tables';

const t = await useApp();
const db = t.database.db;
const T = (iso: string) => new Date(iso);

const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '0019_statistics_narrow_cubes.sql'), 'utf8');
const STATEMENTS = MIGRATION.split('--> statement-breakpoint').map((s) => s.trim());
/** the cubes 0019 creates */
const NARROW = [...MIGRATION.matchAll(/CREATE TABLE "(stats_\w+)"/g)].map((m) => m[1]);
/** the statements that fill them from the data already there: the INSERT ... SELECT of each, stats_sub1's DO block */
const FILL = STATEMENTS.filter((s) =>
  NARROW.some((table) => s.startsWith(`INSERT INTO "${table}"`) || (s.startsWith('DO $$') && s.includes(`INSERT INTO ${table} `))),
);

const uuidAt = (ms: number) => {
  const hex =
    ms.toString(16).padStart(12, '0') + '7' + Array.from({ length: 19 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${'8' + hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** times across UTC day edges and the 15-minute edges of Kathmandu and St John's, over three days */
const TIMES = [
  '2026-10-04T18:10:00Z',
  '2026-10-04T23:55:00Z',
  '2026-10-05T00:05:00Z',
  '2026-10-05T03:20:00Z',
  '2026-10-05T03:35:00Z',
  '2026-10-05T12:00:00Z',
  '2026-10-06T02:00:00Z',
  '2026-10-06T18:14:00Z',
  '2026-10-06T20:50:00Z',
  '2026-10-07T03:29:00Z',
  '2026-10-07T11:11:00Z',
  '2026-10-07T23:59:00Z',
];
const STATUSES = [1, 2, 3, 4, 3, 1]; // pending, hold, approved, rejected

const cubeOf = (table: string) => CUBES.find((c) => c.table === table)!;
/** every row of a cube, keyed and ordered, counters as text (money stays exact) */
async function rowsOf(table: string) {
  const cube = cubeOf(table);
  const keys = ['grain', 'bucket', 'kind', 'hidden', ...cube.dimensions];
  const { rows } = await t.database.query(
    `SELECT ${keys.map((k) => (k === 'bucket' ? `to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS bucket` : k)).join(', ')},
       ${COUNTER_COLUMNS.map((c) => `${c}::text AS ${c}`).join(', ')}
     FROM ${table} ORDER BY ${keys.join(', ')}`,
  );
  return rows;
}

let before: Record<string, Record<string, unknown>[]>;

beforeAll(async () => {
  const vertical = await t.make.vertical({ goals: ['Registration'] });
  const offers = [await t.make.offer({ verticalId: vertical.id }), await t.make.offer({ verticalId: vertical.id })];
  const adv = await t.make.advertiser({ verticalId: vertical.id });
  const team = await t.make.team();
  const affs = [await t.make.user({ type: 'affiliate' }), await t.make.user({ type: 'affiliate' })];
  const countries = ['DE', 'FR', 'NP'];
  for (const [i, at] of TIMES.entries()) {
    const affiliateId = affs[i % 2].id;
    const teamId = i % 2 ? team.id : null;
    const offerId = offers[i % 3 === 0 ? 1 : 0].id;
    const country = countries[i % 3];
    const sub1 = i % 4 === 3 ? null : `s${i % 3}`;
    const id = uuidAt(T(at).getTime());
    await db
      .insert(clicks)
      .values({ id, createdAt: T(at), status: i % 5 === 4 ? 2 : 1, isUnique: i % 2 === 0, offerId, affiliateId, teamId, country, sub1 });
    if (i % 3 === 2) continue;
    const leadAt = new Date(T(at).getTime() + 20 * 60_000);
    const [l] = await db
      .insert(leads)
      .values({
        createdAt: leadAt,
        status: i === 4 ? 'duplicate' : i === 6 ? 'test' : 'sent',
        isTest: i === 6,
        offerId,
        verticalId: vertical.id,
        affiliateId,
        teamId,
        advertiserId: adv.id,
        country,
        clickId: id,
        sub1,
      })
      .returning();
    if (i % 2 === 1) continue;
    await db.insert(conversions).values({
      createdAt: new Date(T(at).getTime() + 40 * 60_000),
      status: STATUSES[i % STATUSES.length],
      isHidden: i === 10,
      leadId: l.id,
      clickId: id,
      offerId,
      affiliateId,
      teamId,
      advertiserId: adv.id,
      goalId: vertical.goals[0].id,
      revenue: `1${i}.35`,
      payout: `${i}.10`,
      baseRevenue: `1${i}.35`,
      basePayout: `${i}.10`,
      revenueCurrency: 'USD',
      payoutCurrency: 'USD',
      baseCurrency: 'USD',
    });
  }
  await compact(t.database);
  before = Object.fromEntries(await Promise.all(NARROW.map(async (table) => [table, await rowsOf(table)] as const)));

  // an install before 0019: the narrow cubes are empty, the wide ones and the raw rows hold the data
  await t.database.query(`TRUNCATE ${NARROW.join(', ')}`);
  for (const statement of FILL) await t.database.query(statement);
});

describe('migration 0019: the fill of existing data', () => {
  it('finds a fill statement for every narrow cube it creates', () => {
    expect(NARROW.sort()).toEqual(['stats_advertiser', 'stats_affiliate', 'stats_country', 'stats_offer', 'stats_sub1']);
    expect(FILL).toHaveLength(NARROW.length);
  });

  it('fills each narrow cube with exactly the rows the writers had made', async () => {
    for (const table of NARROW) {
      expect(before[table].length, table).toBeGreaterThan(0);
      expect(await rowsOf(table), table).toEqual(before[table]);
    }
  });

  it('leaves no drift between the cubes and the raw rows', async () => {
    const report = await verify(t.database, { from: T('2026-10-01T00:00:00Z'), to: T('2026-10-10T00:00:00Z') });
    for (const table of NARROW) expect(report.drift[table], table).toBe(0);
    expect(report.totalDrift).toBe(0);
  });

  it('counts per dimension what the raw rows count', async () => {
    // clicks per offer and UTC day (kind 0: at their own time; test clicks never counted)
    const q = async (text: string) =>
      (await t.database.query<Record<string, string>>(text)).rows.map((r) => Object.values(r).map(String).join('|')).sort();
    const day = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    expect(
      await q(
        `SELECT offer_id, ${day('bucket')}, sum(clicks) AS c1 FROM stats_offer WHERE grain = 2 AND kind = 0 GROUP BY 1, 2 HAVING sum(clicks) > 0`,
      ),
    ).toEqual(await q(`SELECT offer_id, ${day('created_at')}, count(*) AS c2 FROM clicks GROUP BY 1, 2`));
    // leads per affiliate and team (every lead but test ones), at their own time
    expect(
      await q(
        `SELECT affiliate_id, coalesce(team_id, 0), sum(leads) AS c3, sum(leads_duplicate) AS c4 FROM stats_affiliate WHERE grain = 1 AND kind = 0 GROUP BY 1, 2 HAVING sum(leads) > 0`,
      ),
    ).toEqual(
      await q(
        `SELECT affiliate_id, coalesce(team_id, 0), count(*) FILTER (WHERE status <> 'test' AND NOT is_test) AS c5, count(*) FILTER (WHERE status = 'duplicate') AS c6 FROM leads GROUP BY 1, 2`,
      ),
    );
    // approved money per advertiser, hidden conversions apart
    expect(
      await q(
        `SELECT advertiser_id, hidden, sum(conversions) AS c7, sum(conversions_approved) AS c8, sum(revenue)::numeric(14,2) AS c9, sum(payout)::numeric(14,2) AS c10 FROM stats_advertiser WHERE grain = 2 AND kind = 0 GROUP BY 1, 2 HAVING sum(conversions) > 0`,
      ),
    ).toEqual(
      await q(
        `SELECT advertiser_id, is_hidden, count(*) AS c11, count(*) FILTER (WHERE status = 3) AS c12, coalesce(sum(base_revenue) FILTER (WHERE status = 3), 0)::numeric(14,2) AS c13, coalesce(sum(base_payout) FILTER (WHERE status = 3), 0)::numeric(14,2) AS c14 FROM conversions GROUP BY 1, 2`,
      ),
    );
    // clicks per country and hour; clicks per sub1 (empty sub1 stored as '')
    expect(
      await q(
        `SELECT country, to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), sum(clicks) AS c15 FROM stats_country WHERE grain = 1 AND kind = 0 GROUP BY 1, 2 HAVING sum(clicks) > 0`,
      ),
    ).toEqual(
      await q(`SELECT country, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), count(*) AS c16 FROM clicks GROUP BY 1, 2`),
    );
    expect(
      await q(
        `SELECT affiliate_id, offer_id, sub1, sum(clicks) AS c17 FROM stats_sub1 WHERE kind = 0 GROUP BY 1, 2, 3 HAVING sum(clicks) > 0`,
      ),
    ).toEqual(await q(`SELECT affiliate_id, offer_id, coalesce(sub1, ''), count(*) AS c18 FROM clicks GROUP BY 1, 2, 3`));
  });
});
