/**
 * Statistics jobs: `stats-compact` folds the roll-up deltas every minute (a safety net for the in-process compactor
 * of statistics.routes.ts), `stats-verify` recomputes the last two UTC days from the raw rows every night, repairs
 * any drift and logs it; `stats-backfill` (sent by hand or by `npm run stats:verify -- --backfill`) builds the roll-ups
 * of every day with raw rows.
 */
import type { Services } from '../../../services';
import type { JobQueue } from '../../../jobs/queue';
import { backfill, compact, verify } from './rollups';

export const STATS_COMPACT_JOB = 'stats-compact';
export const STATS_VERIFY_JOB = 'stats-verify';
export const STATS_BACKFILL_JOB = 'stats-backfill';

type Deps = Pick<Services, 'database' | 'now'>;
const DAY_MS = 86_400_000;

export function defineStatisticsJobs(queue: JobQueue, deps: Deps, log: { warn(obj: object, msg: string): void } = console): void {
  queue.define({
    name: STATS_COMPACT_JOB,
    cron: '* * * * *',
    options: { retryLimit: 0, expireInSeconds: 120 },
    handler: async () => {
      await compact(deps.database);
    },
  });
  queue.define<{ days?: number }>({
    name: STATS_VERIFY_JOB,
    cron: '17 3 * * *',
    options: { retryLimit: 1, expireInSeconds: 3600 },
    handler: async (data) => {
      const to = deps.now();
      const report = await verify(deps.database, { from: new Date(to.getTime() - (data?.days ?? 2) * DAY_MS), to }, { repair: true });
      if (report.totalDrift)
        log.warn(
          { drift: report.drift, from: report.from, to: report.to },
          'statistics roll-ups drifted from the raw rows and were repaired',
        );
    },
  });
  queue.define({
    name: STATS_BACKFILL_JOB,
    options: { retryLimit: 0, expireInSeconds: 6 * 3600 },
    handler: async () => {
      await backfill(deps.database);
    },
  });
}
