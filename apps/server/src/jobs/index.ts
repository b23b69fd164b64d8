/**
 * Every background job of the server, declared on the queue in one place. The traffic engine adds lead
 * delivery retries, hold release, postbacks out and API sync here.
 */
import type { Services } from '../services';
import { defineAccountMailJobs } from '../modules/access/auth/account-mail';
import { defineConversionJobs } from '../modules/engine/conversions/conversions.jobs';
import { defineExportJobs } from '../modules/insights/exports/exports.jobs';
import { defineReportJobs } from '../modules/insights/reports';
import { defineStatisticsJobs } from '../modules/insights/statistics';
import { defineHoldQueueJobs } from '../modules/engine/hold-queue/hold-queue.jobs';
import { defineApiSyncJobs } from '../modules/sell-side/integrations/api-sync.jobs';
import { defineLeadJobs } from '../modules/engine/leads/leads.jobs';
import { defineNotificationJobs } from '../modules/settings/notifications/notifications.delivery';
import { definePostbackDeliveryJobs } from '../modules/engine/postback-delivery';
import { defineInvoiceJobs } from '../modules/money/invoices';
import { defineLeadImportJobs } from '../modules/engine/lead-import';
import { defineTrackingJobs } from '../modules/engine/tracking';

export function defineJobs(services: Services): void {
  defineNotificationJobs(services.queue, services);
  defineAccountMailJobs(services.queue, services);
  defineApiSyncJobs(services.queue, services);
  defineLeadJobs(services.queue, services);
  defineHoldQueueJobs(services.queue, services);
  defineConversionJobs(services.queue, services);
  definePostbackDeliveryJobs(services.queue, services);
  defineExportJobs(services.queue, services);
  defineStatisticsJobs(services.queue, services);
  defineReportJobs(services.queue, services);
  defineInvoiceJobs(services.queue, services);
  defineLeadImportJobs(services.queue, services);
  defineTrackingJobs(services.queue, services);
}
