/**
 * Decimal strings of the offer tabs (caps, payment rules): kept as typed (trimmed, a comma read as a dot), never
 * turned into JS numbers; the share of a cap counter against its value for the progress bar.
 */
import { Dec, toDecimal } from '@leadgrid/shared/money/decimal';
import type { Sieve } from '@leadgrid/shared/inventory/sieves';

/** what a decimal field sends: the text trimmed, with a decimal comma as a dot ('' stays '') */
export const decimalInput = (v: string | number | null | undefined): string =>
  String(v ?? '')
    .trim()
    .replace(',', '.');

/** true when the text is a decimal the shared helpers read */
export function isDecimal(v: string): boolean {
  try {
    toDecimal(v);
    return true;
  } catch {
    return false;
  }
}

/**
 * The counter against the value in percent (0..100, whole), for a progress bar; 100 once reached. Decimal arithmetic:
 * a money counter of 0.1 + 0.2 against 0.3 is full.
 */
export function counterPercent(counter: string, value: string): number {
  if (!isDecimal(counter) || !isDecimal(value)) return 0;
  const limit = toDecimal(value);
  if (limit.lte(0)) return 0;
  const share = toDecimal(counter).div(limit).times(100);
  if (share.gte(100)) return 100;
  if (share.lte(0)) return 0;
  return share.toDecimalPlaces(0, Dec.ROUND_DOWN).toNumber();
}

/** true when the counter has reached the value */
export function counterReached(counter: string, value: string): boolean {
  return isDecimal(counter) && isDecimal(value) && toDecimal(value).gt(0) && toDecimal(counter).gte(toDecimal(value));
}

const sortedJson = (list: readonly (string | number)[]) => JSON.stringify([...list].map(String).sort());

/** two sieves restrict the same way (list order does not count) */
export function sameSieve(a: Sieve, b: Sieve): boolean {
  const keys = Object.keys(a) as (keyof Sieve)[];
  return keys.every((k) =>
    k === 'schedule'
      ? JSON.stringify(a.schedule) === JSON.stringify(b.schedule)
      : sortedJson(a[k] as (string | number)[]) === sortedJson(b[k] as (string | number)[]),
  );
}
