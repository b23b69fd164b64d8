/**
 * Who reads landers and creatives, and which: staff (role types of STAFF_ROLE_TYPES holding the offers read
 * permission) read every offer's; an affiliate reads the active ones of the offers visible to them, whose sieve does
 * not leave them out; advertiser members read none.
 *
 * Which offers an affiliate sees is THE rule of the offers module (../offers/visibility.ts); the team used for the
 * sieves' team lists is the affiliate's active membership of an active team, as in that rule.
 */
import { STAFF_ROLE_TYPES } from '@leadgrid/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { offers, roles, teamMembers, teams, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { visibleToAffiliateWhere } from '../offers';

export type Audience = { kind: 'staff' } | { kind: 'affiliate'; affiliateId: number; teamId: number | null };

/** The affiliate's team through an active membership of an active team (null when none). */
export async function teamOf(ctx: Ctx, affiliateId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, affiliateId), eq(teamMembers.status, 'active'), eq(teams.status, 'active')))
    .limit(1);
  return row?.teamId ?? null;
}

/** The offers an affiliate sees (active, public or assigned to them or their team). */
export const visibleOffersWhere = (affiliateId: number): SQL => visibleToAffiliateWhere(affiliateId);

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
    .where(and(eq(offers.id, offerId), audience.kind === 'affiliate' ? visibleToAffiliateWhere(audience.affiliateId) : undefined))
    .limit(1);
  if (!row) throw AppError.notFound('Offer');
  return row;
}
