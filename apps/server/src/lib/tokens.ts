/** Access tokens: short-lived JWT (HS256) with `sub` = user id, `cur` = base currency, `imp` = impersonator. */
import type { AccessClaims } from '@leadgrid/shared';
import { jwtVerify, SignJWT } from 'jose';

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, now: Date = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    const jwt = new SignJWT({ cur: claims.cur, ...(claims.imp ? { imp: claims.imp } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds);
    return jwt.sign(this.key);
  }

  /** null when the token is malformed, forged or expired */
  async verify(token: string, now: Date = new Date()): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (typeof payload.sub !== 'string') return null;
      return { sub: payload.sub, cur: String(payload.cur ?? ''), imp: typeof payload.imp === 'number' ? payload.imp : undefined };
    } catch {
      return null;
    }
  }
}

export const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
