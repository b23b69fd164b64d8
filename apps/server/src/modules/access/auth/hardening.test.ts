/** Issue 15: a changed password ends the other sessions, tokens never expire no more, unknown e-mails cost the same work. */
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { useApp } from '../../../../test/helper';
import * as crypto from '../../../lib/crypto';

// the real function, watched: sign-in must run it for an unknown e-mail too
vi.mock('../../../lib/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/crypto')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const t = await useApp();
const refresh = (refreshToken: string) => t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

describe('POST /auth/change-password (defect 5)', () => {
  it("ends every other session of the user and keeps the caller's", async () => {
    const user = await t.make.user({ type: 'employee' });
    const laptop = await t.signIn(user.email, user.password);
    const phone = await t.signIn(user.email, user.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      as: laptop.token,
      payload: { currentPassword: user.password, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('changes nothing on a wrong current password (400 naming the field)', async () => {
    const user = await t.make.user({ type: 'employee' });
    const other = await t.signIn(user.email, user.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      as: user,
      payload: { currentPassword: 'wrong', password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['body', 'currentPassword']);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  const key = () => new TextEncoder().encode(t.config.JWT_SECRET);
  it('refuses a correctly signed token without exp', async () => {
    const forever = await new SignJWT({ cur: 'USD' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(t.admin.id))
      .setIssuedAt()
      .sign(key());
    const res = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: forever });
    expect(res.statusCode).toBe(401);
    // the same token with an exp is an access token: the refusal is the missing exp
    const iat = Math.floor(t.clock.now.getTime() / 1000);
    const expiring = await new SignJWT({ cur: 'USD' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(t.admin.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(key());
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/me', as: expiring })).statusCode).toBe(200);
  });
});

describe('sign-in of an unknown e-mail', () => {
  it('checks the password against a dummy hash, like a known e-mail', async () => {
    const verify = vi.mocked(crypto.verifyPassword);
    verify.mockClear();
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody-here@test.local', password: 'guess-1234' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid e-mail or password');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith('guess-1234', crypto.DUMMY_PASSWORD_HASH);
    expect(crypto.DUMMY_PASSWORD_HASH).toMatch(/^scrypt\$16384\$8\$1\$/);
  });
});
