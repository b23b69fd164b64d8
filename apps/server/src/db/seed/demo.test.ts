import { count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper';
import {
  campaigns,
  clicks,
  conversions,
  integrations,
  leadDeliveries,
  leadEvents,
  leads,
  offers,
  systemLogs,
  users,
  verticals,
} from '../schema';
import { ledgerEntries, verify } from '../../modules/money/ledger';
import { DEMO_AFFILIATES, DEMO_COUNTS, DEMO_PASSWORD, seedDemo } from './demo';

const t = await useApp();
const db = t.database.db;

async function counts() {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
  return {
    clicks: await n(clicks),
    leads: await n(leads),
    conversions: await n(conversions),
    events: await n(leadEvents),
    deliveries: await n(leadDeliveries),
    logs: await n(systemLogs),
    campaigns: await n(campaigns),
  };
}

describe('DEMO=1 seed', () => {
  it('writes the demo data once, with the expected counts, and nothing to send', async () => {
    const logged: string[] = [];
    const first = await seedDemo(db, { log: { info: (m) => logged.push(m) } });
    expect(first.created).toBe(true);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(DEMO_AFFILIATES[0]);
    const after = await counts();
    expect(await seedDemo(db)).toEqual({ created: false, affiliateEmails: [] });
    expect(await counts()).toEqual(after);
    // the demo's conversions are in the money ledger, consistent (issue 17)
    expect(await verify(db)).toEqual([]);
    expect((await db.select({ n: count() }).from(ledgerEntries))[0].n).toBeGreaterThanOrEqual(DEMO_COUNTS.conversions);
    // the history lies in its day partitions (migration 0026), none of it waiting in the default ones
    for (const table of ['clicks_default', 'system_logs_default'])
      expect((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n, table).toBe(0);

    expect(after).toMatchObject({
      clicks: DEMO_COUNTS.clicks,
      leads: DEMO_COUNTS.leads,
      conversions: DEMO_COUNTS.conversions,
      campaigns: 3,
    });
    expect(after.events).toBeGreaterThan(DEMO_COUNTS.leads);
    expect(after.deliveries).toBeGreaterThan(0);
    expect(after.logs).toBeGreaterThan(DEMO_COUNTS.conversions);
    expect((await db.select({ id: verticals.id }).from(verticals)).length).toBeGreaterThanOrEqual(2);
    const statuses = new Set((await db.select({ s: leads.status }).from(leads)).map((r) => r.s));
    expect([...statuses].sort()).toEqual(['duplicate', 'failed', 'hold', 'invalid', 'new', 'sent', 'test', 'trash', 'unsent']);
    const conv = await db.select().from(conversions);
    expect(new Set(conv.map((c) => c.status))).toEqual(new Set([1, 2, 3, 4]));
    for (const c of conv) {
      expect(c.baseRevenue).toMatch(/^\d+(\.\d+)?$/);
      if (c.status !== 4) expect(Number(c.basePayout)).toBeGreaterThan(0);
    }
    expect((await db.select().from(integrations)).every((i) => !i.outApiEnabled)).toBe(true);
    expect((await db.select({ id: offers.id }).from(offers).where(eq(offers.accessType, 3))).length).toBe(1);
  });

  it('answers the lists to the admin, and to an affiliate only its own rows', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const range = `from=${nowS - 15 * 86_400}&to=${nowS + 60}`;
    for (const path of [`/leads?${range}`, `/conversions?${range}`, `/clicks/valid?${range}`, '/campaigns']) {
      const res = await t.request({ method: 'GET', url: `/api/v1${path}`, as: t.admin });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data.items.length, path).toBeGreaterThan(0);
    }
    const [affiliate] = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [DEMO_AFFILIATES[0]]));
    const { token } = await t.signIn(DEMO_AFFILIATES[0], DEMO_PASSWORD);
    for (const path of [`/leads?${range}`, `/conversions?${range}`, `/clicks/valid?${range}`, '/campaigns']) {
      const res = await t.request({ method: 'GET', url: `/api/v1${path}`, as: token });
      expect(res.statusCode, path).toBe(200);
      const items = res.json().data.items as { affiliateId?: number; affiliate?: { id: number } }[];
      expect(items.length, path).toBeGreaterThan(0);
      for (const item of items) expect(item.affiliateId ?? item.affiliate?.id, path).toBe(affiliate.id);
    }
  });

  it('answers every read of a demo offer’s tabs (the seed stores sieves as `{}`: read back whole, never a 500)', async () => {
    await seedDemo(db); // a no-op after the first test; seeds when run alone
    const ids = (await db.select({ id: offers.id }).from(offers)).map((o) => o.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      for (const path of [
        `/offers/${id}?with=integrations,counts`,
        `/offers/${id}/advertisers?withMeta=1`,
        `/offers/${id}/affiliates?withMeta=1`,
        `/offers/${id}/teams?withMeta=1`,
        `/landers?offerId=${id}&withMeta=1`,
        `/creatives?offerId=${id}&withMeta=1`,
        `/caps?offerId=${id}&withMeta=1`,
        `/payment-rules?offerId=${id}&withMeta=1`,
      ]) {
        const res = await t.request({ method: 'GET', url: `/api/v1${path}`, as: t.admin });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      }
      const targets = await t.request({ method: 'GET', url: `/api/v1/offers/${id}/advertisers`, as: t.admin });
      for (const target of targets.json().data.items) expect(target.sieve).toMatchObject({ countries: [], landerIds: [], schedule: null });
    }
  }, 180_000);
});
