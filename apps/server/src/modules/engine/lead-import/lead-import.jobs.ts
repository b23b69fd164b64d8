/** The lead import job (lead-import.service.ts `run`): one at a time, retried from its last committed chunk. */
import type { Services } from '../../../services';
import { systemCtx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { IMPORT_JOB_BUDGET_MS, LEAD_IMPORT_JOB, run, type LeadImportJob } from './lead-import.service';

type Deps = Pick<Services, 'database' | 'config' | 'now' | 'storage'>;

export function defineLeadImportJobs(queue: JobQueue, deps: Deps): void {
  queue.define<LeadImportJob>({
    name: LEAD_IMPORT_JOB,
    // expiry well past the budget: a job hands over to its continuation long before pg-boss would call it dead
    options: { retryLimit: 5, retryDelay: 10, expireInSeconds: 3600 },
    pollingIntervalSeconds: 1,
    concurrency: 1,
    handler: async (job) => {
      await run(systemCtx(deps), deps.storage, queue, job.importId, { deadline: Date.now() + IMPORT_JOB_BUDGET_MS });
    },
  });
}
