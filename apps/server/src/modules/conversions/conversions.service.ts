/**
 * The conversions list. Scope: `conversion.read` every conversion; `conversion.assigned.read` the conversions of the
 * affiliates the employee manages (`user_managers`); `conversion.own.read` (affiliates) their own, hidden ones left
 * out, without revenue, the advertiser or the advertiser's event id.
 */
import { CONVERSION_STATUS_NAMES, STAFF_ROLE_TYPES, normalizeDecimal, type ConversionListQuery, type ConversionView, type conversionListQuery } from '@leadgrid/shared';
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { conversions, userManagers } from '../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../http/context';
import { parseList, toSeconds, type ListSpec } from '../../http/list-query';

export type { ConversionListQuery };

const LIST: ListSpec = {
  orderBy: {
    id: conversions.id,
    createdAt: conversions.createdAt,
    status: conversions.status,
    payout: conversions.basePayout,
    statusChangedAt: conversions.statusChangedAt,
  },
  defaultOrder: 'id:desc',
  statuses: CONVERSION_STATUS_NAMES,
};

type Row = typeof conversions.$inferSelect;
const money = (v: string | null) => (v === null ? null : normalizeDecimal(v));

const isStaff = (actor: Actor) => STAFF_ROLE_TYPES.includes(actor.roleType);

/** the condition keeping the conversions the actor may read */
function scopeWhere(ctx: Ctx, actor: Actor): SQL | undefined {
  if (isStaff(actor)) {
    if (hasPermission(actor, 'conversion.read')) return undefined;
    if (hasPermission(actor, 'conversion.assigned.read'))
      return inArray(conversions.affiliateId, ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)));
    return sql`false`;
  }
  if (hasPermission(actor, 'conversion.own.read')) return and(eq(conversions.affiliateId, actor.id), eq(conversions.isHidden, false));
  return sql`false`;
}

function toView(r: Row, staff: boolean): ConversionView {
  const view: ConversionView = {
    id: r.id,
    createdAt: toSeconds(r.createdAt)!,
    status: r.status,
    statusChangedAt: toSeconds(r.statusChangedAt),
    clickId: r.clickId,
    leadId: r.leadId,
    offerId: r.offerId,
    campaignId: r.campaignId,
    affiliateId: r.affiliateId,
    goalId: r.goalId,
    payout: normalizeDecimal(r.payout),
    payoutCurrency: r.payoutCurrency,
    basePayout: normalizeDecimal(r.basePayout),
    baseCurrency: r.baseCurrency,
    marks: r.marks,
    publicNotes: r.publicNotes,
    autoApproveAt: toSeconds(r.autoApproveAt),
  };
  if (!staff) return view;
  return {
    ...view,
    advertiserId: r.advertiserId,
    eventId: r.eventId,
    paymentRuleId: r.paymentRuleId,
    originalRevenue: money(r.originalRevenue),
    currency: r.currency,
    revenue: normalizeDecimal(r.revenue),
    revenueCurrency: r.revenueCurrency,
    baseRevenue: normalizeDecimal(r.baseRevenue),
    isHidden: r.isHidden,
  };
}

export async function list(ctx: Ctx, q: z.infer<typeof conversionListQuery>) {
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  const p = parseList(q, LIST);
  const where = and(
    scopeWhere(ctx, actor),
    p.statuses ? inArray(conversions.status, p.statuses.map((s) => CONVERSION_STATUS_NAMES.indexOf(s as (typeof CONVERSION_STATUS_NAMES)[number]) + 1)) : undefined,
    q.affiliateId?.length ? inArray(conversions.affiliateId, q.affiliateId) : undefined,
    q.offerId?.length ? inArray(conversions.offerId, q.offerId) : undefined,
    staff && q.advertiserId?.length ? inArray(conversions.advertiserId, q.advertiserId) : undefined,
    q.goalId?.length ? inArray(conversions.goalId, q.goalId) : undefined,
    q.leadId?.length ? inArray(conversions.leadId, q.leadId) : undefined,
    q.from !== undefined ? gte(conversions.createdAt, new Date(q.from * 1000)) : undefined,
    q.to !== undefined ? lt(conversions.createdAt, new Date(q.to * 1000)) : undefined,
    p.search ? (/^\d{1,15}$/.test(p.search) ? eq(conversions.id, Number(p.search)) : staff ? eq(conversions.eventId, p.search) : sql`false`) : undefined,
  );
  const rows = await ctx.db.select().from(conversions).where(where).orderBy(p.order, asc(conversions.id)).limit(p.limit).offset(p.offset);
  const items = rows.map((r) => toView(r, staff));
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(conversions).where(where);
  return { items, meta: { totalCount: n } };
}
