import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  campaigns,
  domains,
  landers,
  offerAffiliates,
  offers,
  offerTeams,
  offerTrafficSources,
  postbacks,
  trafficSources,
  userManagers,
  users,
} from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { trackingUrl } from './campaigns.service';

const t = await useApp({ PUBLIC_URL: 'https://go.leadgrid.test/' });
const db = t.database.db;
const url = '/api/v1/campaigns';
const SUBS = 'sub1={sub1}&sub2={sub2}&sub3={sub3}&sub4={sub4}&sub5={sub5}&sub6={sub6}&sub7={sub7}&sub8={sub8}&sub9={sub9}';

type View = {
  id: number;
  key: string;
  title: string;
  status: string;
  blockReason: string | null;
  trackingUrl: string;
  landers: { id: number }[];
  postbacks: { id: number }[];
  countries: string[];
  targetUrlSettings: Record<string, unknown>;
  notices?: { type: string; message: string }[];
};
type Err = { statusCode: number; message: string; errors?: { msg: string; type: string; loc: (string | number)[] }[] };

const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser, items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const cloneOf = (as: TestUser, ids: number[]) =>
  t.request({ method: 'POST', url: `${url}/clone`, as, payload: { items: ids.map((id) => ({ id })) } });
const get = (as: TestUser, path = '') => t.request({ method: 'GET', url: `${url}${path}`, as });
const locs = (body: Err) => (body.errors ?? []).map((e) => e.loc.join('.'));

async function create(as: TestUser, item: Record<string, unknown>): Promise<View> {
  const res = await put(as, [item]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0];
}

// ---------------------------------------------------------------- world

const vertical = await t.make.vertical();
const offer = await t.make.offer({ verticalId: vertical.id, geos: ['DE', 'FR'], integrationMethod: 'api' });
const otherOffer = await t.make.offer({ verticalId: vertical.id });
const privateOffer = await t.make.offer({ verticalId: vertical.id, accessType: 3 });
const teamOffer = await t.make.offer({ verticalId: vertical.id, accessType: 3 });
const lander = await t.make.lander({ offerId: offer.id });
const lander2 = await t.make.lander({ offerId: offer.id });
const inactiveLander = await t.make.lander({ offerId: offer.id, status: 'inactive' });
const foreignLander = await t.make.lander({ offerId: otherOffer.id });

const a = await t.make.user({ type: 'affiliate' });
const b = await t.make.user({ type: 'affiliate' });
const c = await t.make.user({ type: 'affiliate' });
const teamOfB = await t.make.team({ members: [b.id] });
await db.insert(offerTeams).values({ offerId: teamOffer.id, teamId: teamOfB.id });
const manager = await t.make.user({ type: 'affiliate_manager' });
await db.insert(userManagers).values({ userId: a.id, managerId: manager.id });

const [track] = await db.insert(domains).values({ host: 'trk.example.test', type: 'track' }).returning();
const [postbackHost] = await db.insert(domains).values({ host: 'pb.example.test', type: 'postback' }).returning();
const [source] = await db.insert(trafficSources).values({ title: 'Push' }).returning();
const [inactiveSource] = await db.insert(trafficSources).values({ title: 'Pop', status: 'inactive' }).returning();
const postbackOf = async (affiliateId: number) =>
  (
    await db
      .insert(postbacks)
      .values({ scope: 'affiliate', affiliateId, title: `pb ${affiliateId}`, url: 'https://pb.test/?c={click_id}' })
      .returning()
  )[0];
const pbA = await postbackOf(a.id);
const pbC = await postbackOf(c.id);

// ---------------------------------------------------------------- tests

describe('campaigns: create', () => {
  it('creates an affiliate’s own campaign with a key and its tracking URL on the main host', async () => {
    const res = await put(a, [
      {
        title: '  Push DE  ',
        offerId: offer.id,
        countries: ['de'],
        landerIds: [lander.id],
        trafficSourceId: source.id,
        postbackIds: [pbA.id],
        targetUrlSettings: { mode: 'landers', passSubs: true, params: [{ name: 'src', value: '{sub1}' }] },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Campaign created');
    const v = body.data.items[0];
    expect(v).toMatchObject({
      title: 'Push DE',
      status: 'active',
      affiliate: { id: a.id },
      offer: { id: offer.id, status: 'active' },
      integrationMethod: 'api',
      countries: ['DE'],
      domain: null,
      landers: [{ id: lander.id, status: 'active' }],
      trafficSource: { id: source.id, title: 'Push' },
      postbacks: [{ id: pbA.id }],
      targetUrlSettings: { mode: 'landers', url: null, passSubs: true, passQuery: false, params: [{ name: 'src', value: '{sub1}' }] },
      autocreated: false,
      createdBy: { id: a.id },
      notices: [],
    });
    expect(v.key).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(v.trackingUrl).toBe(`https://go.leadgrid.test/c/${v.key}?${SUBS}`);
    expect(v).toMatchObject({ leadCount: 0, conversionCounts: { day: 0, week: 0, month: 0 } });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, v.id));
    expect(audit).toMatchObject({ entity: 'campaign', action: 'create', userId: a.id });
  });

  it('puts a parked tracking domain in the tracking URL', async () => {
    const v = await create(a, { title: 'Parked', offerId: offer.id, domainId: track.id });
    expect(v.trackingUrl).toBe(`https://trk.example.test/c/${v.key}?${SUBS}`);
    const again = await patch(a, [{ id: v.id, domainId: null }]);
    expect(again.json().data.items[0].trackingUrl).toBe(`https://go.leadgrid.test/c/${v.key}?${SUBS}`);
  });

  it('gives every campaign its own key', async () => {
    const res = await put(
      a,
      Array.from({ length: 5 }, (_, i) => ({ title: `Many ${i}`, offerId: offer.id })),
    );
    expect(res.json().message).toBe('5 campaigns created');
    expect(new Set(res.json().data.items.map((x: View) => x.key)).size).toBe(5);
  });

  it('refuses an offer the affiliate cannot see with 403 on offerId, and nothing is written', async () => {
    const before = (await db.select().from(campaigns)).length;
    for (const offerId of [privateOffer.id, 999999]) {
      const res = await put(a, [
        { title: 'ok', offerId: offer.id },
        { title: 'no', offerId },
      ]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'You have no access to this offer',
        errors: [{ loc: ['body', 'items', 1, 'offerId'], type: 'no_offer_access' }],
      });
    }
    await db.update(offers).set({ status: 'inactive' }).where(eq(offers.id, otherOffer.id));
    expect((await put(a, [{ title: 'paused', offerId: otherOffer.id }])).statusCode).toBe(403);
    await db.update(offers).set({ status: 'active' }).where(eq(offers.id, otherOffer.id));
    expect((await db.select().from(campaigns)).length).toBe(before);
  });

  it('sees private offers assigned to the affiliate or to their team', async () => {
    expect((await put(b, [{ title: 'team', offerId: teamOffer.id }])).statusCode).toBe(200);
    expect((await put(a, [{ title: 'team', offerId: teamOffer.id }])).statusCode).toBe(403);
    await db.insert(offerAffiliates).values({ offerId: privateOffer.id, affiliateId: c.id });
    expect((await put(c, [{ title: 'assigned', offerId: privateOffer.id }])).statusCode).toBe(200);
  });

  it('reports each bad reference and offer rule at its place', async () => {
    const res = await put(a, [
      {
        title: 'Bad',
        offerId: offer.id,
        integrationMethod: 'redirect',
        countries: ['DE', 'US'],
        domainId: postbackHost.id,
        landerIds: [foreignLander.id, inactiveLander.id, 999999],
        trafficSourceId: inactiveSource.id,
        postbackIds: [pbC.id],
      },
    ]);
    expect(res.statusCode).toBe(400);
    const body: Err = res.json();
    expect(locs(body).sort()).toEqual(
      [
        'body.items.0.integrationMethod',
        'body.items.0.countries.1',
        'body.items.0.domainId',
        'body.items.0.landerIds.0',
        'body.items.0.landerIds.1',
        'body.items.0.landerIds.2',
        'body.items.0.trafficSourceId',
        'body.items.0.postbackIds.0',
      ].sort(),
    );
    expect(body.errors!.find((e) => e.loc.join('.') === 'body.items.0.countries.1')!.msg).toContain('US');
    expect(body.errors!.find((e) => e.loc.join('.') === 'body.items.0.landerIds.0')!.msg).toBe('The lander belongs to another offer');
    expect(body.errors!.find((e) => e.loc.join('.') === 'body.items.0.postbackIds.0')!.msg).toBe('Choose one of your own postbacks');
  });

  it('refuses a traffic source the offer does not take', async () => {
    const [other] = await db.insert(trafficSources).values({ title: 'Native' }).returning();
    await db.insert(offerTrafficSources).values({ offerId: otherOffer.id, trafficSourceId: source.id });
    const res = await put(a, [{ title: 'ts', offerId: otherOffer.id, trafficSourceId: other.id }]);
    expect(res.json().errors[0]).toMatchObject({
      loc: ['body', 'items', 0, 'trafficSourceId'],
      msg: 'The offer does not accept this traffic source',
    });
    expect((await put(a, [{ title: 'ts', offerId: otherOffer.id, trafficSourceId: source.id }])).statusCode).toBe(200);
  });

  it('refuses a lander whose sieve leaves the affiliate out', async () => {
    const only = await t.make.lander({ offerId: offer.id, sieve: { affiliateIds: [c.id] } });
    const res = await put(a, [{ title: 'sieve', offerId: offer.id, landerIds: [only.id] }]);
    expect(res.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'landerIds', 0], type: 'sieve' });
  });

  it('checks the target URL settings', async () => {
    const noUrl = await put(a, [{ title: 'u', offerId: offer.id, targetUrlSettings: { mode: 'url' } }]);
    expect(noUrl.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items', 0, 'targetUrlSettings', 'url'] });
    const notHttp = await put(a, [{ title: 'u', offerId: offer.id, targetUrlSettings: { mode: 'url', url: 'javascript:alert(1)' } }]);
    expect(notHttp.json().errors[0]).toMatchObject({ msg: 'url', loc: ['body', 'items', 0, 'targetUrlSettings', 'url'] });
    const macro = await put(a, [{ title: 'u', offerId: offer.id, targetUrlSettings: { mode: 'url', url: 'https://x.test/?p={payout}' } }]);
    expect(macro.json().errors[0]).toMatchObject({ msg: 'pattern', loc: ['body', 'items', 0, 'targetUrlSettings', 'url'] });
    const ok = await create(a, {
      title: 'u',
      offerId: offer.id,
      targetUrlSettings: { mode: 'url', url: 'https://pre.test/?c={click_id}&s={sub2}' },
    });
    expect(ok.targetUrlSettings).toMatchObject({ mode: 'url', url: 'https://pre.test/?c={click_id}&s={sub2}' });
  });

  it('lets an affiliate create only for themselves', async () => {
    const res = await put(a, [{ title: 'x', offerId: offer.id, affiliateId: c.id }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'affiliateId'] });
    expect((await put(a, [{ title: 'x', offerId: offer.id, affiliateId: a.id }])).statusCode).toBe(200);
  });

  it('makes staff name an affiliate user with access to the offer', async () => {
    const missing = await put(t.admin, [{ title: 'x', offerId: offer.id }]);
    expect(missing.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items', 0, 'affiliateId'] });
    const notAffiliate = await put(t.admin, [{ title: 'x', offerId: offer.id, affiliateId: manager.id }]);
    expect(notAffiliate.json().errors[0]).toMatchObject({ type: 'exists', loc: ['body', 'items', 0, 'affiliateId'] });
    const noOffer = await put(t.admin, [{ title: 'x', offerId: 999999, affiliateId: a.id }]);
    expect(noOffer.statusCode).toBe(400);
    const noAccess = await put(t.admin, [{ title: 'x', offerId: teamOffer.id, affiliateId: a.id }]);
    expect(noAccess.statusCode).toBe(403);
    expect(noAccess.json().message).toBe('The affiliate has no access to this offer');
    const v = await create(t.admin, { title: 'by staff', offerId: teamOffer.id, affiliateId: b.id });
    expect(v).toMatchObject({ affiliate: { id: b.id }, team: { id: teamOfB.id } });
  });

  it('keeps assigned managers to their affiliates', async () => {
    expect((await put(manager, [{ title: 'm', offerId: offer.id, affiliateId: a.id }])).statusCode).toBe(200);
    const res = await put(manager, [{ title: 'm', offerId: offer.id, affiliateId: c.id }]);
    expect(res.json().errors[0]).toMatchObject({ type: 'exists', loc: ['body', 'items', 0, 'affiliateId'] });
  });

  it('saves a traffic-blocked affiliate’s campaign with a notice worded for who asked', async () => {
    const d = await t.make.user({ type: 'affiliate' });
    await db.update(users).set({ trafficBlocked: true }).where(eq(users.id, d.id));
    const own = await create(d, { title: 'blocked', offerId: offer.id });
    expect(own.notices).toEqual([{ type: 'traffic_blocked_affiliate', message: expect.stringContaining('Your traffic is blocked') }]);
    const staff = await create(t.admin, { title: 'blocked', offerId: offer.id, affiliateId: d.id });
    expect(staff.notices).toEqual([
      { type: 'traffic_blocked_admin', message: expect.stringContaining("The affiliate's traffic is blocked") },
    ]);
    const e = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [e.id], trafficBlocked: true, title: 'Red team' });
    const byTeam = await create(e, { title: 'team blocked', offerId: offer.id });
    expect(byTeam.notices![0]).toMatchObject({ type: 'traffic_blocked_affiliate', message: expect.stringContaining(team.title) });
  });

  it('needs campaign.update', async () => {
    const reader = await t.make.user({ type: 'affiliate', permissions: ['front.menu.campaigns.read'] });
    expect((await put(reader, [{ title: 'x', offerId: offer.id }])).statusCode).toBe(403);
    expect((await get(reader)).statusCode).toBe(200);
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await get(member)).statusCode).toBe(403);
  });
});

describe('campaigns: read and scope', () => {
  it('lists only the affiliate’s own campaigns and answers 404 for another’s', async () => {
    const mine = await create(c, { title: 'C own', offerId: offer.id });
    const listA = (await get(a, '?limit=1000')).json().data.items as { affiliate: { id: number } }[];
    expect(listA.length).toBeGreaterThan(0);
    expect(listA.every((x) => x.affiliate.id === a.id)).toBe(true);
    expect((await get(a, `/${mine.id}`)).statusCode).toBe(404);
    expect((await patch(a, [{ id: mine.id, title: 'stolen' }])).statusCode).toBe(404);
    expect((await status(a, [{ id: mine.id, status: 'inactive' }])).statusCode).toBe(404);
    expect((await cloneOf(a, [mine.id])).statusCode).toBe(404);
    expect((await get(c, `/${mine.id}`)).json().data.items[0]).toMatchObject({ id: mine.id, notices: [] });
  });

  it('shows assigned managers the campaigns of their affiliates only', async () => {
    const ofA = await create(a, { title: 'A for manager', offerId: offer.id });
    const ofC = await create(c, { title: 'C hidden', offerId: offer.id });
    const items = (await get(manager, '?limit=1000')).json().data.items as { id: number; affiliate: { id: number } }[];
    expect(items.map((x) => x.id)).toContain(ofA.id);
    expect(items.every((x) => x.affiliate.id === a.id)).toBe(true);
    expect((await get(manager, `/${ofC.id}`)).statusCode).toBe(404);
    expect((await get(manager, `/${ofA.id}`)).statusCode).toBe(200);
    const look = (await get(manager, `/filters?ids=${ofA.id},${ofC.id}`)).json().data.items as { id: number }[];
    expect(look.map((x) => x.id)).toEqual([ofA.id]);
  });

  it('filters the list and counts it', async () => {
    const v = await create(b, {
      title: 'Filter me zebra',
      offerId: teamOffer.id,
      domainId: track.id,
      trafficSourceId: source.id,
      countries: [],
    });
    const de = await create(a, { title: 'Only DE', offerId: offer.id, countries: ['DE'] });
    const q = async (query: string) =>
      (await get(t.admin, `?limit=1000&withMeta=1&${query}`)).json().data as { items: { id: number }[]; meta: { totalCount: number } };
    expect(
      (await q(`offerId=${teamOffer.id}&teamId=${teamOfB.id}&domainId=${track.id}&trafficSourceId=${source.id}`)).items.map((x) => x.id),
    ).toContain(v.id);
    expect((await q(`search=zebra`)).items.map((x) => x.id)).toEqual([v.id]);
    expect((await q(`search=${v.key}`)).items.map((x) => x.id)).toEqual([v.id]);
    // a number finds the campaign of that id, and any other whose key or title holds the digits (a random key may)
    const byId = (await q(`search=${v.id}`)).items as { id: number; key: string; title: string }[];
    expect(byId.map((x) => x.id)).toContain(v.id);
    for (const x of byId) if (x.id !== v.id) expect(`${x.key} ${x.title}`).toContain(String(v.id));
    const byCountry = await q('countries=de,it');
    expect(byCountry.items.map((x) => x.id)).toContain(de.id);
    expect(byCountry.items.map((x) => x.id)).not.toContain(v.id);
    expect((await q(`affiliateId=${b.id}`)).meta.totalCount).toBe((await q(`affiliateId=${b.id}`)).items.length);
    expect((await get(t.admin, '?orderBy=nope:asc')).json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    expect((await get(t.admin, '?countries=ZZ')).statusCode).toBe(400);
    expect((await get(t.admin, '?status=gone')).statusCode).toBe(400);
  });

  it('answers the look-ups', async () => {
    const v = await create(a, { title: 'Lookup one', offerId: offer.id });
    await status(a, [{ id: v.id, status: 'inactive' }]);
    const active = (await get(a, '/filters?search=Lookup one')).json().data.items;
    expect(active).toEqual([]);
    const any = (await get(a, '/filters?search=Lookup one&anyStatus=1')).json().data.items;
    expect(any).toEqual([{ id: v.id, title: 'Lookup one', key: v.key, status: 'inactive' }]);
    const lead = (await get(t.admin, `/for-lead-editing?ids=${v.id}`)).json().data.items;
    expect(lead).toEqual([
      {
        id: v.id,
        title: 'Lookup one',
        status: 'inactive',
        affiliate: expect.objectContaining({ id: a.id }),
        offer: { id: offer.id, title: offer.title },
      },
    ]);
    expect((await get(a, '/filters?limit=0')).statusCode).toBe(400);
    const settings = (await get(a, '/target-url-settings')).json().data;
    expect(settings.modes).toEqual(['landers', 'url']);
    expect(settings.macros.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['click_id', 'sub1', 'campaign_id']));
    expect(settings.macros.map((m: { name: string }) => m.name)).not.toContain('revenue');
    expect(settings.defaults).toMatchObject({ mode: 'landers', passSubs: true });
  });
});

describe('campaigns: edit', () => {
  it('edits fields and replaces landers and postbacks', async () => {
    const v = await create(a, { title: 'Edit me', offerId: offer.id, landerIds: [lander.id] });
    const res = await patch(a, [{ id: v.id, title: 'Edited', countries: ['FR'], landerIds: [lander2.id], postbackIds: [pbA.id] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Campaign saved',
      data: { items: [{ title: 'Edited', countries: ['FR'], landers: [{ id: lander2.id }], postbacks: [{ id: pbA.id }], key: v.key }] },
    });
  });

  it('keeps an attached lander that became inactive, but refuses a new inactive one', async () => {
    const l = await t.make.lander({ offerId: offer.id });
    const v = await create(a, { title: 'Keep', offerId: offer.id, landerIds: [l.id] });
    await t.make.lander({ offerId: offer.id });
    await db.update(landers).set({ status: 'inactive' }).where(eq(landers.id, l.id));
    expect((await patch(a, [{ id: v.id, title: 'Keep 2', landerIds: [l.id] }])).statusCode).toBe(200);
    const res = await patch(a, [{ id: v.id, landerIds: [l.id, inactiveLander.id] }]);
    expect(res.json().errors).toEqual([expect.objectContaining({ loc: ['body', 'items', 0, 'landerIds', 1], type: 'status' })]);
  });

  it('never changes the affiliate or the offer', async () => {
    const v = await create(a, { title: 'Fixed', offerId: offer.id });
    expect((await patch(a, [{ id: v.id, offerId: offer.id, affiliateId: a.id, title: 'Same ids' }])).statusCode).toBe(200);
    const res = await patch(t.admin, [{ id: v.id, offerId: otherOffer.id, affiliateId: c.id }]);
    expect(res.statusCode).toBe(422);
    expect(locs(res.json())).toEqual(['body.items.0.affiliateId', 'body.items.0.offerId']);
  });

  it('validates an edit like a create', async () => {
    const v = await create(a, { title: 'Validate', offerId: offer.id });
    const res = await patch(a, [{ id: v.id, countries: ['IT'], postbackIds: [pbC.id], title: '' }]);
    expect(res.statusCode).toBe(400);
    expect(locs(res.json())).toEqual(['body.items.0.title']);
    const refs = await patch(a, [{ id: v.id, countries: ['IT'], postbackIds: [pbC.id] }]);
    expect(locs(refs.json()).sort()).toEqual(['body.items.0.countries.0', 'body.items.0.postbackIds.0']);
  });

  it('tells when the affiliate lost access to the offer', async () => {
    const o = await t.make.offer({ verticalId: vertical.id });
    const v = await create(a, { title: 'Lost', offerId: o.id });
    await db.update(offers).set({ accessType: 3 }).where(eq(offers.id, o.id));
    const res = await patch(a, [{ id: v.id, title: 'Lost 2' }]);
    expect(res.json().data.items[0].notices).toEqual([
      { type: 'no_offer_access', message: expect.stringContaining('You have no access to this offer') },
    ]);
    const staff = await get(t.admin, `/${v.id}`);
    expect(staff.json().data.items[0].notices[0].message).toContain('The affiliate has no access');
  });
});

describe('campaigns: status', () => {
  it('lets affiliates deactivate, activate and delete their own, and deleted is final', async () => {
    const v = await create(a, { title: 'Status', offerId: offer.id });
    const off = await status(a, [{ id: v.id, status: 'inactive' }]);
    expect(off.json()).toMatchObject({
      message: 'Campaign status changed',
      data: { items: [{ status: 'inactive', statusChangedBy: { id: a.id } }] },
    });
    expect((await status(a, [{ id: v.id, status: 'active' }])).json().data.items[0].status).toBe('active');
    expect((await status(a, [{ id: v.id, status: 'deleted' }])).json().message).toBe('Campaign deleted');
    expect((await status(a, [{ id: v.id, status: 'active' }])).statusCode).toBe(422);
    expect((await patch(a, [{ id: v.id, title: 'x' }])).statusCode).toBe(422);
    expect((await cloneOf(a, [v.id])).statusCode).toBe(422);
    const ids = async (q: string) => ((await get(a, `?limit=1000${q}`)).json().data.items as { id: number }[]).map((x) => x.id);
    expect(await ids('')).not.toContain(v.id);
    expect(await ids('&status=deleted')).toContain(v.id);
  });

  it('blocks with campaign.block and a reason; an affiliate cannot lift a block', async () => {
    const v = await create(a, { title: 'Fraud', offerId: offer.id });
    expect((await status(a, [{ id: v.id, status: 'blocked', reason: 'mine' }])).statusCode).toBe(403);
    const noReason = await status(t.admin, [{ id: v.id, status: 'blocked' }]);
    expect(noReason.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items', 0, 'reason'] });
    const blocked = await status(t.admin, [{ id: v.id, status: 'blocked', reason: 'Bot traffic' }]);
    expect(blocked.json()).toMatchObject({
      message: 'Campaign blocked',
      data: { items: [{ status: 'blocked', blockReason: 'Bot traffic' }] },
    });
    for (const s of ['active', 'inactive', 'deleted']) {
      const res = await status(a, [{ id: v.id, status: s }]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('only a manager can unblock it');
    }
    expect((await cloneOf(a, [v.id])).statusCode).toBe(403);
    const editor = await t.make.user({ type: 'employee', permissions: ['front.menu.campaigns.read', 'campaign.update', 'affiliate.read'] });
    expect((await status(editor, [{ id: v.id, status: 'active' }])).statusCode).toBe(403);
    const lifted = await status(manager, [{ id: v.id, status: 'active' }]);
    expect(lifted.json().data.items[0]).toMatchObject({ status: 'active', blockReason: null });
  });

  it('refuses offer_revoked, which only the system sets', async () => {
    const v = await create(a, { title: 'Revoke', offerId: offer.id });
    const res = await status(t.admin, [{ id: v.id, status: 'offer_revoked' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'status'], type: 'system_status' });
  });

  it('refuses a mass change that reaches another affiliate’s campaign, as a whole', async () => {
    const mine = await create(a, { title: 'Mass mine', offerId: offer.id });
    const theirs = await create(c, { title: 'Mass theirs', offerId: offer.id });
    const res = await status(a, [
      { id: mine.id, status: 'inactive' },
      { id: theirs.id, status: 'inactive' },
    ]);
    expect(res.statusCode).toBe(404);
    expect((await get(a, `/${mine.id}`)).json().data.items[0].status).toBe('active');
    const both = await create(a, { title: 'Mass mine 2', offerId: offer.id });
    const ok = await status(a, [
      { id: mine.id, status: 'inactive' },
      { id: both.id, status: 'inactive' },
    ]);
    expect(ok.json().message).toBe('2 campaigns changed status');
  });

  it('activates only with access to the offer', async () => {
    const o = await t.make.offer({ verticalId: vertical.id });
    const v = await create(a, { title: 'Private later', offerId: o.id, status: 'inactive' });
    expect(v.status).toBe('inactive');
    await db.update(offers).set({ accessType: 3 }).where(eq(offers.id, o.id));
    const res = await status(a, [{ id: v.id, status: 'active' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('You have no access to this offer');
    await db.insert(offerAffiliates).values({ offerId: o.id, affiliateId: a.id });
    expect((await status(a, [{ id: v.id, status: 'active' }])).statusCode).toBe(200);
  });
});

describe('campaigns: clone', () => {
  it('copies settings, landers and postbacks under a new key, active, titled (copy)', async () => {
    const v = await create(a, {
      title: 'Original',
      offerId: offer.id,
      landerIds: [lander.id],
      postbackIds: [pbA.id],
      countries: ['FR'],
      domainId: track.id,
    });
    await status(a, [{ id: v.id, status: 'inactive' }]);
    const res = await cloneOf(a, [v.id]);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data.items[0];
    expect(res.json().message).toBe('Campaign cloned');
    expect(copy).toMatchObject({
      title: 'Original (copy)',
      status: 'active',
      countries: ['FR'],
      landers: [{ id: lander.id }],
      postbacks: [{ id: pbA.id }],
      domain: { id: track.id },
    });
    expect(copy.key).not.toBe(v.key);
    expect(copy.trackingUrl).toBe(`https://trk.example.test/c/${copy.key}?${SUBS}`);
  });

  it('keeps a long title within 200 characters', async () => {
    const v = await create(a, { title: 'x'.repeat(200), offerId: offer.id });
    const copy = (await cloneOf(a, [v.id])).json().data.items[0];
    expect(copy.title).toHaveLength(200);
    expect(copy.title.endsWith(' (copy)')).toBe(true);
  });

  it('refuses to clone for an offer the affiliate no longer sees', async () => {
    const o = await t.make.offer({ verticalId: vertical.id });
    const v = await create(a, { title: 'Clone lost', offerId: o.id });
    await db.update(offers).set({ status: 'inactive' }).where(eq(offers.id, o.id));
    const res = await cloneOf(a, [v.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'id'], type: 'no_offer_access' });
  });
});

describe('campaigns: every endpoint refuses bad input and strangers', () => {
  it('answers 400 with the place of the bad value', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/abc', undefined, 'params.id'],
      ['GET', '/for-lead-editing?ids=x', undefined, 'querystring.ids.0'],
      ['GET', '/filters?anyStatus=maybe', undefined, 'querystring.anyStatus'],
      ['PUT', '', { items: [{ offerId: offer.id }] }, 'body.items.0.title'],
      ['PATCH', '', { items: [{ title: 'no id' }] }, 'body.items.0.id'],
      ['POST', '/change_status', { items: [{ id: 1, status: 'paused' }] }, 'body.items.0.status'],
      ['POST', '/clone', { items: [] }, 'body.items'],
    ];
    for (const [method, path, payload, loc] of cases) {
      const res = await t.request({ method: method as 'GET', url: `${url}${path}`, as: a, payload: payload as object });
      expect(res.statusCode, `${method} ${path}`).toBe(400);
      expect(locs(res.json()), `${method} ${path}`).toContain(loc);
    }
  });

  it('refuses advertiser members and anonymous callers on every endpoint', async () => {
    const member = await t.make.user({ type: 'advertiser_member' });
    for (const path of ['', '/1', '/filters', '/for-lead-editing', '/target-url-settings']) {
      expect((await get(member, path)).statusCode, path).toBe(403);
      expect((await t.request({ method: 'GET', url: `${url}${path}` })).statusCode, path).toBe(401);
    }
    expect((await cloneOf(member, [1])).statusCode).toBe(403);
  });

  it('builds the tracking URL on the host the request reached when PUBLIC_URL is unset', async () => {
    expect(trackingUrl('http://localhost:3000/', null, 'abcdefABCDEF')).toBe(`http://localhost:3000/c/abcdefABCDEF?${SUBS}`);
    expect(trackingUrl('http://localhost:3000', 'trk.example.test', 'abcdefABCDEF')).toBe(
      `https://trk.example.test/c/abcdefABCDEF?${SUBS}`,
    );
  });
});
