/** An id-list picker bound to the URL filters of a list (`useTable`); apart from filters.tsx so a list without a date filter does not load the range picker. */
import { idList } from '../table/urlLists';
import type { TableState } from '../table/useTable';

/** the props of a picker filtering by an id list of the URL (`managerId=3,5`): several values, named by its placeholder */
export const idsFilter = (table: TableState, name: string, placeholder: string, width: number) => ({
  value: idList(table.filters[name]),
  onChange: (v: number | number[] | null | undefined) => table.setFilters({ [name]: v }),
  placeholder,
  'aria-label': placeholder,
  maxTagCount: 'responsive' as const,
  style: { width },
});
