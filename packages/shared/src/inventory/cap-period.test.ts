import { describe, expect, it } from 'vitest';
import { capPeriod } from './cap-period';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const at = (s: string) => new Date(s);

describe('capPeriod', () => {
  it('day in UTC: the last millisecond and midnight fall in different periods', () => {
    const before = capPeriod('day', 'UTC', at('2026-11-22T23:59:59.999Z'));
    const after = capPeriod('day', 'UTC', at('2026-11-23T00:00:00.000Z'));
    expect(before).toEqual({ key: '2026-11-22', start: at('2026-11-22T00:00:00Z'), end: at('2026-11-23T00:00:00Z') });
    expect(after.key).toBe('2026-11-23');
    expect(after.start).toEqual(before.end);
  });

  it('day in a zone: local midnight, expressed in UTC', () => {
    // Europe/Moscow is UTC+3: 2026-11-22 21:00 UTC is already the 23rd there
    const p = capPeriod('day', 'Europe/Moscow', at('2026-11-22T21:00:00Z'));
    expect(p.key).toBe('2026-11-23');
    expect(iso(p.start)).toBe('2026-11-22T21:00:00.000Z');
    expect(iso(p.end)).toBe('2026-11-23T21:00:00.000Z');
    expect(capPeriod('day', 'Europe/Moscow', at('2026-11-22T20:59:59.999Z')).key).toBe('2026-11-22');
    // America/Los_Angeles (UTC-8 in November): 07:59 UTC is still the previous day
    expect(capPeriod('day', 'America/Los_Angeles', at('2026-11-23T07:59:59.999Z')).key).toBe('2026-11-22');
    expect(capPeriod('day', 'America/Los_Angeles', at('2026-11-23T08:00:00Z')).key).toBe('2026-11-23');
  });

  it('ISO week starts on Monday and is keyed by the ISO week-year', () => {
    const sunday = capPeriod('week', 'UTC', at('2026-11-22T23:59:59.999Z'));
    const monday = capPeriod('week', 'UTC', at('2026-11-23T00:00:00Z'));
    expect(sunday).toEqual({ key: '2026-W47', start: at('2026-11-16T00:00:00Z'), end: at('2026-11-23T00:00:00Z') });
    expect(monday.key).toBe('2026-W48');
    // 2026-12-31 is a Thursday of ISO week 2026-W53; 2027-01-01 (Friday) too
    expect(capPeriod('week', 'UTC', at('2026-12-31T12:00:00Z')).key).toBe('2026-W53');
    expect(capPeriod('week', 'UTC', at('2027-01-01T12:00:00Z')).key).toBe('2026-W53');
    expect(capPeriod('week', 'UTC', at('2027-01-04T00:00:00Z')).key).toBe('2027-W01');
    // 2024-12-30 (Monday) belongs to 2025-W01
    expect(capPeriod('week', 'UTC', at('2024-12-30T00:00:00Z')).key).toBe('2025-W01');
  });

  it('month: the last instant of a month, February of a leap year, a zone ahead of UTC', () => {
    expect(capPeriod('month', 'UTC', at('2026-11-30T23:59:59.999Z'))).toEqual({
      key: '2026-11',
      start: at('2026-11-01T00:00:00Z'),
      end: at('2026-12-01T00:00:00Z'),
    });
    expect(capPeriod('month', 'UTC', at('2026-12-01T00:00:00Z')).key).toBe('2026-12');
    expect(iso(capPeriod('month', 'UTC', at('2028-02-15T00:00:00Z')).end)).toBe('2028-03-01T00:00:00.000Z');
    const tokyo = capPeriod('month', 'Asia/Tokyo', at('2026-11-30T15:00:00Z')); // Dec 1st 00:00 in Tokyo
    expect(tokyo.key).toBe('2026-12');
    expect(iso(tokyo.start)).toBe('2026-11-30T15:00:00.000Z');
    expect(capPeriod('month', 'UTC', at('2026-12-31T23:59:59.999Z')).key).toBe('2026-12');
    expect(iso(capPeriod('month', 'UTC', at('2026-12-31T23:59:59.999Z')).end)).toBe('2027-01-01T00:00:00.000Z');
  });

  it('DST days last 23 and 25 hours', () => {
    const spring = capPeriod('day', 'Europe/Berlin', at('2026-03-29T12:00:00Z'));
    expect(spring.key).toBe('2026-03-29');
    expect(iso(spring.start)).toBe('2026-03-28T23:00:00.000Z'); // 00:00 CET
    expect(iso(spring.end)).toBe('2026-03-29T22:00:00.000Z'); // 00:00 CEST
    expect(spring.end!.getTime() - spring.start!.getTime()).toBe(23 * 3600_000);
    const autumn = capPeriod('day', 'Europe/Berlin', at('2026-10-25T12:00:00Z'));
    expect(autumn.end!.getTime() - autumn.start!.getTime()).toBe(25 * 3600_000);
    // a week with the spring change is one hour short
    const week = capPeriod('week', 'Europe/Berlin', at('2026-03-29T12:00:00Z'));
    expect(week.end!.getTime() - week.start!.getTime()).toBe((7 * 24 - 1) * 3600_000);
  });

  it('a zone whose midnight is skipped starts its day at the first existing instant', () => {
    // America/Santiago moved clocks from 00:00 to 01:00 on 2026-09-06
    const p = capPeriod('day', 'America/Santiago', at('2026-09-06T12:00:00Z'));
    expect(p.key).toBe('2026-09-06');
    const previous = capPeriod('day', 'America/Santiago', at('2026-09-05T12:00:00Z'));
    expect(previous.end).toEqual(p.start);
  });

  it('all time is one period without bounds', () => {
    expect(capPeriod('all_time', 'Europe/Berlin', at('2026-11-22T00:00:00Z'))).toEqual({ key: 'all', start: null, end: null });
  });

  it('an invalid zone is an error, not a silent UTC', () => {
    expect(() => capPeriod('day', 'Mars/Olympus', at('2026-11-22T00:00:00Z'))).toThrow(RangeError);
  });
});
