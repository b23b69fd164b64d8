import { LEAD_RETRY_DELAYS, POSTBACK_EVENT_GROUPS } from '@leadgrid/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queuedDeliveries } from '../../../../test/deliveries';
import { useApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/client';
import { caps, geos, holdConfigs, integrations, leads, notifications, paymentRules, postbacks, userManagers } from '../../../db/schema';
import { HOLD_RELEASE_JOB } from '../hold-queue/hold-queue.jobs';
import { NOTIFICATION_JOB } from '../../settings/notifications/notifications.delivery';
import { leadImports } from '../lead-import';
import { LEAD_DELIVER_JOB } from './distribution';
import { eventsOf, fireLeadEvents, type LeadEventSubject } from './lead-events';
import { leadMarket } from './lead-market.fixture';

const t = await useApp();
const db = t.database.db;
const { market, post, leadOf, nextPhone, received, state } = leadMarket(t);

/** the delivery jobs queued for a lead, by event */
async function jobsOf(leadId: number) {
  const jobs = await queuedDeliveries(t, { leadId });
  return jobs
    .map((j) => j.data as { event: string; postbackId: number; leadId: number; values: Record<string, unknown> })
    .sort((a, b) => a.event.localeCompare(b.event));
}

/** the affiliate's postback on every lead-status event (and the grade), to the fixture's receiver */
async function leadPostback(
  affiliateId: number,
  events: readonly string[] = [...POSTBACK_EVENT_GROUPS.leadStatuses, ...POSTBACK_EVENT_GROUPS.leadGrades],
) {
  const [pb] = await db
    .insert(postbacks)
    .values({
      scope: 'affiliate',
      affiliateId,
      method: 'GET',
      url: `http://127.0.0.1:1/unused`,
      events: [...events],
      status: 'active',
    })
    .returning();
  return pb;
}

const subject = (status: string, isTest = false): LeadEventSubject =>
  ({
    id: 1,
    status,
    isTest,
    affiliateId: 1,
    teamId: null,
    offerId: 1,
    campaignId: null,
    clickId: null,
    country: 'PL',
    ip: null,
    leadGrade: null,
  }) as LeadEventSubject;

describe('lead events: which events a change fires', () => {
  it('a created lead is received, plus its own status; a change fires its new status; no change or a return to new fires nothing', () => {
    expect(eventsOf({ lead: subject('new'), from: null })).toEqual(['event_received']);
    expect(eventsOf({ lead: subject('hold'), from: null })).toEqual(['event_received', 'event_hold']);
    expect(eventsOf({ lead: subject('invalid'), from: null })).toEqual(['event_received', 'event_invalid']);
    expect(eventsOf({ lead: subject('duplicate'), from: null })).toEqual(['event_received', 'event_duplicate']);
    expect(eventsOf({ lead: subject('sent'), from: 'new' })).toEqual(['event_sent']);
    expect(eventsOf({ lead: subject('trash'), from: 'unsent' })).toEqual(['event_trash']);
    expect(eventsOf({ lead: subject('sent'), from: 'sent' })).toEqual([]);
    expect(eventsOf({ lead: subject('new'), from: 'hold' })).toEqual([]);
    expect(eventsOf({ lead: subject('failed'), from: 'unsent' })).toEqual([]);
    expect(eventsOf({ lead: subject('new', true), from: null })).toEqual([]);
    expect(eventsOf({ lead: subject('sent'), event: 'event_lead_grade_changed' })).toEqual(['event_lead_grade_changed']);
  });
});

describe('lead events from the lead API (intake and distribution)', () => {
  it('a posted lead that is sent fires event_received and event_sent with the lead macros and the advertiser redirect', async () => {
    const m = await market([{ path: '/accept/ev' }]);
    const pb = await leadPostback(m.affiliate.id);
    const { data } = (await post(m.token, { campaignId: m.campaign.id, phone: nextPhone(), country: 'PL', sub1: 'fb' })).json();
    expect(data.status).toBe('sent');
    const jobs = await jobsOf(data.id);
    expect(jobs.map((j) => j.event)).toEqual(['event_received', 'event_sent']);
    expect(jobs.every((j) => j.postbackId === pb.id && j.leadId === data.id)).toBe(true);
    expect(jobs[0].values).toMatchObject({
      lead_id: data.id,
      lead_status: 'new',
      sub1: 'fb',
      campaign_id: m.campaign.id,
      event: 'event_received',
    });
    expect(jobs[1].values).toMatchObject({
      lead_id: data.id,
      lead_status: 'sent',
      redirect_url: expect.stringMatching(/^https:\/\/brand\.example\/login\?t=\d+$/),
      event: 'event_sent',
    });
    // staff-only macros never reach the affiliate
    expect(jobs[1].values).not.toHaveProperty('advertiser_id');
  });

  it('a duplicate fires event_received and event_duplicate; a lead without a listening postback queues nothing', async () => {
    const m = await market([{ path: '/accept/dup' }]);
    await leadPostback(m.affiliate.id, ['event_duplicate', 'event_received']);
    const phone = nextPhone();
    const first = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    const second = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    expect(second.status).toBe('duplicate');
    expect((await jobsOf(first.id)).map((j) => j.event)).toEqual(['event_received']);
    const dup = await jobsOf(second.id);
    expect(dup.map((j) => j.event)).toEqual(['event_duplicate', 'event_received']);
    expect(dup[0].values).toMatchObject({ lead_id: second.id, lead_status: 'duplicate' });

    const other = await market([{ path: '/accept/none' }]);
    const lone = (await post(other.token, { offerId: other.offer.id, phone: nextPhone(), country: 'PL' })).json().data;
    expect(lone.status).toBe('sent');
    expect(await jobsOf(lone.id)).toEqual([]);
  });

  it('a test lead fires nothing', async () => {
    const m = await market([{ path: '/accept/test' }]);
    await leadPostback(m.affiliate.id);
    const { data } = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL', test: true })).json();
    expect(data.status).toBe('test');
    expect(await jobsOf(data.id)).toEqual([]);
  });

  it('a cap hold fires event_hold; its release as new fires nothing, the distribution after it event_sent', async () => {
    const m = await market([{ path: '/accept/hold-ev' }]);
    await leadPostback(m.affiliate.id);
    await db.insert(caps).values({ offerId: m.offer.id, type: 'limit', value: '1', period: 'day', timezone: 'UTC', action: 'hold' });
    await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' });
    const held = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json().data;
    expect(held.status).toBe('hold');
    expect((await jobsOf(held.id)).map((j) => j.event)).toEqual(['event_hold', 'event_received']);
    t.clock.advance(86_400);
    await t.queue.send(HOLD_RELEASE_JOB, {});
    await t.queue.runDue(HOLD_RELEASE_JOB, { ignoreStartAfter: true });
    expect((await leadOf(held.id)).status).toBe('sent');
    expect((await jobsOf(held.id)).map((j) => j.event)).toEqual(['event_hold', 'event_received', 'event_sent']);
  });

  it('a held lead released as a duplicate fires event_duplicate in the release', async () => {
    const m = await market([{ path: '/accept/hq' }]);
    await leadPostback(m.affiliate.id);
    const [geo] = await db
      .insert(geos)
      .values({ title: `Hold PL ${Math.random()}`, countries: ['PL'], status: 'active' })
      .returning();
    const [rule] = await db
      .insert(holdConfigs)
      .values({
        geoId: geo.id,
        periodStart: '00:00',
        periodEnd: '23:59',
        timezone: 'UTC',
        intervalMinutes: 60,
        fresh: 0,
        old: 0,
        status: 'active',
      })
      .returning();
    const phone = nextPhone();
    const held = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    expect(held.status).toBe('hold');
    await db.update(holdConfigs).set({ status: 'inactive' }).where(eq(holdConfigs.id, rule.id));
    // meanwhile the same phone arrives (a duplicate of the held lead at intake) and is sent by hand: the held lead is
    // its duplicate when released
    t.clock.advance(60);
    const later = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    await db.update(leads).set({ status: 'sent', duplicateOf: null }).where(eq(leads.id, later.id));
    await db
      .update(leads)
      .set({ holdUntil: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(leads.id, held.id));
    await t.queue.send(HOLD_RELEASE_JOB, {});
    await t.queue.runDue(HOLD_RELEASE_JOB, { ignoreStartAfter: true });
    expect((await leadOf(held.id)).status).toBe('duplicate');
    expect((await jobsOf(held.id)).map((j) => j.event)).toEqual(['event_duplicate', 'event_hold', 'event_received']);
  });

  it('a held lead of an import that muted lead postbacks fires nothing when released as a duplicate; one that asked for them does', async () => {
    const m = await market([{ path: '/accept/hq-import' }]);
    await leadPostback(m.affiliate.id);
    const [geo] = await db
      .insert(geos)
      .values({ title: `Hold LT ${Math.random()}`, countries: ['LT'], status: 'active' })
      .returning();
    const [rule] = await db
      .insert(holdConfigs)
      .values({ geoId: geo.id, periodStart: '00:00', periodEnd: '23:59', timezone: 'UTC', intervalMinutes: 60, status: 'active' })
      .returning();
    const importOf = async (firePostbacks: boolean) =>
      (
        await db
          .insert(leadImports)
          .values({
            userId: t.admin.id,
            status: 'done',
            fileKey: `k${Math.random()}`,
            fileName: 'leads.csv',
            offerId: m.offer.id,
            firePostbacks,
          })
          .returning()
      )[0];
    const [muting, firing] = [await importOf(false), await importOf(true)];
    const phones = [nextPhone(), nextPhone()];
    const held = [];
    for (const phone of phones) held.push((await post(m.token, { offerId: m.offer.id, phone, country: 'LT' })).json().data);
    expect(held.map((h) => h.status)).toEqual(['hold', 'hold']);
    await db.update(leads).set({ importId: muting.id }).where(eq(leads.id, held[0].id));
    await db.update(leads).set({ importId: firing.id }).where(eq(leads.id, held[1].id));
    await db.update(holdConfigs).set({ status: 'inactive' }).where(eq(holdConfigs.id, rule.id));
    t.clock.advance(60);
    for (const phone of phones) {
      const later = (await post(m.token, { offerId: m.offer.id, phone, country: 'LT' })).json().data;
      await db.update(leads).set({ status: 'sent', duplicateOf: null }).where(eq(leads.id, later.id));
    }
    await db
      .update(leads)
      .set({ holdUntil: new Date(t.clock.now.getTime() - 1000) })
      .where(
        inArray(
          leads.id,
          held.map((h) => h.id),
        ),
      );
    await t.queue.send(HOLD_RELEASE_JOB, {});
    await t.queue.runDue(HOLD_RELEASE_JOB, { ignoreStartAfter: true });
    expect((await leadOf(held[0].id)).status).toBe('duplicate');
    expect((await leadOf(held[1].id)).status).toBe('duplicate');
    // the intake's events were queued before the lead was marked imported; the release adds nothing for the muted one
    expect((await jobsOf(held[0].id)).map((j) => j.event)).toEqual(['event_hold', 'event_received']);
    expect((await jobsOf(held[1].id)).map((j) => j.event)).toEqual(['event_duplicate', 'event_hold', 'event_received']);
  });

  it('fireLeadEvents (the entry point of other writers) queues one job per event and postback in the caller’s transaction', async () => {
    const m = await market([{ path: '/accept/fire' }]);
    await leadPostback(m.affiliate.id);
    const { data } = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json();
    const [row] = await db.select().from(leads).where(eq(leads.id, data.id));
    const ctx = { actor: null, db, database: t.database, config: t.config, now: () => t.clock.now };
    // rolled back with its transaction
    await db
      .transaction(async (tx) => {
        expect(await fireLeadEvents({ ...ctx, db: tx }, [{ lead: { ...row, status: 'trash' }, from: 'sent' }])).toBe(1);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await jobsOf(data.id)).map((j) => j.event)).toEqual(['event_received', 'event_sent']);
    expect(await fireLeadEvents(ctx, [{ lead: row, from: 'sent' }])).toBe(0);
    expect(await fireLeadEvents(ctx, [{ lead: { ...row, status: 'trash' }, from: 'sent' }])).toBe(1);
    expect((await jobsOf(data.id)).map((j) => j.event)).toEqual(['event_received', 'event_sent', 'event_trash']);
  });
});

describe('notifications raised by the lead engine', () => {
  const inApp = async (event: string) => {
    await t.queue.runDue(NOTIFICATION_JOB, { ignoreStartAfter: true, max: 500 });
    return db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, t.admin.id), eq(notifications.event, event)));
  };

  it('a cap reached is one notification, not one per refused lead', async () => {
    const m = await market([{ path: '/accept/capn' }]);
    const [cap] = await db
      .insert(caps)
      .values({ offerId: m.offer.id, type: 'limit', value: '2', period: 'day', timezone: 'UTC' })
      .returning();
    const before = (await inApp('cap_reached')).length;
    for (let i = 0; i < 5; i++) await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' });
    const mine = (await inApp('cap_reached')).filter((n) => (n.data as { values: { capId: number } }).values.capId === cap.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toBe(`Cap reached on ${m.offer.title}`);
    expect((await inApp('cap_reached')).length).toBe(before + 1);
    const [key] = rowsOf<{ key: string }>(
      await db.execute(sql`select key from notification_once where key like ${`cap_reached:${cap.id}:%`}`),
    );
    expect(key.key).toMatch(new RegExp(`^cap_reached:${cap.id}:`));
  });

  it('a conversion cap filled by postbacks is reported by the postback that fills it, once; the refused lead after it raises none', async () => {
    const m = await market([{ path: '/accept/capconv' }]);
    const adv = m.advertisers[0];
    await db
      .update(integrations)
      .set({ postbackEnabled: true, leadStatusMappings: [{ advertiserStatus: 'ftd', leadStatus: 'sent', conversionStatus: 1 }] })
      .where(eq(integrations.id, adv.integration.id));
    const [cap] = await db
      .insert(caps)
      .values({ offerId: m.offer.id, type: 'limit', value: '3', period: 'day', timezone: 'UTC', processingType: 'conversions' })
      .returning();
    const mine = async () => (await inApp('cap_reached')).filter((n) => (n.data as { values: { capId: number } }).values.capId === cap.id);
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push((await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json().data);
    expect(sent.map((l) => l.status)).toEqual(['sent', 'sent', 'sent']);
    const postback = (leadId: number) =>
      t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${leadId}&status=ftd` });
    for (const l of sent.slice(0, 2)) expect((await postback(l.id)).json()).toMatchObject({ status: 'ok' });
    expect(await mine()).toHaveLength(0);
    expect((await postback(sent[2].id)).json()).toMatchObject({ status: 'ok' });
    // raised by the 3rd postback, before any lead was refused
    const raised = await mine();
    expect(raised).toHaveLength(1);
    expect(raised[0].title).toBe(`Cap reached on ${m.offer.title}`);
    // the same postback again (no new conversion) and a lead the full cap refuses raise nothing more
    await postback(sent[2].id);
    expect((await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json().data).toMatchObject({
      status: 'unsent',
      reason: 'The caps of every matching advertiser are full',
    });
    expect(await mine()).toHaveLength(1);
    const keys = rowsOf<{ key: string }>(
      await db.execute(sql`select key from notification_once where key like ${`cap_reached:${cap.id}:%`}`),
    );
    expect(keys).toHaveLength(1);
  });

  it('a money conversion cap is reported by the postback whose revenue no longer fits (the counter is filled)', async () => {
    const m = await market([{ path: '/accept/capconvmoney' }]);
    const adv = m.advertisers[0];
    await db
      .update(integrations)
      .set({ postbackEnabled: true, leadStatusMappings: [{ advertiserStatus: 'ftd', leadStatus: 'sent', conversionStatus: 1 }] })
      .where(eq(integrations.id, adv.integration.id));
    await db
      .insert(paymentRules)
      .values({ offerId: m.offer.id, revenueValue: '60', revenueCurrency: 'USD', payoutValue: '40', payoutCurrency: 'USD' });
    const [cap] = await db
      .insert(caps)
      .values({
        offerId: m.offer.id,
        type: 'limit',
        value: '100',
        currency: 'USD',
        period: 'day',
        timezone: 'UTC',
        processingType: 'conversions',
      })
      .returning();
    const mine = async () => (await inApp('cap_reached')).filter((n) => (n.data as { values: { capId: number } }).values.capId === cap.id);
    const [a, b] = [
      (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json().data,
      (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json().data,
    ];
    await t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${a.id}&status=ftd` });
    expect(await mine()).toHaveLength(0);
    await t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${b.id}&status=ftd` });
    expect(await mine()).toHaveLength(1);
    expect((await mine())[0].data).toMatchObject({ values: expect.objectContaining({ value: '100 USD' }) });
  });

  it('a lead that fails its last retry raises "lead failed" once, to the staff who may read the lead', async () => {
    const m = await market([{ path: '/later' }]);
    // affiliate managers of the rule's role types: only the one who manages the lead's affiliate may read the lead
    const ownManager = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.assigned.read'], signIn: false });
    const otherManager = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.assigned.read'], signIn: false });
    const allLeads = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.read'], signIn: false });
    const noLeads = await t.make.user({ type: 'affiliate_manager', permissions: ['affiliate.read'], signIn: false });
    await db.insert(userManagers).values({ userId: m.affiliate.id, managerId: ownManager.id });
    state.acceptAfter = 1000;
    const { data } = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json();
    expect(data.status).toBe('unsent');
    await db.update(leads).set({ deliveryAttempts: LEAD_RETRY_DELAYS.length }).where(eq(leads.id, data.id));
    t.clock.advance(86_400);
    await t.queue.runDue(LEAD_DELIVER_JOB, { ignoreStartAfter: true, max: 1000 });
    state.acceptAfter = 0;
    expect((await leadOf(data.id)).status).toBe('failed');
    const mine = (await inApp('lead_failed')).filter((n) => (n.data as { values: { leadId: number } }).values.leadId === data.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: `Lead #${data.id} was not delivered`,
      data: expect.objectContaining({ link: `/leads?search=${data.id}` }),
    });
    expect(received.some((r) => r.url.startsWith('/later'))).toBe(true);
    const told = async (userId: number) =>
      (
        await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.event, 'lead_failed')))
      ).filter((n) => (n.data as { values: { leadId: number } }).values.leadId === data.id).length;
    expect(await told(ownManager.id)).toBe(1);
    expect(await told(allLeads.id)).toBe(1);
    expect(await told(otherManager.id)).toBe(0);
    expect(await told(noLeads.id)).toBe(0);
  });
});

describe('lead events: an affiliate cannot be sent another affiliate’s events', () => {
  it('a postback of another affiliate does not fire for this one’s lead', async () => {
    const m = await market([{ path: '/accept/iso' }]);
    const stranger = await t.make.user({ type: 'affiliate', signIn: false });
    await leadPostback(stranger.id);
    const { data } = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json();
    expect(await jobsOf(data.id)).toEqual([]);
  });
});
