/**
 * Access tokens: short-lived JWT (HS256) with `sub` = user id, `cur` = base currency, `imp` = impersonator, `sid` = the
 * session (refresh-token family). A token without `exp` is refused.
 */
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
    const jwt = new SignJWT({ cur: claims.cur, ...(claims.imp ? { imp: claims.imp } : {}), ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds);
    return jwt.sign(this.key);
  }

  /** null when the token is malformed, forged or expired (or is a purpose token, which is no access token) */
  async verify(token: string, now: Date = new Date()): Promise<AccessClaims | null> {
    try {
      // `requiredClaims`: a token that never expires is no access token, whoever signed it
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp'] });
      if (typeof payload.sub !== 'string' || payload.pur !== undefined) return null;
      return {
        sub: payload.sub,
        cur: String(payload.cur ?? ''),
        imp: typeof payload.imp === 'number' ? payload.imp : undefined,
        sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
    } catch {
      return null;
    }
  }

  /**
   * A short-lived token good for one purpose only (e.g. `events`: the server-sent events stream, which an EventSource
   * opens without headers). It is refused as an access token.
   */
  signPurpose(purpose: string, sub: string, ttlSeconds: number, now: Date = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ pur: purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  /** the subject of a valid purpose token of that purpose, or null */
  async verifyPurpose(token: string, purpose: string, now: Date = new Date()): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp'] });
      return payload.pur === purpose && typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}

export const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
