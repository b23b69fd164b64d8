/**
 * Withdrawal methods: an affiliate's own filled-in payment methods. Affiliates list and write only their own (another
 * affiliate's id is a 404); staff holding payment_method.update or invoice.affiliate.read read those of the affiliates
 * in their people scope (an invoice is paid to one) but never write them. Values are checked against the payment method's fields. Each affiliate has
 * exactly one default among their active methods whenever they have any: the first one becomes the default, and when
 * the default is deactivated or deleted the newest remaining active one takes over.
 */
import {
  WITHDRAWAL_STATUSES,
  withdrawalValueErrors,
  type ApiErrorItem,
  type WithdrawalMethod,
  type withdrawalListQuery,
  type withdrawalMethodCreate,
  type withdrawalMethodUpdate,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentMethods, users, withdrawalMethods } from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { affiliateColumnScopeWhere } from '../../people/scope';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { ilikeContains } from '../../../lib/search';
import { reloadByIds } from '../../../lib/rows';

type Row = typeof withdrawalMethods.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;
type ListInput = z.infer<typeof withdrawalListQuery>;
type CreateInput = z.infer<typeof withdrawalMethodCreate>;
type UpdateInput = z.infer<typeof withdrawalMethodUpdate>;
type Status = (typeof WITHDRAWAL_STATUSES)[number];

/** staff permissions that let a user read every affiliate's withdrawal methods */
export const STAFF_READ = ['payment_method.update', 'invoice.affiliate.read'] as const;

const LIST: ListSpec = {
  orderBy: {
    id: withdrawalMethods.id,
    title: sql`lower(${withdrawalMethods.title})`,
    paymentMethod: sql`lower(${paymentMethods.title})`,
    isDefault: withdrawalMethods.isDefault,
    status: withdrawalMethods.status,
    createdAt: withdrawalMethods.createdAt,
  },
  defaultOrder: 'createdAt:desc',
  statuses: WITHDRAWAL_STATUSES,
};

const isAffiliate = (a: Actor) => a.roleType === 'affiliate';
const isStaffReader = (a: Actor) => !isAffiliate(a) && STAFF_READ.some((p) => hasPermission(a, p));

/**
 * Who may read, and whose rows: an affiliate their own; a staff reader the affiliates of its people scope
 * (modules/people/scope.ts: all, the assigned ones, or none — a row outside is a 404); anybody else nothing.
 */
function readScope(ctx: Ctx): { actor: Actor; own: SQL | undefined } {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) return { actor, own: eq(withdrawalMethods.userId, actor.id) };
  if (isStaffReader(actor)) return { actor, own: affiliateColumnScopeWhere(actor, 'read', ctx.db, withdrawalMethods.userId) };
  throw AppError.forbidden();
}

function requireAffiliate(ctx: Ctx): Actor {
  const actor = requireActor(ctx);
  if (!isAffiliate(actor)) throw AppError.forbidden('Only affiliates keep withdrawal methods');
  return actor;
}

type Joined = { row: Row; method: MethodRow; user: { id: number; firstName: string; lastName: string; email: string } };

function toWithdrawal(j: Joined, withUser: boolean): WithdrawalMethod {
  return {
    id: j.row.id,
    userId: j.row.userId,
    paymentMethod: {
      id: j.method.id,
      title: j.method.title,
      status: j.method.status,
      fields: j.method.fields.map((f) => ({ name: f.name, title: f.title, required: f.required, pattern: f.pattern ?? null })),
    },
    title: j.row.title,
    values: j.row.values,
    isDefault: j.row.isDefault,
    status: j.row.status as Status,
    createdAt: toSeconds(j.row.createdAt)!,
    ...(withUser ? { user: j.user } : {}),
  };
}

const selectJoined = (ctx: Ctx) =>
  ctx.db
    .select({
      row: withdrawalMethods,
      method: paymentMethods,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(withdrawalMethods)
    .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawalMethods.paymentMethodId))
    .innerJoin(users, eq(users.id, withdrawalMethods.userId));

export async function list(ctx: Ctx, q: ListInput) {
  const { actor, own } = readScope(ctx);
  const p = parseList(q, LIST);
  const where = and(
    own,
    p.statuses ? inArray(withdrawalMethods.status, p.statuses) : ne(withdrawalMethods.status, 'deleted'),
    q.userId && !isAffiliate(actor) ? eq(withdrawalMethods.userId, q.userId) : undefined,
    q.paymentMethodId ? eq(withdrawalMethods.paymentMethodId, q.paymentMethodId) : undefined,
    p.search ? or(ilikeContains(withdrawalMethods.title, p.search), ilikeContains(paymentMethods.title, p.search)) : undefined,
  );
  const rows = await selectJoined(ctx).where(where).orderBy(p.order, desc(withdrawalMethods.id)).limit(p.limit).offset(p.offset);
  const items = rows.map((r) => toWithdrawal(r, !isAffiliate(actor)));
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(withdrawalMethods)
    .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawalMethods.paymentMethodId))
    .where(where);
  return { items, meta: { totalCount: n } };
}

export async function get(ctx: Ctx, id: number) {
  const { actor, own } = readScope(ctx);
  const [row] = await selectJoined(ctx)
    .where(and(eq(withdrawalMethods.id, id), own))
    .limit(1);
  if (!row) throw AppError.notFound('Withdrawal method');
  return toWithdrawal(row, !isAffiliate(actor));
}

/** The affiliate's user row, locked: writes of one affiliate's methods run one after another (one default). */
async function lockOwner(ctx: Ctx, userId: number) {
  await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Keeps the default rule: exactly one active default when the affiliate has any active method. `preferred` (just
 * chosen) wins; otherwise the current active default stays; otherwise the newest active method is promoted.
 */
async function settleDefault(ctx: Ctx, userId: number, preferred?: number) {
  const live = await ctx.db
    .select({ id: withdrawalMethods.id, isDefault: withdrawalMethods.isDefault, status: withdrawalMethods.status })
    .from(withdrawalMethods)
    .where(and(eq(withdrawalMethods.userId, userId), ne(withdrawalMethods.status, 'deleted')))
    .orderBy(desc(withdrawalMethods.createdAt), desc(withdrawalMethods.id));
  const active = live.filter((m) => m.status === 'active');
  const keep = preferred ?? active.find((m) => m.isDefault)?.id ?? active[0]?.id;
  const wrong = live.filter((m) => m.isDefault !== (m.id === keep)).map((m) => m.id);
  for (const id of wrong)
    await ctx.db
      .update(withdrawalMethods)
      .set({ isDefault: id === keep })
      .where(eq(withdrawalMethods.id, id));
}

function valueErrors(fields: MethodRow['fields'], values: Record<string, string>, index: number): ApiErrorItem[] {
  return Object.entries(withdrawalValueErrors(fields, values)).map(([name, msg]) => ({
    msg,
    type: msg,
    loc: ['body', 'items', index, 'values', name],
  }));
}

const trimValues = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireAffiliate(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    await lockOwner(c, actor.id);
    const methodIds = [...new Set(items.map((x) => x.paymentMethodId))];
    const methods = new Map((await tx.select().from(paymentMethods).where(inArray(paymentMethods.id, methodIds))).map((m) => [m.id, m]));
    const errors: ApiErrorItem[] = [];
    items.forEach((x, i) => {
      const method = methods.get(x.paymentMethodId);
      if (!method || method.status !== 'active') {
        errors.push({ msg: 'Choose an active payment method', type: 'notFound', loc: ['body', 'items', i, 'paymentMethodId'] });
        return;
      }
      errors.push(...valueErrors(method.fields, x.values, i));
    });
    if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
    const created: number[] = [];
    for (const x of items) {
      const method = methods.get(x.paymentMethodId)!;
      const [row] = await tx
        .insert(withdrawalMethods)
        .values({
          userId: actor.id,
          paymentMethodId: method.id,
          title: x.title || method.title,
          values: trimValues(x.values),
          isDefault: false,
          createdAt: ctx.now(),
        })
        .returning({ id: withdrawalMethods.id });
      created.push(row.id);
    }
    const chosen = items.map((x, i) => (x.isDefault ? created[i] : undefined)).filter((id) => id !== undefined);
    await settleDefault(c, actor.id, chosen.at(-1));
    await recordAudits(
      c,
      items.map((x, i) => ({
        entity: 'withdrawal_method',
        entityId: created[i],
        action: 'create',
        changes: { paymentMethodId: x.paymentMethodId, title: x.title, fields: Object.keys(x.values) },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

/** The affiliate's own live rows, locked; another affiliate's (or a deleted) id is a 404 and nothing is written. */
async function lockOwn(ctx: Ctx, actor: Actor, ids: number[]) {
  await lockOwner(ctx, actor.id);
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ row: withdrawalMethods, method: paymentMethods })
    .from(withdrawalMethods)
    .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawalMethods.paymentMethodId))
    .where(and(inArray(withdrawalMethods.id, unique), eq(withdrawalMethods.userId, actor.id), ne(withdrawalMethods.status, 'deleted')))
    .orderBy(asc(withdrawalMethods.id))
    .for('update', { of: withdrawalMethods });
  if (rows.length !== unique.length) throw AppError.notFound('Withdrawal method');
  return new Map(rows.map((r) => [r.row.id, r]));
}

/**
 * Edits the title, the values (checked against the method's current fields) and the default flag. Making a method
 * the default moves the flag from the previous one; the default itself cannot be unset (choose another one instead).
 */
export async function update(ctx: Ctx, items: UpdateInput[]) {
  const actor = requireAffiliate(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockOwn(
      c,
      actor,
      items.map((x) => x.id),
    );
    const errors: ApiErrorItem[] = [];
    items.forEach((x, i) => {
      const { row, method } = current.get(x.id)!;
      if (x.values !== undefined) errors.push(...valueErrors(method.fields, x.values, i));
      if (x.isDefault === true && row.status !== 'active') {
        errors.push({
          msg: 'Only an active withdrawal method can be the default',
          type: 'isDefault',
          loc: ['body', 'items', i, 'isDefault'],
        });
      }
      if (x.isDefault === false && row.isDefault) {
        errors.push({ msg: 'Choose another default withdrawal method instead', type: 'isDefault', loc: ['body', 'items', i, 'isDefault'] });
      }
    });
    if (errors.length) throw new AppError('VALIDATION', errors[0].msg, errors);
    const audits: AuditEntry[] = [];
    let preferred: number | undefined;
    for (const x of items) {
      const { row, method } = current.get(x.id)!;
      if (x.isDefault) preferred = x.id;
      const patch = {
        title: x.title === undefined ? undefined : x.title || method.title,
        values: x.values === undefined ? undefined : trimValues(x.values),
      };
      const changes = diffFields(row, patch);
      if (x.isDefault && !row.isDefault)
        audits.push({ entity: 'withdrawal_method', entityId: x.id, action: 'make_default', changes: null });
      if (!changes) continue;
      await tx.update(withdrawalMethods).set(changes.after).where(eq(withdrawalMethods.id, x.id));
      // the values themselves (account numbers) stay out of the audit trail: only which fields were saved
      const { values: _before, ...before } = changes.before;
      const { values: saved, ...after } = changes.after;
      audits.push({
        entity: 'withdrawal_method',
        entityId: x.id,
        action: 'update',
        changes: { before, after: saved ? { ...after, values: Object.keys(saved as object) } : after },
      });
    }
    await settleDefault(c, actor.id, preferred);
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** active <-> inactive of the affiliate's own methods; the default moves to another active one when needed. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: 'active' | 'inactive' }[]) {
  const actor = requireAffiliate(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockOwn(
      c,
      actor,
      items.map((x) => x.id),
    );
    const audits: AuditEntry[] = [];
    for (const x of items) {
      const changes = diffFields(current.get(x.id)!.row, { status: x.status });
      if (!changes) continue;
      await tx
        .update(withdrawalMethods)
        .set({ status: x.status, ...(x.status !== 'active' ? { isDefault: false } : {}) })
        .where(eq(withdrawalMethods.id, x.id));
      audits.push({ entity: 'withdrawal_method', entityId: x.id, action: 'change_status', changes });
    }
    await settleDefault(c, actor.id);
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** Deletes the affiliate's own methods (status 'deleted': invoices keep pointing to them). */
export async function remove(ctx: Ctx, ids: number[]) {
  const actor = requireAffiliate(ctx);
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockOwn(c, actor, ids);
    const unique = [...current.keys()];
    await tx.update(withdrawalMethods).set({ status: 'deleted', isDefault: false }).where(inArray(withdrawalMethods.id, unique));
    await settleDefault(c, actor.id);
    await recordAudits(
      c,
      unique.map((id) => ({ entity: 'withdrawal_method', entityId: id, action: 'delete', changes: { title: current.get(id)!.row.title } })),
    );
    return unique;
  });
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) =>
    (await selectJoined(ctx).where(inArray(withdrawalMethods.id, unique))).map((r) => toWithdrawal(r, false)),
  );
}
