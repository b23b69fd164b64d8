import { describe, expect, it } from 'vitest';
import { advertisers } from '../../../db/schema';
import { randomToken, secureId } from '../../../lib/crypto';
import { useApp, type TestUser } from '../../../../test/helper';
import { uniqueEmail } from '../people.fixtures';

const t = await useApp();
const url = '/api/v1/advertiser-members';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const ids = (res: { json(): { data: { items: { id: number }[] } } }) => res.json().data.items.map((x) => x.id);
async function advertiser(title = `Adv ${Math.random().toString(36).slice(2, 8)}`) {
  const [row] = await t.database.db
    .insert(advertisers)
    .values({ secureId: secureId(), title, apiToken: randomToken(24) })
    .returning({ id: advertisers.id });
  return row.id;
}
const member = (advertiserId: number, fields: Record<string, unknown> = {}) => ({
  advertiserId,
  email: uniqueEmail('advm'),
  password: 'member-pass-1',
  firstName: 'Mo',
  ...fields,
});

describe('advertiser members', () => {
  it('creates members of an advertiser, lists them by advertiser and reads one', async () => {
    const adv = await advertiser();
    const other = await advertiser();
    const res = await put(t.admin, [member(adv, { contacts: [{ type: 'phone', value: '+1 555 0100' }] }), member(other)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 advertiser members created');
    const [m] = res.json().data.items;
    expect(m).toMatchObject({
      advertiserId: adv,
      role: { type: 'advertiser_member' },
      status: 'active',
      createdBy: { id: t.admin.id },
      editable: true,
    });
    expect(ids(await t.request({ method: 'GET', url: `${url}?advertiserId=${adv}`, as: t.admin }))).toEqual([m.id]);
    expect((await t.request({ method: 'GET', url: `${url}?advertiserId=${adv}&withMeta=1`, as: t.admin })).json().data.meta).toEqual({
      totalCount: 1,
    });
    expect((await t.request({ method: 'GET', url: `${url}/${m.id}`, as: t.admin })).json().data.items[0].id).toBe(m.id);
    expect((await t.request({ method: 'GET', url: `${url}/${t.admin.id}`, as: t.admin })).statusCode).toBe(404);
  });

  it('refuses an unknown advertiser, a role of another type and bad fields', async () => {
    const adv = await advertiser();
    const res = await put(t.admin, [member(999_999), member(adv, { roleId: await t.make.systemRoleId('employee') })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { type: string; loc: unknown[] }) => [e.loc.join('.'), e.type])).toEqual([
      ['body.items.0.advertiserId', 'exists'],
      ['body.items.1.roleId', 'roleType'],
    ]);
    const fields = await put(t.admin, [{ advertiserId: 0, email: 'nope', firstName: '' }]);
    expect(fields.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.items.0.advertiserId', 'body.items.0.email', 'body.items.0.firstName']),
    );
  });

  it('edits, blocks with a reason (signed out) and needs the permissions', async () => {
    const adv = await advertiser();
    const [m] = (await put(t.admin, [member(adv)])).json().data.items;
    const patched = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: m.id, lastName: 'Edited' }] } });
    expect(patched.json().data.items[0].lastName).toBe('Edited');
    const tokens = await t.signIn(m.email, 'member-pass-1');
    const change = (items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as: t.admin, payload: { items } });
    expect((await change([{ id: m.id, status: 'blocked' }])).json().errors[0].loc).toEqual(['body', 'items', 0, 'reason']);
    expect((await change([{ id: m.id, status: 'blocked', reason: 'Contract ended' }])).json().data.items[0]).toMatchObject({
      status: 'blocked',
      blockReason: 'Contract ended',
    });
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: tokens.refreshToken } })).statusCode,
    ).toBe(401);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url, as: aff })).statusCode).toBe(403);
    expect((await put(aff, [member(adv)])).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('lets an advertiser member read only itself', async () => {
    const adv = await advertiser();
    const [a, b] = (await put(t.admin, [member(adv), member(adv)])).json().data.items;
    const tokens = await t.signIn(a.email, 'member-pass-1');
    const me = { id: a.id, email: a.email, password: 'member-pass-1', roleId: 0, ...tokens };
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${a.id}`, as: me })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${b.id}`, as: me })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/${b.id}`, as: me })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/affiliates/lookup', as: me })).statusCode).toBe(403);
  });
});
