import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { uniqueEmail } from '../../people/people.fixtures';
import { givenBy, staffReview } from '.';

const t = await useApp();
const url = '/api/v1/security/staff-review';

describe('staff review (GET /security/staff-review)', () => {
  it("lists staff accounts created or given credentials, roles or permissions by non-administrators, not an administrator's work", async () => {
    const am = await t.make.user({ type: 'affiliate_manager' });
    const since = Math.floor(t.clock.now.getTime() / 1000);
    const narrow = await t.make.role({ type: 'employee', permissions: ['front.menu.employees.read'] });
    const byAm = await t.request({
      method: 'PUT',
      url: '/api/v1/employees',
      as: am,
      payload: { items: [{ email: uniqueEmail('rev'), password: 'pass-12345', firstName: 'R', roleId: narrow.id }] },
    });
    expect(byAm.statusCode, byAm.body).toBe(200);
    const created = byAm.json().data.items[0];
    t.clock.advance(5);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/v1/employees',
          as: am,
          payload: { items: [{ id: created.id, password: 'other-pass-1', lastName: 'X' }] },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(5);
    // a plain rename is no credential change; an administrator's creation is not listed
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/v1/employees',
          as: am,
          payload: { items: [{ id: created.id, firstName: 'Only a name' }] },
        })
      ).statusCode,
    ).toBe(200);
    const byAdmin = await t.request({
      method: 'PUT',
      url: '/api/v1/employees',
      as: t.admin,
      payload: { items: [{ email: uniqueEmail('adm'), password: 'pass-12345', firstName: 'A', roleId: narrow.id }] },
    });
    expect(byAdmin.statusCode).toBe(200);

    const res = await t.request({ method: 'GET', url: `${url}?since=${since}&withMeta=1`, as: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    const { items, meta } = res.json().data;
    expect(meta).toEqual({ totalCount: 2 });
    expect(items.map((i: { changes: string[] }) => i.changes)).toEqual([['password'], ['created']]);
    expect(items[1]).toMatchObject({
      account: { id: created.id, roleType: 'employee', roleTitle: narrow.title, status: 'active' },
      by: { id: am.id, roleType: 'affiliate_manager' },
      impersonatorId: null,
    });
    expect((await staffReview(await ctxOf(), { limit: 1, offset: 1, since })).items[0].changes).toEqual(['created']);
  });

  it('is for administrators only, and checks its query', async () => {
    expect((await t.request({ method: 'GET', url, as: await t.make.user({ type: 'affiliate_manager' }) })).statusCode).toBe(403);
    const junior = await t.make.user({ type: 'admin', permissions: ['role.read', 'role.update'] });
    const refused = await t.request({ method: 'GET', url, as: junior });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an administrator can review staff accounts');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: `${url}?since=-1`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'since']);
  });

  it('reads what an audit entry gave', () => {
    expect(givenBy('update', { after: { email: 'a@b.c', roleId: 3 }, passwordChanged: true })).toEqual(['email', 'password', 'role']);
    expect(givenBy('update', { after: { firstName: 'x' } })).toEqual([]);
    expect(givenBy('change_status', null)).toEqual([]);
  });
});

async function ctxOf() {
  const { loadActor } = await import('../../../http/auth');
  const actor = (await loadActor(t.database, t.admin.id))!;
  return { actor, db: t.database.db, database: t.database, config: t.config, now: () => t.clock.now };
}
