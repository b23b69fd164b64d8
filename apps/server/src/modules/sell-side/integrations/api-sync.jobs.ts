/**
 * Scheduled API sync (inbound by polling): every minute a scan enqueues one `api-sync` job per integration whose
 * polling interval has elapsed; each job polls the advertiser's status API through `runApiSync`, exactly like the
 * scheduler's "run now" call. At most one sync per integration is queued or running (queue policy 'exclusive' keyed
 * by integration). A run that turns a working sync into a failing one notifies `api_sync_failed` once.
 * The polled statuses are applied by `applyApiSyncStatuses`: each one whose lead is ours and whose state differs goes
 * through the inbound postback's code path (applyPolledStatus of conversions/postback-in.ts).
 */
import type { LeadStatusMapping } from '@leadgrid/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Services } from '../../../services';
import { rowsOf } from '../../../db/client';
import { advertisers, integrations } from '../../../db/schema';
import { systemCtx, type Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { applyPolledStatus } from '../../engine/conversions';
import { notify } from '../../settings/notifications';
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

type Polled = Awaited<ReturnType<typeof runApiSync>>;

export interface ApiSyncApplied {
  /** statuses applied (postback_in logged, ok or refused) */
  applied: number;
  /** statuses that change nothing we know */
  unchanged: number;
  /** advertiser lead ids that are not leads we sent through this integration */
  unknown: number;
}

/**
 * Applies the statuses of one poll. A status of a lead we did not send through this integration is skipped; so is one
 * that changes nothing (the lead already has the mapped status and grade and its latest conversion the mapped
 * conversion status), so a poll that repeats the same list neither rewrites nor logs again. Every other status goes
 * through the inbound postback's code path: lead status and grade, conversion created or updated, affiliate
 * postbacks, a `postback_in` log (an unmapped status is logged as refused).
 */
export async function applyApiSyncStatuses(
  ctx: Ctx,
  queue: JobQueue,
  integrationId: number,
  polled: Pick<Polled, 'statuses' | 'request'>,
): Promise<ApiSyncApplied> {
  const out: ApiSyncApplied = { applied: 0, unchanged: 0, unknown: 0 };
  const [row] = await ctx.db
    .select({ mappings: integrations.leadStatusMappings })
    .from(integrations)
    .where(eq(integrations.id, integrationId));
  const mappings = (row?.mappings ?? []) as LeadStatusMapping[];
  for (const item of polled.statuses) {
    const [lead] = rowsOf<{ status: string; lead_grade: string | null; conversion_status: number | null }>(
      await ctx.db.execute(sql`
        select l.status, l.lead_grade, (select c.status from conversions c where c.lead_id = l.id order by c.id desc limit 1) as conversion_status
        from leads l where l.integration_id = ${integrationId} and l.advertiser_lead_id = ${item.advertiserLeadId.slice(0, 200)}
        order by l.id desc limit 1`),
    );
    if (!lead) {
      out.unknown++;
      continue;
    }
    const m = mappings.find((x) => x.advertiserStatus.toLowerCase() === item.advertiserStatus.toLowerCase());
    if (
      m &&
      lead.status === m.leadStatus &&
      (!m.leadGrade || lead.lead_grade === m.leadGrade) &&
      lead.conversion_status === m.conversionStatus
    ) {
      out.unchanged++;
      continue;
    }
    await applyPolledStatus(ctx, queue, integrationId, item, polled.request.url);
    out.applied++;
  }
  return out;
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
    if (!error) await applyApiSyncStatuses(ctx, queue, integrationId, result);
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
