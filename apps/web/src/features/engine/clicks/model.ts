/**
 * The clicks screens' rules without React: the tabs, the filters kept in the URL, the list query they make
 * (the picker's inclusive end of day becomes the server's exclusive `to`), and the edit form's payload.
 */
import { CLICK_SUBS, type ClickInvalidReason, type ClickTab, type ClickUpdateItem } from '@leadgrid/shared/engine/clicks';
import type { Query } from '../../../api/client';
import { textValues } from '../../../components/table/urlLists';

export const TABS: readonly ClickTab[] = ['valid', 'invalid'];
export const tabOf = (segment: string | undefined): ClickTab => (segment === 'invalid' ? 'invalid' : 'valid');

/** id filters (csv of numbers) and value filters (csv of strings) read from the URL */
export const ID_FILTERS = ['offerId', 'affiliateId', 'campaignId', 'landerId', 'trafficSourceId'] as const;
export const VALUE_FILTERS = ['country', 'deviceType', 'os', 'browser', 'invalidReason'] as const;
export const FLAG_FILTERS = ['unique', 'bot'] as const;
export const FILTERS = ['from', 'to', 'search', 'ip', ...ID_FILTERS, ...VALUE_FILTERS, ...FLAG_FILTERS, ...CLICK_SUBS] as const;
export type FilterName = (typeof FILTERS)[number];
/** the filters behind the "More filters" button (their count shows on it) */
export const MORE_FILTERS = [
  'trafficSourceId',
  'landerId',
  'deviceType',
  'os',
  'browser',
  'invalidReason',
  ...FLAG_FILTERS,
  ...CLICK_SUBS,
] as const;

/** the list query for a tab: filters of the URL, the user's zone, `to` made exclusive, invalid-only filters dropped on the valid tab */
export function listQuery(tab: ClickTab, filters: Record<string, string | undefined>, timezone: string): Query {
  const q: Query = { timezone };
  for (const name of FILTERS) {
    const v = filters[name];
    if (!v) continue;
    if (name === 'invalidReason' && tab === 'valid') continue;
    q[name] = v;
  }
  if (filters.to && Number.isFinite(Number(filters.to))) q.to = String(Number(filters.to) + 1);
  return q;
}

/** the form of the staff edit */
export interface EditValues {
  status: 1 | 2;
  invalidReason?: ClickInvalidReason;
  subs: Record<string, string | undefined>;
}

/** only what changed; status 2 always carries its reason */
export function editPayload(
  id: string,
  before: { status: number; invalidReason: string | null } & Record<string, unknown>,
  values: EditValues,
): ClickUpdateItem | null {
  const item: ClickUpdateItem = { id };
  if (values.status !== before.status || (values.status === 2 && values.invalidReason !== before.invalidReason)) {
    item.status = values.status;
    if (values.status === 2) item.invalidReason = values.invalidReason;
  }
  for (const s of CLICK_SUBS) {
    const next = values.subs[s]?.trim() || null;
    if (next !== ((before[s] as string | null) ?? null)) item[s] = next;
  }
  return Object.keys(item).length > 1 ? item : null;
}

/** the page's query for a tab: the table's paging and ordering with the list query of its URL filters (`listQuery`) */
export function clickListQuery(tab: ClickTab, table: Query, timezone: string): Query {
  const { orderBy, limit, offset } = table;
  return { orderBy, limit, offset, ...listQuery(tab, textValues(table), timezone) };
}
