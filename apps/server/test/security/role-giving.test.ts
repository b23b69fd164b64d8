/**
 * Rule 1 of issue 15 over every role-giving path (docs/security.md "Who may give what"): the paths are found in the
 * route table — every write whose body carries a role or a permission set, and every write of roles — and each must
 * have a probe here, or the test fails. Each probe gives, as a staff member holding `user.update` but few other
 * rights, a role or permissions it does not hold: 403, nothing written. The same request by an administrator
 * succeeds, so the 403 is the rule and not a bad probe. (The rule's details are tested in modules/access/roles/grants.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advertisers, roles, userManagers, users } from '../../src/db/schema';
import { randomToken, secureId } from '../../src/lib/crypto';
import { useApp } from '../helper';
import { routeTable, type JsonSchema } from './route-table';

const t = await useApp();
const { operations } = await routeTable(t);
const db = t.database.db;

/** body fields that give a role or permissions */
const GIVING_FIELDS = new Set(['roleId', 'roleIds', 'permissions', 'customPermissions']);

function fieldNames(s: JsonSchema | undefined, out = new Set<string>()): Set<string> {
  if (!s) return out;
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    out.add(name);
    fieldNames(prop, out);
  }
  fieldNames(s.items, out);
  for (const x of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) fieldNames(x, out);
  return out;
}

const givingOperations = operations
  .filter((o) => o.method !== 'GET')
  .filter(
    (o) =>
      o.url.startsWith('/api/v1/roles') ||
      [...fieldNames(o.openapi?.requestBody?.content?.['application/json']?.schema)].some((f) => GIVING_FIELDS.has(f)),
  )
  .map((o) => o.key);

// the giver: staff with user.update and the assigned people scope, nothing else worth giving
const giver = await t.make.user({
  type: 'employee',
  permissions: [
    'user.update',
    'front.menu.employees.read',
    'front.menu.affiliates.read',
    'front.menu.advertisers.read',
    'affiliate.assigned.read',
    'affiliate.assigned.update',
  ],
});
const [advertiser] = await db
  .insert(advertisers)
  .values({ title: `Advertiser ${randomToken(4)}`, secureId: secureId(), apiToken: randomToken(24), status: 'active' })
  .returning();
const wideAffiliateRole = await t.make.role({ type: 'affiliate' });
const wideMemberRole = await t.make.role({ type: 'advertiser_member' });
const employeeRole = await t.make.systemRoleId('employee');
let n = 0;
const email = () => `giving${++n}.${randomToken(4).toLowerCase()}@test.local`;

/** fresh targets holding little, so that the grant gives them something the giver lacks */
const targets = {
  employee: () => t.make.user({ type: 'employee', permissions: ['front.menu.employees.read'], signIn: false }),
  role: () => t.make.role({ type: 'employee', permissions: ['front.menu.employees.read'] }),
  async member() {
    const user = await t.make.user({ type: 'advertiser_member', permissions: ['front.menu.offers.read'], signIn: false });
    await db.update(users).set({ advertiserId: advertiser.id }).where(eq(users.id, user.id));
    return user;
  },
  async affiliate() {
    const user = await t.make.user({ type: 'affiliate', permissions: ['front.menu.offers.read'], signIn: false });
    await db.insert(userManagers).values({ userId: user.id, managerId: giver.id });
    return user;
  },
};

/** One hostile grant per role-giving path: [url, body]. A new path without a probe here fails the test. */
const PROBES: Record<string, () => Promise<[string, object]>> = {
  'PUT /api/v1/roles': async () => ['/api/v1/roles', { items: [{ title: `Wide ${++n}`, type: 'employee', permissions: ['lead.read'] }] }],
  'PATCH /api/v1/roles': async () => [
    '/api/v1/roles',
    { items: [{ id: (await targets.role()).id, permissions: ['front.menu.employees.read', 'lead.read'] }] },
  ],
  'POST /api/v1/roles/clone': async () => ['/api/v1/roles/clone', { items: [{ id: employeeRole }] }],
  'POST /api/v1/roles/change_status': async () => [
    '/api/v1/roles/change_status',
    { items: [{ id: (await targets.role()).id, status: 'inactive' }] },
  ],
  'PUT /api/v1/employees': async () => [
    '/api/v1/employees',
    { items: [{ email: email(), password: 'pass-12345', firstName: 'Wide', roleId: employeeRole }] },
  ],
  'PATCH /api/v1/employees': async () => ['/api/v1/employees', { items: [{ id: (await targets.employee()).id, roleId: employeeRole }] }],
  'POST /api/v1/employees/:id/permissions': async () => [
    `/api/v1/employees/${(await targets.employee()).id}/permissions`,
    { data: { permissions: ['front.menu.employees.read', 'lead.read'] } },
  ],
  'PUT /api/v1/advertiser-members': async () => [
    '/api/v1/advertiser-members',
    { items: [{ advertiserId: advertiser.id, email: email(), password: 'pass-12345', firstName: 'Wide', roleId: wideMemberRole.id }] },
  ],
  'PATCH /api/v1/advertiser-members': async () => [
    '/api/v1/advertiser-members',
    { items: [{ id: (await targets.member()).id, roleId: wideMemberRole.id }] },
  ],
  'PUT /api/v1/affiliates': async () => [
    '/api/v1/affiliates',
    { items: [{ email: email(), password: 'pass-12345', firstName: 'Wide', roleId: wideAffiliateRole.id }] },
  ],
  'PATCH /api/v1/affiliates': async () => [
    '/api/v1/affiliates',
    { items: [{ id: (await targets.affiliate()).id, roleId: wideAffiliateRole.id }] },
  ],
};

describe('who may give what', () => {
  it('finds the role-giving paths in the route table, each with a probe', () => {
    expect(givingOperations.length).toBeGreaterThan(8);
    expect(givingOperations.filter((k) => !PROBES[k])).toEqual([]);
    expect(Object.keys(PROBES).filter((k) => !givingOperations.includes(k))).toEqual([]);
  });

  it.each(Object.keys(PROBES))('%s: refuses a grant beyond the giver’s rights, and writes nothing', async (key) => {
    const method = key.split(' ')[0] as 'PUT' | 'PATCH' | 'POST';
    const [url, payload] = await PROBES[key]();
    const rolesBefore = (await db.select({ id: roles.id, status: roles.status, permissions: roles.permissions }).from(roles))
      .map((r) => JSON.stringify(r))
      .sort();
    const usersBefore = (await db.select({ id: users.id, roleId: users.roleId, custom: users.customPermissions }).from(users))
      .map((u) => JSON.stringify(u))
      .sort();
    const res = await t.request({ method, url, as: giver, payload });
    expect(res.statusCode, res.body).toBe(403);
    expect(
      (await db.select({ id: roles.id, status: roles.status, permissions: roles.permissions }).from(roles))
        .map((r) => JSON.stringify(r))
        .sort(),
    ).toEqual(rolesBefore);
    expect(
      (await db.select({ id: users.id, roleId: users.roleId, custom: users.customPermissions }).from(users))
        .map((u) => JSON.stringify(u))
        .sort(),
    ).toEqual(usersBefore);
    // an administrator may: the probe itself is valid
    const [adminUrl, adminPayload] = await PROBES[key]();
    const admin = await t.request({ method, url: adminUrl, as: t.admin, payload: adminPayload });
    expect(admin.statusCode, admin.body).toBe(200);
  });
});
