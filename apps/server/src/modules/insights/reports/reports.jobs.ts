/** The jobs of scheduled reports: the minute tick that queues the due sends and the send itself (retried). */
import { systemCtx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import type { Services } from '../../../services';
import { REPORT_SEND_ATTEMPTS, REPORT_SEND_JOB, REPORT_TICK_JOB, send, tick, type ReportSendJob } from './reports.service';

type Deps = Pick<Services, 'database' | 'config' | 'now' | 'storage' | 'mailer' | 'queue'>;

export function defineReportJobs(queue: JobQueue, deps: Deps): void {
  queue.define<object>({
    name: REPORT_TICK_JOB,
    // one tick at a time across the cluster; a missed tick is caught up by the next (due = next_send_at <= now)
    options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
    handler: async () => {
      await tick(systemCtx(deps), deps.queue);
    },
  });
  queue.define<ReportSendJob>({
    name: REPORT_SEND_JOB,
    options: { retryLimit: REPORT_SEND_ATTEMPTS - 1, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 1800 },
    pollingIntervalSeconds: 5,
    handler: async (job, info) => {
      await send(systemCtx(deps), deps, job.sendId, info);
    },
  });
}
