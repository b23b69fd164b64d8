import { and, eq, sql } from 'drizzle-orm';
import { convert, normalizeDecimal, postbackSection } from '@leadgrid/shared';
import { describe, expect, it } from 'vitest';
import { queuedDeliveries } from '../../../../test/deliveries';
import { useApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/client';
import {
  clicks,
  conversions,
  currencies,
  integrations,
  leadEvents,
  leads,
  offerAdvertisers,
  paymentRules,
  postbacks,
  systemLogs,
} from '../../../db/schema';
import { setSetting } from '../../settings/general';
import { keepRawPartitions } from '../tracking';
import { uuidv7At } from '../tracking/uuid';
import { CONVERSION_AUTO_APPROVE_JOB } from './conversions.jobs';
import { ATTRIBUTES_MAX, ipAllowed, mergeAttributes, postbackAttributes, postbackParams } from './postback-in';

const t = await useApp();
const db = t.database.db;

const MAPPINGS = [
  { advertiserStatus: 'deposit', leadStatus: 'sent', conversionStatus: 3, leadGrade: 'ftd' },
  { advertiserStatus: 'pending', leadStatus: 'sent', conversionStatus: 1 },
  { advertiserStatus: 'trash', leadStatus: 'trash', conversionStatus: 4 },
];

/** an offer with a fixed payment rule, an advertiser whose integration takes postbacks, an affiliate and a sent lead */
async function market(
  opts: { postback?: Record<string, unknown>; rule?: Partial<typeof paymentRules.$inferInsert>; sessionLifespan?: number } = {},
) {
  const vertical = await t.make.vertical({ goals: ['Registration', 'Deposit'] });
  const offer = await t.make.offer({ verticalId: vertical.id, sessionLifespan: opts.sessionLifespan ?? 30 });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  await db
    .update(integrations)
    .set({ postbackEnabled: true, postback: opts.postback ?? {}, leadStatusMappings: MAPPINGS })
    .where(eq(integrations.id, advertiser.integration.id));
  // the integration is a target of the offer (a click converts only for its offer's targets)
  await db.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: advertiser.id, integrationId: advertiser.integration.id });
  const [rule] = await db
    .insert(paymentRules)
    .values({
      offerId: offer.id,
      revenueValue: '50',
      revenueCurrency: 'USD',
      payoutValue: '30',
      payoutCurrency: 'USD',
      autoApprovePeriod: 24,
      ...opts.rule,
    })
    .returning();
  const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
  const [lead] = await db
    .insert(leads)
    .values({
      status: 'sent',
      phone: '+48601000000',
      country: 'PL',
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: affiliate.id,
      advertiserId: advertiser.id,
      integrationId: advertiser.integration.id,
      advertiserLeadId: `ADV-${Math.random().toString(36).slice(2, 10)}`,
      createdAt: t.clock.now,
    })
    .returning();
  return { vertical, offer, advertiser, key: advertiser.integration.postbackKey, rule, affiliate, lead };
}

const get = (key: string, query: string, remoteAddress?: string) =>
  t.request({ method: 'GET', url: `/postback/${key}?${query}`, remoteAddress });
const conversionsOf = (leadId: number) => db.select().from(conversions).where(eq(conversions.leadId, leadId)).orderBy(conversions.id);
const leadOf = async (id: number) => (await db.select().from(leads).where(eq(leads.id, id)))[0];
const lastLog = async () => (await db.select().from(systemLogs).where(eq(systemLogs.type, 'postback_in')).orderBy(systemLogs.id)).at(-1)!;

describe('inbound postback: GET|POST /postback/:postbackKey', () => {
  it('creates the conversion priced by the payment rule, updates the lead with its history and logs the postback', async () => {
    const m = await market();
    const res = await get(m.key, `lead_id=${m.lead.id}&status=deposit&goal=Deposit&payout=55.5&currency=usd&event_id=E1`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'ok', conversionId: expect.any(Number) });
    const [conv] = await conversionsOf(m.lead.id);
    expect(conv).toMatchObject({
      id: body.conversionId,
      status: 3,
      offerId: m.offer.id,
      affiliateId: m.affiliate.id,
      advertiserId: m.advertiser.id,
      goalId: m.vertical.goals[1].id,
      eventId: 'E1',
      paymentRuleId: m.rule.id,
      originalRevenue: '55.50000000',
      currency: 'USD',
      revenue: '50.00000000',
      payout: '30.00000000',
      revenueCurrency: 'USD',
      baseCurrency: 'USD',
      baseRevenue: '50.00000000',
      basePayout: '30.00000000',
      marks: [],
      autoApproveAt: null,
    });
    expect(await leadOf(m.lead.id)).toMatchObject({ status: 'sent', leadGrade: 'ftd' });
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, m.lead.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'postback',
      data: expect.objectContaining({ advertiserStatus: 'deposit', leadGrade: 'ftd', conversionId: conv.id }),
    });
    expect(await lastLog()).toMatchObject({
      entity: 'advertiser',
      advertiserId: m.advertiser.id,
      success: true,
      conversionId: conv.id,
      leadId: m.lead.id,
      responseStatus: 200,
    });
  });

  it('is idempotent: the same postback twice makes one conversion; a new status updates it', async () => {
    const m = await market();
    const q = `lead_id=${m.lead.advertiserLeadId}&status=pending&event_id=E2`;
    const a = (await get(m.key, q)).json();
    const b = (await get(m.key, q)).json();
    expect(b.conversionId).toBe(a.conversionId);
    let list = await conversionsOf(m.lead.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 1, autoApproveAt: new Date(t.clock.now.getTime() + 24 * 3_600_000) });
    // without an event id: the lead's conversion of the goal
    const c = (await get(m.key, `lead_id=${m.lead.id}&status=trash`)).json();
    expect(c.conversionId).toBe(a.conversionId);
    list = await conversionsOf(m.lead.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 4, autoApproveAt: null });
    expect((await leadOf(m.lead.id)).status).toBe('trash');
  });

  it('keeps what the postback sends beyond the named parameters as the conversion attributes, shown to staff only', async () => {
    const m = await market({ postback: { leadIdParam: 'lid', statusParam: 'st', secureCode: 'S3' } });
    const first = await get(m.key, `lid=${m.lead.id}&st=pending&secure_code=S3&deposit_id=D-77&player_level=gold&payout=10`);
    expect(first.statusCode).toBe(200);
    let [conv] = await conversionsOf(m.lead.id);
    expect(conv.attributes).toEqual({ deposit_id: 'D-77', player_level: 'gold' });
    // a later postback of the conversion adds its attributes, the newer value of a name winning
    expect((await get(m.key, `lid=${m.lead.id}&st=deposit&secure_code=S3&player_level=platinum&ftd_at=2026-11-26`)).statusCode).toBe(200);
    [conv] = await conversionsOf(m.lead.id);
    expect(conv.attributes).toEqual({ deposit_id: 'D-77', player_level: 'platinum', ftd_at: '2026-11-26' });

    const staff = await t.request({ method: 'GET', url: `/api/v1/conversions/${conv.id}`, as: t.admin });
    expect(staff.json().data.items[0].attributes).toEqual({ deposit_id: 'D-77', player_level: 'platinum', ftd_at: '2026-11-26' });
    const tokens = await t.signIn(m.affiliate.email, m.affiliate.password);
    const own = await t.request({ method: 'GET', url: `/api/v1/conversions/${conv.id}`, as: tokens.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.items[0]).not.toHaveProperty('attributes');
    expect(own.json().data.items[0]).not.toHaveProperty('postbackParams');
  });

  it('a postback that changes neither status nor payout merges its attributes alone: no outbound postback, no ledger entry, logged', async () => {
    const m = await market({ postback: { leadIdParam: 'lid', statusParam: 'st' } });
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: m.affiliate.id,
        method: 'GET',
        url: 'https://aff.example/pb?s={status}',
        events: ['conversion_pending'],
        status: 'active',
      })
      .returning();
    const jobs = async () => (await queuedDeliveries(t, { postbackId: pb.id })).length;
    const ledger = async (id: number) =>
      Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_entries where conversion_id = ${id}`))[0].n);
    const logs = async () =>
      (
        await db
          .select()
          .from(systemLogs)
          .where(and(eq(systemLogs.type, 'postback_in'), eq(systemLogs.leadId, m.lead.id)))
      ).length;

    expect((await get(m.key, `lid=${m.lead.id}&st=pending&deposit_id=D-1`)).statusCode).toBe(200);
    let [conv] = await conversionsOf(m.lead.id);
    const before = {
      status: conv.status,
      payout: conv.payout,
      revenue: conv.revenue,
      statusChangedAt: conv.statusChangedAt,
      entries: await ledger(conv.id),
    };
    expect(before.entries).toBeGreaterThan(0);
    expect(await jobs()).toBe(1);

    // same status, no payout: only the attributes change
    const again = await get(m.key, `lid=${m.lead.id}&st=pending&player_level=gold&deposit_id=D-2`);
    expect(again.json()).toEqual({ status: 'ok', conversionId: conv.id });
    [conv] = await conversionsOf(m.lead.id);
    expect(conv.attributes).toEqual({ deposit_id: 'D-2', player_level: 'gold' });
    expect({
      status: conv.status,
      payout: conv.payout,
      revenue: conv.revenue,
      statusChangedAt: conv.statusChangedAt,
      entries: await ledger(conv.id),
    }).toEqual(before);
    expect(await jobs()).toBe(1);
    expect(await logs()).toBe(2);
    expect(await lastLog()).toMatchObject({ success: true, conversionId: conv.id });

    // the merged attributes stop at ATTRIBUTES_MAX names: the names already kept still take newer values
    const many = Array.from({ length: ATTRIBUTES_MAX + 10 }, (_, i) => `a${i}=${i}`).join('&');
    await get(m.key, `lid=${m.lead.id}&st=pending&${many}`);
    [conv] = await conversionsOf(m.lead.id);
    expect(Object.keys(conv.attributes)).toHaveLength(ATTRIBUTES_MAX);
    expect(conv.attributes).toMatchObject({ deposit_id: 'D-2', player_level: 'gold', a0: '0' });
    await get(m.key, `lid=${m.lead.id}&st=pending&player_level=platinum&late_name=x`);
    [conv] = await conversionsOf(m.lead.id);
    expect(Object.keys(conv.attributes)).toHaveLength(ATTRIBUTES_MAX);
    expect(conv.attributes).toMatchObject({ player_level: 'platinum' });
    expect(conv.attributes).not.toHaveProperty('late_name');
    // a postback that brings nothing new writes nothing
    const updatedAt = conv.updatedAt;
    t.clock.advance(60);
    await get(m.key, `lid=${m.lead.id}&st=pending&player_level=platinum`);
    [conv] = await conversionsOf(m.lead.id);
    expect(conv.updatedAt).toEqual(updatedAt);
    expect(await jobs()).toBe(1);
    expect(await ledger(conv.id)).toBe(before.entries);

    // affiliates never see them
    const tokens = await t.signIn(m.affiliate.email, m.affiliate.password);
    const own = await t.request({ method: 'GET', url: `/api/v1/conversions/${conv.id}`, as: tokens.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.items[0]).not.toHaveProperty('attributes');
    const ownList = await t.request({ method: 'GET', url: `/api/v1/conversions`, as: tokens.token });
    expect(ownList.json().data.items.every((c: Record<string, unknown>) => !('attributes' in c))).toBe(true);
  });

  it('mergeAttributes: newer values win, new names while there is room, null when nothing changes', () => {
    expect(mergeAttributes({ a: '1' }, { a: '1' })).toBeNull();
    expect(mergeAttributes({ a: '1' }, {})).toBeNull();
    expect(mergeAttributes({ a: '1' }, { a: '2', b: '3' })).toEqual({ a: '2', b: '3' });
    const full = Object.fromEntries(Array.from({ length: ATTRIBUTES_MAX }, (_, i) => [`k${i}`, String(i)]));
    expect(mergeAttributes(full, { extra: 'x' })).toBeNull();
    expect(mergeAttributes(full, { extra: 'x', k1: 'y' })).toEqual({ ...full, k1: 'y' });
    expect(mergeAttributes({}, { constructor: 'c' })).toEqual({ constructor: 'c' });
  });

  it('keeps at most ATTRIBUTES_MAX attributes and none of the named parameters', () => {
    const names = postbackSection.parse({ clickIdParam: 'cid' });
    const many = Object.fromEntries(Array.from({ length: ATTRIBUTES_MAX + 5 }, (_, i) => [`a${i}`, String(i)]));
    const out = postbackAttributes(
      { cid: 'x', lead_id: '1', status: 's', goal: 'g', payout: '1', currency: 'USD', event_id: 'e', secure_code: 'c', ...many },
      names,
    );
    expect(Object.keys(out)).toHaveLength(ATTRIBUTES_MAX);
    expect(out).not.toHaveProperty('cid');
    expect(out).not.toHaveProperty('secure_code');
    expect(out.a0).toBe('0');
  });

  it('reads the names of the postback section from a form or JSON body, converts to the base currency and marks a late conversion', async () => {
    const m = await market({
      postback: { leadIdParam: 'tid', statusParam: 'st', payoutParam: 'amount' },
      rule: { paymentType: 'percent', payoutValue: '40', revenueCurrency: 'EUR' },
      sessionLifespan: 1,
    });
    await db
      .insert(currencies)
      .values({ code: 'EUR', name: 'Euro', title: 'Euro', symbol: '€', symbolNative: '€', rate: '0.5', status: 'active' })
      .onConflictDoUpdate({ target: currencies.code, set: { rate: '0.5' } });
    t.clock.advance(2 * 86_400);
    const res = await t.request({
      method: 'POST',
      url: `/postback/${m.key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `tid=${m.lead.id}&st=pending&amount=100`,
    });
    expect(res.statusCode).toBe(200);
    const [conv] = await conversionsOf(m.lead.id);
    expect(conv).toMatchObject({
      revenue: '100.00000000',
      revenueCurrency: 'EUR',
      payout: '40.00000000',
      baseRevenue: '200.00000000',
      basePayout: '80.00000000',
      marks: ['late_conversion'],
    });

    const json = await t.request({
      method: 'POST',
      url: `/postback/${m.key}`,
      payload: { tid: String(m.lead.id), st: 'deposit', amount: 100 },
    });
    expect(json.json()).toEqual({ status: 'ok', conversionId: conv.id });
    expect((await conversionsOf(m.lead.id))[0].status).toBe(3);
  });

  it("enqueues the affiliate's outbound postbacks of what changed (conversion status, lead status, grade), once", async () => {
    const m = await market();
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: m.affiliate.id,
        method: 'GET',
        url: 'https://aff.example/pb?s={status}&p={payout}&r={revenue}',
        events: ['conversion_approved', 'conversion_rejected', 'event_trash', 'event_lead_grade_changed'],
        status: 'active',
      })
      .returning();
    const jobs = async () =>
      (await queuedDeliveries(t, { postbackId: pb.id })).map(
        (j) => j.data as { event: string; conversionId: number; values: Record<string, unknown> },
      );
    const { conversionId } = (await get(m.key, `lead_id=${m.lead.id}&status=deposit&event_id=E9`)).json();
    await get(m.key, `lead_id=${m.lead.id}&status=deposit&event_id=E9`);
    let list = await jobs();
    expect(list.map((j) => j.event).sort()).toEqual(['conversion_approved', 'event_lead_grade_changed']);
    expect(list[0]).toMatchObject({
      conversionId,
      values: expect.objectContaining({ status: 'approved', payout: '30', lead_grade: 'ftd', offer_id: m.offer.id }),
    });
    expect(list[0].values).not.toHaveProperty('revenue');
    await get(m.key, `lead_id=${m.lead.id}&status=trash&event_id=E9`);
    list = await jobs();
    expect(list.map((j) => j.event).sort()).toEqual([
      'conversion_approved',
      'conversion_rejected',
      'event_lead_grade_changed',
      'event_trash',
    ]);
  });

  it("converts a lead whose raw click the retention dropped, with the click's country and IP as the lead kept them", async () => {
    const m = await market({ sessionLifespan: 30 });
    const clickId = uuidv7At(t.clock.now.getTime());
    await db.insert(clicks).values({
      id: clickId,
      createdAt: t.clock.now,
      status: 1,
      offerId: m.offer.id,
      affiliateId: m.affiliate.id,
      country: 'DE',
      ip: '10.9.8.7',
    });
    // a lead of no country of its own, on the click: it keeps the click's data (migration 0026)
    await db.update(leads).set({ clickId, country: null, ip: null }).where(eq(leads.id, m.lead.id));
    expect((await leadOf(m.lead.id)).clickData).toEqual({ country: 'DE', ip: '10.9.8.7' });
    await setSetting(db, 'rawClicksRetentionDays', 30);
    t.clock.advance(40 * 86_400);
    try {
      await keepRawPartitions({ database: t.database, now: () => t.clock.now });
      expect(await db.select().from(clicks).where(eq(clicks.id, clickId))).toHaveLength(0);
      const res = await get(m.key, `lead_id=${m.lead.id}&status=deposit`);
      expect(res.statusCode).toBe(200);
      const [conv] = await conversionsOf(m.lead.id);
      // the click's time comes from its id: 40 days after it, past the 30-day session lifespan, the conversion is late
      expect(conv).toMatchObject({ clickId, clickData: { country: 'DE', ip: '10.9.8.7' }, marks: ['late_conversion'] });
    } finally {
      t.clock.advance(-40 * 86_400);
      await setSetting(db, 'rawClicksRetentionDays', 90);
    }
    // the conversions list shows (and filters on) the click's country from the conversion's copy
    const staff = await t.make.user({ type: 'admin' }); // signed in now (the clock was ahead meanwhile)
    const list = await t.request({ method: 'GET', url: `/api/v1/conversions?offerId=${m.offer.id}&country=DE`, as: staff });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((c: { id: number; country: string }) => [c.id, c.country])).toEqual([[expect.any(Number), 'DE']]);
  });

  it('takes a later postback of a click without a lead after its raw click was dropped, by the conversion it made', async () => {
    const m = await market();
    const id = uuidv7At(t.clock.now.getTime());
    await db
      .insert(clicks)
      .values({ id, createdAt: t.clock.now, status: 1, offerId: m.offer.id, affiliateId: m.affiliate.id, country: 'PL', sub2: 's2' });
    const first = await get(m.key, `click_id=${id}&status=pending`);
    expect(first.statusCode).toBe(200);
    await setSetting(db, 'rawClicksRetentionDays', 30);
    t.clock.advance(40 * 86_400);
    try {
      await keepRawPartitions({ database: t.database, now: () => t.clock.now });
      expect(await db.select().from(clicks).where(eq(clicks.id, id))).toHaveLength(0);
      const later = await get(m.key, `click_id=${id}&status=deposit`);
      expect(later.statusCode).toBe(200);
      expect(later.json().conversionId).toBe(first.json().conversionId);
      const [conv] = await db.select().from(conversions).where(eq(conversions.clickId, id));
      expect(conv).toMatchObject({ status: 3, leadId: null, affiliateId: m.affiliate.id, clickData: { country: 'PL', sub2: 's2' } });
      // another integration's key, or a click never seen, is still an unknown click
      const other = await t.make.advertiser({ verticalId: m.vertical.id });
      await db
        .update(integrations)
        .set({ postbackEnabled: true, leadStatusMappings: MAPPINGS })
        .where(eq(integrations.id, other.integration.id));
      expect((await get(other.integration.postbackKey, `click_id=${id}&status=deposit`)).statusCode).toBe(404);
      // a click id of a dropped day that no conversion knows says the click is older than the retention; one of a day
      // still kept is unknown
      const dropped = uuidv7At(t.clock.now.getTime() - 50 * 86_400_000);
      const old = await get(m.key, `click_id=${dropped}&status=deposit`);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ status: 'error', message: `The click ${dropped} is older than the 30 days raw clicks are kept` });
      const recent = uuidv7At(t.clock.now.getTime() - 3_600_000);
      const unknown = await get(m.key, `click_id=${recent}&status=deposit`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 'error', message: `Unknown click ${recent}` });
    } finally {
      t.clock.advance(-40 * 86_400);
      await setSetting(db, 'rawClicksRetentionDays', 90);
    }
  });

  it('takes a click id: a click without a lead gets its own conversion', async () => {
    const m = await market();
    const id = uuidv7At(t.clock.now.getTime()); // a click's id holds its time (its partition)
    await db
      .insert(clicks)
      .values({ id, createdAt: t.clock.now, status: 1, offerId: m.offer.id, affiliateId: m.affiliate.id, country: 'PL' });
    const res = await get(m.key, `click_id=${id}&status=deposit`);
    expect(res.statusCode).toBe(200);
    const [conv] = await db.select().from(conversions).where(eq(conversions.clickId, id));
    expect(conv).toMatchObject({ id: res.json().conversionId, leadId: null, status: 3, affiliateId: m.affiliate.id });
  });

  it("refuses a click of an offer the key's integration does not serve like an unknown click, logged for that advertiser", async () => {
    const m = await market();
    const other = await t.make.advertiser({ verticalId: m.vertical.id });
    await db
      .update(integrations)
      .set({ postbackEnabled: true, leadStatusMappings: MAPPINGS })
      .where(eq(integrations.id, other.integration.id));
    const id = uuidv7At(t.clock.now.getTime()); // a click's id holds its time (its partition)
    await db
      .insert(clicks)
      .values({ id, createdAt: t.clock.now, status: 1, offerId: m.offer.id, affiliateId: m.affiliate.id, country: 'PL' });
    const res = await get(other.integration.postbackKey, `click_id=${id}&status=deposit`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: `Unknown click ${id}` });
    expect(await db.select().from(conversions).where(eq(conversions.clickId, id))).toHaveLength(0);
    expect(await lastLog()).toMatchObject({
      success: false,
      responseStatus: 404,
      advertiserId: other.id,
      integrationId: other.integration.id,
    });
    // the offer's own target still converts it
    expect((await get(m.key, `click_id=${id}&status=deposit`)).statusCode).toBe(200);
    // a lead sent to the first advertiser is not the second one's either
    const byLead = await get(other.integration.postbackKey, `lead_id=${m.lead.id}&status=deposit`);
    expect(byLead.statusCode).toBe(404);
    expect(await conversionsOf(m.lead.id)).toHaveLength(0);
  });

  it('refuses an unknown key, a bad address, a wrong secure code, an unknown lead, status or goal and bad amounts with 4xx, logged, nothing written', async () => {
    const m = await market({ postback: { ipAllowList: ['10.1.0.0/16'], secureCode: 'S3cret' } });
    const cases: [string, string | undefined, number, RegExp][] = [
      ['nope-key', undefined, 404, /Unknown postback key/],
      [`${m.key}?lead_id=${m.lead.id}&secure_code=S3cret`, '192.168.1.1', 403, /may not send postbacks/],
      [`${m.key}?lead_id=${m.lead.id}&secure_code=wrong`, '10.1.2.3', 403, /Wrong secure code/],
      [`${m.key}?lead_id=999999999&secure_code=S3cret`, '10.1.2.3', 404, /Unknown lead/],
      [`${m.key}?click_id=not-a-uuid&secure_code=S3cret`, '10.1.2.3', 404, /Unknown click/],
      [`${m.key}?secure_code=S3cret`, '10.1.2.3', 400, /names no lead/],
      [`${m.key}?lead_id=${m.lead.id}&status=weird&secure_code=S3cret`, '10.1.2.3', 422, /Unknown status weird/],
      [`${m.key}?lead_id=${m.lead.id}&goal=Nope&secure_code=S3cret`, '10.1.2.3', 422, /Unknown goal/],
      [`${m.key}?lead_id=${m.lead.id}&payout=1e9&secure_code=S3cret`, '10.1.2.3', 400, /decimal number/],
      [`${m.key}?lead_id=${m.lead.id}&payout=5&currency=QQQ&secure_code=S3cret`, '10.1.2.3', 422, /Unknown currency QQQ/],
    ];
    for (const [path, ip, code, message] of cases) {
      const [key, query = ''] = path.split('?');
      const res = await get(key, query, ip);
      expect(res.statusCode, path).toBe(code);
      expect(res.json()).toEqual({ status: 'error', message: expect.stringMatching(message) });
      expect(await lastLog()).toMatchObject({ success: false, responseStatus: code });
    }
    expect(await conversionsOf(m.lead.id)).toHaveLength(0);
    expect(await leadOf(m.lead.id)).toMatchObject({ status: 'sent', leadGrade: null });
    const ok = await get(m.key, `lead_id=${m.lead.id}&status=deposit&secure_code=S3cret`, '10.1.9.9');
    expect(ok.statusCode).toBe(200);
    const logs = await db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.type, 'postback_in'), eq(systemLogs.advertiserId, m.advertiser.id)));
    expect(logs.length).toBe(cases.length);
    expect(logs.at(-1)!.data).toMatchObject({ method: 'GET', ip: '10.1.9.9', query: { lead_id: String(m.lead.id), secure_code: '***' } });
    expect(JSON.stringify(logs.map((l) => l.data))).not.toContain('S3cret');
  });

  it('refuses a NUL character with a 400 (logged without it) and takes a lone surrogate as U+FFFD', async () => {
    const m = await market();
    const nul = await get(m.key, `lead_id=${m.lead.id}&status=pending&sub=a%00b`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL/);
    expect(await lastLog()).toMatchObject({
      success: false,
      responseStatus: 400,
      data: expect.objectContaining({ query: expect.objectContaining({ sub: 'ab' }) }),
    });
    const lone = await get(m.key, `lead_id=${m.lead.id}&status=pending&sub=a%ED%B0%80b`);
    expect(lone.statusCode).toBe(200);
    const json = await t.request({
      method: 'POST',
      url: `/postback/${m.key}`,
      payload: { lead_id: String(m.lead.id), status: 'pending', note: 'x\udc00y' },
    });
    expect(json.statusCode).toBe(200);
    expect(await conversionsOf(m.lead.id)).toHaveLength(1);
  });

  it('refuses a key whose integration does not take postbacks', async () => {
    const m = await market();
    await db.update(integrations).set({ postbackEnabled: false }).where(eq(integrations.id, m.advertiser.integration.id));
    const res = await get(m.key, `lead_id=${m.lead.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Postbacks are not enabled for this integration');
  });
});

/** another sent lead of the market's offer, advertiser and affiliate */
async function anotherLead(m: Awaited<ReturnType<typeof market>>) {
  const [lead] = await db
    .insert(leads)
    .values({ ...m.lead, id: undefined, advertiserLeadId: `ADV-${Math.random().toString(36).slice(2, 10)}`, createdAt: t.clock.now })
    .returning();
  return lead;
}

/** waits until the change feed has reported the writes committed so far (direct SQL writes notify after the commit) */
async function feedSettled() {
  const feed = t.app.services.tracking.feed;
  for (let v = -1; v !== feed.version;) {
    v = feed.version;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('inbound postback: what it keeps in memory follows the changes', () => {
  it('prices the next postback with the payment rule, rate and integration changed through the API', async () => {
    const m = await market({ rule: { payoutCurrency: 'EUR' } });
    // a fresh token: earlier tests moved the clock on
    const { token: admin } = await t.signIn(t.admin.email, t.admin.password);
    const [eur] = await db.select().from(currencies).where(eq(currencies.code, 'EUR'));
    const first = (await get(m.key, `lead_id=${m.lead.id}&status=pending`)).json();
    const [c1] = await conversionsOf(m.lead.id);
    expect(c1).toMatchObject({ id: first.conversionId, payout: '30.00000000', payoutCurrency: 'EUR' });
    expect(normalizeDecimal(c1.basePayout)).toBe(convert('30', eur.rate, '1'));

    // the payment rule
    const ruleRes = await t.request({
      method: 'PATCH',
      url: '/api/v1/payment-rules',
      as: admin,
      payload: { items: [{ id: m.rule.id, payoutValue: '35' }] },
    });
    expect(ruleRes.statusCode).toBe(200);
    const lead2 = await anotherLead(m);
    await get(m.key, `lead_id=${lead2.id}&status=pending`);
    const [c2] = await conversionsOf(lead2.id);
    expect(c2.payout).toBe('35.00000000');
    expect(normalizeDecimal(c2.basePayout)).toBe(convert('35', eur.rate, '1'));

    // the rate of the payout currency
    const rateRes = await t.request({
      method: 'PATCH',
      url: '/api/v1/currencies',
      as: admin,
      payload: { items: [{ id: eur.id, rate: eur.rate === '0.25000000' ? '0.2' : '0.25' }] },
    });
    expect(rateRes.statusCode).toBe(200);
    const [eurNow] = await db.select().from(currencies).where(eq(currencies.code, 'EUR'));
    const lead3 = await anotherLead(m);
    await get(m.key, `lead_id=${lead3.id}&status=pending`);
    const [c3] = await conversionsOf(lead3.id);
    expect(normalizeDecimal(c3.basePayout)).toBe(convert('35', eurNow.rate, '1'));
    expect(c3.basePayout).not.toBe(c2.basePayout);

    // the integration
    const intRes = await t.request({
      method: 'PATCH',
      url: '/api/v1/integrations',
      as: admin,
      payload: { items: [{ id: m.advertiser.integration.id, postbackEnabled: false }] },
    });
    expect(intRes.statusCode).toBe(200);
    const lead4 = await anotherLead(m);
    const refused = await get(m.key, `lead_id=${lead4.id}&status=pending`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Postbacks are not enabled for this integration');
  });

  it('follows a payment rule and an affiliate postback written by another process (change feed)', async () => {
    const m = await market();
    await get(m.key, `lead_id=${m.lead.id}&status=pending`);
    expect((await conversionsOf(m.lead.id))[0].payout).toBe('30.00000000');
    await db.update(paymentRules).set({ payoutValue: '12' }).where(eq(paymentRules.id, m.rule.id));
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: m.affiliate.id,
        method: 'GET',
        url: 'https://aff.example/pb?c={conversion_id}',
        events: ['conversion_pending'],
        status: 'active',
      })
      .returning();
    await feedSettled();
    const lead2 = await anotherLead(m);
    const { conversionId } = (await get(m.key, `lead_id=${lead2.id}&status=pending`)).json();
    expect((await conversionsOf(lead2.id))[0].payout).toBe('12.00000000');
    const jobs = await queuedDeliveries(t, { postbackId: pb.id });
    expect(jobs.map((j) => (j.data as { conversionId: number }).conversionId)).toEqual([conversionId]);
  });
});

describe('inbound postback: the same postback twice at the same time', () => {
  it('makes one conversion, with or without an event id, and logs each', async () => {
    const m = await market();
    const [a, b] = await Promise.all([
      get(m.key, `lead_id=${m.lead.id}&status=pending&event_id=SAME`),
      get(m.key, `lead_id=${m.lead.id}&status=pending&event_id=SAME`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().conversionId).toBe(a.json().conversionId);
    // six at once: the first two take the two batches in flight, the four of one lead share the next one, where the
    // later three wait their turn (the first makes the conversion, they find it)
    const [lead2, lead3, lead4] = [await anotherLead(m), await anotherLead(m), await anotherLead(m)];
    const answers = await Promise.all([
      get(m.key, `lead_id=${lead3.id}&status=pending`),
      get(m.key, `lead_id=${lead4.id}&status=pending`),
      ...Array.from({ length: 4 }, () => get(m.key, `lead_id=${lead2.id}&status=deposit`)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.slice(2).map((r) => r.json().conversionId)).size).toBe(1);
    expect(await conversionsOf(m.lead.id)).toHaveLength(1);
    expect(await conversionsOf(lead2.id)).toHaveLength(1);
    expect(await conversionsOf(lead3.id)).toHaveLength(1);
    expect(await conversionsOf(lead4.id)).toHaveLength(1);
    expect((await leadOf(lead2.id)).leadGrade).toBe('ftd');
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead2.id))).toHaveLength(1);
    const logs = await db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.type, 'postback_in'), eq(systemLogs.advertiserId, m.advertiser.id)));
    expect(logs.filter((l) => l.success)).toHaveLength(8);
  });
});

describe('inbound postback: a batch of different postbacks', () => {
  it('writes each: a new payout alone keeps the status time and auto-approval, a refusal is only logged, a new goal is its own conversion', async () => {
    const m = await market();
    const first = (await get(m.key, `lead_id=${m.lead.id}&status=pending&goal=Deposit&payout=10`)).json();
    const [before] = await conversionsOf(m.lead.id);
    t.clock.advance(3600);
    const [lead2, lead3] = [await anotherLead(m), await anotherLead(m)];
    const answers = await Promise.all([
      get(m.key, `lead_id=${lead2.id}&status=deposit`),
      get(m.key, `lead_id=${lead3.id}&status=nosuchstatus`),
      get(m.key, `lead_id=${m.lead.id}&status=pending&goal=Deposit&payout=20`),
      get(m.key, `lead_id=${m.lead.id}&status=pending&goal=Registration`),
      get(m.key, `lead_id=${lead3.id}&status=pending&goal=Deposit`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 422, 200, 200, 200]);
    expect(answers[2].json().conversionId).toBe(first.conversionId);
    const list = await conversionsOf(m.lead.id);
    expect(list.map((c) => c.goalId)).toEqual([m.vertical.goals[1].id, m.vertical.goals[0].id]);
    expect(list[0]).toMatchObject({
      id: first.conversionId,
      status: 1,
      originalRevenue: '20.00000000',
      statusChangedAt: before.statusChangedAt,
      autoApproveAt: before.autoApproveAt,
      updatedAt: t.clock.now,
    });
    expect(await conversionsOf(lead2.id)).toMatchObject([{ status: 3, goalId: m.offer.goalId ?? null }]);
    expect(await conversionsOf(lead3.id)).toMatchObject([{ status: 1, goalId: m.vertical.goals[1].id }]);
    const logs = await db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.type, 'postback_in'), eq(systemLogs.advertiserId, m.advertiser.id)));
    expect(logs).toHaveLength(6);
    expect(logs.filter((l) => !l.success)).toMatchObject([{ responseStatus: 422, msg: expect.stringContaining('nosuchstatus') }]);
  });
});

describe('auto-approve job', () => {
  it('approves pending conversions once their autoApproveAt has passed, leaves the others, fires conversion_approved', async () => {
    const m = await market();
    const [pb] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: m.affiliate.id,
        method: 'GET',
        url: 'https://aff.example/pb?s={status}',
        events: ['conversion_approved'],
        status: 'active',
      })
      .returning();
    const due = (await get(m.key, `lead_id=${m.lead.id}&status=pending&event_id=A1`)).json().conversionId;
    const other = await market({ rule: { autoApprovePeriod: 48 } });
    const later = (await get(other.key, `lead_id=${other.lead.id}&status=pending&event_id=A2`)).json().conversionId;
    // the cron's job is sent by hand: the test queue runs no scheduler
    const statusOf = async (id: number) => (await db.select().from(conversions).where(eq(conversions.id, id)))[0];
    t.clock.advance(24 * 3600 - 60);
    await t.queue.send(CONVERSION_AUTO_APPROVE_JOB, {});
    await t.queue.runDue(CONVERSION_AUTO_APPROVE_JOB, { ignoreStartAfter: true });
    expect((await statusOf(due)).status).toBe(1);
    t.clock.advance(61);
    await t.queue.send(CONVERSION_AUTO_APPROVE_JOB, {});
    await t.queue.runDue(CONVERSION_AUTO_APPROVE_JOB, { ignoreStartAfter: true });
    expect(await statusOf(due)).toMatchObject({ status: 3, autoApproveAt: null, statusChangedAt: t.clock.now });
    expect((await statusOf(later)).status).toBe(1);
    const jobs = await queuedDeliveries(t, { postbackId: pb.id });
    expect(jobs.map((j) => (j.data as { event: string; conversionId: number }).conversionId)).toEqual([due]);
    t.clock.advance(24 * 3600);
    await t.queue.send(CONVERSION_AUTO_APPROVE_JOB, {});
    await t.queue.runDue(CONVERSION_AUTO_APPROVE_JOB, { ignoreStartAfter: true });
    expect((await statusOf(later)).status).toBe(3);
  });
});

describe('postback helpers', () => {
  it('matches addresses and CIDR blocks, v4, v6 and v4-mapped', () => {
    expect(ipAllowed('1.2.3.4', [])).toBe(true);
    expect(ipAllowed('10.0.5.1', ['10.0.0.0/16'])).toBe(true);
    expect(ipAllowed('::ffff:10.0.5.1', ['10.0.0.0/16'])).toBe(true);
    expect(ipAllowed('10.1.5.1', ['10.0.0.0/16', '1.1.1.1'])).toBe(false);
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('garbage', ['10.0.0.0/8'])).toBe(false);
  });
  it('flattens query and body (the body wins, objects ignored)', () => {
    expect(postbackParams({ a: '1', b: ['2', '3'] }, { a: 9, c: { x: 1 } })).toEqual({ a: '9', b: '2' });
    // a parameter name configured as `constructor` (or `toString` …) reads only what the postback sent
    const p = postbackParams({ status: 'x' }, JSON.parse('{"__proto__": "y"}'));
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) expect(p[name], name).toBeUndefined();
    expect(p.__proto__).toBe('y');
  });
});
