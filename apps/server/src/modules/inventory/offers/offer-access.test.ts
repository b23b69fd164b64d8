import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { campaigns } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

let n = 0;
const request = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, as: TestUser | null = t.admin) =>
  t.request({ method, url: `/api/v1${url}`, as, payload });
const ids = (res: { json(): unknown }) => (res.json() as { data: { items: { id: number }[] } }).data.items.map((x) => x.id);

async function campaign(offerId: number, affiliateId: number, status = 'active') {
  const [row] = await db
    .insert(campaigns)
    .values({ key: `acc${++n}${Date.now()}`, title: `Campaign ${n}`, offerId, affiliateId, status })
    .returning();
  return row;
}
const statusOf = async (id: number) => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0].status;

describe('offers: GET /offers/for-campaign (the campaign form offer picker)', () => {
  async function scene() {
    const v = await t.make.vertical();
    const title = `Picker ${++n}`;
    const pub = await t.make.offer({ verticalId: v.id, title: `${title} public`, accessType: 1 });
    const priv = await t.make.offer({ verticalId: v.id, title: `${title} private`, accessType: 3 });
    const viaTeam = await t.make.offer({ verticalId: v.id, title: `${title} team`, accessType: 3 });
    const inactive = await t.make.offer({ verticalId: v.id, title: `${title} inactive`, accessType: 1, status: 'inactive' });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [affiliate.id] });
    expect((await request('POST', `/offers/${priv.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id }] })).statusCode).toBe(200);
    expect((await request('POST', `/offers/${viaTeam.id}/edit_teams`, { data: [{ teamId: team.id }] })).statusCode).toBe(200);
    return { title, pub, priv, viaTeam, inactive, affiliate, other };
  }

  it('staff get the active offers the chosen affiliate has access to (public, assigned, through its team), by search and ids', async () => {
    const { title, pub, priv, viaTeam, affiliate, other } = await scene();
    const forAffiliate = await request('GET', `/offers/for-campaign?affiliateId=${affiliate.id}&search=${encodeURIComponent(title)}`);
    expect(forAffiliate.statusCode, forAffiliate.body).toBe(200);
    expect(ids(forAffiliate).sort()).toEqual([pub.id, priv.id, viaTeam.id].sort());
    expect(forAffiliate.json().data.items[0]).toEqual({ id: expect.any(Number), title: expect.any(String), status: 'active' });
    expect(ids(await request('GET', `/offers/for-campaign?affiliateId=${other.id}&search=${encodeURIComponent(title)}`))).toEqual([pub.id]);
    expect(ids(await request('GET', `/offers/for-campaign?affiliateId=${other.id}&ids=${priv.id},${pub.id}`))).toEqual([pub.id]);
    expect(ids(await request('GET', `/offers/for-campaign?affiliateId=${affiliate.id}&search=${priv.id}`))).toEqual([priv.id]);

    // a manager reaches only the affiliates it manages
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await request('GET', `/offers/for-campaign?affiliateId=${affiliate.id}`, undefined, manager)).statusCode).toBe(404);
  });

  it('an affiliate asks for itself only (403 for another affiliate); a staff user without the offers or campaigns permission gets 403', async () => {
    const { title, pub, priv, viaTeam, affiliate, other } = await scene();
    const own = await request(
      'GET',
      `/offers/for-campaign?affiliateId=${affiliate.id}&search=${encodeURIComponent(title)}`,
      undefined,
      affiliate,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(ids(own).sort()).toEqual([pub.id, priv.id, viaTeam.id].sort());
    const foreign = await request('GET', `/offers/for-campaign?affiliateId=${affiliate.id}`, undefined, other);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].loc).toEqual(['querystring', 'affiliateId']);
    const bare = await t.make.user({ type: 'employee', permissions: [] });
    expect((await request('GET', `/offers/for-campaign?affiliateId=${affiliate.id}`, undefined, bare)).statusCode).toBe(403);
    expect((await request('GET', `/offers/for-campaign?affiliateId=${affiliate.id}`, undefined, null)).statusCode).toBe(401);
  });

  it('answers 400 without a valid affiliate id or with a bad limit, 404 for a user who is not an affiliate', async () => {
    for (const q of ['', '?affiliateId=abc', '?affiliateId=-1', '?affiliateId=1&limit=0']) {
      const res = await request('GET', `/offers/for-campaign${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: expect.any(String),
        errors: [expect.objectContaining({ loc: expect.any(Array) })],
      });
    }
    expect((await request('GET', '/offers/for-campaign?affiliateId=1&limit=0')).json().errors[0].loc).toEqual(['querystring', 'limit']);
    const res = await request('GET', `/offers/for-campaign?affiliateId=${t.admin.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].loc).toEqual(['querystring', 'affiliateId']);
  });
});

describe('offers: team membership changes bring campaigns in line with offer access', () => {
  async function scene() {
    const v = await t.make.vertical();
    const offer = await t.make.offer({ verticalId: v.id, accessType: 3 });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [affiliate.id] });
    expect((await request('POST', `/offers/${offer.id}/edit_teams`, { data: [{ teamId: team.id }] })).statusCode).toBe(200);
    const c = await campaign(offer.id, affiliate.id);
    const paused = await campaign(offer.id, affiliate.id, 'inactive');
    return { offer, affiliate, team, c, paused };
  }

  it('leaving the team revokes the campaign of the team-assigned private offer; joining again restores it', async () => {
    const { affiliate, team, c, paused } = await scene();
    const removed = await request('DELETE', `/teams/${team.id}/members`, { data: [affiliate.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await statusOf(c.id)).toBe('offer_revoked');
    expect(await statusOf(paused.id)).toBe('inactive');
    const added = await request('POST', `/teams/${team.id}/members`, { items: [{ userId: affiliate.id }] });
    expect(added.statusCode, added.body).toBe(200);
    expect(await statusOf(c.id)).toBe('active');
  });

  it('a member made inactive, the team deactivated, or the affiliate moved out of the team by its edit: revoked, and back', async () => {
    const { affiliate, team, c } = await scene();
    await request('PATCH', `/teams/${team.id}/members`, { items: [{ userId: affiliate.id, status: 'inactive' }] });
    expect(await statusOf(c.id)).toBe('offer_revoked');
    await request('PATCH', `/teams/${team.id}/members`, { items: [{ userId: affiliate.id, status: 'active' }] });
    expect(await statusOf(c.id)).toBe('active');

    await request('POST', '/teams/change_status', { items: [{ id: team.id, status: 'inactive' }] });
    expect(await statusOf(c.id)).toBe('offer_revoked');
    await request('POST', '/teams/change_status', { items: [{ id: team.id, status: 'active' }] });
    expect(await statusOf(c.id)).toBe('active');

    const out = await request('PATCH', '/affiliates', { items: [{ id: affiliate.id, teamId: null }] });
    expect(out.statusCode, out.body).toBe(200);
    expect(await statusOf(c.id)).toBe('offer_revoked');
    const back = await request('PATCH', '/affiliates', { items: [{ id: affiliate.id, teamId: team.id }] });
    expect(back.statusCode, back.body).toBe(200);
    expect(await statusOf(c.id)).toBe('active');
  });

  it('a refused membership change leaves the campaign as it was', async () => {
    const { affiliate, team, c } = await scene();
    const res = await request('DELETE', `/teams/${team.id}/members`, { data: [affiliate.id, 999999] });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(c.id)).toBe('active');
  });
});
