/**
 * Test-link tokens (docs/decisions/engine.md, "Test clicks"): a staff member asks `POST /campaigns/:id/test-link`
 * for a tracking link carrying `lg_test=<expiry>.<signature>`; the tracker takes a click bearing a valid, unexpired
 * token of THAT campaign key as a test click (no geo nor bot check, not counted in statistics). The signature is an
 * HMAC-SHA256 of the campaign key and the expiry under a key derived from the server's signing secret, so an affiliate
 * can neither make one nor reuse one for another campaign, and a leaked link stops working after TEST_LINK_TTL_MS.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** the query parameter of a test link */
export const TEST_PARAM = 'lg_test';
export const TEST_LINK_TTL_MS = 60 * 60 * 1000;
const SIG_BYTES = 16;

export class TestLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // a key of its own: a test-link signature is never a valid signature of anything else made with the secret
    this.key = createHash('sha256').update(`leadgrid test links\0${secret}`).digest();
  }

  private sign(campaignKey: string, expires: number): Buffer {
    return createHmac('sha256', this.key).update(`${campaignKey}\0${expires}`).digest().subarray(0, SIG_BYTES);
  }

  /** the token for a campaign key, valid until `nowMs + TEST_LINK_TTL_MS` (seconds precision) */
  token(campaignKey: string, nowMs: number): { token: string; expiresAt: number } {
    const expires = Math.floor((nowMs + TEST_LINK_TTL_MS) / 1000);
    return { token: `${expires.toString(36)}.${this.sign(campaignKey, expires).toString('base64url')}`, expiresAt: expires };
  }

  /** whether `token` was made for this campaign key and has not expired at `nowMs` */
  verify(campaignKey: string, token: unknown, nowMs: number): boolean {
    if (typeof token !== 'string' || token.length > 64) return false;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const expires = parseInt(token.slice(0, dot), 36);
    if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs || expires * 1000 > nowMs + TEST_LINK_TTL_MS + 60_000) return false;
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    return given.length === SIG_BYTES && timingSafeEqual(given, this.sign(campaignKey, expires));
  }
}
