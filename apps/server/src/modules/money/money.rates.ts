/**
 * Rates for money conversions at a past time: a currency's rate history (currency_rates), else its current rate.
 * Loaded once per operation for the currencies involved, then looked up in memory.
 */
import { convert, roundMoney } from '@leadgrid/shared';
import { asc, inArray } from 'drizzle-orm';
import { currencies, currencyRates } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

export interface RateBook {
  /** units of `code` for one base unit at `at` */
  rate(code: string, at: Date): string;
  /** `amount` of `from` in `to`, at the rates of `at` */
  convert(amount: string, from: string, to: string, at: Date): string;
  current(code: string): string | undefined;
}

export async function loadRates(db: DbOrTx, codes: readonly string[]): Promise<RateBook> {
  const wanted = [...new Set(codes)];
  const rows = wanted.length ? await db.select().from(currencies).where(inArray(currencies.code, wanted)) : [];
  const byId = new Map(rows.map((r) => [r.id, r.code]));
  const history = new Map<string, { at: number; rate: string }[]>();
  if (rows.length) {
    const hist = await db
      .select()
      .from(currencyRates)
      .where(inArray(currencyRates.currencyId, [...byId.keys()]))
      .orderBy(asc(currencyRates.validFrom), asc(currencyRates.id));
    for (const h of hist) {
      const code = byId.get(h.currencyId)!;
      if (!history.has(code)) history.set(code, []);
      history.get(code)!.push({ at: h.validFrom.getTime(), rate: h.rate });
    }
  }
  const current = new Map(rows.map((r) => [r.code, r.rate]));
  const rate = (code: string, at: Date) => {
    const list = history.get(code) ?? [];
    let found: string | undefined;
    for (const h of list) if (h.at <= at.getTime()) found = h.rate;
    const r = found ?? current.get(code);
    if (!r) throw new Error(`no rate for ${code}`);
    return r;
  };
  return {
    rate,
    current: (code) => current.get(code),
    convert: (amount, from, to, at) => (from === to ? roundMoney(amount) : convert(amount, rate(from, at), rate(to, at))),
  };
}
