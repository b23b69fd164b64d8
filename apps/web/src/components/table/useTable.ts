/**
 * The shared table hook (style §5, refine's useTable as the model): antd Table pagination, sorting and
 * filters <-> the list query (`orderBy=field:asc|desc`, `limit`, `offset`, filters) <-> URL search params,
 * so a list can be bookmarked and the back button works. Defaults are not written to the URL.
 */
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@leadgrid/shared/constants';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '../../api/client';

export interface UseTableOptions {
  /** `field:asc|desc` used when the URL has none */
  defaultOrderBy?: string;
  /** page size when the URL has none (25; statistics 50) */
  defaultLimit?: number;
  /** names of the filter parameters this list reads from the URL */
  filters?: readonly string[];
}

export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface TableState {
  /** the list query for the API (empty values and a zero offset are dropped by the client) */
  query: Query;
  limit: number;
  offset: number;
  sort: TableSort | null;
  filters: Record<string, string | undefined>;
  /** current page, 1-based */
  page: number;
  setFilters(patch: Record<string, string | number | readonly (string | number)[] | null | undefined>): void;
  setPage(page: number, pageSize?: number): void;
  reset(): void;
  sortOrderOf(field: string): SortOrder;
  pagination(total: number | undefined): TablePaginationConfig;
  /** antd Table onChange */
  onChange: NonNullable<TableProps<never>['onChange']>;
}

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

export function parseOrderBy(value: string | null | undefined): TableSort | null {
  const m = /^([A-Za-z0-9_.]+):(asc|desc)$/i.exec(value ?? '');
  return m ? { field: m[1], direction: m[2].toLowerCase() as 'asc' | 'desc' } : null;
}

const positiveInt = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
};

export function useTable(options: UseTableOptions = {}): TableState {
  const { defaultOrderBy, defaultLimit = PAGE_SIZE } = options;
  const filterList = (options.filters ?? []).join(',');
  const filterNames = useMemo(() => (filterList ? filterList.split(',') : []), [filterList]);
  const [params, setParams] = useSearchParams();

  const rawLimit = positiveInt(params.get('limit'), defaultLimit, MAX_PAGE_SIZE);
  const limit = rawLimit > 0 ? rawLimit : defaultLimit;
  const offset = positiveInt(params.get('offset'), 0);
  const orderBy = params.get('orderBy') ?? defaultOrderBy ?? null;
  const sort = parseOrderBy(orderBy);
  const search = params.toString();
  const filters = useMemo(() => {
    const current = new URLSearchParams(search);
    return Object.fromEntries(filterNames.map((name) => [name, current.get(name) || undefined])) as Record<string, string | undefined>;
  }, [search, filterNames]);

  const update = useCallback(
    (patch: Record<string, string | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (next.get('limit') === String(defaultLimit)) next.delete('limit');
          if (next.get('offset') === '0') next.delete('offset');
          if (defaultOrderBy && next.get('orderBy') === defaultOrderBy) next.delete('orderBy');
          return next;
        },
        { replace: false },
      );
    },
    [setParams, defaultLimit, defaultOrderBy],
  );

  const setFilters: TableState['setFilters'] = useCallback(
    (patch) => {
      const values: Record<string, string | null> = { offset: null };
      for (const [key, value] of Object.entries(patch)) {
        values[key] =
          value === null || value === undefined ? null : Array.isArray(value) ? (value.length ? value.join(',') : null) : String(value);
      }
      update(values);
    },
    [update],
  );

  const setPage = useCallback(
    (page: number, pageSize?: number) => {
      const size = pageSize ?? limit;
      // a new page size starts from the first page
      const first = pageSize !== undefined && pageSize !== limit;
      update({ limit: String(size), offset: String(first ? 0 : Math.max(0, (page - 1) * size)) });
    },
    [update, limit],
  );

  const reset = useCallback(() => {
    update(Object.fromEntries(['limit', 'offset', 'orderBy', ...filterNames].map((k) => [k, null])));
  }, [update, filterNames]);

  const onChange: TableState['onChange'] = (pagination, tableFilters, sorter, extra) => {
    if (extra.action === 'paginate') {
      setPage(pagination.current ?? 1, pagination.pageSize);
      return;
    }
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.order ? String(s.columnKey ?? (Array.isArray(s.field) ? s.field.join('.') : s.field)) : null;
      update({ orderBy: field && s?.order ? `${field}:${s.order === 'ascend' ? 'asc' : 'desc'}` : null, offset: null });
      return;
    }
    if (extra.action === 'filter') {
      const patch: Record<string, readonly (string | number)[] | null> = {};
      for (const [key, value] of Object.entries(tableFilters)) {
        if (filterNames.includes(key)) patch[key] = value ? (value as (string | number)[]) : null;
      }
      setFilters(patch);
    }
  };

  const query = useMemo<Query>(() => ({ ...filters, orderBy: orderBy ?? undefined, limit, offset }), [filters, orderBy, limit, offset]);

  return {
    query,
    limit,
    offset,
    sort,
    filters,
    page: Math.floor(offset / limit) + 1,
    setFilters,
    setPage,
    reset,
    sortOrderOf: (field) => (sort?.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null),
    pagination: (total) => ({
      current: Math.floor(offset / limit) + 1,
      pageSize: limit,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.includes(limit) ? PAGE_SIZE_OPTIONS : [...PAGE_SIZE_OPTIONS, limit].sort((a, b) => a - b),
      hideOnSinglePage: false,
    }),
    onChange,
  };
}
