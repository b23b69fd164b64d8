/** The hot path (architecture §3 tracking/): its in-memory state, started with the app and flushed when it closes. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { TestLinks } from '../../../lib/test-link';
import { CapGate } from './cap-gate';
import { ChangeFeed } from '../../../lib/cache/change-feed';
import { ClickHandler, trustProxyOf, type ClickState } from './click-handler';
import { UniqueClicks } from './unique';
import { ClickJournal, journalDir } from './click-journal';
import { ClickWriter } from './click-writer';
import { loadGeoDatabase } from './enrich';
import { RoutingCache } from './routing';
import { registerTrackingRoutes } from './tracking.routes';

export {
  CLICK_VISITORS_SWEEP_JOB,
  defineTrackingJobs,
  keepRawPartitions,
  RAW_PARTITIONS_JOB,
  RAW_TABLES,
  rawCutoff,
  sweepClickVisitors,
} from './tracking.jobs';
export { uuidTime, uuidv7At } from './uuid';

export interface Tracking extends ClickState {
  feed: ChangeFeed;
  /** the click answer, served before Fastify by a listening server (click-handler.ts) and by the `/c/` route */
  handler: ClickHandler;
}

export function setupTracking(
  app: FastifyInstance,
  deps: { database: Database; config: Config; now: () => Date; testLinks: TestLinks },
): Tracking {
  const feed = new ChangeFeed();
  // read (and replayed by the writer) before the first click: what a killed process of this node left
  const journal = deps.config.CLICK_JOURNAL ? ClickJournal.open(journalDir(deps.config.dataDir, deps.config.PORT), app.log) : undefined;
  const tracking: Tracking = {
    feed,
    routing: new RoutingCache(deps.database, feed),
    clicks: new ClickWriter(deps.database, deps.config.CLICK_FLUSH_MS, app.log, journal),
    unique: new UniqueClicks(),
    caps: new CapGate(deps.database, deps.now, 5000, (err) => app.log.warn({ err }, 'cap gate refresh failed')),
    now: deps.now,
    testLinks: deps.testLinks,
    handler: undefined as never,
  };
  tracking.handler = new ClickHandler(tracking, trustProxyOf(deps.config.TRUST_PROXY), app.log);
  app.addHook('onReady', async () => {
    // read while the server starts listening; the start does not wait for it
    loadGeoDatabase().catch((err: unknown) => app.log.warn({ err }, 'the country database could not be read'));
    await feed.start(deps.database);
  });
  // A write made through this process empties its caches at once, before the answer leaves: the LISTEN/NOTIFY message
  // reaches the other processes (and this one) a moment later, and the writer's next request must not read stale data.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && !req.routeOptions.config?.hotPath) feed.changed('*');
  });
  // from here Fastify answers 503 and closes the connection: the front leaves it the requests that still come
  app.addHook('preClose', async () => {
    tracking.handler.closing = true;
  });
  app.addHook('onClose', async () => {
    await tracking.clicks.close();
    await feed.stop();
  });
  registerTrackingRoutes(app, tracking.handler);
  return tracking;
}
