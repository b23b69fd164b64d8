/**
 * Payment methods: the ways the network pays, each with the fields an affiliate's withdrawal method must fill and
 * the currencies it pays in. Staff with payment_method.update manage them; every signed-in user reads the active ones
 * (an affiliate picks one to add a withdrawal method).
 */
import {
  PAYMENT_METHOD_STATUSES,
  type ApiErrorItem,
  type PaymentMethod,
  type paymentMethodCreate,
  type paymentMethodListQuery,
  type paymentMethodUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { currencies, paymentMethods } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, sortedByName, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type MethodRow = typeof paymentMethods.$inferSelect;
type ListInput = z.infer<typeof paymentMethodListQuery>;
type CreateInput = z.infer<typeof paymentMethodCreate>;
type UpdateInput = z.infer<typeof paymentMethodUpdate>;
type Status = (typeof PAYMENT_METHOD_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: {
    ...sortedByName(paymentMethods, 'id', 'status', 'createdAt'),
    title: sql`lower(${paymentMethods.title})`,
  },
  defaultOrder: 'title:asc',
  statuses: PAYMENT_METHOD_STATUSES,
};
const DUPLICATE = 'A payment method with this title already exists';

export function toPaymentMethod(row: MethodRow): PaymentMethod {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fields: row.fields.map((f) => ({ name: f.name, title: f.title, required: f.required, pattern: f.pattern ?? null })),
    currencies: row.currencies,
    status: row.status as Status,
    createdAt: toSeconds(row.createdAt)!,
    createdBy: row.createdBy,
  };
}

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(paymentMethods.status, p.statuses) : undefined,
    p.search ? ilike(paymentMethods.title, contains(p.search)) : undefined,
    q.currency ? sql`${paymentMethods.currencies} @> ${JSON.stringify([q.currency])}::jsonb` : undefined,
  );
  return listPage(ctx, p, { table: paymentMethods, where, query: ctx.db.select().from(paymentMethods).$dynamic(), map: toPaymentMethod });
}

/** Active payment methods with their fields, ordered by title. */
export async function active(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.status, 'active'))
    .orderBy(asc(sql`lower(${paymentMethods.title})`), asc(paymentMethods.id));
  return { items: rows.map(toPaymentMethod) };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  if (!row) throw AppError.notFound('Payment method');
  return toPaymentMethod(row);
}

/** Titles taken by another method or an earlier item; currency codes that do not exist. */
async function inputErrors(ctx: Ctx, wanted: { id?: number; title?: string; currencies?: string[] }[]): Promise<ApiErrorItem[]> {
  const titles = [...new Set(wanted.flatMap((w) => (w.title ? [w.title.toLowerCase()] : [])))];
  const taken = new Map(
    titles.length
      ? (
          await ctx.db
            .select({ id: paymentMethods.id, title: paymentMethods.title })
            .from(paymentMethods)
            .where(inArray(sql`lower(${paymentMethods.title})`, titles))
        ).map((r) => [r.title.toLowerCase(), r.id])
      : [],
  );
  const codes = [...new Set(wanted.flatMap((w) => w.currencies ?? []))];
  const known = new Set(
    codes.length
      ? (await ctx.db.select({ code: currencies.code }).from(currencies).where(inArray(currencies.code, codes))).map((r) => r.code)
      : [],
  );
  const errors: ApiErrorItem[] = [];
  const seen = new Set<string>();
  wanted.forEach((w, i) => {
    if (w.title !== undefined) {
      const k = w.title.toLowerCase();
      const owner = taken.get(k);
      if ((owner !== undefined && owner !== w.id) || seen.has(k))
        errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, 'title'] });
      seen.add(k);
    }
    (w.currencies ?? []).forEach((code, j) => {
      if (!known.has(code)) errors.push({ msg: `Unknown currency ${code}`, type: 'notFound', loc: ['body', 'items', i, 'currencies', j] });
    });
  });
  return errors;
}

async function uniqueGuard<T>(index: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(['body', 'items', index, 'title'], 'unique', DUPLICATE);
    throw err;
  }
}

const failed = (errors: ApiErrorItem[]) => new AppError('VALIDATION', errors[0].msg === 'unique' ? DUPLICATE : errors[0].msg, errors);

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const errors = await inputErrors(ctx, items);
  if (errors.length) throw failed(errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, x] of items.entries()) {
      const [row] = await uniqueGuard(i, () =>
        tx
          .insert(paymentMethods)
          .values({
            title: x.title,
            description: x.description,
            fields: x.fields,
            currencies: x.currencies,
            status: x.status,
            createdBy: actor.id,
            createdAt: ctx.now(),
          })
          .returning({ id: paymentMethods.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((x, i) => ({ entity: 'payment_method', entityId: created[i], action: 'create', changes: { ...x } })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

/**
 * Edits title, description, fields and currencies. Changing the fields does not touch existing withdrawal methods:
 * their values are checked against the new fields the next time the affiliate saves them.
 */
export async function update(ctx: Ctx, items: UpdateInput[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<MethodRow>(
      c,
      paymentMethods,
      paymentMethods.id,
      items.map((x) => x.id),
      'Payment method',
      { ordered: true },
    );
    const errors = await inputErrors(c, items);
    if (errors.length) throw failed(errors);
    const audits: AuditEntry[] = [];
    for (const [i, x] of items.entries()) {
      const row = current.get(x.id)!;
      const changes = diffFields(toPaymentMethod(row), {
        title: x.title,
        description: x.description,
        fields: x.fields,
        currencies: x.currencies,
      });
      if (!changes) continue;
      await uniqueGuard(i, () => tx.update(paymentMethods).set(changes.after).where(eq(paymentMethods.id, x.id)));
      audits.push({ entity: 'payment_method', entityId: x.id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** active <-> inactive; an inactive method cannot be chosen for new withdrawal methods, existing ones stay. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(
    ctx,
    { table: paymentMethods, idColumn: paymentMethods.id, entity: 'payment_method', what: 'Payment method', ordered: true },
    items,
  );
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) =>
    (await ctx.db.select().from(paymentMethods).where(inArray(paymentMethods.id, unique))).map((r) => toPaymentMethod(r)),
  );
}
