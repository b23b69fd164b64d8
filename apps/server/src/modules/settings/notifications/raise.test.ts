/**
 * The notifications raised where their event happens (issue 19): offer status changed, export ready, postback failed
 * (cap reached and lead failed are raised by the lead engine: leads/lead-events.test.ts; invoices: money/invoices).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { campaigns, notifications, postbacks } from '../../../db/schema';
import { rowsOf } from '../../../db/client';
import { EXPORT_CLEANUP_JOB, EXPORT_JOB } from '../../insights/exports/exports.service';
import { POSTBACK_DELIVER_JOB, POSTBACK_RETRY_LIMIT } from '../../engine/postback-delivery/delivery';
import { NOTIFICATION_JOB } from './notifications.delivery';

const t = await useApp();
const db = t.database.db;

/** the user's in-app notifications of an event, after the delivery jobs ran */
async function inApp(userId: number, event: string) {
  await t.queue.runDue(NOTIFICATION_JOB, { ignoreStartAfter: true, max: 500 });
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, event)));
}

describe('offer status changed', () => {
  it('notifies staff and the affiliates with a campaign of the offer when it is activated or stopped, not for draft ↔ inactive', async () => {
    const offer = await t.make.offer({ status: 'draft' });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const stranger = await t.make.user({ type: 'affiliate' });
    await db
      .insert(campaigns)
      .values({ key: `osc${Math.random().toString(36).slice(2, 12)}`, title: 'C', affiliateId: affiliate.id, offerId: offer.id });
    const change = (status: string) =>
      t.request({ method: 'POST', url: '/api/v1/offers/change_status', as: t.admin, payload: { items: [{ id: offer.id, status }] } });

    expect((await change('inactive')).statusCode).toBe(200);
    expect(await inApp(affiliate.id, 'offer_status_changed')).toHaveLength(0);
    expect((await change('active')).statusCode).toBe(200);
    const mine = await inApp(affiliate.id, 'offer_status_changed');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: `Offer ${offer.title} is active`,
      data: expect.objectContaining({ link: `/offers/${offer.id}` }),
    });
    expect(await inApp(stranger.id, 'offer_status_changed')).toHaveLength(0);
    // the same status again changes nothing and raises nothing
    expect((await change('active')).statusCode).toBe(200);
    expect(await inApp(affiliate.id, 'offer_status_changed')).toHaveLength(1);
    expect((await change('inactive')).statusCode).toBe(200);
    expect((await inApp(affiliate.id, 'offer_status_changed')).map((n) => n.title).sort()).toEqual([
      `Offer ${offer.title} is active`,
      `Offer ${offer.title} is inactive`,
    ]);
  });

  it('a refused change (a role without the permission) raises nothing', async () => {
    const offer = await t.make.offer({ status: 'draft' });
    const affiliate = await t.make.user({ type: 'affiliate' });
    await db
      .insert(campaigns)
      .values({ key: `osr${Math.random().toString(36).slice(2, 12)}`, title: 'C', affiliateId: affiliate.id, offerId: offer.id });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/offers/change_status',
      as: affiliate,
      payload: { items: [{ id: offer.id, status: 'active' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(await inApp(affiliate.id, 'offer_status_changed')).toHaveLength(0);
  });
});

describe('export ready', () => {
  it('tells the user who asked for the export, once, when its file is written', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/exports', as: t.admin, payload: { type: 'leads', query: {} } });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.items[0].id;
    const before = (await inApp(t.admin.id, 'export_ready')).length;
    await t.queue.runDue(EXPORT_JOB, { ignoreStartAfter: true });
    const mine = await inApp(t.admin.id, 'export_ready');
    expect(mine).toHaveLength(before + 1);
    expect(mine.at(-1)).toMatchObject({
      title: 'Your export is ready',
      data: expect.objectContaining({ values: expect.objectContaining({ exportId: id }) }),
    });
  });
});

describe('postback failed', () => {
  it('raises once per postback and hour when a delivery fails its last retry, to staff and the affiliate, without the query', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: affiliate.id,
        method: 'GET',
        url: 'http://127.0.0.1:9/tracker?secret={lead_id}',
        events: ['event_sent'],
        status: 'active',
      })
      .returning();
    const job = (leadId: number) => ({
      postbackId: pb.id,
      event: 'event_sent',
      affiliateId: affiliate.id,
      goalId: null,
      leadId,
      conversionId: null,
      conversionStatus: null,
      values: { lead_id: leadId },
    });
    const fail = async (leadId: number, retryCount: number) => {
      await t.queue.send(POSTBACK_DELIVER_JOB, job(leadId));
      await db.execute(
        sql`update pgboss.job set retry_count = ${retryCount} where name = ${POSTBACK_DELIVER_JOB} and (data->>'leadId')::int = ${leadId}`,
      );
      await t.queue.runDue(POSTBACK_DELIVER_JOB, { ignoreStartAfter: true });
    };
    // a failure with retries left is no notification yet
    await fail(9_000_001, 0);
    expect(await inApp(affiliate.id, 'postback_failed')).toHaveLength(0);
    await fail(9_000_002, POSTBACK_RETRY_LIMIT);
    await fail(9_000_003, POSTBACK_RETRY_LIMIT);
    const mine = await inApp(affiliate.id, 'postback_failed');
    expect(mine).toHaveLength(1);
    expect(mine[0].body).toMatch(/^The postback to http:\/\/127\.0\.0\.1:9\/tracker failed: /);
    expect(mine[0].body).not.toContain('secret');
    expect(await inApp(t.admin.id, 'postback_failed')).toEqual(
      expect.arrayContaining([expect.objectContaining({ data: expect.objectContaining({ link: `/postbacks/${pb.id}` }) })]),
    );
    // an hour later the same postback failing is news again
    t.clock.advance(3600);
    await fail(9_000_004, POSTBACK_RETRY_LIMIT);
    expect(await inApp(affiliate.id, 'postback_failed')).toHaveLength(2);
  });
});

describe('notification once-keys', () => {
  it('the hourly cleanup forgets the keys whose window is over and keeps the others (and every all-time key)', async () => {
    const now = t.clock.now.getTime();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    const keys = {
      'postback_failed:1:2026-01-01T10': ago(3),
      'postback_failed:1:2026-01-04T10': ago(1),
      'cap_reached:1:2026-01-01': ago(2.5),
      'cap_reached:1:2026-01-03': ago(1.5),
      'cap_reached:2:2026-W01': ago(10),
      'cap_reached:2:2026-W02': ago(5),
      'cap_reached:3:2025-12': ago(40),
      'cap_reached:3:2026-01': ago(20),
      'cap_reached:4:all': ago(400),
    };
    for (const [key, at] of Object.entries(keys))
      await db.execute(sql`insert into notification_once (key, created_at) values (${`prune-${key}`}, ${at})`);
    await t.queue.send(EXPORT_CLEANUP_JOB, {});
    await t.queue.runDue(EXPORT_CLEANUP_JOB, { ignoreStartAfter: true });
    const left = rowsOf<{ key: string }>(await db.execute(sql`select key from notification_once where key like 'prune-%' order by key`));
    expect(left.map((r) => r.key.slice('prune-'.length))).toEqual([
      'cap_reached:1:2026-01-03',
      'cap_reached:2:2026-W02',
      'cap_reached:3:2026-01',
      'cap_reached:4:all',
      'postback_failed:1:2026-01-04T10',
    ]);
  });
});
