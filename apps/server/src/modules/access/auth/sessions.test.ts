/** Issue 15 hardening: a user's sessions listed and ended from the profile; an administrator requires two-factor sign-in of a staff role. */
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { refreshTokens, roles, users } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const api = '/api/v1';
const refresh = (refreshToken: string) => t.request({ method: 'POST', url: `${api}/auth/refresh`, payload: { refreshToken } });
const list = (as: TestUser | string | null) => t.request({ method: 'GET', url: `${api}/auth/sessions`, as });
const end = (as: TestUser | string, data: unknown) => t.request({ method: 'DELETE', url: `${api}/auth/sessions`, as, payload: { data } });
const signInFrom = async (user: TestUser, userAgent: string) => {
  const res = await t.request({
    method: 'POST',
    url: `${api}/auth/login`,
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
  });
  return res.json().data as { token: string; refreshToken: string };
};

describe('sessions of the signed-in user', () => {
  it('lists each live session with its device, IP, sign-in and last use, the current one marked', async () => {
    const user = await t.make.user({ type: 'employee' });
    t.clock.advance(60);
    const phone = await signInFrom(user, 'Mozilla/5.0 (iPhone) Mobile Safari');
    const res = await list(phone.token);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari', ip: '127.0.0.1', current: true });
    expect(items[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(items[1].current).toBe(false);
    // each session its own sign-in time
    expect(items[0].createdAt).toBe(items[1].createdAt + 60);
    // a refresh keeps the session (same id), renews its last use, and keeps its sign-in time
    t.clock.advance(120);
    const renewed = (await refresh(phone.refreshToken)).json().data;
    const after = (await list(renewed.token)).json().data.items;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: items[0].id, createdAt: items[0].createdAt, current: true });
    expect(after[0].lastUsedAt).toBe(items[0].lastUsedAt + 120);
    // another user's sessions are never listed
    expect((await list(t.admin)).json().data.items.map((s: { id: string }) => s.id)).not.toContain(items[0].id);
    expect((await list(null)).statusCode).toBe(401);
  });

  it('ends one session (its refresh token stops working); another user’s session is a 404 and stays', async () => {
    const user = await t.make.user({ type: 'affiliate' });
    const laptop = await signInFrom(user, 'Laptop');
    const [, other] = (await list(laptop.token)).json().data.items;
    const res = await end(laptop.token, [other.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([other.id]);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    // the ended session's access token stops at once too (not when it expires); the caller's own keeps working
    const me = (as: string) => t.request({ method: 'GET', url: `${api}/auth/me`, as });
    const gone = await me(user.token);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe('Your session has ended, please sign in again');
    expect((await me(laptop.token)).statusCode).toBe(200);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);

    const stranger = await t.make.user({ type: 'affiliate' });
    const [theirs] = (await list(stranger)).json().data.items;
    const refused = await end(laptop.token, [theirs.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].loc).toEqual(['body', 'data', 0]);
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
    const bad = await end(laptop.token, ['not-a-session']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'data', 0]);
  });

  it('signs out every other session and keeps the current one', async () => {
    const user = await t.make.user({ type: 'employee' });
    const a = await signInFrom(user, 'A');
    const b = await signInFrom(user, 'B');
    const res = await t.request({ method: 'POST', url: `${api}/auth/sessions/revoke-others`, as: b.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    const kept = await refresh(b.refreshToken);
    expect(kept.statusCode).toBe(200);
    expect((await list(kept.json().data.token)).json().data.items).toHaveLength(1);
  });
});

describe('an ended session', () => {
  it('stops its access tokens when another process ends it (the change feed empties the cached session)', async () => {
    const user = await t.make.user({ type: 'employee' });
    const me = () => t.request({ method: 'GET', url: `${api}/auth/me`, as: user.token });
    expect((await me()).statusCode).toBe(200); // the session's actor is now cached
    const from = t.app.services.tracking.feed.version;
    // another process revokes it: a plain UPDATE, not an API call of this one
    await t.database.db.update(refreshTokens).set({ revokedAt: t.clock.now }).where(eq(refreshTokens.userId, user.id));
    for (let i = 0; i < 200 && t.app.services.tracking.feed.version === from; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await me()).statusCode).toBe(401);
  });
});

describe('two-factor sign-in required by a role', () => {
  const patchRole = (as: TestUser, id: number, requireTwoFactor: boolean) =>
    t.request({ method: 'PATCH', url: `${api}/roles`, as, payload: { items: [{ id, requireTwoFactor }] } });

  it('is set by an administrator on staff roles only', async () => {
    const role = await t.make.role({ type: 'employee', permissions: ['role.read'] });
    const res = await patchRole(t.admin, role.id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0].requireTwoFactor).toBe(true);
    const affRole = await t.make.role({ type: 'affiliate' });
    const wrongType = await patchRole(t.admin, affRole.id, true);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].loc).toEqual(['body', 'items', 0, 'requireTwoFactor']);
    const junior = await t.make.user({ type: 'admin', permissions: ['role.read', 'role.update'] });
    const refused = await patchRole(junior, role.id, false);
    expect(refused.statusCode).toBe(403);
    expect((await t.database.db.select().from(roles).where(eq(roles.id, role.id)))[0].requireTwoFactor).toBe(true);
    const created = await t.request({
      method: 'PUT',
      url: `${api}/roles`,
      as: t.admin,
      payload: { items: [{ title: `2FA ${Date.now()}`, type: 'advertiser_manager', permissions: [], requireTwoFactor: true }] },
    });
    expect(created.json().data.items[0].requireTwoFactor).toBe(true);
  });

  it('signs the user in for the set-up only, until two-factor sign-in is on; then it cannot be turned off', async () => {
    const role = await t.make.role({ type: 'employee', permissions: ['role.read', 'front.menu.employees.read'] });
    const [row] = await t.database.db.update(roles).set({ requireTwoFactor: true }).where(eq(roles.id, role.id)).returning();
    const user = await t.make.user({ type: 'employee', signIn: false });
    await t.database.db.update(users).set({ roleId: row.id }).where(eq(users.id, user.id));

    const login = await t.request({ method: 'POST', url: `${api}/auth/login`, payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    const { token, twoFactorSetupRequired } = login.json().data;
    expect(twoFactorSetupRequired).toBe(true);
    const blocked = await t.request({ method: 'GET', url: `${api}/roles`, as: token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toMatch(/requires two-factor sign-in/);
    const me = await t.request({ method: 'GET', url: `${api}/auth/me`, as: token });
    expect(me.json().data.twoFactorSetupRequired).toBe(true);
    const profile = await t.request({ method: 'GET', url: `${api}/users/${user.id}`, as: token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.items[0].twoFactorSetupRequired).toBe(true);

    const { secret } = (await t.request({ method: 'POST', url: `${api}/auth/2fa/setup`, as: token })).json().data;
    const enable = await t.request({
      method: 'POST',
      url: `${api}/auth/2fa/enable`,
      as: token,
      payload: { code: authenticator.generate(secret) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect((await t.request({ method: 'GET', url: `${api}/roles`, as: token })).statusCode).toBe(200);
    const off = await t.request({
      method: 'POST',
      url: `${api}/auth/2fa/disable`,
      as: token,
      payload: { code: authenticator.generate(secret) },
    });
    expect(off.statusCode).toBe(422);

    // users of roles without the requirement are not concerned
    const free = await t.request({
      method: 'POST',
      url: `${api}/auth/login`,
      payload: { email: t.admin.email, password: t.admin.password },
    });
    expect(free.json().data.twoFactorSetupRequired).toBeUndefined();
  });
});
