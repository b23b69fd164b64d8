/**
 * Display formats of spec §9: dates `yyyy.MM.dd[ HH:mm:ss]` in the user's time zone from timestamps in
 * seconds; money, numbers and percentages with two decimals.
 */
import { DAY_MS } from '@leadgrid/shared/constants';
import { formatMoney as formatDecimalMoney } from '@leadgrid/shared/money';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from '../i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs spelling of the shared DATE_FORMAT / DATE_TIME_FORMAT ('yyyy.MM.dd', 'yyyy.MM.dd HH:mm:ss') */
export const DATE_PATTERN = 'YYYY.MM.DD';
export const DATE_TIME_PATTERN = 'YYYY.MM.DD HH:mm:ss';
export const EMPTY_VALUE = '—';

type Seconds = number | string | null | undefined;

const toDayjs = (seconds: Seconds, tz: string) => {
  if (seconds === null || seconds === undefined || seconds === '') return null;
  const n = Number(seconds);
  if (!Number.isFinite(n)) return null;
  const d = dayjs(n * 1000);
  try {
    return d.tz(tz);
  } catch {
    return d.utc();
  }
};

export function formatDate(seconds: Seconds, tz = 'UTC'): string {
  return toDayjs(seconds, tz)?.format(DATE_PATTERN) ?? EMPTY_VALUE;
}

export function formatDateTime(seconds: Seconds, tz = 'UTC'): string {
  return toDayjs(seconds, tz)?.format(DATE_TIME_PATTERN) ?? EMPTY_VALUE;
}

/** Whole days left until `seconds`, rounded up, counted in the time zone `tz`; 0 or less means past. */
export function daysUntil(seconds: number, tz = 'UTC', now: Date = new Date()): number {
  const end = toDayjs(seconds, tz);
  if (!end) return 0;
  const start = dayjs(now).tz(tz);
  return Math.ceil(end.diff(start) / DAY_MS);
}

const numberFormat = (decimals: number) =>
  new Intl.NumberFormat(i18n.language || 'en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const toNumber = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : numberFormat(decimals).format(n);
}

/** Money with two decimals (decimal arithmetic, never floats); the currency code follows the amount. */
export function formatMoney(value: number | string | null | undefined, currency?: string | null, decimals = 2): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  try {
    return formatDecimalMoney(typeof value === 'string' ? value.replace(',', '.') : value, {
      decimals,
      code: currency ?? undefined,
      locale: i18n.language || 'en',
    });
  } catch {
    return EMPTY_VALUE;
  }
}

export function formatPercent(value: number | string | null | undefined, decimals = 2): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : `${numberFormat(decimals).format(n)}%`;
}
