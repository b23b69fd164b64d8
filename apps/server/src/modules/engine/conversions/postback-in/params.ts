/** Reading an inbound postback: its parameters, its attributes, what may be stored and logged, and the IP allow-list. */
import { BlockList, isIP } from 'node:net';
import type { Postback } from '@leadgrid/shared';
import { pgSafe } from '../../../../lib/pg-text';

/**
 * the query and the form/JSON body as one flat map of strings (the body wins); without a prototype, so a parameter
 * name an integration configures (`constructor`, `toString` …) reads only what the postback sent
 */
export function postbackParams(query: Record<string, unknown>, body: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  const put = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      const value = Array.isArray(v) ? v[0] : v;
      if (value === undefined || value === null || typeof value === 'object') continue;
      out[k] = String(value).slice(0, 1000);
    }
  };
  put(query);
  put(body);
  return out;
}

/** at most this many attributes are kept per postback (the rest stay in its log and `postback_params`) */
export const ATTRIBUTES_MAX = 50;

/**
 * The conversion's `attributes` (product §3 Conversion): what the postback sent beyond the parameters the integration
 * names (click and lead id, status, goal, payout, currency, event id) and the secure code — a deposit id, a player
 * level … — by name, the first ATTRIBUTES_MAX of them (docs/decisions/traffic.md "Onboarding and look-ups").
 */
export function postbackAttributes(p: Record<string, string>, names: Postback): Record<string, string> {
  const known = new Set([
    names.clickIdParam,
    names.leadIdParam,
    names.statusParam,
    names.goalParam,
    names.payoutParam,
    names.currencyParam,
    names.eventIdParam,
    'secure_code',
  ]);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) {
    if (known.has(k) || k.length > 100) continue;
    if (Object.keys(out).length >= ATTRIBUTES_MAX) break;
    out[k] = v;
  }
  return out;
}

/**
 * A conversion's attributes after a later postback: the names it has stay and take the newer value; new names are
 * added in the postback's order while there is room (ATTRIBUTES_MAX in all; the rest stay in the postback's log).
 * Answers null when nothing would change.
 */
export function mergeAttributes(stored: Record<string, unknown>, incoming: Record<string, string>): Record<string, unknown> | null {
  const out: Record<string, unknown> = { ...stored };
  let count = Object.keys(out).length;
  let changed = false;
  for (const [k, v] of Object.entries(incoming)) {
    if (Object.hasOwn(out, k)) {
      if (out[k] === v) continue;
    } else if (count >= ATTRIBUTES_MAX) continue;
    else count++;
    out[k] = v;
    changed = true;
  }
  return changed ? out : null;
}

/**
 * The postback as PostgreSQL stores it: NUL characters (refused in text and jsonb) dropped — the postback is then refused
 * with a 400, its log written without them — and lone surrogates (refused in jsonb) made U+FFFD, as the driver's
 * UTF-8 encoding of a text parameter makes them. One bad value never fails the batch it would share.
 */
export function storable<T>(value: T): { value: T; nul: boolean } {
  let nul = false;
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) nul = true;
      return pgSafe(v);
    }
    if (Array.isArray(v)) return v.map(clean);
    if (v && typeof v === 'object' && !(v instanceof Date))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [clean(k) as string, clean(x)]));
    return v;
  };
  return { value: clean(value) as T, nul };
}

/** the secure code is never written to a log */
export function redact(src: unknown): unknown {
  if (!src || typeof src !== 'object' || Array.isArray(src) || !('secure_code' in src)) return src ?? null;
  return { ...(src as Record<string, unknown>), secure_code: '***' };
}

export const plainIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** whether the address is in the allow-list (addresses and CIDR blocks, v4 and v6); an empty list allows everyone */
export function ipAllowed(ip: string, list: readonly string[]): boolean {
  if (!list.length) return true;
  const address = plainIp(ip);
  const family = isIP(address);
  if (!family) return false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [net, bits] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(net, type);
    else blocks.addSubnet(net, Number(bits), type);
  }
  return blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
