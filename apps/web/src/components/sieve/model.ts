/**
 * What the sieve controls compute without React: the problems of a sieve by path (the shared sieve schema limited to
 * an owner's keys), the server's field errors of a sieve found under a `loc` prefix, and the compact texts of days
 * and schedule windows.
 */
import type { ApiErrorItem } from '@leadgrid/shared/common';
import {
  EMPTY_SIEVE,
  SIEVE_KEYS_BY_OWNER,
  sieveSchema,
  type Schedule,
  type Sieve,
  type SieveInput,
  type SieveKey,
  type SieveOwner,
} from '@leadgrid/shared/inventory/sieves';
import { ApiError } from '../../api/client';

/** message keys (product §8) by path: 'countries.2', 'schedule.timezone', 'schedule.windows.0.from' */
export type SieveErrors = Record<string, string[]>;

export const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** A sieve with every key present (missing lists empty, no schedule). */
export function normalizeSieve(value: SieveInput | Sieve | null | undefined): Sieve {
  const v = (value ?? {}) as Partial<Sieve>;
  return {
    countries: v.countries ?? [],
    languages: v.languages ?? [],
    trafficSourceIds: v.trafficSourceIds ?? [],
    landerIds: v.landerIds ?? [],
    affiliateIds: v.affiliateIds ?? [],
    teamIds: v.teamIds ?? [],
    advertiserIds: v.advertiserIds ?? [],
    schedule: v.schedule ?? null,
  };
}

/** Only the keys an owner uses; the others go to the server empty (SIEVE_KEYS_BY_OWNER). */
export function sieveOf(owner: SieveOwner, value: SieveInput | Sieve | null | undefined): Sieve {
  const full = normalizeSieve(value);
  const out: Sieve = { ...EMPTY_SIEVE };
  for (const key of SIEVE_KEYS_BY_OWNER[owner]) (out as Record<SieveKey, unknown>)[key] = full[key];
  return out;
}

/** The problems of the owner's part of a sieve, by path, as the server would report them. */
export function sieveProblems(owner: SieveOwner, value: SieveInput | Sieve | null | undefined): SieveErrors {
  const parsed = sieveSchema.safeParse(sieveOf(owner, value));
  if (parsed.success) return {};
  const out: SieveErrors = {};
  for (const issue of parsed.error.issues) {
    const key = pathOf(issue.path);
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** true when the sieve matches everything (no list, no schedule window) */
export function isOpenSieve(owner: SieveOwner, value: SieveInput | Sieve | null | undefined): boolean {
  const s = sieveOf(owner, value);
  return SIEVE_KEYS_BY_OWNER[owner].every((k) =>
    k === 'schedule' ? !s.schedule || s.schedule.windows.length === 0 : (s[k] as unknown[]).length === 0,
  );
}

/**
 * The server's errors about a sieve: items of `error.errors` whose `loc` runs through `prefix` (for example
 * `['items', 0]`, or `['data', 2]`) and then `sieve`; their path after `sieve` is the key.
 */
export function sieveServerErrors(error: unknown, prefix: readonly (string | number)[] = []): SieveErrors {
  if (!(error instanceof ApiError)) return {};
  return sieveErrorsFromItems(error.errors, prefix);
}

export function sieveErrorsFromItems(items: readonly ApiErrorItem[], prefix: readonly (string | number)[] = []): SieveErrors {
  const out: SieveErrors = {};
  for (const item of items) {
    const loc = item.loc as readonly (string | number)[];
    const at = loc.lastIndexOf('sieve');
    if (at < 0) continue;
    const before = loc.slice(0, at);
    // the prefix must end right before 'sieve' (after 'body', 'querystring' ...)
    if (prefix.length && pathOf(before.slice(before.length - prefix.length)) !== pathOf(prefix)) continue;
    const key = pathOf(loc.slice(at + 1)) || 'sieve';
    out[key] = [...(out[key] ?? []), item.msg];
  }
  return out;
}

/** The errors whose path is `key` or under it. */
export function errorsUnder(errors: SieveErrors | undefined, key: string): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([path]) => path === key || path.startsWith(`${key}.`))
    .flatMap(([, msgs]) => msgs);
}

/** A window `to` at or before `from` runs past midnight (equal bounds: the whole day). */
export const crossesMidnight = (w: { from: string; to: string }) =>
  /^\d\d:\d\d$/.test(w.from) && /^\d\d:\d\d$/.test(w.to) && w.to <= w.from;

/** ISO weekdays as short names, consecutive runs joined: [1,2,3,4,5] -> 'Mon–Fri', [1,3] -> 'Mon, Wed'. */
export function formatDays(days: readonly number[], dayName: (d: number) => string, everyDay: string): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return everyDay;
  const runs: number[][] = [];
  for (const d of sorted) {
    const last = runs[runs.length - 1];
    if (last && d === last[last.length - 1] + 1) last.push(d);
    else runs.push([d]);
  }
  return runs
    .map((run) => (run.length >= 3 ? `${dayName(run[0])}–${dayName(run[run.length - 1])}` : run.map(dayName).join(', ')))
    .join(', ');
}

/** 'Mon–Fri 09:00–18:00' per window, joined by '; ' */
export function formatWindows(schedule: Schedule, dayName: (d: number) => string, everyDay: string): string {
  return schedule.windows.map((w) => `${formatDays(w.days, dayName, everyDay)} ${w.from}–${w.to}`).join('; ');
}
