/**
 * Lead delivery jobs.
 * - `lead-deliver`: the retries of unsent leads (LEAD_RETRY_DELAYS) and the resend action. A run that finds the lead
 *   final or held does nothing.
 * - `lead-sweep` (every minute, and once when the queue starts): distributes every `new` lead no run holds — a lead
 *   whose request's run died with its process (its lease expired) or a lead the hold queue released. The lead row is
 *   the durable record of the pending work, so the intake writes no job per lead; each run claims its lead with one
 *   conditional UPDATE, so a lead is never sent twice by two processes.
 */
import { LEAD_LEASE_SECONDS } from '@leadgrid/shared';
import type { Services } from '../../../services';
import { systemCtx, type Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { distributeLead, LEAD_DELIVER_JOB, type LeadDeliverJob } from './distribution';
import { leadEngineReads } from './engine-reads';

export const LEAD_SWEEP_JOB = 'lead-sweep';

type Deps = Pick<Services, 'database' | 'config' | 'now' | 'tracking'>;

const SWEEP_BATCH = 200;
/** leads distributed at once by a sweep (each waits on its advertiser) */
const SWEEP_PARALLEL = 8;

/** Distributes the `new` leads no run holds, a batch at a time until none is left; answers how many runs it made. */
export async function sweepLeads(ctx: Ctx, queue: JobQueue, deps: Pick<Deps, 'database' | 'tracking'>): Promise<number> {
  const reads = leadEngineReads(deps);
  let runs = 0;
  let after = 0;
  // a sweep job expires after 10 minutes: stop well before, the next tick goes on
  const stopAt = Date.now() + LEAD_LEASE_SECONDS * 1000;
  while (Date.now() < stopAt) {
    const { rows } = await ctx.database.query<{ id: string | number }>(
      `select id from leads where status = 'new' and (delivery_lease_until is null or delivery_lease_until < $1) and id > $2
       order by id limit ${SWEEP_BATCH}`,
      [ctx.now(), after],
    );
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) break;
    after = ids[ids.length - 1];
    for (let i = 0; i < ids.length; i += SWEEP_PARALLEL) {
      await Promise.all(ids.slice(i, i + SWEEP_PARALLEL).map((id) => distributeLead(ctx, queue, id, { reads })));
      runs += Math.min(SWEEP_PARALLEL, ids.length - i);
    }
    if (ids.length < SWEEP_BATCH) break;
  }
  return runs;
}

export function defineLeadJobs(queue: JobQueue, deps: Deps): void {
  queue.define<LeadDeliverJob>({
    name: LEAD_DELIVER_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
    pollingIntervalSeconds: 1,
    concurrency: 4,
    handler: async (job) => {
      await distributeLead(systemCtx(deps), queue, job.leadId, { reads: leadEngineReads(deps) });
    },
  });
  queue.define({
    name: LEAD_SWEEP_JOB,
    cron: '* * * * *',
    runAtStart: true,
    options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
    handler: async () => {
      await sweepLeads(systemCtx(deps), queue, deps);
    },
  });
}
