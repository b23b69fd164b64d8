/**
 * Finding a click by its id in the day-partitioned clicks (docs/decisions/engine.md "Clicks partitioned by day"): the
 * id is a UUIDv7 holding the click's millisecond time, which is exactly its created_at, so the look-up adds that bound
 * (SQL functions click_time_from / click_time_to of migration 0026: the id's time give or take a minute for a UUIDv7,
 * for the clicks stored before it; any time for another id) and PostgreSQL reads the partition of that day.
 */
import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { clicks } from './clicks.tables';

/** the id and created_at columns of clicks in a query: the table's own, or an alias's (`aliased('c')`) */
export interface ClickColumns {
  id: SQLWrapper;
  createdAt: SQLWrapper;
}

export const aliased = (alias: string): ClickColumns => ({ id: sql.raw(`${alias}.id`), createdAt: sql.raw(`${alias}.created_at`) });

/** `id = <id>` bounded to the partition of the id's time */
export function clickIdIs(id: string | SQL, columns: ClickColumns = clicks): SQL {
  const v = typeof id === 'string' ? sql`${id}::uuid` : id;
  return sql`(${columns.id} = ${v} and ${columns.createdAt} between click_time_from(${v}) and click_time_to(${v}))`;
}

/** any of the ids, each bounded to its partition (a short list: an edit, a reload) */
export const clickIdsIn = (ids: string[], columns: ClickColumns = clicks): SQL =>
  ids.length ? or(...ids.map((id) => clickIdIs(id, columns)))! : sql`false`;
