/** The offer look-ups of product §7: special and receiving-traffic offers (docs/decisions/engine.md "Onboarding and look-ups"). */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { caps, clicks, leads, offerAffiliates, paymentRules, userManagers } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
const DAY = 86_400_000;

const get = (url: string, as = t.admin) => t.request({ method: 'GET', url: `/api/v1${url}`, as });
const ids = (res: Awaited<ReturnType<typeof get>>) => (res.json().data.items as { id: number }[]).map((x) => x.id);

describe('GET /offers/special', () => {
  it('lists the offers the affiliate sees with an active payment rule or cap naming it or its team', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [affiliate.id] });
    const v = await t.make.vertical();
    const byRule = await t.make.offer({ verticalId: v.id, title: 'Special A by rule' });
    const byTeamCap = await t.make.offer({ verticalId: v.id, title: 'Special B by team cap' });
    const forOther = await t.make.offer({ verticalId: v.id, title: 'Special C for another' });
    const inactiveRule = await t.make.offer({ verticalId: v.id, title: 'Special D inactive rule' });
    const privateOne = await t.make.offer({ verticalId: v.id, title: 'Special E private', accessType: 3 });
    await db.insert(paymentRules).values([
      { offerId: byRule.id, sieve: { affiliateIds: [affiliate.id] } },
      { offerId: byRule.id, sieve: {} },
      { offerId: forOther.id, sieve: { affiliateIds: [other.id] } },
      { offerId: inactiveRule.id, sieve: { affiliateIds: [affiliate.id] }, status: 'inactive' },
      { offerId: privateOne.id, sieve: { affiliateIds: [affiliate.id] } },
    ]);
    await db.insert(caps).values({ offerId: byTeamCap.id, value: '10', sieve: { teamIds: [team.id] } });

    const res = await get(`/offers/special?affiliateId=${affiliate.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      { id: byRule.id, title: 'Special A by rule', status: 'active', paymentRules: 1, caps: 0 },
      { id: byTeamCap.id, title: 'Special B by team cap', status: 'active', paymentRules: 0, caps: 1 },
    ]);
    // a private offer counts once the affiliate has access to it
    await db.insert(offerAffiliates).values({ offerId: privateOne.id, affiliateId: affiliate.id });
    expect(ids(await get(`/offers/special?affiliateId=${affiliate.id}&search=special`))).toEqual([byRule.id, byTeamCap.id, privateOne.id]);
    // the affiliate asks about itself
    expect(ids(await get(`/offers/special?affiliateId=${affiliate.id}&search=by%20team`, affiliate))).toEqual([byTeamCap.id]);
    expect(ids(await get(`/offers/special?affiliateId=${other.id}`))).toEqual([forOther.id]);
  });

  it('validates the query; an affiliate asks only about itself, a manager only about its affiliates', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const missing = await get('/offers/special');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].loc).toEqual(['querystring', 'affiliateId']);
    expect((await get(`/offers/special?affiliateId=${affiliate.id}&limit=0`)).statusCode).toBe(400);
    const foreign = await get(`/offers/special?affiliateId=${other.id}`, affiliate);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].loc).toEqual(['querystring', 'affiliateId']);
    const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['front.menu.offers.read', 'affiliate.assigned.read'] });
    await db.insert(userManagers).values({ userId: affiliate.id, managerId: manager.id });
    expect((await get(`/offers/special?affiliateId=${affiliate.id}`, manager)).statusCode).toBe(200);
    expect((await get(`/offers/special?affiliateId=${other.id}`, manager)).statusCode).toBe(404);
    // not an affiliate at all
    expect((await get(`/offers/special?affiliateId=${manager.id}`)).statusCode).toBe(404);
    const noOffers = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await get(`/offers/special?affiliateId=${affiliate.id}`, noOffers)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/v1/offers/special?affiliateId=${affiliate.id}` })).statusCode).toBe(401);
  });
});

describe('GET /offers/receiving-traffic', () => {
  it('lists the offers with a valid click or a lead (not a test) in the window, newest traffic first', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const v = await t.make.vertical();
    const offer = (title: string) => t.make.offer({ verticalId: v.id, title });
    const [byClick, byLead, invalidOnly, testOnly, old, byOther] = [
      await offer('Traffic A click'),
      await offer('Traffic B lead'),
      await offer('Traffic C invalid click'),
      await offer('Traffic D test lead'),
      await offer('Traffic E old'),
      await offer('Traffic F other affiliate'),
    ];
    const now = t.clock.now.getTime();
    const click = (offerId: number, affiliateId: number, agoDays: number, status = 1) =>
      db.insert(clicks).values({ id: randomUUID(), offerId, affiliateId, status, createdAt: new Date(now - agoDays * DAY) });
    const lead = (offerId: number, affiliateId: number, agoDays: number, isTest = false) =>
      db.insert(leads).values({
        offerId,
        affiliateId,
        verticalId: v.id,
        status: isTest ? 'test' : 'sent',
        isTest,
        createdAt: new Date(now - agoDays * DAY),
      });
    await click(byClick.id, affiliate.id, 2);
    await lead(byLead.id, affiliate.id, 1);
    await click(invalidOnly.id, affiliate.id, 1, 2);
    await lead(testOnly.id, affiliate.id, 1, true);
    await click(old.id, affiliate.id, 20);
    await lead(byOther.id, other.id, 3);

    const res = await get(`/offers/receiving-traffic?search=traffic`);
    expect(res.statusCode).toBe(200);
    const sec = (agoDays: number) => Math.floor((now - agoDays * DAY) / 1000);
    expect(res.json().data.items).toEqual([
      { id: byLead.id, title: 'Traffic B lead', status: 'active', lastClickAt: null, lastLeadAt: sec(1) },
      { id: byClick.id, title: 'Traffic A click', status: 'active', lastClickAt: sec(2), lastLeadAt: null },
      { id: byOther.id, title: 'Traffic F other affiliate', status: 'active', lastClickAt: null, lastLeadAt: sec(3) },
    ]);
    expect(ids(await get(`/offers/receiving-traffic?search=traffic&days=30`))).toEqual([byLead.id, byClick.id, byOther.id, old.id]);
    expect(ids(await get(`/offers/receiving-traffic?search=traffic&affiliateId=${other.id}`))).toEqual([byOther.id]);
    // an affiliate sees its own traffic only, without naming itself
    expect(ids(await get(`/offers/receiving-traffic?search=traffic`, affiliate))).toEqual([byLead.id, byClick.id]);
    // a manager with the assigned scope counts the traffic of its affiliates only
    const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['front.menu.offers.read', 'affiliate.assigned.read'] });
    await db.insert(userManagers).values({ userId: other.id, managerId: manager.id });
    expect(ids(await get(`/offers/receiving-traffic?search=traffic`, manager))).toEqual([byOther.id]);
    expect((await get(`/offers/receiving-traffic?affiliateId=${affiliate.id}`, manager)).statusCode).toBe(404);
  });

  it('validates days and limit; an affiliate cannot ask about another; needs the offers permission', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    for (const q of ['days=0', 'days=91', 'days=x', 'limit=0']) {
      const res = await get(`/offers/receiving-traffic?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, errors: [{ loc: ['querystring', q.split('=')[0]] }] });
    }
    expect((await get(`/offers/receiving-traffic?affiliateId=${other.id}`, affiliate)).statusCode).toBe(403);
    const noOffers = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await get('/offers/receiving-traffic', noOffers)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/offers/receiving-traffic' })).statusCode).toBe(401);
  });
});
