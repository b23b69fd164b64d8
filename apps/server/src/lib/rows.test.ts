import { describe, expect, it } from 'vitest';
import { reloadByIds } from './rows';

describe('reloadByIds (lib/rows.ts)', () => {
  const table = [{ id: 1, t: 'a' }, { id: 2, t: 'b' }, { id: 3, t: 'c' }];
  const read = async (ids: number[]) => table.filter((r) => ids.includes(r.id)).reverse();

  it('reads each id once and answers in request order, a repeated id once', async () => {
    const asked: number[][] = [];
    const rows = await reloadByIds([3, 1, 3, 2], async (ids) => (asked.push(ids), read(ids)));
    expect(asked).toEqual([[3, 1, 2]]);
    expect(rows.map((r) => r.t)).toEqual(['c', 'a', 'b']);
  });

  it('answers a repeated id each time it is asked with `repeated`', async () => {
    expect((await reloadByIds([2, 2, 1], read, { repeated: true })).map((r) => r.t)).toEqual(['b', 'b', 'a']);
  });
});
