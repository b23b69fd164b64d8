/**
 * The session tokens, kept in one place (product §4): the access token in a cookie for one day, the refresh
 * token in a cookie until its own expiry. The refresh token is opaque, so its expiry is the server's
 * refresh lifetime (REFRESH_TOKEN_TTL, 30 days by default), counted again from every rotation.
 */
import Cookies from 'js-cookie';

const ACCESS_COOKIE = 'lg_token';
const REFRESH_COOKIE = 'lg_refresh';
const ACCESS_DAYS = 1;
export const REFRESH_DAYS = 30;

export interface TokenPair {
  token: string;
  refreshToken: string;
}

const attributes = (days: number): Cookies.CookieAttributes => ({
  expires: days,
  path: '/',
  sameSite: 'strict',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

export const getAccessToken = (): string | undefined => Cookies.get(ACCESS_COOKIE) || undefined;
export const getRefreshToken = (): string | undefined => Cookies.get(REFRESH_COOKIE) || undefined;

export function setTokens(pair: TokenPair) {
  Cookies.set(ACCESS_COOKIE, pair.token, attributes(ACCESS_DAYS));
  Cookies.set(REFRESH_COOKIE, pair.refreshToken, attributes(REFRESH_DAYS));
}

export function clearTokens() {
  Cookies.remove(ACCESS_COOKIE, { path: '/' });
  Cookies.remove(REFRESH_COOKIE, { path: '/' });
}

/** The payload of a JWT, read without checking the signature (the server checks it). */
export function decodeJwt(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The current user id: the access token subject (product §3). */
export function currentUserId(): number | null {
  const token = getAccessToken();
  const sub = token ? decodeJwt(token)?.sub : undefined;
  const id = Number(sub);
  return Number.isInteger(id) && id > 0 ? id : null;
}
