/**
 * The real server in its own process, for the reliability tests that kill it (SIGKILL) and start it again: on a
 * throwaway PostgreSQL database and data directory of its own. PGlite cannot be shared by two processes, so these
 * tests run on PostgreSQL: DATABASE_URL, or else the local default server when it answers (CI runs the suite on it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { withDatabase } from './global-setup';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
// with DATABASE_URL set an unreachable server is a failure (the connect in `setUp` throws); without it, no PostgreSQL here
export const hasPg = !!process.env.DATABASE_URL || (await reachable(BASE_URL));

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

async function asAdmin(query: string) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(query);
  await admin.end();
}

/**
 * A server process on the database `leadgrid_<prefix>_…` (its name is `name`), with `env` over the production
 * settings. `setUp` creates the database and starts the server (which migrates and seeds), `tearDown` stops it and
 * drops the database; `kill` is the SIGKILL, `start` the start again; `output` is what the last start printed.
 */
export function serverProcess(prefix: string, env: Record<string, string>) {
  // `DATABASE_URL: ''` in env: the server on embedded PGlite in its data directory (no PostgreSQL database made)
  const onPg = env.DATABASE_URL !== '';
  const name = `leadgrid_${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = withDatabase(BASE_URL, name);
  let child: ChildProcess | undefined;
  let dataDir = '';
  let database: Database | undefined;
  const self = {
    name,
    url,
    port: 0,
    output: '',
    /** the server's DATA_DIR (made by `setUp`) */
    get dataDir() {
      return dataDir;
    },

    async start() {
      self.output = '';
      const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(self.port),
          HOST: '127.0.0.1',
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          WEB_DIST: join(dataDir, 'no-web'),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      server.stdout!.on('data', (c: Buffer) => (self.output += c));
      server.stderr!.on('data', (c: Buffer) => (self.output += c));
      const end = Date.now() + 60_000;
      while (Date.now() < end) {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${self.output}`);
        try {
          if ((await fetch(`http://127.0.0.1:${self.port}/api/v1/public/api-settings`)).ok) return;
        } catch {
          // not up yet
        }
        await pause(200);
      }
      throw new Error(`the server did not come up: ${self.output}`);
    },

    /** SIGKILL: the process ends at once, in the middle of whatever it does */
    async kill() {
      child!.kill('SIGKILL');
      await exited(child!);
    },

    /** SIGTERM: the graceful stop, waited for */
    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
    },

    /** the database, the server started on it (migrated and seeded), and a connection of the test's own to it (none on PGlite) */
    async setUp(): Promise<Database | undefined> {
      if (onPg) await asAdmin(`CREATE DATABASE ${name}`);
      dataDir = await mkdtemp(join(tmpdir(), `leadgrid-${prefix}-`));
      self.port = await freePort();
      await self.start();
      if (onPg) database = await openDatabase({ url, poolSize: 4 });
      return database;
    },

    async tearDown() {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
      await database?.close();
      if (onPg) await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}
