import { OUT_API_TIMEOUT } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { capCounters, caps, integrations, leadEvents, leads, paymentRules } from '../../../db/schema';
import { HOLD_RELEASE_JOB } from '../hold-queue/hold-queue.jobs';
import { LEAD_DELIVER_JOB } from './distribution';
import { leadMarket } from './lead-market.fixture';

const t = await useApp();
const db = t.database.db;
const { market, post, leadOf, deliveriesOf, nextPhone } = leadMarket(t);

type CapInput = Partial<typeof caps.$inferInsert>;
const addCap = async (offerId: number, input: CapInput) =>
  (
    await db
      .insert(caps)
      .values({ offerId, type: 'limit', value: '1', period: 'day', timezone: 'UTC', ...input })
      .returning()
  )[0];
const counterOf = async (capId: number) =>
  (await db.select().from(capCounters).where(eq(capCounters.capId, capId))).map((c) => Number(c.value)).reduce((a, b) => a + b, 0);
const release = async () => {
  await t.queue.send(HOLD_RELEASE_JOB, {});
  await t.queue.runDue(HOLD_RELEASE_JOB, { ignoreStartAfter: true });
};
const lead = (m: { token: string; offer: { id: number } }) =>
  post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' }).then((r) => r.json().data);

describe('caps in the distribution', () => {
  it('lets exactly 20 of 60 parallel leads through a cap of 20', async () => {
    const m = await market([{ path: '/accept/exact', timeoutMs: OUT_API_TIMEOUT.max }]);
    const cap = await addCap(m.offer.id, { value: '20', period: 'all_time' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const sentNow = answers.filter((r) => r.json().data.status === 'sent').length;
    expect(answers.filter((r) => r.json().data.status === 'unsent')).toHaveLength(60 - sentNow);
    expect(sentNow).toBeLessThanOrEqual(20);
    expect(await counterOf(cap.id)).toBe(sentNow);
    // a run the loaded machine slowed past its timeout gives its room back: the retries fill the cap, never past it
    const sent = async () => (await db.select().from(leads).where(eq(leads.offerId, m.offer.id))).filter((l) => l.status === 'sent').length;
    for (let i = 0; i < 5 && (await sent()) < 20; i++) {
      t.clock.advance(86_400);
      await t.queue.runDue(LEAD_DELIVER_JOB, { ignoreStartAfter: true, max: 1000 });
    }
    expect(await sent()).toBe(20);
    expect(await counterOf(cap.id)).toBe(20);
  });

  it('action trafficback: a lead no open target takes is unsent with the reason and answered with the trafficback URL, no retry', async () => {
    const m = await market([{ path: '/accept/tb' }], { trafficbackUrl: 'https://back.example/tb' });
    await addCap(m.offer.id, { value: '1', action: 'trafficback' });
    expect((await lead(m)).status).toBe('sent');
    const second = await lead(m);
    expect(second).toMatchObject({
      status: 'unsent',
      reason: "The caps of every matching advertiser are full: sent to the offer's trafficback",
      redirectUrl: 'https://back.example/tb',
    });
    expect(await leadOf(second.id)).toMatchObject({ status: 'unsent', nextAttemptAt: null, redirectStatus: 'trafficback' });
    expect(await deliveriesOf(second.id)).toHaveLength(0);
  });

  it('action skip: tries the next advertiser; with none left the lead is unsent and retried', async () => {
    const m = await market([{ path: '/accept/s1' }, { path: '/accept/s2', lowPriority: true }]);
    await addCap(m.offer.id, { value: '1', action: 'skip', sieve: { advertiserIds: [m.advertisers[0].id] } });
    await addCap(m.offer.id, { value: '1', action: 'skip', sieve: { advertiserIds: [m.advertisers[1].id] } });
    const [a, b, c] = [await lead(m), await lead(m), await lead(m)];
    expect([a.status, b.status, c.status]).toEqual(['sent', 'sent', 'unsent']);
    expect((await leadOf(a.id)).advertiserId).toBe(m.advertisers[0].id);
    expect((await leadOf(b.id)).advertiserId).toBe(m.advertisers[1].id);
    expect((await leadOf(c.id)).nextAttemptAt).not.toBeNull();
  });

  it('action hold: the lead waits for the next period and is sent by the release job then', async () => {
    const m = await market([{ path: '/accept/hold' }]);
    const cap = await addCap(m.offer.id, { value: '1', action: 'hold', timezone: 'UTC', period: 'day' });
    await lead(m);
    const held = await lead(m);
    expect(held).toMatchObject({ status: 'hold', reason: 'The caps of every matching advertiser are full: held until the next period' });
    const row = await leadOf(held.id);
    const midnight = new Date(t.clock.now);
    midnight.setUTCHours(24, 0, 0, 0);
    expect(row.holdUntil?.toISOString()).toBe(midnight.toISOString());
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, held.id)).orderBy(leadEvents.id);
    expect(events.at(-1)).toMatchObject({ type: 'hold', data: expect.objectContaining({ capIds: [cap.id] }) });
    await release();
    expect((await leadOf(held.id)).status).toBe('hold');
    t.clock.advance((midnight.getTime() - t.clock.now.getTime()) / 1000 + 1);
    await release();
    expect(await leadOf(held.id)).toMatchObject({ status: 'sent', holdUntil: null });
    await t.queue.runDue(LEAD_DELIVER_JOB, { ignoreStartAfter: true, max: 1000 });
    expect(await deliveriesOf(held.id)).toHaveLength(1);
  });

  it('money caps count the revenue of the payment rule in the cap currency', async () => {
    const m = await market([{ path: '/accept/money' }]);
    await db
      .insert(paymentRules)
      .values({ offerId: m.offer.id, revenueValue: '40', revenueCurrency: 'USD', payoutValue: '25', payoutCurrency: 'USD' });
    const cap = await addCap(m.offer.id, { value: '100', currency: 'USD' });
    const answers = [await lead(m), await lead(m), await lead(m)];
    expect(answers.map((a) => a.status)).toEqual(['sent', 'sent', 'unsent']);
    expect(await counterOf(cap.id)).toBe(80);
  });

  it('conversion caps count conversions at the postback; once full the advertiser takes no new leads', async () => {
    const m = await market([{ path: '/accept/conv' }]);
    const adv = m.advertisers[0];
    await db
      .update(integrations)
      .set({ postbackEnabled: true, leadStatusMappings: [{ advertiserStatus: 'ftd', leadStatus: 'sent', conversionStatus: 1 }] })
      .where(eq(integrations.id, adv.integration.id));
    const cap = await addCap(m.offer.id, { value: '1', processingType: 'conversions', sieve: { advertiserIds: [adv.id] } });
    const first = await lead(m);
    expect((await lead(m)).status).toBe('sent');
    const pb = await t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${first.id}&status=ftd` });
    expect(pb.json()).toMatchObject({ status: 'ok' });
    expect(await counterOf(cap.id)).toBe(1);
    // the same postback again is the same conversion: not counted twice
    await t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${first.id}&status=ftd` });
    expect(await counterOf(cap.id)).toBe(1);
    expect(await lead(m)).toMatchObject({ status: 'unsent', reason: 'The caps of every matching advertiser are full' });
  });

  it('money conversion caps count the conversion revenue in the cap currency and fill up when an amount no longer fits', async () => {
    const m = await market([{ path: '/accept/convmoney' }]);
    const adv = m.advertisers[0];
    await db
      .update(integrations)
      .set({ postbackEnabled: true, leadStatusMappings: [{ advertiserStatus: 'ftd', leadStatus: 'sent', conversionStatus: 1 }] })
      .where(eq(integrations.id, adv.integration.id));
    await db
      .insert(paymentRules)
      .values({ offerId: m.offer.id, revenueValue: '60', revenueCurrency: 'USD', payoutValue: '40', payoutCurrency: 'USD' });
    const cap = await addCap(m.offer.id, { value: '100', currency: 'USD', processingType: 'conversions' });
    const [a, b] = [await lead(m), await lead(m)];
    await t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${a.id}&status=ftd` });
    expect(await counterOf(cap.id)).toBe(60);
    expect((await lead(m)).status).toBe('sent');
    await t.request({ method: 'GET', url: `/postback/${adv.integration.postbackKey}?lead_id=${b.id}&status=ftd` });
    expect(await counterOf(cap.id)).toBe(100);
    expect((await lead(m)).status).toBe('unsent');
  });

  it('funnels: guarantee first, then the leads split by weight', async () => {
    const m = await market([{ path: '/accept/f1' }, { path: '/accept/f2' }]);
    const [a, b] = m.advertisers;
    const fa = await addCap(m.offer.id, { type: 'funnel', value: '100', weight: 1, guarantee: '3', sieve: { advertiserIds: [a.id] } });
    const fb = await addCap(m.offer.id, { type: 'funnel', value: '100', weight: 3, sieve: { advertiserIds: [b.id] } });
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await leadOf((await lead(m)).id)).advertiserId);
    expect(first).toEqual([a.id, a.id, a.id]);
    for (let i = 0; i < 9; i++) await lead(m);
    // after the guarantee (3 to A) the shares follow the weights 1:3 → A 3 + 0..1, B 9..8
    const countA = await counterOf(fa.id);
    const countB = await counterOf(fb.id);
    expect(countA + countB).toBe(12);
    expect(countB).toBe(9);
    expect(countA).toBe(3);
  });

  it('funnel value is a limit: exact under parallel leads', async () => {
    const m = await market([{ path: '/accept/fl', timeoutMs: OUT_API_TIMEOUT.max }]);
    const f = await addCap(m.offer.id, { type: 'funnel', value: '5', weight: 1, sieve: { advertiserIds: [m.advertisers[0].id] } });
    const answers = await Promise.all(Array.from({ length: 15 }, () => lead(m)));
    expect(answers.filter((a) => a.status === 'sent')).toHaveLength(5);
    expect(await counterOf(f.id)).toBe(5);
  });
});
