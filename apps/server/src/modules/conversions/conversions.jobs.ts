/**
 * Auto-approve (ARCHITECTURE §5): every minute, pending conversions whose `autoApproveAt` (the payment rule's
 * autoApprovePeriod hours after the conversion) has passed become approved, in batches; each approval fires the
 * affiliate's `conversion_approved` postbacks in the same transaction.
 */
import { CONVERSION_STATUS, normalizeDecimal } from '@leadgrid/shared';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Services } from '../../app';
import { conversions, leads, verticalGoals } from '../../db/schema';
import { systemCtx, type Ctx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { enqueuePostbackEvents } from '../postback-delivery';

export const CONVERSION_AUTO_APPROVE_JOB = 'conversion-auto-approve';
const BATCH = 500;

type Deps = Pick<Services, 'database' | 'config' | 'now'>;


/** approves the due pending conversions; answers how many were approved */
export async function autoApproveConversions(ctx: Ctx, queue: JobQueue): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.now();
    const done = await ctx.db.transaction(async (tx) => {
      const due = tx
        .select({ id: conversions.id })
        .from(conversions)
        .where(and(eq(conversions.status, CONVERSION_STATUS.pending), lte(conversions.autoApproveAt, now)))
        .orderBy(conversions.autoApproveAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(conversions)
        .set({ status: CONVERSION_STATUS.approved, statusChangedAt: now, updatedAt: now, autoApproveAt: null })
        .where(and(inArray(conversions.id, due), eq(conversions.status, CONVERSION_STATUS.pending)))
        .returning();
      if (!rows.length) return 0;
      const leadIds = rows.map((r) => r.leadId).filter((x): x is number => x != null);
      const leadRows = leadIds.length ? await tx.select().from(leads).where(inArray(leads.id, leadIds)) : [];
      const goalIds = rows.map((r) => r.goalId).filter((x): x is number => x != null);
      const goals = goalIds.length ? await tx.select({ id: verticalGoals.id, title: verticalGoals.title }).from(verticalGoals).where(inArray(verticalGoals.id, goalIds)) : [];
      for (const c of rows) {
        const lead = leadRows.find((l) => l.id === c.leadId);
        await enqueuePostbackEvents({ ...ctx, db: tx }, queue, {
          event: 'conversion_approved',
          affiliateId: c.affiliateId,
          teamId: c.teamId ?? undefined,
          goalId: c.goalId,
          leadId: c.leadId,
          conversionId: c.id,
          conversionStatus: CONVERSION_STATUS.approved,
          values: {
            click_id: c.clickId,
            ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, lead?.[`sub${i + 1}` as 'sub1'] ?? null])),
            country: lead?.country ?? null,
            lead_id: c.leadId,
            lead_status: lead?.status ?? null,
            lead_grade: lead?.leadGrade ?? null,
            conversion_id: c.id,
            status: 'approved',
            goal: goals.find((g) => g.id === c.goalId)?.title ?? null,
            payout: normalizeDecimal(c.payout),
            currency: c.payoutCurrency,
            offer_id: c.offerId,
            campaign_id: c.campaignId,
            affiliate_id: c.affiliateId,
          },
        });
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

export function defineConversionJobs(queue: JobQueue, deps: Deps): void {
  queue.define({
    name: CONVERSION_AUTO_APPROVE_JOB,
    cron: '* * * * *',
    options: { retryLimit: 0, expireInSeconds: 120 },
    handler: async () => {
      await autoApproveConversions(systemCtx(deps), queue);
    },
  });
}
