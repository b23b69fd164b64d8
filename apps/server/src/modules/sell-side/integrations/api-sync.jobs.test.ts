import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { advertisers, conversions, integrations, leadEvents, leads, systemLogs } from '../../../db/schema';
import { NOTIFICATION_JOB } from '../../settings/notifications/notifications.delivery';
import { API_SYNC_JOB, applyApiSyncStatuses, dueApiSyncs, enqueueDueApiSyncs } from './api-sync.jobs';

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
const stateOf = async (id: number) => (await t.database.db.select().from(integrations).where(eq(integrations.id, id)))[0];
const notificationJobs = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${NOTIFICATION_JOB}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
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

describe('api sync: the statuses applied', () => {
  /** an integration polling the status API, with a lead it sent as A1 and mappings of the advertiser's statuses */
  async function syncedLead() {
    const id = await syncingIntegration(600);
    const integration = await stateOf(id);
    await t.database.db
      .update(integrations)
      .set({ leadStatusMappings: [{ advertiserStatus: 'approved', leadStatus: 'sent', conversionStatus: 3, leadGrade: 'ftd' }] })
      .where(eq(integrations.id, id));
    const offer = await t.make.offer();
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const [lead] = await t.database.db
      .insert(leads)
      .values({
        status: 'sent',
        offerId: offer.id,
        verticalId: offer.verticalId,
        affiliateId: affiliate.id,
        advertiserId: integration.advertiserId,
        integrationId: id,
        advertiserLeadId: 'A1',
        country: 'PL',
      })
      .returning();
    return { id, lead };
  }
  const logsOf = (integrationId: number) =>
    t.database.db.select().from(systemLogs).where(eq(systemLogs.integrationId, integrationId)).orderBy(systemLogs.id);

  it('applies a polled status like an inbound postback (lead grade, conversion, postback_in log), once', async () => {
    const { id, lead } = await syncedLead();
    await enqueueDueApiSyncs(ctx(), t.queue);
    await t.queue.runDue(API_SYNC_JOB, { max: 50 });
    const [after] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ status: 'sent', leadGrade: 'ftd' });
    const convs = await t.database.db.select().from(conversions).where(eq(conversions.leadId, lead.id));
    expect(convs).toEqual([expect.objectContaining({ status: 3, advertiserId: after.advertiserId })]);
    const logs = await logsOf(id);
    expect(logs).toEqual([expect.objectContaining({ type: 'postback_in', success: true, leadId: lead.id, conversionId: convs[0].id })]);
    expect(logs[0].data).toMatchObject({ method: 'API_SYNC', url: expect.stringContaining('/statuses') });
    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events.map((e) => e.type)).toEqual(['postback']);

    // the next poll repeats the same list: nothing rewritten, nothing logged again
    t.clock.advance(600);
    await enqueueDueApiSyncs(ctx(), t.queue);
    await t.queue.runDue(API_SYNC_JOB, { max: 50 });
    expect(await t.database.db.select().from(conversions).where(eq(conversions.leadId, lead.id))).toHaveLength(1);
    expect(await logsOf(id)).toHaveLength(1);
  });

  it('skips unknown advertiser lead ids and logs an unmapped status as refused', async () => {
    const { id, lead } = await syncedLead();
    const request = { url: `${base}/statuses`, method: 'GET', headers: {}, body: null } as never;
    const answer = await applyApiSyncStatuses(ctx(), t.queue, id, {
      request,
      statuses: [
        { advertiserLeadId: 'NOT-OURS', advertiserStatus: 'approved', leadStatus: 'sent', conversionStatus: 3, leadGrade: 'ftd' },
        { advertiserLeadId: 'A1', advertiserStatus: 'mystery', leadStatus: null, conversionStatus: null, leadGrade: null },
      ],
    });
    expect(answer).toEqual({ applied: 1, unchanged: 0, unknown: 1 });
    const logs = await logsOf(id);
    expect(logs).toEqual([
      expect.objectContaining({
        success: false,
        responseStatus: 422,
        msg: "Unknown status mystery: add it to the integration's lead status mappings",
      }),
    ]);
    expect(await t.database.db.select().from(conversions).where(eq(conversions.leadId, lead.id))).toHaveLength(0);
  });

  it('runs through the scheduler’s run-now call, for integration writers only', async () => {
    const { id, lead } = await syncedLead();
    // a fresh session: the clock of this file has moved past the first admin's token
    const admin = await t.make.user({ type: 'admin' });
    const res = await t.request({ method: 'POST', url: `/api/v1/integrations/${id}/api_sync`, as: admin });
    expect(res.statusCode).toBe(200);
    expect((await t.database.db.select().from(leads).where(eq(leads.id, lead.id)))[0].leadGrade).toBe('ftd');
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'POST', url: `/api/v1/integrations/${id}/api_sync`, as: affiliate })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/v1/integrations/x/api_sync`, as: admin })).statusCode).toBe(400);
  });
});
