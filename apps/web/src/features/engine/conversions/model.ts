/**
 * The /conversions URL <-> API query mapping and what the screen may offer (the server decides; this only hides).
 * URL parameters are named as `GET /conversions`'s query: `dateFrom`/`dateTo` days `yyyy-MM-dd` read by the server
 * in `timezone` (the user's zone), `status` names, `offerId`, `affiliateId`, `advertiserId`, `campaignId`, `goalId` as
 * comma-separated ids, `country` codes, `mark` (late_conversion, none), `isHidden` (0 / 1) and `search`. Malformed
 * values are dropped; affiliates send no staff-only filter.
 */
import {
  CONVERSION_MARKS,
  CONVERSION_STATUS_NAMES,
  conversionTransitionAllowed,
  type ConversionFilterSlug,
  type ConversionStatusAnswer,
} from '@leadgrid/shared/engine/conversions';
import type { TFunction } from 'i18next';
import type { Query } from '../../../api/client';
import { idList, textList } from '../../../components/table/urlLists';
import type { OutcomeText } from '../../../components/OutcomeAlert';

export const CONVERSION_UPDATE = 'conversion.update';

export const CONVERSION_FILTERS = [
  'search',
  'dateFrom',
  'dateTo',
  'status',
  'offerId',
  'affiliateId',
  'advertiserId',
  'campaignId',
  'goalId',
  'country',
  'mark',
  'isHidden',
] as const;
export type ConversionUrlFilter = (typeof CONVERSION_FILTERS)[number];

/** the URL filter each dependent filter (`GET /conversions/filters?filterSlug=…`) edits */
export const SLUG_FILTER: Record<ConversionFilterSlug, ConversionUrlFilter> = {
  statuses: 'status',
  offers: 'offerId',
  affiliates: 'affiliateId',
  advertisers: 'advertiserId',
  campaigns: 'campaignId',
  goals: 'goalId',
  countries: 'country',
  marks: 'mark',
};
const ID_FILTERS: readonly ConversionUrlFilter[] = ['offerId', 'affiliateId', 'advertiserId', 'campaignId', 'goalId'];
/** the filters staff have and affiliates have not */
export const STAFF_ONLY_FILTERS: readonly ConversionUrlFilter[] = ['affiliateId', 'advertiserId', 'isHidden'];
const MARK_VALUES: readonly string[] = [...CONVERSION_MARKS, 'none'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The values of one URL filter as the select shows them (ids as numbers). */
export function filterValues(name: ConversionUrlFilter, raw: string | undefined): (string | number)[] {
  if (ID_FILTERS.includes(name)) return idList(raw);
  if (name === 'status') return textList(raw).filter((s) => (CONVERSION_STATUS_NAMES as readonly string[]).includes(s));
  if (name === 'mark') return textList(raw).filter((s) => MARK_VALUES.includes(s));
  if (name === 'country')
    return textList(raw, 2)
      .map((c) => c.toUpperCase())
      .filter((c) => /^[A-Z]{2}$/.test(c));
  if (name === 'isHidden') return raw === '0' || raw === '1' ? [raw] : [];
  return textList(raw);
}

/** The filters as the API reads them (no paging, no ordering). */
export function conversionFiltersQuery(filters: Partial<Record<string, string | undefined>>, tz: string, staff: boolean): Query {
  const query: Query = {};
  for (const name of CONVERSION_FILTERS) {
    if (name === 'search' || name === 'dateFrom' || name === 'dateTo' || (!staff && STAFF_ONLY_FILTERS.includes(name))) continue;
    const values = filterValues(name, filters[name]);
    if (values.length) query[name] = values.join(',');
  }
  const search = filters.search?.trim();
  if (search) query.search = search.slice(0, 200);
  let from = filters.dateFrom && DAY.test(filters.dateFrom) ? filters.dateFrom : undefined;
  let to = filters.dateTo && DAY.test(filters.dateTo) ? filters.dateTo : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  if (from || to) Object.assign(query, { dateFrom: from, dateTo: to, timezone: tz });
  return query;
}

export function conversionListQuery(table: Query, filters: Partial<Record<string, string | undefined>>, tz: string, staff: boolean): Query {
  const { orderBy, limit, offset } = table;
  return { orderBy, limit, offset, ...conversionFiltersQuery(filters, tz, staff) };
}

/** the status actions and the status each sets */
export const STATUS_ACTIONS = { approve: 3, reject: 4, hold: 2 } as const;
export type StatusAction = keyof typeof STATUS_ACTIONS;
export const STATUS_ACTION_LIST = Object.keys(STATUS_ACTIONS) as StatusAction[];

export const statusName = (status: number) => CONVERSION_STATUS_NAMES[status - 1];

/** the conversions of a selection that may take the action's status (the same rule as the server's) */
export const eligibleFor = <T extends { status: number }>(action: StatusAction, rows: readonly T[]) =>
  rows.filter((r) => conversionTransitionAllowed(r.status, STATUS_ACTIONS[action]));

const hashIds = (list: readonly number[]) => list.map((id) => `#${id}`).join(', ');

/** The words of a status change's answer: all changed, or some changed and some not (with the reasons). */
export function outcomeText(answer: ConversionStatusAnswer, t: TFunction): OutcomeText {
  const postbacks = answer.postbacks ? [t('outcome.postbacks', { count: answer.postbacks })] : [];
  if (answer.outcome === 'all') return { type: 'success', title: t('outcome.all', { ids: hashIds(answer.applied) }), lines: postbacks };
  const failed = answer.failed.map((f) => t('outcome.failedItem', { id: f.id, reason: f.reason })).join(', ');
  return {
    type: 'warning',
    title: t('outcome.partial'),
    lines: [t('outcome.applied', { ids: hashIds(answer.applied) }), t('outcome.failed', { ids: failed }), ...postbacks],
  };
}
