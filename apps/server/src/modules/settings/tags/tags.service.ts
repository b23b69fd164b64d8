/** Tags by entity type: the settings list, the pickers' look-up, create, edit, status change and delete. */
import {
  STAFF_ROLE_TYPES,
  TAG_STATUSES,
  type LookupQuery,
  type TagType,
  type tagCreate,
  type tagListQuery,
  type tagUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { tags, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import type { z } from 'zod';
import { recordAudits } from '../../../lib/audit';
import { changeStatuses, reloadByIds } from '../../../lib/rows';
import { listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';

type TagRow = typeof tags.$inferSelect;
type ListInput = z.infer<typeof tagListQuery>;
type CreateInput = z.infer<typeof tagCreate>;
type UpdateInput = z.infer<typeof tagUpdate>;

const LIST: ListSpec = {
  orderBy: { id: tags.id, title: tags.title, type: tags.type, status: tags.status, createdAt: tags.createdAt },
  defaultOrder: 'id:desc',
  statuses: TAG_STATUSES,
};
const DUPLICATE = 'A tag of this type with this title already exists';

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

function toTag(row: { tag: TagRow; author: { id: number; firstName: string; lastName: string; email: string } | null }) {
  const { tag } = row;
  return {
    id: tag.id,
    title: tag.title,
    type: tag.type as TagType,
    status: tag.status as 'active',
    createdAt: toSeconds(tag.createdAt)!,
    createdBy: row.author,
  };
}

/** Look-ups for pickers are open to every staff member (affiliates and advertisers never see tags). */
function requireStaff(ctx: Ctx) {
  const actor = requireActor(ctx);
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden();
  return actor;
}

const selectTags = (ctx: Ctx) => ctx.db.select({ tag: tags, author }).from(tags).leftJoin(users, eq(users.id, tags.createdBy));

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(tags.status, p.statuses) : undefined,
    q.type?.length ? inArray(tags.type, q.type) : undefined,
    p.search ? ilike(tags.title, contains(p.search)) : undefined,
  );
  return listPage(ctx, p, { table: tags, idColumn: tags.id, where, query: selectTags(ctx).$dynamic(), map: toTag });
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await selectTags(ctx).where(eq(tags.id, id)).limit(1);
  if (!row) throw AppError.notFound('Tag');
  return toTag(row);
}

/** Active tags of one entity type matching a search, or the given ids whatever their status (a picker's chosen values). */
export async function lookupByType(ctx: Ctx, type: TagType, q: LookupQuery) {
  requireStaff(ctx);
  const where: SQL[] = [eq(tags.type, type)];
  if (q.ids?.length) where.push(inArray(tags.id, q.ids));
  else where.push(eq(tags.status, 'active'));
  if (q.search) where.push(ilike(tags.title, contains(q.search)));
  const items = await ctx.db
    .select({ id: tags.id, title: tags.title, type: tags.type, status: tags.status })
    .from(tags)
    .where(and(...where))
    .orderBy(asc(sql`lower(${tags.title})`), asc(tags.id))
    .limit(q.ids?.length ? Math.max(q.ids.length, q.limit) : q.limit);
  return { items: items.map((t) => ({ ...t, type: t.type as TagType, status: t.status as 'active' })) };
}

const UNIQUE: UniqueSpec = {
  table: tags,
  idColumn: tags.id,
  column: tags.title,
  field: 'title',
  within: { type: tags.type },
  message: DUPLICATE,
};

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const ids = await createUnique(
    ctx,
    UNIQUE,
    {
      entity: 'tag',
      values: (item) => ({ title: item.title, type: item.type, status: item.status, createdBy: actor.id, createdAt: ctx.now() }),
      changes: (item) => ({ title: item.title, type: item.type, status: item.status }),
    },
    items,
  );
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateInput[]) {
  return byIds(ctx, await updateUnique<TagRow, UpdateInput>(ctx, UNIQUE, { entity: 'tag', what: 'Tag' }, items));
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: (typeof TAG_STATUSES)[number] }[]) {
  const ids = await changeStatuses(ctx, { table: tags, idColumn: tags.id, entity: 'tag', what: 'Tag' }, items);
  return byIds(ctx, ids);
}

/** Deletes the tags outright, in use or not: the join tables that link tags to entities cascade on delete. */
export async function remove(ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(tags).where(inArray(tags.id, unique)).returning();
    if (deleted.length !== unique.length) throw AppError.notFound('Tag');
    await recordAudits(
      { ...ctx, db: tx },
      deleted.map((t) => ({
        entity: 'tag',
        entityId: t.id,
        action: 'delete',
        changes: { title: t.title, type: t.type, status: t.status },
      })),
    );
    return unique;
  });
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await selectTags(ctx).where(inArray(tags.id, unique))).map((r) => toTag(r)));
}
