/**
 * The sieve matcher the traffic engine runs in memory (product §3 "Sieve rules"). A sieve matches a subject when every
 * non-empty list contains the subject's value and the moment falls inside the schedule. Empty lists match anything;
 * a subject without a value (an unknown country, no team) fails a list that is not empty.
 *
 * Schedule windows are wall-clock times in the schedule's IANA zone, on ISO weekdays (1 Monday … 7 Sunday):
 * - `from < to`: that day from `from` (inclusive) to `to` (exclusive);
 * - `to <= from`: the window runs past midnight and belongs to the day it STARTS on: "Mon 22:00–02:00" matches
 *   Monday 23:00 and Tuesday 01:00, but not Monday 01:00 (that is Sunday's window, when Sunday is listed);
 *   `from == to` is a whole 24 hours from `from`.
 * Daylight saving: times are compared on the local clock, so a window keeps its wall-clock bounds on DST days (on the
 * spring-forward day the skipped hour simply never occurs; on the fall-back day the repeated hour matches twice).
 * A schedule with no windows restricts nothing.
 */
import { IANAZone } from 'luxon';
import { normalizeLanguage } from '../settings/reference';
import type { Schedule, Sieve, SieveKey } from '../inventory/sieves';

/** what a sieve is matched against: the click's or lead's attributes */
export interface SieveSubject {
  /** ISO country code */
  country?: string | null;
  /** ISO language code ('en', also 'en-US') */
  language?: string | null;
  trafficSourceId?: number | null;
  landerId?: number | null;
  affiliateId?: number | null;
  teamId?: number | null;
  advertiserId?: number | null;
}

/** the sieve parts a matcher reads (any owner's stored sieve; missing lists count as empty) */
export type SieveLike = Partial<Pick<Sieve, Exclude<SieveKey, 'schedule'>>> & { schedule?: Schedule | null };

type ListKey = Exclude<SieveKey, 'schedule'>;
const LIST_KEYS: readonly (readonly [ListKey, keyof SieveSubject])[] = [
  ['countries', 'country'],
  ['languages', 'language'],
  ['trafficSourceIds', 'trafficSourceId'],
  ['landerIds', 'landerId'],
  ['affiliateIds', 'affiliateId'],
  ['teamIds', 'teamId'],
  ['advertiserIds', 'advertiserId'],
];

/** long lists (affiliates) are looked up through a Set built once per list instance */
const SET_FROM = 12;
const sets = new WeakMap<readonly unknown[], Set<unknown>>();
function listHas(list: readonly unknown[], value: unknown): boolean {
  if (list.length < SET_FROM) return list.includes(value);
  let set = sets.get(list);
  if (!set) sets.set(list, (set = new Set(list)));
  return set.has(value);
}

function subjectValue(key: ListKey, subject: SieveSubject): unknown {
  switch (key) {
    case 'countries':
      return subject.country ? subject.country.toUpperCase() : null;
    case 'languages':
      return subject.language ? normalizeLanguage(subject.language) : null;
    default: {
      const field = LIST_KEYS.find(([k]) => k === key)![1];
      return subject[field] ?? null;
    }
  }
}

/** minutes since midnight of 'HH:mm' (validated by the schema) */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The zone's UTC offset (minutes) at an instant. Luxon takes tens of microseconds per call, so the offset is kept per
 * zone for the 15-minute bucket of the last call: every modern transition happens on a quarter hour in UTC, and a
 * bucket is cached only when its first and last millisecond agree (anything else is computed each time).
 */
const BUCKET_MS = 15 * 60_000;
const offsets = new Map<string, { bucket: number; offset: number } | null>();
function offsetAt(timezone: string, ms: number): number | null {
  let cached = offsets.get(timezone);
  if (cached === undefined) {
    cached = IANAZone.isValidZone(timezone) ? { bucket: NaN, offset: 0 } : null;
    offsets.set(timezone, cached);
  }
  if (cached === null) return null;
  const bucket = Math.floor(ms / BUCKET_MS);
  if (cached.bucket === bucket) return cached.offset;
  const zone = IANAZone.create(timezone);
  const offset = zone.offset(ms);
  if (zone.offset(bucket * BUCKET_MS) === offset && zone.offset((bucket + 1) * BUCKET_MS - 1) === offset) {
    cached.bucket = bucket;
    cached.offset = offset;
  }
  return offset;
}

/** whether `at` falls in one of the schedule's windows (see the file comment for midnight and DST) */
export function inSchedule(schedule: Schedule, at: Date): boolean {
  if (!schedule.windows.length) return true;
  const ms = at.getTime();
  const offset = offsetAt(schedule.timezone, ms);
  if (offset === null || Number.isNaN(ms)) return false;
  // the local wall clock, read through the UTC getters of a shifted instant
  const local = new Date(ms + offset * 60_000);
  const day = local.getUTCDay() || 7;
  const previous = day === 1 ? 7 : day - 1;
  const now = local.getUTCHours() * 60 + local.getUTCMinutes();
  for (const w of schedule.windows) {
    const from = minutesOf(w.from);
    const to = minutesOf(w.to);
    if (from < to) {
      if (now >= from && now < to && w.days.includes(day)) return true;
    } else {
      if (now >= from && w.days.includes(day)) return true;
      if (now < to && w.days.includes(previous)) return true;
    }
  }
  return false;
}

/** The first sieve key that refuses the subject (in the order countries, languages, traffic sources, landers,
 * affiliates, teams, advertisers, schedule), or null when the sieve matches. For logs ("why was it skipped"). */
export function whyNot(sieve: SieveLike, subject: SieveSubject, at: Date): SieveKey | null {
  for (const [key] of LIST_KEYS) {
    const list = sieve[key] as readonly unknown[] | undefined;
    if (!list || !list.length) continue;
    const value = subjectValue(key, subject);
    if (value === null || !listHas(list, value)) return key;
  }
  if (sieve.schedule && !inSchedule(sieve.schedule, at)) return 'schedule';
  return null;
}

export function matchSieve(sieve: SieveLike, subject: SieveSubject, at: Date): boolean {
  return whyNot(sieve, subject, at) === null;
}
