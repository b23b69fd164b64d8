/**
 * GET /offers/:id/readiness: the checklist of what the offer still needs before it takes traffic (issue 19
 * "Onboarding without traps"; docs/decisions/engine.md "Onboarding and look-ups"). The advertiser items read the
 * targets through the lead engine's own read (leads/engine-reads.ts), so the list says what distribution would do:
 * a lead finds no advertiser ("No advertiser of the offer matches the lead") exactly when `advertiser` is not met, and
 * is refused by every target ("no valid outbound API settings") when `integration` is not.
 */
import { outApiSection, type OfferReadiness } from '@leadgrid/shared';
import { and, count, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { caps, landers, offerAffiliates, offers, offerTeams, paymentRules } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { directReads } from '../../engine/leads';

export async function readiness(ctx: Ctx, offerId: number): Promise<OfferReadiness> {
  const [offer] = await ctx.db
    .select({ status: offers.status, accessType: offers.accessType, geos: offers.geos })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer) throw AppError.notFound('Offer');
  const active = async (table: PgTable, offerColumn: AnyPgColumn, statusColumn: AnyPgColumn) => {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(offerColumn, offerId), eq(statusColumn, 'active')));
    return row.n;
  };
  const [targets, landerCount, ruleCount, capCount, affiliateCount, teamCount] = await Promise.all([
    directReads(ctx.db).targets(offerId),
    active(landers, landers.offerId, landers.status),
    active(paymentRules, paymentRules.offerId, paymentRules.status),
    active(caps, caps.offerId, caps.status),
    active(offerAffiliates, offerAffiliates.offerId, offerAffiliates.status),
    active(offerTeams, offerTeams.offerId, offerTeams.status),
  ]);
  const sending = targets.filter((t) => outApiSection.safeParse(t.outApi).success).length;
  const isPrivate = offer.accessType !== 1;
  const geoCount = (offer.geos as unknown[] | null)?.length ?? 0;
  const items: OfferReadiness['items'] = [
    { key: 'status', ok: offer.status === 'active', required: true, tab: 'general', count: null },
    { key: 'advertiser', ok: targets.length > 0, required: true, tab: 'targeting', count: targets.length },
    { key: 'integration', ok: sending > 0, required: true, tab: 'targeting', count: sending },
    { key: 'lander', ok: landerCount > 0, required: true, tab: 'landings', count: landerCount },
    { key: 'paymentRule', ok: ruleCount > 0, required: true, tab: 'payment-rules', count: ruleCount },
    {
      key: 'access',
      ok: !isPrivate || affiliateCount + teamCount > 0,
      required: true,
      tab: 'affiliates',
      count: isPrivate ? affiliateCount + teamCount : null,
    },
    { key: 'geos', ok: geoCount > 0, required: false, tab: 'general', count: geoCount },
    { key: 'caps', ok: capCount > 0, required: false, tab: 'caps', count: capCount },
  ];
  return { ready: items.every((i) => i.ok || !i.required), items };
}
