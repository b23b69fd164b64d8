/**
 * Tracking jobs: `click-visitors-sweep` deletes every hour the unique-click visitors whose window has ended
 * (click-writer.ts; a visitor seen again after that is unique again, whether its row is still there or not).
 * `raw-partitions` keeps the day partitions of clicks and system_logs every night (docs/decisions/engine.md "Clicks
 * partitioned by day"): the next RAW_DAYS_AHEAD days made, the days older than the retention setting dropped whole.
 */
import { RAW_CLICKS_RETENTION } from '@leadgrid/shared';
import { lt } from 'drizzle-orm';
import type { JobQueue } from '../../../jobs/queue';
import type { Database } from '../../../db/client';
import { clickVisitors } from '../../../db/schema';
import { getSetting } from '../../settings/general';

export const CLICK_VISITORS_SWEEP_JOB = 'click-visitors-sweep';
export const RAW_PARTITIONS_JOB = 'raw-partitions';
/** the day partitions made ahead of today: a week of nights the job may miss before clicks go to the default partition */
export const RAW_DAYS_AHEAD = 7;
/** the day-partitioned raw tables (migration 0026), all kept as long as the raw clicks */
export const RAW_TABLES = ['clicks', 'system_logs'] as const;
const DAY_MS = 86_400_000;

export function defineTrackingJobs(queue: JobQueue, deps: { database: Database; now: () => Date }): void {
  queue.define({
    name: CLICK_VISITORS_SWEEP_JOB,
    cron: '41 * * * *',
    options: { retryLimit: 1, expireInSeconds: 600 },
    handler: async () => {
      await sweepClickVisitors(deps);
    },
  });
  queue.define({
    name: RAW_PARTITIONS_JOB,
    cron: '7 0 * * *',
    options: { retryLimit: 2, expireInSeconds: 1800 },
    handler: async () => {
      await keepRawPartitions(deps);
    },
  });
}

/** deletes the visitors whose window ended before now */
export async function sweepClickVisitors(deps: { database: Database; now: () => Date }): Promise<void> {
  await deps.database.db.delete(clickVisitors).where(lt(clickVisitors.until, deps.now()));
}

export interface RawPartitionsReport {
  /** raw rows are kept from this time on (the start of the oldest day kept) */
  cutoff: Date;
  made: number;
  dropped: number;
}

/** the start of the oldest day of raw rows kept `days` days at `now` (UTC days): what is before it is dropped */
export const rawCutoff = (now: Date, days: number) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS);

/**
 * Makes the day partitions of today and the next RAW_DAYS_AHEAD days (rows of those days waiting in the default
 * partition move into them) and drops the partitions of days before the retention (`rawClicksRetentionDays` days
 * before today, UTC) with the default partition's rows of that time. Roll-ups, leads, conversions and the ledger are
 * other tables: nothing of them goes. SQL functions of migration 0026, so PGlite and PostgreSQL do the same.
 */
export async function keepRawPartitions(deps: { database: Database; now: () => Date }): Promise<RawPartitionsReport> {
  const days = (await getSetting(deps.database.db, 'rawClicksRetentionDays')) ?? RAW_CLICKS_RETENTION.default;
  const now = deps.now();
  const cutoff = rawCutoff(now, days);
  let made = 0;
  let dropped = 0;
  for (const table of RAW_TABLES) {
    const { rows } = await deps.database.query<{ made: number; dropped: number }>(
      'SELECT raw_partitions_ahead($1, $2::timestamptz, $3) AS made, raw_partitions_drop($1, $4::timestamptz) AS dropped',
      [table, now.toISOString(), RAW_DAYS_AHEAD, cutoff.toISOString()],
    );
    made += Number(rows[0].made);
    dropped += Number(rows[0].dropped);
  }
  return { cutoff, made, dropped };
}
