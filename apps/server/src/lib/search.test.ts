import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper';
import { rowsOf } from '../db/client';
import { contains, escapeLike, ilikeContains } from './search';

describe('search kit (lib/search.ts)', () => {
  it('escapes the wildcards of LIKE and its escape, and wraps the text in %', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(contains('Ab')).toBe('%Ab%');
    expect(contains('a_b')).toBe('%a\\_b%');
  });

  describe('on the database', async () => {
    const t = await useApp();
    const match = async (search: string) => {
      const result = await t.database.db.execute(
        sql`select x from (values ('50% off'), ('500 off'), ('a_b'), ('axb'), ('back\\slash'), ('ABC')) as v(x) where ${ilikeContains(sql`x`, search)} order by x`,
      );
      return rowsOf<{ x: string }>(result).map((r) => r.x);
    };

    it('matches anywhere, case-insensitively, with % _ and \\ taken literally', async () => {
      expect(await match('bc')).toEqual(['ABC']);
      expect(await match('0%')).toEqual(['50% off']);
      expect(await match('_')).toEqual(['a_b']);
      expect(await match('k\\s')).toEqual(['back\\slash']);
    });
  });
});
