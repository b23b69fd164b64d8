/**
 * Cap counters (architecture §5 "Caps"): one row per cap and period key. The traffic engine takes room in a cap with
 * `incrementIfOpen`, a single conditional upsert, so concurrent leads never push a counter past its limit: the
 * conflicting row is locked by the upsert and the `WHERE` is evaluated on its latest value.
 */
import { compareMoney, normalizeDecimal, toDecimal, type DecimalValue } from '@leadgrid/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { capCounters as table } from '../../../db/schema';

const decimal = (v: DecimalValue) => toDecimal(v).toFixed();

export const capCounters = {
  /**
   * Adds `amount` to the counter of a cap's period when the result stays within `limit`, in ONE statement
   * (`INSERT ... ON CONFLICT DO UPDATE ... WHERE value + amount <= limit RETURNING`). Answers the new value, or
   * null when the cap is closed for this amount (nothing written).
   */
  async incrementIfOpen(db: DbOrTx, capId: number, periodKey: string, amount: DecimalValue, limit: DecimalValue): Promise<string | null> {
    if (compareMoney(amount, 0) < 0) throw new RangeError('a cap increment cannot be negative');
    if (compareMoney(amount, limit) > 0) return null;
    const lim = decimal(limit);
    const rows = await db
      .insert(table)
      .values({ capId, periodKey, value: decimal(amount), updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [table.capId, table.periodKey],
        set: { value: sql`${table.value} + excluded.value`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${table.value} + excluded.value <= ${lim}::numeric`,
      })
      .returning({ value: table.value });
    return rows.length ? normalizeDecimal(rows[0].value) : null;
  },

  /** Gives back room taken by `incrementIfOpen` (a lead that was not delivered after all); never below 0. */
  async release(db: DbOrTx, capId: number, periodKey: string, amount: DecimalValue): Promise<void> {
    await db
      .update(table)
      .set({ value: sql`greatest(${table.value} - ${decimal(amount)}::numeric, 0)`, updatedAt: sql`now()` })
      .where(and(eq(table.capId, capId), eq(table.periodKey, periodKey)));
  },

  /**
   * Raises a period's counter to `limit` (a money cap an amount no longer fits in is full); never lowers it. Answers
   * whether it raised it (false: the counter was already at the limit or past it).
   */
  async fill(db: DbOrTx, capId: number, periodKey: string, limit: DecimalValue): Promise<boolean> {
    const lim = decimal(limit);
    const rows = await db
      .insert(table)
      .values({ capId, periodKey, value: lim, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [table.capId, table.periodKey],
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${table.value} < excluded.value`,
      })
      .returning({ value: table.value });
    return rows.length > 0;
  },

  /** The counters of some caps' periods: `${capId} ${periodKey}` -> value ('0' when never counted). */
  async read(db: DbOrTx, wanted: readonly { capId: number; periodKey: string }[]): Promise<Map<string, string>> {
    const out = new Map(wanted.map((w) => [`${w.capId} ${w.periodKey}`, '0']));
    if (!wanted.length) return out;
    const rows = await db
      .select({ capId: table.capId, periodKey: table.periodKey, value: table.value })
      .from(table)
      .where(
        and(
          inArray(table.capId, [...new Set(wanted.map((w) => w.capId))]),
          inArray(table.periodKey, [...new Set(wanted.map((w) => w.periodKey))]),
        ),
      );
    for (const r of rows) {
      const key = `${r.capId} ${r.periodKey}`;
      if (out.has(key)) out.set(key, normalizeDecimal(r.value));
    }
    return out;
  },

  /** Sets a period's counter to 0 (drop_counter); answers the value it had. */
  async reset(db: DbOrTx, capId: number, periodKey: string, at: Date): Promise<string> {
    const [before] = await db
      .select({ value: table.value })
      .from(table)
      .where(and(eq(table.capId, capId), eq(table.periodKey, periodKey)))
      .for('update');
    await db
      .insert(table)
      .values({ capId, periodKey, value: '0', updatedAt: at })
      .onConflictDoUpdate({ target: [table.capId, table.periodKey], set: { value: '0', updatedAt: at } });
    return before ? normalizeDecimal(before.value) : '0';
  },
};
