/**
 * Statistics benchmark (issue 16; PostgreSQL only, outside CI):
 *   DATABASE_URL=postgres://... npx tsx bench/statistics.ts [--scale 1] [--runs 20] [--keep] [--reuse <database>]
 * makes a fresh database, seeds raw rows through SQL with the roll-up triggers off (scale 1: 10M clicks, 1M leads,
 * 100k conversions over 90 days; 500 affiliates, 50 offers, 100k distinct sub1), builds the roll-ups from them with
 * the statistics module's `countUncountedRows` (the triggers' own statement, a day at a time, then the compactor), then times
 * each query of the issue's table through the statistics service (no HTTP) and prints p50/p95 of `runs` runs.
 * `--reuse <database>` times the queries again on a database a run kept (`--keep`), without seeding. The deltas table
 * is a queue: the build leaves it empty but full of dead rows, which autovacuum clears on a live install (migration
 * 0019 makes it do so early); the bench vacuums it before timing so the reads are not measuring that leftover.
 */
import { parseArgs } from 'node:util';
import { defaultPermissions } from '@leadgrid/shared';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed';
import type { Ctx } from '../apps/server/src/http/context';
import { countUncountedRows, verify } from '../apps/server/src/modules/insights/statistics/rollups';
import { query } from '../apps/server/src/modules/insights/statistics/statistics.service';
import { statisticsQuery, type StatisticsQueryInput } from '@leadgrid/shared';

const { values } = parseArgs({
  options: { scale: { type: 'string' }, runs: { type: 'string' }, keep: { type: 'boolean' }, reuse: { type: 'string' } },
});
const scale = Number(values.scale ?? 1);
const runs = Number(values.runs ?? 20);
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('DATABASE_URL must name a PostgreSQL server');

const N = { clicks: Math.round(10_000_000 * scale), leads: Math.round(1_000_000 * scale), conversions: Math.round(100_000 * scale) };
const AFFILIATES = 500;
const OFFERS = 50;
const SUBS = 100_000;
const DB_NAME = values.reuse ?? `leadgrid_bench_stats_${process.pid}`;

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

async function main() {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!values.reuse) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const u = new URL(url!);
  u.pathname = `/${DB_NAME}`;
  const config = loadConfig({ ...process.env, DATABASE_URL: u.toString(), LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const database = await openDatabase({ url: u.toString(), poolSize: 4 });
  let backfillS = 0;
  try {
    const q = (text: string, params: unknown[] = []) => database.query(text, params);
    // a kept database may predate the newest migrations: bring it up to date before timing (idempotent)
    if (values.reuse) await migrateDatabase(database);
    if (!values.reuse) backfillS = await build(q);
    await q('VACUUM ANALYZE stats_deltas');
    await timeQueries(q);
  } finally {
    await database.close();
    if (!values.keep && !values.reuse) await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
  }

  async function build(q: (text: string, params?: unknown[]) => Promise<unknown>): Promise<number> {
    await migrateDatabase(database);
    await seed(database.db, config);
    console.log(`seeding ${N.clicks} clicks, ${N.leads} leads, ${N.conversions} conversions (scale ${scale})`);
    // the rows go straight into the raw tables with the triggers off; the backfill builds the roll-ups after
    await q(
      `ALTER TABLE clicks DISABLE TRIGGER USER; ALTER TABLE leads DISABLE TRIGGER USER; ALTER TABLE conversions DISABLE TRIGGER USER`,
    );
    await q(`INSERT INTO verticals (title, status) VALUES ('Bench vertical', 'active')`);
    await q(
      `INSERT INTO vertical_goals (vertical_id, title, position) SELECT v.id, g, i FROM verticals v, unnest(ARRAY['Registration','Deposit']) WITH ORDINALITY AS x(g, i)`,
    );
    await q(
      `INSERT INTO offers (title, status, access_type, vertical_id) SELECT 'Offer ' || i, 'active', 1, (SELECT id FROM verticals LIMIT 1) FROM generate_series(1, ${OFFERS}) i`,
    );
    await q(
      `INSERT INTO users (secure_id, email, password_hash, role_id, first_name, last_name, status)
       SELECT md5(random()::text), 'bench-aff-' || i || '@bench.local', 'x', (SELECT id FROM roles WHERE type = 'affiliate' AND system LIMIT 1), 'Bench', 'Affiliate ' || i, 'active'
       FROM generate_series(1, ${AFFILIATES}) i`,
    );
    await q(
      `INSERT INTO advertisers (title, secure_id, api_token, status) SELECT 'Advertiser ' || i, md5(random()::text), md5(random()::text), 'active' FROM generate_series(1, 5) i`,
    );
    const uuidAt = (ts: string) =>
      `(SELECT (substr(h,1,8)||'-'||substr(h,9,4)||'-'||substr(h,13,4)||'-'||substr(h,17,4)||'-'||substr(h,21,12))::uuid FROM (SELECT lpad(to_hex((extract(epoch FROM ${ts}) * 1000)::bigint), 12, '0') || '7' || substr(m, 1, 3) || '8' || substr(m, 4, 15) AS h FROM (SELECT md5(random()::text || ${ts}::text) AS m) r) x)`;
    const ids = `(SELECT array_agg(id ORDER BY id) FROM users WHERE email LIKE 'bench-aff-%')`;
    const offerIds = `(SELECT array_agg(id ORDER BY id) FROM offers)`;
    const advIds = `(SELECT array_agg(id ORDER BY id) FROM advertisers)`;
    const chunk = 1_000_000;
    // the day partitions of the 90 days (migration 0026 makes today and the next week), as the nightly job keeps them
    await q(`SELECT raw_partitions_ahead('clicks', now() - interval '91 days', 98)`);
    for (let done = 0; done < N.clicks; done += chunk) {
      const n = Math.min(chunk, N.clicks - done);
      await q(
        `WITH a AS (SELECT ${ids} AS aff, ${offerIds} AS off)
         INSERT INTO clicks (id, created_at, status, is_unique, offer_id, affiliate_id, country, language, device_type, os, browser, sub1)
         SELECT ${uuidAt('g.ts')}, g.ts, CASE WHEN random() < 0.9 THEN 1 ELSE 2 END, random() < 0.7,
           a.off[1 + floor(random() * ${OFFERS})::int], a.aff[1 + floor(power(random(), 2) * ${AFFILIATES})::int],
           (ARRAY['US','DE','PL','FR','GB','BR','IN','NP','CA','ES'])[1 + floor(random() * 10)::int], 'en',
           (ARRAY['mobile','desktop','tablet'])[1 + floor(random() * 3)::int], (ARRAY['Android','iOS','Windows','macOS'])[1 + floor(random() * 4)::int],
           (ARRAY['Chrome','Safari','Firefox'])[1 + floor(random() * 3)::int], 's' || floor(random() * ${SUBS})::int
         FROM a, (SELECT date_trunc('milliseconds', now() - random() * interval '90 days') AS ts FROM generate_series(1, ${n})) g`,
      );
      console.log(`  clicks ${done + n} (${elapsed()})`);
    }
    await q(
      `WITH a AS (SELECT ${ids} AS aff, ${offerIds} AS off, ${advIds} AS adv)
       INSERT INTO leads (created_at, status, offer_id, vertical_id, affiliate_id, advertiser_id, country, phone, click_id, sub1)
       SELECT g.ts, g.st, a.off[1 + floor(random() * ${OFFERS})::int], (SELECT id FROM verticals LIMIT 1), a.aff[1 + floor(power(random(), 2) * ${AFFILIATES})::int],
         CASE WHEN g.st = 'sent' THEN a.adv[1 + floor(random() * 5)::int] END,
         (ARRAY['US','DE','PL','FR','GB','BR','IN','NP','CA','ES'])[1 + floor(random() * 10)::int], '+48601' || floor(random() * 1000000)::int,
         CASE WHEN random() < 0.5 THEN ${uuidAt("(g.ts - random() * interval '2 hours')")} END, 's' || floor(random() * ${SUBS})::int
       FROM a, (SELECT now() - random() * interval '90 days' AS ts,
         (ARRAY['sent','sent','sent','sent','sent','sent','unsent','duplicate','invalid','trash','hold','new'])[1 + floor(random() * 12)::int] AS st
         FROM generate_series(1, ${N.leads})) g`,
    );
    console.log(`  leads (${elapsed()})`);
    await q(
      `INSERT INTO conversions (created_at, status, lead_id, click_id, offer_id, affiliate_id, advertiser_id, goal_id, revenue, payout, base_revenue, base_payout, revenue_currency, payout_currency, base_currency)
       SELECT l.created_at + interval '1 hour', 1 + floor(random() * 4)::int, l.id, l.click_id, l.offer_id, l.affiliate_id, l.advertiser_id,
         (SELECT min(id) FROM vertical_goals), 50, 30, 50, 30, 'USD', 'USD', 'USD'
       FROM leads l WHERE l.status = 'sent' AND l.created_at < now() - interval '1 hour' LIMIT ${N.conversions}`,
    );
    console.log(`  conversions (${elapsed()})`);
    await q(`ALTER TABLE clicks ENABLE TRIGGER USER; ALTER TABLE leads ENABLE TRIGGER USER; ALTER TABLE conversions ENABLE TRIGGER USER`);
    await q('ANALYZE');
    const b0 = Date.now();
    const seeded = new Date();
    await countUncountedRows(
      database,
      { from: new Date(seeded.getTime() - 91 * 86_400_000), to: new Date(seeded.getTime() + 86_400_000) },
      (d) => {
        if (d.getUTCDate() % 10 === 0) console.log(`  roll-ups built to ${d.toISOString().slice(0, 10)} (${elapsed()})`);
      },
    );
    return (Date.now() - b0) / 1000;
  }

  async function timeQueries(q: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>) {
    await q('ANALYZE');
    const sizes = await q(
      `SELECT relname, n_live_tup FROM pg_stat_user_tables WHERE relname LIKE 'stats_%' OR relname IN ('clicks','leads','conversions') ORDER BY relname`,
    );
    const now = new Date();
    const report = await verify(database, { from: new Date(now.getTime() - 3 * 86_400_000), to: now });

    const [adminRow] = (await q(`SELECT id FROM users WHERE email = $1`, [config.ADMIN_EMAIL ?? 'admin@leadgrid.local'])).rows as {
      id: number;
    }[];
    const ctx: Ctx = {
      actor: {
        id: adminRow.id,
        roleId: 0,
        roleType: 'admin',
        roleTitle: 'Admin',
        permissions: defaultPermissions('admin'),
        status: 'active',
        timezone: 'UTC',
      },
      db: database.db,
      database,
      config,
      now: () => now,
    };
    const [{ aff }] = (await q(`SELECT affiliate_id AS aff FROM clicks GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)).rows as {
      aff: number;
    }[];
    const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const rows: [string, StatisticsQueryInput, number][] = [
      ['30 days by day, all traffic', { dateFrom: day(29), dateTo: day(0), groupBy: 'day' }, 100],
      ['30 days by offer', { dateFrom: day(29), dateTo: day(0), groupBy: 'offer' }, 200],
      ['30 days by affiliate', { dateFrom: day(29), dateTo: day(0), groupBy: 'affiliate' }, 200],
      ['30 days by country', { dateFrom: day(29), dateTo: day(0), groupBy: 'country' }, 200],
      ['7 days by sub1, top 50 by clicks', { dateFrom: day(6), dateTo: day(0), groupBy: 'sub1', orderBy: 'clicks:desc', limit: 50 }, 1000],
      ["one affiliate's 30 days by day", { dateFrom: day(29), dateTo: day(0), groupBy: 'day', affiliateId: [aff] as never }, 100],
      ['lazy expansion: a day into offers', { dateFrom: day(29), dateTo: day(0), groupBy: 'offer', parent: [`day:${day(3)}`] }, 100],
      ['30 days by day, Asia/Kathmandu', { dateFrom: day(29), dateTo: day(0), groupBy: 'day', timezone: 'Asia/Kathmandu' }, 100],
    ];
    const results: string[] = [];
    for (const [name, input, target] of rows) {
      const parsed = statisticsQuery.parse(
        Object.fromEntries(Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)])),
      );
      const times: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        const s = performance.now();
        await query(ctx, parsed);
        if (i > 0) times.push(performance.now() - s); // the first run warms the caches
      }
      times.sort((a, b) => a - b);
      const p = (x: number) => times[Math.min(times.length - 1, Math.ceil(x * times.length) - 1)];
      const line = `| ${name} | ${p(0.5).toFixed(1)} | ${p(0.95).toFixed(1)} | < ${target} | ${p(0.95) < target ? 'met' : 'NOT met'} |`;
      results.push(line);
      console.log(line);
    }
    console.log(
      `\nscale ${scale}: ${N.clicks} clicks, ${N.leads} leads, ${N.conversions} conversions; roll-ups built in ${backfillS.toFixed(1)} s`,
    );
    console.log(
      `rows: ${sizes.rows.map((r) => `${(r as { relname: string }).relname} ${(r as { n_live_tup: string }).n_live_tup}`).join(', ')}`,
    );
    console.log(`verifier over the last 3 days: drift ${report.totalDrift}`);
    console.log(['| query | p50 ms | p95 ms | target p95 ms | verdict |', '|---|---|---|---|---|', ...results].join('\n'));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
