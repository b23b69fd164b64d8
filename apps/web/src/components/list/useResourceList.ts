/**
 * The state of a list page in one hook: the URL-bound table (page, size, sort, search, filters; `useTable`), the
 * feature's list query with the page's own parameters added, and the rows selected for a bulk action. The selection
 * belongs to the list it was made on: another route or other page parameters (a status tab) start with none, while
 * paging and sorting keep it (the bulk bar acts across pages).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { Query } from '../../api/client';
import type { ListData } from '../table/DataTable';
import { useTable, type TableState, type UseTableOptions } from '../table/useTable';

export interface UseResourceListOptions<T> extends UseTableOptions {
  /** the feature's list query, given the table's query with `scope` added (e.g. `useTeams`, `(q) => useCaps(offer.id, q)`) */
  useList: (query: Query) => UseQueryResult<ListData<T>>;
  /** parameters the page adds to the table's query, such as the status of its tab */
  scope?: Query;
}

export interface ResourceList<T> {
  table: TableState;
  list: UseQueryResult<ListData<T>>;
  /** the query the list was asked with */
  query: Query;
  /** a filter of the URL is set */
  filtered: boolean;
  selected: number[];
  setSelected(ids: number[] | ((current: number[]) => number[])): void;
  clearSelection(): void;
  /** antd's row selection bound to `selected`, kept across pages */
  rowSelection(extra?: Omit<TableRowSelection<T>, 'selectedRowKeys' | 'onChange'>): TableRowSelection<T>;
  /** a row's title for a confirmation, `#id` when the row is not on this page */
  titleOf(id: number, title: (row: T) => string): string;
}

export function useResourceList<T extends { id: number }>({ useList, scope, ...tableOptions }: UseResourceListOptions<T>): ResourceList<T> {
  const table = useTable(tableOptions);
  const query: Query = scope ? { ...table.query, ...scope } : table.query;
  const list = useList(query);
  const { pathname } = useLocation();
  const owner = `${pathname}?${JSON.stringify(scope ?? {})}`;
  const [selection, setSelection] = useState<{ owner: string; ids: number[] }>({ owner, ids: [] });
  // another list starts with none, also when the user comes back to the one the rows were selected on
  if (selection.owner !== owner) setSelection({ owner, ids: [] });
  const selected = selection.owner === owner ? selection.ids : [];
  const setSelected: ResourceList<T>['setSelected'] = (next) =>
    setSelection((s) => ({ owner, ids: typeof next === 'function' ? next(s.owner === owner ? s.ids : []) : next }));
  return {
    table,
    list,
    query,
    filtered: Object.values(table.filters).some(Boolean),
    selected,
    setSelected,
    clearSelection: () => setSelected([]),
    rowSelection: (extra) => ({
      selectedRowKeys: selected,
      onChange: (keys) => setSelected(keys as number[]),
      preserveSelectedRowKeys: true,
      ...extra,
    }),
    titleOf: (id, title) => {
      const row = list.data?.items.find((r) => r.id === id);
      return row ? title(row) : `#${id}`;
    },
  };
}
