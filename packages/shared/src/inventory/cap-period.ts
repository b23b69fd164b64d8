/**
 * The counting period of a cap at a moment, in the cap's IANA time zone: the key its counter row is stored under
 * and the instants it starts (inclusive) and ends (exclusive, the start of the next period). Days and months follow
 * the local calendar, weeks are ISO weeks (Monday to Sunday, keyed by the ISO week-year: 2026-12-31 may belong to
 * 2027-W01), so a DST day lasts 23 or 25 hours. 'all_time' has one period 'all' without bounds.
 */
import { DateTime } from 'luxon';
import type { CapPeriod } from './sieves';

export interface CapPeriodWindow {
  /** '2026-11-22' (day), '2026-W47' (week), '2026-11' (month) or 'all' */
  key: string;
  /** inclusive; null for all time */
  start: Date | null;
  /** exclusive; null for all time */
  end: Date | null;
}

const UNITS = { day: 'day', week: 'week', month: 'month' } as const;
const FORMATS = { day: 'yyyy-MM-dd', week: "kkkk-'W'WW", month: 'yyyy-MM' } as const;

/** the last period answered per period type and zone: the engine asks again and again within the same period */
const last = new Map<string, CapPeriodWindow>();

export function capPeriod(period: CapPeriod, timezone: string, at: Date): CapPeriodWindow {
  if (period === 'all_time') return { key: 'all', start: null, end: null };
  const cacheKey = `${period} ${timezone}`;
  const hit = last.get(cacheKey);
  const ms = at.getTime();
  if (hit && ms >= hit.start!.getTime() && ms < hit.end!.getTime())
    return { key: hit.key, start: new Date(hit.start!), end: new Date(hit.end!) };
  const found = compute(period, timezone, at);
  last.set(cacheKey, found);
  return { key: found.key, start: new Date(found.start!), end: new Date(found.end!) };
}

function compute(period: Exclude<CapPeriod, 'all_time'>, timezone: string, at: Date): CapPeriodWindow {
  const local = DateTime.fromJSDate(at, { zone: timezone });
  if (!local.isValid) throw new RangeError(`invalid time zone '${timezone}'`);
  const unit = UNITS[period];
  if (!unit) throw new RangeError(`unknown cap period '${String(period)}'`);
  const start = local.startOf(unit);
  // the instant after the last millisecond of the period: the next period's start even when its midnight is skipped
  const end = local.endOf(unit).plus({ milliseconds: 1 });
  return { key: local.toFormat(FORMATS[unit]), start: start.toJSDate(), end: end.toJSDate() };
}
