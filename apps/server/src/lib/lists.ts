/**
 * What the list-like domains read alike: one page of a list (architecture §4), the rows of a filter in the list's
 * order and their count when asked; and the active rows of a picker's look-up.
 */
import type { LookupQuery } from '@leadgrid/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../http/context';
import type { ParsedList } from '../http/list-query';
import { contains } from './search';

export type PageSpec<Q extends PgSelect, T> = {
  table: PgTable & { id: PgColumn };
  /** the last order, so that rows of equal sort values keep one order from page to page; the table's `id` by default */
  idColumn?: PgColumn;
  /** the last order runs from the newest id (a log, the invoices) */
  newestFirst?: boolean;
  where: SQL | undefined;
  /** the rows' select (`.$dynamic()`), without its filter */
  query: Q;
} & (
  | { map: (row: Awaited<Q>[number]) => T }
  /** the page's rows made into views at once (a domain that reads their links in a few more queries) */
  | { views: (rows: Awaited<Q>) => Promise<T[]> }
);

/** The page `p` asks for of the rows `where` keeps, mapped; `meta.totalCount` counts them all when `withMeta` asks. */
export async function listPage<Q extends PgSelect, T>(ctx: Ctx, p: ParsedList, o: PageSpec<Q, T>) {
  const id = o.idColumn ?? o.table.id;
  const last = o.newestFirst ? desc(id) : asc(id);
  const rows = (await o.query.where(o.where).orderBy(p.order, last).limit(p.limit).offset(p.offset)) as Awaited<Q>;
  const items = 'views' in o ? await o.views(rows) : rows.map(o.map);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(o.table).where(o.where);
  return { items, meta: { totalCount: n } };
}

export interface PickerColumns {
  table: PgTable;
  idColumn: PgColumn;
  title: PgColumn;
  status: PgColumn;
}

/**
 * A picker's look-up: the active rows whose title contains the search, or the given ids whatever their status (the
 * picker's chosen values); by title, case-insensitively, then id.
 */
export async function activeRows<R>(ctx: Ctx, o: PickerColumns, q: LookupQuery): Promise<R[]> {
  const where: SQL[] = [q.ids?.length ? inArray(o.idColumn, q.ids) : eq(o.status, 'active')];
  if (q.search) where.push(ilike(o.title, contains(q.search)));
  return (await ctx.db
    .select()
    .from(o.table)
    .where(and(...where))
    .orderBy(asc(sql`lower(${o.title})`), asc(o.idColumn))
    .limit(q.limit)) as R[];
}

/**
 * A list's filter through a link table (an advertiser's tags, a landing page's categories …): the rows whose `id` the
 * link's `owner` column names on a link row whose `value` is one of `values`; no filter when none is given.
 */
export function linkedTo(
  ctx: Ctx,
  id: PgColumn,
  owner: PgColumn,
  value: PgColumn,
  values: readonly (number | string)[] | undefined,
): SQL | undefined {
  if (!values?.length) return undefined;
  return inArray(
    id,
    ctx.db
      .select({ id: owner })
      .from(owner.table)
      .where(inArray(value, values as (number | string)[])),
  );
}
