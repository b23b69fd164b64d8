/**
 * The validation rules of product §5, written once. Each rule answers `true` or the message key of product §8,
 * so forms and the server produce the same keys. Zod field builders on top are used by every schema.
 */
import { z } from 'zod';
import { DESCRIPTION_MAX, FLOAT_DECIMALS, INT_MAX, INT_MIN, PASSWORD_MIN, REASON_MAX, TITLE_MAX } from './constants';

export const MESSAGE_KEYS = [
  'required',
  'minLength',
  'maxlength',
  'length',
  'matchLength',
  'minMaxLength',
  'email',
  'password',
  'number',
  'floatNumber',
  'floatLimit',
  'more',
  'noMore',
  'less',
  'match',
  'min',
  'minMax',
  'phone',
  'url',
  'ip',
  'pattern',
  'onlyLettersAndNumber',
  'startTime',
  'endTime',
  'confirmPassword',
  'unique',
  'integerNumber',
  'hostName',
  'age',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];
export type RuleResult = true | MessageKey;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown) => Number(str(v).replace(',', '.'));

export const EMAIL_RE =
  /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const URL_RE = /^https?:\/\/\S+$/i;
export const PHONE_RE = /^[0-9+\-\s._()]+$/;
export const HASH_RE = /^[A-Za-z0-9]+$/;
export const HOSTNAME_RE = /^(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(?:\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.[A-Za-z]{2,63}$/;
const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET_RE = /^[0-9a-f]{1,4}$/i;

/** Eight groups of 1-4 hex digits, or fewer with one '::'; the last two groups may be written as IPv4. */
function isIpv6(s: string): boolean {
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((h) => (h === '' ? [] : h.split(':')));
  const all = groups.flat();
  let count = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes('.')) {
    if (!IPV4_RE.test(last)) return false;
    all.pop();
    count += 1; // an IPv4 tail stands for two groups
  }
  if (!all.every((g) => HEXTET_RE.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** An optional empty value passes every rule except `required` (product §5). */
export const rules = {
  /** a non-empty array, an object with keys (or a valid Date), otherwise a truthy value (0 and false are missing); blank text is missing */
  required: (v: unknown): RuleResult => {
    if (Array.isArray(v)) return v.length > 0 || 'required';
    if (v instanceof Date) return !Number.isNaN(v.getTime()) || 'required';
    if (v && typeof v === 'object') return Object.keys(v).length > 0 || 'required';
    if (typeof v === 'string') return v.trim() !== '' || 'required';
    return !!v || 'required';
  },
  minLength: (v: unknown, min: number): RuleResult => isBlank(v) || str(v).length >= min || 'minLength',
  maxLength: (v: unknown, max: number): RuleResult => isBlank(v) || str(v).length <= max || 'maxlength',
  length: (v: unknown, len: number): RuleResult => isBlank(v) || str(v).length === len || 'length',
  matchLength: (v: unknown, lengths: readonly number[]): RuleResult => isBlank(v) || lengths.includes(str(v).length) || 'matchLength',
  minMaxLength: (v: unknown, min: number, max: number): RuleResult => {
    if (v === undefined || v === null || v === '') return true;
    const s = str(v);
    return (s.trim() !== '' && s.length >= min && s.length <= max) || 'minMaxLength';
  },
  email: (v: unknown): RuleResult => isBlank(v) || EMAIL_RE.test(str(v).trim()) || 'email',
  password: (v: unknown): RuleResult =>
    v === undefined || v === null || v === '' || new RegExp(`\\S{${PASSWORD_MIN},}`).test(str(v)) || 'password',
  number: (v: unknown): RuleResult => isBlank(v) || (/^\d+$/.test(str(v)) && Number(str(v)) <= INT_MAX) || 'number',
  integerNumber: (v: unknown): RuleResult => {
    if (isBlank(v)) return true;
    const s = str(v);
    return (/^-?\d+$/.test(s) && Number(s) <= INT_MAX && Number(s) > INT_MIN) || 'integerNumber';
  },
  floatNumber: (v: unknown): RuleResult => {
    if (isBlank(v)) return true;
    const s = str(v);
    if (!new RegExp(`^[-+]?\\d+([.,]\\d{1,${FLOAT_DECIMALS}})?$`).test(s)) return 'floatNumber';
    const n = num(s);
    return (n <= INT_MAX && n > INT_MIN) || 'floatNumber';
  },
  floatLimit: (v: unknown, decimals: number): RuleResult => {
    if (isBlank(v)) return true;
    const frac = str(v).replace(',', '.').split('.')[1] ?? '';
    return frac.length <= decimals || 'floatLimit';
  },
  confirmPassword: (v: unknown, other: unknown): RuleResult => v === other || 'confirmPassword',
  /** start time must be before the end reference */
  startTime: (v: unknown, end: unknown): RuleResult =>
    isBlank(v) || isBlank(end) || (TIME_RE.test(str(v)) && TIME_RE.test(str(end)) && str(v) < str(end)) || 'startTime',
  /** end time must be after the start reference */
  endTime: (v: unknown, start: unknown): RuleResult =>
    isBlank(v) || isBlank(start) || (TIME_RE.test(str(v)) && TIME_RE.test(str(start)) && str(v) > str(start)) || 'endTime',
  /** a hold-queue time range needs a valid start and end */
  timeRange: (start: unknown, end: unknown): RuleResult => {
    if (!TIME_RE.test(str(start))) return 'startTime';
    if (!TIME_RE.test(str(end))) return 'endTime';
    return true;
  },
  onlyLettersAndNumber: (v: unknown): RuleResult => isBlank(v) || HASH_RE.test(str(v)) || 'onlyLettersAndNumber',
  less: (v: unknown, max: number): RuleResult => isBlank(v) || num(v) < max || 'less',
  more: (v: unknown, min: number): RuleResult => isBlank(v) || num(v) > min || 'more',
  noMore: (v: unknown, max: number): RuleResult => isBlank(v) || num(v) <= max || 'noMore',
  min: (v: unknown, min: number): RuleResult => isBlank(v) || num(v) >= min || 'min',
  match: (v: unknown, expected: number): RuleResult => isBlank(v) || num(v) === expected || 'match',
  minMax: (v: unknown, min: number, max: number): RuleResult => isBlank(v) || (num(v) >= min && num(v) <= max) || 'minMax',
  /** over N years old; `now` is injectable for tests */
  age: (v: unknown, years: number, now: Date = new Date()): RuleResult => {
    if (isBlank(v)) return true;
    const d = new Date(str(v));
    if (Number.isNaN(d.getTime())) return 'age';
    const limit = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
    return d.getTime() <= limit.getTime() || 'age';
  },
  phone: (v: unknown): RuleResult => isBlank(v) || PHONE_RE.test(str(v)) || 'phone',
  url: (v: unknown): RuleResult => isBlank(v) || URL_RE.test(str(v)) || 'url',
  hostName: (v: unknown): RuleResult => isBlank(v) || HOSTNAME_RE.test(str(v)) || 'hostName',
  pattern: (v: unknown, pattern: RegExp | string): RuleResult => {
    if (isBlank(v)) return true;
    try {
      return new RegExp(pattern).test(str(v)) || 'pattern';
    } catch {
      return 'pattern';
    }
  },
  /** a string that must itself be a valid regular expression */
  regex: (v: unknown): RuleResult => {
    if (isBlank(v)) return true;
    try {
      new RegExp(str(v));
      return true;
    } catch {
      return 'pattern';
    }
  },
  ip: (v: unknown): RuleResult => isBlank(v) || IPV4_RE.test(str(v)) || isIpv6(str(v)) || 'ip',
  /** non-blank, 1 to 200 characters once trimmed (as the server's zTitle counts them) */
  title: (v: unknown): RuleResult => (isBlank(v) ? 'required' : str(v).trim().length <= TITLE_MAX || 'minMaxLength'),
  description: (v: unknown): RuleResult => isBlank(v) || str(v).length <= DESCRIPTION_MAX || 'maxlength',
  /** non-blank, 1 to 500 characters once trimmed */
  reason: (v: unknown): RuleResult => (isBlank(v) ? 'required' : str(v).trim().length <= REASON_MAX || 'minMaxLength'),
  /** always an error: used to show a duplicate reported by the server */
  unique: (): RuleResult => 'unique',
  /** values in a list (the input constructor) must be unique */
  uniqueValues: (values: readonly unknown[]): RuleResult => new Set(values.map((x) => str(x))).size === values.length || 'unique',
} as const;

/** Zod builders that carry the product §8 message keys, used by every request schema. */
const msg = (key: MessageKey) => ({ message: key });

export const zTitle = () => z.string(msg('required')).trim().min(1, msg('required')).max(TITLE_MAX, msg('minMaxLength'));
export const zDescription = () => z.string(msg('maxlength')).max(DESCRIPTION_MAX, msg('maxlength'));
export const zReason = () => z.string(msg('required')).trim().min(1, msg('required')).max(REASON_MAX, msg('minMaxLength'));
export const zEmail = () => z.string(msg('email')).trim().toLowerCase().max(254, msg('maxlength')).regex(EMAIL_RE, msg('email'));
export const zPassword = () =>
  z
    .string(msg('password'))
    .max(200, msg('maxlength'))
    .refine((v) => new RegExp(`\\S{${PASSWORD_MIN},}`).test(v), msg('password'));
export const zUrl = () => z.string(msg('url')).trim().max(2048, msg('maxlength')).regex(URL_RE, msg('url'));
export const zHostName = () => z.string(msg('hostName')).trim().toLowerCase().regex(HOSTNAME_RE, msg('hostName'));
export const zPhone = () => z.string(msg('phone')).trim().max(50, msg('maxlength')).regex(PHONE_RE, msg('phone'));
export const zIp = () => z.string(msg('ip')).refine((v) => rules.ip(v) === true, msg('ip'));
export const zInt = () =>
  z.number(msg('integerNumber')).int(msg('integerNumber')).gt(INT_MIN, msg('integerNumber')).lte(INT_MAX, msg('integerNumber'));
export const zId = () => z.coerce.number(msg('number')).int(msg('number')).positive(msg('number')).lte(INT_MAX, msg('number'));
/** a decimal kept as a string ("12.5"), comma accepted, up to `decimals` places */
export const zDecimal = (decimals = FLOAT_DECIMALS) =>
  z
    .union([z.string(), z.number()], msg('floatNumber'))
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => rules.floatNumber(v) === true && v !== '', msg('floatNumber'))
    .refine((v) => rules.floatLimit(v, decimals) === true, msg('floatLimit'));
export const zTime = () => z.string(msg('startTime')).regex(TIME_RE, msg('startTime'));
