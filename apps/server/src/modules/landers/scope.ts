/**
 * Who reads landers and creatives, and which: staff (role types of STAFF_ROLE_TYPES holding the offers read
 * permission) read every offer's; an affiliate reads the active ones of the offers visible to them, whose sieve does
 * not leave them out; advertiser members read none.
 *
 * The offer visibility rule (issue 6): an active offer that is public (access type 1), or private (3) and assigned
 * to the affiliate (offer_affiliates, active) or to their team (offer_teams, active, through an active membership).
 * The offers module states the same rule for the offer lists; this copy keeps landers and creatives independent of
 * it and must change with it.
 */
import { OFFER_ACCESS_TYPES, STAFF_ROLE_TYPES } from '@leadgrid/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { offerAffiliates, offers, offerTeams, roles, teamMembers, users } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { AppError } from '../../http/errors';

export type Audience = { kind: 'staff' } | { kind: 'affiliate'; affiliateId: number; teamId: number | null };

/** The affiliate's team through an active membership (null when none). */
export async function teamOf(ctx: Ctx, affiliateId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, affiliateId), eq(teamMembers.status, 'active')))
    .limit(1);
  return row?.teamId ?? null;
}

/** Staff or an affiliate (with their team); anyone else is refused. */
export async function audienceOf(ctx: Ctx): Promise<Audience> {
  const actor = requireActor(ctx);
  if (STAFF_ROLE_TYPES.includes(actor.roleType)) return { kind: 'staff' };
  if (actor.roleType === 'affiliate') return { kind: 'affiliate', affiliateId: actor.id, teamId: await teamOf(ctx, actor.id) };
  throw AppError.forbidden('Landers and creatives are shown to staff and affiliates only');
}

/** The audience of an affiliate chosen by staff (the campaign form for an affiliate); 400 when it is not an affiliate. */
export async function affiliateAudience(ctx: Ctx, affiliateId: number, loc: (string | number)[]): Promise<Audience> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, affiliateId), eq(roles.type, 'affiliate')))
    .limit(1);
  if (!row) throw AppError.field(loc, 'required', 'No such affiliate', 'exists');
  return { kind: 'affiliate', affiliateId, teamId: await teamOf(ctx, affiliateId) };
}

/** The condition on `offers.id` that keeps the offers visible to the affiliate. */
export function visibleOffersWhere(ctx: Ctx, affiliateId: number, teamId: number | null): SQL {
  const assigned = ctx.db
    .select({ id: offerAffiliates.offerId })
    .from(offerAffiliates)
    .where(and(eq(offerAffiliates.affiliateId, affiliateId), eq(offerAffiliates.status, 'active')));
  const teamAssigned =
    teamId === null
      ? undefined
      : inArray(
          offers.id,
          ctx.db
            .select({ id: offerTeams.offerId })
            .from(offerTeams)
            .where(and(eq(offerTeams.teamId, teamId), eq(offerTeams.status, 'active'))),
        );
  return and(
    eq(offers.status, 'active'),
    or(
      eq(offers.accessType, OFFER_ACCESS_TYPES.public),
      and(eq(offers.accessType, OFFER_ACCESS_TYPES.private), or(inArray(offers.id, assigned), teamAssigned)),
    ),
  )!;
}

/**
 * A sieve's affiliate and team lists do not leave the affiliate out (an empty list lets everyone through; both
 * lists must let them through, as the sieve matcher reads them).
 */
export function sieveAdmits(sieve: PgColumn, affiliateId: number, teamId: number | null): SQL {
  const affiliates = sql`(jsonb_array_length(coalesce(${sieve}->'affiliateIds', '[]'::jsonb)) = 0 or ${sieve}->'affiliateIds' @> ${JSON.stringify([affiliateId])}::jsonb)`;
  const teams =
    teamId === null
      ? sql`jsonb_array_length(coalesce(${sieve}->'teamIds', '[]'::jsonb)) = 0`
      : sql`(jsonb_array_length(coalesce(${sieve}->'teamIds', '[]'::jsonb)) = 0 or ${sieve}->'teamIds' @> ${JSON.stringify([teamId])}::jsonb)`;
  return and(affiliates, teams)!;
}

/**
 * The offer must exist (staff) or be visible (affiliate): 404 otherwise, the same answer for an invisible offer as
 * for a missing one. Answers the offer's vertical.
 */
export async function readableOffer(ctx: Ctx, audience: Audience, offerId: number): Promise<{ id: number; verticalId: number }> {
  const [row] = await ctx.db
    .select({ id: offers.id, verticalId: offers.verticalId })
    .from(offers)
    .where(
      and(eq(offers.id, offerId), audience.kind === 'affiliate' ? visibleOffersWhere(ctx, audience.affiliateId, audience.teamId) : undefined),
    )
    .limit(1);
  if (!row) throw AppError.notFound('Offer');
  return row;
}
