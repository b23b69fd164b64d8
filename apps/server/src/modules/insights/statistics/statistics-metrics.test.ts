/**
 * GET / PATCH /statistics/metrics: the caller's metric columns of a statistics table (info and status), kept as a
 * user preference; defaults, saved order, validation with nothing written, the table's permission, and the audience
 * rules of the active metrics (an affiliate never sees revenue or profit, even after PATCHing them).
 */
import { parseFormula, STATISTICS_MAIN_METRICS, STATISTICS_METRICS_PREFERENCE } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { userPreferences } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
type Info = { key: string; title: string; description: string; outputFormat: string; group: string; enabled: boolean; order: number };

const list = async (as: TestUser | string, table?: string) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/statistics/metrics${table ? `?table=${table}` : ''}`, as });
  return res;
};
const items = async (as: TestUser | string, table?: string): Promise<Info[]> => {
  const res = await list(as, table);
  expect(res.statusCode).toBe(200);
  return res.json().data.items;
};
const save = (as: TestUser | string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: '/api/v1/statistics/metrics', as, payload });
const saved = async (userId: number) =>
  db
    .select()
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.type, STATISTICS_METRICS_PREFERENCE)));

describe('statistics metric info and status', () => {
  it('answers every active metric with its info, the main ones enabled, in the catalogue order until the user chooses', async () => {
    const user = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read'] });
    const [custom] = (
      await t.request({
        method: 'PUT',
        url: '/api/v1/metrics',
        as: t.admin,
        payload: {
          items: [
            {
              title: 'Lead CR',
              outputFormat: 'percentages',
              description: 'Leads per 100 clicks',
              formula: parseFormula('{leads} / {clicks} * 100'),
            },
          ],
        },
      })
    ).json().data.items;
    const got = await items(user);
    expect(got.map((m) => m.order)).toEqual(got.map((_, i) => i));
    expect(got[0]).toEqual({
      key: 'clicks',
      title: 'Clicks',
      description: 'All clicks on campaign links, valid and invalid (never test clicks)',
      outputFormat: 'amount',
      group: 'Traffic',
      enabled: true,
      order: 0,
    });
    expect(got.filter((m) => m.enabled).map((m) => m.key)).toEqual(
      expect.arrayContaining([...STATISTICS_MAIN_METRICS, `custom_${custom.id}`]),
    );
    expect(got.find((m) => m.key === 'leads_trash')).toMatchObject({ enabled: false, group: 'Leads' });
    expect(got.find((m) => m.key === `custom_${custom.id}`)).toMatchObject({
      title: 'Lead CR',
      description: 'Leads per 100 clicks',
      enabled: true,
    });

    // the lead statistics table: lead counters only, all shown
    const leads = await items(t.admin, 'leads');
    expect(leads.map((m) => m.key)).toEqual(expect.arrayContaining(['leads', 'leads_new', 'leads_sent', 'leads_duplicate']));
    expect(leads.every((m) => m.key === 'leads' || m.key.startsWith('leads_'))).toBe(true);
    expect(leads.every((m) => m.enabled)).toBe(true);
  });

  it('saves the caller’s choice per table; the listed metrics come first in their order, the others keep their defaults', async () => {
    const user = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read', 'front.statistics.lead.read'] });
    const res = await save(user, {
      table: 'statistics',
      items: [
        { key: 'revenue', enabled: true, order: 1 },
        { key: 'leads_trash', enabled: true, order: 0 },
        { key: 'clicks', enabled: false, order: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Columns saved');
    const after = res.json().data.items as Info[];
    expect(after.slice(0, 3).map((m) => [m.key, m.enabled, m.order])).toEqual([
      ['leads_trash', true, 0],
      ['revenue', true, 1],
      ['clicks', false, 2],
    ]);
    expect(after.find((m) => m.key === 'payout')).toMatchObject({ enabled: true });
    expect(await items(user)).toEqual(after);

    // a second save keeps the keys it does not list
    expect((await save(user, { table: 'statistics', items: [{ key: 'clicks', enabled: true, order: 5 }] })).statusCode).toBe(200);
    const again = await items(user);
    expect(again.slice(0, 3).map((m) => [m.key, m.enabled])).toEqual([
      ['leads_trash', true],
      ['revenue', true],
      ['clicks', true],
    ]);
    // the other table and the other users are untouched
    expect((await items(user, 'leads')).every((m) => m.enabled)).toBe(true);
    expect((await items(t.admin)).find((m) => m.key === 'leads_trash')?.enabled).toBe(false);
    const rows = await saved(user.id);
    expect(rows.map((r) => r.name)).toEqual(['statistics']);
  });

  it('refuses an unknown key, a key of another table, a duplicate and a bad order with the field named, writing nothing', async () => {
    const user = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read', 'front.statistics.lead.read'] });
    const unknown = await save(user, {
      table: 'statistics',
      items: [
        { key: 'clicks', enabled: true, order: 0 },
        { key: 'nope', enabled: true, order: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ statusCode: 400, errors: [{ loc: ['body', 'items', 1, 'key'], msg: 'pattern' }] });
    expect(unknown.json().message).toContain('items.1.key');

    const otherTable = await save(user, { table: 'leads', items: [{ key: 'clicks', enabled: true, order: 0 }] });
    expect(otherTable.statusCode).toBe(400);
    expect(otherTable.json().errors[0].loc).toEqual(['body', 'items', 0, 'key']);

    const twice = await save(user, {
      table: 'statistics',
      items: [
        { key: 'clicks', enabled: true, order: 0 },
        { key: 'clicks', enabled: false, order: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ loc: ['body', 'items', 1, 'key'], msg: 'unique' });

    const badOrder = await save(user, { table: 'statistics', items: [{ key: 'clicks', enabled: true, order: -1 }] });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().errors[0].loc).toEqual(['body', 'items', 0, 'order']);
    const badTable = await save(user, { table: 'nope', items: [{ key: 'clicks', enabled: true, order: 0 }] });
    expect(badTable.json().errors[0].loc).toEqual(['body', 'table']);
    expect((await list(user, 'nope')).statusCode).toBe(400);
    expect((await save(user, { table: 'statistics', items: [] })).statusCode).toBe(400);

    expect(await saved(user.id)).toEqual([]);
  });

  it('needs the read permission of the table asked for', async () => {
    const leadsOnly = await t.make.user({ type: 'employee', permissions: ['front.statistics.lead.read'] });
    const statsOnly = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read'] });
    const nobody = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await list(leadsOnly, 'leads')).statusCode).toBe(200);
    expect((await list(leadsOnly, 'statistics')).statusCode).toBe(403);
    expect((await list(leadsOnly)).statusCode).toBe(403);
    expect((await save(leadsOnly, { table: 'statistics', items: [{ key: 'clicks', enabled: true, order: 0 }] })).statusCode).toBe(403);
    expect((await list(statsOnly, 'leads')).statusCode).toBe(403);
    expect((await save(statsOnly, { table: 'leads', items: [{ key: 'leads', enabled: false, order: 0 }] })).statusCode).toBe(403);
    expect((await list(nobody)).statusCode).toBe(403);
    expect((await save(nobody, { table: 'statistics', items: [{ key: 'clicks', enabled: true, order: 0 }] })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/statistics/metrics' })).statusCode).toBe(401);
    for (const u of [leadsOnly, statsOnly, nobody]) expect(await saved(u.id)).toEqual([]);
  });

  it('never lists revenue, profit or ROI to an affiliate, even if it PATCHes them; an advertiser member gets no payout', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const keys = (await items(affiliate)).map((m) => m.key);
    expect(keys).toEqual(expect.arrayContaining(['clicks', 'payout', 'cr']));
    for (const hidden of ['revenue', 'profit', 'roi', 'revenue_pending', 'revenue_hold']) expect(keys).not.toContain(hidden);

    for (const key of ['revenue', 'profit']) {
      const res = await save(affiliate, {
        table: 'statistics',
        items: [
          { key: 'payout', enabled: false, order: 0 },
          { key, enabled: true, order: 1 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].loc).toEqual(['body', 'items', 1, 'key']);
    }
    expect(await saved(affiliate.id)).toEqual([]);

    // even a row written by hand with revenue in it does not bring the column back
    await db.insert(userPreferences).values({
      userId: affiliate.id,
      type: STATISTICS_METRICS_PREFERENCE,
      name: 'statistics',
      value: [
        { key: 'revenue', enabled: true, order: 0 },
        { key: 'profit', enabled: true, order: 1 },
      ],
      createdAt: new Date(),
    });
    const after = (await items(affiliate)).map((m) => m.key);
    for (const hidden of ['revenue', 'profit', 'roi']) expect(after).not.toContain(hidden);
    const ok = await save(affiliate, { table: 'statistics', items: [{ key: 'payout', enabled: false, order: 0 }] });
    expect(ok.statusCode).toBe(200);
    expect((ok.json().data.items as Info[]).map((m) => m.key)).not.toContain('revenue');
    expect(ok.json().data.items[0]).toMatchObject({ key: 'payout', enabled: false });

    const member = await t.make.user({ type: 'advertiser_member' });
    const memberKeys = (await items(member)).map((m) => m.key);
    expect(memberKeys).toContain('revenue');
    for (const hidden of ['payout', 'profit', 'clicks']) expect(memberKeys).not.toContain(hidden);
    expect((await items(member, 'leads')).map((m) => m.key)).toContain('leads');
  });
});
