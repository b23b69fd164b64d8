/** Helpers shared by the sell-side modules (verticals, platforms, templates, advertisers, integrations). */
import type { ApiErrorItem } from '@leadgrid/shared';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';

export const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
export type AuthorRow = { id: number; firstName: string; lastName: string; email: string } | null;

/** Field errors for titles already taken by another row (case-insensitive), or by an earlier item of the same request. */
export async function duplicateTitleErrors(
  ctx: Ctx,
  table: PgTable,
  cols: { id: PgColumn; title: PgColumn },
  wanted: { title?: string; id?: number }[],
): Promise<ApiErrorItem[]> {
  const lower = [...new Set(wanted.filter((w) => w.title !== undefined).map((w) => w.title!.toLowerCase()))];
  if (!lower.length) return [];
  const existing = (await ctx.db
    .select({ id: cols.id, title: cols.title })
    .from(table)
    .where(inArray(sql`lower(${cols.title})`, lower))) as { id: number; title: string }[];
  const taken = new Map(existing.map((r) => [r.title.toLowerCase(), r.id]));
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  wanted.forEach((w, i) => {
    if (w.title === undefined) return;
    const k = w.title.toLowerCase();
    const owner = taken.get(k);
    if ((owner !== undefined && owner !== w.id) || seen.has(k))
      errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, 'title'] });
    seen.add(k);
  });
  return errors;
}

/** Runs one row's write; a unique violation (a concurrent write won the race) becomes the title's field error. */
export async function uniqueGuard<T>(loc: (string | number)[], message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(loc, 'unique', message);
    throw err;
  }
}

/** Ids that do not exist in a table, reported as field errors at their place in the request. */
export async function missingIds(
  ctx: Ctx,
  idCol: PgColumn,
  table: PgTable,
  wanted: { id: number | null | undefined; loc: (string | number)[] }[],
): Promise<ApiErrorItem[]> {
  const ids = [...new Set(wanted.map((w) => w.id).filter((x): x is number => typeof x === 'number'))];
  if (!ids.length) return [];
  const found = new Set(((await ctx.db.select({ id: idCol }).from(table).where(inArray(idCol, ids))) as { id: number }[]).map((r) => r.id));
  return wanted.filter((w) => typeof w.id === 'number' && !found.has(w.id)).map((w) => ({ msg: 'required', type: 'exists', loc: w.loc }));
}
