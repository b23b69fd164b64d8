/**
 * Advertisers: list with filters, look-ups, create, edit, change-block (active <-> blocked with a reason) and the
 * regenerable API token (answered only to those who may edit advertisers).
 */
import {
  ADVERTISER_STATUSES,
  STAFF_ROLE_TYPES,
  type ApiErrorItem,
  type advertiserCreate,
  type advertiserListQuery,
  type advertiserLookupQuery,
  type advertiserUpdate,
} from '@leadgrid/shared';
import { aliasedTable, and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  advertiserManagers,
  advertisers,
  advertiserTags,
  integrations,
  offerAdvertisers,
  offers,
  platforms,
  roles,
  tags,
  users,
  verticals,
} from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { randomToken, secureId } from '../../../lib/crypto';
import { diffFields, recordAudit, recordAudits, type AuditEntry } from '../../../lib/audit';
import { lockById, reloadByIds } from '../../../lib/rows';
import { author, duplicateTitleErrors, missingIds, uniqueGuard, type AuthorRow } from '../integrations';
import { linkedTo, listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';

type Row = typeof advertisers.$inferSelect;
type Status = (typeof ADVERTISER_STATUSES)[number];
type CreateItem = z.infer<typeof advertiserCreate>;
type UpdateItem = z.infer<typeof advertiserUpdate>;
export const WRITE = 'advertiser.update';
const DUPLICATE = 'An advertiser with this title already exists';
const LIST: ListSpec = {
  orderBy: {
    id: advertisers.id,
    title: advertisers.title,
    status: advertisers.status,
    createdAt: advertisers.createdAt,
    secureId: advertisers.secureId,
  },
  defaultOrder: 'id:desc',
  statuses: ADVERTISER_STATUSES,
};

const changer = aliasedTable(users, 'status_changer');
const select = (ctx: Ctx) =>
  ctx.db
    .select({
      advertiser: advertisers,
      author,
      changer: { id: changer.id, firstName: changer.firstName, lastName: changer.lastName, email: changer.email },
      platform: { id: platforms.id, title: platforms.title },
      vertical: { id: verticals.id, title: verticals.title },
    })
    .from(advertisers)
    .leftJoin(users, eq(users.id, advertisers.createdBy))
    .leftJoin(changer, eq(changer.id, advertisers.statusChangedBy))
    .leftJoin(platforms, eq(platforms.id, advertisers.platformId))
    .leftJoin(verticals, eq(verticals.id, advertisers.verticalId));
type Selected = {
  advertiser: Row;
  author: AuthorRow;
  changer: AuthorRow;
  platform: { id: number; title: string } | null;
  vertical: { id: number; title: string } | null;
};

async function toViews(ctx: Ctx, rows: Selected[]) {
  const ids = rows.map((r) => r.advertiser.id);
  const [tagRows, managerRows, integrationCounts] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ advertiserId: advertiserTags.advertiserId, id: tags.id, title: tags.title })
          .from(advertiserTags)
          .innerJoin(tags, eq(tags.id, advertiserTags.tagId))
          .where(inArray(advertiserTags.advertiserId, ids))
          .orderBy(asc(tags.title)),
        ctx.db
          .select({ advertiserId: advertiserManagers.advertiserId, ...author })
          .from(advertiserManagers)
          .innerJoin(users, eq(users.id, advertiserManagers.managerId))
          .where(inArray(advertiserManagers.advertiserId, ids))
          .orderBy(asc(users.id)),
        ctx.db
          .select({ advertiserId: integrations.advertiserId, n: count() })
          .from(integrations)
          .where(inArray(integrations.advertiserId, ids))
          .groupBy(integrations.advertiserId),
      ])
    : [[], [], []];
  const showToken = hasPermission(ctx.actor, WRITE);
  return rows.map(({ advertiser: a, ...r }) => ({
    id: a.id,
    secureId: a.secureId,
    title: a.title,
    description: a.description,
    status: a.status as Status,
    statusChangedAt: toSeconds(a.statusChangedAt),
    statusChangedBy: r.changer?.id ? r.changer : null,
    blockReason: a.blockReason,
    contacts: a.contacts as never[],
    platform: r.platform?.id ? r.platform : null,
    vertical: r.vertical?.id ? r.vertical : null,
    tags: tagRows.filter((x) => x.advertiserId === a.id).map((x) => ({ id: x.id, title: x.title })),
    managers: managerRows.filter((x) => x.advertiserId === a.id).map(({ advertiserId: _, ...m }) => m),
    defaultCurrency: a.defaultCurrency,
    apiToken: showToken ? a.apiToken : null,
    redirectTemplateEnabled: a.redirectTemplateEnabled,
    redirectTemplate: a.redirectTemplate,
    integrationsCount: integrationCounts.find((x) => x.advertiserId === a.id)?.n ?? 0,
    createdAt: toSeconds(a.createdAt)!,
    createdBy: r.author,
  }));
}

const bySearch = (search: string) =>
  or(ilike(advertisers.title, contains(search)), ilike(advertisers.secureId, contains(search)), sql`${advertisers.id}::text = ${search}`);

export async function list(ctx: Ctx, q: z.infer<typeof advertiserListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(advertisers.status, p.statuses) : undefined,
    p.search ? bySearch(p.search) : undefined,
    q.verticalId?.length ? inArray(advertisers.verticalId, q.verticalId) : undefined,
    q.platformId?.length ? inArray(advertisers.platformId, q.platformId) : undefined,
    linkedTo(ctx, advertisers.id, advertiserTags.advertiserId, advertiserTags.tagId, q.tagId),
    linkedTo(ctx, advertisers.id, advertiserManagers.advertiserId, advertiserManagers.managerId, q.managerId),
  );
  return listPage(ctx, p, {
    table: advertisers,
    idColumn: advertisers.id,
    where,
    query: select(ctx).$dynamic(),
    views: (rows) => toViews(ctx, rows),
  });
}

export async function get(ctx: Ctx, id: number) {
  const rows = await select(ctx).where(eq(advertisers.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Advertiser');
  return { ...(await toViews(ctx, rows))[0], offers: await offersOf(ctx, id) };
}

/** the offers an advertiser is a target of; through several integrations, the target is active when any is */
async function offersOf(ctx: Ctx, id: number) {
  const rows = await ctx.db
    .select({
      id: offers.id,
      title: offers.title,
      status: offers.status,
      targetStatus: sql<string>`case when bool_or(${offerAdvertisers.status} = 'active') then 'active' else 'inactive' end`,
    })
    .from(offerAdvertisers)
    .innerJoin(offers, eq(offers.id, offerAdvertisers.offerId))
    .where(eq(offerAdvertisers.advertiserId, id))
    .groupBy(offers.id)
    .orderBy(asc(sql`lower(${offers.title})`), asc(offers.id));
  return rows;
}

/** GET /advertisers/by-offer/:offerId (product §7 "by offer id"): the advertisers targeted by an offer, any status */
export async function byOffer(ctx: Ctx, offerId: number) {
  const rows = await ctx.db
    .selectDistinct({ id: advertisers.id, secureId: advertisers.secureId, title: advertisers.title, status: advertisers.status })
    .from(offerAdvertisers)
    .innerJoin(advertisers, eq(advertisers.id, offerAdvertisers.advertiserId))
    .where(eq(offerAdvertisers.offerId, offerId))
    .orderBy(asc(advertisers.title), asc(advertisers.id));
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(advertisers.id, unique))));
}

/**
 * The look-ups of product §7: `filters` (any status, by title or secure id), `assignment` and `postback` (active ones),
 * `vertical` (active ones of a vertical). The chosen ids of a picker are answered whatever their status.
 */
export async function lookup(
  ctx: Ctx,
  purpose: 'filters' | 'assignment' | 'postback' | 'vertical',
  q: z.infer<typeof advertiserLookupQuery>,
) {
  const where: (SQL | undefined)[] = [];
  if (q.ids?.length) where.push(inArray(advertisers.id, q.ids));
  else if (purpose !== 'filters') where.push(eq(advertisers.status, 'active'));
  else if (q.status?.length) where.push(inArray(advertisers.status, q.status));
  if (purpose === 'vertical' && !q.verticalId) throw AppError.field(['querystring', 'verticalId'], 'required');
  // every look-up narrows to the vertical when it is given (in the others, the chosen ids of a picker are answered)
  if (q.verticalId && (purpose === 'vertical' || !q.ids?.length)) where.push(eq(advertisers.verticalId, q.verticalId));
  if (q.search) where.push(bySearch(q.search));
  const rows = await ctx.db
    .select({ id: advertisers.id, secureId: advertisers.secureId, title: advertisers.title, status: advertisers.status })
    .from(advertisers)
    .where(and(...where))
    .orderBy(asc(sql`lower(${advertisers.title})`), asc(advertisers.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

/** platform, vertical, tags (of type advertiser) and managers (staff users) must exist */
async function referenceErrors(ctx: Ctx, items: (Partial<CreateItem> & { id?: number })[]): Promise<ApiErrorItem[]> {
  const at = (i: number, ...rest: (string | number)[]) => ['body', 'items', i, ...rest];
  const errors = [
    ...(await missingIds(
      ctx,
      platforms.id,
      platforms,
      items.map((x, i) => ({ id: x.platformId, loc: at(i, 'platformId') })),
    )),
    ...(await missingIds(
      ctx,
      verticals.id,
      verticals,
      items.map((x, i) => ({ id: x.verticalId, loc: at(i, 'verticalId') })),
    )),
  ];
  const tagIds = [...new Set(items.flatMap((x) => x.tagIds ?? []))];
  if (tagIds.length) {
    const ok = new Set(
      (
        await ctx.db
          .select({ id: tags.id })
          .from(tags)
          .where(and(inArray(tags.id, tagIds), eq(tags.type, 'advertiser')))
      ).map((r) => r.id),
    );
    items.forEach((x, i) =>
      x.tagIds?.forEach((t, j) => !ok.has(t) && errors.push({ msg: 'required', type: 'exists', loc: at(i, 'tagIds', j) })),
    );
  }
  const managerIds = [...new Set(items.flatMap((x) => x.managerIds ?? []))];
  if (managerIds.length) {
    const ok = new Set(
      (
        await ctx.db
          .select({ id: users.id })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(and(inArray(users.id, managerIds), inArray(roles.type, [...STAFF_ROLE_TYPES])))
      ).map((r) => r.id),
    );
    items.forEach((x, i) =>
      x.managerIds?.forEach((m, j) => !ok.has(m) && errors.push({ msg: 'required', type: 'exists', loc: at(i, 'managerIds', j) })),
    );
  }
  return errors;
}

async function setLinks(ctx: Ctx, id: number, tagIds: number[] | undefined, managerIds: number[] | undefined) {
  if (tagIds) {
    await ctx.db.delete(advertiserTags).where(eq(advertiserTags.advertiserId, id));
    if (tagIds.length) await ctx.db.insert(advertiserTags).values(tagIds.map((tagId) => ({ advertiserId: id, tagId })));
  }
  if (managerIds) {
    await ctx.db.delete(advertiserManagers).where(eq(advertiserManagers.advertiserId, id));
    if (managerIds.length) await ctx.db.insert(advertiserManagers).values(managerIds.map((managerId) => ({ advertiserId: id, managerId })));
  }
}

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  const errors = [...(await duplicateTitleErrors(ctx, advertisers, advertisers, items)), ...(await referenceErrors(ctx, items))];
  if (errors.length) throw new AppError('VALIDATION', errors.some((e) => e.msg === 'unique') ? DUPLICATE : 'Validation failed', errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const created: number[] = [];
    for (const [i, { tagIds, managerIds, ...item }] of items.entries()) {
      const [row] = await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
        tx
          .insert(advertisers)
          .values({ ...item, secureId: secureId(), apiToken: randomToken(24), createdBy: actor.id, createdAt: ctx.now() })
          .returning({ id: advertisers.id }),
      );
      await setLinks(c, row.id, tagIds, managerIds);
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((item, i) => ({ entity: 'advertiser', entityId: created[i], action: 'create', changes: item })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateItem[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      advertisers,
      advertisers.id,
      items.map((x) => x.id),
      'Advertiser',
    );
    const errors = [...(await duplicateTitleErrors(c, advertisers, advertisers, items)), ...(await referenceErrors(c, items))];
    if (errors.length) throw new AppError('VALIDATION', errors.some((e) => e.msg === 'unique') ? DUPLICATE : 'Validation failed', errors);
    const audits: AuditEntry[] = [];
    for (const [i, { id, tagIds, managerIds, ...patch }] of items.entries()) {
      const row = current.get(id)!;
      const enabled = patch.redirectTemplateEnabled ?? row.redirectTemplateEnabled;
      const template = patch.redirectTemplate === undefined ? row.redirectTemplate : patch.redirectTemplate;
      if (enabled && !template) throw AppError.field(['body', 'items', i, 'redirectTemplate'], 'required');
      const changes = diffFields(row, patch);
      if (changes)
        await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
          tx.update(advertisers).set(changes.after).where(eq(advertisers.id, id)),
        );
      await setLinks(c, id, tagIds, managerIds);
      if (changes || tagIds || managerIds)
        audits.push({
          entity: 'advertiser',
          entityId: id,
          action: 'update',
          changes: { ...(changes ?? { before: {}, after: {} }), ...(tagIds ? { tagIds } : {}), ...(managerIds ? { managerIds } : {}) },
        });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** Active <-> blocked; blocking keeps the reason, unblocking clears it. */
export async function changeBlock(ctx: Ctx, items: { id: number; status: Status; reason?: string }[]) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      advertisers,
      advertisers.id,
      items.map((x) => x.id),
      'Advertiser',
    );
    const audits: AuditEntry[] = [];
    for (const item of items) {
      const patch = { status: item.status, blockReason: item.status === 'blocked' ? item.reason! : null };
      const changes = diffFields(current.get(item.id)!, patch);
      if (!changes) continue;
      await tx
        .update(advertisers)
        .set({ ...patch, statusChangedAt: ctx.now(), statusChangedBy: actor.id })
        .where(eq(advertisers.id, item.id));
      audits.push({ entity: 'advertiser', entityId: item.id, action: 'change_block', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** A new API token; the old one stops working at once. */
export async function regenerateToken(ctx: Ctx, id: number) {
  const apiToken = randomToken(24);
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    await lockById<Row>(c, advertisers, advertisers.id, [id], 'Advertiser');
    await tx.update(advertisers).set({ apiToken }).where(eq(advertisers.id, id));
    await recordAudit(c, { entity: 'advertiser', entityId: id, action: 'regenerate_api_token' });
  });
  return { id, apiToken };
}
