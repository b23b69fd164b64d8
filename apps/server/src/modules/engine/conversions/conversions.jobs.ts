/**
 * Auto-approve (architecture §5): every minute, pending conversions whose `autoApproveAt` (the payment rule's
 * autoApprovePeriod hours after the conversion) has passed become approved, in batches; each approval fires the
 * affiliate's `conversion_approved` postbacks in the same transaction.
 */
import { CONVERSION_STATUS } from '@leadgrid/shared';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Services } from '../../../services';
import { conversions } from '../../../db/schema';
import { systemCtx, type Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { enqueueConversionStatusEvents } from './conversion-events';

export const CONVERSION_AUTO_APPROVE_JOB = 'conversion-auto-approve';
const BATCH = 500;

type Deps = Pick<Services, 'database' | 'config' | 'now'>;

/** approves the due pending conversions; answers how many were approved */
export async function autoApproveConversions(ctx: Ctx): Promise<number> {
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
      await enqueueConversionStatusEvents({ ...ctx, db: tx }, rows);
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
      await autoApproveConversions(systemCtx(deps));
    },
  });
}
