/**
 * Keeping the roll-ups (docs/decisions/insights.md "Statistics roll-ups"): the compactor that folds the deltas the
 * raw writers' triggers append into the cubes, and the verifier that recomputes a period of the cubes from the raw
 * rows with the same fact definition the triggers use (`stats_facts_sql`), reports drift and repairs it. The backfill
 * of an install that holds raw rows from before the roll-ups is the verifier with repair over every day with data.
 */
import type { Database } from '../../../db/client';
import { COUNTER_COLUMNS, CUBES, GRAIN_MS, type CubeColumn, type Grain } from './statistics.tables';

const DAY_MS = GRAIN_MS[2];
/** the advisory lock the compactor holds (stats_compact in migration 0015): the verifier's repair takes it too */
const LOCK_KEY = 7316150015;

/** Folds the committed deltas into the cubes; answers how many delta rows were folded (-1: another compactor runs). */
export async function compact(database: Database): Promise<number> {
  const { rows } = await database.query<{ n: number }>('SELECT stats_compact() AS n');
  return Number(rows[0]?.n ?? 0);
}

/**
 * Runs the compactor every `everyMs` until stopped (each process may: one runs at a time, the others skip). Failures
 * are logged by name and retried at the next tick.
 */
export function startCompactor(database: Database, log: { error(obj: object, msg: string): void }, everyMs = 1000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = compact(database)
      .catch((err: unknown) => log.error({ err }, 'statistics compaction failed'))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

export interface DriftReport {
  from: Date;
  to: Date;
  /** roll-up rows (cube, grain, bucket, key) whose counters differed from the raw rows, per cube */
  drift: Record<string, number>;
  totalDrift: number;
  repaired: boolean;
  /**
   * the part of the asked period whose raw clicks the retention dropped (before `raw_retention.kept_from`, migration
   * 0026): not recomputed, not compared, never repaired (its roll-ups are all that is left of those clicks); null when
   * the whole period was recomputed
   */
  notRecomputable: { from: Date; to: Date } | null;
}

const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);
const iso = (d: Date) => d.toISOString();

/**
 * The facts of the raw rows counted in [from, to): clicks created then, leads and conversions created from `from` on
 * (their click-time facts lie before their own time), kept when their time falls in the period.
 */
async function factsText(database: Database): Promise<string> {
  const src = (table: string) =>
    `SELECT *, 1 AS sign FROM ${table} WHERE created_at >= $1::timestamptz${table === 'clicks' ? ' AND created_at < $2::timestamptz' : ''}`;
  const { rows } = await database.query<{ c: string; l: string; v: string }>(
    `SELECT stats_facts_sql('clicks', $1) AS c, stats_facts_sql('leads', $2) AS l, stats_facts_sql('conversions', $3) AS v`,
    [src('clicks'), src('leads'), src('conversions')],
  );
  const r = rows[0];
  return `SELECT * FROM (${r.c} UNION ALL ${r.l} UNION ALL ${r.v}) facts WHERE at >= $1::timestamptz AND at < $2::timestamptz`;
}

const sumList = COUNTER_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(', ');
const differs = COUNTER_COLUMNS.map((c) => `coalesce(e.${c}, 0) <> coalesce(a.${c}, 0)`).join(' OR ');

const STRIDE = ["interval '15 minutes'", "interval '1 hour'", "interval '1 day'"] as const;
const grainValues = (grains: readonly Grain[]) => grains.map((g) => `(${g}::smallint, ${STRIDE[g]})`).join(', ');
/** a key column of the facts as the cubes store it (sub1: '' when empty, as stats_delta_sql writes it) */
const factColumn = (d: CubeColumn) => (d === 'sub1' ? `coalesce(f.sub1, '') AS sub1` : `f.${d}`);

/** one cube's expected rows over the period, from the facts (at the cube's grains) */
function expectedSql(facts: string, cube: (typeof CUBES)[number]): string {
  const keys = ['grain', 'bucket', 'kind', 'hidden', ...cube.dimensions];
  return `SELECT g.grain, date_bin(g.stride, f.at, timestamptz '2000-01-01 00:00:00+00') AS bucket, f.kind, f.hidden${cube.dimensions.map((d) => `, ${factColumn(d)}`).join('')}, ${sumList}
    FROM (${facts}) f CROSS JOIN (VALUES ${grainValues(cube.grains)}) g(grain, stride)
    GROUP BY ${keys.map((_, i) => i + 1).join(', ')}`;
}

/**
 * Recomputes the cubes over the UTC days covering [from, to) from the raw rows and compares; with `repair` the
 * differing rows are replaced, in one transaction that holds the compactor's lock and reads one snapshot (REPEATABLE
 * READ): the deltas it folds and the raw rows it counts are the same moment's, so writes committed meanwhile stay in
 * the deltas for the next compaction and are neither lost nor counted twice.
 */
export async function verify(database: Database, period: { from: Date; to: Date }, opts: { repair?: boolean } = {}): Promise<DriftReport> {
  const asked = floorDay(period.from);
  const to = ceilDay(new Date(Math.max(period.to.getTime(), asked.getTime() + 1)));
  // the days whose raw clicks are gone cannot be recomputed: only the rest of the period is
  const keptFrom = await rawClicksKeptFrom(database);
  const from = keptFrom && keptFrom > asked ? new Date(Math.min(ceilDay(keptFrom).getTime(), to.getTime())) : asked;
  const notRecomputable = from > asked ? { from: asked, to: from } : null;
  const drift: Record<string, number> = {};
  if (from >= to) {
    for (const cube of CUBES) drift[cube.table] = 0;
    return { from, to, drift, totalDrift: 0, repaired: !!opts.repair, notRecomputable };
  }
  const facts = await factsText(database);
  await inSnapshot(database, async (q) => {
    if (opts.repair) {
      await q('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      // fold what is committed, so that the cubes and the raw rows of this snapshot say the same
      await q('SELECT stats_compact()', []);
    }
    for (const cube of CUBES) {
      const keys = ['grain', 'bucket', 'kind', 'hidden', ...cube.dimensions];
      const on = keys.map((k) => `e.${k} = a.${k}`).join(' AND ');
      const actual = `SELECT ${keys.join(', ')}, ${COUNTER_COLUMNS.join(', ')} FROM ${cube.table} WHERE bucket >= $1::timestamptz AND bucket < $2::timestamptz`;
      const pending = `SELECT g.grain, date_bin(g.stride, bucket, timestamptz '2000-01-01 00:00:00+00') AS bucket, kind, hidden${cube.dimensions.map((d) => `, ${d}`).join('')}, ${COUNTER_COLUMNS.join(', ')}
        FROM stats_deltas CROSS JOIN (VALUES ${grainValues(cube.grains)}) g(grain, stride) WHERE bucket >= $1::timestamptz AND bucket < $2::timestamptz`;
      const actualSummed = `SELECT ${keys.join(', ')}, ${sumList} FROM (${actual} UNION ALL ${pending}) x GROUP BY ${keys.map((_, i) => i + 1).join(', ')}`;
      const diff = `SELECT ${keys.map((k) => `coalesce(e.${k}, a.${k}) AS ${k}`).join(', ')}, ${COUNTER_COLUMNS.map((c) => `coalesce(e.${c}, 0) AS ${c}`).join(', ')}
        FROM (${expectedSql(facts, cube)}) e FULL JOIN (${actualSummed}) a ON ${on}
        WHERE ${differs}`;
      if (!opts.repair) {
        const { rows } = await q<{ n: string }>(`SELECT count(*) AS n FROM (${diff}) d`, [iso(from), iso(to)]);
        drift[cube.table] = Number(rows[0].n);
        continue;
      }
      // after the fold above the deltas of the period are empty in this snapshot: the cube alone must match
      const { rows } = await q<{ n: string }>(
        `WITH d AS (${diff}),
          put AS (INSERT INTO ${cube.table} (${keys.join(', ')}, ${COUNTER_COLUMNS.join(', ')}) SELECT * FROM d
            ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${COUNTER_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')} RETURNING 1)
        SELECT count(*) AS n FROM put`,
        [iso(from), iso(to)],
      );
      drift[cube.table] = Number(rows[0].n);
    }
  });
  const totalDrift = Object.values(drift).reduce((a, b) => a + b, 0);
  return { from, to, drift, totalDrift, repaired: !!opts.repair, notRecomputable };
}

/** the time the raw clicks are kept from (the retention moves it forward), or null while none was dropped */
async function rawClicksKeptFrom(database: Database): Promise<Date | null> {
  const { rows } = await database.query<{ kept_from: Date | string }>(`SELECT kept_from FROM raw_retention WHERE tbl = 'clicks'`);
  return rows[0] ? new Date(rows[0].kept_from) : null;
}

type Q = <T = Record<string, unknown>>(text: string, params: unknown[]) => Promise<{ rows: T[] }>;

/** one REPEATABLE READ transaction on one connection (PostgreSQL) or on PGlite's single one */
async function inSnapshot(database: Database, use: (q: Q) => Promise<void>): Promise<void> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await use((text, params) => client.query(text, params) as never);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return;
  }
  await database.pglite!.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await use((text, params) => tx.query(text, params) as never);
  });
}

/** The period holding raw rows (the first to the last day of clicks, leads and conversions), or null when empty. */
export async function rawPeriod(database: Database): Promise<{ from: Date; to: Date } | null> {
  const { rows } = await database.query<{ lo: Date | string | null; hi: Date | string | null }>(
    `SELECT least((SELECT min(created_at) FROM clicks), (SELECT min(created_at) FROM leads), (SELECT min(created_at) FROM conversions)) AS lo,
            greatest((SELECT max(created_at) FROM clicks), (SELECT max(created_at) FROM leads), (SELECT max(created_at) FROM conversions)) AS hi`,
  );
  const { lo, hi } = rows[0] ?? {};
  if (!lo || !hi) return null;
  return { from: new Date(lo), to: new Date(new Date(hi).getTime() + 1) };
}

/**
 * Rebuilds the roll-ups from the raw rows wherever they differ: the verifier with repair over every day with raw rows,
 * a month at a time. Safe at any time and idempotent (rows already counted are not counted again), so it is what
 * `npm run stats:verify -- --backfill` and the `stats-backfill` job run. (The rows an install held when the roll-ups
 * arrived were counted by migration 0015 itself.)
 */
export async function backfill(database: Database, log?: (report: DriftReport) => void): Promise<number> {
  const period = await rawPeriod(database);
  if (!period) return 0;
  let repaired = 0;
  for (let at = floorDay(period.from).getTime(); at < period.to.getTime(); at += 31 * DAY_MS) {
    const report = await verify(
      database,
      { from: new Date(at), to: new Date(Math.min(at + 31 * DAY_MS, ceilDay(period.to).getTime())) },
      { repair: true },
    );
    repaired += report.totalDrift;
    log?.(report);
  }
  return repaired;
}

/**
 * Counts raw rows created in [from, to) that no trigger counted — rows bulk-inserted with the triggers disabled (the
 * benchmark's seed) — into the deltas, a day at a time through the triggers' own statement (`stats_delta_sql`), then
 * folds them. One pass over the rows, much faster than `backfill`, but NOT idempotent: rows already counted would be
 * counted twice, so it is only for rows written with the triggers off.
 */
export async function countUncountedRows(database: Database, period: { from: Date; to: Date }, log?: (day: Date) => void): Promise<void> {
  const src = (table: string) => `SELECT *, 1 AS sign FROM ${table} WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz`;
  const { rows } = await database.query<{ c: string; l: string; v: string }>(
    `SELECT stats_delta_sql('clicks', $1) AS c, stats_delta_sql('leads', $2) AS l, stats_delta_sql('conversions', $3) AS v`,
    [src('clicks'), src('leads'), src('conversions')],
  );
  for (let at = floorDay(period.from).getTime(); at < period.to.getTime(); at += DAY_MS) {
    const params = [iso(new Date(at)), iso(new Date(at + DAY_MS))];
    for (const text of [rows[0].c, rows[0].l, rows[0].v]) await database.query(text, params);
    await compact(database);
    log?.(new Date(at));
  }
}
