/** Offer categories: the settings list, the active list for pickers, create, edit and status change. */
import { CATEGORY_STATUSES, type LookupQuery, type categoryCreate, type categoryListQuery, type categoryUpdate } from '@leadgrid/shared';
import { and, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { categories, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { activeRows, listPage } from '../../../lib/lists';
import { changeStatuses, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';

type CategoryRow = typeof categories.$inferSelect;
type Status = (typeof CATEGORY_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: { id: categories.id, title: categories.title, status: categories.status, createdAt: categories.createdAt },
  defaultOrder: 'id:desc',
  statuses: CATEGORY_STATUSES,
};
const DUPLICATE = 'A category with this title already exists';

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

function toCategory(row: { category: CategoryRow; author: { id: number; firstName: string; lastName: string; email: string } | null }) {
  const { category: c } = row;
  return { id: c.id, title: c.title, status: c.status as Status, createdAt: toSeconds(c.createdAt)!, createdBy: row.author };
}

const selectCategories = (ctx: Ctx) =>
  ctx.db.select({ category: categories, author }).from(categories).leftJoin(users, eq(users.id, categories.createdBy));

export async function list(ctx: Ctx, q: z.infer<typeof categoryListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(categories.status, p.statuses) : undefined,
    p.search ? ilike(categories.title, contains(p.search)) : undefined,
  );
  return listPage(ctx, p, { table: categories, idColumn: categories.id, where, query: selectCategories(ctx).$dynamic(), map: toCategory });
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await selectCategories(ctx).where(eq(categories.id, id)).limit(1);
  if (!row) throw AppError.notFound('Category');
  return toCategory(row);
}

/** Active categories by title (pickers, offer filters), or the given ids whatever their status (a picker's chosen values). */
export async function active(ctx: Ctx, q: LookupQuery) {
  const rows = await activeRows<CategoryRow>(
    ctx,
    { table: categories, idColumn: categories.id, title: categories.title, status: categories.status },
    q,
  );
  return { items: rows.map((r) => ({ id: r.id, title: r.title, status: r.status as Status })) };
}

const UNIQUE: UniqueSpec = { table: categories, idColumn: categories.id, column: categories.title, field: 'title', message: DUPLICATE };

export async function create(ctx: Ctx, items: z.infer<typeof categoryCreate>[]) {
  const actor = requireActor(ctx);
  const ids = await createUnique(
    ctx,
    UNIQUE,
    {
      entity: 'category',
      values: (item) => ({ title: item.title, status: item.status, createdBy: actor.id, createdAt: ctx.now() }),
      changes: (item) => ({ title: item.title, status: item.status }),
    },
    items,
  );
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: z.infer<typeof categoryUpdate>[]) {
  return byIds(ctx, await updateUnique<CategoryRow, (typeof items)[number]>(ctx, UNIQUE, { entity: 'category', what: 'Category' }, items));
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(ctx, { table: categories, idColumn: categories.id, entity: 'category', what: 'Category' }, items);
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await selectCategories(ctx).where(inArray(categories.id, unique))).map((r) => toCategory(r)));
}
