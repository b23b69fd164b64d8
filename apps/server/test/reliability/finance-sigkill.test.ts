/**
 * Reliability (issue 17): the real server (its own process, on a throwaway PostgreSQL database) is killed with SIGKILL
 * while it writes a large invoice (40,000 conversions: items and ledger entries). Afterwards there is the whole
 * invoice or none of it — no invoice row without its items, no item or ledger entry without its invoice — and the
 * ledger still verifies. Started again, the server makes the invoice in full.
 *
 * PGlite cannot be shared by two processes, so this runs on PostgreSQL: DATABASE_URL, or else the local default
 * server when it answers (the same rule as sigkill.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { offers, roles, users, verticals } from '../../src/db/schema';
import { secureId } from '../../src/lib/crypto';
import { rowsOf, verify } from '../../src/modules/money/ledger';
import { withDatabase } from '../global-setup';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONVERSIONS = 40_000;

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
const hasPg = !!process.env.DATABASE_URL || (await reachable(BASE_URL));
if (!hasPg)
  console.warn(`finance sigkill test skipped: no DATABASE_URL and no PostgreSQL at ${BASE_URL} (PGlite cannot be shared by two processes)`);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
const exited = (child: ChildProcess) =>
  new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

describe.skipIf(!hasPg)('SIGKILL during invoice creation', () => {
  const name = `leadgrid_finkill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = withDatabase(BASE_URL, name);
  let database: Database;
  let dataDir: string;
  let port: number;
  let server: ChildProcess | undefined;
  let output = '';

  async function start() {
    output = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'finkill@leadgrid.local',
        ADMIN_PASSWORD: 'finkill-test-password',
        JWT_SECRET: 'finkill-test-secret-finkill-test-secret',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (c: Buffer) => (output += c));
    server.stderr!.on('data', (c: Buffer) => (output += c));
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/public/api-settings`)).ok) return;
      } catch {
        // not up yet
      }
      await pause(200);
    }
    throw new Error(`the server did not come up: ${output}`);
  }

  async function token(): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'finkill@leadgrid.local', password: 'finkill-test-password' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  const createInvoice = (bearer: string, affiliateId: number) =>
    fetch(`http://127.0.0.1:${port}/api/v1/invoices`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ items: [{ affiliateId, dateFrom: '2000-01-01', dateTo: '2100-01-01' }] }),
    });

  const count = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await database.db.execute(q))[0].n);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    dataDir = await mkdtemp(join(tmpdir(), 'leadgrid-finkill-'));
    port = await freePort();
    await start(); // migrates and seeds
    database = await openDatabase({ url, poolSize: 4 });
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await database?.close();
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('leaves the whole invoice or none, and the ledger verifies', { timeout: 240_000 }, async () => {
    const db = database.db;
    const [role] = await db.select().from(roles).where(eq(roles.type, 'affiliate')).limit(1);
    const [affiliate] = await db
      .insert(users)
      .values({
        secureId: secureId(),
        email: `finkill-${name}@test.local`,
        passwordHash: 'x',
        firstName: 'Kill',
        lastName: 'Test',
        roleId: role.id,
        status: 'active',
      })
      .returning();
    const [vertical] = await db.insert(verticals).values({ title: 'Kill vertical', status: 'active' }).returning();
    const [offer] = await db.insert(offers).values({ title: 'Kill offer', status: 'active', verticalId: vertical.id }).returning();
    await db.execute(sql`insert into conversions (affiliate_id, offer_id, status, payout, payout_currency, base_payout, revenue, revenue_currency,
      base_revenue, base_currency, created_at)
      select ${affiliate.id}, ${offer.id}, 3, 1.5, 'USD', 1.5, 3, 'USD', 3, 'USD', now() - (g || ' seconds')::interval from generate_series(1, ${CONVERSIONS}) g`);
    const entriesBefore = await count(sql`select count(*) as n from ledger_entries`);

    const bearer = await token();
    const pending = createInvoice(bearer, affiliate.id).catch(() => null);
    // the invoice's transaction holds the party's advisory lock while it writes: kill it then
    const killBy = Date.now() + 60_000;
    let seen = false;
    while (Date.now() < killBy) {
      seen =
        (await count(
          sql`select count(*) as n from pg_locks where locktype = 'advisory' and classid = 17001 and objid = ${affiliate.id} and granted`,
        )) > 0;
      if (seen) break;
      await pause(5);
    }
    expect(seen, 'the invoice transaction was seen holding its lock').toBe(true);
    await pause(100);
    server!.kill('SIGKILL');
    await exited(server!);
    await pending;
    // the killed connection's transaction is rolled back once PostgreSQL notices the closed socket
    const settleBy = Date.now() + 20_000;
    while (
      Date.now() < settleBy &&
      (await count(sql`select count(*) as n from pg_locks where locktype = 'advisory' and classid = 17001 and objid = ${affiliate.id}`)) > 0
    )
      await pause(50);

    const invoices = await count(sql`select count(*) as n from invoices`);
    const items = await count(sql`select count(*) as n from invoice_items`);
    const invoiceEntries = await count(sql`select count(*) as n from ledger_entries where invoice_id is not null`);
    if (invoices === 0) {
      expect(items).toBe(0);
      expect(invoiceEntries).toBe(0);
      expect(await count(sql`select count(*) as n from ledger_entries`)).toBe(entriesBefore);
    } else {
      expect(invoices).toBe(1);
      expect(items).toBe(CONVERSIONS);
      expect(invoiceEntries).toBe(CONVERSIONS * 2);
    }
    expect(await verify(db, { affiliateIds: [affiliate.id], advertiserIds: [] })).toEqual([]);

    // started again, the invoice is made in full (or was already)
    await start();
    if (invoices === 0) {
      const res = await createInvoice(await token(), affiliate.id);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { items: { conversionsCount: number }[] } }).data.items[0].conversionsCount).toBe(CONVERSIONS);
    }
    expect(await count(sql`select count(*) as n from invoice_items where live`)).toBe(CONVERSIONS);
    expect(await verify(db, { affiliateIds: [affiliate.id], advertiserIds: [] })).toEqual([]);
  });
});
