/**
 * Tracking jobs: `click-visitors-sweep` deletes every hour the unique-click visitors whose window has ended
 * (click-writer.ts; a visitor seen again after that is unique again, whether its row is still there or not).
 */
import { lt } from 'drizzle-orm';
import type { JobQueue } from '../../../jobs/queue';
import type { Database } from '../../../db/client';
import { clickVisitors } from '../../../db/schema';

export const CLICK_VISITORS_SWEEP_JOB = 'click-visitors-sweep';

export function defineTrackingJobs(queue: JobQueue, deps: { database: Database; now: () => Date }): void {
  queue.define({
    name: CLICK_VISITORS_SWEEP_JOB,
    cron: '41 * * * *',
    options: { retryLimit: 1, expireInSeconds: 600 },
    handler: async () => {
      await sweepClickVisitors(deps);
    },
  });
}

/** deletes the visitors whose window ended before now */
export async function sweepClickVisitors(deps: { database: Database; now: () => Date }): Promise<void> {
  await deps.database.db.delete(clickVisitors).where(lt(clickVisitors.until, deps.now()));
}
