import { describe, expect, it } from 'vitest';
import { holdConfigCreate, holdConfigUpdate, holdRangeError, isInHoldWindow, nextRelease, type HoldWindow } from './hold-queue';

const utc = (iso: string) => new Date(`${iso}Z`);
const win = (periodStart: string, periodEnd: string, interval = 60, timezone = 'UTC'): HoldWindow => ({
  periodStart,
  periodEnd,
  interval,
  timezone,
});

describe('hold queue: isInHoldWindow', () => {
  it('a daytime window: start inclusive, end exclusive', () => {
    const w = win('09:00', '18:00');
    expect(isInHoldWindow(w, utc('2026-03-10T08:59:59'))).toBe(false);
    expect(isInHoldWindow(w, utc('2026-03-10T09:00:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-10T17:59:59'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-10T18:00:00'))).toBe(false);
  });

  it('a window across midnight', () => {
    const w = win('22:00', '06:00');
    expect(isInHoldWindow(w, utc('2026-03-10T21:59:00'))).toBe(false);
    expect(isInHoldWindow(w, utc('2026-03-10T22:00:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-10T23:59:59'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-11T00:00:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-11T05:59:59'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-11T06:00:00'))).toBe(false);
    expect(isInHoldWindow(w, utc('2026-03-11T12:00:00'))).toBe(false);
  });

  it('reads the clock in the rule time zone', () => {
    // 09:00-18:00 in Moscow (UTC+3) is 06:00-15:00 UTC
    const w = win('09:00', '18:00', 60, 'Europe/Moscow');
    expect(isInHoldWindow(w, utc('2026-03-10T05:59:00'))).toBe(false);
    expect(isInHoldWindow(w, utc('2026-03-10T06:00:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-10T14:59:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-03-10T15:00:00'))).toBe(false);
  });

  it('follows daylight-saving time', () => {
    // New York: EST (UTC-5) in January, EDT (UTC-4) in July; 09:00 local
    const w = win('09:00', '10:00', 60, 'America/New_York');
    expect(isInHoldWindow(w, utc('2026-01-15T14:30:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-07-15T13:30:00'))).toBe(true);
    expect(isInHoldWindow(w, utc('2026-07-15T14:30:00'))).toBe(false);
  });

  it('an unknown zone falls back to UTC', () => {
    expect(isInHoldWindow(win('09:00', '10:00', 60, 'Mars/Base'), utc('2026-03-10T09:30:00'))).toBe(true);
  });
});

describe('hold queue: nextRelease', () => {
  it('before the window: its start', () => {
    expect(nextRelease(win('09:00', '18:00'), utc('2026-03-10T07:15:00'))).toEqual(utc('2026-03-10T09:00:00'));
  });

  it('inside the window: the next interval tick counted from the start', () => {
    const w = win('09:00', '18:00', 45);
    expect(nextRelease(w, utc('2026-03-10T09:00:00'))).toEqual(utc('2026-03-10T09:45:00'));
    expect(nextRelease(w, utc('2026-03-10T09:44:59'))).toEqual(utc('2026-03-10T09:45:00'));
    expect(nextRelease(w, utc('2026-03-10T10:31:00'))).toEqual(utc('2026-03-10T11:15:00'));
  });

  it('the end is not a release: after the last tick comes the next day start', () => {
    const w = win('09:00', '18:00', 60);
    expect(nextRelease(w, utc('2026-03-10T17:00:00'))).toEqual(utc('2026-03-11T09:00:00'));
    expect(nextRelease(w, utc('2026-03-10T20:00:00'))).toEqual(utc('2026-03-11T09:00:00'));
  });

  it('across midnight: ticks continue after 00:00 and stop at the end', () => {
    const w = win('22:00', '06:00', 90);
    expect(nextRelease(w, utc('2026-03-10T21:00:00'))).toEqual(utc('2026-03-10T22:00:00'));
    expect(nextRelease(w, utc('2026-03-10T23:00:00'))).toEqual(utc('2026-03-10T23:30:00'));
    expect(nextRelease(w, utc('2026-03-10T23:30:00'))).toEqual(utc('2026-03-11T01:00:00'));
    // ticks: 22:00 23:30 01:00 02:30 04:00 05:30; after 05:30 the next is 22:00
    expect(nextRelease(w, utc('2026-03-11T05:00:00'))).toEqual(utc('2026-03-11T05:30:00'));
    expect(nextRelease(w, utc('2026-03-11T05:30:00'))).toEqual(utc('2026-03-11T22:00:00'));
  });

  it('across midnight, asked just after midnight: yesterday window is still open', () => {
    const w = win('23:00', '02:00', 60);
    expect(nextRelease(w, utc('2026-03-11T00:10:00'))).toEqual(utc('2026-03-11T01:00:00'));
    expect(nextRelease(w, utc('2026-03-11T01:10:00'))).toEqual(utc('2026-03-11T23:00:00'));
  });

  it('in a time zone ahead of UTC whose local day differs from the UTC day', () => {
    // Tokyo (UTC+9): 08:00 local on 11 March is 23:00 UTC on 10 March
    const w = win('08:00', '12:00', 120, 'Asia/Tokyo');
    expect(nextRelease(w, utc('2026-03-10T20:00:00'))).toEqual(utc('2026-03-10T23:00:00'));
    expect(nextRelease(w, utc('2026-03-10T23:00:00'))).toEqual(utc('2026-03-11T01:00:00'));
    expect(nextRelease(w, utc('2026-03-11T01:00:00'))).toEqual(utc('2026-03-11T23:00:00'));
  });

  it('across a daylight-saving change: wall-clock start, real-minute interval', () => {
    // Berlin switches to summer time on 29 March 2026 at 02:00 local (01:00 UTC)
    const w = win('00:00', '04:00', 60, 'Europe/Berlin');
    // window starts 00:00 CET = 23:00 UTC on 28 March; ticks each real hour while before 04:00 CEST = 02:00 UTC
    expect(nextRelease(w, utc('2026-03-28T22:30:00'))).toEqual(utc('2026-03-28T23:00:00'));
    expect(nextRelease(w, utc('2026-03-29T00:30:00'))).toEqual(utc('2026-03-29T01:00:00'));
    expect(nextRelease(w, utc('2026-03-29T01:30:00'))).toEqual(utc('2026-03-29T22:00:00'));
    // the next day the window starts at 00:00 CEST = 22:00 UTC
  });

  it('release instants are always inside the window', () => {
    const w = win('22:00', '06:00', 37, 'Europe/Kyiv');
    let at = utc('2026-03-10T00:00:00');
    for (let i = 0; i < 60; i++) {
      const next = nextRelease(w, at);
      expect(next.getTime()).toBeGreaterThan(at.getTime());
      expect(isInHoldWindow(w, next)).toBe(true);
      at = next;
    }
  });
});

describe('hold queue: validation', () => {
  it('accepts a window across midnight and applies defaults', () => {
    const v = holdConfigCreate.parse({ geoId: 1, periodStart: '22:00', periodEnd: '06:00', interval: 15 });
    expect(v).toMatchObject({ timezone: 'UTC', fresh: 0, old: 0, status: 'active' });
  });

  it('names the broken half of the range', () => {
    expect(holdRangeError('25:00', '06:00')).toBe('startTime');
    expect(holdRangeError('22:00', '6:00')).toBe('endTime');
    expect(holdRangeError('10:00', '10:00')).toBe('endTime');
    expect(holdRangeError('10:00', undefined)).toBeNull();
    const r = holdConfigCreate.safeParse({ geoId: 1, periodStart: '10:00', periodEnd: '10:00', interval: 15 });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([expect.objectContaining({ message: 'endTime', path: ['periodEnd'] })]);
  });

  it('bounds interval, fresh, old and the time zone', () => {
    const r = holdConfigCreate.safeParse({
      geoId: 1,
      periodStart: '10:00',
      periodEnd: '11:00',
      interval: 0,
      fresh: -1,
      old: 1.5,
      timezone: 'Nowhere/City',
    });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({ interval: 'minMax', fresh: 'min', old: 'number', timezone: 'pattern' });
    expect(holdConfigCreate.safeParse({ geoId: 1, periodStart: '10:00', periodEnd: '11:00', interval: 1441 }).success).toBe(false);
    expect(holdConfigCreate.safeParse({ geoId: 1, periodStart: '10:00', periodEnd: '11:00', interval: 1440 }).success).toBe(true);
  });

  it('an edit with one end only is checked by the server', () => {
    expect(holdConfigUpdate.safeParse({ id: 1, periodStart: '10:00' }).success).toBe(true);
  });
});
