import { permissionsForRoleType } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { people, uniqueEmail } from '../people.fixtures';

const t = await useApp();
const make = people(t);
const url = '/api/v1/employees';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser | null, items: unknown[]) =>
  t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const getPerms = (as: TestUser | null, id: number) => t.request({ method: 'GET', url: `${url}/${id}/permissions`, as });
const setPerms = (as: TestUser | null, id: number, permissions: string[] | null) =>
  t.request({ method: 'POST', url: `${url}/${id}/permissions`, as, payload: { data: { permissions } } });
const ids = (res: { json(): { data: { items: { id: number }[] } } }) => res.json().data.items.map((x) => x.id);
const roleId = (type: Parameters<typeof t.make.systemRoleId>[0]) => t.make.systemRoleId(type);
/** a staff member of a custom role holding exactly `permissions` (user.update lets it edit employees) */
const staff = (permissions: string[], type: 'employee' | 'affiliate_manager' = 'employee') => t.make.user({ type, permissions });

describe('employees: create', () => {
  it('creates staff users of each staff role type, e-mailing a generated password', async () => {
    const email = uniqueEmail('emp');
    const res = await put(t.admin, [
      { email, firstName: 'Eve', lastName: 'Ops', roleId: await roleId('employee'), contacts: [{ type: 'telegram', value: '@eve_ops' }] },
      { email: uniqueEmail('am'), password: 'am-pass-123', firstName: 'Max', roleId: await roleId('affiliate_manager') },
      { email: uniqueEmail('adm'), password: 'adm-pass-123', firstName: 'Ada', roleId: await roleId('admin') },
      { email: uniqueEmail('advm'), password: 'advm-pass-123', firstName: 'Al', roleId: await roleId('advertiser_manager') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('4 employees created');
    const [eve] = res.json().data.items;
    expect(eve).toMatchObject({
      email,
      status: 'active',
      role: { type: 'employee', status: 'active' },
      hasCustomPermissions: false,
      managedAffiliatesCount: 0,
      createdBy: { id: t.admin.id },
      editable: true,
    });
    expect(res.json().data.items.map((e: { role: { type: string } }) => e.role.type)).toEqual([
      'employee',
      'affiliate_manager',
      'admin',
      'advertiser_manager',
    ]);
    const password = /Password: (\S+)/.exec(t.mailer.sent.find((m) => m.to === email)!.text)![1];
    expect((await t.signIn(email, password)).token).toBeTruthy();
  });

  it('refuses a role of another type, an inactive role, a taken e-mail and bad fields', async () => {
    const inactive = await t.make.role({ type: 'employee', status: 'inactive' });
    const res = await put(t.admin, [
      { email: uniqueEmail(), firstName: 'A', roleId: await roleId('affiliate') },
      { email: uniqueEmail(), firstName: 'B', roleId: inactive.id },
      { email: t.admin.email.toUpperCase(), firstName: 'C', roleId: await roleId('employee') },
      { email: uniqueEmail(), firstName: 'D', roleId: 999_999 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { type: string; loc: unknown[] }) => [e.loc.join('.'), e.type])).toEqual([
      ['body.items.2.email', 'unique'],
      ['body.items.0.roleId', 'roleType'],
      ['body.items.1.roleId', 'inactive'],
      ['body.items.3.roleId', 'exists'],
    ]);
    const fields = await put(t.admin, [{ email: 'x', firstName: '', password: 'a b', birthDate: '2015-01-01' }]);
    expect(fields.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'))).toEqual(
      expect.arrayContaining([
        'body.items.0.email',
        'body.items.0.firstName',
        'body.items.0.password',
        'body.items.0.birthDate',
        'body.items.0.roleId',
      ]),
    );
  });

  it('lets only an administrator create an administrator; needs user.update', async () => {
    const editor = await staff(['front.menu.employees.read', 'user.update']);
    const res = await put(editor, [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'Boss', roleId: await roleId('admin') }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'roleId']);
    // a role holding more than the editor is refused (docs/decisions/access.md), one within its rights is not
    expect(
      (await put(editor, [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'Peer', roleId: await roleId('employee') }]))
        .statusCode,
    ).toBe(403);
    const peer = await t.make.role({ type: 'employee', permissions: ['front.menu.employees.read'] });
    expect((await put(editor, [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'Peer', roleId: peer.id }])).statusCode).toBe(
      200,
    );
    expect(
      (await put(await staff(['front.menu.employees.read']), [{ email: uniqueEmail(), firstName: 'X', roleId: await roleId('employee') }]))
        .statusCode,
    ).toBe(403);
    expect((await put(null, [{ email: uniqueEmail(), firstName: 'X', roleId: await roleId('employee') }])).statusCode).toBe(401);
  });
});

describe('employees: read', () => {
  it('lists staff only, with role type filter, search, order and meta; detail by id', async () => {
    const stamp = `Emp${Date.now()}`;
    const am = await put(t.admin, [
      { email: uniqueEmail(), password: 'pass-12345', firstName: 'Zed', lastName: stamp, roleId: await roleId('affiliate_manager') },
    ]);
    const em = await put(t.admin, [
      { email: uniqueEmail(), password: 'pass-12345', firstName: 'Amy', lastName: stamp, roleId: await roleId('employee') },
    ]);
    const amId = am.json().data.items[0].id;
    const emId = em.json().data.items[0].id;
    const aff = await make.affiliate({ lastName: stamp });
    const all = await t.request({ method: 'GET', url: `${url}?search=${stamp}&orderBy=firstName:asc&withMeta=1`, as: t.admin });
    expect(ids(all)).toEqual([emId, amId]);
    expect(all.json().data.meta).toMatchObject({ totalCount: 2 });
    expect(ids(await t.request({ method: 'GET', url: `${url}?search=${stamp}&roleType=affiliate_manager`, as: t.admin }))).toEqual([amId]);
    expect((await t.request({ method: 'GET', url: `${url}?roleType=affiliate`, as: t.admin })).json().errors[0].loc).toEqual([
      'querystring',
      'roleType',
      0,
    ]);
    expect((await t.request({ method: 'GET', url: `${url}/${amId}`, as: t.admin })).json().data.items[0]).toMatchObject({
      id: amId,
      role: { type: 'affiliate_manager' },
    });
    expect((await t.request({ method: 'GET', url: `${url}/${aff.id}`, as: t.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url, as: await t.make.user({ type: 'affiliate' }) })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('employees: edit', () => {
  it('edits fields and the role (which resets custom permissions), with the audit', async () => {
    const emp = await t.make.user({ type: 'employee', customPermissions: ['role.read'] });
    const res = await patch(t.admin, [{ id: emp.id, firstName: 'Renamed', roleId: await roleId('affiliate_manager') }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({
      firstName: 'Renamed',
      role: { type: 'affiliate_manager' },
      hasCustomPermissions: false,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, emp.id), eq(auditLog.action, 'update')));
    expect(audit.changes).toMatchObject({
      before: { firstName: 'Test', customPermissions: ['role.read'] },
      after: { firstName: 'Renamed', customPermissions: null },
    });
  });

  it("refuses editing an administrator unless the editor is one, and changing one's own role", async () => {
    const editor = await staff(['front.menu.employees.read', 'user.update']);
    const res = await patch(editor, [{ id: t.admin.id, firstName: 'X' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'id']);
    const self = await patch(editor, [{ id: editor.id, roleId: await roleId('admin') }]);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0]).toMatchObject({ msg: 'You cannot change your own role', loc: ['body', 'items', 0, 'roleId'] });
    expect((await patch(editor, [{ id: editor.id, firstName: 'Me' }])).statusCode).toBe(200);
    expect((await patch(t.admin, [{ id: 999_999, firstName: 'X' }])).statusCode).toBe(404);
    const aff = await make.affiliate();
    expect((await patch(t.admin, [{ id: aff.id, firstName: 'X' }])).statusCode).toBe(404);
  });
});

describe('employees: status', () => {
  it('needs a reason to block (400 at its place)', async () => {
    const emp = await t.make.user({ type: 'employee' });
    const res = await status(t.admin, [{ id: emp.id, status: 'blocked' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'required', type: 'custom', loc: ['body', 'items', 0, 'reason'] }]);
    expect((await status(t.admin, [{ id: emp.id, status: 'blocked', reason: '   ' }])).json().errors[0].loc).toEqual([
      'body',
      'items',
      0,
      'reason',
    ]);
  });

  it('blocks with a reason: the user is signed out at the next refresh and cannot sign in; active again later', async () => {
    const emp = await t.make.user({ type: 'employee' });
    const res = await status(t.admin, [{ id: emp.id, status: 'blocked', reason: 'Left the company' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({
      status: 'blocked',
      blockReason: 'Left the company',
      statusChangedAt: expect.any(Number),
    });
    expect((await make.refresh(emp.refreshToken)).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: emp.email, password: emp.password } })).statusCode,
    ).toBe(403);
    const back = await status(t.admin, [{ id: emp.id, status: 'active' }]);
    expect(back.json().data.items[0]).toMatchObject({ status: 'active', blockReason: null });
    expect((await t.signIn(emp.email, emp.password)).token).toBeTruthy();
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, emp.id), eq(auditLog.action, 'change_status')));
    expect(audit.changes).toMatchObject({ after: { status: 'blocked' }, reason: 'Left the company' });
  });

  it("refuses one's own status, an administrator for a non-administrator and the last administrator", async () => {
    expect((await status(t.admin, [{ id: t.admin.id, status: 'inactive' }])).statusCode).toBe(422);
    const editor = await staff(['front.menu.employees.read', 'user.update']);
    expect((await status(editor, [{ id: t.admin.id, status: 'inactive' }])).statusCode).toBe(403);
    // a custom admin-type role may not take away every built-in administrator
    const junior = await t.make.user({ type: 'admin', permissions: ['front.menu.employees.read', 'user.update'] });
    const builtIn = await t.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(roles.type, 'admin'), eq(roles.system, true), eq(users.status, 'active')));
    const res = await status(
      junior,
      builtIn.map((u) => ({ id: u.id, status: 'blocked', reason: 'coup' })),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('At least one active administrator must remain');
    const employeeRole = await roleId('employee');
    const demote = await patch(
      junior,
      builtIn.map((u) => ({ id: u.id, roleId: employeeRole })),
    );
    expect(demote.statusCode).toBe(409);
    const [admin] = await t.database.db.select().from(users).where(eq(users.id, t.admin.id));
    expect(admin.status).toBe('active');
  });
});

describe('employees: custom permissions', () => {
  it('answers the role permissions, the custom ones, the differences and the catalogue of the role type', async () => {
    const emp = await t.make.user({ type: 'employee', permissions: ['role.read', 'user.read'] });
    const res = await getPerms(t.admin, emp.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      userId: emp.id,
      role: { type: 'employee' },
      rolePermissions: ['role.read', 'user.read'],
      customPermissions: null,
      hasCustomPermissions: false,
      permissions: ['role.read', 'user.read'],
      added: [],
      removed: [],
    });
    expect(data.catalogue.map((p: { name: string }) => p.name)).toEqual(permissionsForRoleType('employee', true).map((p) => p.name));
  });

  it('saves a custom list, answers added/removed, applies it at once, and goes back to the role with null', async () => {
    const emp = await t.make.user({ type: 'employee', permissions: ['role.read', 'user.read'] });
    const res = await setPerms(t.admin, emp.id, ['user.read', 'front.menu.employees.read']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Custom permissions saved');
    expect(res.json().data).toMatchObject({
      hasCustomPermissions: true,
      customPermissions: ['front.menu.employees.read', 'user.read'],
      added: ['front.menu.employees.read'],
      removed: ['role.read'],
    });
    // effective at once: the employees list opens, the roles list does not
    expect((await t.request({ method: 'GET', url, as: emp })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/roles', as: emp })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${url}/${emp.id}`, as: t.admin })).json().data.items[0].hasCustomPermissions).toBe(true);
    const reset = await setPerms(t.admin, emp.id, null);
    expect(reset.json().data).toMatchObject({ hasCustomPermissions: false, customPermissions: null, added: [], removed: [] });
    expect((await t.request({ method: 'GET', url: '/api/v1/roles', as: emp })).statusCode).toBe(200);
    // a list equal to the role's is no custom list
    expect((await setPerms(t.admin, emp.id, ['user.read', 'role.read'])).json().data.hasCustomPermissions).toBe(false);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, emp.id), eq(auditLog.action, 'set_permissions')));
    expect(audits).toHaveLength(2);
  });

  it('refuses a permission outside the role type or unknown, with the loc of the bad one (400)', async () => {
    const emp = await t.make.user({ type: 'employee' });
    const res = await setPerms(t.admin, emp.id, ['role.read', 'conversion.own.read']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        msg: "The permission 'conversion.own.read' is not available to the role type 'employee'",
        type: 'permission',
        loc: ['body', 'data', 'permissions', 1],
      },
    ]);
    const unknown = await setPerms(t.admin, emp.id, ['no.such.permission']);
    expect(unknown.json().errors[0].loc).toEqual(['body', 'data', 'permissions', 0]);
    expect((await t.database.db.select({ c: users.customPermissions }).from(users).where(eq(users.id, emp.id)))[0].c).toBeNull();
    expect((await t.request({ method: 'POST', url: `${url}/${emp.id}/permissions`, as: t.admin, payload: { data: {} } })).statusCode).toBe(
      400,
    );
  });

  it("refuses granting what the editor does not hold, one's own list, and the built-in administrator", async () => {
    const editor = await staff(['front.menu.employees.read', 'user.update', 'role.read']);
    const emp = await t.make.user({ type: 'employee', permissions: ['user.read'] });
    const res = await setPerms(editor, emp.id, ['user.read', 'role.read', 'currency.update']);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ type: 'grant', loc: ['body', 'data', 'permissions'] });
    expect(res.json().message).toContain("'currency.update'");
    expect((await setPerms(editor, emp.id, ['role.read'])).statusCode).toBe(200);
    expect((await setPerms(editor, editor.id, ['role.read'])).statusCode).toBe(422);
    const admin2 = await t.make.user({ type: 'admin' });
    expect((await setPerms(t.admin, admin2.id, ['role.read'])).statusCode).toBe(422);
    expect((await setPerms(editor, admin2.id, ['role.read'])).statusCode).toBe(403);
    expect((await getPerms(await t.make.user({ type: 'affiliate' }), emp.id)).statusCode).toBe(403);
    expect((await getPerms(t.admin, (await make.affiliate()).id)).statusCode).toBe(404);
  });

  it('keeps custom permissions of an existing role when the role is edited', async () => {
    const emp = await t.make.user({ type: 'employee', permissions: ['user.read'] });
    await setPerms(t.admin, emp.id, ['role.read']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, emp.id));
    await t.database.db
      .update(roles)
      .set({ permissions: ['user.read', 'tag.update'] })
      .where(eq(roles.id, row.roleId));
    expect((await getPerms(t.admin, emp.id)).json().data).toMatchObject({
      permissions: ['role.read'],
      added: ['role.read'],
      removed: ['tag.update', 'user.read'],
    });
  });
});
