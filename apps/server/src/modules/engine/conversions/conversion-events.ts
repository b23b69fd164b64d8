/**
 * The outbound affiliate postbacks of a conversion status change made on our side (the auto-approve job, staff
 * approving, rejecting or holding): the event of the new status with the conversion's macro values, enqueued in the
 * caller's transaction. A hidden conversion fires nothing: its affiliate does not see it, so no postback may tell it.
 */
import { CONVERSION_STATUS, CONVERSION_STATUS_NAMES, normalizeDecimal, type PostbackEvent } from '@leadgrid/shared';
import { inArray } from 'drizzle-orm';
import { leads, verticalGoals, type conversions } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { enqueuePostbackEvents } from '../postback-delivery';

/** the affiliate postback event of each conversion status */
export const CONVERSION_STATUS_EVENTS: Record<number, PostbackEvent> = {
  [CONVERSION_STATUS.pending]: 'conversion_pending',
  [CONVERSION_STATUS.hold]: 'conversion_deferred',
  [CONVERSION_STATUS.approved]: 'conversion_approved',
  [CONVERSION_STATUS.rejected]: 'conversion_rejected',
};

type ConversionRow = typeof conversions.$inferSelect;

/**
 * Enqueues the event of each conversion's (new) status for its affiliate's, team's and the global postbacks.
 * `ctx.db` must be the transaction of the change. Answers how many deliveries were queued.
 */
export async function enqueueConversionStatusEvents(ctx: Ctx, changed: readonly ConversionRow[]): Promise<number> {
  const rows = changed.filter((r) => !r.isHidden);
  if (!rows.length) return 0;
  const leadIds = rows.map((r) => r.leadId).filter((x): x is number => x != null);
  const leadRows = leadIds.length ? await ctx.db.select().from(leads).where(inArray(leads.id, leadIds)) : [];
  const goalIds = rows.map((r) => r.goalId).filter((x): x is number => x != null);
  const goals = goalIds.length
    ? await ctx.db
        .select({ id: verticalGoals.id, title: verticalGoals.title })
        .from(verticalGoals)
        .where(inArray(verticalGoals.id, goalIds))
    : [];
  let queued = 0;
  for (const c of rows) {
    const lead = leadRows.find((l) => l.id === c.leadId);
    const fired = await enqueuePostbackEvents(ctx, {
      event: CONVERSION_STATUS_EVENTS[c.status],
      affiliateId: c.affiliateId,
      teamId: c.teamId ?? undefined,
      goalId: c.goalId,
      leadId: c.leadId,
      conversionId: c.id,
      conversionStatus: c.status,
      values: {
        click_id: c.clickId,
        ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, lead?.[`sub${i + 1}` as 'sub1'] ?? null])),
        country: lead?.country ?? null,
        lead_id: c.leadId,
        lead_status: lead?.status ?? null,
        lead_grade: lead?.leadGrade ?? null,
        conversion_id: c.id,
        status: CONVERSION_STATUS_NAMES[c.status - 1] ?? null,
        goal: goals.find((g) => g.id === c.goalId)?.title ?? null,
        payout: normalizeDecimal(c.payout),
        currency: c.payoutCurrency,
        offer_id: c.offerId,
        campaign_id: c.campaignId,
        affiliate_id: c.affiliateId,
      },
    });
    queued += fired.length;
  }
  return queued;
}
