/**
 * `npm run bench`: starts the app server (PostgreSQL when DATABASE_URL is set, else embedded PGlite) and the bare-Node
 * ceiling in their own processes, measures each scenario with autocannon from this process, and writes
 * bench/out/results.json and bench/RESULTS.md with the machine and date.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiClient } from './lib/api';
import { startProcess, stop, waitFor } from './lib/procs';
import type { Query, Scenario } from './lib/types';
import { foundation } from './scenarios/foundation';
import { traffic } from './scenarios/traffic';

const here = fileURLToPath(new URL('.', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const APP_PORT = 3900;
const CEILING_PORT = 3901;
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
  verdict: string;
}

async function measure(url: string, s: Scenario, headers: Record<string, string>) {
  return autocannon({
    url,
    connections: s.connections,
    duration: DURATION,
    method: s.method ?? 'GET',
    headers: { ...headers, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body ? JSON.stringify(s.body) : undefined,
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadgrid-bench-'));
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  const app = startProcess(['apps/server/src/main.ts'], {
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    ACCESS_TOKEN_TTL: '3600',
  });
  const ceiling = startProcess(['bench/ceiling.ts'], { PORT: String(CEILING_PORT) });
  const rows: Row[] = [];
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
    const query: Query | undefined = pool ? async (text, params) => pool.query(text, params as unknown[]) as never : undefined;
    for (const s of scenarios) {
      const headers: Record<string, string> = s.auth ? { authorization: `Bearer ${token}` } : {};
      const prepared = s.setup ? await s.setup(api) : { path: s.path, state: {} };
      const c = s.ceiling ? await measure(`http://127.0.0.1:${CEILING_PORT}${s.ceiling}`, s, {}) : undefined;
      const r = await measure(`http://127.0.0.1:${APP_PORT}${prepared.path}`, s, headers);
      const misses: string[] = [];
      const answered = r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
      if (s.verify) {
        if (query) misses.push(...(await s.verify(api, { answered, sent: r.requests.sent }, prepared.state ?? {}, query)));
        else misses.push('not verified (the checks need DATABASE_URL)');
      }
      if (s.targets.ratioOfCeiling && c && r.requests.average < c.requests.average * s.targets.ratioOfCeiling) {
        misses.push(`${Math.round((r.requests.average / c.requests.average) * 100)}% of ceiling < ${s.targets.ratioOfCeiling * 100}%`);
      }
      if (s.targets.p99Ms && r.latency.p99 > s.targets.p99Ms) misses.push(`p99 ${r.latency.p99} ms > ${s.targets.p99Ms} ms`);
      if (s.targets.minRps && r.requests.average < s.targets.minRps) misses.push(`${Math.round(r.requests.average)} req/s < ${s.targets.minRps}`);
      const failed = s.expect302 ? r.errors + r['2xx'] + r['4xx'] + r['5xx'] : r.errors + r.non2xx;
      if (failed) misses.push(`${r.errors} errors, ${s.expect302 ? r.non2xx - r['3xx'] : r.non2xx} unexpected answers`);
      rows.push({
        name: s.name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: s.expect302 ? r.non2xx - r['3xx'] : r.non2xx,
        ceilingRps: c ? Math.round(c.requests.average) : undefined,
        ceilingP99: c?.latency.p99,
        verdict: misses.length ? `MISSED: ${misses.join('; ')}` : 'met',
      });
      console.log(rows[rows.length - 1]);
    }
    await pool?.end();
  } finally {
    await stop(app);
    await stop(ceiling);
  }

  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const date = new Date().toISOString();
  mkdirSync(join(here, 'out'), { recursive: true });
  writeFileSync(join(here, 'out', 'results.json'), JSON.stringify({ date, machine, database: db, durationSeconds: DURATION, rows }, null, 2));
  const table = rows
    .map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ceilingRps ?? '–'} | ${r.ceilingRps ? `${Math.round((r.rps / r.ceilingRps) * 100)}%` : '–'} | ${r.verdict} |`)
    .join('\n');
  writeFileSync(
    join(here, 'RESULTS.md'),
    `# Benchmark results\n\nWritten by \`npm run bench\` on ${date}.\n\n- Machine: ${machine}\n- Database: ${db}\n- Load: autocannon from a separate process, ${DURATION} s per scenario, connections as listed in \`bench/scenarios\`\n- Ceiling: a bare Node \`http\` server answering the same shape, measured in the same run\n\n| scenario | req/s | p50 ms | p99 ms | ceiling req/s | of ceiling | targets |\n|---|---|---|---|---|---|---|\n${table}\n`,
  );
  console.log(`\nwritten: bench/RESULTS.md`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
