import { describe, expect, it } from 'vitest';
import { findNul, pgJson } from './pg-text';

describe('text PostgreSQL refuses', () => {
  it('findNul names the path of the first NUL, keys included', () => {
    expect(findNul({ a: 'x', b: { c: 'y\u0000' } })).toEqual(['b', 'c']);
    expect(findNul({ a: { ['k\u0000']: 1 } })).toEqual(['a', 'k']);
    expect(findNul({ a: ['ok', 'x'], n: 1, z: null })).toBeNull();
  });

  it('pgJson is JSON.stringify for clean values, and drops NULs and mends lone surrogates otherwise', () => {
    const clean = [{ a: 'Zoë 🙂', b: 1, c: null, d: 'back\\\\slash' }];
    expect(pgJson(clean)).toBe(JSON.stringify(clean));
    const dirty = [{ body: 'a\u0000b', lone: 'x\ud800y', pair: '🙂' }];
    expect(JSON.parse(pgJson(dirty))).toEqual([{ body: 'ab', lone: 'x\ufffdy', pair: '🙂' }]);
    // a literal backslash-u text takes the careful path and stays as it was
    expect(JSON.parse(pgJson(['\\u0000']))).toEqual(['\\u0000']);
  });
});
