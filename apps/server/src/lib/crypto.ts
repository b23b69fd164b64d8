/** Password hashing (scrypt with a per-user salt), random tokens and their hashes. */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * A hash of a random password nobody knows, with the parameters of `hashPassword`: sign-in checks an unknown
 * e-mail's password against it, so an unknown address costs the same work as a known one.
 */
export const DUMMY_PASSWORD_HASH = 'scrypt$16384$8$1$iuCccgU/BRlSf1oljdx+Lg==$5Gd+1GUxJOb0rxxPBUE+TpE9zVX4chlvfluJlUsYssI=';

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: +n, r: +r, p: +p, maxmem: PARAMS.maxmem });
  return timingSafeEqual(expected, actual);
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** short public id (users.secureId, advertiser keys): 16 lowercase alphanumerics */
export const secureId = () => randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 16).toLowerCase().padEnd(16, '0');
