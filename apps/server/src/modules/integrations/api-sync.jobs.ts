/**
 * Scheduled API sync (inbound by polling): every minute a scan enqueues one `api-sync` job per integration whose
 * polling interval has elapsed; each job polls the advertiser's status API through `runApiSync`, exactly like the
 * scheduler's "run now" call. At most one sync per integration is queued or running (queue policy 'exclusive' keyed
 * by integration). A run that turns a working sync into a failing one notifies `api_sync_failed` once.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Services } from '../../app';
import { advertisers, integrations } from '../../db/schema';
import { systemCtx, type Ctx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { notify } from '../notifications/notifications.service';
import { runApiSync } from './integrations.service';

export const API_SYNC_SCAN_JOB = 'api-sync-scan';
export const API_SYNC_JOB = 'api-sync';

export interface ApiSyncJob {
  integrationId: number;
}

type Deps = Pick<Services, 'database' | 'config' | 'now'>;


/** the active integrations of active advertisers whose enabled API sync is due at `now` */
export async function dueApiSyncs(ctx: Ctx): Promise<number[]> {
  const interval = sql`make_interval(secs => coalesce((${integrations.apiSync}->>'intervalSeconds')::int, 600))`;
  const rows = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
    .where(
      and(
        eq(integrations.status, 'active'),
        eq(advertisers.status, 'active'),
        eq(integrations.apiSyncEnabled, true),
        sql`coalesce((${integrations.apiSync}->>'enabled')::boolean, false)`,
        or(isNull(integrations.apiSyncLastRunAt), sql`${integrations.apiSyncLastRunAt} + ${interval} <= ${ctx.now()}`),
      ),
    )
    .orderBy(sql`${integrations.apiSyncLastRunAt} nulls first`, integrations.id);
  return rows.map((r) => r.id);
}

/** enqueues the due syncs; answers how many were enqueued (those already queued or running are skipped) */
export async function enqueueDueApiSyncs(ctx: Ctx, queue: JobQueue): Promise<number> {
  let sent = 0;
  for (const integrationId of await dueApiSyncs(ctx)) {
    const id = await queue.sendUnlessQueued<ApiSyncJob>(API_SYNC_JOB, { integrationId }, { singletonKey: `integration:${integrationId}` });
    if (id) sent++;
  }
  return sent;
}

/** one scheduled sync; a failure is recorded on the integration (apiSyncStatus) and notified on the change to failed */
export async function runScheduledApiSync(ctx: Ctx, queue: JobQueue, integrationId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ status: integrations.apiSyncStatus, title: integrations.title, advertiser: advertisers.title })
    .from(integrations)
    .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
    .where(eq(integrations.id, integrationId));
  if (!row) return;
  let error: string | undefined;
  try {
    const result = await runApiSync(ctx, integrationId);
    error = result.error ?? undefined;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  if (error && row.status !== 'failed') {
    await notify(ctx, queue, 'api_sync_failed', { values: { advertiser: row.advertiser, integration: row.title, error } });
  }
}

export function defineApiSyncJobs(queue: JobQueue, deps: Deps): void {
  queue.define({
    name: API_SYNC_SCAN_JOB,
    cron: '* * * * *',
    options: { retryLimit: 0, expireInSeconds: 60 },
    handler: async () => {
      await enqueueDueApiSyncs(systemCtx(deps), queue);
    },
  });
  queue.define<ApiSyncJob>({
    name: API_SYNC_JOB,
    // a failed poll is not retried: the next interval polls again
    options: { policy: 'exclusive', retryLimit: 0, expireInSeconds: 120 },
    concurrency: 2,
    handler: (job) => runScheduledApiSync(systemCtx(deps), queue, job.integrationId),
  });
}
