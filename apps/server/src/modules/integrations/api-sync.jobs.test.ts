import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper';
import { advertisers, integrations } from '../../db/schema';
import { NOTIFICATION_JOB } from '../notifications/notifications.delivery';
import { API_SYNC_JOB, dueApiSyncs, enqueueDueApiSyncs } from './api-sync.jobs';

const t = await useApp();
const ctx = () => ({ actor: null, db: t.database.db, database: t.database, config: t.config, now: () => t.clock.now });

/** the advertiser's status API: answers 200 with two statuses, or 500 while `failing` */
let server: Server;
let base = '';
let failing = false;
let polls = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    polls++;
    res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
    res.end(failing ? '{"error":"down"}' : JSON.stringify({ data: [{ id: 'A1', state: 'approved' }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

async function syncingIntegration(intervalSeconds = 600) {
  const vertical = await t.make.vertical();
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  await t.database.db
    .update(integrations)
    .set({
      apiSyncEnabled: true,
      apiSync: {
        enabled: true,
        request: { method: 'GET', url: `${base}/statuses`, params: [] },
        intervalSeconds,
        response: { itemsPath: 'data', leadIdPath: 'id', statusPath: 'state' },
      },
    })
    .where(eq(integrations.id, advertiser.integration.id));
  return advertiser.integration.id;
}
const stateOf = async (id: number) =>
  (await t.database.db.select().from(integrations).where(eq(integrations.id, id)))[0];
const notificationJobs = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${NOTIFICATION_JOB}`)) as unknown as { rows: { n: number }[] })
      .rows[0].n,
  );

describe('api sync: the schedule', () => {
  it('enqueues a due integration once, polls it, and waits for its interval before the next poll', async () => {
    const id = await syncingIntegration(600);
    expect(await enqueueDueApiSyncs(ctx(), t.queue)).toBe(1);
    // already queued: not enqueued twice
    expect(await enqueueDueApiSyncs(ctx(), t.queue)).toBe(0);
    polls = 0;
    expect(await t.queue.runDue(API_SYNC_JOB)).toBe(1);
    expect(polls).toBe(1);
    expect(await stateOf(id)).toMatchObject({ apiSyncStatus: 'ok', apiSyncLastRunAt: t.clock.now });
    expect(await enqueueDueApiSyncs(ctx(), t.queue)).toBe(0);
    t.clock.advance(599);
    expect(await enqueueDueApiSyncs(ctx(), t.queue)).toBe(0);
    t.clock.advance(1);
    expect(await enqueueDueApiSyncs(ctx(), t.queue)).toBe(1);
    expect(await t.queue.runDue(API_SYNC_JOB)).toBe(1);
  });

  it('skips disabled syncs, inactive integrations and blocked advertisers', async () => {
    const disabled = await syncingIntegration();
    await t.database.db.update(integrations).set({ apiSyncEnabled: false }).where(eq(integrations.id, disabled));
    const inactive = await syncingIntegration();
    await t.database.db.update(integrations).set({ status: 'inactive' }).where(eq(integrations.id, inactive));
    const ofBlocked = await stateOf(await syncingIntegration());
    await t.database.db.update(advertisers).set({ status: 'blocked' }).where(eq(advertisers.id, ofBlocked.advertiserId));
    const due = await dueApiSyncs(ctx());
    expect(due).not.toContain(disabled);
    expect(due).not.toContain(inactive);
    expect(due).not.toContain(ofBlocked.id);
    const enabled = await syncingIntegration();
    expect(await dueApiSyncs(ctx())).toContain(enabled);
  });

  it('records a failing poll and notifies once when a working sync starts failing', async () => {
    t.clock.advance(3600);
    await enqueueDueApiSyncs(ctx(), t.queue);
    await t.queue.runDue(API_SYNC_JOB, { max: 50 });
    const id = await syncingIntegration(60);
    await enqueueDueApiSyncs(ctx(), t.queue);
    await t.queue.runDue(API_SYNC_JOB, { max: 50 });
    expect((await stateOf(id)).apiSyncStatus).toBe('ok');

    failing = true;
    const before = await notificationJobs();
    t.clock.advance(60);
    expect(await enqueueDueApiSyncs(ctx(), t.queue)).toBeGreaterThanOrEqual(1);
    await t.queue.runDue(API_SYNC_JOB, { max: 50 });
    expect((await stateOf(id)).apiSyncStatus).toBe('failed');
    const afterFirst = await notificationJobs();
    expect(afterFirst).toBeGreaterThan(before);

    t.clock.advance(60);
    await enqueueDueApiSyncs(ctx(), t.queue);
    await t.queue.runDue(API_SYNC_JOB, { max: 50 });
    expect(await notificationJobs()).toBe(afterFirst);
    failing = false;
  });
});
