/**
 * List-query support (architecture §4): every `orderBy`, `with` and `status` value is checked against the
 * resource's allow-list (its own names only, never an inherited one like `constructor`); an unknown one is a 400
 * naming the parameter.
 * `fields` (product §7, e.g. a vertical's goals via `fields=goals`) names the fields a client needs; the answer always
 * carries the whole item, so a list accepts any field name (a resource with a `fields` allow-list checks it) and a
 * name that is no identifier is a 400 (docs/decisions/engine.md "Links, onboarding and API").
 */
import type { ListQuery } from '@leadgrid/shared';
import { asc, desc, getTableColumns, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import { AppError } from './errors';

export interface ListSpec {
  /** orderBy field -> column */
  orderBy: Record<string, AnyColumn | SQL>;
  defaultOrder: string;
  with?: readonly string[];
  fields?: readonly string[];
  statuses?: readonly string[];
}

/** the `orderBy` entries of columns sorted under their own name: `{ ...sortedByName(caps, 'id', 'status'), title: … }` */
export function sortedByName<T extends Table>(table: T, ...names: (keyof T['_']['columns'] & string)[]): Record<string, AnyColumn> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]]));
}

export interface ParsedList {
  order: SQL;
  limit: number;
  offset: number;
  with: Set<string>;
  fields: Set<string> | null;
  statuses: string[] | null;
  withMeta: boolean;
  search?: string;
}

/** a field name: letters, digits, `_` and `.` for a nested one, starting with a letter */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;

export function parseList(q: ListQuery, spec: ListSpec): ParsedList {
  const [field, dir] = (q.orderBy ?? spec.defaultOrder).split(':');
  // own names only: `__proto__`, `constructor`, `toString` … are on every object and must not pass
  const column = Object.hasOwn(spec.orderBy, field) ? spec.orderBy[field] : undefined;
  if (!column) throw AppError.field(['querystring', 'orderBy'], 'pattern', `Unknown orderBy field '${field}'`);
  for (const w of q.with ?? []) {
    if (!spec.with?.includes(w)) throw AppError.field(['querystring', 'with'], 'pattern', `Unknown with value '${w}'`);
  }
  for (const f of q.fields ?? []) {
    // an inherited name (constructor, toString, ...) is never a field: reading it off an item would reach the prototype
    if (spec.fields ? !spec.fields.includes(f) : !FIELD_NAME.test(f) || f in Object.prototype)
      throw AppError.field(['querystring', 'fields'], 'pattern', `Unknown field '${f}'`);
  }
  for (const s of q.status ?? []) {
    if (!spec.statuses?.includes(s)) throw AppError.field(['querystring', 'status'], 'pattern', `Unknown status '${s}'`);
  }
  return {
    order: dir?.toLowerCase() === 'desc' ? desc(column) : asc(column),
    limit: q.limit,
    offset: q.offset,
    with: new Set(q.with ?? []),
    fields: q.fields?.length ? new Set(q.fields) : null,
    statuses: q.status?.length ? q.status : null,
    withMeta: !!q.withMeta,
    search: q.search || undefined,
  };
}

export const toSeconds = (d: Date | null | undefined): number | null => (d ? Math.floor(d.getTime() / 1000) : null);
export const fromSeconds = (s: number | null | undefined): Date | null => (s === null || s === undefined ? null : new Date(s * 1000));
