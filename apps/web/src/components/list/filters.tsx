/** The created-range toolbar filter bound to the URL filters of a list (`useTable`). */
import { SecondsRangeFilter } from '../period/SecondsRangeFilter';
import type { TableState } from '../table/useTable';

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
