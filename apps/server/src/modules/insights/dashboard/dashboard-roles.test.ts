/**
 * Dashboard role defaults (docs/decisions/insights.md "Dashboard: role defaults"): the caller's dashboard saved as a
 * role's default, new users of the role starting from it (`parent`), reset, removal; the role's audience checked
 * against every widget with nothing written on a refusal; role.update AND front.dashboard.read, affiliates never.
 */
import type { RoleType } from '@leadgrid/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, users } from '../../../db/schema';
import { ADVERTISER_DEFAULT, STAFF_DEFAULT } from './dashboard.service';
import { dashboards, dashboardWidgets } from './dashboard.tables';

const t = await useApp();
const db = t.database.db;

type Widget = { id: number; type: string; order: number; settings: Record<string, unknown> };
type Dash = { id: number; parent: number | null; settings: Record<string, unknown>; widgets: Widget[] };

const at = (x: number, y: number, w: number, h: number) => ({ position: { x, y }, size: { w, h } });
const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, as: TestUser | null = t.admin, payload?: unknown) =>
  t.request({ method, url: `/api/v1${url}`, as, ...(payload === undefined ? {} : { payload: payload as object }) });

async function dashboardOf(as: TestUser): Promise<Dash> {
  const res = await req('GET', '/dashboard', as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function putDashboard(as: TestUser, body: unknown): Promise<Dash> {
  const res = await req('PUT', '/dashboard', as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** a user whose role is the given one (signed in after the change, so the session knows it) */
async function userOf(role: { id: number; type: string }): Promise<TestUser> {
  const u = await t.make.user({ type: role.type as RoleType, permissions: ['front.dashboard.read'], signIn: false });
  await db.update(users).set({ roleId: role.id }).where(eq(users.id, u.id));
  return { ...u, roleId: role.id, ...(await t.signIn(u.email, u.password)) };
}
const shape = (widgets: Widget[]) => widgets.map((w) => ({ type: w.type, settings: w.settings }));
const defaultsRows = () => db.select().from(dashboards).where(isNotNull(dashboards.roleId));
const defaultOf = async (roleId: number) => (await db.select().from(dashboards).where(eq(dashboards.roleId, roleId)))[0];
const widgetsOf = (dashboardId: number) =>
  db.select().from(dashboardWidgets).where(eq(dashboardWidgets.dashboardId, dashboardId)).orderBy(dashboardWidgets.order);

const STAFF_LAYOUT = {
  settings: { preset: 'last7Days' },
  widgets: [
    { type: 'line', settings: { title: 'Traffic', metrics: ['clicks', 'leads'], ...at(0, 0, 8, 6) } },
    { type: 'kpi', settings: { metrics: ['profit'], ...at(8, 0, 4, 3) } },
    { type: 'top', settings: { metrics: ['leads'], groupBy: 'affiliate', limit: 3, ...at(0, 6, 6, 5) } },
  ],
};
const ADVERTISER_LAYOUT = {
  widgets: [
    { type: 'kpi', settings: { metrics: ['leads'], ...at(0, 0, 3, 3) } },
    { type: 'top', settings: { metrics: ['revenue'], groupBy: 'offer', ...at(3, 0, 6, 5) } },
  ],
};

let staffRole: { id: number; type: string; title: string };
let memberRole: { id: number; type: string };
let affiliateRole: { id: number; type: string };
let manager: TestUser;

beforeAll(async () => {
  staffRole = await t.make.role({
    type: 'employee',
    title: 'Operators',
    permissions: ['front.dashboard.read', 'front.menu.statistics.read'],
  });
  memberRole = await t.make.role({ type: 'advertiser_member', permissions: ['front.dashboard.read', 'front.menu.statistics.read'] });
  affiliateRole = await t.make.role({ type: 'affiliate' });
  manager = await t.make.user({
    type: 'affiliate_manager',
    permissions: ['front.dashboard.read', 'front.menu.statistics.read', 'role.read'],
  });
});

describe('a role default', () => {
  it("PUT saves the caller's dashboard as the role's default; new users start from it, users with a dashboard keep theirs", async () => {
    const earlier = await userOf(staffRole);
    const earlierDash = await dashboardOf(earlier);
    expect(earlierDash.parent).toBeNull();

    const mine = await putDashboard(t.admin, STAFF_LAYOUT);
    const res = await req('PUT', `/dashboard/role-defaults/${staffRole.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      data: {
        roleId: staffRole.id,
        roleTitle: 'Operators',
        roleType: 'employee',
        widgetsCount: 3,
        updatedAt: Math.floor(t.clock.now.getTime() / 1000),
      },
    });
    const saved = await defaultOf(staffRole.id);
    expect(saved).toMatchObject({ userId: null, settings: { preset: 'last7Days' } });
    expect((await widgetsOf(saved.id)).map((w) => [w.type, w.order])).toEqual([
      ['line', 0],
      ['kpi', 1],
      ['top', 2],
    ]);

    const list = await req('GET', '/dashboard/role-defaults');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items).toContainEqual(expect.objectContaining({ roleId: staffRole.id, widgetsCount: 3 }));

    // a new user of the role: a copy naming the default as parent, with its settings and widgets in order
    const fresh = await dashboardOf(await userOf(staffRole));
    expect(fresh.parent).toBe(saved.id);
    expect(fresh.settings).toEqual({ preset: 'last7Days' });
    expect(shape(fresh.widgets)).toEqual(shape(mine.widgets));
    expect(fresh.widgets.map((w) => w.id)).not.toEqual(mine.widgets.map((w) => w.id));
    // the user who had a dashboard keeps it
    expect(await dashboardOf(earlier)).toEqual(earlierDash);
  });

  it('PUT again replaces the default in place: the copies still name it, new users get the new widgets', async () => {
    const before = await defaultOf(staffRole.id);
    const copy = await userOf(staffRole);
    const copied = await dashboardOf(copy);
    t.clock.advance(60);
    await putDashboard(t.admin, { widgets: [{ type: 'funnel', settings: at(0, 0, 6, 5) }] });
    const res = await req('PUT', `/dashboard/role-defaults/${staffRole.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.widgetsCount).toBe(1);
    expect(res.json().data.updatedAt).toBe(Math.floor(t.clock.now.getTime() / 1000));

    const after = await defaultOf(staffRole.id);
    expect(after.id).toBe(before.id);
    expect(after.settings).toEqual({});
    expect((await widgetsOf(after.id)).map((w) => w.type)).toEqual(['funnel']);
    expect(await defaultsRows()).toHaveLength(1);
    expect(await dashboardOf(copy)).toEqual(copied);
    expect(shape((await dashboardOf(await userOf(staffRole))).widgets).map((w) => w.type)).toEqual(['funnel']);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, staffRole.id)));
    expect(audits.map((a) => a.action)).toEqual(['dashboard_default_save', 'dashboard_default_save']);
  });

  it("the administrators' (system) role may get a default too", async () => {
    const [adminRole] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, t.admin.id));
    const res = await req('PUT', `/dashboard/role-defaults/${adminRole.roleId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ roleId: adminRole.roleId, roleType: 'admin' });
    expect((await req('DELETE', `/dashboard/role-defaults/${adminRole.roleId}`)).statusCode).toBe(200);
  });

  it('an advertiser-member role takes only widgets its users may see; a refusal names the widget and writes nothing', async () => {
    const rowsBefore = await defaultsRows();
    const cases: [unknown, (string | number)[]][] = [
      [
        {
          widgets: [
            { type: 'kpi', settings: { metrics: ['leads'], ...at(0, 0, 3, 3) } },
            { type: 'kpi', settings: { metrics: ['clicks'], ...at(3, 0, 3, 3) } },
          ],
        },
        ['dashboard', 'widgets', 1, 'settings', 'metrics', 0],
      ],
      [
        { widgets: [{ type: 'line', settings: { metrics: ['leads', 'payout'], ...at(0, 0, 6, 4) } }] },
        ['dashboard', 'widgets', 0, 'settings', 'metrics', 1],
      ],
      [{ widgets: [{ type: 'funnel', settings: at(0, 0, 6, 4) }] }, ['dashboard', 'widgets', 0, 'type']],
      [
        { widgets: [{ type: 'top', settings: { metrics: ['leads'], groupBy: 'affiliate', ...at(0, 0, 6, 4) } }] },
        ['dashboard', 'widgets', 0, 'settings', 'groupBy'],
      ],
      [
        { widgets: [{ type: 'kpi', settings: { metrics: ['leads'], filters: { affiliateId: [5] }, ...at(0, 0, 6, 4) } }] },
        ['dashboard', 'widgets', 0, 'settings', 'filters', 'affiliateId'],
      ],
    ];
    for (const [layout, loc] of cases) {
      await putDashboard(t.admin, layout);
      const res = await req('PUT', `/dashboard/role-defaults/${memberRole.id}`);
      expect(res.statusCode, res.body).toBe(400);
      const err = res.json();
      expect(err).toMatchObject({ statusCode: 400, message: expect.stringContaining('Widget') });
      expect(err.errors.map((e: { loc: unknown }) => e.loc)).toContainEqual(loc);
    }
    expect(await defaultsRows()).toEqual(rowsBefore);

    await putDashboard(t.admin, ADVERTISER_LAYOUT);
    const ok = await req('PUT', `/dashboard/role-defaults/${memberRole.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const member = await userOf(memberRole);
    const d = await dashboardOf(member);
    expect(d.parent).toBe((await defaultOf(memberRole.id)).id);
    expect(d.widgets.map((w) => w.settings.metrics)).toEqual([['leads'], ['revenue']]);
  });

  it('refuses an affiliate role (400 on roleId), a bad id (400) and an unknown role (404), writing nothing', async () => {
    const rowsBefore = await defaultsRows();
    const aff = await req('PUT', `/dashboard/role-defaults/${affiliateRole.id}`);
    expect(aff.statusCode, aff.body).toBe(400);
    expect(aff.json()).toMatchObject({ statusCode: 400, errors: [{ loc: ['params', 'roleId'] }] });
    const bad = await req('PUT', '/dashboard/role-defaults/abc');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['params', 'roleId']);
    expect((await req('PUT', '/dashboard/role-defaults/99999999')).statusCode).toBe(404);
    expect((await req('DELETE', '/dashboard/role-defaults/99999999')).statusCode).toBe(404);
    expect((await req('DELETE', '/dashboard/role-defaults/0')).statusCode).toBe(400);
    expect(await defaultsRows()).toEqual(rowsBefore);
  });

  it("DELETE removes the default: users' copies stay (no parent any more), new users get the built-in default", async () => {
    const copy = await userOf(staffRole);
    const copied = await dashboardOf(copy);
    expect(copied.parent).not.toBeNull();
    const res = await req('DELETE', `/dashboard/role-defaults/${staffRole.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ roleId: staffRole.id });
    expect(await defaultOf(staffRole.id)).toBeUndefined();
    expect((await req('GET', '/dashboard/role-defaults')).json().data.items.map((d: { roleId: number }) => d.roleId)).not.toContain(
      staffRole.id,
    );
    expect(await dashboardOf(copy)).toEqual({ ...copied, parent: null });
    const fresh = await dashboardOf(await userOf(staffRole));
    expect(fresh.parent).toBeNull();
    expect(fresh.widgets).toHaveLength(STAFF_DEFAULT.length);
    expect((await req('DELETE', `/dashboard/role-defaults/${staffRole.id}`)).statusCode).toBe(404);
  });
});

describe('POST /dashboard/reset', () => {
  it("goes back to the role's default, keeping the dashboard's id", async () => {
    await putDashboard(t.admin, STAFF_LAYOUT);
    expect((await req('PUT', `/dashboard/role-defaults/${staffRole.id}`)).statusCode).toBe(200);
    const user = await userOf(staffRole);
    const start = await dashboardOf(user);
    await putDashboard(user, { widgets: [{ type: 'live', settings: at(0, 0, 4, 3) }] });
    const res = await req('POST', '/dashboard/reset', user);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as Dash;
    expect(after.id).toBe(start.id);
    expect(after.parent).toBe((await defaultOf(staffRole.id)).id);
    expect(after.settings).toEqual({ preset: 'last7Days' });
    expect(shape(after.widgets)).toEqual(shape(start.widgets));
  });

  it('without a role default: the built-in default of the role type (staff, advertiser member)', async () => {
    const employee = await t.make.user({ type: 'employee', permissions: ['front.dashboard.read', 'front.menu.statistics.read'] });
    await putDashboard(employee, { settings: { preset: 'today' }, widgets: [] });
    const res = await req('POST', '/dashboard/reset', employee);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as Dash;
    expect(d).toMatchObject({ parent: null, settings: {} });
    expect(d.widgets.map((w) => w.type)).toEqual(STAFF_DEFAULT.map((w) => w.type));

    const member = await t.make.user({ type: 'advertiser_member', permissions: ['front.dashboard.read', 'front.menu.statistics.read'] });
    await putDashboard(member, { widgets: [] });
    const m = await req('POST', '/dashboard/reset', member);
    expect(m.statusCode, m.body).toBe(200);
    expect(m.json().data.widgets.map((w: Widget) => w.settings.metrics)).toEqual(ADVERTISER_DEFAULT.map((w) => w.settings.metrics ?? []));
  });
});

describe('who may', () => {
  it('role defaults need role.update and front.dashboard.read: a manager without role.update gets 403 and writes nothing', async () => {
    const rowsBefore = await defaultsRows();
    for (const as of [manager, await t.make.user({ type: 'admin', permissions: ['role.update', 'role.read'] })]) {
      expect((await req('GET', '/dashboard/role-defaults', as)).statusCode).toBe(403);
      expect((await req('PUT', `/dashboard/role-defaults/${staffRole.id}`, as)).statusCode).toBe(403);
      expect((await req('PUT', `/dashboard/role-defaults/${memberRole.id}`, as)).statusCode).toBe(403);
      expect((await req('DELETE', `/dashboard/role-defaults/${staffRole.id}`, as)).statusCode).toBe(403);
    }
    expect(await defaultsRows()).toEqual(rowsBefore);
    // the manager may reset their own dashboard
    expect((await req('POST', '/dashboard/reset', manager)).statusCode).toBe(200);
  });

  it('affiliates get 403 everywhere, even holding the permissions; anonymous callers 401', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', permissions: ['front.dashboard.read', 'role.update'] });
    for (const [method, url] of [
      ['GET', '/dashboard/role-defaults'],
      ['PUT', `/dashboard/role-defaults/${staffRole.id}`],
      ['DELETE', `/dashboard/role-defaults/${staffRole.id}`],
      ['POST', '/dashboard/reset'],
    ] as const) {
      expect((await req(method, url, affiliate)).statusCode, `${method} ${url}`).toBe(403);
      expect((await req(method, url, null)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await db.select().from(dashboards).where(eq(dashboards.userId, affiliate.id))).toHaveLength(0);
  });
});
