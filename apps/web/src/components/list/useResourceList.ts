/**
 * The state of a list page in one hook: the URL-bound table (page, size, sort, search, filters; `useTable`), the
 * feature's list query with the page's own parameters added, and the rows selected for a bulk action. The selection
 * belongs to the list it was made on: another route or other page parameters (a status tab) start with none, while
 * paging and sorting keep it (the bulk bar acts across pages). A list whose answer says more than its total beside the
 * rows (the logins' first date) names that `meta` as the second type parameter; a list whose rows are keyed by another
 * field (a balance by its party's id) gives the table its `rowKey`, and a list whose selection is keyed by another field
 * (the notification rules by their event) gives the hook its `rowKey` too. A list the server sends whole (the
 * notification rules) is filtered on the client with `clientList`.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useState, type Key } from 'react';
import { useLocation } from 'react-router';
import type { Query } from '../../api/client';
import type { ListData } from '../table/DataTable';
import { useTable, type TableState, type UseTableOptions } from '../table/useTable';

/** what a list's answer says beside its rows: the total, and for some lists more */
export type ListMeta = NonNullable<ListData<unknown>['meta']>;

/** a list's answer: its rows and its `meta` */
export interface ListAnswer<T, M extends ListMeta = ListMeta> {
  items: T[];
  meta?: M;
}

export interface UseResourceListOptions<T, M extends ListMeta = ListMeta, K extends Key = number> extends UseTableOptions {
  /** the feature's list query, given the table's query with `scope` added (e.g. `useTeams`, `(q) => useCaps(offer.id, q)`) */
  useList: (query: Query) => UseQueryResult<ListAnswer<T, M>>;
  /** parameters the page adds to the table's query, such as the status of its tab */
  scope?: Query;
  /** what a selected row is known by, when not its `id` (give the table the same `rowKey`) */
  rowKey?: (row: T) => K;
}

/**
 * A list the server sends whole, as the kit's answer: the rows whose `fields` match the query's filters of the same
 * name (a comma list: any of them; no filter: every row), counted. Sort and page stay with the table.
 */
export function clientList<T extends object>(rows: T[], query: Query, fields: readonly (keyof T & string)[]): ListAnswer<T> {
  const wanted = fields.flatMap((f) => {
    const value = query[f];
    return value === undefined || value === null || value === '' ? [] : [{ f, values: String(value).split(',') }];
  });
  const items = rows.filter((row) => wanted.every(({ f, values }) => values.includes(String(row[f]))));
  return { items, meta: { totalCount: items.length } };
}

export interface ResourceList<T, M extends ListMeta = ListMeta, K extends Key = number> {
  table: TableState;
  list: UseQueryResult<ListAnswer<T, M>>;
  /** the query the list was asked with */
  query: Query;
  /** a filter of the URL is set */
  filtered: boolean;
  selected: K[];
  /** the selected rows this list has shown, the current page's copy first (a row selected on another page is kept) */
  selectedRows: T[];
  setSelected(ids: K[] | ((current: K[]) => K[])): void;
  clearSelection(): void;
  /** antd's row selection bound to `selected`, kept across pages */
  rowSelection(extra?: Omit<TableRowSelection<T>, 'selectedRowKeys' | 'onChange'>): TableRowSelection<T>;
  /** a row's title for a confirmation, `#id` when the row is not on this page */
  titleOf(id: K, title: (row: T) => string): string;
}

/** a row's `id`, when it has one */
const idOf = (row: object): unknown => ('id' in row ? row.id : undefined);

export function useResourceList<T extends object, M extends ListMeta = ListMeta, K extends Key = number>({
  useList,
  scope,
  rowKey = idOf as (row: T) => K,
  ...tableOptions
}: UseResourceListOptions<T, M, K>): ResourceList<T, M, K> {
  const table = useTable(tableOptions);
  const query: Query = scope ? { ...table.query, ...scope } : table.query;
  const list = useList(query);
  const { pathname } = useLocation();
  const owner = `${pathname}?${JSON.stringify(scope ?? {})}`;
  const [selection, setSelection] = useState<{ owner: string; ids: K[]; rows: T[] }>({ owner, ids: [], rows: [] });
  // another list starts with none, also when the user comes back to the one the rows were selected on
  if (selection.owner !== owner) setSelection({ owner, ids: [], rows: [] });
  const selected = selection.owner === owner ? selection.ids : [];
  const rowOf = (id: K) => list.data?.items.find((r) => rowKey(r) === id);
  // the rows of the selection are kept with it, so that a row selected on another page is still known
  const setSelected = (next: K[] | ((current: K[]) => K[]), rows: T[] = []) =>
    setSelection((s) => {
      const ids = typeof next === 'function' ? next(s.owner === owner ? s.ids : []) : next;
      const known = [...rows, ...(list.data?.items ?? []), ...(s.owner === owner ? s.rows : [])];
      return { owner, ids, rows: ids.flatMap((id) => known.find((r) => rowKey(r) === id) ?? []) };
    });
  return {
    table,
    list,
    query,
    filtered: Object.values(table.filters).some(Boolean),
    selected,
    selectedRows: selected.flatMap((id) => rowOf(id) ?? selection.rows.find((r) => rowKey(r) === id) ?? []),
    setSelected: (next) => setSelected(next),
    clearSelection: () => setSelected([]),
    rowSelection: (extra) => ({
      selectedRowKeys: selected,
      onChange: (keys, rows) => setSelected(keys as K[], rows.filter(Boolean)),
      preserveSelectedRowKeys: true,
      ...extra,
    }),
    titleOf: (id, title) => {
      const row = rowOf(id);
      return row ? title(row) : `#${id}`;
    },
  };
}
