/**
 * The /leads URL <-> API query mapping. The URL parameters are named as `GET /leads`'s query (leadListQuery):
 * `dateFrom`/`dateTo` calendar days `yyyy-MM-dd` read by the server in `timezone` (the user's zone), `status` (API
 * lead statuses), `offerId`, `affiliateId`, `advertiserId` (staff), `campaignId`, `verticalId` as comma-separated
 * ids, `country` codes, `leadGrade` keys (`none`: no grade), `sub1`..`sub9` and `search` (id, phone, e-mail or name).
 * Malformed values are dropped. The range presets of product §9 are counted in the user's zone.
 */
import { API_LEAD_STATUSES } from '@leadgrid/shared/constants';
import type { LeadFilterSlug } from '@leadgrid/shared/engine/leads';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Query } from '../../../api/client';
import { idList, textList } from '../../../components/table/urlLists';

dayjs.extend(utc);
dayjs.extend(timezone);

/** sub1..sub9: leads whose sub equals the value */
export const SUB_FILTERS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const;
export type SubFilter = (typeof SUB_FILTERS)[number];
export const SUB_MAX = 255;

export const LEAD_FILTERS = [
  'search',
  'dateFrom',
  'dateTo',
  'status',
  'offerId',
  'affiliateId',
  'advertiserId',
  'campaignId',
  'country',
  'verticalId',
  'leadGrade',
  ...SUB_FILTERS,
] as const;
export type LeadUrlFilter = (typeof LEAD_FILTERS)[number];

/** the URL filters a dependent filter (`GET /leads/filters?filterSlug=…`) edits */
export const SLUG_FILTER: Record<LeadFilterSlug, LeadUrlFilter> = {
  statuses: 'status',
  offers: 'offerId',
  affiliates: 'affiliateId',
  advertisers: 'advertiserId',
  campaigns: 'campaignId',
  countries: 'country',
  verticals: 'verticalId',
  leadGrades: 'leadGrade',
};
/** filters whose values are ids */
export const ID_FILTERS: readonly LeadUrlFilter[] = ['offerId', 'affiliateId', 'advertiserId', 'campaignId', 'verticalId'];
/** the filters staff have and affiliates have not */
export const STAFF_ONLY_FILTERS: readonly LeadUrlFilter[] = ['affiliateId', 'advertiserId'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | undefined): v is string => Boolean(v && DAY.test(v) && dayjs(v, 'YYYY-MM-DD').isValid());

const csv = (list: readonly (string | number)[]) => (list.length ? list.join(',') : undefined);

/** The values of one URL filter as the select shows them (ids as numbers). */
export function filterValues(name: LeadUrlFilter, raw: string | undefined): (string | number)[] {
  if (ID_FILTERS.includes(name)) return idList(raw);
  if (name === 'status') return textList(raw).filter((s) => (API_LEAD_STATUSES as readonly string[]).includes(s));
  if (name === 'country')
    return textList(raw, 2)
      .map((c) => c.toUpperCase())
      .filter((c) => /^[A-Z]{2}$/.test(c));
  return textList(raw);
}

/**
 * The filters of the list as the API reads them (no paging, no ordering): clean values only, the user's zone for the
 * day range, and no staff-only filter for an affiliate.
 */
export function leadFiltersQuery(filters: Partial<Record<string, string | undefined>>, tz: string, staff: boolean): Query {
  const query: Query = {};
  for (const name of LEAD_FILTERS) {
    if (name === 'search' || name === 'dateFrom' || name === 'dateTo') continue;
    if ((SUB_FILTERS as readonly string[]).includes(name)) {
      const sub = filters[name]?.trim();
      if (sub && sub.length <= SUB_MAX) query[name] = sub;
      continue;
    }
    if (!staff && STAFF_ONLY_FILTERS.includes(name)) continue;
    query[name] = csv(filterValues(name, filters[name]));
  }
  const search = filters.search?.trim();
  if (search) query.search = search.slice(0, 200);
  let from = isDay(filters.dateFrom) ? filters.dateFrom : undefined;
  let to = isDay(filters.dateTo) ? filters.dateTo : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  if (from || to) Object.assign(query, { dateFrom: from, dateTo: to, timezone: tz });
  return query;
}

/** The list query: the table's paging and ordering with the clean filters. */
export function leadListQuery(table: Query, filters: Partial<Record<string, string | undefined>>, tz: string, staff: boolean): Query {
  const { orderBy, limit, offset } = table;
  return { orderBy, limit, offset, ...leadFiltersQuery(filters, tz, staff) };
}
