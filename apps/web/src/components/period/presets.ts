/**
 * The period presets of product §9 (today, 7 and 30 days, 3 months, the month so far) as whole calendar days in the
 * user's zone, inclusive — one definition for every screen that filters by days (statistics, dashboard, leads,
 * conversions, invoices).
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DAY_FORMAT = 'YYYY-MM-DD';
export const PRESETS = ['today', 'last7Days', 'last30Days', 'last3Months', 'monthStart'] as const;
export type Preset = (typeof PRESETS)[number];
export interface DayRange {
  dateFrom: string;
  dateTo: string;
}

/** a preset's days, today as seen in the zone `tz` (an unknown zone: UTC) */
export function presetRange(preset: Preset, tz: string, now: Date = new Date()): DayRange {
  let today = dayjs(now).utc();
  try {
    today = dayjs(now).tz(tz);
  } catch {
    // an unknown zone: the day in UTC
  }
  const day = (d: Dayjs) => d.format(DAY_FORMAT);
  const to = day(today);
  switch (preset) {
    case 'today':
      return { dateFrom: to, dateTo: to };
    case 'last7Days':
      return { dateFrom: day(today.subtract(6, 'day')), dateTo: to };
    case 'last30Days':
      return { dateFrom: day(today.subtract(29, 'day')), dateTo: to };
    case 'last3Months':
      return { dateFrom: day(today.subtract(3, 'month')), dateTo: to };
    case 'monthStart':
      return { dateFrom: day(today.startOf('month')), dateTo: to };
  }
}
