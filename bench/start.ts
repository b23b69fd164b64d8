/**
 * Start time and memory of `npm start` as a newcomer runs it (issue 22), outside CI:
 *
 *   npx tsx bench/start.ts [--db pglite|pg] [--runs 3]
 *
 * Each run starts `npm start` from the repository root on a fresh embedded database (a new DATA_DIR) or, with
 * `--db pg`, on a fresh PostgreSQL database made on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped at the end. It polls the public settings until they answer (ready), waits 10 s and sums the RSS of the
 * whole process tree `npm start` left (from /proc), puts a short mixed load on it (API lists, the web app's index, the
 * click path) and reads the RSS again, stops it (SIGTERM) and starts it again on the same data: the restart's ready
 * time and idle RSS; the CPU time of the tree at ready is printed beside each time (the machine is shared). The built web app (and server) must exist: run `npm start` once before, so that no build is timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const DB = arg('db', 'pglite');
const RUNS = Number(arg('runs', '3'));
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const IDLE_MS = 10_000;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const ADMIN = { email: 'bench@leadgrid.local', password: 'bench-password' };
const base = `http://127.0.0.1:${PORT}`;

interface Proc {
  pid: number;
  name: string;
  rssKb: number;
  /** user + system CPU of the process and of its children that ended (ms) */
  cpuMs: number;
}

/** every live process under `pid` (itself included), with its resident memory (VmRSS) */
function tree(pid: number): Proc[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: Proc[] = [];
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const name = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 90);
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpuMs = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
      found.push({ pid: p, name, rssKb, cpuMs });
    } catch {
      return;
    }
    for (const [child, parent] of parents) if (parent === p) visit(child);
  };
  visit(pid);
  return found;
}

const mb = (kb: number) => Math.round(kb / 1024);
const load1 = () => loadavg()[0].toFixed(2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(env: Record<string, string>): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function ready(child: ChildProcess, startedAt: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/v1/public/api-settings`);
      if (res.ok) return Date.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (Date.now() - startedAt > 180_000) throw new Error('not ready after 180 s');
    await sleep(50);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
  // the server itself may outlive npm by a moment: wait for the port to close
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/api/v1/public/api-settings`);
      await sleep(100);
    } catch {
      return;
    }
  }
}

function show(label: string, procs: Proc[]): number {
  const total = procs.reduce((s, p) => s + p.rssKb, 0);
  console.log(`    ${label}: ${mb(total)} MB in ${procs.length} processes (load ${load1()})`);
  for (const p of procs) console.log(`      ${String(mb(p.rssKb)).padStart(5)} MB  ${p.pid}  ${p.name}`);
  return mb(total);
}

/** a short mixed load: the admin's API lists and settings, the web app's index and the click path (an unknown key) */
async function putLoad(): Promise<number> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const paths = [
    '/api/v1/auth/me',
    '/api/v1/offers',
    '/api/v1/geos',
    '/api/v1/currencies/all',
    '/api/v1/roles',
    '/api/v1/dashboard',
    '/api/v1/settings/general',
    '/api/v1/public/api-settings',
    '/',
    '/c/unknownkey1',
  ];
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: LOAD_SECONDS,
    requests: paths.map((path) => ({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } })),
  });
  return result.requests.total;
}

interface Run {
  first: number;
  firstCpu: number;
  firstIdle: number;
  loaded: number;
  restart: number;
  restartCpu: number;
  restartIdle: number;
}

/** the CPU the start took, whatever else the machine runs: every process of the tree, and the ones that ended */
const cpuOf = (child: ChildProcess) => tree(child.pid!).reduce((s, p) => s + p.cpuMs, 0);

async function once(env: Record<string, string>, run: number): Promise<Run> {
  console.log(`run ${run + 1}`);
  let t = Date.now();
  let child = startServer(env);
  const first = await ready(child, t);
  const firstCpu = cpuOf(child);
  console.log(`  first start ready in ${first} ms, ${firstCpu} ms CPU (load ${load1()})`);
  await sleep(IDLE_MS);
  const firstIdle = show('idle 10 s after the first start', tree(child.pid!));
  const requests = await putLoad();
  const loaded = show(`after ${LOAD_SECONDS} s of load (${requests} requests)`, tree(child.pid!));
  await stopServer(child);
  t = Date.now();
  child = startServer(env);
  const restart = await ready(child, t);
  const restartCpu = cpuOf(child);
  console.log(`  restart ready in ${restart} ms, ${restartCpu} ms CPU (load ${load1()})`);
  await sleep(IDLE_MS);
  const restartIdle = show('idle 10 s after the restart', tree(child.pid!));
  await stopServer(child);
  return { first, firstCpu, firstIdle, loaded, restart, restartCpu, restartIdle };
}

async function main() {
  const runs: Run[] = [];
  const common = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_RATE_LIMIT: '100000' };
  for (let i = 0; i < RUNS; i++) {
    if (DB === 'pg') {
      const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
      const name = `leadgrid_start_${process.pid}_${i}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'leadgrid-start-'));
      try {
        runs.push(await once({ ...common, DATABASE_URL: url.toString(), DATA_DIR: dataDir }, i));
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'leadgrid-start-'));
      try {
        runs.push(await once({ ...common, DATABASE_URL: '', DATA_DIR: dataDir }, i));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  const col = (k: keyof Run) => runs.map((r) => r[k]).join(' · ');
  console.log(`\n${DB === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}, ${RUNS} runs, ${new Date().toISOString()}`);
  console.log(`  first start ready ms:     ${col('first')}`);
  console.log(`  its CPU ms:               ${col('firstCpu')}`);
  console.log(`  idle RSS after it MB:     ${col('firstIdle')}`);
  console.log(`  RSS after the load MB:    ${col('loaded')}`);
  console.log(`  restart ready ms:         ${col('restart')}`);
  console.log(`  its CPU ms:               ${col('restartCpu')}`);
  console.log(`  idle RSS after it MB:     ${col('restartIdle')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
