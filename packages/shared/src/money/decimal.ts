/**
 * Money and exchange rates as decimal strings (architecture §2: never JS floats). A currency's `rate` is the number
 * of its units for one unit of the network's base currency, so the base currency has rate 1.
 */
import DecimalJs from 'decimal.js';

/** 40 significant digits: a 12-digit amount with 8 decimals times a rate with 8 decimals stays exact. */
export const Dec = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type DecimalValue = string | number | DecimalJs;

/** Amounts and rates are kept with up to 8 decimals (product §9). */
export const MONEY_DECIMALS = 8;

const DECIMAL_RE = /^[-+]?\d+([.,]\d+)?$/;

/** Parses '12.5', '12,5' or 12.5; throws on anything else (callers validate input first with zDecimal). */
export function toDecimal(value: DecimalValue): DecimalJs {
  if (DecimalJs.isDecimal(value)) return new Dec(value);
  const s = String(value).trim();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return new Dec(s);
  }
  if (!DECIMAL_RE.test(s)) throw new RangeError(`not a decimal: '${s}'`);
  return new Dec(s.replace(',', '.'));
}

/** Rounds half-up to 8 decimals and answers the plain decimal string without trailing zeros ('0.1', '1', '0.00000001'). */
export function roundMoney(value: DecimalValue, decimals = MONEY_DECIMALS): string {
  const d = toDecimal(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
  return d.isZero() ? '0' : d.toFixed();
}

/** The plain form of a stored decimal: numeric(20,8) '0.92000000' -> '0.92'. */
export const normalizeDecimal = (value: DecimalValue): string => roundMoney(value);

/**
 * Converts `amount` of a currency with `fromRate` into a currency with `toRate` (both per one base unit):
 * amount / fromRate gives base units, times toRate gives the target. Rounded to 8 decimals.
 */
export function convert(amount: DecimalValue, fromRate: DecimalValue, toRate: DecimalValue): string {
  const from = toDecimal(fromRate);
  if (from.lte(0) || toDecimal(toRate).lte(0)) throw new RangeError('a rate must be greater than 0');
  return roundMoney(toDecimal(amount).div(from).times(toDecimal(toRate)));
}

/** The rate of a currency after the base changes to a currency whose old rate was `newBaseRate`. */
export function rebaseRate(rate: DecimalValue, newBaseRate: DecimalValue): string {
  return roundMoney(toDecimal(rate).div(toDecimal(newBaseRate)));
}

export const addMoney = (...values: DecimalValue[]): string =>
  roundMoney(values.reduce<DecimalJs>((sum, v) => sum.plus(toDecimal(v)), new Dec(0)));

export const compareMoney = (a: DecimalValue, b: DecimalValue): -1 | 0 | 1 => toDecimal(a).comparedTo(toDecimal(b)) as -1 | 0 | 1;

export interface FormatMoneyOptions {
  /** shown before the amount, e.g. '$'; when missing, `code` is shown after it */
  symbol?: string | null;
  code?: string | null;
  /** decimals shown (product §9: two by default) */
  decimals?: number;
  locale?: string;
}

/** a locale's group and decimal separators, worked out once per locale (a new Intl formatter per amount was slow) */
const separators = new Map<string, { group: string; point: string }>();
function separatorsOf(locale: string): { group: string; point: string } {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1234.5);
    found = { group: parts.find((p) => p.type === 'group')?.value ?? ',', point: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(locale, found);
  }
  return found;
}

/**
 * Formats an amount for display: grouping by locale, `decimals` places (half-up), symbol before or code after.
 * Works on the decimal string, so 0.1 + 0.2 shows as 0.30 and 1e15 keeps every digit.
 */
export function formatMoney(amount: DecimalValue, opts: FormatMoneyOptions = {}): string {
  const decimals = opts.decimals ?? 2;
  const d = toDecimal(amount).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
  const negative = d.isNegative() && !d.isZero();
  const [int, frac = ''] = d.abs().toFixed(decimals).split('.');
  const { group, point } = separatorsOf(opts.locale ?? 'en');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const number = frac ? `${grouped}${point}${frac}` : grouped;
  const sign = negative ? '-' : '';
  if (opts.symbol) return `${sign}${opts.symbol}${number}`;
  if (opts.code) return `${sign}${number} ${opts.code}`;
  return `${sign}${number}`;
}
