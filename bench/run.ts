/**
 * `npm run bench`: starts the app server (PostgreSQL when DATABASE_URL is set, else embedded PGlite) and the bare-Node
 * ceiling in their own processes, measures each scenario with autocannon from this process, and writes
 * bench/out/results.json and bench/RESULTS.md with the machine and date.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiClient } from './lib/api';
import { cpuSnapshot, cpuSpent, processCpuMs, type CpuSnapshot } from './lib/cpu';
import { connectEmbedded } from './lib/embedded';
import { PARTNER_PORT } from './lib/partner';
import { serverEnv, startProcess, startServer, stop, waitFor } from './lib/procs';
import type { Prepared, Query, Scenario } from './lib/types';
import { foundation } from './scenarios/foundation';
import { traffic } from './scenarios/traffic';

const here = fileURLToPath(new URL('.', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/**
 * BENCH_SLICES: a row whose target is a share of the ceiling (the click rows) runs as this many slices of the app,
 * each beside a slice of the ceiling (ABBA order: ceiling-app, app-ceiling, ...), DURATION seconds of each in all,
 * after one unmeasured second of each. This machine's speed swings 2× within a minute, so a ceiling measured only
 * before and after the row missed the minutes in between. 1 measures as before (the ceiling, the app, the ceiling),
 * as every other row does.
 */
const SLICES = Math.max(1, Math.floor(Number(process.env.BENCH_SLICES ?? 4)));
const APP_PORT = Number(process.env.BENCH_PORT ?? 3900);
const CEILING_PORT = PARTNER_PORT;
const ADMIN = { email: 'bench@leadgrid.local', password: 'bench-password' };
/** BENCH_ONLY=click runs the scenarios whose name contains that text */
const scenarios: Scenario[] = [...foundation, ...traffic].filter((s) => !process.env.BENCH_ONLY || s.name.includes(process.env.BENCH_ONLY));

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ceilingRps?: number;
  ceilingP99?: number;
  /** CPU ms per answered request of the ceiling process during its own measurement (what a bare Node answer costs) */
  ceilingCpuMs?: number;
  /** CPU ms per answered request: the app process and the PostgreSQL backends of its database */
  appCpuMs?: number;
  dbCpuMs?: number;
  /** 1-minute load average right after the measurement */
  load: number;
  notes: string[];
  verdict: string;
}

const load1 = () => Math.round(loadavg()[0] * 100) / 100;

/** the load of one scenario on the app (or, with `ceilingPath`, the same requests on the ceiling) */
async function measure(
  base: string,
  s: Scenario,
  headers: Record<string, string>,
  prepared: Prepared,
  ceilingPath?: string,
  seconds = DURATION,
  /** the requests' numbering (`pathOf`, `body`, `headersOf`), carried on from one slice of a row to the next */
  counter = { n: 0 },
) {
  const json = !!(s.body || prepared.body);
  const method = s.method ?? 'GET';
  const allHeaders = { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) };
  const perRequest = !!(prepared.body || prepared.headersOf || (prepared.pathOf && !ceilingPath));
  return autocannon({
    url: `${base}${ceilingPath ?? prepared.path}`,
    connections: s.connections,
    ...(s.amount ? { amount: s.amount } : { duration: seconds }),
    method,
    headers: allHeaders,
    body: s.body ? JSON.stringify(s.body) : undefined,
    ...(perRequest
      ? {
          requests: [
            {
              method,
              path: ceilingPath ?? prepared.path,
              headers: allHeaders,
              setupRequest: (req) => {
                const n = counter.n++;
                return {
                  ...req,
                  ...(prepared.pathOf && !ceilingPath ? { path: prepared.pathOf(n) } : {}),
                  ...(prepared.body ? { body: JSON.stringify(prepared.body(n)) } : {}),
                  ...(prepared.headersOf ? { headers: { ...allHeaders, ...prepared.headersOf(n) } } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
}

type Measured = Awaited<ReturnType<typeof measure>>;

/** the slices of one row as one measurement: counts summed, the rate over their time together, the worst slice's latency */
function combined(slices: Measured[]): Measured {
  const sum = (f: (r: Measured) => number) => slices.reduce((n, r) => n + f(r), 0);
  const seconds = sum((r) => r.duration);
  const codes: Record<string, { count: number }> = {};
  for (const r of slices)
    for (const [code, v] of Object.entries((r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}))
      codes[code] = { count: (codes[code]?.count ?? 0) + v.count };
  const first = slices[0]!;
  return {
    ...first,
    duration: seconds,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    '2xx': sum((r) => r['2xx']),
    '3xx': sum((r) => r['3xx']),
    '4xx': sum((r) => r['4xx']),
    '5xx': sum((r) => r['5xx']),
    requests: {
      ...first.requests,
      total: sum((r) => r.requests.total),
      sent: sum((r) => r.requests.sent),
      average: sum((r) => r.requests.total) / seconds,
    },
    latency: { ...first.latency, p50: Math.max(...slices.map((r) => r.latency.p50)), p99: Math.max(...slices.map((r) => r.latency.p99)) },
    statusCodeStats: codes,
  } as Measured;
}

const TABLE_HEAD =
  '| scenario | req/s | p50 ms | p99 ms | ceiling req/s | of ceiling | CPU ms/req app / db | load | figures and targets |\n|---|---|---|---|---|---|---|---|---|';

/** the scenario's name of a table row */
const rowName = (line: string) => line.slice(2, line.indexOf(' | '));

/** the engine table's rows of RESULTS.md and all that follows the table */
function splitResults(text: string): { rows: string[]; after: string } {
  const at = text.indexOf(TABLE_HEAD);
  if (at < 0) return { rows: [], after: '' };
  const lines = text.slice(at + TABLE_HEAD.length + 1).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('| '));
  return { rows: lines.slice(0, end < 0 ? lines.length : end), after: (end < 0 ? [] : lines.slice(end)).join('\n') };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadgrid-bench-'));
  const db = process.env.DATABASE_URL
    ? 'PostgreSQL'
    : `embedded PGlite (${process.env.BENCH_DB_THREAD === '0' ? 'on the request thread' : 'on its own thread'})`;
  const socketPath = process.env.DATABASE_URL ? undefined : join(dataDir, 'db.sock');
  // the rows of a run on the embedded database are rows of their own in the table, beside PostgreSQL's
  const rowSuffix = process.env.DATABASE_URL ? '' : ` — ${db}`;
  // the app's extra Node flags: BENCH_PROFILE=<dir> writes a V8 CPU profile there when it stops; BENCH_NODE_FLAGS adds
  // its own ('--perf-basic-prof': a `perf` profile names the JIT's functions)
  const nodeFlags = [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
  ];
  const app = startServer(
    {
      // BENCH_MALLOC=0: without npm start's malloc settings (their cost, alternating runs)
      ...(process.env.BENCH_MALLOC === '0' ? {} : serverEnv()),
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL: '3600',
      // the local advertiser and affiliate receiver listen on 127.0.0.1
      ALLOW_PRIVATE_CALLBACKS: '1',
      // autocannon is the balancer: the many-visitors click row names its visitors in X-Forwarded-For
      TRUST_PROXY: 'loopback',
      // BENCH_CLICK_JOURNAL=0: the click rows without the click journal (issue 22: its cost, alternating runs)
      CLICK_JOURNAL: process.env.BENCH_CLICK_JOURNAL ?? '1',
      // on the embedded database, its thread answers the checks' statements on a socket (bench/lib/embedded.ts)
      EMBEDDED_DB_SOCKET: socketPath ?? '',
      // BENCH_DB_THREAD=0: the embedded database on the request thread (the figures before issue 22's thread)
      EMBEDDED_DB_THREAD: process.env.BENCH_DB_THREAD ?? '1',
    },
    nodeFlags,
  );
  const ceiling = startProcess(['bench/ceiling.ts'], { PORT: String(CEILING_PORT) });
  const rows: Row[] = [];
  const loadAtStart = loadavg().map((x) => Math.round(x * 100) / 100);
  const started = Date.now();
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/api/v1/public/api-settings`);
    await waitFor(`http://127.0.0.1:${CEILING_PORT}/`);
    const login = await fetch(`http://127.0.0.1:${APP_PORT}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const api = apiClient(`http://127.0.0.1:${APP_PORT}`, token);
    const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }) : undefined;
    const embedded = socketPath && process.env.BENCH_DB_THREAD !== '0' ? await connectEmbedded(socketPath) : undefined;
    const query: Query | undefined = pool ? async (text, params) => pool.query(text, params as unknown[]) as never : embedded?.query;
    // the CPU of PostgreSQL's backends (on the embedded database: the app's own process, counted as the app's)
    const backends = pool ? query : undefined;
    // BENCH_CLICK_ROLLUPS=off: the click row without the statistics roll-up trigger of the click batch (issue 16's
    // "≥ 95% of clicks/s with the roll-ups on": run BENCH_ONLY=click with and without it, alternating)
    const rollupsOff = process.env.BENCH_CLICK_ROLLUPS === 'off';
    if (rollupsOff) {
      if (!pool) throw new Error('BENCH_CLICK_ROLLUPS=off needs DATABASE_URL (PostgreSQL)');
      await pool.query('ALTER TABLE clicks DISABLE TRIGGER clicks_stats_insert');
      console.log('click roll-up trigger OFF for this run');
    }
    for (const s of scenarios) {
      if (s.needsDatabase && !query) {
        rows.push({
          name: s.name + rowSuffix,
          rps: 0,
          p50: 0,
          p99: 0,
          errors: 0,
          non2xx: 0,
          load: load1(),
          notes: [],
          verdict: 'not run: needs a database the bench can read (PostgreSQL, or the embedded one on its own thread)',
        });
        continue;
      }
      const headers: Record<string, string> = s.auth ? { authorization: `Bearer ${token}` } : {};
      const prepared = s.setup ? await s.setup(api, query) : { path: s.path, state: {} };
      Object.assign(headers, prepared.headers);
      // the same requests (path shape, headers, body) as the app gets; the ceiling answers them without looking
      const ceilingRun = async (seconds = DURATION) => {
        const before = processCpuMs(ceiling.pid);
        const result = await measure(`http://127.0.0.1:${CEILING_PORT}`, s, headers, prepared, prepared.ceilingPath ?? s.ceiling, seconds);
        return { result, cpu: processCpuMs(ceiling.pid) - before };
      };
      // the app beside the ceiling: SLICES pairs of slices in ABBA order (see SLICES), or the ceiling before and after
      // (the rows whose target is a share of the ceiling; the others keep a sustained load of DURATION seconds)
      const sliced = !!s.ceiling && !s.amount && SLICES > 1 && !!((socketPath && s.embeddedTargets) || s.targets).ratioOfCeiling;
      const appBase = `http://127.0.0.1:${APP_PORT}`;
      const ceilings: { result: Measured; cpu: number }[] = [];
      const appSlices: Measured[] = [];
      // the app's warm-up requests (sliced) are part of what the verification counts
      let warm = { answered: 0, ok: 0, sent: 0 };
      let cpuStart: CpuSnapshot;
      let r: Measured;
      let endedAt = 0;
      if (sliced) {
        // one unmeasured second of each first (the JIT's first compiles, the connections), as a steady load has them done
        await measure(`http://127.0.0.1:${CEILING_PORT}`, s, headers, prepared, prepared.ceilingPath ?? s.ceiling, 1);
        const appCounter = { n: 0 };
        const w = await measure(appBase, s, headers, prepared, undefined, 1, appCounter);
        warm = { answered: w['2xx'] + w['3xx'] + w['4xx'] + w['5xx'], ok: w['2xx'], sent: w.requests.sent };
        cpuStart = await cpuSnapshot(app.pid, backends);
        for (let i = 0; i < SLICES; i++)
          for (const which of i % 2 === 0 ? ['ceiling', 'app'] : ['app', 'ceiling']) {
            if (which === 'ceiling') ceilings.push(await ceilingRun(DURATION / SLICES));
            else {
              appSlices.push(await measure(appBase, s, headers, prepared, undefined, DURATION / SLICES, appCounter));
              endedAt = Date.now();
            }
          }
        r = combined(appSlices);
      } else {
        if (s.ceiling) ceilings.push(await ceilingRun());
        cpuStart = await cpuSnapshot(app.pid, backends);
        r = await measure(appBase, s, headers, prepared);
        endedAt = Date.now();
      }
      const load = load1();
      const misses: string[] = [];
      const notes: string[] = [];
      const answered = r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
      if (s.verify) {
        if (query)
          misses.push(
            ...(await s.verify(
              api,
              { answered: answered + warm.answered, ok: r['2xx'] + warm.ok, sent: r.requests.sent + warm.sent, endedAt },
              prepared.state ?? {},
              query,
              (n) => notes.push(n),
            )),
          );
        else misses.push('not verified (the checks need a database the bench can read)');
      }
      // the CPU of the work the load caused, until the verification saw it done (clicks written, leads settled, every
      // outbound postback delivered): what is still queued when autocannon stops is part of the cost. Sliced, the app's
      // idle time during the ceiling's slices is in it too (a few ms a second).
      const cpu = cpuSpent(cpuStart, await cpuSnapshot(app.pid, backends));
      // unsliced, the ceiling again once the app's work is done: the ratio is taken against the mean of before and after
      if (!sliced && s.ceiling && !s.amount) ceilings.push(await ceilingRun());
      const c = ceilings.length
        ? {
            requests: {
              average: ceilings.reduce((sum, x) => sum + x.result.requests.average, 0) / ceilings.length,
              total: ceilings.reduce((sum, x) => sum + x.result.requests.total, 0),
            },
            latency: { p99: Math.max(...ceilings.map((x) => x.result.latency.p99)) },
          }
        : undefined;
      const ceilingCpu = ceilings.reduce((sum, x) => sum + x.cpu, 0);
      if (sliced)
        notes.push(
          `${SLICES} slices of ${DURATION / SLICES} s each, ABBA: ceiling ${ceilings.map((x) => Math.round(x.result.requests.average)).join(' · ')} req/s, app ${appSlices.map((x) => Math.round(x.requests.average)).join(' · ')}`,
        );
      else if (ceilings.length === 2)
        notes.push(
          `ceiling ${Math.round(ceilings[0]!.result.requests.average)} req/s before the row, ${Math.round(ceilings[1]!.result.requests.average)} after`,
        );
      const rps = r.requests.average;
      const targets = (socketPath && s.embeddedTargets) || s.targets;
      if (targets.ratioOfCeiling && c && rps < c.requests.average * targets.ratioOfCeiling) {
        misses.push(`${Math.round((rps / c.requests.average) * 100)}% of ceiling < ${targets.ratioOfCeiling * 100}%`);
      }
      if (targets.p99Ms && r.latency.p99 > targets.p99Ms)
        misses.push(`p99 ${r.latency.p99} ms > ${targets.p99Ms} ms (${Math.round((r.latency.p99 / targets.p99Ms) * 10) / 10}× the target)`);
      if (targets.minRps && rps < targets.minRps)
        misses.push(
          `${Math.round(rps)} req/s < ${targets.minRps} (short by ${Math.round(targets.minRps - rps)}/s, ${Math.round((1 - rps / targets.minRps) * 100)}%)`,
        );
      const failed = s.expect302 ? r.errors + r['2xx'] + r['4xx'] + r['5xx'] : s.allowNon2xx ? r.errors + r['5xx'] : r.errors + r.non2xx;
      if (failed) {
        const codes = Object.entries((r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(
          ([k, v]) => `${v.count}× ${k}`,
        );
        misses.push(`${r.errors} errors (${r.timeouts} timeouts), answers by status: ${codes.join(', ') || 'none'}`);
      }
      rows.push({
        name: s.name + rowSuffix,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: s.expect302 ? r.non2xx - r['3xx'] : r.non2xx,
        ceilingRps: c ? Math.round(c.requests.average) : undefined,
        ceilingP99: c?.latency.p99,
        ceilingCpuMs: c && c.requests.total ? Math.round((ceilingCpu / c.requests.total) * 1000) / 1000 : undefined,
        appCpuMs: answered ? Math.round((cpu.app / answered) * 1000) / 1000 : undefined,
        dbCpuMs: query && answered ? Math.round((cpu.db / answered) * 1000) / 1000 : undefined,
        load,
        notes,
        verdict: misses.length ? `MISSED: ${misses.join('; ')}` : 'met',
      });
      console.log(rows[rows.length - 1]);
    }
    if (rollupsOff) await pool?.query('ALTER TABLE clicks ENABLE TRIGGER clicks_stats_insert');
    await pool?.end();
    embedded?.close();
  } finally {
    await stop(app);
    await stop(ceiling);
  }

  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const date = new Date().toISOString();
  const loadAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
  const seconds = Math.round((Date.now() - started) / 1000);
  mkdirSync(join(here, 'out'), { recursive: true });
  writeFileSync(
    join(here, 'out', 'results.json'),
    JSON.stringify({ date, machine, database: db, durationSeconds: DURATION, loadAtStart, loadAtEnd, seconds, rows }, null, 2),
  );
  const line = (r: Row) =>
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ceilingRps ?? '–'}${r.ceilingCpuMs !== undefined ? ` (${r.ceilingCpuMs} ms CPU)` : ''} | ${r.ceilingRps ? `${Math.round((r.rps / r.ceilingRps) * 100)}%` : '–'} | ${r.appCpuMs ?? '–'} / ${r.dbCpuMs ?? '–'} | ${r.load} | ${[...r.notes, r.verdict].join('<br>')} |`;
  // RESULTS.md is one file: this run replaces the table rows of the scenarios it ran (a run of one scenario keeps the
  // others' rows) and keeps everything after the table as it is (the hand-written readings, the budgets, the other
  // benches' sections)
  const resultsFile = join(here, 'RESULTS.md');
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
  const { rows: kept, after } = splitResults(previous);
  const ran = new Map(rows.map((r) => [r.name, line(r)]));
  const table = [...kept.map((l) => ran.get(rowName(l)) ?? l), ...rows.filter((r) => !kept.some((l) => rowName(l) === r.name)).map(line)];
  writeFileSync(
    resultsFile,
    `# Benchmark results\n\nWritten by \`npm run bench\` on ${date} (${seconds} s in all; rows of scenarios not run keep their earlier figures).\n\n` +
      `- Machine: ${machine}\n- Database: PostgreSQL, except the rows named for the embedded PGlite; this run: ${db}\n` +
      `- Load average (1, 5, 15 min): ${loadAtStart.join(', ')} at the start, ${loadAtEnd.join(', ')} at the end; the \`load\` column is the 1-minute figure after each scenario (the app, PostgreSQL, the partner process and autocannon share the same cores)\n` +
      `- CPU ms/req: CPU time (user + system, from /proc) of the app process and of the PostgreSQL backends of its database from the start of the load until the work it queued is done (clicks written, leads settled, outbound postbacks delivered), per answered request — the cost of one request whatever the machine's load; a 2-core machine serves at most about 2000 / (app + db + load generator) requests a second\n` +
      `- Load: autocannon from a separate process, ${DURATION} s per scenario (or the fixed number of requests the scenario states), connections as listed in \`bench/scenarios\`\n` +
      `- Ceiling: a bare Node \`http\` server (bench/ceiling.ts, its own process) given the same requests (path, headers, body) and answering the same shape (the click: the headers of a real answer of the app), measured in the same run: for the click rows in ${SLICES > 1 ? `${SLICES} slices beside the app's, in ABBA order after an unmeasured second of each (the ceiling column is the slices' mean, the notes give each)` : 'the run before the row and again after it (the ceiling column is their mean, the notes give both)'}, for the others before the row and again after it; the same process is the local advertiser API and affiliate postback receiver\n\n` +
      `${TABLE_HEAD}\n${table.join('\n')}\n${after}`,
  );
  console.log(`\nwritten: bench/RESULTS.md`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
