import { permissionsForRoleType } from '@leadgrid/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, roles, users } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
/** every permission the admin type may hold: what the admin system role always keeps */
const ADMIN = permissionsForRoleType('admin', true).map((p) => p.name);

const put = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PUT', url: '/api/v1/roles', as, payload: { items } });
const patch = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PATCH', url: '/api/v1/roles', as, payload: { items } });
const changeStatus = (items: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: '/api/v1/roles/change_status', as, payload: { items } });
const cloneRoles = (items: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: '/api/v1/roles/clone', as, payload: { items } });
const getRole = async (id: number) => (await db.select().from(roles).where(eq(roles.id, id)))[0];
const roleCount = async () => (await db.select({ id: roles.id }).from(roles)).length;
const lastAudit = async (entityId: number) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];
let n = 0;
const uniqueTitle = (prefix = 'Role') => `${prefix} ${++n} ${Math.random().toString(36).slice(2, 6)}`;

describe('roles: list and read', () => {
  it('lists roles with users counts, filters and the total', async () => {
    const adminRoleId = await t.make.systemRoleId('admin');
    const res = await t.request({ method: 'GET', url: '/api/v1/roles?withMeta=1&limit=100', as: t.admin });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(meta.totalCount).toBeGreaterThanOrEqual(6);
    const admin = items.find((r: { id: number }) => r.id === adminRoleId);
    expect(admin).toMatchObject({ title: 'Administrator', type: 'admin', system: true, status: 'active', usersCount: expect.any(Number) });
    expect(admin.usersCount).toBeGreaterThanOrEqual(1);
    expect(admin.permissions).toEqual(ADMIN);
    expect(admin.createdAt).toBeLessThan(Date.now() / 1000 + 5);
    expect(admin.createdAt).toBeGreaterThan(1_600_000_000);
  });

  it('filters by type, status and title search, and orders and pages', async () => {
    const title = uniqueTitle('Zeta search');
    const role = await t.make.role({ type: 'affiliate', title, status: 'inactive' });
    await t.make.role({ type: 'employee', title: `${title} employee` });

    const byType = await t.request({
      method: 'GET',
      url: `/api/v1/roles?type=affiliate&search=${encodeURIComponent('zeta SEARCH')}`,
      as: t.admin,
    });
    expect(byType.json().data.items.map((r: { id: number }) => r.id)).toEqual([role.id]);

    const inactive = await t.request({ method: 'GET', url: '/api/v1/roles?status=inactive&limit=1000', as: t.admin });
    const statuses = new Set(inactive.json().data.items.map((r: { status: string }) => r.status));
    expect([...statuses]).toEqual(['inactive']);

    const ordered = await t.request({ method: 'GET', url: '/api/v1/roles?orderBy=title:desc&limit=2&offset=0&withMeta=1', as: t.admin });
    const page = ordered.json().data;
    expect(page.items).toHaveLength(2);
    expect(page.items[0].title.localeCompare(page.items[1].title)).toBeGreaterThanOrEqual(0);
    expect(page.meta.totalCount).toBeGreaterThan(2);
  });

  it('treats search wildcards literally', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/roles?search=%25', as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([]);
  });

  it('refuses an unknown orderBy field or status with 400 naming the parameter', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/v1/roles?orderBy=password:asc', as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      message: "Unknown orderBy field 'password'",
      errors: [{ loc: ['querystring', 'orderBy'] }],
    });
    const status = await t.request({ method: 'GET', url: '/api/v1/roles?status=deleted', as: t.admin });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors[0].loc).toEqual(['querystring', 'status']);
    const type = await t.request({ method: 'GET', url: '/api/v1/roles?type=robot', as: t.admin });
    expect(type.statusCode).toBe(400);
    expect(type.json().errors[0].loc).toEqual(['querystring', 'type']);
  });

  it('answers one role by id as items[0], 404 when missing', async () => {
    const role = await t.make.role({ type: 'employee' });
    await t.make.user({ type: 'employee', signIn: false }); // on the system role, not counted here
    const res = await t.request({ method: 'GET', url: `/api/v1/roles/${role.id}`, as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({ id: role.id, title: role.title, type: 'employee', usersCount: 0, system: false }),
    ]);
    const missing = await t.request({ method: 'GET', url: '/api/v1/roles/999999', as: t.admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, message: 'Role not found' });
  });

  it('needs role.read: 403 for an affiliate, 401 without a token', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: '/api/v1/roles', as: aff })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/roles' })).statusCode).toBe(401);
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['role.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/roles', as: reader })).statusCode).toBe(200);
  });
});

describe('roles: create', () => {
  it('creates roles, answers them with a message and records the audit', async () => {
    const title = uniqueTitle('Junior manager');
    const res = await put([{ title, type: 'affiliate_manager', permissions: ['user.read', 'role.read', 'user.read'] }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Role created');
    const role = body.data.items[0];
    // de-duplicated and kept in catalogue order
    expect(role).toMatchObject({
      title,
      type: 'affiliate_manager',
      permissions: ['role.read', 'user.read'],
      status: 'active',
      system: false,
      usersCount: 0,
    });
    const row = await getRole(role.id);
    expect(row.createdBy).toBe(t.admin.id);
    const audit = await lastAudit(role.id);
    expect(audit).toMatchObject({ action: 'create', userId: t.admin.id });
    expect(audit.changes).toMatchObject({ after: { title, type: 'affiliate_manager' } });
  });

  it('refuses unknown permissions and those the role type may not hold, naming each, and writes nothing', async () => {
    const before = await roleCount();
    const res = await put([
      { title: uniqueTitle(), type: 'affiliate', permissions: ['front.menu.offers.read', 'no.such.permission'] },
      { title: uniqueTitle(), type: 'affiliate', permissions: ['role.update'] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: "Unknown permission 'no.such.permission'", type: 'permission', loc: ['body', 'items', 0, 'permissions', 1] },
      {
        msg: "The permission 'role.update' is not available to the role type 'affiliate'",
        type: 'permission',
        loc: ['body', 'items', 1, 'permissions', 0],
      },
    ]);
    expect(await roleCount()).toBe(before);
  });

  it('keeps titles unique within a role type, ignoring case, but not across types', async () => {
    const title = uniqueTitle('Partners');
    expect((await put([{ title, type: 'affiliate', permissions: [] }])).statusCode).toBe(200);
    const dup = await put([{ title: title.toUpperCase(), type: 'affiliate', permissions: [] }]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    expect((await put([{ title, type: 'employee', permissions: [] }])).statusCode).toBe(200);
  });

  it('refuses two equal titles in one batch without writing either', async () => {
    const before = await roleCount();
    const title = uniqueTitle('Twin');
    const res = await put([
      { title, type: 'employee', permissions: [] },
      { title, type: 'employee', permissions: [] },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 1, 'title']);
    expect(await roleCount()).toBe(before);
  });

  it('validates the body with one error per field', async () => {
    const res = await put([{ title: '   ', type: 'wizard', permissions: 'all' }]);
    expect(res.statusCode).toBe(400);
    const locs = res.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.items.0.title', 'body.items.0.type', 'body.items.0.permissions']));
    expect((await t.request({ method: 'PUT', url: '/api/v1/roles', as: t.admin, payload: { items: [] } })).statusCode).toBe(400);
  });

  it('needs role.update: 403 and nothing written for a role reader', async () => {
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['role.read'] });
    const before = await roleCount();
    const res = await put([{ title: uniqueTitle(), type: 'affiliate', permissions: [] }], reader);
    expect(res.statusCode).toBe(403);
    expect(await roleCount()).toBe(before);
  });
});

describe('roles: edit', () => {
  it('changes title and permissions, answers the saved role and audits the difference', async () => {
    const role = await t.make.role({ type: 'affiliate', permissions: ['front.menu.offers.read'] });
    const title = uniqueTitle('Renamed');
    const res = await patch([
      { id: role.id, title, type: 'affiliate', permissions: ['front.menu.campaigns.read', 'front.menu.offers.read'] },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Role saved');
    expect(res.json().data.items[0]).toMatchObject({
      id: role.id,
      title,
      type: 'affiliate',
      permissions: ['front.menu.offers.read', 'front.menu.campaigns.read'],
    });
    const audit = await lastAudit(role.id);
    expect(audit.action).toBe('update');
    expect(audit.changes).toEqual({
      before: { title: role.title, permissions: ['front.menu.offers.read'] },
      after: { title, permissions: ['front.menu.offers.read', 'front.menu.campaigns.read'] },
    });
  });

  it('edits several roles at once, all or nothing', async () => {
    const a = await t.make.role({ type: 'employee' });
    const b = await t.make.role({ type: 'employee' });
    const bad = await patch([
      { id: a.id, title: uniqueTitle('Changed') },
      { id: b.id, permissions: ['front.menu.offers.read', 'conversion.own.read'] },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ loc: ['body', 'items', 1, 'permissions', 1] })]);
    expect((await getRole(a.id)).title).toBe(a.title);
    const ok = await patch([
      { id: a.id, title: uniqueTitle('Changed') },
      { id: b.id, permissions: ['front.menu.offers.read'] },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('2 roles saved');
    expect((await getRole(b.id)).permissions).toEqual(['front.menu.offers.read']);
  });

  it("never changes a role's type", async () => {
    const role = await t.make.role({ type: 'affiliate' });
    const res = await patch([{ id: role.id, type: 'admin' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ msg: "A role's type cannot be changed", type: 'type', loc: ['body', 'items', 0, 'type'] }]);
    expect((await getRole(role.id)).type).toBe('affiliate');
  });

  it('keeps every permission on the admin system role', async () => {
    const adminRoleId = await t.make.systemRoleId('admin');
    const without = ADMIN.filter((p) => p !== 'user.impersonate');
    const res = await patch([{ id: adminRoleId, permissions: without }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ type: 'system', loc: ['body', 'items', 0, 'permissions'] });
    expect(res.json().message).toContain('user.impersonate');
    // renaming it and saving the full list are fine
    const renamed = await patch([{ id: adminRoleId, title: 'Administrators', permissions: ADMIN }]);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.items[0]).toMatchObject({ title: 'Administrators', permissions: ADMIN, system: true });
    await patch([{ id: adminRoleId, title: 'Administrator' }]);
  });

  it('keeps titles unique on rename but lets a role keep its own title', async () => {
    const a = await t.make.role({ type: 'advertiser_member' });
    const b = await t.make.role({ type: 'advertiser_member' });
    expect((await patch([{ id: a.id, title: a.title.toUpperCase() }])).statusCode).toBe(200);
    const clash = await patch([{ id: b.id, title: a.title }]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0]).toMatchObject({ msg: 'unique', loc: ['body', 'items', 0, 'title'] });
  });

  it('answers 404 for an unknown role and 400 for a repeated one', async () => {
    const missing = await patch([{ id: 987654, title: 'Nobody' }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].loc).toEqual(['body', 'items', 0, 'id']);
    const role = await t.make.role({ type: 'affiliate' });
    const twice = await patch([
      { id: role.id, title: uniqueTitle() },
      { id: role.id, title: uniqueTitle() },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].loc).toEqual(['body', 'items', 1, 'id']);
  });

  it('needs role.update', async () => {
    const role = await t.make.role({ type: 'affiliate' });
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const res = await patch([{ id: role.id, title: 'Hijacked' }], manager);
    expect(res.statusCode).toBe(403);
    expect((await getRole(role.id)).title).toBe(role.title);
  });
});

describe('roles: status', () => {
  it('deactivates and activates a role without users', async () => {
    const role = await t.make.role({ type: 'employee' });
    const off = await changeStatus([{ id: role.id, status: 'inactive' }]);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Role status changed', data: { items: [{ id: role.id, status: 'inactive' }] } });
    expect((await lastAudit(role.id)).changes).toEqual({ before: { status: 'active' }, after: { status: 'inactive' } });
    const on = await changeStatus([{ id: role.id, status: 'active' }]);
    expect(on.json().data.items[0].status).toBe('active');
  });

  it('refuses to deactivate a role that has users (409 naming the count)', async () => {
    const u = await t.make.user({ type: 'affiliate', permissions: ['front.menu.offers.read'], signIn: false });
    const res = await changeStatus([{ id: u.roleId, status: 'inactive' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'This role is assigned to 1 user',
      errors: [{ msg: 'This role is assigned to 1 user', type: 'inUse', loc: ['body', 'items', 0, 'status'] }],
    });
    expect((await getRole(u.roleId)).status).toBe('active');
    await db.insert(users).values({ secureId: `second${++n}`, email: `second.${n}@test.local`, passwordHash: 'x', roleId: u.roleId });
    expect((await changeStatus([{ id: u.roleId, status: 'inactive' }])).json().message).toBe('This role is assigned to 2 users');
  });

  it('never deactivates a system role', async () => {
    const affiliateRoleId = await t.make.systemRoleId('affiliate');
    const res = await changeStatus([{ id: affiliateRoleId, status: 'inactive' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Affiliate is a system role and cannot be deactivated');
    const adminRoleId = await t.make.systemRoleId('admin');
    expect((await changeStatus([{ id: adminRoleId, status: 'inactive' }])).statusCode).toBe(422);
    expect((await getRole(adminRoleId)).status).toBe('active');
  });

  it('changes nothing when one item of several is refused', async () => {
    const free = await t.make.role({ type: 'employee' });
    const systemId = await t.make.systemRoleId('employee');
    const res = await changeStatus([
      { id: free.id, status: 'inactive' },
      { id: systemId, status: 'inactive' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 1, 'status']);
    expect((await getRole(free.id)).status).toBe('active');
  });

  it('validates the status value', async () => {
    const role = await t.make.role({ type: 'employee' });
    const res = await changeStatus([{ id: role.id, status: 'deleted' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });
});

describe('roles: clone', () => {
  it("copies a role as '<title> (copy)', then '(copy 2)', never as a system role", async () => {
    const src = await t.make.role({
      type: 'affiliate',
      permissions: ['front.menu.offers.read', 'conversion.own.read'],
      status: 'inactive',
    });
    const first = await cloneRoles([{ id: src.id }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Role cloned');
    const copy = first.json().data.items[0];
    expect(copy).toMatchObject({
      title: `${src.title} (copy)`,
      type: 'affiliate',
      permissions: src.permissions,
      system: false,
      status: 'active',
      usersCount: 0,
    });
    expect(copy.id).not.toBe(src.id);
    const second = await cloneRoles([{ id: src.id }]);
    expect(second.json().data.items[0].title).toBe(`${src.title} (copy 2)`);
    expect((await lastAudit(copy.id)).changes).toMatchObject({ sourceId: src.id });
  });

  it('clones the admin system role with every permission, as an ordinary role', async () => {
    const adminRoleId = await t.make.systemRoleId('admin');
    const res = await cloneRoles([{ id: adminRoleId }]);
    expect(res.json().data.items[0]).toMatchObject({ type: 'admin', system: false, permissions: ADMIN });
    expect(res.json().data.items[0].title).toMatch(/^Administrator \(copy( \d+)?\)$/);
  });

  it('keeps a copy of a long title within 200 characters', async () => {
    const src = await t.make.role({ type: 'employee', title: `${'L'.repeat(195)}${++n}` });
    const res = await cloneRoles([{ id: src.id }]);
    const title: string = res.json().data.items[0].title;
    expect(title).toHaveLength(200);
    expect(title.endsWith(' (copy)')).toBe(true);
  });

  it('answers 404 for an unknown role and needs role.update', async () => {
    expect((await cloneRoles([{ id: 999999 }])).statusCode).toBe(404);
    const role = await t.make.role({ type: 'employee' });
    const before = await roleCount();
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await cloneRoles([{ id: role.id }], manager)).statusCode).toBe(403);
    expect(await roleCount()).toBe(before);
  });
});

describe('permissions catalogue', () => {
  it('lists the permissions of a role type', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/permissions?roleType=affiliate', as: t.admin });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.items.map((p: { name: string }) => p.name);
    expect(names).toEqual(permissionsForRoleType('affiliate').map((p) => p.name));
    expect(names).toContain('conversion.own.read');
    expect(names).not.toContain('role.update');
    expect(res.json().data.items[0]).toEqual({
      name: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      groupId: expect.any(String),
      system: expect.any(Boolean),
      hidden: false,
      disabled: expect.any(Boolean),
    });
  });

  it('includes hidden ones with withHidden=1', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/permissions?roleType=admin&withHidden=1', as: t.admin });
    expect(res.json().data.items.map((p: { name: string }) => p.name)).toEqual(permissionsForRoleType('admin', true).map((p) => p.name));
  });

  it('needs a valid roleType and role.read', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/v1/permissions', as: t.admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].loc).toEqual(['querystring', 'roleType']);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: '/api/v1/permissions?roleType=affiliate', as: aff })).statusCode).toBe(403);
  });
});
