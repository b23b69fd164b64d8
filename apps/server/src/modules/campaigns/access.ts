/**
 * Offer access of an affiliate, as the campaign rules read it (issue 6 scope rules):
 *
 * - ACCESS: the offer is public (access type 1), or assigned to the affiliate (offer_affiliates, active), or to the
 *   affiliate's team (offer_teams active, the team active, the affiliate an active member);
 * - VISIBLE: access and the offer is active. A campaign is created (or cloned) only for a visible offer; an
 *   existing campaign is re-activated only with access (an inactive offer does not revoke campaigns).
 *
 * The offers module states the same rule in `modules/offers/visibility.ts`; this copy keeps campaigns independent of
 * it until that module lands and must change with it.
 */
import { OFFER_ACCESS_TYPES } from '@leadgrid/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { offerAffiliates, offers, offerTeams, teamMembers, teams } from '../../db/schema';
import type { Ctx } from '../../http/context';

export interface OfferAccess {
  access: boolean;
  visible: boolean;
}

/** Access and visibility of each offer (missing offers are absent from the map) for one affiliate. */
export async function offerAccess(ctx: Ctx, affiliateId: number, offerIds: readonly number[]): Promise<Map<number, OfferAccess>> {
  const ids = [...new Set(offerIds)];
  if (!ids.length) return new Map();
  const [rows, direct, byTeam] = await Promise.all([
    ctx.db.select({ id: offers.id, status: offers.status, accessType: offers.accessType }).from(offers).where(inArray(offers.id, ids)),
    ctx.db
      .select({ offerId: offerAffiliates.offerId })
      .from(offerAffiliates)
      .where(
        and(inArray(offerAffiliates.offerId, ids), eq(offerAffiliates.affiliateId, affiliateId), eq(offerAffiliates.status, 'active')),
      ),
    ctx.db
      .select({ offerId: offerTeams.offerId })
      .from(offerTeams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, offerTeams.teamId))
      .innerJoin(teams, eq(teams.id, offerTeams.teamId))
      .where(
        and(
          inArray(offerTeams.offerId, ids),
          eq(teamMembers.userId, affiliateId),
          eq(offerTeams.status, 'active'),
          eq(teamMembers.status, 'active'),
          eq(teams.status, 'active'),
        ),
      ),
  ]);
  const assigned = new Set([...direct, ...byTeam].map((r) => r.offerId));
  return new Map(
    rows.map((r) => {
      const access = r.accessType === OFFER_ACCESS_TYPES.public || assigned.has(r.id);
      return [r.id, { access, visible: access && r.status === 'active' }];
    }),
  );
}

/** The affiliate's team through an active membership (null when none): the sieves of landers name teams. */
export async function activeTeamOf(ctx: Ctx, affiliateId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, affiliateId), eq(teamMembers.status, 'active')))
    .limit(1);
  return row?.teamId ?? null;
}
