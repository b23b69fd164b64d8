/**
 * The offer lists' URL <-> API query mapping. Staff: the status tab is the path segment (`/offers/active|inactive|
 * draft|all`), the filters are URL parameters named as the server's list query (offerListQuery: `search` by title or
 * id; `verticalId`, `advertiserId`, `tagIds`, `categoryIds`, `managerId` as comma-separated ids; `geos` as country
 * codes; `isHot` and `accessType`). No `orderBy` means the server's default: hot offers first, then the newest.
 * Affiliates (`/offers/all`): `own=1` is the "Mine" tab; filters vertical, categories, geos and search.
 */
import type { Query } from '../../../api/client';

export const OFFER_TABS = ['active', 'inactive', 'draft', 'all'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];
export const OFFER_FILTERS = [
  'search',
  'verticalId',
  'advertiserId',
  'tagIds',
  'categoryIds',
  'geos',
  'isHot',
  'accessType',
  'managerId',
] as const;
export const AFFILIATE_OFFER_FILTERS = ['search', 'verticalId', 'categoryIds', 'geos', 'own'] as const;

/** `/offers/draft` -> 'draft'; no or an unknown segment is every offer */
export function tabOf(pathname: string): OfferTab {
  const segment = pathname.split('/')[2];
  return (OFFER_TABS as readonly string[]).includes(segment) ? (segment as OfferTab) : 'all';
}

const FLAG = new Set(['0', '1']);
const ACCESS = new Set(['1', '3']);
const codes = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter((c) => /^[A-Z]{2}$/.test(c))
    : [];

/** A comma-separated id filter as ids (anything else dropped). */
export const idList = (v: string | undefined): number[] =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

/** Country codes of the `geos` filter (two letters, upper-cased). */
export const geoList = codes;

/** The staff list query of a tab and the table's query (paging, sort, filters); malformed filter values are dropped. */
export function offerListQuery(tab: OfferTab, table: Query): Query {
  const str = (k: string) => (typeof table[k] === 'string' ? (table[k] as string) : undefined);
  const ids = (k: string) => {
    const list = idList(str(k));
    return list.length ? list.join(',') : undefined;
  };
  const geos = codes(str('geos'));
  return {
    ...table,
    status: tab === 'all' ? undefined : tab,
    search: str('search')?.trim() || undefined,
    verticalId: ids('verticalId'),
    advertiserId: ids('advertiserId'),
    tagIds: ids('tagIds'),
    categoryIds: ids('categoryIds'),
    managerId: ids('managerId'),
    geos: geos.length ? geos.join(',') : undefined,
    isHot: FLAG.has(str('isHot') ?? '') ? str('isHot') : undefined,
    accessType: ACCESS.has(str('accessType') ?? '') ? str('accessType') : undefined,
  };
}

/** The staff counts per status under the same filters (no paging, no status). */
export function offerCountsQuery(listQuery: Query): Query {
  const { status: _s, orderBy: _o, limit: _l, offset: _f, ...filters } = listQuery;
  return filters;
}

/** The affiliate list query (`own` only as 1) and its counts query (without `own`, paging or order). */
export function affiliateOfferQuery(table: Query): { list: Query; counts: Query } {
  const str = (k: string) => (typeof table[k] === 'string' ? (table[k] as string) : undefined);
  const ids = (k: string) => {
    const list = idList(str(k));
    return list.length ? list.join(',') : undefined;
  };
  const geos = codes(str('geos'));
  const filters = {
    search: str('search')?.trim() || undefined,
    verticalId: ids('verticalId'),
    categoryIds: ids('categoryIds'),
    geos: geos.length ? geos.join(',') : undefined,
  };
  return {
    list: { ...filters, own: str('own') === '1' ? '1' : undefined, orderBy: table.orderBy, limit: table.limit, offset: table.offset },
    counts: filters,
  };
}
