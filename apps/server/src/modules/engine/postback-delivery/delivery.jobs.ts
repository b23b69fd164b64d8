/**
 * The workers of outbound postbacks: the outbox's first attempts (outbox.ts) and the retry queue (pg-boss) of the
 * deliveries that failed, sharing one breaker of receivers that stopped answering.
 */
import { substituteMacros } from '@leadgrid/shared';
import type { Config } from '../../../config';
import { systemCtx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { postbackFailed } from '../../settings/notifications';
import { BREAKER_DEFAULTS, HostBreaker } from './breaker';
import {
  attemptLogWriter,
  deliverPostback,
  POSTBACK_DELIVER_JOB,
  POSTBACK_RETRY_DELAY_S,
  POSTBACK_RETRY_LIMIT,
  POSTBACK_TIMEOUT_MS,
  postbackLookup,
  type DeliveryDeps,
  type PostbackDeliverJob,
} from './delivery';
import { POSTBACK_OUTBOX, PostbackOutbox } from './outbox';

/**
 * The outbox and the retry queue. A delivery whose last retry fails raises "postback failed" (once per postback and hour,
 * notifications/raise.ts) to staff and the postback's affiliate.
 */
export function definePostbackDeliveryJobs(queue: JobQueue, deps: DeliveryDeps & { config: Config }): void {
  const breaker = deps.breaker ?? new HostBreaker({ ...BREAKER_DEFAULTS, now: () => deps.now().getTime() });
  const outbox = new PostbackOutbox({ ...deps, breaker }, queue);
  queue.defineLoop({ name: POSTBACK_OUTBOX, start: () => outbox.start(), stop: () => outbox.stop(), runDue: (max) => outbox.runDue(max) });
  const withLogs: DeliveryDeps = {
    ...deps,
    logs: deps.logs ?? attemptLogWriter(deps.database),
    postbacks: deps.postbacks ?? postbackLookup(deps.database),
    breaker,
  };
  queue.define<PostbackDeliverJob>({
    name: POSTBACK_DELIVER_JOB,
    options: {
      retryLimit: POSTBACK_RETRY_LIMIT,
      retryDelay: POSTBACK_RETRY_DELAY_S,
      retryBackoff: true,
      expireInSeconds: Math.ceil(POSTBACK_TIMEOUT_MS / 1000) * 6,
    },
    pollingIntervalSeconds: 1,
    // a worker's batch is fetched and completed in one statement each: larger batches cost fewer round trips per
    // postback while a backlog drains (an affiliate's slow server holds back only its own batch, up to the timeout).
    // Two workers of 32: delivery is bound by round trips, and two of 16 fell behind an intake of 1,400/s (issue 7)
    concurrency: 64,
    handler: async (data, job) => {
      try {
        await deliverPostback(withLogs, data, job);
      } catch (err) {
        // the last attempt of all, the outbox's first one included
        if ((data.priorAttempts ?? 0) + job.retryCount >= POSTBACK_RETRY_LIMIT)
          await raisePostbackFailed(deps, queue, data, (err as Error).message);
        throw err;
      }
    },
  });
}

/** the postback's URL as called (macros filled in) in the notification, without its query (it may carry ids) */
async function raisePostbackFailed(deps: DeliveryDeps & { config: Config }, queue: JobQueue, job: PostbackDeliverJob, error: string) {
  const [row] = (await deps.database.query<{ url: string }>(`select url from postbacks where id = $1`, [job.postbackId])).rows;
  let url = row ? substituteMacros(row.url, job.values) : `postback #${job.postbackId}`;
  try {
    const u = new URL(url);
    url = `${u.origin}${u.pathname}`;
  } catch {
    // not a URL: shown as it is
  }
  await postbackFailed(systemCtx({ ...deps, config: deps.config }), queue, {
    postbackId: job.postbackId,
    affiliateId: job.affiliateId,
    url,
    error,
  });
}
