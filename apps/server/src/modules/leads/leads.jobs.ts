/**
 * Lead delivery jobs: the safety net enqueued with every new lead (runs the distribution if the request's own run never
 * happened) and the retries of unsent leads (LEAD_RETRY_DELAYS). A run that finds the lead final or held does nothing.
 */
import type { Services } from '../../app';
import { systemCtx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { distributeLead, LEAD_DELIVER_JOB, type LeadDeliverJob } from './distribution';

type Deps = Pick<Services, 'database' | 'config' | 'now'>;

export function defineLeadJobs(queue: JobQueue, deps: Deps): void {
  queue.define<LeadDeliverJob>({
    name: LEAD_DELIVER_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
    pollingIntervalSeconds: 1,
    concurrency: 4,
    handler: async (job) => {
      await distributeLead(systemCtx(deps), queue, job.leadId);
    },
  });
}
