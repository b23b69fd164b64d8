/**
 * Hold queue (settings): leads of a geo that arrive inside a daily window (in the rule's time zone) are held and
 * released in portions. A release happens at the window start and then every `interval` minutes while the window
 * lasts; each release lets out up to `fresh` leads that arrived in the current window and up to `old` leads still
 * held from earlier windows. A window whose end is earlier than its start runs across midnight (22:00–06:00).
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { ACTIVE_STATUSES, INT_MAX } from '../constants';
import { isValidZone } from '../settings/reference';
import { zId } from '../validation';
import { geoRefSchema } from '../settings/geos';
import { listQuerySchema, statusChangeItem } from '../common';

export const HOLD_STATUSES = ACTIVE_STATUSES;
export const HOLD_INTERVAL_MIN = 1;
export const HOLD_INTERVAL_MAX = 1440;
export const HOLD_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const zHoldTime = (key: 'startTime' | 'endTime') => z.string({ message: key }).trim().regex(HOLD_TIME_RE, { message: key });
const zCount = () =>
  z.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).max(INT_MAX, { message: 'number' });
const zInterval = () =>
  z
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(HOLD_INTERVAL_MIN, { message: 'minMax' })
    .max(HOLD_INTERVAL_MAX, { message: 'minMax' });
const zZone = () =>
  z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(64, { message: 'maxlength' })
    .refine((v) => isValidZone(v), { message: 'pattern' });

/**
 * product §5: a hold-queue time range needs a valid start and end. Start and end may not be equal (an empty, or
 * ambiguous whole-day, window); the error is on the end.
 */
export function holdRangeError(start: string | undefined, end: string | undefined): 'startTime' | 'endTime' | null {
  if (start === undefined || end === undefined) return null;
  if (!HOLD_TIME_RE.test(start)) return 'startTime';
  if (!HOLD_TIME_RE.test(end)) return 'endTime';
  return start === end ? 'endTime' : null;
}

const rangeCheck = (v: { periodStart?: string; periodEnd?: string }, ctx: z.RefinementCtx) => {
  const err = holdRangeError(v.periodStart, v.periodEnd);
  if (err) ctx.addIssue({ code: 'custom', message: err, path: [err === 'startTime' ? 'periodStart' : 'periodEnd'] });
};

export const holdConfigSchema = z.object({
  id: z.number().int(),
  geo: geoRefSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  timezone: z.string(),
  /** minutes between releases */
  interval: z.number().int(),
  fresh: z.number().int(),
  old: z.number().int(),
  status: z.enum(HOLD_STATUSES),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
});
export type HoldConfig = z.infer<typeof holdConfigSchema>;

export const holdConfigCreate = z
  .object({
    geoId: zId(),
    periodStart: zHoldTime('startTime'),
    periodEnd: zHoldTime('endTime'),
    timezone: zZone().default('UTC'),
    interval: zInterval(),
    fresh: zCount().default(0),
    old: zCount().default(0),
    status: z.enum(HOLD_STATUSES, { message: 'required' }).default('active'),
  })
  .superRefine(rangeCheck);
export type HoldConfigCreate = z.input<typeof holdConfigCreate>;

/** the range is checked again by the server against the stored half when only one end is sent */
export const holdConfigUpdate = z
  .object({
    id: zId(),
    geoId: zId().optional(),
    periodStart: zHoldTime('startTime').optional(),
    periodEnd: zHoldTime('endTime').optional(),
    timezone: zZone().optional(),
    interval: zInterval().optional(),
    fresh: zCount().optional(),
    old: zCount().optional(),
  })
  .superRefine(rangeCheck);
export type HoldConfigUpdate = z.input<typeof holdConfigUpdate>;

export const holdStatusItem = statusChangeItem(HOLD_STATUSES);
export const holdListQuery = listQuerySchema.extend({ geoId: zId().optional() });
export type HoldListQuery = z.input<typeof holdListQuery>;

/** What the window helpers need of a config. */
export interface HoldWindow {
  periodStart: string;
  periodEnd: string;
  timezone: string;
  /** minutes between releases */
  interval: number;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

const zoneOf = (w: HoldWindow) => (isValidZone(w.timezone) ? w.timezone : 'UTC');

/** Whether `at` falls inside the config's daily window, in the config's time zone. Start inclusive, end exclusive. */
export function isInHoldWindow(config: HoldWindow, at: Date): boolean {
  const local = DateTime.fromJSDate(at, { zone: zoneOf(config) });
  const t = local.hour * 60 + local.minute + local.second / 60 + local.millisecond / 60000;
  const start = minutesOf(config.periodStart);
  const end = minutesOf(config.periodEnd);
  if (start === end) return true;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/** The window that starts on local day `day` (its start and end as instants; the end may fall on the next day). */
function windowOn(config: HoldWindow, day: DateTime): { start: DateTime; end: DateTime } {
  const s = minutesOf(config.periodStart);
  const e = minutesOf(config.periodEnd);
  const start = day.set({ hour: Math.floor(s / 60), minute: s % 60, second: 0, millisecond: 0 });
  const endDay = e <= s ? day.plus({ days: 1 }) : day;
  const end = endDay.set({ hour: Math.floor(e / 60), minute: e % 60, second: 0, millisecond: 0 });
  return { start, end };
}

/**
 * The first release strictly after `at`: releases fall on the window start and every `interval` minutes after it
 * while the window lasts (the end itself is not a release). Wall-clock start and end follow the time zone's
 * daylight-saving changes; the interval counts real minutes.
 */
export function nextRelease(config: HoldWindow, at: Date): Date {
  const zone = zoneOf(config);
  const step = Math.max(HOLD_INTERVAL_MIN, Math.min(HOLD_INTERVAL_MAX, Math.floor(config.interval))) * 60_000;
  const now = at.getTime();
  const today = DateTime.fromJSDate(at, { zone }).startOf('day');
  let best: number | null = null;
  // yesterday's window may still be open (across midnight); two days ahead is always enough to find the next start
  for (let d = -1; d <= 2; d++) {
    const { start, end } = windowOn(config, today.plus({ days: d }));
    const s = start.toMillis();
    const e = end.toMillis();
    let tick: number;
    if (now < s) tick = s;
    else tick = s + (Math.floor((now - s) / step) + 1) * step;
    if (tick < e && tick > now && (best === null || tick < best)) best = tick;
  }
  return new Date(best!);
}
