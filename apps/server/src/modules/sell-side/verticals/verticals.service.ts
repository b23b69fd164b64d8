/** Verticals: list, look-up, create, edit, status (with the advertiser cascade) and the section edits. */
import {
  SELL_SIDE_STATUSES,
  VERTICAL_SECTIONS,
  type LookupQuery,
  type VerticalSectionName,
  type sellSideListQuery,
  type verticalCreate,
  type verticalGoalsSection,
  type verticalUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { integrations, integrationTemplates, metrics, users, verticalGoals, verticals } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudit } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { previewVerticals, stopAdvertisersOfVerticals } from '../integrations';
import { author, type AuthorRow } from '../integrations';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';
import { activeRows, listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';

type Row = typeof verticals.$inferSelect;
type Status = (typeof SELL_SIDE_STATUSES)[number];
const DUPLICATE = 'A vertical with this title already exists';
const UNIQUE: UniqueSpec = { table: verticals, idColumn: verticals.id, column: verticals.title, field: 'title', message: DUPLICATE };
const LIST: ListSpec = {
  orderBy: { id: verticals.id, title: verticals.title, status: verticals.status, createdAt: verticals.createdAt },
  defaultOrder: 'id:desc',
  statuses: SELL_SIDE_STATUSES,
};

const select = (ctx: Ctx) =>
  ctx.db.select({ vertical: verticals, author }).from(verticals).leftJoin(users, eq(users.id, verticals.createdBy));

async function toViews(ctx: Ctx, rows: { vertical: Row; author: AuthorRow }[]) {
  const ids = rows.map((r) => r.vertical.id);
  const goals = ids.length
    ? await ctx.db
        .select()
        .from(verticalGoals)
        .where(inArray(verticalGoals.verticalId, ids))
        .orderBy(asc(verticalGoals.position), asc(verticalGoals.id))
    : [];
  return rows.map(({ vertical: v, author: a }) => ({
    id: v.id,
    title: v.title,
    description: v.description,
    status: v.status as Status,
    goals: goals.filter((g) => g.verticalId === v.id).map((g) => ({ id: g.id, title: g.title })),
    incomingParameters: v.incomingParameters as never[],
    inboundRules: v.inboundRules as Record<string, unknown>[],
    leadGrades: v.leadGrades as { key: string; title: string }[],
    leadCategories: v.leadCategories as { key: string; title: string }[],
    metrics: v.metrics as number[],
    apiSettings: v.apiSettings,
    redirect: v.redirect,
    createdAt: toSeconds(v.createdAt)!,
    createdBy: a,
  }));
}

export async function list(ctx: Ctx, q: z.infer<typeof sellSideListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(verticals.status, p.statuses) : undefined,
    p.search ? ilike(verticals.title, contains(p.search)) : undefined,
  );
  return listPage(ctx, p, { table: verticals, where, query: select(ctx).$dynamic(), views: (rows) => toViews(ctx, rows) });
}

export async function get(ctx: Ctx, id: number) {
  const rows = await select(ctx).where(eq(verticals.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Vertical');
  return (await toViews(ctx, rows))[0];
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(verticals.id, unique))));
}

/** Active verticals by title (pickers), or the given ids whatever their status. */
export async function active(ctx: Ctx, q: LookupQuery) {
  const rows = await activeRows<Row>(
    ctx,
    { table: verticals, idColumn: verticals.id, title: verticals.title, status: verticals.status },
    q,
  );
  return { items: rows.map((r) => ({ id: r.id, title: r.title, status: r.status as Status })) };
}

export async function create(ctx: Ctx, items: z.infer<typeof verticalCreate>[]) {
  const actor = requireActor(ctx);
  const values = (item: (typeof items)[number]) => ({ ...item, createdBy: actor.id, createdAt: ctx.now() });
  return byIds(ctx, await createUnique(ctx, UNIQUE, { entity: 'vertical', values, changes: (item) => item }, items));
}

export async function update(ctx: Ctx, items: z.infer<typeof verticalUpdate>[]) {
  return byIds(ctx, await updateUnique<Row, (typeof items)[number]>(ctx, UNIQUE, { entity: 'vertical', what: 'Vertical' }, items));
}

/** Status change; deactivating a vertical blocks its active advertisers in the same transaction. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  let advertisers = 0;
  const ids = await changeStatuses<Row, Status>(
    ctx,
    {
      table: verticals,
      idColumn: verticals.id,
      entity: 'vertical',
      what: 'Vertical',
      set: () => ({ statusChangedAt: ctx.now() }),
      after: async (c, changed, current) => {
        for (const { id } of changed.filter((x) => x.status === 'inactive'))
          advertisers += await stopAdvertisersOfVerticals(c, [id], `Vertical '${current.get(id)!.title}' was deactivated`);
      },
    },
    items,
  );
  return { items: await byIds(ctx, ids), advertisers };
}

export const cascadePreview = (ctx: Ctx, ids: number[]) => previewVerticals(ctx, ids);

/** `POST /verticals/:id/edit_<section>`: replaces one section (goals keep the ids of the goals sent back). */
export async function editSection(ctx: Ctx, id: number, section: VerticalSectionName, data: unknown) {
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = (await lockById<Row>(c, verticals, verticals.id, [id], 'Vertical')).get(id)!;
    if (section === 'goals') {
      await editGoals(c, id, data as z.infer<typeof verticalGoalsSection>);
      return;
    }
    if (section === 'metrics') {
      const wanted = data as number[];
      const found = wanted.length ? await tx.select({ id: metrics.id }).from(metrics).where(inArray(metrics.id, wanted)) : [];
      const known = new Set(found.map((m) => m.id));
      const bad = wanted.findIndex((m) => !known.has(m));
      if (bad >= 0) throw AppError.field(['body', 'data', bad], 'required', 'Unknown metric');
    }
    const field = VERTICAL_SECTIONS[section].field as Exclude<(typeof VERTICAL_SECTIONS)[VerticalSectionName]['field'], 'goals'>;
    const changes = diffFields(current as Record<string, unknown>, { [field]: data });
    if (!changes) return;
    await tx
      .update(verticals)
      .set({ [field]: data })
      .where(eq(verticals.id, id));
    await recordAudit(c, { entity: 'vertical', entityId: id, action: `edit_${section}`, changes });
  });
  return get(ctx, id);
}

/** Goals keep their ids (conversions refer to them): sent ids are renamed, new ones added, missing ones removed unless in use. */
async function editGoals(ctx: Ctx, verticalId: number, goals: z.infer<typeof verticalGoalsSection>) {
  const existing = await ctx.db.select().from(verticalGoals).where(eq(verticalGoals.verticalId, verticalId));
  const own = new Set(existing.map((g) => g.id));
  goals.forEach((g, i) => {
    if (g.id !== undefined && !own.has(g.id))
      throw AppError.field(['body', 'data', i, 'id'], 'required', 'The goal does not belong to this vertical');
  });
  const kept = goals.filter((g) => g.id !== undefined).map((g) => g.id!);
  const removed = existing.filter((g) => !kept.includes(g.id)).map((g) => g.id);
  if (removed.length) {
    const uses = (goalsCol: AnyPgColumn) =>
      sql`exists (select 1 from jsonb_array_elements(${goalsCol}) g where (g #>> '{}')::int in ${removed})`;
    const used = await ctx.db
      .select({ id: integrations.id })
      .from(integrations)
      .where(and(eq(integrations.verticalId, verticalId), uses(integrations.goals)))
      .limit(1);
    const usedByTemplate = await ctx.db
      .select({ id: integrationTemplates.id })
      .from(integrationTemplates)
      .where(and(eq(integrationTemplates.verticalId, verticalId), uses(integrationTemplates.goals)))
      .limit(1);
    if (used.length || usedByTemplate.length) throw AppError.conflict('A goal that integrations or templates report cannot be removed');
    await ctx.db.delete(verticalGoals).where(and(eq(verticalGoals.verticalId, verticalId), inArray(verticalGoals.id, removed)));
  }
  // titles are unique per vertical: park the kept goals' titles first so a swap of titles does not collide mid-way
  for (const [i, g] of goals.entries()) {
    if (g.id !== undefined)
      await ctx.db
        .update(verticalGoals)
        .set({ title: `\u0001${g.id}`, position: i })
        .where(eq(verticalGoals.id, g.id));
  }
  for (const [i, g] of goals.entries()) {
    if (g.id !== undefined) await ctx.db.update(verticalGoals).set({ title: g.title }).where(eq(verticalGoals.id, g.id));
    else await ctx.db.insert(verticalGoals).values({ verticalId, title: g.title, position: i });
  }
  await recordAudit(ctx, {
    entity: 'vertical',
    entityId: verticalId,
    action: 'edit_goals',
    changes: { before: { goals: existing.map((g) => ({ id: g.id, title: g.title })) }, after: { goals } },
  });
}
