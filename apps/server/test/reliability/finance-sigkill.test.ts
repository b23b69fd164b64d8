/**
 * Reliability (issue 17): the real server (its own process, on a throwaway PostgreSQL database) is killed with SIGKILL
 * while it writes a large invoice (40,000 conversions: items and ledger entries). Afterwards there is the whole
 * invoice or none of it — no invoice row without its items, no item or ledger entry without its invoice — and the
 * ledger still verifies. Started again, the server makes the invoice in full.
 *
 * PGlite cannot be shared by two processes, so this runs on PostgreSQL: DATABASE_URL, or else the local default
 * server when it answers (the same rule as sigkill.test.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { offers, roles, users, verticals } from '../../src/db/schema';
import { secureId } from '../../src/lib/crypto';
import { rowsOf, verify } from '../../src/modules/money/ledger';
import { BASE_URL, hasPg, pause, serverProcess } from '../server-process';

const CONVERSIONS = 40_000;

if (!hasPg)
  console.warn(`finance sigkill test skipped: no DATABASE_URL and no PostgreSQL at ${BASE_URL} (PGlite cannot be shared by two processes)`);

describe.skipIf(!hasPg)('SIGKILL during invoice creation', () => {
  const server = serverProcess('finkill', {
    ADMIN_EMAIL: 'finkill@leadgrid.local',
    ADMIN_PASSWORD: 'finkill-test-password',
    JWT_SECRET: 'finkill-test-secret-finkill-test-secret',
  });
  const { name } = server;
  let database: Database;

  async function token(): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'finkill@leadgrid.local', password: 'finkill-test-password' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  const createInvoice = (bearer: string, affiliateId: number) =>
    fetch(`http://127.0.0.1:${server.port}/api/v1/invoices`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ items: [{ affiliateId, dateFrom: '2000-01-01', dateTo: '2100-01-01' }] }),
    });

  const count = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await database.db.execute(q))[0].n);

  beforeAll(async () => {
    database = (await server.setUp())!;
  }, 90_000);

  afterAll(() => server.tearDown(), 60_000);

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
    await server.kill();
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
    await server.start();
    if (invoices === 0) {
      const res = await createInvoice(await token(), affiliate.id);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { items: { conversionsCount: number }[] } }).data.items[0].conversionsCount).toBe(CONVERSIONS);
    }
    expect(await count(sql`select count(*) as n from invoice_items where live`)).toBe(CONVERSIONS);
    expect(await verify(db, { affiliateIds: [affiliate.id], advertiserIds: [] })).toEqual([]);
  });
});
