import { and, eq, isNull } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { NOTIFICATION_JOB } from '../../settings/notifications/notifications.delivery';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { refreshTokens, roles, users } from '../../../db/schema';
import { REUSE_GRACE_MS } from './sessions';

const t = await useApp();

describe('auth: login', () => {
  it('signs in with the right password and answers a token pair', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ADMIN@test.local', password: t.admin.password },
    });
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.refreshToken.length).toBeGreaterThan(20);
    expect(message).toBe('Signed in');
  });

  it('refuses a wrong password with 401 and records the attempt', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: t.admin.email, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: 'Invalid e-mail or password' });
  });

  it('answers 400 with one error per field for bad input', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Validation failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { msg: 'email', type: 'invalid_format', loc: ['body', 'email'] },
        expect.objectContaining({ msg: 'required', loc: ['body', 'password'] }),
      ]),
    );
  });

  it('answers 400 for malformed JSON, never 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'Malformed JSON body' });
  });

  it('refuses a blocked user', async () => {
    const u = await t.make.user({ type: 'affiliate', status: 'blocked', signIn: false });
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is blocked');
  });
});

describe('auth: refresh tokens', () => {
  it('rotates the refresh token and answers extraInfo', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.refreshToken).not.toBe(u.refreshToken);
    expect(data.extraInfo).toEqual({ status: 'active', trafficBlocked: false, frontendVersionTs: expect.any(Number) });
  });

  it('revokes the whole family when a token rotated longer ago than the grace is used again', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const first = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: u.refreshToken } });
    const next = first.json().data.refreshToken;
    t.clock.advance(REUSE_GRACE_MS / 1000 + 1);
    const reuse = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    // the legitimate successor is revoked too
    const after = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: next } });
    expect(after.statusCode).toBe(401);
  });

  it('lets a token rotated moments ago back in once its answer was lost, keeping one live token in the session', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const refresh = (token: string) => t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: token } });
    const lost = (await refresh(u.refreshToken)).json().data.refreshToken; // the browser left the page before the answer
    t.clock.advance(REUSE_GRACE_MS / 1000 - 5);
    const again = await refresh(u.refreshToken);
    expect(again.statusCode).toBe(200);
    const kept = again.json().data.refreshToken;
    const live = await t.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, u.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/me', as: again.json().data.token })).statusCode).toBe(200);
    // the lost successor is a rotated token now: past the grace it ends the session, the kept one with it
    t.clock.advance(REUSE_GRACE_MS / 1000 + 1);
    expect((await refresh(lost)).statusCode).toBe(401);
    expect((await refresh(kept)).statusCode).toBe(401);
  });

  it('refuses an expired access token and accepts the refreshed one', async () => {
    const u = await t.make.user({ type: 'admin' });
    t.clock.advance(t.config.ACCESS_TOKEN_TTL + 5);
    const expired = await t.request({ method: 'GET', url: `/api/v1/auth/me`, as: u });
    expect(expired.statusCode).toBe(401);
    const r = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: u.refreshToken } });
    const ok = await t.request({ method: 'GET', url: `/api/v1/auth/me`, as: r.json().data.token });
    expect(ok.statusCode).toBe(200);
  });

  it('logout revokes the refresh token', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: u.refreshToken } })).statusCode).toBe(
      200,
    );
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expect(res.statusCode).toBe(401);
  });
});

describe('auth: impersonation', () => {
  it('lets an admin act as a user and leave again', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const admin = await t.make.user({ type: 'admin' });
    const enter = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: admin,
      payload: { refreshToken: admin.refreshToken, impersonateAs: aff.id },
    });
    expect(enter.statusCode).toBe(200);
    const imp = enter.json().data;
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: imp.token });
    expect(me.json().data).toMatchObject({ id: aff.id, impersonatorId: admin.id });
    const leave = await t.request({ method: 'POST', url: '/api/v1/auth/impersonate', as: imp.token, payload: {} });
    expect(leave.statusCode).toBe(200);
    const back = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: leave.json().data.token });
    expect(back.json().data).toMatchObject({ id: admin.id, impersonatorId: null });
    // the impersonation session is over
    const stale = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: imp.refreshToken } });
    expect(stale.statusCode).toBe(401);
  });

  it('is forbidden without user.impersonate', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: manager,
      payload: { refreshToken: manager.refreshToken, impersonateAs: aff.id },
    });
    expect(res.statusCode).toBe(403);
  });

  it('validates impersonateAs', async () => {
    // a fresh sign-in: the caller is checked before the body (t.admin's token expired with an earlier test's clock)
    const admin = await t.make.user({ type: 'admin' });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: admin,
      payload: { refreshToken: admin.refreshToken, impersonateAs: 'abc' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('auth: two-factor', () => {
  it('sets up, enables, demands the code at login and refuses a wrong one', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const setup = await t.request({ method: 'POST', url: '/api/v1/auth/2fa/setup', as: u });
    expect(setup.statusCode).toBe(200);
    const { secret, qrCode } = setup.json().data;
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      as: u,
      payload: { code: '000000' === authenticator.generate(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid code, please try again');
    const enable = await t.request({
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      as: u,
      payload: { code: authenticator.generate(secret) },
    });
    expect(enable.statusCode).toBe(200);

    const noCode = await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: u.email, password: u.password } });
    expect(noCode.json().data).toEqual({ twoFactorRequired: true });
    const badCode = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: u.email, password: u.password, code: '12345a' },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors[0]).toMatchObject({ msg: 'Invalid code, please try again', loc: ['body', 'code'] });
    const good = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: u.email, password: u.password, code: authenticator.generate(secret) },
    });
    expect(good.json().data.token).toBeTruthy();
  });
});

describe('auth: recovery and sign-up', () => {
  it('mails a link whose token sets a new password once', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/password-recovery', payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.sent.find((m) => m.to === u.email)!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    const set = await t.request({
      method: 'POST',
      url: '/api/v1/auth/new-password',
      payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(set.statusCode).toBe(200);
    await expect(t.signIn(u.email, 'brand-new-pass')).resolves.toHaveProperty('token');
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/auth/new-password',
      payload: { token, password: 'other-pass-1', confirmPassword: 'other-pass-1' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/password-recovery', payload: { email: 'nobody@test.local' } });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('checks the password confirmation', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/new-password',
      payload: { token: 'x'.repeat(20), password: 'abcdef', confirmPassword: 'abcdeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'confirmPassword', loc: ['body', 'confirmPassword'] });
  });

  it('registers an affiliate and refuses a taken e-mail', async () => {
    const email = 'new.affiliate@test.local';
    const check = await t.request({ method: 'POST', url: '/api/v1/auth/check-email', payload: { email } });
    expect(check.json().data).toEqual({ available: true });
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/sign-up', payload: { email, password: 'abcde1', firstName: 'New' } });
    expect(res.statusCode).toBe(200);
    const dup = await t.request({ method: 'POST', url: '/api/v1/auth/sign-up', payload: { email, password: 'abcde1', firstName: 'New' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0]).toMatchObject({ msg: 'unique', loc: ['body', 'email'] });
  });

  it('refuses a password of fewer than 5 non-space characters', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email: 'x@test.local', password: 'ab cd', firstName: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'password', loc: ['body', 'password'] });
  });
});

describe('auth: permissions of admin-type roles', () => {
  it('gives the built-in administrator role every permission and a custom admin role only its own', async () => {
    const full = await t.make.user({ type: 'admin' });
    const limited = await t.make.user({ type: 'admin', permissions: ['role.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/settings/general', as: full })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/settings/general', as: limited })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/roles', as: limited })).statusCode).toBe(200);
  });
});

describe('auth: sign-up notifies staff', () => {
  it('queues affiliate_registered in the sign-up transaction and delivers it in-app to admins', async () => {
    const admin = await t.make.user({ type: 'admin' });
    const email = 'notified.affiliate@test.local';
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email, password: 'abcde1', firstName: 'Nora', lastName: 'Lead' },
    });
    expect(res.statusCode).toBe(200);
    await t.queue.runDue(NOTIFICATION_JOB);
    const mine = await t.request({ method: 'GET', url: '/api/v1/notifications/my', as: admin });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json().data.items)).toContain('New affiliate: Nora Lead');
  });
});

describe('auth: the actor behind a session', () => {
  // the actor is kept in memory between calls; a change made by another process reaches it through the change feed
  it('stops a session once its user is blocked elsewhere', async () => {
    const u = await t.make.user({ type: 'employee', permissions: ['user.read'] });
    const me = () => t.request({ method: 'GET', url: '/api/v1/auth/me', as: u });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, u.id));
    await expect.poll(async () => (await me()).statusCode, { timeout: 5000 }).toBe(401);
    expect((await me()).json().message).toBe('Your account is not active');
  });

  it('follows a change of the rights of its role made elsewhere', async () => {
    const u = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    const tags = () => t.request({ method: 'GET', url: '/api/v1/tags', as: u });
    expect((await tags()).statusCode).toBe(200);
    await t.database.db
      .update(roles)
      .set({ permissions: ['user.read'] })
      .where(eq(roles.id, u.roleId));
    await expect.poll(async () => (await tags()).statusCode, { timeout: 5000 }).toBe(403);
  });
});
