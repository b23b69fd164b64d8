/**
 * One click (architecture §5 Click): resolve the campaign from the routing cache, enrich, decide validity (keeping
 * the reason of an invalid click), choose a lander by sieve and weight, substitute macros, and hand the row to the
 * batch writer. No database round trip once the campaign is cached.
 */
import { isIP } from 'node:net';
import { MACRO_NAMES, matchSieve, type MacroValues, type SieveSubject } from '@leadgrid/shared';
import type { ClickRow } from './click-writer';
import { visitorKey } from './unique';
import { countryOf, isBot, languageOf, memo } from './enrich';
import type { Route, RouteLander } from './routing';
import { lastUuidMs, uuidv7 } from './uuid';

export const INVALID_REASONS = [
  'campaign_inactive',
  'offer_inactive',
  'affiliate_inactive',
  'traffic_blocked',
  'country_not_allowed',
  'bot',
  'no_lander',
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

export interface ClickInput {
  ip: string | undefined;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  referrer: string | undefined;
  query: Record<string, unknown>;
  now: Date;
  /** the offer's caps are all full with the action trafficback (CapGate): a valid click goes to the trafficback URL */
  capped?: boolean;
  /**
   * a staff test click (a valid test-link token, lib/test-link.ts): no geo nor bot check, no cap trafficback, never
   * unique, stored with `is_test` and left out of statistics (docs/decisions/engine.md, "Test clicks")
   */
  test?: boolean;
}

export interface ClickOutcome {
  /** where to send the visitor; null when the click is invalid and the offer has no trafficback URL */
  location: string | null;
  row: ClickRow;
}

const VALUE_MAX = 255;
const PARAMS_MAX = 30;
const SUB_KEYS = Array.from({ length: 9 }, (_, i) => `sub${i + 1}`);
const SUB_SET = new Set(SUB_KEYS);

/** a placeholder left unreplaced by the affiliate's source (`{sub1}`, `{{clickid}}`) counts as empty */
const PLACEHOLDER_RE = /^\{+[A-Za-z0-9_.]*\}+$/;
const text = (v: unknown): string | null => {
  const s = Array.isArray(v) ? v[0] : v;
  if (typeof s !== 'string' || s === '' || PLACEHOLDER_RE.test(s)) return null;
  return s.length > VALUE_MAX ? s.slice(0, VALUE_MAX) : s;
};

/** picks one lander by weight among those whose sieve matches (weight 0 never wins) */
export function chooseLander(landers: RouteLander[], subject: SieveSubject, at: Date, random = Math.random): RouteLander | null {
  let total = 0;
  const candidates: RouteLander[] = [];
  for (const l of landers) {
    if (!l.usable || l.weight <= 0 || !matchSieve(l.sieve, subject, at)) continue;
    candidates.push(l);
    total += l.weight;
  }
  if (!candidates.length) return null;
  let pick = random() * total;
  for (const l of candidates) {
    pick -= l.weight;
    if (pick < 0) return l;
  }
  return candidates[candidates.length - 1];
}

function invalidReason(route: Route, country: string | null, bot: boolean, test: boolean): InvalidReason | null {
  if (route.campaignStatus !== 'active') return 'campaign_inactive';
  if (route.offerStatus !== 'active') return 'offer_inactive';
  if (route.affiliateStatus !== 'active') return 'affiliate_inactive';
  if (route.affiliateTrafficBlocked || route.teamTrafficBlocked) return 'traffic_blocked';
  if (test) return null;
  if (route.offerGeos.length && (!country || !route.offerGeos.includes(country))) return 'country_not_allowed';
  if (route.countries.length && (!country || !route.countries.includes(country))) return 'country_not_allowed';
  if (bot) return 'bot';
  return null;
}

/**
 * A URL with macros split once into literal text (even places) and macro names (odd places); a `{...}` that names no
 * macro stays literal text. Landers and trafficback URLs are few and repeat on every click.
 */
const templateOf = memo(10_000, 4_000, (url: string): string[] => {
  const parts: string[] = [];
  let last = 0;
  for (const m of url.matchAll(/\{([^{}]*)\}/g)) {
    if (!MACRO_NAMES.has(m[1])) continue;
    parts.push(url.slice(last, m.index), m[1]);
    last = m.index + m[0].length;
  }
  parts.push(url.slice(last));
  return parts;
});

/** `substituteMacros` of @leadgrid/shared (known macros URL-encoded, empty without a value) on a split template */
export function fillUrl(url: string, macros: MacroValues): string {
  const parts = templateOf(url);
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const v = macros[parts[i]];
    if (typeof v === 'number' && Number.isSafeInteger(v))
      out += v; // digits (and a sign): nothing to encode
    else if (v !== undefined && v !== null) out += encodeURIComponent(String(v));
    out += parts[i + 1];
  }
  return out;
}

const safeDecode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/** macros replaced by their plain values (the caller encodes the whole value once) */
const fillRaw = (value: string, macros: MacroValues) =>
  value.replace(/\{([^{}]*)\}/g, (token, name: string) => (name in macros ? String(macros[name] ?? '') : token));

/** the (decoded) names of a query string's parameters */
function paramNames(query: string): string[] {
  const names: string[] = [];
  for (let start = 0; start <= query.length;) {
    let end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    const eq = query.indexOf('=', start);
    const name = query.slice(start, eq >= 0 && eq < end ? eq : end);
    names.push(name.includes('%') ? safeDecode(name) : name);
    start = end + 1;
  }
  return names;
}

/** appends `name=value` pairs the URL does not already carry */
function appendParams(url: string, pairs: [string, string][]): string {
  if (!pairs.length) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const q = base.indexOf('?');
  const existing = q >= 0 ? paramNames(base.slice(q + 1)) : [];
  let add = '';
  for (const [k, v] of pairs) {
    if (existing.includes(k)) continue;
    add += `${add ? '&' : ''}${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
  }
  if (!add) return url;
  const sep = q >= 0 ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${add}${hashAt >= 0 ? url.slice(hashAt) : ''}`;
}

/** the visitor's address when it is one (a forwarded header may carry anything) */
const ipOf = (ip: string | undefined) => (ip && ip.length <= 45 && isIP(ip) ? ip : undefined);

export function makeClick(route: Route, input: ClickInput, isUnique: (key: string) => boolean): ClickOutcome {
  const id = uuidv7(input.now.getTime());
  // the time in the id (later than now only past 4096 ids in one millisecond)
  const idMs = lastUuidMs();
  const ip = ipOf(input.ip);
  const country = countryOf(ip);
  const language = languageOf(input.acceptLanguage);
  const bot = isBot(input.userAgent);
  const query = input.query;
  const subs = SUB_KEYS.map((k) => text(query[k]));
  const params: Record<string, string> = {};
  let extra = 0;
  for (const k in query) {
    if (SUB_SET.has(k) || extra >= PARAMS_MAX || k.length > 64) continue;
    const s = text(query[k]);
    if (s !== null) {
      params[k] = s;
      extra++;
    }
  }
  const macros: MacroValues = {
    click_id: id,
    country,
    ip,
    offer_id: route.offerId,
    campaign_id: route.campaignId,
    affiliate_id: route.affiliateId,
    timestamp: Math.floor(input.now.getTime() / 1000),
    // written out, so the object keeps one shape (a loop adding keys would make it a slower dictionary)
    sub1: subs[0],
    sub2: subs[1],
    sub3: subs[2],
    sub4: subs[3],
    sub5: subs[4],
    sub6: subs[5],
    sub7: subs[6],
    sub8: subs[7],
    sub9: subs[8],
  };

  const test = input.test === true;
  let reason = invalidReason(route, country, bot, test);
  let lander: RouteLander | null = null;
  let location: string | null = null;
  const settings = route.targetUrlSettings;
  const cappedOut = !reason && !test && !!input.capped && !!route.trafficbackUrl;
  if (!reason && !cappedOut) {
    if (settings.mode === 'url' && settings.url) location = fillUrl(settings.url, macros);
    else {
      lander = chooseLander(
        route.landers,
        { country, language, trafficSourceId: route.trafficSourceId, affiliateId: route.affiliateId, teamId: route.teamId },
        input.now,
      );
      if (lander) location = fillUrl(lander.targetUrl, macros);
      else reason = 'no_lander';
    }
  }
  if (location) {
    const pairs: [string, string][] = [];
    if (settings.passSubs !== false) subs.forEach((v, i) => v !== null && pairs.push([`sub${i + 1}`, v]));
    if (settings.passQuery) for (const [k, v] of Object.entries(params)) pairs.push([k, v]);
    for (const p of settings.params ?? []) pairs.push([p.name, fillRaw(p.value, macros)]);
    location = appendParams(location, pairs);
  } else if (route.trafficbackUrl) {
    location = fillUrl(route.trafficbackUrl, macros);
  }
  const valid = !reason;
  const userAgent = input.userAgent ? input.userAgent.slice(0, 1000) : null;
  return {
    location,
    row: {
      id,
      // exactly the time in the id (the partition key a look-up by id computes from it; click-lookup.ts)
      createdAt: idMs === input.now.getTime() ? input.now : new Date(idMs),
      status: valid ? 1 : 2,
      invalidReason: reason,
      isUnique: valid && !test && isUnique(visitorKey(route.campaignId, ip ?? null, userAgent)),
      isBot: bot,
      isTest: test,
      campaignId: route.campaignId,
      offerId: route.offerId,
      affiliateId: route.affiliateId,
      teamId: route.teamId,
      landerId: lander?.id ?? null,
      trafficSourceId: route.trafficSourceId,
      country,
      language,
      ip: ip ?? null,
      userAgent,
      referrer: input.referrer ? input.referrer.slice(0, 2000) : null,
      targetUrl: location ? location.slice(0, 4000) : null,
      subs,
      params: extra ? params : null,
    },
  };
}
