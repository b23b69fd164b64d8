/**
 * The invoice lists' URL <-> API query mapping and the form rules. URL parameters are named as `GET /invoices`'s
 * query: `status`, `affiliateId` / `advertiserId` (comma-separated ids), `currency` (one code), `overdue=1`, `dateFrom`/`dateTo` days
 * `yyyy-MM-dd` read by the server in `timezone` (the user's zone) and `search` (title). Malformed values are dropped.
 */
import { toDecimal } from '@leadgrid/shared/money/decimal';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { ApiError, type Query } from '../../api/client';
import { idList, textList } from '../../components/table/urlLists';
import { INVOICE_STATUSES, type Invoice, type InvoiceType } from './types';

export const INVOICE_FILTERS = ['search', 'status', 'overdue', 'affiliateId', 'advertiserId', 'currency', 'dateFrom', 'dateTo'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function invoiceFiltersQuery(type: InvoiceType, f: Partial<Record<string, string | undefined>>, tz: string): Query {
  const query: Query = { type };
  const statuses = textList(f.status).filter((s) => (INVOICE_STATUSES as readonly string[]).includes(s));
  if (statuses.length) query.status = statuses.join(',');
  const party = type === 'affiliate' ? 'affiliateId' : 'advertiserId';
  const ids = idList(f[party]);
  if (ids.length) query[party] = ids.join(',');
  const currency = f.currency?.toUpperCase();
  if (currency && /^[A-Z]{3}$/.test(currency)) query.currency = currency;
  if (f.overdue === '1') query.overdue = '1';
  const search = f.search?.trim();
  if (search) query.search = search.slice(0, 200);
  let from = f.dateFrom && DAY.test(f.dateFrom) ? f.dateFrom : undefined;
  let to = f.dateTo && DAY.test(f.dateTo) ? f.dateTo : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  if (from || to) Object.assign(query, { dateFrom: from, dateTo: to, timezone: tz });
  return query;
}

export const hasInvoiceFilters = (f: Partial<Record<string, string | undefined>>) => INVOICE_FILTERS.some((k) => Boolean(f[k]));

export const unpaidOf = <T extends Pick<Invoice, 'status'>>(rows: readonly T[]) => rows.filter((r) => r.status === 'unpaid');

/** what is still due on an invoice (its amount less the partial payments) */
export function dueOf(invoice: Pick<Invoice, 'amount' | 'paidAmount'>): string {
  const due = toDecimal(invoice.amount).minus(toDecimal(invoice.paidAmount || '0'));
  return due.isNegative() ? '0' : due.toFixed();
}

/** a picked day at the start of that day in the user's zone, in seconds */
export const dayToSeconds = (day: dayjs.Dayjs, tz: string) => dayjs.tz(day.format('YYYY-MM-DD'), tz).unix();

const asDecimal = (v: unknown) => {
  try {
    return toDecimal(String(v).trim().replace(',', '.'));
  } catch {
    return null;
  }
};

/** an antd rule: the amount is at most `max` (a malformed amount is the format rule's to report) */
export const maxAmountRule = (max: string, message: string): Rule => ({
  validator: async (_r, v) => {
    const d = v === undefined || v === null || v === '' ? null : asDecimal(v);
    if (d && d.gt(toDecimal(max))) throw new Error(message);
  },
});

/** an antd rule: the amount is at least `min` */
export const minAmountRule = (min: string, message: string): Rule => ({
  validator: async (_r, v) => {
    const d = v === undefined || v === null || v === '' ? null : asDecimal(v);
    if (d && d.lt(toDecimal(min))) throw new Error(message);
  },
});

/** the same API error with its `loc` field names renamed to the form's (other errors unchanged) */
export function renameErrorFields(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.message,
    error.errors.map((e) => ({ ...e, loc: e.loc.map((p) => (typeof p === 'string' && names[p] ? names[p] : p)) })),
  );
}
