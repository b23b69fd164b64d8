/**
 * What an affiliate sees of offers (/offers/all): the offers visible to them (visibility.ts) with the affiliate-safe
 * fields only. Payouts come from the active payment rules that apply to the affiliate (payout, never revenue); caps
 * show only their informational value; landers only title, page type, preview URL and language. A rule, cap or
 * lander whose sieve names other affiliates or teams is not shown.
 *
 * "Own" offers are the visible ones the affiliate is assigned to (directly or through its team) or has a campaign
 * of (any status but deleted).
 */
import {
  type CAP_PERIODS,
  type CAP_TYPES,
  type LANDER_PAGE_TYPES,
  normalizeDecimal,
  PAYMENT_TYPES,
  type AffiliateOffer,
  type affiliateOfferListQuery,
  type offerCountsQuery,
  type Sieve,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  campaigns,
  caps,
  categories,
  landers,
  offerCategories,
  offers,
  offerTrafficSources,
  paymentModels,
  paymentRules,
  teamMembers,
  teams,
  trafficSources,
  verticalGoals,
  verticals,
} from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, type ListSpec } from '../../../http/list-query';
import { imageUrl } from '../../settings/images';
import { assignedSql, isAffiliate, visibleToAffiliateWhere } from './visibility';
import { contains } from '../../../lib/search';
import { linkedTo } from '../../../lib/lists';

type Q = z.infer<typeof affiliateOfferListQuery>;
const LIST: ListSpec = {
  orderBy: { id: offers.id, title: offers.title, createdAt: offers.createdAt, isHot: offers.isHot },
  defaultOrder: 'id:desc',
};

function affiliateOf(ctx: Ctx): number {
  const actor = requireActor(ctx);
  if (!isAffiliate(actor)) throw AppError.forbidden('This view is for affiliates');
  return actor.id;
}

/** the affiliate's team, when it is an active member of an active team (also the offer look-ups') */
export async function teamOf(ctx: Ctx, affiliateId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: teams.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, affiliateId), eq(teamMembers.status, 'active'), eq(teams.status, 'active')));
  return row?.id ?? null;
}

/** a sieve applies to the affiliate unless it names other affiliates or other teams */
const appliesTo = (sieve: Partial<Sieve>, affiliateId: number, teamId: number | null) =>
  (!sieve.affiliateIds?.length || sieve.affiliateIds.includes(affiliateId)) &&
  (!sieve.teamIds?.length || (teamId !== null && sieve.teamIds.includes(teamId)));

const ownSql = (affiliateId: number) =>
  sql`(${assignedSql(offers.id, affiliateId)} or exists (select 1 from ${campaigns} where ${campaigns.offerId} = ${offers.id} and ${campaigns.affiliateId} = ${affiliateId} and ${campaigns.status} <> 'deleted'))`;

const geosWhere = (countries: string[]) =>
  or(
    sql`jsonb_array_length(${offers.geos}) = 0`,
    sql`${offers.geos} ?| array[${sql.join(
      countries.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]`,
  );

function filtersWhere(ctx: Ctx, affiliateId: number, q: Omit<Partial<Q>, 'limit' | 'offset'>): SQL {
  return and(
    visibleToAffiliateWhere(affiliateId),
    q.search ? or(ilike(offers.title, contains(q.search)), sql`${offers.id}::text = ${q.search}`) : undefined,
    q.verticalId?.length ? inArray(offers.verticalId, q.verticalId) : undefined,
    linkedTo(ctx, offers.id, offerCategories.offerId, offerCategories.categoryId, q.categoryIds),
    q.geos?.length ? geosWhere(q.geos) : undefined,
    q.isHot !== undefined ? eq(offers.isHot, q.isHot) : undefined,
    q.accessType !== undefined ? eq(offers.accessType, q.accessType) : undefined,
    q.own ? ownSql(affiliateId) : undefined,
  )!;
}

async function toViews(ctx: Ctx, affiliateId: number, rows: (typeof offers.$inferSelect)[]): Promise<AffiliateOffer[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const teamId = await teamOf(ctx, affiliateId);
  const verticalIds = [...new Set(rows.map((r) => r.verticalId))];
  const goalIds = [...new Set(rows.flatMap((r) => (r.goalId ? [r.goalId] : [])))];
  const [verticalRows, goalRows, categoryRows, sourceRows, ruleRows, capRows, landerRows, assignedRows, campaignRows] = await Promise.all([
    ctx.db.select({ id: verticals.id, title: verticals.title }).from(verticals).where(inArray(verticals.id, verticalIds)),
    goalIds.length
      ? ctx.db.select({ id: verticalGoals.id, title: verticalGoals.title }).from(verticalGoals).where(inArray(verticalGoals.id, goalIds))
      : Promise.resolve([]),
    ctx.db
      .select({ offerId: offerCategories.offerId, id: categories.id, title: categories.title })
      .from(offerCategories)
      .innerJoin(categories, eq(categories.id, offerCategories.categoryId))
      .where(inArray(offerCategories.offerId, ids))
      .orderBy(asc(sql`lower(${categories.title})`)),
    ctx.db
      .select({ offerId: offerTrafficSources.offerId, id: trafficSources.id, title: trafficSources.title })
      .from(offerTrafficSources)
      .innerJoin(trafficSources, eq(trafficSources.id, offerTrafficSources.trafficSourceId))
      .where(inArray(offerTrafficSources.offerId, ids))
      .orderBy(asc(sql`lower(${trafficSources.title})`)),
    ctx.db
      .select({
        offerId: paymentRules.offerId,
        id: paymentRules.id,
        sieve: paymentRules.sieve,
        paymentType: paymentRules.paymentType,
        payoutValue: paymentRules.payoutValue,
        payoutCurrency: paymentRules.payoutCurrency,
        model: { id: paymentModels.id, code: paymentModels.code, title: paymentModels.title },
        goal: { id: verticalGoals.id, title: verticalGoals.title },
      })
      .from(paymentRules)
      .leftJoin(paymentModels, eq(paymentModels.id, paymentRules.paymentModelId))
      .leftJoin(verticalGoals, eq(verticalGoals.id, paymentRules.goalId))
      .where(and(inArray(paymentRules.offerId, ids), eq(paymentRules.status, 'active')))
      .orderBy(asc(paymentRules.id)),
    ctx.db
      .select({
        offerId: caps.offerId,
        id: caps.id,
        type: caps.type,
        period: caps.period,
        informationalValue: caps.informationalValue,
        sieve: caps.sieve,
      })
      .from(caps)
      .where(and(inArray(caps.offerId, ids), eq(caps.status, 'active'), isNotNull(caps.informationalValue)))
      .orderBy(asc(caps.id)),
    ctx.db
      .select({
        offerId: landers.offerId,
        id: landers.id,
        title: landers.title,
        pageType: landers.pageType,
        previewUrl: landers.previewUrl,
        language: landers.language,
        sieve: landers.sieve,
      })
      .from(landers)
      .where(and(inArray(landers.offerId, ids), eq(landers.status, 'active')))
      .orderBy(asc(landers.id)),
    ctx.db
      .select({ id: offers.id })
      .from(offers)
      .where(and(inArray(offers.id, ids), assignedSql(offers.id, affiliateId))),
    ctx.db
      .selectDistinct({ id: campaigns.offerId })
      .from(campaigns)
      .where(and(inArray(campaigns.offerId, ids), eq(campaigns.affiliateId, affiliateId), ne(campaigns.status, 'deleted'))),
  ]);
  const verticalById = new Map(verticalRows.map((v) => [v.id, v]));
  const goalById = new Map(goalRows.map((g) => [g.id, g]));
  const assigned = new Set(assignedRows.map((r) => r.id));
  const withCampaign = new Set(campaignRows.map((r) => r.id));
  const applies = (s: unknown) => appliesTo((s ?? {}) as Partial<Sieve>, affiliateId, teamId);
  const of = <T extends { offerId: number }>(list: T[], id: number) => list.filter((x) => x.offerId === id);
  return rows.map((o) => ({
    id: o.id,
    title: o.title,
    description: o.description,
    imageUrl: o.imageId ? imageUrl(ctx, o.imageId) : null,
    vertical: verticalById.get(o.verticalId)!,
    integrationMethod: o.integrationMethod as AffiliateOffer['integrationMethod'],
    categories: of(categoryRows, o.id).map(({ id, title }) => ({ id, title })),
    geos: o.geos,
    trafficSources: of(sourceRows, o.id).map(({ id, title }) => ({ id, title })),
    isHot: o.isHot,
    accessType: o.accessType as AffiliateOffer['accessType'],
    sessionLifespan: o.sessionLifespan,
    sessionLifespanType: o.sessionLifespanType as AffiliateOffer['sessionLifespanType'],
    goal: o.goalId ? (goalById.get(o.goalId) ?? null) : null,
    assigned: assigned.has(o.id),
    hasCampaign: withCampaign.has(o.id),
    payouts: of(ruleRows, o.id)
      .filter((r) => applies(r.sieve))
      .map((r) => ({
        paymentModel: r.model?.id ? r.model : null,
        goal: r.goal?.id ? r.goal : null,
        paymentType: ((PAYMENT_TYPES as readonly string[]).includes(r.paymentType)
          ? r.paymentType
          : 'fixed') as (typeof PAYMENT_TYPES)[number],
        value: normalizeDecimal(r.payoutValue),
        currency: r.payoutCurrency,
        countries: ((r.sieve as Partial<Sieve>).countries ?? []) as string[],
      })),
    caps: of(capRows, o.id)
      .filter((c) => applies(c.sieve))
      .map((c) => ({
        id: c.id,
        type: c.type as (typeof CAP_TYPES)[number],
        period: c.period as (typeof CAP_PERIODS)[number],
        informationalValue: normalizeDecimal(c.informationalValue!),
        countries: ((c.sieve as Partial<Sieve>).countries ?? []) as string[],
      })),
    landers: of(landerRows, o.id)
      .filter((l) => applies(l.sieve))
      .map((l) => ({
        id: l.id,
        title: l.title,
        pageType: l.pageType as (typeof LANDER_PAGE_TYPES)[number],
        previewUrl: l.previewUrl,
        language: l.language,
      })),
  }));
}

/** GET /offers/for-affiliate */
export async function list(ctx: Ctx, q: Q) {
  const affiliateId = affiliateOf(ctx);
  const p = parseList(q, LIST);
  const where = filtersWhere(ctx, affiliateId, q);
  const order = q.orderBy ? [p.order, desc(offers.id)] : [desc(offers.isHot), desc(offers.id)];
  const rows = await ctx.db
    .select()
    .from(offers)
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset);
  const items = await toViews(ctx, affiliateId, rows);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(offers).where(where);
  return { items, meta: { totalCount: n } };
}

/** GET /offers/for-affiliate/:id: 404 for an offer the affiliate does not see */
export async function get(ctx: Ctx, id: number) {
  const affiliateId = affiliateOf(ctx);
  const rows = await ctx.db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), visibleToAffiliateWhere(affiliateId)));
  if (!rows.length) throw AppError.notFound('Offer');
  return (await toViews(ctx, affiliateId, rows))[0];
}

/** GET /offers/counts for an affiliate: {all, own} under the same filters */
export async function counts(ctx: Ctx, q: z.infer<typeof offerCountsQuery>) {
  const affiliateId = affiliateOf(ctx);
  const base = filtersWhere(ctx, affiliateId, { ...q, own: undefined });
  const [{ all, own }] = await ctx.db
    .select({ all: count(), own: sql<number>`count(*) filter (where ${ownSql(affiliateId)})`.mapWith(Number) })
    .from(offers)
    .where(base);
  return { all, own };
}
