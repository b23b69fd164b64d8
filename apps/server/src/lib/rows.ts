/** Writes many modules make the same way: locking rows by id, and the status change of a list of items. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../http/context';
import { AppError } from '../http/errors';
import { diffFields, recordAudits, type AuditEntry } from './audit';

/**
 * Rows by id, locked until the transaction ends; a missing id is a 404 (`what` names the thing) and nothing
 * is written. `ordered` takes the locks in id order.
 */
export async function lockById<R extends { id: number }>(
  ctx: Ctx,
  table: PgTable,
  idCol: PgColumn,
  ids: number[],
  what: string,
  { ordered = false }: { ordered?: boolean } = {},
): Promise<Map<number, R>> {
  const unique = [...new Set(ids)];
  const query = ctx.db.select().from(table).where(inArray(idCol, unique));
  const rows = (await (ordered ? query.orderBy(asc(idCol)) : query).for('update')) as R[];
  if (rows.length !== unique.length) throw AppError.notFound(what);
  return new Map(rows.map((r) => [r.id, r]));
}

export interface StatusItem<S> {
  id: number;
  status: S;
}

export interface StatusChange<R, S> {
  table: PgTable;
  idColumn: PgColumn;
  /** the audit entity, e.g. 'category' */
  entity: string;
  /** the thing a missing id is a 404 of, e.g. 'Category' */
  what: string;
  /** take the row locks in id order */
  ordered?: boolean;
  /** locks the rows instead of `lockById` (a lock with its own checks) */
  lock?: (ctx: Ctx, ids: number[]) => Promise<Map<number, R>>;
  /** runs on the locked rows before anything is written; throws to refuse the change */
  check?: (ctx: Ctx, current: Map<number, R>) => Promise<void>;
  /** fields written with the status of an item that changes */
  set?: (item: StatusItem<S>) => Record<string, unknown>;
  /** runs after the audit entries are recorded, with the items whose status changed, in request order */
  after?: (ctx: Ctx, changed: StatusItem<S>[], current: Map<number, R>) => Promise<void>;
}

/**
 * In one transaction: locks the rows, writes the status of each item whose status differs (an item that
 * changes nothing is skipped), records a 'change_status' audit entry per change, and answers the ids
 * in request order.
 */
export async function changeStatuses<R extends { id: number; status: unknown }, S>(
  ctx: Ctx,
  o: StatusChange<R, S>,
  items: StatusItem<S>[],
): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const ids = items.map((x) => x.id);
    const current = o.lock ? await o.lock(c, ids) : await lockById<R>(c, o.table, o.idColumn, ids, o.what, { ordered: o.ordered });
    if (o.check) await o.check(c, current);
    const audits: AuditEntry[] = [];
    const changed: StatusItem<S>[] = [];
    for (const item of items) {
      const changes = diffFields<{ status: unknown }>(current.get(item.id)!, { status: item.status });
      if (!changes) continue;
      await tx
        .update(o.table)
        .set({ status: item.status, ...o.set?.(item) } as never)
        .where(eq(o.idColumn, item.id));
      audits.push({ entity: o.entity, entityId: item.id, action: 'change_status', changes });
      changed.push(item);
    }
    await recordAudits(c, audits);
    if (o.after) await o.after(c, changed, current);
    return ids;
  });
}

/**
 * The rows a write just made or changed, read again for its answer: `read` gets the ids (each once) and answers the
 * rows in any order; the answer is in request order, a repeated id once (`repeated`: once per time it is asked).
 */
export async function reloadByIds<T extends { id: number }>(
  ids: readonly number[],
  read: (ids: number[]) => Promise<T[]> | T[],
  { repeated = false }: { repeated?: boolean } = {},
): Promise<T[]> {
  const unique = [...new Set(ids)];
  const byId = new Map((await read(unique)).map((r) => [r.id, r]));
  return (repeated ? ids : unique).map((id) => byId.get(id)!);
}
