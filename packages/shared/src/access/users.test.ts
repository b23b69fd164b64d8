import { describe, expect, it } from 'vitest';
import { contactRule, preferenceCreate, PREFERENCE_VALUE_MAX_BYTES, userProfileUpdate, zTimezone } from './users';

describe('contactRule (communication-channel validity)', () => {
  it.each([
    ['telegram', '@ada_lovelace', true],
    ['telegram', 'ada_lovelace', true],
    ['telegram', 'https://t.me/ada_lovelace', true],
    ['telegram', '+44 20 1234 5678', true],
    ['telegram', '@ada', 'pattern'],
    ['telegram', 'ada lovelace', 'pattern'],
    ['skype', 'live:ada.lovelace_1', true],
    ['skype', 'ada.lovelace', true],
    ['skype', 'ada', 'pattern'],
    ['skype', '1ada.lovelace', 'pattern'],
    ['email', 'ada@example.com', true],
    ['email', 'ada@', 'email'],
    ['phone', '+1 (555) 010-0000', true],
    ['phone', '555-CALL', 'phone'],
    ['url', 'https://example.com', true],
    ['url', 'example.com', 'url'],
  ] as const)('%s %j -> %s', (type, value, expected) => {
    expect(contactRule(type, value)).toBe(expected);
  });
});

describe('zTimezone', () => {
  it('keeps the zone name of a "Zone (offset)" title', () => {
    expect(zTimezone().parse('Europe/Kyiv (+02:00)')).toBe('Europe/Kyiv');
    expect(zTimezone().parse('UTC')).toBe('UTC');
  });

  it.each(['Mars/Olympus', '', 'local', 'system', 'default'])('refuses %j', (zone) => {
    expect(zTimezone().safeParse(zone).success).toBe(false);
  });
});

describe('userProfileUpdate', () => {
  const issue = (patch: object) => userProfileUpdate.safeParse({ id: 1, ...patch }).error?.issues[0];

  it('takes a birth date that is a real day, after 1900, of someone over 18', () => {
    expect(issue({ birthDate: '1990-02-28' })).toBeUndefined();
    expect(issue({ birthDate: null })).toBeUndefined();
    expect(issue({ birthDate: '1990-02-30' })).toMatchObject({ message: 'pattern', path: ['birthDate'] });
    expect(issue({ birthDate: '1850-01-01' })).toMatchObject({ message: 'min' });
    expect(issue({ birthDate: new Date().toISOString().slice(0, 10) })).toMatchObject({ message: 'age' });
  });

  it('takes only the product languages', () => {
    expect(issue({ language: 'ru' })).toBeUndefined();
    expect(issue({ language: 'de' })).toMatchObject({ message: 'pattern', path: ['language'] });
  });
});

describe('preference values', () => {
  it(`are kept under ${PREFERENCE_VALUE_MAX_BYTES} bytes of JSON, and may be left out`, () => {
    expect(preferenceCreate.safeParse({ type: 't', name: 'n' }).success).toBe(true);
    expect(preferenceCreate.safeParse({ type: 't', name: 'n', value: 'x'.repeat(PREFERENCE_VALUE_MAX_BYTES - 2) }).success).toBe(true);
    expect(preferenceCreate.safeParse({ type: 't', name: 'n', value: 'x'.repeat(PREFERENCE_VALUE_MAX_BYTES - 1) }).success).toBe(false);
  });

  it('refuse a value nested too deep to measure (no throw)', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = { a: value };
    const res = preferenceCreate.safeParse({ type: 't', name: 'n', value });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ path: ['value'], message: 'maxlength' });
  });
});
