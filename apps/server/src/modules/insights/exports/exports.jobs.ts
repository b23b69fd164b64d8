/** The export job (one run per export, see exports.service.ts `run`) and the hourly removal of old exports (and of
 * the notification once-keys whose window is over). */
import type { Services } from '../../../services';
import { systemCtx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { pruneNotificationOnce } from '../../settings/notifications';
import { cleanup, EXPORT_CLEANUP_JOB, EXPORT_JOB, run, type ExportJob } from './exports.service';

type Deps = Pick<Services, 'database' | 'config' | 'now' | 'storage'>;

export function defineExportJobs(queue: JobQueue, deps: Deps): void {
  queue.define<ExportJob>({
    name: EXPORT_JOB,
    options: { retryLimit: 1, retryDelay: 30, expireInSeconds: 3600 },
    pollingIntervalSeconds: 1,
    concurrency: 1,
    handler: async (job, info) => {
      await run(systemCtx(deps), deps.storage, job.exportId, { retry: info.retryCount > 0, queue });
    },
  });
  queue.define<object>({
    name: EXPORT_CLEANUP_JOB,
    options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600 },
    cron: '17 * * * *',
    handler: async () => {
      const ctx = systemCtx(deps);
      await cleanup(ctx, deps.storage);
      // the hourly cleanup also forgets the notification once-keys whose window is over
      await pruneNotificationOnce(ctx);
    },
  });
}
