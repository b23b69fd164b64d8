/**
 * Writes many modules make the same way: locking rows by id, the status change of a list of items, the copy of rows
 * titled "(copy)", and the rows a write made read again for its answer.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { requireActor, type Ctx } from '../http/context';
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
export async function reloadByIds<K extends number | string, T extends { id: K }>(
  ids: readonly K[],
  read: (ids: K[]) => Promise<T[]> | T[],
  { repeated = false }: { repeated?: boolean } = {},
): Promise<T[]> {
  const unique = [...new Set(ids)];
  const byId = new Map((await read(unique)).map((r) => [r.id, r]));
  return (repeated ? ids : unique).map((id) => byId.get(id)!);
}

/** '<title> (copy)' within 200 characters; an empty title stays empty */
export const copyTitle = (title: string) => (title ? `${title.slice(0, 193)} (copy)` : '');

export interface CloneSpec {
  table: PgTable;
  idColumn: PgColumn;
  /** the audit entity, e.g. 'cap' */
  entity: string;
  /** the thing a missing id is a 404 of, e.g. 'Cap' */
  what: string;
}

/**
 * In one transaction: locks the source rows (a missing id is a 404 and nothing is written), inserts a copy of each
 * with every column but its id and author, titled by `copyTitle`, inactive (a copy never acts before it is reviewed)
 * and created by the actor now, records a 'clone' audit entry per copy naming its source, and answers the ids of the
 * copies in request order.
 */
export async function cloneRows(ctx: Ctx, o: CloneSpec, items: { id: number }[]): Promise<number[]> {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const sources = await lockById<{ id: number; title: string; createdAt: Date; createdBy: number | null }>(
      c,
      o.table,
      o.idColumn,
      items.map((x) => x.id),
      o.what,
    );
    const copies = items.map((x) => {
      const { id: _id, createdAt: _at, createdBy: _by, ...rest } = sources.get(x.id)!;
      return { ...rest, title: copyTitle(rest.title), status: 'inactive', createdBy: actor.id, createdAt: ctx.now() };
    });
    const rows = (await tx
      .insert(o.table)
      .values(copies as never)
      .returning({ id: o.idColumn })) as { id: number }[];
    await recordAudits(
      c,
      rows.map((r, i) => ({ entity: o.entity, entityId: r.id, action: 'clone', changes: { sourceId: items[i].id } })),
    );
    return rows.map((r) => r.id);
  });
}
