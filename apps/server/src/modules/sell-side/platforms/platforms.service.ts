/** Platforms: list, look-up, create, edit, status (stops their integrations) and delete (refused while referred to). */
import {
  SELL_SIDE_STATUSES,
  type IntegrationMethod,
  type LookupQuery,
  type platformCreate,
  type platformUpdate,
  type sellSideListQuery,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { advertisers, integrations, integrationTemplates, platforms, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { recordAudits } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { previewPlatforms, stopIntegrationsOfPlatforms } from '../integrations';
import { author, type AuthorRow } from '../integrations';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';
import { activeRows, listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';

type Row = typeof platforms.$inferSelect;
type Status = (typeof SELL_SIDE_STATUSES)[number];
const DUPLICATE = 'A platform with this title already exists';
const UNIQUE: UniqueSpec = { table: platforms, idColumn: platforms.id, column: platforms.title, field: 'title', message: DUPLICATE };
export const ATTACHED = 'The platform cannot be deleted while other entities are attached';
const LIST: ListSpec = {
  orderBy: { id: platforms.id, title: platforms.title, status: platforms.status, createdAt: platforms.createdAt },
  defaultOrder: 'id:desc',
  statuses: SELL_SIDE_STATUSES,
};

/** the integration-method flags as a list, and back */
export function methodsOf(r: Pick<Row, 'methodApi' | 'methodPostback' | 'methodRedirect' | 'methodApiSync'>): IntegrationMethod[] {
  const out: IntegrationMethod[] = [];
  if (r.methodApi) out.push('api');
  if (r.methodPostback) out.push('postback');
  if (r.methodRedirect) out.push('redirect');
  if (r.methodApiSync) out.push('api_sync');
  return out;
}
const flagsOf = (m: IntegrationMethod[]) => ({
  methodApi: m.includes('api'),
  methodPostback: m.includes('postback'),
  methodRedirect: m.includes('redirect'),
  methodApiSync: m.includes('api_sync'),
});

const select = (ctx: Ctx) =>
  ctx.db.select({ platform: platforms, author }).from(platforms).leftJoin(users, eq(users.id, platforms.createdBy));

async function toViews(ctx: Ctx, rows: { platform: Row; author: AuthorRow }[]) {
  const ids = rows.map((r) => r.platform.id);
  const templates = ids.length
    ? await ctx.db
        .select({ id: integrationTemplates.id, title: integrationTemplates.title, platformId: integrationTemplates.platformId })
        .from(integrationTemplates)
        .where(inArray(integrationTemplates.platformId, ids))
        .orderBy(asc(integrationTemplates.title))
    : [];
  return rows.map(({ platform: p, author: a }) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    methods: methodsOf(p),
    status: p.status as Status,
    templates: templates.filter((t) => t.platformId === p.id).map((t) => ({ id: t.id, title: t.title })),
    createdAt: toSeconds(p.createdAt)!,
    createdBy: a,
  }));
}

export async function list(ctx: Ctx, q: z.infer<typeof sellSideListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(platforms.status, p.statuses) : undefined,
    p.search ? ilike(platforms.title, contains(p.search)) : undefined,
  );
  return listPage(ctx, p, { table: platforms, where, query: select(ctx).$dynamic(), views: (rows) => toViews(ctx, rows) });
}

export async function get(ctx: Ctx, id: number) {
  const rows = await select(ctx).where(eq(platforms.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Platform');
  return (await toViews(ctx, rows))[0];
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(platforms.id, unique))));
}

/** Active platforms by title (pickers, the integration-methods look-up), or the given ids whatever their status. */
export async function active(ctx: Ctx, q: LookupQuery) {
  const rows = await activeRows<Row>(
    ctx,
    { table: platforms, idColumn: platforms.id, title: platforms.title, status: platforms.status },
    q,
  );
  return { items: rows.map((r) => ({ id: r.id, title: r.title, status: r.status as Status, methods: methodsOf(r) })) };
}

export async function create(ctx: Ctx, items: z.infer<typeof platformCreate>[]) {
  const actor = requireActor(ctx);
  const values = ({ methods, ...item }: (typeof items)[number]) => ({
    ...item,
    ...flagsOf(methods),
    createdBy: actor.id,
    createdAt: ctx.now(),
  });
  return byIds(ctx, await createUnique(ctx, UNIQUE, { entity: 'platform', values, changes: (item) => item }, items));
}

export async function update(ctx: Ctx, items: z.infer<typeof platformUpdate>[]) {
  const patch = ({ id: _id, methods, ...fields }: (typeof items)[number]) => ({ ...fields, ...(methods ? flagsOf(methods) : {}) });
  return byIds(ctx, await updateUnique<Row, (typeof items)[number]>(ctx, UNIQUE, { entity: 'platform', what: 'Platform', patch }, items));
}

/** Status change; deactivating a platform deactivates its active integrations (and their offers) in the same transaction. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  let stopped = { integrations: 0, offers: 0 };
  const ids = await changeStatuses(
    ctx,
    {
      table: platforms,
      idColumn: platforms.id,
      entity: 'platform',
      what: 'Platform',
      set: () => ({ statusChangedAt: ctx.now() }),
      after: async (c, changed) => {
        stopped = await stopIntegrationsOfPlatforms(
          c,
          changed.filter((x) => x.status === 'inactive').map((x) => x.id),
        );
      },
    },
    items,
  );
  return { items: await byIds(ctx, ids), integrations: stopped.integrations, offers: stopped.offers };
}

export const cascadePreview = (ctx: Ctx, ids: number[]) => previewPlatforms(ctx, ids);

/** Deletes platforms no template, integration or advertiser refers to (409 with the spec's message otherwise). */
export async function remove(ctx: Ctx, ids: number[]) {
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    await lockById<Row>(c, platforms, platforms.id, ids, 'Platform');
    const refs = await Promise.all([
      tx.select({ id: integrationTemplates.id }).from(integrationTemplates).where(inArray(integrationTemplates.platformId, ids)).limit(1),
      tx.select({ id: integrations.id }).from(integrations).where(inArray(integrations.platformId, ids)).limit(1),
      tx.select({ id: advertisers.id }).from(advertisers).where(inArray(advertisers.platformId, ids)).limit(1),
    ]);
    if (refs.some((r) => r.length)) throw AppError.conflict(ATTACHED);
    await tx.delete(platforms).where(inArray(platforms.id, ids));
    await recordAudits(
      c,
      [...new Set(ids)].map((id) => ({ entity: 'platform', entityId: id, action: 'delete' })),
    );
  });
  return [...new Set(ids)].length;
}
