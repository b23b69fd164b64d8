/** Integration templates: list, look-ups, create, edit, status, clone and the section edits. */
import {
  SELL_SIDE_STATUSES,
  type IntegrationMethod,
  type IntegrationSectionName,
  type LookupQuery,
  type integrationTemplateCreate,
  type integrationTemplateListQuery,
  type integrationTemplateUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { integrationTemplates, platforms, users, verticals } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { author, duplicateTitleErrors, missingIds, uniqueGuard, type AuthorRow } from '../integrations';
import { sectionsView, writeSection } from '../integrations';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof integrationTemplates.$inferSelect;
type Status = (typeof SELL_SIDE_STATUSES)[number];
export const WRITE = 'integration_template.update';
const DUPLICATE = 'A template with this title already exists';
const LIST: ListSpec = {
  orderBy: {
    id: integrationTemplates.id,
    title: integrationTemplates.title,
    status: integrationTemplates.status,
    createdAt: integrationTemplates.createdAt,
  },
  defaultOrder: 'id:desc',
  statuses: SELL_SIDE_STATUSES,
};

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      template: integrationTemplates,
      author,
      platform: { id: platforms.id, title: platforms.title },
      vertical: { id: verticals.id, title: verticals.title },
    })
    .from(integrationTemplates)
    .innerJoin(platforms, eq(platforms.id, integrationTemplates.platformId))
    .innerJoin(verticals, eq(verticals.id, integrationTemplates.verticalId))
    .leftJoin(users, eq(users.id, integrationTemplates.createdBy));

function toView(
  ctx: Ctx,
  r: { template: Row; author: AuthorRow; platform: { id: number; title: string }; vertical: { id: number; title: string } },
) {
  const t = r.template;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    platform: r.platform,
    vertical: r.vertical,
    integrationMethodsRestrictions: t.integrationMethodsRestrictions as IntegrationMethod[],
    status: t.status as Status,
    ...sectionsView(t, hasPermission(ctx.actor, WRITE)),
    createdAt: toSeconds(t.createdAt)!,
    createdBy: r.author,
  };
}

export async function list(ctx: Ctx, q: z.infer<typeof integrationTemplateListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(integrationTemplates.status, p.statuses) : undefined,
    p.search ? or(ilike(integrationTemplates.title, contains(p.search)), sql`${integrationTemplates.id}::text = ${p.search}`) : undefined,
    q.platformId?.length ? inArray(integrationTemplates.platformId, q.platformId) : undefined,
    q.verticalId?.length ? inArray(integrationTemplates.verticalId, q.verticalId) : undefined,
  );
  return listPage(ctx, p, { table: integrationTemplates, where, query: select(ctx).$dynamic(), map: (r) => toView(ctx, r) });
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await select(ctx).where(eq(integrationTemplates.id, id)).limit(1);
  if (!row) throw AppError.notFound('Integration template');
  return toView(ctx, row);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await select(ctx).where(inArray(integrationTemplates.id, unique))).map((r) => toView(ctx, r)));
}

/** Active templates by title or id; `platformId` + `verticalId` give the choice when creating an integration. */
export async function lookup(ctx: Ctx, q: LookupQuery & { platformId?: number; verticalId?: number }) {
  const where: (SQL | undefined)[] = [q.ids?.length ? inArray(integrationTemplates.id, q.ids) : eq(integrationTemplates.status, 'active')];
  if (q.platformId) where.push(eq(integrationTemplates.platformId, q.platformId));
  if (q.verticalId) where.push(eq(integrationTemplates.verticalId, q.verticalId));
  if (q.search) where.push(or(ilike(integrationTemplates.title, contains(q.search)), sql`${integrationTemplates.id}::text = ${q.search}`));
  const rows = await ctx.db
    .select({
      id: integrationTemplates.id,
      title: integrationTemplates.title,
      status: integrationTemplates.status,
      platformId: integrationTemplates.platformId,
      verticalId: integrationTemplates.verticalId,
    })
    .from(integrationTemplates)
    .where(and(...where))
    .orderBy(asc(sql`lower(${integrationTemplates.title})`), asc(integrationTemplates.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

export async function create(ctx: Ctx, items: z.infer<typeof integrationTemplateCreate>[]) {
  const actor = requireActor(ctx);
  const errors = [
    ...(await duplicateTitleErrors(ctx, integrationTemplates, integrationTemplates, items)),
    ...(await missingIds(
      ctx,
      platforms.id,
      platforms,
      items.map((x, i) => ({ id: x.platformId, loc: ['body', 'items', i, 'platformId'] })),
    )),
    ...(await missingIds(
      ctx,
      verticals.id,
      verticals,
      items.map((x, i) => ({ id: x.verticalId, loc: ['body', 'items', i, 'verticalId'] })),
    )),
  ];
  if (errors.length) throw new AppError('VALIDATION', errors.some((e) => e.msg === 'unique') ? DUPLICATE : 'Validation failed', errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
        tx
          .insert(integrationTemplates)
          .values({ ...item, createdBy: actor.id, createdAt: ctx.now() })
          .returning({ id: integrationTemplates.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((item, i) => ({ entity: 'integration_template', entityId: created[i], action: 'create', changes: item })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: z.infer<typeof integrationTemplateUpdate>[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      integrationTemplates,
      integrationTemplates.id,
      items.map((x) => x.id),
      'Integration template',
    );
    const errors = await duplicateTitleErrors(c, integrationTemplates, integrationTemplates, items);
    if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
    const audits: AuditEntry[] = [];
    for (const [i, { id, ...patch }] of items.entries()) {
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
        tx.update(integrationTemplates).set(changes.after).where(eq(integrationTemplates.id, id)),
      );
      audits.push({ entity: 'integration_template', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** Status change; integrations made from a template keep running (they are copies). */
export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(
    ctx,
    {
      table: integrationTemplates,
      idColumn: integrationTemplates.id,
      entity: 'integration_template',
      what: 'Integration template',
      set: () => ({ statusChangedAt: ctx.now() }),
    },
    items,
  );
  return byIds(ctx, ids);
}

/** A copy of each template with all its sections, titled "<title> (copy)" unless a title is given. */
export async function clone(ctx: Ctx, items: { id: number; title?: string }[]) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      integrationTemplates,
      integrationTemplates.id,
      items.map((x) => x.id),
      'Integration template',
    );
    const wanted = items.map((x) => ({ title: x.title ?? `${current.get(x.id)!.title} (copy)` }));
    const errors = await duplicateTitleErrors(c, integrationTemplates, integrationTemplates, wanted);
    if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const { id: _id, createdAt: _at, createdBy: _by, statusChangedAt: _sc, ...source } = current.get(item.id)!;
      const [row] = await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
        tx
          .insert(integrationTemplates)
          .values({ ...source, title: wanted[i].title, createdBy: actor.id, createdAt: ctx.now() })
          .returning({ id: integrationTemplates.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((x, i) => ({ entity: 'integration_template', entityId: created[i], action: 'clone', changes: { from: x.id } })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function editSection(ctx: Ctx, id: number, section: IntegrationSectionName, data: unknown) {
  await writeSection(
    ctx,
    { table: integrationTemplates, idColumn: integrationTemplates.id, what: 'Integration template', entity: 'integration_template' },
    id,
    section,
    data,
  );
  return get(ctx, id);
}
