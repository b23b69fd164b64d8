import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  ISO_COUNTRY_CODES,
  ISO_LANGUAGE_CODES,
  isoCountries,
  isoLanguages,
  isValidZone,
  normalizeLanguage,
  RENAMED_ZONES,
  timezoneList,
  zoneName,
} from './reference';

describe('normalizeLanguage', () => {
  it('maps ua to uk (product §9) and keeps the base language of a tag', () => {
    expect(normalizeLanguage('ua')).toBe('uk');
    expect(normalizeLanguage('UA')).toBe('uk');
    expect(normalizeLanguage(' ua-UA ')).toBe('uk');
    expect(normalizeLanguage('uk')).toBe('uk');
    expect(normalizeLanguage('en-US')).toBe('en');
    expect(normalizeLanguage('pt_BR')).toBe('pt');
  });
});

describe('ISO look-ups', () => {
  it('names countries and languages in the locale, sorted by name', () => {
    const en = isoCountries('en');
    expect(en).toHaveLength(ISO_COUNTRY_CODES.length);
    expect(en).toContainEqual({ code: 'UA', name: 'Ukraine' });
    expect(isoCountries('ru')).toContainEqual({ code: 'UA', name: 'Украина' });
    const names = en.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const languages = isoLanguages('en');
    expect(languages).toHaveLength(ISO_LANGUAGE_CODES.length);
    expect(languages).toContainEqual({ code: 'uk', name: 'Ukrainian' });
    expect(ISO_LANGUAGE_CODES).not.toContain('ua');
  });
});

describe('timezoneList', () => {
  const winter = timezoneList(new Date('2026-01-15T12:00:00Z'));

  it("titles each zone 'name (+HH:MM)'", () => {
    for (const z of winter) {
      expect(z.offset).toMatch(/^[+-]\d{2}:\d{2}$/);
      expect(z.title).toBe(`${z.name} (${z.offset})`);
    }
    expect(winter).toContainEqual({ name: 'Europe/Kyiv', offset: '+02:00', title: 'Europe/Kyiv (+02:00)' });
    expect(winter).toContainEqual({ name: 'Asia/Kolkata', offset: '+05:30', title: 'Asia/Kolkata (+05:30)' });
    expect(winter).toContainEqual({ name: 'America/New_York', offset: '-05:00', title: 'America/New_York (-05:00)' });
    expect(winter).toContainEqual({ name: 'UTC', offset: '+00:00', title: 'UTC (+00:00)' });
  });

  it('follows daylight saving time at the given moment', () => {
    const summer = timezoneList(new Date('2026-07-15T12:00:00Z'));
    expect(summer).toContainEqual({ name: 'Europe/Kyiv', offset: '+03:00', title: 'Europe/Kyiv (+03:00)' });
  });

  it('orders by offset, then name, each zone once, with current IANA names', () => {
    const minutes = (o: string) => (o[0] === '-' ? -1 : 1) * (Number(o.slice(1, 3)) * 60 + Number(o.slice(4, 6)));
    for (let i = 1; i < winter.length; i++) {
      const [a, b] = [winter[i - 1], winter[i]];
      expect(minutes(a.offset) < minutes(b.offset) || (a.offset === b.offset && a.name.localeCompare(b.name) < 0)).toBe(true);
    }
    expect(new Set(winter.map((z) => z.name)).size).toBe(winter.length);
    for (const legacy of Object.keys(RENAMED_ZONES)) expect(winter.some((z) => z.name === legacy)).toBe(false);
    for (const current of Object.values(RENAMED_ZONES)) expect(isValidZone(current)).toBe(true);
  });
});

describe('zoneName', () => {
  it("uses only the part before ' (' of a stored time zone", () => {
    expect(zoneName('Europe/Kyiv (+02:00)')).toBe('Europe/Kyiv');
    expect(zoneName('America/New_York (-05:00)')).toBe('America/New_York');
    expect(zoneName('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(zoneName('Europe/Kiev')).toBe('Europe/Kiev');
  });

  it('falls back to UTC for an empty or unknown zone', () => {
    expect(zoneName(null)).toBe('UTC');
    expect(zoneName('')).toBe('UTC');
    expect(zoneName('Mars/Olympus (+01:00)')).toBe('UTC');
    expect(isValidZone('Mars/Olympus')).toBe(false);
    expect(isValidZone('Europe/Kyiv')).toBe(true);
  });
});

describe('isValidZone', () => {
  it("accepts what luxon's setZone accepts, and nothing else", () => {
    const names = [
      ...Intl.supportedValuesOf('timeZone'),
      ...Object.values(RENAMED_ZONES),
      ...['UTC', 'utc', 'GMT', 'gmt', 'Etc/GMT+3', 'local', 'System', 'default', 'utc+3', 'UTC-05:30', 'UTC+14', 'utc+'],
      ...['', ' ', 'Fantasia/Castle', 'Sport~~blorp', 'Europe/Kyiv ', 'UTC (+00:00)', 'GMT+3', '+03:00', 'EST', 'est5edt'],
    ];
    for (const name of names) expect([name, isValidZone(name)]).toEqual([name, DateTime.local().setZone(name).isValid]);
  });

  it('zoneName keeps a valid zone and falls back to UTC', () => {
    expect(zoneName('Europe/Kyiv (+02:00)')).toBe('Europe/Kyiv');
    expect(zoneName('Nowhere/Else')).toBe('UTC');
    expect(zoneName(null)).toBe('UTC');
  });
});
