import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Batcher (group commit)', () => {
  it('writes the first item at once and the items that arrive meanwhile together, each caller getting its own result', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, string>(
      async (list) => {
        calls.push(list);
        await tick();
        return list.map((n) => `r${n}`);
      },
      { parallel: 1 },
    );
    const out = await Promise.all([1, 2, 3, 4, 5].map((n) => b.add(n)));
    expect(out).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(calls).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('keeps batches within max and runs up to `parallel` at once', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const b = new Batcher<number, number>(
      async (list) => {
        running++;
        most = Math.max(most, running);
        sizes.push(list.length);
        await tick();
        running--;
        return list;
      },
      { max: 3, parallel: 2 },
    );
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => b.add(i)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(most).toBe(2);
  });

  it('when a batch fails, writes its items one by one: only the bad one fails', async () => {
    const b = new Batcher<number, number>(
      async (list) => {
        await tick();
        if (list.includes(3)) throw new Error('bad item 3');
        return list.map((n) => n * 10);
      },
      { parallel: 1 },
    );
    const out = await Promise.allSettled([1, 2, 3, 4].map((n) => b.add(n)));
    expect(out.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([10, 20, 'bad item 3', 40]);
  });

  it('refuses an answer with the wrong number of results', async () => {
    const b = new Batcher<number, number>(async () => [], { parallel: 1 });
    await expect(b.add(1)).rejects.toThrow(/answered 0 results/);
  });
});
