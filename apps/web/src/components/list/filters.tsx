/** Toolbar filters bound to the URL filters of a list (`useTable`): an id-list picker's props and the created range. */
import { SecondsRangeFilter } from '../period/SecondsRangeFilter';
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

/** created between two moments (`createdFrom`, `createdTo`, unix seconds) */
export function CreatedRangeFilter({ table }: { table: TableState }) {
  const f = table.filters;
  return (
    <SecondsRangeFilter
      value={{ from: f.createdFrom, to: f.createdTo }}
      onChange={(r) => table.setFilters({ createdFrom: r.from ?? null, createdTo: r.to ?? null })}
    />
  );
}
