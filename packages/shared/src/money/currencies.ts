/**
 * Currencies (settings). `rate` is the number of units of the currency for one unit of the network's base currency,
 * a decimal string with up to 8 places; the base currency has rate 1. Every rate change is kept in the history.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../constants';
import { toDecimal } from './decimal';
import { rules, zId, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';

export const CURRENCY_STATUSES = ACTIVE_STATUSES;
export const CURRENCY_CODE_RE = /^[A-Z]{3}$/;
export const CURRENCY_NAME_MAX = 100;
export const CURRENCY_SYMBOL_MAX = 8;

/** an ISO-4217-looking code: three latin letters, upper-cased */
export const zCurrencyCode = () => z.string({ message: 'required' }).trim().toUpperCase().regex(CURRENCY_CODE_RE, { message: 'pattern' });

/**
 * A decimal kept as a string ('12.5', comma accepted) with one error per value: a number with too many decimals is
 * 'floatLimit' (not 'floatNumber'), so a form can say what is wrong with it.
 */
export const zDecimalValue = (decimals = 8) =>
  z
    .union([z.string(), z.number()], { message: 'floatNumber' })
    .transform((v) => String(v).trim().replace(',', '.'))
    .superRefine((v, ctx) => {
      const frac = /^[-+]?\d+\.(\d+)$/.exec(v)?.[1];
      if (frac && frac.length > decimals) ctx.addIssue({ code: 'custom', message: 'floatLimit' });
      else if (!isDecimal(v)) ctx.addIssue({ code: 'custom', message: 'floatNumber' });
    });

/** a rate: a decimal with up to 8 places, greater than 0 */
export const zRate = () => zDecimalValue(8).refine((v) => !isDecimal(v) || toDecimal(v).gt(0), { message: 'more' });

/** zod runs every refinement even after a failed one: compare only what parses (the format error is already reported) */
export const isDecimal = (v: string) => rules.floatNumber(v) === true && v !== '';

const zName = () =>
  z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(CURRENCY_NAME_MAX, { message: 'minMaxLength' });
const zSymbol = () =>
  z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(CURRENCY_SYMBOL_MAX, { message: 'minMaxLength' });

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  title: z.string(),
  symbol: z.string(),
  symbolNative: z.string(),
  rate: z.string(),
  /** seconds */
  rateUpdatedAt: z.number().int(),
  status: z.enum(CURRENCY_STATUSES),
  /** the network's base currency (settings baseCurrency): rate 1, always active */
  isBase: z.boolean(),
  createdAt: z.number().int(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyCreate = z.object({
  code: zCurrencyCode(),
  name: zName(),
  title: zTitle(),
  symbol: zSymbol(),
  /** defaults to `symbol` */
  symbolNative: zSymbol().optional(),
  rate: zRate(),
  status: z.enum(CURRENCY_STATUSES, { message: 'required' }).default('active'),
});
export type CurrencyCreate = z.input<typeof currencyCreate>;

/** `code` may be sent back unchanged by a form; a different code is refused (other records refer to it). */
export const currencyUpdate = z.object({
  id: zId(),
  code: zCurrencyCode().optional(),
  name: zName().optional(),
  title: zTitle().optional(),
  symbol: zSymbol().optional(),
  symbolNative: zSymbol().optional(),
  rate: zRate().optional(),
});
export type CurrencyUpdate = z.input<typeof currencyUpdate>;

export const currencyStatusItem = statusChangeItem(CURRENCY_STATUSES);
export const currencyListQuery = listQuerySchema;
/** the rate history of one currency: newest first, paged */
export const currencyRatesQuery = listQuerySchema.pick({ limit: true, offset: true, withMeta: true });
export const currencyCodeParams = z.object({ code: zCurrencyCode() });

/** one entry of a currency's rate history */
export const currencyRateSchema = z.object({
  id: z.number().int(),
  rate: z.string(),
  /** seconds: the rate applies from this moment until the next entry */
  validFrom: z.number().int(),
  /** who set it; null for rates written on first start or by a removed user */
  createdBy: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type CurrencyRate = z.infer<typeof currencyRateSchema>;

/** GET /currencies/rate/:code and the items of /currencies/rates/active */
export const rateAnswerSchema = z.object({ code: z.string(), rate: z.string(), rateUpdatedAt: z.number().int() });
export type RateAnswer = z.infer<typeof rateAnswerSchema>;

export const convertQuery = z.object({
  amount: zDecimalValue(8),
  from: zCurrencyCode(),
  to: zCurrencyCode(),
  /** seconds; the rates valid at that moment are used (default: now) */
  at: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).optional(),
});
export type ConvertQuery = z.input<typeof convertQuery>;

export const convertAnswerSchema = z.object({
  amount: z.string(),
  from: z.string(),
  to: z.string(),
  fromRate: z.string(),
  toRate: z.string(),
  result: z.string(),
  /** seconds */
  at: z.number().int(),
});
export type ConvertAnswer = z.infer<typeof convertAnswerSchema>;
