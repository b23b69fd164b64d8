/** GET /offers/:id/readiness: what an offer still needs before it takes traffic (docs/decisions/engine.md "Onboarding and look-ups"). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { caps, integrations, landers, offerAdvertisers, offerTeams, offers, paymentRules } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

const readiness = async (offerId: number, as = t.admin) => t.request({ method: 'GET', url: `/api/v1/offers/${offerId}/readiness`, as });
const state = async (offerId: number) => {
  const res = await readiness(offerId);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as {
    ready: boolean;
    items: { key: string; ok: boolean; required: boolean; tab: string; count: number | null }[];
  };
  return { ready: data.ready, byKey: Object.fromEntries(data.items.map((i) => [i.key, i])) };
};
const OUT_API = {
  method: 'POST',
  url: 'https://crm.example.com/leads',
  headers: [],
  bodyFormat: 'json',
  fieldMappings: [{ target: 'phone', source: 'lead', value: 'phone' }],
  timeoutMs: 5000,
  response: { successStatuses: [200] },
};

describe('GET /offers/:id/readiness', () => {
  it('lists what a new offer lacks, each linked to its tab, and is ready once the engine could take its traffic', async () => {
    const v = await t.make.vertical();
    const offer = await t.make.offer({ verticalId: v.id, status: 'draft', accessType: 3 });
    let s = await state(offer.id);
    expect(s.ready).toBe(false);
    expect(s.byKey).toEqual({
      status: { key: 'status', ok: false, required: true, tab: 'general', count: null },
      advertiser: { key: 'advertiser', ok: false, required: true, tab: 'targeting', count: 0 },
      integration: { key: 'integration', ok: false, required: true, tab: 'targeting', count: 0 },
      lander: { key: 'lander', ok: false, required: true, tab: 'landings', count: 0 },
      paymentRule: { key: 'paymentRule', ok: false, required: true, tab: 'payment-rules', count: 0 },
      access: { key: 'access', ok: false, required: true, tab: 'affiliates', count: 0 },
      geos: { key: 'geos', ok: false, required: false, tab: 'general', count: 0 },
      caps: { key: 'caps', ok: false, required: false, tab: 'caps', count: 0 },
    });

    // an advertiser target the engine would send to, but whose integration has no outbound settings yet
    const adv = await t.make.advertiser({ verticalId: v.id });
    const [target] = await db
      .insert(offerAdvertisers)
      .values({ offerId: offer.id, advertiserId: adv.id, integrationId: adv.integration.id })
      .returning();
    s = await state(offer.id);
    expect(s.byKey.advertiser).toMatchObject({ ok: true, count: 1 });
    expect(s.byKey.integration).toMatchObject({ ok: false, count: 0 });
    await db.update(integrations).set({ outApi: OUT_API }).where(eq(integrations.id, adv.integration.id));
    expect((await state(offer.id)).byKey.integration).toMatchObject({ ok: true, count: 1 });

    await db.insert(landers).values({ offerId: offer.id, advertiserId: adv.id, title: 'Lander', targetUrl: 'https://lp.example.com' });
    await db.insert(paymentRules).values({ offerId: offer.id });
    const team = await t.make.team();
    await db.insert(offerTeams).values({ offerId: offer.id, teamId: team.id });
    await db.update(offers).set({ status: 'active' }).where(eq(offers.id, offer.id));
    s = await state(offer.id);
    // geos and caps are advice: the offer is ready without them
    expect(s.ready).toBe(true);
    expect(s.byKey.access).toMatchObject({ ok: true, count: 1 });
    expect(s.byKey.geos.ok).toBe(false);
    await db
      .update(offers)
      .set({ geos: ['DE'] })
      .where(eq(offers.id, offer.id));
    await db.insert(caps).values({ offerId: offer.id, value: '100' });
    s = await state(offer.id);
    expect([s.byKey.geos, s.byKey.caps].map((i) => [i.ok, i.count])).toEqual([
      [true, 1],
      [true, 1],
    ]);

    // the engine's refusals come back: an inactive advertiser target, a stopped integration
    await db.update(offerAdvertisers).set({ status: 'inactive' }).where(eq(offerAdvertisers.id, target.id));
    s = await state(offer.id);
    expect(s.ready).toBe(false);
    expect(s.byKey.advertiser).toMatchObject({ ok: false, count: 0 });
    await db.update(offerAdvertisers).set({ status: 'active' }).where(eq(offerAdvertisers.id, target.id));
    await db.update(integrations).set({ outApiEnabled: false }).where(eq(integrations.id, adv.integration.id));
    expect((await state(offer.id)).byKey.advertiser.ok).toBe(false);
  });

  it('a public offer needs no assignment', async () => {
    const offer = await t.make.offer({ accessType: 1 });
    expect((await state(offer.id)).byKey.access).toMatchObject({ ok: true, count: null });
  });

  it('answers 404 for an unknown offer and 400 for a bad id; staff only, with the offers permission', async () => {
    expect((await readiness(999_999)).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/v1/offers/abc/readiness', as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['params', 'id']);
    const offer = await t.make.offer();
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await readiness(offer.id, affiliate)).statusCode).toBe(403);
    const noOffers = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await readiness(offer.id, noOffers)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/v1/offers/${offer.id}/readiness` })).statusCode).toBe(401);
  });
});
