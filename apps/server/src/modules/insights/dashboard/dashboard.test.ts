/**
 * The dashboard: default creation (built-in and a role's default), each endpoint's happy path, validation (nothing
 * half-written) and permission rule, and the widgets' figures against GET /statistics — the same service, the same
 * scope (a manager's widgets count only their affiliates, an advertiser member's only their advertiser).
 */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { clicks, conversions, leads, userManagers, users } from '../../../db/schema';
import { changeOf, chartDimension, timeSlots } from './dashboard.service';
import { dashboards, dashboardWidgets } from './dashboard.tables';

const t = await useApp();
const db = t.database.db;

let offerA: Awaited<ReturnType<typeof t.make.offer>>;
let offerB: Awaited<ReturnType<typeof t.make.offer>>;
let adv: Awaited<ReturnType<typeof t.make.advertiser>>;
let vertical: Awaited<ReturnType<typeof t.make.vertical>>;
let aff1: TestUser;
let aff2: TestUser;
let manager: TestUser;
let member: TestUser;
let employee: TestUser;

const RANGE = 'dateFrom=2026-11-20&dateTo=2026-11-21&timezone=UTC';
let clickSeq = 0;
const uuidAt = (ms: number) => {
  const hex = ms.toString(16).padStart(12, '0') + '7' + (++clickSeq).toString(16).padStart(19, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
async function click(at: Date, input: Partial<typeof clicks.$inferInsert> = {}) {
  await db.insert(clicks).values({
    id: uuidAt(at.getTime()),
    createdAt: at,
    status: 1,
    isUnique: true,
    offerId: offerA.id,
    affiliateId: aff1.id,
    country: 'DE',
    ...input,
  });
}
async function lead(at: Date, input: Partial<typeof leads.$inferInsert> = {}) {
  await db
    .insert(leads)
    .values({ createdAt: at, status: 'sent', offerId: offerA.id, verticalId: vertical.id, affiliateId: aff1.id, country: 'DE', ...input });
}

const req = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, as: TestUser | null = t.admin, payload?: unknown) =>
  t.request({ method, url: `/api/v1${url}`, as, ...(payload === undefined ? {} : { payload: payload as object }) });
async function dashboardOf(as: TestUser) {
  const res = await req('GET', '/dashboard', as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    parent: number | null;
    widgets: { id: number; type: string; order: number; settings: Record<string, unknown> }[];
  };
}
async function figures(as: TestUser, widgetId: number, range = RANGE) {
  const res = await req('GET', `/statistics/dashboard?widgetId=${widgetId}&${range}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function statTotals(as: TestUser, query = RANGE) {
  const res = await req('GET', `/statistics?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.meta.totals as Record<string, unknown>;
}
const at = (x: number, y: number, w: number, h: number) => ({ position: { x, y }, size: { w, h } });

beforeAll(async () => {
  vertical = await t.make.vertical({ goals: ['Registration'] });
  offerA = await t.make.offer({ verticalId: vertical.id, title: 'Offer Alpha' });
  offerB = await t.make.offer({ verticalId: vertical.id, title: 'Offer Beta' });
  adv = await t.make.advertiser({ verticalId: vertical.id, title: 'Adv One' });
  aff1 = await t.make.user({ type: 'affiliate' });
  aff2 = await t.make.user({ type: 'affiliate' });
  manager = await t.make.user({
    type: 'affiliate_manager',
    permissions: ['front.dashboard.read', 'front.menu.statistics.read', 'affiliate.assigned.read'],
  });
  await db.insert(userManagers).values({ userId: aff2.id, managerId: manager.id });
  member = await t.make.user({ type: 'advertiser_member', permissions: ['front.dashboard.read', 'front.menu.statistics.read'] });
  await db.update(users).set({ advertiserId: adv.id }).where(eq(users.id, member.id));
  employee = await t.make.user({ type: 'employee', permissions: ['front.dashboard.read', 'front.menu.statistics.read'] });

  // the 20th: 3 clicks of affiliate 1 on offer A, 1 of affiliate 2 on offer B; the 21st: 2 of affiliate 2 on offer B
  for (const iso of ['2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z']) await click(new Date(iso));
  await click(new Date('2026-11-20T11:00:00Z'), { affiliateId: aff2.id, offerId: offerB.id, country: 'FR' });
  for (const iso of ['2026-11-21T08:00:00Z', '2026-11-21T09:00:00Z'])
    await click(new Date(iso), { affiliateId: aff2.id, offerId: offerB.id });
  // the previous period (18th-19th): 2 clicks
  for (const iso of ['2026-11-18T08:00:00Z', '2026-11-19T08:00:00Z']) await click(new Date(iso));
  // leads: 2 sent of affiliate 1 for the advertiser, 1 new of affiliate 2 elsewhere; one approved conversion
  await lead(new Date('2026-11-20T12:00:00Z'), { advertiserId: adv.id });
  await lead(new Date('2026-11-21T12:00:00Z'), { advertiserId: adv.id });
  await lead(new Date('2026-11-21T13:00:00Z'), { status: 'new', affiliateId: aff2.id, offerId: offerB.id });
  await db.insert(conversions).values({
    createdAt: new Date('2026-11-21T14:00:00Z'),
    status: 3,
    offerId: offerA.id,
    affiliateId: aff1.id,
    advertiserId: adv.id,
    goalId: vertical.goals[0].id,
    revenue: '10',
    payout: '6',
    baseRevenue: '10',
    basePayout: '6',
    revenueCurrency: 'USD',
    payoutCurrency: 'USD',
    baseCurrency: 'USD',
  });
});

describe('the dashboard of a user', () => {
  it('a new staff user gets the built-in default once: KPI cards, a chart, live counters, the funnel, top tables', async () => {
    const d = await dashboardOf(t.admin);
    expect(d.parent).toBeNull();
    expect(d.widgets.map((w) => w.type)).toEqual(['kpi', 'kpi', 'kpi', 'kpi', 'line', 'live', 'funnel', 'top', 'top']);
    expect(d.widgets.slice(0, 4).map((w) => (w.settings.metrics as string[])[0])).toEqual(['clicks', 'leads', 'conversions', 'profit']);
    const again = await dashboardOf(t.admin);
    expect(again.id).toBe(d.id);
    expect(again.widgets.map((w) => w.id)).toEqual(d.widgets.map((w) => w.id));
    expect(await db.select().from(dashboards).where(eq(dashboards.userId, t.admin.id))).toHaveLength(1);
  });

  it("an advertiser member's default shows no clicks, profit nor affiliates", async () => {
    const d = await dashboardOf(member);
    const metrics = d.widgets.flatMap((w) => (w.settings.metrics as string[]) ?? []);
    expect(metrics).not.toContain('clicks');
    expect(metrics).not.toContain('profit');
    expect(d.widgets.some((w) => w.settings.groupBy === 'affiliate')).toBe(false);
  });

  it('a new user of a role with a default copies it and names it as parent', async () => {
    const role = await t.make.role({ type: 'employee', permissions: ['front.dashboard.read', 'front.menu.statistics.read'] });
    const [roleDefault] = await db
      .insert(dashboards)
      .values({ roleId: role.id, settings: { preset: 'last7Days' } })
      .returning();
    await db
      .insert(dashboardWidgets)
      .values({ dashboardId: roleDefault.id, type: 'funnel', settings: { metrics: [], filters: {}, ...at(0, 0, 6, 4) }, order: 0 });
    const user = await t.make.user({ type: 'employee', permissions: ['x'] });
    await db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
    const fresh = { ...user, ...(await t.signIn(user.email, user.password)) };
    const d = await dashboardOf(fresh);
    expect(d.parent).toBe(roleDefault.id);
    expect(d.widgets.map((w) => w.type)).toEqual(['funnel']);
    expect((d as unknown as { settings: unknown }).settings).toEqual({ preset: 'last7Days' });
  });

  it('affiliates have no dashboard (403) and anonymous callers are refused (401)', async () => {
    expect((await req('GET', '/dashboard', aff1)).statusCode).toBe(403);
    expect((await req('PUT', '/dashboard/widgets', aff1, { items: [{ type: 'funnel', settings: at(0, 0, 4, 4) }] })).statusCode).toBe(403);
    expect((await req('GET', '/dashboard', null)).statusCode).toBe(401);
    const noPerm = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read'] });
    expect((await req('GET', '/dashboard', noPerm)).statusCode).toBe(403);
    expect((await req('GET', '/statistics/dashboard?widgetId=1', noPerm)).statusCode).toBe(403);
    expect(await db.select().from(dashboards).where(eq(dashboards.userId, aff1.id))).toHaveLength(0);
  });
});

describe('PUT and PATCH /dashboard', () => {
  it('PUT replaces the widgets in the given order', async () => {
    const res = await req('PUT', '/dashboard', employee, {
      settings: { preset: 'monthStart' },
      widgets: [
        { type: 'line', settings: { metrics: ['clicks', 'leads'], ...at(0, 0, 8, 6) } },
        { type: 'kpi', settings: { metrics: ['leads'], ...at(8, 0, 4, 3) } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.settings).toEqual({ preset: 'monthStart' });
    expect(d.widgets.map((w: { type: string; order: number }) => [w.type, w.order])).toEqual([
      ['line', 0],
      ['kpi', 1],
    ]);
  });

  it('PUT refuses a bad widget with field errors and writes nothing', async () => {
    const before = await dashboardOf(employee);
    const cases: [unknown, string][] = [
      [{ widgets: [{ type: 'kpi', settings: { metrics: ['clicks', 'leads'], ...at(0, 0, 3, 3) } }] }, 'widgets.0.settings.metrics'],
      [
        { widgets: [{ type: 'line', settings: { metrics: ['a', 'b', 'c', 'd', 'e', 'f'], ...at(0, 0, 3, 3) } }] },
        'widgets.0.settings.metrics',
      ],
      [{ widgets: [{ type: 'top', settings: { metrics: ['clicks'], ...at(0, 0, 3, 3) } }] }, 'widgets.0.settings.groupBy'],
      [{ widgets: [{ type: 'kpi', settings: { metrics: ['clicks'], ...at(10, 0, 4, 3) } }] }, 'widgets.0.settings.position.x'],
      [{ widgets: [{ type: 'pie', settings: at(0, 0, 3, 3) }] }, 'widgets.0.type'],
      [{ widgets: [{ type: 'kpi', settings: { metrics: ['no_such_metric'], ...at(0, 0, 3, 3) } }] }, 'widgets.0.settings.metrics.0'],
    ];
    for (const [body, field] of cases) {
      const res = await req('PUT', '/dashboard', employee, body);
      expect(res.statusCode, res.body).toBe(400);
      const err = res.json();
      expect(err).toMatchObject({ statusCode: 400 });
      expect(err.errors.map((e: { loc: (string | number)[] }) => e.loc.slice(1).join('.'))).toContain(field);
    }
    expect(await dashboardOf(employee)).toEqual(before);
  });

  it('an advertiser member may not put a metric they cannot see (profit)', async () => {
    const res = await req('PUT', '/dashboard', member, {
      widgets: [{ type: 'kpi', settings: { metrics: ['profit'], ...at(0, 0, 3, 3) } }],
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('PATCH moves and resizes widgets of the own dashboard only', async () => {
    const d = await dashboardOf(employee);
    const [line, kpi] = d.widgets;
    const res = await req('PATCH', '/dashboard', employee, {
      layout: [
        { id: kpi.id, order: 0, ...at(0, 0, 6, 4) },
        { id: line.id, order: 1, ...at(0, 4, 12, 7) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.widgets.map((w: { id: number }) => w.id)).toEqual([kpi.id, line.id]);
    expect(after.widgets[1].settings).toMatchObject({ metrics: ['clicks', 'leads'], ...at(0, 4, 12, 7) });

    // someone else's widget: 400 naming it, nothing moved
    const admins = await dashboardOf(t.admin);
    const bad = await req('PATCH', '/dashboard', employee, {
      layout: [
        { id: kpi.id, order: 5, ...at(0, 9, 6, 4) },
        { id: admins.widgets[0].id, order: 0, ...at(0, 0, 3, 3) },
      ],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'layout', 1, 'id']);
    expect(await dashboardOf(employee)).toEqual(after);
    expect(await dashboardOf(t.admin)).toEqual(admins);
    expect((await req('PATCH', '/dashboard', employee, {})).statusCode).toBe(400);
    expect((await req('PATCH', '/dashboard', employee, { layout: [{ id: kpi.id, order: 0, ...at(8, 0, 6, 4) }] })).statusCode).toBe(400);
  });
});

describe('widgets PUT, PATCH, DELETE', () => {
  it('adds a widget after the others, changes and removes it', async () => {
    const added = await req('PUT', '/dashboard/widgets', employee, {
      items: [{ type: 'top', settings: { metrics: ['clicks'], groupBy: 'country', limit: 3, ...at(0, 20, 6, 5) } }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const w = added.json().data.items[0];
    const d = await dashboardOf(employee);
    expect(d.widgets.at(-1)).toMatchObject({ id: w.id, type: 'top' });
    expect(w.order).toBeGreaterThan(Math.max(...d.widgets.slice(0, -1).map((x) => x.order)));

    const changed = await req('PATCH', `/dashboard/widgets/${w.id}`, employee, {
      settings: { metrics: ['leads'], groupBy: 'offer', ...at(0, 20, 6, 5) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.settings).toMatchObject({ metrics: ['leads'], groupBy: 'offer' });
    // the type's rules apply to a change: a top table needs its group-by
    const bad = await req('PATCH', `/dashboard/widgets/${w.id}`, employee, { settings: { metrics: ['leads'], ...at(0, 20, 6, 5) } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'settings', 'groupBy']);

    // another user cannot touch it: 404, and it stays
    expect(
      (await req('PATCH', `/dashboard/widgets/${w.id}`, manager, { settings: { metrics: ['leads'], groupBy: 'offer', ...at(0, 0, 6, 5) } }))
        .statusCode,
    ).toBe(404);
    expect((await req('DELETE', `/dashboard/widgets/${w.id}`, manager)).statusCode).toBe(404);
    expect((await req('GET', `/statistics/dashboard?widgetId=${w.id}`, manager)).statusCode).toBe(404);
    expect((await dashboardOf(employee)).widgets.some((x) => x.id === w.id)).toBe(true);

    const removed = await req('DELETE', `/dashboard/widgets/${w.id}`, employee);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await dashboardOf(employee)).widgets.some((x) => x.id === w.id)).toBe(false);
    expect((await req('DELETE', `/dashboard/widgets/${w.id}`, employee)).statusCode).toBe(404);
  });

  it('refuses a widget of a bad shape (400) and writes nothing', async () => {
    const before = await dashboardOf(employee);
    for (const item of [
      { type: 'funnel', settings: { metrics: ['clicks'], ...at(0, 0, 4, 4) } },
      { type: 'kpi', settings: { metrics: ['clicks'], ...at(0, 0, 1, 3) } },
      { type: 'top', settings: { metrics: ['clicks'], groupBy: 'team', ...at(0, 0, 4, 4) } },
      { type: 'kpi', settings: { metrics: ['clicks'], filters: { offerId: ['x'] }, ...at(0, 0, 4, 4) } },
    ]) {
      const res = await req('PUT', '/dashboard/widgets', employee, { items: [item] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect((await req('PATCH', '/dashboard/widgets/abc', employee, { settings: at(0, 0, 4, 4) })).statusCode).toBe(400);
    expect(await dashboardOf(employee)).toEqual(before);
  });
});

describe('the figures: the statistics service, in the reader scope', () => {
  const widget = async (as: TestUser, type: string, settings: Record<string, unknown>) => {
    const res = await req('PUT', '/dashboard/widgets', as, { items: [{ type, settings: { ...at(0, 30, 4, 4), ...settings } }] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items[0].id as number;
  };

  it('a KPI card: the total of GET /statistics, the change against the period before, a sparkline per day', async () => {
    const id = await widget(t.admin, 'kpi', { metrics: ['clicks'] });
    const kpi = await figures(t.admin, id);
    const totals = await statTotals(t.admin);
    expect(kpi).toMatchObject({ type: 'kpi', metric: 'clicks', value: totals.clicks });
    expect(kpi.value).toBe(6);
    expect(kpi.previous).toBe(2);
    expect(kpi.change).toBe('200.00');
    expect(kpi.sparkline).toEqual([4, 2]);
    // one day: hours
    const day = await figures(t.admin, id, 'dateFrom=2026-11-21&dateTo=2026-11-21&timezone=UTC');
    expect(day.sparkline).toHaveLength(24);
    expect(day.sparkline[8]).toBe(1);
  });

  it('a line chart fills every day of the period, a funnel reads clicks → leads → sent → approved', async () => {
    const line = await figures(
      t.admin,
      await widget(t.admin, 'line', { metrics: ['clicks', 'leads'] }),
      'dateFrom=2026-11-19&dateTo=2026-11-22&timezone=UTC',
    );
    expect(line).toMatchObject({ type: 'line', dimension: 'day', slots: ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'] });
    expect(line.series).toEqual([
      { metric: 'clicks', values: [1, 4, 2, 0] },
      { metric: 'leads', values: [0, 1, 2, 0] },
    ]);
    const funnel = await figures(t.admin, await widget(t.admin, 'funnel', {}));
    expect(funnel.steps).toEqual([
      { metric: 'clicks', value: 6 },
      { metric: 'leads', value: 3 },
      { metric: 'leads_sent', value: 2 },
      { metric: 'approved_conversions', value: 1 },
    ]);
  });

  it('a top table ranks by the metric; filters narrow it', async () => {
    const top = await figures(t.admin, await widget(t.admin, 'top', { metrics: ['clicks'], groupBy: 'offer', limit: 5 }));
    // offers A and B have 3 clicks each in the period
    expect(top.rows).toHaveLength(2);
    expect(top.rows).toEqual(
      expect.arrayContaining([
        { key: { id: offerA.id, title: 'Offer Alpha' }, value: 3 },
        { key: { id: offerB.id, title: 'Offer Beta' }, value: 3 },
      ]),
    );
    expect(top.rows.map((r: { value: number }) => r.value)).toEqual([3, 3]);
    const fr = await figures(
      t.admin,
      await widget(t.admin, 'top', { metrics: ['clicks'], groupBy: 'country', filters: { offerId: [offerB.id] } }),
    );
    expect(fr.rows).toEqual([
      { key: 'DE', value: 2 },
      { key: 'FR', value: 1 },
    ]);
  });

  it("a manager's widgets count only their affiliates, as their statistics do", async () => {
    const id = await widget(manager, 'kpi', { metrics: ['clicks'] });
    const kpi = await figures(manager, id);
    expect(kpi.value).toBe(3);
    expect(kpi.value).toBe((await statTotals(manager)).clicks);
    const top = await figures(manager, await widget(manager, 'top', { metrics: ['clicks'], groupBy: 'affiliate' }));
    expect(top.rows.map((r: { key: { id: number } }) => r.key.id)).toEqual([aff2.id]);
    // a filter naming another affiliate finds nothing rather than widening the scope
    const other = await figures(manager, await widget(manager, 'kpi', { metrics: ['clicks'], filters: { affiliateId: [aff1.id] } }));
    expect(other.value).toBe(0);
  });

  it("an advertiser member's widgets count only their advertiser's leads", async () => {
    const kpi = await figures(member, await widget(member, 'kpi', { metrics: ['leads'] }));
    expect(kpi.value).toBe(2);
    expect(kpi.value).toBe((await statTotals(member)).leads);
    // grouping by affiliate is refused them by the statistics service
    const res = await req('PUT', '/dashboard/widgets', member, {
      items: [{ type: 'top', settings: { metrics: ['leads'], groupBy: 'affiliate', ...at(0, 0, 4, 4) } }],
    });
    const id = res.json().data.items[0].id;
    const refused = await req('GET', `/statistics/dashboard?widgetId=${id}&${RANGE}`, member);
    expect(refused.statusCode).toBe(400);
  });

  it('live counters: clicks and leads of the last hour', async () => {
    const now = t.clock.now.getTime();
    await click(new Date(now - 60_000));
    await click(new Date(now - 120_000), { affiliateId: aff2.id });
    await lead(new Date(now - 60_000));
    await click(new Date(now - 3 * 3_600_000));
    const live = await figures(t.admin, await widget(t.admin, 'live', {}));
    expect(live).toMatchObject({ type: 'live', clicks: 2, leads: 1 });
    expect(live.to - live.from).toBe(3600);
    const mine = await figures(manager, await widget(manager, 'live', {}));
    expect(mine).toMatchObject({ clicks: 1, leads: 0 });
  });

  it('widgets of one showing share a statistics answer; another showing, or none, sees a click made since', async () => {
    const id = await widget(t.admin, 'kpi', { metrics: ['clicks'] });
    const day = 'dateFrom=2026-11-23&dateTo=2026-11-23&timezone=UTC';
    const before = (await figures(t.admin, id, `${day}&load=showing-a`)).value as number;
    await click(new Date('2026-11-23T10:00:00Z'));
    expect((await figures(t.admin, id, `${day}&load=showing-a`)).value).toBe(before);
    expect((await figures(t.admin, id, `${day}&load=showing-b`)).value).toBe(before + 1);
    expect((await figures(t.admin, id, day)).value).toBe(before + 1);
    // another reader never gets the admin's answer, even with the same showing
    await click(new Date('2026-11-23T11:00:00Z'));
    const reader = await t.make.user({
      type: 'employee',
      permissions: ['front.dashboard.read', 'front.menu.statistics.read', 'affiliate.read'],
    });
    expect((await figures(t.admin, id, `${day}&load=showing-b`)).value).toBe(before + 1);
    expect((await figures(reader, await widget(reader, 'kpi', { metrics: ['clicks'] }), `${day}&load=showing-b`)).value).toBe(before + 2);
    // a reader of no affiliate: zeros, not an error
    expect((await figures(employee, await widget(employee, 'kpi', { metrics: ['clicks'] }), `${day}&load=showing-b`)).value).toBe(0);
  });

  it('refuses bad periods and unknown widgets', async () => {
    const id = (await dashboardOf(t.admin)).widgets[0].id;
    for (const q of [
      'dateFrom=2026-13-01',
      'dateFrom=2026-11-21&dateTo=2026-11-20',
      'timezone=Mars/Base',
      'dateFrom=2020-01-01&dateTo=2026-11-20',
      'load=not%20a%20token',
    ]) {
      const res = await req('GET', `/statistics/dashboard?widgetId=${id}&${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect((await req('GET', '/statistics/dashboard')).statusCode).toBe(400);
    expect((await req('GET', '/statistics/dashboard?widgetId=99999999')).statusCode).toBe(404);
  });
});

describe('period helpers', () => {
  it('slots, chart dimension and change', () => {
    const z = 'Asia/Kathmandu';
    const from = DateTime.fromISO('2026-11-01', { zone: z });
    expect(timeSlots(from, from.plus({ days: 3 }), 'day')).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(timeSlots(from, from.plus({ days: 1 }), 'hour')).toHaveLength(24);
    expect(timeSlots(from, from.plus({ days: 14 }), 'week')).toEqual(['2026-W44', '2026-W45', '2026-W46']);
    expect([chartDimension(1), chartDimension(30), chartDimension(120)]).toEqual(['hour', 'day', 'week']);
    expect(changeOf(3, 2)).toBe('50.00');
    expect(changeOf('0.1', '0.3')).toBe('-66.67');
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(null, 1)).toBeNull();
  });
});
