import { describe, expect, it } from 'vitest';
import { EMPTY_SIEVE, sieveSchema, type Schedule, type Sieve } from '../inventory/sieves';
import { inSchedule, matchSieve, whyNot } from './sieve';

const sieve = (s: Partial<Sieve>): Sieve => ({ ...EMPTY_SIEVE, ...s });
const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-23T12:00:00Z'); // a Monday

describe('matchSieve: lists', () => {
  it('an empty sieve matches everything, even a subject without values', () => {
    expect(matchSieve(EMPTY_SIEVE, {}, NOW)).toBe(true);
    expect(matchSieve({}, { country: 'DE' }, NOW)).toBe(true);
  });

  it('countries: case-insensitive subject, unknown country refused', () => {
    const s = sieve({ countries: ['DE', 'AT'] });
    expect(matchSieve(s, { country: 'DE' }, NOW)).toBe(true);
    expect(matchSieve(s, { country: 'at' }, NOW)).toBe(true);
    expect(matchSieve(s, { country: 'FR' }, NOW)).toBe(false);
    expect(whyNot(s, { country: null }, NOW)).toBe('countries');
    expect(whyNot(s, {}, NOW)).toBe('countries');
  });

  it('languages: regional tags and ua count as their language', () => {
    const s = sieve({ languages: ['en', 'uk'] });
    expect(matchSieve(s, { language: 'en-US' }, NOW)).toBe(true);
    expect(matchSieve(s, { language: 'EN' }, NOW)).toBe(true);
    expect(matchSieve(s, { language: 'ua' }, NOW)).toBe(true);
    expect(whyNot(s, { language: 'de' }, NOW)).toBe('languages');
  });

  it('traffic sources, landers, affiliates, teams and advertisers by id', () => {
    const s = sieve({ trafficSourceIds: [3], landerIds: [7], affiliateIds: [10, 11], teamIds: [5], advertiserIds: [9] });
    const ok = { trafficSourceId: 3, landerId: 7, affiliateId: 11, teamId: 5, advertiserId: 9 };
    expect(matchSieve(s, ok, NOW)).toBe(true);
    expect(whyNot(s, { ...ok, trafficSourceId: 4 }, NOW)).toBe('trafficSourceIds');
    expect(whyNot(s, { ...ok, landerId: null }, NOW)).toBe('landerIds');
    expect(whyNot(s, { ...ok, affiliateId: 12 }, NOW)).toBe('affiliateIds');
    expect(whyNot(s, { ...ok, teamId: undefined }, NOW)).toBe('teamIds');
    expect(whyNot(s, { ...ok, advertiserId: 1 }, NOW)).toBe('advertiserIds');
  });

  it('whyNot answers the first failing key in a fixed order', () => {
    const s = sieve({ countries: ['DE'], affiliateIds: [1] });
    expect(whyNot(s, { country: 'FR', affiliateId: 2 }, NOW)).toBe('countries');
    expect(whyNot(s, { country: 'DE', affiliateId: 2 }, NOW)).toBe('affiliateIds');
    expect(whyNot(s, { country: 'DE', affiliateId: 1 }, NOW)).toBeNull();
  });

  it('long lists (looked up through a set) answer the same', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i * 2 + 1);
    const s = sieve({ affiliateIds: ids });
    expect(matchSieve(s, { affiliateId: 1999 }, NOW)).toBe(true);
    expect(matchSieve(s, { affiliateId: 1998 }, NOW)).toBe(false);
    expect(matchSieve(s, { affiliateId: 1 }, NOW)).toBe(true);
  });

  it('works on a sieve parsed by the shared schema', () => {
    const s = sieveSchema.parse({ countries: ['de'], languages: ['EN'] });
    expect(matchSieve(s, { country: 'DE', language: 'en' }, NOW)).toBe(true);
  });
});

describe('matchSieve: schedule', () => {
  const overnight: Schedule = { timezone: 'UTC', windows: [{ days: [1], from: '22:00', to: '02:00' }] };

  it('a window past midnight belongs to the day it starts on', () => {
    const s = sieve({ schedule: overnight });
    expect(matchSieve(s, {}, at('2026-11-23T23:00:00Z'))).toBe(true); // Monday 23:00
    expect(matchSieve(s, {}, at('2026-11-24T01:00:00Z'))).toBe(true); // Tuesday 01:00
    expect(matchSieve(s, {}, at('2026-11-24T01:59:59.999Z'))).toBe(true);
    expect(whyNot(s, {}, at('2026-11-24T02:00:00Z'))).toBe('schedule'); // end is exclusive
    expect(matchSieve(s, {}, at('2026-11-23T01:00:00Z'))).toBe(false); // Monday 01:00 is Sunday's night
    expect(matchSieve(s, {}, at('2026-11-23T21:59:00Z'))).toBe(false);
    expect(matchSieve(s, {}, at('2026-11-24T23:00:00Z'))).toBe(false); // Tuesday 23:00
  });

  it('Sunday night runs into Monday morning (weekday 7 then 1)', () => {
    const s = sieve({ schedule: { timezone: 'UTC', windows: [{ days: [7], from: '20:00', to: '06:00' }] } });
    expect(matchSieve(s, {}, at('2026-11-22T21:00:00Z'))).toBe(true); // Sunday
    expect(matchSieve(s, {}, at('2026-11-23T05:00:00Z'))).toBe(true); // Monday
    expect(matchSieve(s, {}, at('2026-11-23T07:00:00Z'))).toBe(false);
  });

  it('a same-day window: from inclusive, to exclusive; from == to is a whole day', () => {
    const s = sieve({ schedule: { timezone: 'UTC', windows: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }] } });
    expect(matchSieve(s, {}, at('2026-11-23T09:00:00Z'))).toBe(true);
    expect(matchSieve(s, {}, at('2026-11-23T17:59:00Z'))).toBe(true);
    expect(matchSieve(s, {}, at('2026-11-23T18:00:00Z'))).toBe(false);
    expect(matchSieve(s, {}, at('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
    const allDay = sieve({ schedule: { timezone: 'UTC', windows: [{ days: [6], from: '00:00', to: '00:00' }] } });
    expect(matchSieve(allDay, {}, at('2026-11-28T00:00:00Z'))).toBe(true);
    expect(matchSieve(allDay, {}, at('2026-11-28T23:59:59Z'))).toBe(true);
    expect(matchSieve(allDay, {}, at('2026-11-29T00:00:00Z'))).toBe(false);
  });

  it('windows are read on the clock of the schedule time zone', () => {
    const tokyo = sieve({ schedule: { timezone: 'Asia/Tokyo', windows: [{ days: [1], from: '09:00', to: '10:00' }] } });
    const newYork = sieve({ schedule: { timezone: 'America/New_York', windows: [{ days: [1], from: '09:00', to: '10:00' }] } });
    // Monday 09:30 in Tokyo = Monday 00:30 UTC; Monday 09:30 in New York (EST) = Monday 14:30 UTC
    expect(matchSieve(tokyo, {}, at('2026-11-23T00:30:00Z'))).toBe(true);
    expect(matchSieve(newYork, {}, at('2026-11-23T00:30:00Z'))).toBe(false);
    expect(matchSieve(newYork, {}, at('2026-11-23T14:30:00Z'))).toBe(true);
    expect(matchSieve(tokyo, {}, at('2026-11-23T14:30:00Z'))).toBe(false);
    // the same instant is Sunday in New York and Monday in Tokyo
    expect(matchSieve(tokyo, {}, at('2026-11-23T00:59:00Z'))).toBe(true);
  });

  it('DST days keep wall-clock bounds (Europe/Berlin)', () => {
    const s = sieve({ schedule: { timezone: 'Europe/Berlin', windows: [{ days: [7], from: '01:00', to: '04:00' }] } });
    // 2026-03-29 (Sunday): clocks jump 02:00 -> 03:00 CET -> CEST; the window lasts two real hours
    expect(matchSieve(s, {}, at('2026-03-29T00:00:00Z'))).toBe(true); // 01:00 CET
    expect(matchSieve(s, {}, at('2026-03-29T01:30:00Z'))).toBe(true); // 03:30 CEST
    expect(matchSieve(s, {}, at('2026-03-29T02:00:00Z'))).toBe(false); // 04:00 CEST
    expect(matchSieve(s, {}, at('2026-03-28T23:59:00Z'))).toBe(false); // 00:59 CET
    // 2026-10-25 (Sunday): 03:00 CEST -> 02:00 CET; the window lasts four real hours
    expect(matchSieve(s, {}, at('2026-10-24T23:00:00Z'))).toBe(true); // 01:00 CEST
    expect(matchSieve(s, {}, at('2026-10-25T02:59:00Z'))).toBe(true); // 03:59 CET
    expect(matchSieve(s, {}, at('2026-10-25T03:00:00Z'))).toBe(false); // 04:00 CET
  });

  it('a window inside the skipped hour never matches that day', () => {
    const s = { timezone: 'Europe/Berlin', windows: [{ days: [7], from: '02:00', to: '03:00' }] };
    for (let m = -60; m <= 120; m += 5) expect(inSchedule(s, new Date(Date.UTC(2026, 2, 29, 1, 0) + m * 60_000))).toBe(false);
    expect(inSchedule(s, at('2026-04-05T00:30:00Z'))).toBe(true); // next Sunday 02:30 CEST
  });

  it('a schedule without windows restricts nothing; several windows are alternatives', () => {
    expect(matchSieve(sieve({ schedule: { timezone: 'UTC', windows: [] } }), {}, NOW)).toBe(true);
    const s = sieve({
      schedule: {
        timezone: 'UTC',
        windows: [
          { days: [1], from: '08:00', to: '09:00' },
          { days: [1], from: '12:00', to: '13:00' },
        ],
      },
    });
    expect(matchSieve(s, {}, at('2026-11-23T08:30:00Z'))).toBe(true);
    expect(matchSieve(s, {}, at('2026-11-23T12:30:00Z'))).toBe(true);
    expect(matchSieve(s, {}, at('2026-11-23T10:30:00Z'))).toBe(false);
  });

  it('lists are checked before the schedule', () => {
    const s = sieve({ countries: ['DE'], schedule: overnight });
    expect(whyNot(s, { country: 'FR' }, at('2026-11-23T12:00:00Z'))).toBe('countries');
    expect(whyNot(s, { country: 'DE' }, at('2026-11-23T12:00:00Z'))).toBe('schedule');
  });

  it('is fast enough for the hot path', () => {
    const s = sieve({
      countries: ['DE', 'AT', 'CH'],
      affiliateIds: Array.from({ length: 500 }, (_, i) => i + 1),
      schedule: { timezone: 'Europe/Berlin', windows: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00' }] },
    });
    for (let i = 0; i < 2000; i++) matchSieve(s, { country: 'DE', affiliateId: i }, NOW); // warm up
    const started = performance.now();
    let n = 0;
    for (let i = 0; i < 20_000; i++) if (matchSieve(s, { country: 'DE', affiliateId: (i % 600) + 1 }, NOW)) n++;
    const perCall = ((performance.now() - started) * 1000) / 20_000;
    expect(n).toBeGreaterThan(0);
    expect(perCall).toBeLessThan(50); // microseconds; about 2 on an idle core
  });
});
