/**
 * Display formats of product §9: dates `yyyy.MM.dd[ HH:mm:ss]` in the user's time zone from timestamps in
 * seconds; money, numbers and percentages with two decimals.
 */
import { DAY_MS } from '@leadgrid/shared/constants';
import { formatMoney as formatDecimalMoney } from '@leadgrid/shared/money/decimal';
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

/**
 * One Intl formatter per time zone, kept: dayjs's `tz()` builds a new one on every call (`toLocaleString` with a
 * `timeZone`), which cost a list page most of its render time (docs/decisions/web.md, tables).
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(tz: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(tz);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      // an unknown zone reads as UTC, as before
      format = tz === 'UTC' ? undefined : zoneFormat('UTC');
      if (!format) throw new RangeError(`no formatter for ${tz}`);
    }
    zoneFormats.set(tz, format);
  }
  return format;
}

function zonedText(seconds: Seconds, tz: string, withTime: boolean): string {
  if (seconds === null || seconds === undefined || seconds === '') return EMPTY_VALUE;
  const n = Number(seconds);
  if (!Number.isFinite(n)) return EMPTY_VALUE;
  const date = new Date(n * 1000);
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE;
  const p: Record<string, string> = {};
  for (const part of zoneFormat(tz).formatToParts(date)) p[part.type] = part.value;
  const day = `${p.year!.padStart(4, '0')}.${p.month}.${p.day}`;
  return withTime ? `${day} ${p.hour}:${p.minute}:${p.second}` : day;
}

export function formatDate(seconds: Seconds, tz = 'UTC'): string {
  return zonedText(seconds, tz, false);
}

export function formatDateTime(seconds: Seconds, tz = 'UTC'): string {
  return zonedText(seconds, tz, true);
}

/** Whole days left until `seconds`, rounded up, counted in the time zone `tz`; 0 or less means past. */
export function daysUntil(seconds: number, tz = 'UTC', now: Date = new Date()): number {
  const end = toDayjs(seconds, tz);
  if (!end) return 0;
  const start = dayjs(now).tz(tz);
  return Math.ceil(end.diff(start) / DAY_MS);
}

/** one number formatter per language and decimals, kept (building one per cell was a list page's cost too) */
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (decimals: number) => {
  const locale = i18n.language || 'en';
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format;
};

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

export { personName } from '@leadgrid/shared/people/names';

/** The monospace font of URLs, macros and tokens. */
export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };
