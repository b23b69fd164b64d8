/**
 * THE access rule of offers (issue 6 scope rules), used by the offers module and by every module that shows an
 * affiliate something of an offer (landers, creatives, caps and payment-rule info, campaigns):
 *
 * - an affiliate has ACCESS to an offer when it is public (access type 1), or assigned to the affiliate
 *   (offer_affiliates, status active), or to the affiliate's team (offer_teams active, the team active and the
 *   affiliate an active member of it);
 * - an affiliate SEES an offer when it has access and the offer is active;
 * - staff (admin, managers, employees) with the offers permission see every offer; an advertiser member sees the
 *   offers that target its advertiser (offer_advertisers); nobody else sees any.
 *
 * Campaigns follow access, not visibility: `reconcileOfferAccess` moves an affiliate's active campaigns of an
 * offer it lost access to to `offer_revoked`, and `offer_revoked` ones back to active once access returns
 * (a private offer made public, or the affiliate or its team assigned again). An inactive offer revokes nothing.
 */
import { STAFF_ROLE_TYPES } from '@leadgrid/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { campaigns, offerAdvertisers, offerAffiliates, offers, offerTeams, teamMembers, teams, users } from '../../../db/schema';
import { requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { recordAudits } from '../../../lib/audit';
import { loadAffiliateManagers, reaches } from '../../people/scope';

type Expr = SQL | AnyPgColumn | number;

export const isAffiliate = (actor: Actor | null) => actor?.roleType === 'affiliate';
export const isStaff = (actor: Actor | null) => !!actor && STAFF_ROLE_TYPES.includes(actor.roleType);

/** the offer is assigned to the affiliate directly or through its team (active assignments only) */
export function assignedSql(offerId: Expr, affiliateId: Expr): SQL {
  return sql`(exists (select 1 from ${offerAffiliates} where ${offerAffiliates.offerId} = ${offerId} and ${offerAffiliates.affiliateId} = ${affiliateId} and ${offerAffiliates.status} = 'active')
    or exists (select 1 from ${offerTeams}
      inner join ${teamMembers} on ${teamMembers.teamId} = ${offerTeams.teamId}
      inner join ${teams} on ${teams.id} = ${offerTeams.teamId}
      where ${offerTeams.offerId} = ${offerId} and ${teamMembers.userId} = ${affiliateId}
        and ${offerTeams.status} = 'active' and ${teamMembers.status} = 'active' and ${teams.status} = 'active'))`;
}

/** the affiliate has access to the offer (its status aside): public, or assigned */
export function accessSql(offerId: Expr, accessType: Expr, affiliateId: Expr): SQL {
  return sql`(${accessType} = 1 or ${assignedSql(offerId, affiliateId)})`;
}

/** the condition on `offers` that keeps the offers an affiliate sees: active, with access */
export function visibleToAffiliateWhere(affiliateId: number): SQL {
  return and(eq(offers.status, 'active'), accessSql(offers.id, offers.accessType, affiliateId))!;
}

/**
 * A look-up about one affiliate (its campaign offers, special offers, traffic): an affiliate asks only about itself
 * (403 naming `loc` otherwise); staff about an affiliate in their people read scope (404 otherwise, as everywhere in
 * people).
 */
export async function assertAffiliateInReach(ctx: Ctx, affiliateId: number, loc: (string | number)[], forbidden: string): Promise<void> {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) {
    if (affiliateId !== actor.id) throw new AppError('FORBIDDEN', forbidden, [{ msg: forbidden, type: 'forbidden', loc }]);
    return;
  }
  const managers = (await loadAffiliateManagers(ctx.db, [affiliateId])).get(affiliateId);
  if (!managers || !reaches(actor, 'read', managers))
    throw new AppError('NOT_FOUND', 'Affiliate not found', [{ msg: `Affiliate ${affiliateId} not found`, type: 'notFound', loc }]);
}

/** the condition on `offers` for the current actor's scope (undefined: every offer) */
export async function offerScopeWhere(ctx: Ctx): Promise<SQL | undefined> {
  const actor = requireActor(ctx);
  if (isStaff(actor)) return undefined;
  if (isAffiliate(actor)) return visibleToAffiliateWhere(actor.id);
  if (actor.roleType === 'advertiser_member') {
    const [row] = await ctx.db.select({ advertiserId: users.advertiserId }).from(users).where(eq(users.id, actor.id));
    if (!row?.advertiserId) return sql`false`;
    return inArray(
      offers.id,
      ctx.db.select({ id: offerAdvertisers.offerId }).from(offerAdvertisers).where(eq(offerAdvertisers.advertiserId, row.advertiserId)),
    );
  }
  return sql`false`;
}

/** Which of the offers the affiliate sees (active, with access). */
export async function visibleOfferIds(ctx: Ctx, affiliateId: number, offerIds: readonly number[]): Promise<Set<number>> {
  if (!offerIds.length) return new Set();
  const rows = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(inArray(offers.id, [...new Set(offerIds)]), visibleToAffiliateWhere(affiliateId)));
  return new Set(rows.map((r) => r.id));
}

/** Whether the affiliate sees the offer (active, with access). */
export async function affiliateSeesOffer(ctx: Ctx, affiliateId: number, offerId: number): Promise<boolean> {
  return (await visibleOfferIds(ctx, affiliateId, [offerId])).has(offerId);
}

/** Whether the affiliate has access to the offer, whatever the offer's status (campaigns keep running on access). */
export async function affiliateHasAccess(ctx: Ctx, affiliateId: number, offerId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.id, offerId), accessSql(offers.id, offers.accessType, affiliateId)));
  return !!row;
}

/**
 * Brings campaigns in line with access, inside the caller's transaction: active campaigns whose affiliate has lost
 * access to the offer become `offer_revoked`; `offer_revoked` campaigns whose affiliate has access again become
 * active. Narrowed to some offers and/or some affiliates (at least one list must be given). Each change is audited.
 */
export async function reconcileOfferAccess(
  ctx: Ctx,
  scope: { offerIds?: readonly number[]; affiliateIds?: readonly number[] },
): Promise<{ revoked: number[]; restored: number[] }> {
  if (!scope.offerIds?.length && !scope.affiliateIds?.length) return { revoked: [], restored: [] };
  const narrow = and(
    scope.offerIds?.length ? inArray(campaigns.offerId, [...scope.offerIds]) : undefined,
    scope.affiliateIds?.length ? inArray(campaigns.affiliateId, [...scope.affiliateIds]) : undefined,
  );
  const access = accessSql(
    campaigns.offerId,
    sql`(select ${offers.accessType} from ${offers} where ${offers.id} = ${campaigns.offerId})`,
    campaigns.affiliateId,
  );
  const at = ctx.now();
  const revoked = await ctx.db
    .update(campaigns)
    .set({ status: 'offer_revoked', statusChangedAt: at, statusChangedBy: ctx.actor?.id ?? null, updatedAt: at })
    .where(and(narrow, eq(campaigns.status, 'active'), sql`not ${access}`))
    .returning({ id: campaigns.id });
  const restored = await ctx.db
    .update(campaigns)
    .set({ status: 'active', statusChangedAt: at, statusChangedBy: ctx.actor?.id ?? null, updatedAt: at })
    .where(and(narrow, eq(campaigns.status, 'offer_revoked'), access))
    .returning({ id: campaigns.id });
  await recordAudits(ctx, [
    ...revoked.map((c) => ({
      entity: 'campaign',
      entityId: c.id,
      action: 'change_status',
      changes: { before: { status: 'active' }, after: { status: 'offer_revoked' }, cause: 'offer_access' },
    })),
    ...restored.map((c) => ({
      entity: 'campaign',
      entityId: c.id,
      action: 'change_status',
      changes: { before: { status: 'offer_revoked' }, after: { status: 'active' }, cause: 'offer_access' },
    })),
  ]);
  return { revoked: revoked.map((r) => r.id), restored: restored.map((r) => r.id) };
}
