/**
 * The advertisers list's URL <-> API query mapping: the status tab is the path segment
 * (`/advertisers/active|blocked|all`), the filters are URL parameters named as the server's list query
 * (advertiserListQuery: `search` by title, secure id or id; `verticalId`, `platformId`, `tagId`, `managerId` as
 * comma-separated ids).
 */
import type { Query } from '../../../api/client';

export const ADVERTISER_TABS = ['active', 'blocked', 'all'] as const;
export type AdvertiserTab = (typeof ADVERTISER_TABS)[number];
export const ADVERTISER_FILTERS = ['search', 'verticalId', 'platformId', 'tagId', 'managerId'] as const;

/** `/advertisers/blocked` -> 'blocked'; no or an unknown segment is every advertiser */
export function tabOf(pathname: string): AdvertiserTab {
  const segment = pathname.split('/')[2];
  return (ADVERTISER_TABS as readonly string[]).includes(segment) ? (segment as AdvertiserTab) : 'all';
}

/** The list query of a tab and the table's query (paging, sort, filters). */
export function advertiserListQuery(tab: AdvertiserTab, tableQuery: Query): Query {
  return { ...tableQuery, status: tab === 'all' ? undefined : tab };
}

/** A comma-separated id filter as ids (anything else dropped). */
export { idList } from '../../../components/table/urlLists';
