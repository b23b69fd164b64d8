import { describe, expect, it } from 'vitest';
import { findMacros, MACRO_NAMES, MACROS, substituteMacros, validateMacros } from './macros';

describe('macros: catalogue', () => {
  it('lists every macro the postbacks and landers use, once', () => {
    for (const name of [
      'click_id',
      'lead_id',
      'sub1',
      'sub9',
      'payout',
      'revenue',
      'currency',
      'status',
      'goal',
      'offer_id',
      'affiliate_id',
      'campaign_id',
      'country',
      'event',
      'conversion_id',
      'timestamp',
    ]) {
      expect(MACRO_NAMES.has(name), name).toBe(true);
    }
    expect(MACRO_NAMES.size).toBe(MACROS.length);
    expect(MACROS.every((x) => /^[a-z0-9_]+$/.test(x.name) && x.description.length > 0)).toBe(true);
  });
});

describe('macros: findMacros', () => {
  it('finds the names in order, without duplicates', () => {
    expect(findMacros('https://t.example/p?cid={click_id}&s={sub1}&again={click_id}&p={payout}')).toEqual(['click_id', 'sub1', 'payout']);
  });

  it('answers nothing for a URL without macros, and keeps odd names as written', () => {
    expect(findMacros('https://t.example/p?a=1')).toEqual([]);
    expect(findMacros('https://t.example/{}?x={ click_id }')).toEqual(['', ' click_id ']);
  });
});

describe('macros: validateMacros', () => {
  it('accepts known macros', () => {
    expect(validateMacros('https://t.example/p?cid={click_id}&amount={payout}&cur={currency}&e={event}')).toBeNull();
  });

  it('reports the first unknown macro by name with the pattern key', () => {
    expect(validateMacros('https://t.example/p?cid={click_id}&x={clickid}&y={foo}')).toEqual({ code: 'pattern', macro: 'clickid' });
    expect(validateMacros('https://t.example/p?cid={CLICK_ID}')).toEqual({ code: 'pattern', macro: 'CLICK_ID' });
    expect(validateMacros('https://t.example/p?cid={}')).toEqual({ code: 'pattern', macro: '' });
  });

  it('refuses staff-only macros in affiliate URLs', () => {
    const url = 'https://t.example/p?r={revenue}';
    expect(validateMacros(url)).toBeNull();
    expect(validateMacros(url, { audience: 'affiliate' })).toEqual({ code: 'pattern', macro: 'revenue' });
  });
});

describe('macros: substituteMacros', () => {
  it('replaces macros with URL-encoded values', () => {
    const url = 'https://t.example/p?cid={click_id}&s1={sub1}&p={payout}&c={country}';
    expect(substituteMacros(url, { click_id: 'abc 1&2', sub1: 'ä/ö?', payout: 12.5, country: 'DE' })).toBe(
      'https://t.example/p?cid=abc%201%262&s1=%C3%A4%2F%C3%B6%3F&p=12.5&c=DE',
    );
  });

  it('empties macros without a value and leaves unknown braces alone', () => {
    expect(substituteMacros('https://t.example/p?a={sub2}&b={lead_id}&c={nope}', { sub2: null })).toBe(
      'https://t.example/p?a=&b=&c={nope}',
    );
  });

  it('never lets a value inject another macro or a parameter', () => {
    expect(substituteMacros('https://t.example/p?a={sub1}&b={sub2}', { sub1: '{sub2}&x=1', sub2: 'two' })).toBe(
      'https://t.example/p?a=%7Bsub2%7D%26x%3D1&b=two',
    );
  });
});
