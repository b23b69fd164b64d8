/**
 * Look-ups every signed-in screen loads (product §7): ISO countries and languages in the user's locale and the
 * IANA time zones as 'name (+HH:MM)' (product §9). Names are computed once per locale; time zone offsets once an
 * hour, because daylight saving time moves them.
 */
import { isoCountries, isoLanguages, timezoneList, type Locale, type RefItem } from '@leadgrid/shared';
import type { Ctx } from '../../../http/context';

const HOUR_MS = 3_600_000;
const countryCache = new Map<Locale, RefItem[]>();
const languageCache = new Map<Locale, RefItem[]>();
let zoneCache: { hour: number; items: ReturnType<typeof timezoneList> } | null = null;

function cached(cache: Map<Locale, RefItem[]>, locale: Locale, build: (locale: string) => RefItem[]): RefItem[] {
  let items = cache.get(locale);
  if (!items) {
    items = build(locale);
    cache.set(locale, items);
  }
  return items;
}

export const countries = (locale: Locale) => cached(countryCache, locale, isoCountries);
export const languages = (locale: Locale) => cached(languageCache, locale, isoLanguages);

export function timezones(ctx: Ctx) {
  const now = ctx.now();
  const hour = Math.floor(now.getTime() / HOUR_MS);
  if (zoneCache?.hour !== hour) zoneCache = { hour, items: timezoneList(now) };
  return zoneCache.items;
}
