/**
 * The writes of the settings lists whose rows have a unique text, case-insensitively (a category's title, a domain's
 * host, a tag's title within its type): the field errors of a taken text, and the create and edit of a batch of rows
 * that refuse one, each in one transaction with its audit entries.
 */
import type { ApiErrorItem } from '@leadgrid/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../http/context';
import { AppError, isUniqueViolation } from '../http/errors';
import { diffFields, recordAudits, type AuditEntry } from './audit';
import { lockById } from './rows';

export interface UniqueSpec {
  table: PgTable;
  idColumn: PgColumn;
  /** the unique text's column and the body field that carries it, e.g. `title` */
  column: PgColumn;
  field: string;
  /** the columns (by field name) a text is unique within, e.g. a tag's `type` */
  within?: Record<string, PgColumn>;
  /** the rows that hold their text, when not all do (a deleted geo frees its title) */
  holding?: SQL;
  /** the message of the 400, e.g. 'A category with this title already exists' */
  message: string;
}

/** an item as the uniqueness sees it: its text, the fields it is unique within, and its id when it edits a row */
type Wanted = { id?: number } & Record<string, unknown>;

const keyOf = (spec: UniqueSpec, w: Record<string, unknown>) =>
  JSON.stringify([...Object.keys(spec.within ?? {}).map((k) => w[k]), String(w[spec.field]).toLowerCase()]);

/**
 * Field errors for texts already taken by another row, or by an earlier item of the same request. An item that edits
 * a row carries its `id`, so a row never conflicts with itself.
 */
export async function duplicateErrors(ctx: Ctx, spec: UniqueSpec, wanted: Wanted[]): Promise<ApiErrorItem[]> {
  if (!wanted.length) return [];
  const lower = [...new Set(wanted.map((w) => String(w[spec.field]).toLowerCase()))];
  const existing = (await ctx.db
    .select({ id: spec.idColumn, [spec.field]: spec.column, ...spec.within })
    .from(spec.table)
    .where(and(spec.holding, inArray(sql`lower(${spec.column})`, lower)))) as Wanted[];
  const taken = new Map(existing.map((r) => [keyOf(spec, r), r.id]));
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  wanted.forEach((w, i) => {
    const k = keyOf(spec, w);
    const owner = taken.get(k);
    if ((owner !== undefined && owner !== w.id) || seen.has(k))
      errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, spec.field] });
    seen.add(k);
  });
  return errors;
}

async function refuseDuplicates(ctx: Ctx, spec: UniqueSpec, wanted: Wanted[]) {
  const errors = await duplicateErrors(ctx, spec, wanted);
  if (errors.length) throw new AppError('VALIDATION', spec.message, errors);
}

/** Runs one row's write; a unique violation (a concurrent write won the race) becomes the field error. */
async function uniqueGuard<T>(spec: UniqueSpec, index: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(['body', 'items', index, spec.field], 'unique', spec.message);
    throw err;
  }
}

export interface UniqueCreate<I> {
  /** the audit entity, e.g. 'category' */
  entity: string;
  /** the columns of an item's new row */
  values: (item: I) => Record<string, unknown>;
  /** what the audit entry of an item's create records */
  changes: (item: I) => Record<string, unknown>;
}

/**
 * Refuses the items whose text is taken (a 400 naming each), then in one transaction inserts a row per item and
 * records a 'create' audit entry per row; answers the new ids in request order.
 */
export async function createUnique<I extends Wanted>(ctx: Ctx, spec: UniqueSpec, o: UniqueCreate<I>, items: I[]): Promise<number[]> {
  await refuseDuplicates(ctx, spec, items);
  return ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = (await uniqueGuard(spec, i, () =>
        tx
          .insert(spec.table)
          .values(o.values(item) as never)
          .returning({ id: spec.idColumn }),
      )) as { id: number }[];
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((item, i) => ({ entity: o.entity, entityId: created[i], action: 'create', changes: o.changes(item) })),
    );
    return created;
  });
}

export interface UniqueUpdate<R, I> {
  /** the audit entity, e.g. 'category' */
  entity: string;
  /** the thing a missing id is a 404 of, e.g. 'Category' */
  what: string;
  /** take the row locks in id order */
  ordered?: boolean;
  /** runs on the locked rows before anything is checked or written; throws to refuse the edit */
  check?: (current: Map<number, R>) => void;
  /** the fields an item writes (an undefined one is left as it is); all but its id unless given */
  patch?: (item: I) => Partial<R>;
}

/**
 * In one transaction: locks the rows (a missing id is a 404), refuses the items whose text would be taken (a 400
 * naming each), writes the fields of each item that change something and records an 'update' audit entry per row
 * changed; answers the ids in request order.
 */
export async function updateUnique<R extends { id: number }, I extends { id: number }>(
  ctx: Ctx,
  spec: UniqueSpec,
  o: UniqueUpdate<R, I>,
  items: I[],
): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<R>(
      c,
      spec.table,
      spec.idColumn,
      items.map((x) => x.id),
      o.what,
      { ordered: o.ordered },
    );
    o.check?.(current);
    // the text (and what it is unique within) as each row would be after the edit
    const kept = (x: I, k: string) => (x as Record<string, unknown>)[k] ?? (current.get(x.id) as Record<string, unknown>)[k];
    const keys = [spec.field, ...Object.keys(spec.within ?? {})];
    await refuseDuplicates(
      c,
      spec,
      items.map((x) => ({ id: x.id, ...Object.fromEntries(keys.map((k) => [k, kept(x, k)])) })),
    );
    const audits: AuditEntry[] = [];
    for (const [i, item] of items.entries()) {
      const { id: _id, ...fields } = item;
      const changes = diffFields(current.get(item.id)!, (o.patch ? o.patch(item) : fields) as Partial<R>);
      if (!changes) continue;
      await uniqueGuard(spec, i, () =>
        tx
          .update(spec.table)
          .set(changes.after as never)
          .where(eq(spec.idColumn, item.id)),
      );
      audits.push({ entity: o.entity, entityId: item.id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
}
