import { defaultPermissions, PERMISSIONS } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, images, users } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

const getUser = (as: TestUser | string | null, id: number, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/users/${id}${query}`, as });
const patchUsers = (as: TestUser | string | null, items: unknown[]) =>
  t.request({ method: 'PATCH', url: '/api/v1/users', as, payload: { items } });
const leadToken = async (id: number) => (await db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, id)))[0].apiToken!;
const auditOf = (entityId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, entityId)));

describe('users: GET /users/:id', () => {
  it('answers the current user with every expansion asked for, timestamps in seconds', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await getUser(aff, aff.id, '?with=contacts,birthDate,team,trafficBlocked,apiToken');
    expect(res.statusCode).toBe(200);
    const [user] = res.json().data.items;
    expect(user).toMatchObject({
      id: aff.id,
      email: aff.email,
      status: 'active',
      role: { id: aff.roleId, title: 'Affiliate', type: 'affiliate' },
      permissions: defaultPermissions('affiliate'),
      hasCustomPermissions: false,
      customPermissions: null,
      contacts: [],
      birthDate: null,
      team: null,
      trafficBlocked: false,
      apiToken: await leadToken(aff.id),
      impersonatedBy: null,
      frontendVersionTs: expect.any(Number),
    });
    expect(Math.abs(user.createdAt - Date.now() / 1000)).toBeLessThan(120);
    expect(user.lastActivityAt).toBeTypeOf('number');
  });

  it('leaves the expansions out unless asked for', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const [user] = (await getUser(aff, aff.id)).json().data.items;
    for (const key of ['contacts', 'birthDate', 'team', 'trafficBlocked', 'apiToken']) expect(user).not.toHaveProperty(key);
  });

  it('gives admins every permission of the catalogue and others their custom permissions', async () => {
    const admin = await t.make.user({ type: 'admin' });
    const [a] = (await getUser(admin, admin.id)).json().data.items;
    expect(a.permissions).toHaveLength(PERMISSIONS.length);
    const custom = await t.make.user({ type: 'affiliate', customPermissions: ['front.menu.offers.read'] });
    const [c] = (await getUser(custom, custom.id)).json().data.items;
    expect(c).toMatchObject({
      permissions: ['front.menu.offers.read'],
      hasCustomPermissions: true,
      customPermissions: ['front.menu.offers.read'],
    });
  });

  it('answers 400 naming the parameter for an unknown expansion or a bad id', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const bad = await getUser(aff, aff.id, '?with=contacts,password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ loc: ['querystring', 'with'], msg: 'pattern' });
    const badId = await t.request({ method: 'GET', url: '/api/v1/users/abc', as: aff });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].loc).toEqual(['params', 'id']);
  });

  it('answers 404 for another user without user.read, the same as for a missing one', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const res = await getUser(aff, other.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual((await getUser(aff, 999_999)).json());
  });

  it('lets staff with user.read read another user, showing the lead API token only to those who may edit', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['user.read', 'affiliate.read'] });
    const editor = await t.make.user({
      type: 'affiliate_manager',
      permissions: ['user.read', 'user.update', 'affiliate.read', 'affiliate.update'],
    });
    const read = await getUser(reader, aff.id, '?with=apiToken');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.items[0]).toMatchObject({ id: aff.id, apiToken: null });
    const edit = await getUser(editor, aff.id, '?with=apiToken');
    expect(edit.json().data.items[0].apiToken).toBe(await leadToken(aff.id));
  });

  it('answers 401 without a token', async () => {
    expect((await getUser(null, t.admin.id)).statusCode).toBe(401);
  });

  it('names the impersonating admin on the impersonated user', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const admin = await t.make.user({ type: 'admin' });
    const enter = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: admin,
      payload: { refreshToken: admin.refreshToken, impersonateAs: aff.id },
    });
    const [user] = (await getUser(enter.json().data.token, aff.id)).json().data.items;
    expect(user.impersonatedBy).toEqual({ id: admin.id, roleTitle: 'Administrator' });
  });

  it('accepts the affiliate lead API token (public API) as X-Api-Key and as Bearer', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const token = await leadToken(aff.id);
    const byHeader = await t.request({ method: 'GET', url: `/api/v1/users/${aff.id}`, headers: { 'x-api-key': token } });
    expect(byHeader.statusCode).toBe(200);
    expect((await getUser(token, aff.id)).statusCode).toBe(200);
    // a route without config.apiToken does not take it
    expect((await t.request({ method: 'GET', url: '/api/v1/api-tokens', as: token })).statusCode).toBe(401);
  });
});

describe('users: PATCH /users (profile)', () => {
  const profile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    contacts: [
      { type: 'telegram', value: '@ada_lovelace' },
      { type: 'email', value: 'ada@example.com' },
      { type: 'phone', value: '+44 (20) 1234-5678' },
      { type: 'skype', value: 'live:ada.lovelace' },
      { type: 'url', value: 'https://ada.example.com' },
    ],
    birthDate: '1990-12-10',
    timezone: 'Europe/Kyiv (+02:00)',
    language: 'ru',
  };

  it('saves the own profile, answers the user and records the change in the audit log', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await patchUsers(aff, [{ id: aff.id, ...profile }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile saved');
    const [user] = res.json().data.items;
    expect(user).toMatchObject({ ...profile, timezone: 'Europe/Kyiv', id: aff.id });

    const [row] = await auditOf(aff.id);
    expect(row).toMatchObject({ userId: aff.id, impersonatorId: null, action: 'update' });
    expect(row.changes).toEqual({
      before: { firstName: 'Test', lastName: expect.any(String), contacts: [], birthDate: null, timezone: 'UTC', language: 'en' },
      after: { ...profile, timezone: 'Europe/Kyiv' },
    });
  });

  it('writes no audit entry when nothing changes', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await patchUsers(aff, [{ id: aff.id, firstName: 'Test', language: 'en' }]);
    expect(res.statusCode).toBe(200);
    expect(await auditOf(aff.id)).toHaveLength(0);
  });

  it.each([
    ['timezone', { timezone: 'Mars/Olympus' }, ['timezone'], 'pattern'],
    ['timezone of the server', { timezone: 'local' }, ['timezone'], 'pattern'],
    ['language', { language: 'de' }, ['language'], 'pattern'],
    ['birth date under 18', { birthDate: new Date().toISOString().slice(0, 10) }, ['birthDate'], 'age'],
    ['birth date not on the calendar', { birthDate: '1990-02-30' }, ['birthDate'], 'pattern'],
    ['telegram contact', { contacts: [{ type: 'telegram', value: 'a b' }] }, ['contacts', 0, 'value'], 'pattern'],
    ['e-mail contact', { contacts: [{ type: 'email', value: 'nope' }] }, ['contacts', 0, 'value'], 'email'],
    ['url contact', { contacts: [{ type: 'url', value: 'ftp://x' }] }, ['contacts', 0, 'value'], 'url'],
    ['contact type', { contacts: [{ type: 'fax', value: '123' }] }, ['contacts', 0, 'type'], undefined],
    ['first name', { firstName: '  ' }, ['firstName'], 'required'],
  ])('answers 400 on a bad %s', async (_name, patch, loc, msg) => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await patchUsers(aff, [{ id: aff.id, ...patch }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, ...loc], ...(msg ? { msg } : {}) });
  });

  it('checks that the avatar image exists', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const missing = await patchUsers(aff, [{ id: aff.id, avatarImageId: 999_999 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'avatarImageId'], type: 'exists' });
    const [image] = await db
      .insert(images)
      .values({ userId: aff.id, storageKey: 'images/x.png', mimeType: 'image/png', size: 1 })
      .returning();
    const ok = await patchUsers(aff, [{ id: aff.id, avatarImageId: image.id }]);
    expect(ok.json().data.items[0].avatarImageId).toBe(image.id);
  });

  it('answers 404 for another user without user.read, 403 with user.read only, and saves with user.update', async () => {
    const target = await t.make.user({ type: 'affiliate' });
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await patchUsers(aff, [{ id: target.id, firstName: 'X' }])).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['user.read', 'affiliate.read'] });
    expect((await patchUsers(reader, [{ id: target.id, firstName: 'X' }])).statusCode).toBe(403);
    const editor = await t.make.user({
      type: 'affiliate_manager',
      permissions: ['user.read', 'user.update', 'affiliate.read', 'affiliate.update'],
    });
    const res = await patchUsers(editor, [{ id: target.id, firstName: 'Edited' }]);
    expect(res.statusCode).toBe(200);
    const [row] = await auditOf(target.id);
    expect(row).toMatchObject({ userId: editor.id, changes: { before: { firstName: 'Test' }, after: { firstName: 'Edited' } } });
  });

  it('lets only an admin edit an admin', async () => {
    const editor = await t.make.user({ type: 'affiliate_manager', permissions: ['user.read', 'user.update'] });
    expect((await patchUsers(editor, [{ id: t.admin.id, firstName: 'X' }])).statusCode).toBe(403);
  });

  it('writes nothing when one item of several is refused', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const res = await patchUsers(aff, [
      { id: aff.id, firstName: 'Changed' },
      { id: other.id, firstName: 'Changed' },
    ]);
    expect(res.statusCode).toBe(404);
    const [row] = await db.select().from(users).where(eq(users.id, aff.id));
    expect(row.firstName).toBe('Test');
    expect(await auditOf(aff.id)).toHaveLength(0);
  });

  it('refuses the same user twice in one request', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await patchUsers(aff, [
      { id: aff.id, firstName: 'A' },
      { id: aff.id, firstName: 'B' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 1, 'id']);
  });

  it('records the impersonating admin in the audit log', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const admin = await t.make.user({ type: 'admin' });
    const enter = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: admin,
      payload: { refreshToken: admin.refreshToken, impersonateAs: aff.id },
    });
    expect((await patchUsers(enter.json().data.token, [{ id: aff.id, lastName: 'Acted' }])).statusCode).toBe(200);
    const [row] = await auditOf(aff.id);
    expect(row).toMatchObject({ userId: aff.id, impersonatorId: admin.id });
  });

  it('answers 401 without a token and 400 for an empty list', async () => {
    expect((await patchUsers(null, [{ id: 1, firstName: 'X' }])).statusCode).toBe(401);
    const aff = await t.make.user({ type: 'affiliate' });
    const empty = await patchUsers(aff, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ loc: ['body', 'items'], msg: 'required' });
  });
});

describe('users: GET /users/:id/logins-history', () => {
  const history = (as: TestUser | null, id: number, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/users/${id}/logins-history${query}`, as });

  it('lists the sign-ins of the own account, newest first, with meta', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    t.clock.advance(5);
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: aff.email, password: 'wrong-password' },
      headers: { 'user-agent': 'test-agent' },
    });
    const res = await history(aff, aff.id, '?withMeta=1');
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      success: false,
      reason: 'invalid_credentials',
      userAgent: 'test-agent',
      createdAt: expect.any(Number),
    });
    expect(items[1]).toMatchObject({ success: true, reason: null });
    expect(meta).toEqual({ totalCount: 2, minDate: items[1].createdAt, maxDate: items[0].createdAt });

    const page = (await history(aff, aff.id, '?limit=1&offset=1&orderBy=createdAt:asc')).json().data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0].success).toBe(false);
    expect(page).not.toHaveProperty('meta');
  });

  it('answers 400 for an orderBy field outside the allow-list and for a bad limit', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const order = await history(aff, aff.id, '?orderBy=email:asc');
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    const limit = await history(aff, aff.id, '?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errors[0].loc).toEqual(['querystring', 'limit']);
  });

  it('hides another user from an affiliate and shows it to staff with user.read', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    expect((await history(aff, other.id)).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['user.read', 'affiliate.read'] });
    const res = await history(reader, other.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toHaveLength(1);
    expect((await history(null, other.id)).statusCode).toBe(401);
  });
});

describe('users: POST /users/:id/regenerate-api-token', () => {
  const regenerate = (as: TestUser | null, id: number | string) =>
    t.request({ method: 'POST', url: `/api/v1/users/${id}/regenerate-api-token`, as });

  it('issues the affiliate a new lead API token; the old one stops working', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const old = await leadToken(aff.id);
    const res = await regenerate(aff, aff.id);
    expect(res.statusCode).toBe(200);
    const { apiToken } = res.json().data;
    expect(apiToken).not.toBe(old);
    expect((await getUser(old, aff.id)).statusCode).toBe(401);
    expect((await getUser(apiToken, aff.id)).statusCode).toBe(200);
    const [row] = await auditOf(aff.id);
    expect(row).toMatchObject({ action: 'regenerate_api_token', changes: null });
  });

  it('refuses a user who is not an affiliate with 422', async () => {
    const staff = await t.make.user({ type: 'affiliate_manager' });
    expect((await regenerate(staff, staff.id)).statusCode).toBe(422);
  });

  it('needs user.update for another affiliate, and hides them without user.read', async () => {
    const target = await t.make.user({ type: 'affiliate' });
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await regenerate(aff, target.id)).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['user.read', 'affiliate.read'] });
    expect((await regenerate(reader, target.id)).statusCode).toBe(403);
    const editor = await t.make.user({
      type: 'affiliate_manager',
      permissions: ['user.read', 'user.update', 'affiliate.read', 'affiliate.update'],
    });
    expect((await regenerate(editor, target.id)).statusCode).toBe(200);
  });

  it('validates the id and needs a sign-in', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await regenerate(aff, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['params', 'id']);
    expect((await regenerate(null, aff.id)).statusCode).toBe(401);
  });
});
