/**
 * Who may give what (issue 15, defects 1 and 2): every path that gives a role or a permission set refuses what
 * the giver does not hold and any widening of an assigned scope to all; another staff member's credentials are
 * set only by an administrator or someone holding all of that member's permissions, which signs the member out
 * everywhere and tells its old address.
 */
import { defaultPermissions } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advertisers, roles, users } from '../../../db/schema';
import { randomToken, secureId } from '../../../lib/crypto';
import { useApp, type TestUser } from '../../../../test/helper';
import { ACCOUNT_MAIL_JOB } from '../auth/account-mail';
import { uniqueEmail } from '../../people/people.fixtures';

const t = await useApp();
const api = '/api/v1';
const send = (method: 'PUT' | 'PATCH' | 'POST', url: string, as: TestUser, payload: object) =>
  t.request({ method, url: `${api}${url}`, as, payload });
const systemRole = (type: Parameters<typeof t.make.systemRoleId>[0]) => t.make.systemRoleId(type);
const refresh = (refreshToken: string) => t.request({ method: 'POST', url: `${api}/auth/refresh`, payload: { refreshToken } });
/** the built-in affiliate manager: user.update, the assigned scopes only */
const manager = () => t.make.user({ type: 'affiliate_manager' });
const countUsers = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email))).length;

describe('giving roles and permissions (defect 1)', () => {
  it('PUT /employees: an affiliate manager cannot create an employee of a role holding what it lacks', async () => {
    const am = await manager();
    const email = uniqueEmail('esc');
    const res = await send('PUT', '/employees', am, {
      items: [{ email, password: 'pass-12345', firstName: 'E', roleId: await systemRole('employee') }],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/^Only an administrator can give .*'affiliate\.read'.*'lead\.read'/);
    expect(res.json().errors[0]).toMatchObject({ type: 'grant', loc: ['body', 'items', 0, 'roleId'] });
    expect(await countUsers(email)).toBe(0);
    for (const type of ['advertiser_manager'] as const) {
      const other = await send('PUT', '/employees', am, {
        items: [{ email: uniqueEmail(), firstName: 'E', roleId: await systemRole(type) }],
      });
      expect(other.statusCode).toBe(403);
    }
    // a role within the manager's own rights is fine
    const narrow = await t.make.role({ type: 'employee', permissions: ['front.menu.employees.read', 'lead.assigned.read'] });
    expect(
      (
        await send('PUT', '/employees', am, {
          items: [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'N', roleId: narrow.id }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('PATCH /employees: no role holding more than the giver, and no widening of an assigned scope', async () => {
    const am = await manager();
    const emp = await t.make.user({ type: 'employee', permissions: ['front.menu.employees.read'] });
    const res = await send('PATCH', '/employees', am, { items: [{ id: emp.id, roleId: await systemRole('employee') }] });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'roleId']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, emp.id));
    expect(row.roleId).not.toBe(await systemRole('employee'));
    // a giver holding the all-scope still cannot widen an assigned one
    const giver = await t.make.user({
      type: 'employee',
      permissions: ['front.menu.employees.read', 'user.update', 'lead.read', 'lead.assigned.read'],
    });
    const assigned = await t.make.user({ type: 'employee', permissions: ['lead.assigned.read'] });
    const wide = await t.make.role({ type: 'employee', permissions: ['lead.read'] });
    const widen = await send('PATCH', '/employees', giver, { items: [{ id: assigned.id, roleId: wide.id }] });
    expect(widen.statusCode).toBe(403);
    expect(widen.json().message).toContain("'lead.assigned.read' to 'lead.read'");
    // an administrator may
    expect((await send('PATCH', '/employees', t.admin, { items: [{ id: assigned.id, roleId: wide.id }] })).statusCode).toBe(200);
  });

  it('POST /employees/:id/permissions: neither a permission the giver lacks nor a reset to a wider role', async () => {
    const am = await manager();
    const emp = await t.make.user({ type: 'employee', permissions: ['front.menu.employees.read', 'lead.read'] });
    const set = (permissions: string[] | null) => send('POST', `/employees/${emp.id}/permissions`, am, { data: { permissions } });
    const res = await set(['front.menu.employees.read', 'affiliate.read']);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("'affiliate.read'");
    // narrowing is fine, and then going back to the role would give lead.read again
    expect((await set(['front.menu.employees.read'])).statusCode).toBe(200);
    const reset = await set(null);
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toContain("'lead.read'");
    expect((await send('POST', `/employees/${emp.id}/permissions`, t.admin, { data: { permissions: null } })).statusCode).toBe(200);
  });

  it('roles: an administrator-type role short of the catalogue cannot create, edit or clone a role holding more', async () => {
    const junior = await t.make.user({ type: 'admin', permissions: ['role.read', 'role.update', 'front.menu.employees.read'] });
    const create = await send('PUT', '/roles', junior, {
      items: [{ title: `Wide ${randomToken(4)}`, type: 'employee', permissions: ['lead.read'] }],
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().errors[0]).toMatchObject({ type: 'grant', loc: ['body', 'items', 0, 'permissions'] });
    const [own] = await t.database.db.select().from(users).where(eq(users.id, junior.id));
    const edit = await send('PATCH', '/roles', junior, {
      items: [{ id: own.roleId, permissions: ['role.read', 'role.update', 'front.menu.employees.read', 'user.update'] }],
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toContain("'user.update'");
    const [role] = await t.database.db.select().from(roles).where(eq(roles.id, own.roleId));
    expect(role.permissions).not.toContain('user.update');
    expect((await send('POST', '/roles/clone', junior, { items: [{ id: await systemRole('employee') }] })).statusCode).toBe(403);
    // within its own rights it works; an administrator gives anything
    expect(
      (
        await send('PUT', '/roles', junior, {
          items: [{ title: `Narrow ${randomToken(4)}`, type: 'employee', permissions: ['role.read'] }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await send('POST', '/roles/clone', t.admin, { items: [{ id: await systemRole('employee') }] })).statusCode).toBe(200);
  });

  it('advertiser members and affiliates: their roles are given by the same rule', async () => {
    const [adv] = await t.database.db
      .insert(advertisers)
      .values({ secureId: secureId(), title: `Adv ${randomToken(4)}`, apiToken: randomToken(24) })
      .returning();
    const giver = await t.make.user({
      type: 'employee',
      permissions: [
        'front.menu.advertisers.read',
        'front.menu.affiliates.read',
        'user.update',
        'affiliate.read',
        'affiliate.update',
        'front.dashboard.read',
        'front.menu.statistics.read',
      ],
    });
    const memberRole = await t.make.role({ type: 'advertiser_member', permissions: ['front.dashboard.read', 'metrics.read'] });
    const member = await send('PUT', '/advertiser-members', giver, {
      items: [{ advertiserId: adv.id, email: uniqueEmail('m'), password: 'pass-12345', firstName: 'M', roleId: memberRole.id }],
    });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toContain("'metrics.read'");
    const smallRole = await t.make.role({ type: 'advertiser_member', permissions: ['front.dashboard.read'] });
    const ok = await send('PUT', '/advertiser-members', giver, {
      items: [{ advertiserId: adv.id, email: uniqueEmail('m'), password: 'pass-12345', firstName: 'M', roleId: smallRole.id }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const memberId = ok.json().data.items[0].id;
    expect((await send('PATCH', '/advertiser-members', giver, { items: [{ id: memberId, roleId: memberRole.id }] })).statusCode).toBe(403);

    // the built-in affiliate role holds campaign.update, which this giver lacks
    const aff = await send('PUT', '/affiliates', giver, { items: [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'A' }] });
    expect(aff.statusCode).toBe(403);
    expect(aff.json().message).toContain("'campaign.update'");
    const affRole = await t.make.role({ type: 'affiliate', permissions: ['front.menu.statistics.read'] });
    const created = await send('PUT', '/affiliates', giver, {
      items: [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'A', roleId: affRole.id }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const change = await send('PATCH', '/affiliates', giver, {
      items: [{ id: created.json().data.items[0].id, roleId: await systemRole('affiliate') }],
    });
    expect(change.statusCode).toBe(403);
    // the built-in affiliate manager covers an affiliate's own variants with its assigned ones
    expect(
      (await send('PUT', '/affiliates', await manager(), { items: [{ email: uniqueEmail(), password: 'pass-12345', firstName: 'A' }] }))
        .statusCode,
    ).toBe(200);
  });
});

describe("other staff members' credentials (defect 2)", () => {
  it('an affiliate manager cannot set the password or e-mail of a wider employee', async () => {
    const am = await manager();
    const emp = await t.make.user({ type: 'employee' });
    const pw = await send('PATCH', '/employees', am, { items: [{ id: emp.id, password: 'taken-over-1' }] });
    expect(pw.statusCode, pw.body).toBe(403);
    expect(pw.json().errors[0]).toMatchObject({ type: 'credentials', loc: ['body', 'items', 0, 'password'] });
    expect(pw.json().message).toContain("'affiliate.read'");
    const mail = await send('PATCH', '/employees', am, { items: [{ id: emp.id, email: uniqueEmail('takeover') }] });
    expect(mail.statusCode).toBe(403);
    expect((await t.signIn(emp.email, emp.password)).token).toBeTruthy();
    // other fields stay editable
    expect((await send('PATCH', '/employees', am, { items: [{ id: emp.id, firstName: 'Renamed' }] })).statusCode).toBe(200);
  });

  it('someone holding all of the target’s permissions may; the target is signed out everywhere and its old address told', async () => {
    const am = await manager();
    const emp = await t.make.user({ type: 'employee', permissions: ['front.menu.employees.read', 'lead.assigned.read'] });
    const before = t.mailer.sent.length;
    const newEmail = uniqueEmail('moved');
    const res = await send('PATCH', '/employees', am, { items: [{ id: emp.id, email: newEmail, password: 'new-pass-123' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(emp.refreshToken)).statusCode).toBe(401);
    expect(await t.queue.runDue(ACCOUNT_MAIL_JOB)).toBe(1);
    const notice = t.mailer.sent.slice(before).find((m) => m.to === emp.email)!;
    expect(notice.subject).toContain('e-mail address and password of your account was changed');
    expect(t.mailer.sent.slice(before).some((m) => m.to === newEmail)).toBe(false);
  });

  it("an administrator's change of an e-mail alone signs out and tells the old address; one's own keeps one's session", async () => {
    const emp = await t.make.user({ type: 'employee' });
    const before = t.mailer.sent.length;
    expect((await send('PATCH', '/employees', t.admin, { items: [{ id: emp.id, email: uniqueEmail('adm') }] })).statusCode).toBe(200);
    expect((await refresh(emp.refreshToken)).statusCode).toBe(401);
    await t.queue.runDue(ACCOUNT_MAIL_JOB);
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toContain(emp.email);

    const self = await t.make.user({ type: 'employee', permissions: ['front.menu.employees.read', 'user.update'] });
    const other = await t.signIn(self.email, self.password);
    const own = await send('PATCH', '/employees', self, { items: [{ id: self.id, password: 'my-new-pass-1' }] });
    expect(own.statusCode, own.body).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(self.refreshToken)).statusCode).toBe(200);
  });
});

describe('the built-in roles still give what they hold', () => {
  it('an administrator creates every staff role', async () => {
    for (const type of ['employee', 'advertiser_manager', 'affiliate_manager'] as const) {
      const res = await send('PUT', '/employees', t.admin, {
        items: [{ email: uniqueEmail(), firstName: 'X', password: 'pass-12345', roleId: await systemRole(type) }],
      });
      expect(res.statusCode).toBe(200);
    }
    expect(defaultPermissions('affiliate_manager')).not.toContain('lead.read');
  });
});
