/**
 * Offer access of an affiliate, as the campaign rules read it. The rule itself is the offers module's
 * (`modules/inventory/offers/visibility.ts`): ACCESS = public, or assigned to the affiliate or its active team; VISIBLE =
 * access and the offer is active. A campaign is created (or cloned) only for a visible offer; an existing campaign
 * is re-activated with access (an inactive offer does not revoke campaigns).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { offers, teamMembers } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { accessSql } from '../offers';

export interface OfferAccess {
  access: boolean;
  visible: boolean;
}

/** For one affiliate, the offers among `offerIds` it has access to, and whether it sees them; others are absent. */
export async function offerAccess(ctx: Ctx, affiliateId: number, offerIds: readonly number[]): Promise<Map<number, OfferAccess>> {
  const ids = [...new Set(offerIds)];
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: offers.id, status: offers.status })
    .from(offers)
    .where(and(inArray(offers.id, ids), accessSql(offers.id, offers.accessType, affiliateId)));
  return new Map(rows.map((r) => [r.id, { access: true, visible: r.status === 'active' }]));
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
