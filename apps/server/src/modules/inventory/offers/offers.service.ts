/**
 * Offers, the staff side: list with filters (hot first by default), detail with optional relations, create, edit
 * (one or many), bulk edit, status, the creation-data and filter look-ups and the counts. An access-type change
 * brings the offer's campaigns in line with access in the same transaction (visibility.ts).
 */
import {
  INTEGRATION_METHODS,
  OFFER_ACCESS_TYPE_IDS,
  type OFFER_ORDER_FIELDS,
  OFFER_STATUSES,
  OFFER_WITH,
  SESSION_LIFESPAN,
  SESSION_LIFESPAN_TYPES,
  STAFF_ROLE_TYPES,
  type ApiErrorItem,
  type Offer,
  type OfferStatus,
  type TagRef,
  type offerBulkEdit,
  type offerCountsQuery,
  type offerCreate,
  type offerListQuery,
  type offerForCampaignQuery,
  type offerLookupQuery,
  type offerUpdate,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  campaigns,
  caps,
  categories,
  creatives,
  images,
  integrations,
  advertisers,
  landers,
  offerAdvertisers,
  offerAffiliates,
  offerCategories,
  offerManagers,
  offerPaymentModels,
  offers,
  offerTags,
  offerTeams,
  offerTrafficSources,
  paymentModels,
  paymentRules,
  roles,
  tags,
  trafficSources,
  users,
  verticalGoals,
  verticals,
} from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import type { JobQueue } from '../../../jobs/queue';
import { lockById, reloadByIds } from '../../../lib/rows';
import { imageUrl } from '../../settings/images';
import { author } from '../../sell-side/integrations';
import { offerStatusChanged } from '../../settings/notifications';
import { assertAffiliateInReach, offerScopeWhere, reconcileOfferAccess, visibleToAffiliateWhere } from './visibility';
import { contains } from '../../../lib/search';
import { linkedTo } from '../../../lib/lists';

type Row = typeof offers.$inferSelect;
type CreateItem = z.infer<typeof offerCreate>;
type UpdateItem = z.infer<typeof offerUpdate>;
type ListQuery = z.infer<typeof offerListQuery>;
type Link = 'tagIds' | 'categoryIds' | 'managerIds' | 'trafficSourceIds' | 'payMethodIds';
export const WRITE = 'offer.update';
export const READ = 'front.menu.offers.read';
export const VERTICAL_CHANGE_REFUSED =
  'The vertical of this offer cannot be changed while it has advertisers, landers of an advertiser, or caps and payment rules with a goal of the current vertical; remove them first';

const LIST: ListSpec = {
  orderBy: {
    id: offers.id,
    title: offers.title,
    status: offers.status,
    createdAt: offers.createdAt,
    updatedAt: offers.updatedAt,
    isHot: offers.isHot,
    accessType: offers.accessType,
  } satisfies Record<(typeof OFFER_ORDER_FIELDS)[number], unknown>,
  defaultOrder: 'id:desc',
  with: OFFER_WITH,
  statuses: OFFER_STATUSES,
};

/** the join tables behind the id lists of the inputs */
const LINKS = {
  tagIds: { table: offerTags, offer: offerTags.offerId, col: offerTags.tagId, key: 'tagId' },
  categoryIds: { table: offerCategories, offer: offerCategories.offerId, col: offerCategories.categoryId, key: 'categoryId' },
  managerIds: { table: offerManagers, offer: offerManagers.offerId, col: offerManagers.managerId, key: 'managerId' },
  trafficSourceIds: {
    table: offerTrafficSources,
    offer: offerTrafficSources.offerId,
    col: offerTrafficSources.trafficSourceId,
    key: 'trafficSourceId',
  },
  payMethodIds: {
    table: offerPaymentModels,
    offer: offerPaymentModels.offerId,
    col: offerPaymentModels.paymentModelId,
    key: 'paymentModelId',
  },
} as const;

// ---------------------------------------------------------------- reading

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      offer: offers,
      author,
      vertical: { id: verticals.id, title: verticals.title },
      goal: { id: verticalGoals.id, title: verticalGoals.title },
    })
    .from(offers)
    .innerJoin(verticals, eq(verticals.id, offers.verticalId))
    .leftJoin(verticalGoals, eq(verticalGoals.id, offers.goalId))
    .leftJoin(users, eq(users.id, offers.createdBy));
type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

const groupBy = <T extends { offerId: number }, V>(rows: T[], map: (r: T) => V) => {
  const out = new Map<number, V[]>();
  for (const r of rows) {
    const list = out.get(r.offerId) ?? [];
    list.push(map(r));
    out.set(r.offerId, list);
  }
  return out;
};

/** the advertiser targets of offers (integration and advertiser), for with=integrations / with=advertisers */
async function targetsOf(ctx: Ctx, ids: number[]) {
  return ctx.db
    .select({
      offerId: offerAdvertisers.offerId,
      targetId: offerAdvertisers.id,
      targetStatus: offerAdvertisers.status,
      id: integrations.id,
      title: integrations.title,
      status: integrations.status,
      advertiser: { id: advertisers.id, secureId: advertisers.secureId, title: advertisers.title, status: advertisers.status },
    })
    .from(offerAdvertisers)
    .innerJoin(integrations, eq(integrations.id, offerAdvertisers.integrationId))
    .innerJoin(advertisers, eq(advertisers.id, offerAdvertisers.advertiserId))
    .where(inArray(offerAdvertisers.offerId, ids))
    .orderBy(asc(sql`lower(${advertisers.title})`), asc(offerAdvertisers.id));
}

async function countsOf(ctx: Ctx, ids: number[]) {
  const per = async (offerId: PgColumn, table: PgTable, where?: SQL) =>
    new Map(
      (
        await ctx.db
          .select({ offerId: sql<number>`${offerId}`.mapWith(Number), n: count() })
          .from(table)
          .where(and(inArray(offerId, ids), where))
          .groupBy(offerId)
      ).map((r) => [r.offerId, r.n]),
    );
  const [adv, aff, team, lnd, cre, cap, rule, camp] = await Promise.all([
    per(offerAdvertisers.offerId, offerAdvertisers),
    per(offerAffiliates.offerId, offerAffiliates),
    per(offerTeams.offerId, offerTeams),
    per(landers.offerId, landers),
    per(creatives.offerId, creatives),
    per(caps.offerId, caps),
    per(paymentRules.offerId, paymentRules),
    per(campaigns.offerId, campaigns, ne(campaigns.status, 'deleted')),
  ]);
  return (id: number) => ({
    advertisers: adv.get(id) ?? 0,
    affiliates: aff.get(id) ?? 0,
    teams: team.get(id) ?? 0,
    landers: lnd.get(id) ?? 0,
    creatives: cre.get(id) ?? 0,
    caps: cap.get(id) ?? 0,
    paymentRules: rule.get(id) ?? 0,
    campaigns: camp.get(id) ?? 0,
  });
}

async function toViews(ctx: Ctx, rows: Selected[], withs: Set<string>): Promise<Offer[]> {
  const ids = rows.map((r) => r.offer.id);
  if (!ids.length) return [];
  const [tagRows, categoryRows, sourceRows, modelRows, managerRows, targets, counts] = await Promise.all([
    ctx.db
      .select({ offerId: offerTags.offerId, id: tags.id, title: tags.title, type: tags.type, status: tags.status })
      .from(offerTags)
      .innerJoin(tags, eq(tags.id, offerTags.tagId))
      .where(inArray(offerTags.offerId, ids))
      .orderBy(asc(sql`lower(${tags.title})`), asc(tags.id)),
    ctx.db
      .select({ offerId: offerCategories.offerId, id: categories.id, title: categories.title })
      .from(offerCategories)
      .innerJoin(categories, eq(categories.id, offerCategories.categoryId))
      .where(inArray(offerCategories.offerId, ids))
      .orderBy(asc(sql`lower(${categories.title})`), asc(categories.id)),
    ctx.db
      .select({ offerId: offerTrafficSources.offerId, id: trafficSources.id, title: trafficSources.title })
      .from(offerTrafficSources)
      .innerJoin(trafficSources, eq(trafficSources.id, offerTrafficSources.trafficSourceId))
      .where(inArray(offerTrafficSources.offerId, ids))
      .orderBy(asc(sql`lower(${trafficSources.title})`), asc(trafficSources.id)),
    ctx.db
      .select({ offerId: offerPaymentModels.offerId, id: paymentModels.id, code: paymentModels.code, title: paymentModels.title })
      .from(offerPaymentModels)
      .innerJoin(paymentModels, eq(paymentModels.id, offerPaymentModels.paymentModelId))
      .where(inArray(offerPaymentModels.offerId, ids))
      .orderBy(asc(paymentModels.id)),
    ctx.db
      .select({ offerId: offerManagers.offerId, ...author })
      .from(offerManagers)
      .innerJoin(users, eq(users.id, offerManagers.managerId))
      .where(inArray(offerManagers.offerId, ids))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    withs.has('integrations') || withs.has('advertisers') ? targetsOf(ctx, ids) : Promise.resolve([]),
    withs.has('counts') ? countsOf(ctx, ids) : Promise.resolve(null),
  ]);
  const tagsOf = groupBy(tagRows, (t) => ({
    id: t.id,
    title: t.title,
    type: t.type as TagRef['type'],
    status: t.status as TagRef['status'],
  }));
  const categoriesOf = groupBy(categoryRows, ({ id, title }) => ({ id, title }));
  const sourcesOf = groupBy(sourceRows, ({ id, title }) => ({ id, title }));
  const modelsOf = groupBy(modelRows, ({ id, code, title }) => ({ id, code, title }));
  const managersOf = groupBy(managerRows, ({ offerId: _, ...m }) => m);
  const integrationsOf = groupBy(targets, (t) => ({
    targetId: t.targetId,
    targetStatus: t.targetStatus as 'active' | 'inactive',
    id: t.id,
    title: t.title,
    status: t.status as 'active' | 'inactive',
    advertiser: { ...t.advertiser, status: t.advertiser.status as 'active' | 'blocked' },
  }));
  return rows.map(({ offer: o, author: a, vertical, goal }) => {
    const view: Offer = {
      id: o.id,
      title: o.title,
      description: o.description,
      imageId: o.imageId,
      imageUrl: o.imageId ? imageUrl(ctx, o.imageId) : null,
      status: o.status as OfferStatus,
      statusChangedAt: toSeconds(o.statusChangedAt),
      vertical,
      integrationMethod: o.integrationMethod as Offer['integrationMethod'],
      accessType: o.accessType as Offer['accessType'],
      isHot: o.isHot,
      geos: o.geos,
      sessionLifespan: o.sessionLifespan,
      sessionLifespanType: o.sessionLifespanType as Offer['sessionLifespanType'],
      goal: goal?.id ? goal : null,
      trafficbackUrl: o.trafficbackUrl,
      payMethods: modelsOf.get(o.id) ?? [],
      trafficSources: sourcesOf.get(o.id) ?? [],
      categories: categoriesOf.get(o.id) ?? [],
      tags: tagsOf.get(o.id) ?? [],
      managers: managersOf.get(o.id) ?? [],
      createdAt: toSeconds(o.createdAt)!,
      createdBy: a?.id ? a : null,
      updatedAt: toSeconds(o.updatedAt)!,
    };
    if (withs.has('integrations')) view.integrations = integrationsOf.get(o.id) ?? [];
    if (withs.has('advertisers')) {
      const seen = new Map<number, NonNullable<Offer['advertisers']>[number]>();
      for (const t of integrationsOf.get(o.id) ?? []) seen.set(t.advertiser.id, t.advertiser);
      view.advertisers = [...seen.values()];
    }
    if (counts) view.counts = counts(o.id);
    return view;
  });
}

/** offers whose geos contain any of the countries; an offer without geos accepts every country and always matches */
const geosWhere = (countries: string[]) =>
  or(
    sql`jsonb_array_length(${offers.geos}) = 0`,
    sql`${offers.geos} ?| array[${sql.join(
      countries.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]`,
  );

export const bySearch = (search: string) => or(ilike(offers.title, contains(search)), sql`${offers.id}::text = ${search}`);

/** the filters of the list (and of the staff counts), status aside */
function filtersWhere(ctx: Ctx, q: Omit<Partial<ListQuery>, 'status'>): SQL | undefined {
  return and(
    q.search ? bySearch(q.search) : undefined,
    q.verticalId?.length ? inArray(offers.verticalId, q.verticalId) : undefined,
    linkedTo(ctx, offers.id, offerAdvertisers.offerId, offerAdvertisers.advertiserId, q.advertiserId),
    linkedTo(ctx, offers.id, offerTags.offerId, offerTags.tagId, q.tagIds),
    linkedTo(ctx, offers.id, offerCategories.offerId, offerCategories.categoryId, q.categoryIds),
    linkedTo(ctx, offers.id, offerManagers.offerId, offerManagers.managerId, q.managerId),
    q.geos?.length ? geosWhere(q.geos) : undefined,
    q.isHot !== undefined ? eq(offers.isHot, q.isHot) : undefined,
    q.accessType !== undefined ? eq(offers.accessType, q.accessType) : undefined,
  );
}

export async function list(ctx: Ctx, q: ListQuery) {
  const p = parseList(q, LIST);
  const where = and(await offerScopeWhere(ctx), p.statuses ? inArray(offers.status, p.statuses) : undefined, filtersWhere(ctx, q));
  // product §9: hot offers first by default, then the newest
  const order = q.orderBy ? [p.order, desc(offers.id)] : [desc(offers.isHot), desc(offers.id)];
  const rows = await select(ctx)
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset);
  const items = await toViews(ctx, rows, p.with);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(offers).where(where);
  return { items, meta: { totalCount: n } };
}

function withsOf(w: string[] | undefined): Set<string> {
  for (const x of w ?? []) {
    if (!(OFFER_WITH as readonly string[]).includes(x))
      throw AppError.field(['querystring', 'with'], 'pattern', `Unknown with value '${x}'`);
  }
  return new Set(w ?? []);
}

export async function get(ctx: Ctx, id: number, withList?: string[]) {
  const withs = withsOf(withList);
  const rows = await select(ctx)
    .where(and(eq(offers.id, id), await offerScopeWhere(ctx)))
    .limit(1);
  if (!rows.length) throw AppError.notFound('Offer');
  return (await toViews(ctx, rows, withs))[0];
}

export async function byIds(ctx: Ctx, ids: number[], withs = new Set<string>()) {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(offers.id, unique)), withs));
}

/** GET /offers/filters: by title or id, any status unless narrowed; the chosen ids of a picker whatever their status */
export async function lookup(ctx: Ctx, q: z.infer<typeof offerLookupQuery>) {
  const rows = await ctx.db
    .select({ id: offers.id, title: offers.title, status: offers.status })
    .from(offers)
    .where(
      and(
        await offerScopeWhere(ctx),
        q.ids?.length ? inArray(offers.id, q.ids) : q.status?.length ? inArray(offers.status, q.status) : undefined,
        q.search ? bySearch(q.search) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${offers.title})`), asc(offers.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as OfferStatus })) };
}

/**
 * GET /offers/for-campaign: the offers a campaign of this affiliate can be created for — the ones the affiliate sees
 * (visibility.ts: active, public or assigned to it or its team), by title or id. Affiliates ask only for themselves
 * (403 otherwise); staff for an affiliate within their people read scope (404 otherwise, as everywhere in people).
 */
export async function forCampaign(ctx: Ctx, q: z.infer<typeof offerForCampaignQuery>) {
  await assertAffiliateInReach(ctx, q.affiliateId, ['querystring', 'affiliateId'], 'You can create campaigns only for yourself');
  const rows = await ctx.db
    .select({ id: offers.id, title: offers.title, status: offers.status })
    .from(offers)
    .where(
      and(
        visibleToAffiliateWhere(q.affiliateId),
        q.ids?.length ? inArray(offers.id, q.ids) : undefined,
        q.search ? bySearch(q.search) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${offers.title})`), asc(offers.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as OfferStatus })) };
}

/** GET /offers/counts for staff: offers per status under the list filters */
export async function staffCounts(ctx: Ctx, q: z.infer<typeof offerCountsQuery>) {
  const rows = await ctx.db
    .select({ status: offers.status, n: count() })
    .from(offers)
    .where(and(await offerScopeWhere(ctx), filtersWhere(ctx, q)))
    .groupBy(offers.status);
  const by = new Map(rows.map((r) => [r.status, r.n]));
  return {
    all: rows.reduce((s, r) => s + r.n, 0),
    active: by.get('active') ?? 0,
    inactive: by.get('inactive') ?? 0,
    draft: by.get('draft') ?? 0,
  };
}

/** GET /offers/creation-data: everything the create form needs in one call, active records only */
export async function creationData(ctx: Ctx) {
  const [verticalRows, goalRows, modelRows, sourceRows, categoryRows] = await Promise.all([
    ctx.db
      .select({ id: verticals.id, title: verticals.title })
      .from(verticals)
      .where(eq(verticals.status, 'active'))
      .orderBy(asc(sql`lower(${verticals.title})`), asc(verticals.id)),
    ctx.db
      .select({ verticalId: verticalGoals.verticalId, id: verticalGoals.id, title: verticalGoals.title })
      .from(verticalGoals)
      .orderBy(asc(verticalGoals.position), asc(verticalGoals.id)),
    ctx.db
      .select({ id: paymentModels.id, code: paymentModels.code, title: paymentModels.title, verticalId: paymentModels.verticalId })
      .from(paymentModels)
      .where(eq(paymentModels.status, 'active'))
      .orderBy(asc(paymentModels.id)),
    ctx.db
      .select({ id: trafficSources.id, title: trafficSources.title })
      .from(trafficSources)
      .where(eq(trafficSources.status, 'active'))
      .orderBy(asc(sql`lower(${trafficSources.title})`)),
    ctx.db
      .select({ id: categories.id, title: categories.title })
      .from(categories)
      .where(eq(categories.status, 'active'))
      .orderBy(asc(sql`lower(${categories.title})`)),
  ]);
  const activeVerticals = new Set(verticalRows.map((v) => v.id));
  return {
    verticals: verticalRows.map((v) => ({
      ...v,
      goals: goalRows.filter((g) => g.verticalId === v.id).map(({ id, title }) => ({ id, title })),
    })),
    integrationMethods: [...INTEGRATION_METHODS],
    accessTypes: [
      { id: OFFER_ACCESS_TYPE_IDS[0], code: 'public' as const },
      { id: OFFER_ACCESS_TYPE_IDS[1], code: 'private' as const },
    ],
    sessionLifespanTypes: [...SESSION_LIFESPAN_TYPES],
    sessionLifespan: { ...SESSION_LIFESPAN },
    paymentModels: modelRows.filter((m) => m.verticalId === null || activeVerticals.has(m.verticalId)),
    trafficSources: sourceRows,
    categories: categoryRows,
  };
}

// ---------------------------------------------------------------- validation

type Checked = { verticalId: number; goalId: number | null; sessionLifespanType: string } & Partial<Record<Link, number[]>> & {
    imageId?: number | null;
  };

async function existing(ctx: Ctx, col: PgColumn, table: PgTable, ids: number[], where?: SQL) {
  if (!ids.length) return new Set<number>();
  const rows = (await ctx.db
    .select({ id: col })
    .from(table)
    .where(and(inArray(col, ids), where))) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * Field errors of each (final) item: the vertical exists; the goal belongs to it (and is set when the lifespan counts
 * from the goal); pay methods are global payment models or the vertical's; tags are offer tags; managers staff users;
 * categories, traffic sources and the image exist.
 */
async function referenceErrors(ctx: Ctx, items: Checked[]): Promise<ApiErrorItem[]> {
  const all = <K extends Link>(k: K) => [...new Set(items.flatMap((x) => x[k] ?? []))];
  const verticalIds = [...new Set(items.map((x) => x.verticalId))];
  const goalIds = [...new Set(items.flatMap((x) => (x.goalId ? [x.goalId] : [])))];
  const modelIds = all('payMethodIds');
  const imageIds = [...new Set(items.flatMap((x) => (x.imageId ? [x.imageId] : [])))];
  const [verticalOk, goalRows, modelRows, tagOk, managerOk, categoryOk, sourceOk, imageOk] = await Promise.all([
    existing(ctx, verticals.id, verticals, verticalIds),
    goalIds.length
      ? ctx.db
          .select({ id: verticalGoals.id, verticalId: verticalGoals.verticalId })
          .from(verticalGoals)
          .where(inArray(verticalGoals.id, goalIds))
      : Promise.resolve([]),
    modelIds.length
      ? ctx.db
          .select({ id: paymentModels.id, verticalId: paymentModels.verticalId })
          .from(paymentModels)
          .where(inArray(paymentModels.id, modelIds))
      : Promise.resolve([]),
    existing(ctx, tags.id, tags, all('tagIds'), eq(tags.type, 'offer')),
    all('managerIds').length
      ? ctx.db
          .select({ id: users.id })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(and(inArray(users.id, all('managerIds')), inArray(roles.type, [...STAFF_ROLE_TYPES])))
          .then((r) => new Set(r.map((x) => x.id)))
      : Promise.resolve(new Set<number>()),
    existing(ctx, categories.id, categories, all('categoryIds')),
    existing(ctx, trafficSources.id, trafficSources, all('trafficSourceIds')),
    existing(ctx, images.id, images, imageIds),
  ]);
  const goalVertical = new Map(goalRows.map((g) => [g.id, g.verticalId]));
  const modelVertical = new Map(modelRows.map((g) => [g.id, g.verticalId]));
  const errors: ApiErrorItem[] = [];
  const at = (i: number, ...rest: (string | number)[]) => ['body', 'items', i, ...rest];
  const exists = (loc: (string | number)[]) => errors.push({ msg: 'required', type: 'exists', loc });
  items.forEach((x, i) => {
    if (!verticalOk.has(x.verticalId)) exists(at(i, 'verticalId'));
    if (x.goalId) {
      const v = goalVertical.get(x.goalId);
      if (v === undefined) exists(at(i, 'goalId'));
      else if (v !== x.verticalId) errors.push({ msg: 'match', type: 'goalOfVertical', loc: at(i, 'goalId') });
    } else if (x.sessionLifespanType === 'goal') errors.push({ msg: 'required', type: 'required', loc: at(i, 'goalId') });
    x.payMethodIds?.forEach((id, j) => {
      if (!modelVertical.has(id)) exists(at(i, 'payMethodIds', j));
      else if (modelVertical.get(id) !== null && modelVertical.get(id) !== x.verticalId)
        errors.push({ msg: 'match', type: 'paymentModelOfVertical', loc: at(i, 'payMethodIds', j) });
    });
    x.tagIds?.forEach((id, j) => !tagOk.has(id) && exists(at(i, 'tagIds', j)));
    x.managerIds?.forEach((id, j) => !managerOk.has(id) && exists(at(i, 'managerIds', j)));
    x.categoryIds?.forEach((id, j) => !categoryOk.has(id) && exists(at(i, 'categoryIds', j)));
    x.trafficSourceIds?.forEach((id, j) => !sourceOk.has(id) && exists(at(i, 'trafficSourceIds', j)));
    if (x.imageId && !imageOk.has(x.imageId)) exists(at(i, 'imageId'));
  });
  return errors;
}

const fail = (errors: ApiErrorItem[]) => {
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
};

// ---------------------------------------------------------------- writing

async function linksOf(ctx: Ctx, ids: number[]): Promise<Map<number, Record<Link, number[]>>> {
  const out = new Map<number, Record<Link, number[]>>(
    ids.map((id) => [id, { tagIds: [], categoryIds: [], managerIds: [], trafficSourceIds: [], payMethodIds: [] }]),
  );
  if (!ids.length) return out;
  await Promise.all(
    (Object.keys(LINKS) as Link[]).map(async (k) => {
      const l = LINKS[k];
      const rows = (await ctx.db.select({ offerId: l.offer, id: l.col }).from(l.table).where(inArray(l.offer, ids))) as {
        offerId: number;
        id: number;
      }[];
      for (const r of rows) out.get(r.offerId)![k].push(r.id);
    }),
  );
  return out;
}

async function setLinks(ctx: Ctx, offerId: number, lists: Partial<Record<Link, number[]>>) {
  for (const k of Object.keys(LINKS) as Link[]) {
    const ids = lists[k];
    if (!ids) continue;
    const l = LINKS[k];
    await ctx.db.delete(l.table).where(eq(l.offer, offerId));
    if (ids.length) await ctx.db.insert(l.table).values(ids.map((id) => ({ offerId, [l.key]: id })) as never);
  }
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  fail(await referenceErrors(ctx, items));
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const created: number[] = [];
    for (const { tagIds, categoryIds, managerIds, trafficSourceIds, payMethodIds, ...item } of items) {
      const [row] = await tx
        .insert(offers)
        .values({ ...item, createdBy: actor.id, createdAt: ctx.now(), updatedAt: ctx.now(), statusChangedAt: ctx.now() })
        .returning({ id: offers.id });
      await setLinks(c, row.id, { tagIds, categoryIds, managerIds, trafficSourceIds, payMethodIds });
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((item, i) => ({ entity: 'offer', entityId: created[i], action: 'create', changes: item })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

/** advertiser targets, landers of an advertiser, caps or payment rules with a goal: they belong to the current vertical */
async function verticalBound(ctx: Ctx, offerIds: number[]): Promise<Set<number>> {
  if (!offerIds.length) return new Set();
  const rows = await Promise.all([
    ctx.db.selectDistinct({ id: offerAdvertisers.offerId }).from(offerAdvertisers).where(inArray(offerAdvertisers.offerId, offerIds)),
    ctx.db
      .selectDistinct({ id: landers.offerId })
      .from(landers)
      .where(and(inArray(landers.offerId, offerIds), isNotNull(landers.advertiserId))),
    ctx.db
      .selectDistinct({ id: caps.offerId })
      .from(caps)
      .where(and(inArray(caps.offerId, offerIds), isNotNull(caps.goalId))),
    ctx.db
      .selectDistinct({ id: paymentRules.offerId })
      .from(paymentRules)
      .where(and(inArray(paymentRules.offerId, offerIds), isNotNull(paymentRules.goalId))),
  ]);
  return new Set(rows.flat().map((r) => r.id));
}

/**
 * Edits one or many offers. A vertical change is refused (409) while the offer holds records of the current vertical
 * (verticalBound); otherwise it clears a goal of the old vertical (unless a new goal is sent) and drops pay methods
 * that belong to the old vertical (unless the list is sent). An access-type change reconciles the campaigns.
 */
export async function update(ctx: Ctx, items: UpdateItem[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      offers,
      offers.id,
      items.map((x) => x.id),
      'Offer',
    );
    const links = await linksOf(c, [...current.keys()]);
    const moving = items.filter((x) => x.verticalId !== undefined && x.verticalId !== current.get(x.id)!.verticalId).map((x) => x.id);
    const bound = await verticalBound(c, moving);
    if (bound.size) throw AppError.conflict(VERTICAL_CHANGE_REFUSED);

    const oldGoals = moving.flatMap((id) => current.get(id)!.goalId ?? []);
    const oldModels = moving.flatMap((id) => links.get(id)!.payMethodIds);
    const goalVerticals = new Map(
      oldGoals.length
        ? (
            await tx
              .select({ id: verticalGoals.id, verticalId: verticalGoals.verticalId })
              .from(verticalGoals)
              .where(inArray(verticalGoals.id, oldGoals))
          ).map((g) => [g.id, g.verticalId])
        : [],
    );
    const modelVerticals = new Map(
      oldModels.length
        ? (
            await tx
              .select({ id: paymentModels.id, verticalId: paymentModels.verticalId })
              .from(paymentModels)
              .where(inArray(paymentModels.id, oldModels))
          ).map((g) => [g.id, g.verticalId])
        : [],
    );
    const finals = items.map((x) => {
      const row = current.get(x.id)!;
      const verticalId = x.verticalId ?? row.verticalId;
      const moved = verticalId !== row.verticalId;
      let goalId = x.goalId !== undefined ? x.goalId : row.goalId;
      if (x.goalId === undefined && moved && goalId && goalVerticals.get(goalId) !== verticalId) goalId = null;
      let payMethodIds = x.payMethodIds;
      if (payMethodIds === undefined && moved) {
        const kept = links.get(x.id)!.payMethodIds.filter((id) => [null, verticalId].includes(modelVerticals.get(id) ?? null));
        if (kept.length !== links.get(x.id)!.payMethodIds.length) payMethodIds = kept;
      }
      return {
        ...x,
        verticalId,
        goalId,
        payMethodIds,
        sessionLifespanType: x.sessionLifespanType ?? row.sessionLifespanType,
      };
    });
    fail(
      await referenceErrors(
        c,
        finals.map((f) => ({ ...f, payMethodIds: items.find((x) => x.id === f.id)!.payMethodIds })),
      ),
    );

    const audits: AuditEntry[] = [];
    const accessChanged: number[] = [];
    for (const { id, tagIds, categoryIds, managerIds, trafficSourceIds, payMethodIds, ...patch } of finals) {
      const row = current.get(id)!;
      const changes = diffFields(row, patch);
      const have = links.get(id)!;
      const lists = { tagIds, categoryIds, managerIds, trafficSourceIds, payMethodIds };
      const listChanges = Object.fromEntries(
        (Object.keys(lists) as Link[])
          .filter((k) => lists[k] && !sameSet(lists[k]!, have[k]))
          .map((k) => [k, { before: have[k], after: lists[k] }]),
      );
      if (!changes && !Object.keys(listChanges).length) continue;
      if (changes) {
        const statusChanged = 'status' in changes.after;
        await tx
          .update(offers)
          .set({ ...changes.after, updatedAt: ctx.now(), ...(statusChanged ? { statusChangedAt: ctx.now() } : {}) })
          .where(eq(offers.id, id));
        if ('accessType' in changes.after) accessChanged.push(id);
      } else await tx.update(offers).set({ updatedAt: ctx.now() }).where(eq(offers.id, id));
      await setLinks(c, id, lists);
      audits.push({
        entity: 'offer',
        entityId: id,
        action: 'update',
        changes: { ...(changes ?? { before: {}, after: {} }), ...listChanges },
      });
    }
    await recordAudits(c, audits);
    await reconcileOfferAccess(c, { offerIds: accessChanged });
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

const applyMode = (have: readonly (number | string)[], given: readonly (number | string)[], mode: 'replace' | 'add' | 'remove') =>
  mode === 'replace' ? [...given] : mode === 'add' ? [...new Set([...have, ...given])] : have.filter((x) => !given.includes(x));

/** POST /offers/bulk_edit: one change to many offers in one transaction; lists by mode (replace, add, remove) */
export async function bulkEdit(ctx: Ctx, data: z.infer<typeof offerBulkEdit>) {
  const ids = data.ids;
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(c, offers, offers.id, ids, 'Offer');
    const links = await linksOf(c, ids);
    const given = [
      {
        tagIds: data.tagIds ?? [],
        managerIds: data.managerIds ?? [],
        categoryIds: data.categoryIds ?? [],
        verticalId: 0,
        goalId: null,
        sessionLifespanType: 'click',
      },
    ];
    const errors = (await referenceErrors(c, given))
      .filter((e) => e.loc[3] !== 'verticalId')
      .map((e) => ({ ...e, loc: ['body', 'data', ...e.loc.slice(3)] }));
    fail(errors);
    const audits: AuditEntry[] = [];
    const accessChanged: number[] = [];
    for (const id of ids) {
      const row = current.get(id)!;
      const have = links.get(id)!;
      const patch = {
        status: data.status,
        isHot: data.isHot,
        accessType: data.accessType,
        geos: data.geos ? (applyMode(row.geos, data.geos, data.geosMode) as string[]) : undefined,
      };
      const lists: Partial<Record<Link, number[]>> = {
        tagIds: data.tagIds ? (applyMode(have.tagIds, data.tagIds, data.tagsMode) as number[]) : undefined,
        categoryIds: data.categoryIds ? (applyMode(have.categoryIds, data.categoryIds, data.categoriesMode) as number[]) : undefined,
        managerIds: data.managerIds ? (applyMode(have.managerIds, data.managerIds, data.managersMode) as number[]) : undefined,
      };
      const changes = diffFields(row, patch);
      const listChanges = Object.fromEntries(
        (Object.keys(lists) as Link[])
          .filter((k) => lists[k] && !sameSet(lists[k]!, have[k]))
          .map((k) => [k, { before: have[k], after: lists[k] }]),
      );
      if (!changes && !Object.keys(listChanges).length) continue;
      await tx
        .update(offers)
        .set({
          ...(changes?.after ?? {}),
          updatedAt: ctx.now(),
          ...(changes && 'status' in changes.after ? { statusChangedAt: ctx.now() } : {}),
        })
        .where(eq(offers.id, id));
      if (changes && 'accessType' in changes.after) accessChanged.push(id);
      await setLinks(c, id, lists);
      audits.push({
        entity: 'offer',
        entityId: id,
        action: 'bulk_edit',
        changes: { ...(changes ?? { before: {}, after: {} }), ...listChanges },
      });
    }
    await recordAudits(c, audits);
    await reconcileOfferAccess(c, { offerIds: accessChanged });
  });
  return byIds(ctx, ids);
}

/**
 * POST /offers/change_status: active, inactive or draft. An offer that becomes active or stops being active raises
 * "offer status changed" (with `queue`) in the same transaction.
 */
export async function changeStatus(ctx: Ctx, items: { id: number; status: OfferStatus; reason?: string }[], queue?: JobQueue) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      offers,
      offers.id,
      items.map((x) => x.id),
      'Offer',
    );
    const audits: AuditEntry[] = [];
    for (const item of items) {
      const changes = diffFields(current.get(item.id)!, { status: item.status });
      if (!changes) continue;
      await tx.update(offers).set({ status: item.status, statusChangedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(offers.id, item.id));
      const before = current.get(item.id)!;
      if (queue && (before.status === 'active') !== (item.status === 'active'))
        await offerStatusChanged(c, queue, { offerId: item.id, title: before.title, status: item.status });
      audits.push({
        entity: 'offer',
        entityId: item.id,
        action: 'change_status',
        changes: { ...changes, ...(item.reason ? { reason: item.reason } : {}) },
      });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}
