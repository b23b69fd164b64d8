/** Automatic affiliate invoices (payment settings autoInvoicePeriod): every hour, the periods that have ended. */
import type { Services } from '../../../services';
import { systemCtx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { runAutoInvoices } from './invoices.service';

export const AUTO_INVOICES_JOB = 'invoices-auto';

export function defineInvoiceJobs(queue: JobQueue, deps: Pick<Services, 'database' | 'config' | 'now'>): void {
  queue.define({
    name: AUTO_INVOICES_JOB,
    cron: '5 * * * *',
    options: { retryLimit: 1, expireInSeconds: 600 },
    handler: async () => {
      await runAutoInvoices(systemCtx(deps), queue);
    },
  });
}
