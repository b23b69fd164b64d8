import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { caps, capCounters as table } from '../../../db/schema';
import { capCounters } from './cap-counters';

const t = await useApp();
const db = t.database.db;
const offer = await t.make.offer();
const newCap = async (value = '20') => (await db.insert(caps).values({ offerId: offer.id, value }).returning())[0];
const stored = async (capId: number, periodKey: string) =>
  (
    await db
      .select()
      .from(table)
      .where(and(eq(table.capId, capId), eq(table.periodKey, periodKey)))
  )[0]?.value;

describe('capCounters.incrementIfOpen', () => {
  it('50 parallel increments against a limit of 20 let exactly 20 through', async () => {
    const cap = await newCap();
    const results = await Promise.all(Array.from({ length: 50 }, () => capCounters.incrementIfOpen(db, cap.id, '2026-11-22', '1', '20')));
    expect(results.filter((r) => r !== null)).toHaveLength(20);
    expect(new Set(results.filter((r) => r !== null))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => String(i + 1))));
    expect(Number(await stored(cap.id, '2026-11-22'))).toBe(20);
  });

  it('the same inside 50 concurrent transactions (how the engine calls it)', async () => {
    const cap = await newCap();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => db.transaction((tx) => capCounters.incrementIfOpen(tx, cap.id, '2026-W47', '1', '20'))),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(20);
    expect(Number(await stored(cap.id, '2026-W47'))).toBe(20);
  });

  it('money amounts: exact decimals, an amount that would overshoot is refused while a smaller one still fits', async () => {
    const cap = await newCap('100');
    expect(await capCounters.incrementIfOpen(db, cap.id, 'all', '33.33333333', '100')).toBe('33.33333333');
    expect(await capCounters.incrementIfOpen(db, cap.id, 'all', '66.66666667', '100')).toBe('100');
    expect(await capCounters.incrementIfOpen(db, cap.id, 'all', '0.00000001', '100')).toBeNull();
    const other = await newCap('10');
    expect(await capCounters.incrementIfOpen(db, other.id, 'all', '11', '10')).toBeNull(); // larger than the limit: nothing written
    expect(await stored(other.id, 'all')).toBeUndefined();
    expect(await capCounters.incrementIfOpen(db, other.id, 'all', '7', '10')).toBe('7');
    expect(await capCounters.incrementIfOpen(db, other.id, 'all', '4', '10')).toBeNull();
    expect(await capCounters.incrementIfOpen(db, other.id, 'all', '3', '10')).toBe('10');
    await expect(capCounters.incrementIfOpen(db, other.id, 'all', '-1', '10')).rejects.toThrow(RangeError);
  });

  it('periods are counted apart; release gives room back, never below 0; read and reset', async () => {
    const cap = await newCap('5');
    await capCounters.incrementIfOpen(db, cap.id, '2026-11-21', '5', '5');
    expect(await capCounters.incrementIfOpen(db, cap.id, '2026-11-22', '5', '5')).toBe('5');
    await capCounters.release(db, cap.id, '2026-11-22', '2');
    expect(await capCounters.incrementIfOpen(db, cap.id, '2026-11-22', '2', '5')).toBe('5');
    await capCounters.release(db, cap.id, '2026-11-21', '9');
    const read = await capCounters.read(db, [
      { capId: cap.id, periodKey: '2026-11-21' },
      { capId: cap.id, periodKey: '2026-11-22' },
      { capId: cap.id, periodKey: '2026-11-23' },
    ]);
    expect([...read.values()]).toEqual(['0', '5', '0']);
    expect(await capCounters.reset(db, cap.id, '2026-11-22', new Date())).toBe('5');
    expect(await capCounters.incrementIfOpen(db, cap.id, '2026-11-22', '5', '5')).toBe('5');
  });
});

describe('capCounters.fill', () => {
  it('raises a counter to the limit (a money amount that no longer fits) and never lowers one', async () => {
    const cap = await newCap('100');
    await capCounters.fill(db, cap.id, 'all', '100');
    expect(Number(await stored(cap.id, 'all'))).toBe(100);
    await capCounters.incrementIfOpen(db, cap.id, '2026-11', '60', '100');
    await capCounters.fill(db, cap.id, '2026-11', '100');
    expect(Number(await stored(cap.id, '2026-11'))).toBe(100);
    expect(await capCounters.incrementIfOpen(db, cap.id, '2026-11', '0.01', '100')).toBeNull();
    await capCounters.fill(db, cap.id, '2026-11', '50');
    expect(Number(await stored(cap.id, '2026-11'))).toBe(100);
  });
});
