import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  advertisers,
  auditLog,
  landers,
  landersApi,
  landersApiLanguages,
  offerAdvertisers,
  offerAffiliates,
  offerTeams,
} from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { GUARD_MESSAGE } from './landers.service';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/landers';

const put = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (items: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const get = (path: string, as: TestUser = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const locs = (res: { json(): { errors?: { loc: unknown[] }[] } }) => (res.json().errors ?? []).map((e) => e.loc.join('.')).sort();

/** an offer in a vertical with an advertiser of that vertical */
async function world(offer: Record<string, unknown> = {}) {
  const vertical = await t.make.vertical();
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  const o = await t.make.offer({ verticalId: vertical.id, ...offer });
  return { vertical, advertiser, offer: o };
}
async function created(item: Record<string, unknown>) {
  const res = await put([item]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as { id: number; status: string; targetUrl: string; language: string | null };
}

describe('landers: create and validation', () => {
  it('creates a lander with an advertiser of the offer vertical, parameters, language and a landings-only sieve', async () => {
    const w = await world();
    const res = await put([
      {
        offerId: w.offer.id,
        title: 'Main page',
        targetUrl: 'https://brand.test/lp?click={click_id}&s={sub1}&o={offer_id}',
        previewUrl: 'https://brand.test/preview',
        pageType: 'prelanding',
        advertiserId: w.advertiser.id,
        weight: 250,
        additionalParameters: [{ name: 'aff', value: '{affiliate_id}' }],
        language: 'UA',
        sieve: { countries: ['de'], advertiserIds: [w.advertiser.id], landerIds: [5] },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Lander created',
      data: {
        items: [
          {
            offerId: w.offer.id,
            title: 'Main page',
            pageType: 'prelanding',
            advertiser: { id: w.advertiser.id, title: w.advertiser.title, status: 'active' },
            weight: 250,
            additionalParameters: [{ name: 'aff', value: '{affiliate_id}' }],
            language: 'uk',
            status: 'active',
            landerApiLanguage: null,
            createdBy: { id: t.admin.id },
            // keys the landings sieve does not use are stored empty
            sieve: { countries: ['DE'], advertiserIds: [], landerIds: [], schedule: null },
          },
        ],
      },
    });
    const id = res.json().data.items[0].id;
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.some((a) => a.entity === 'lander' && a.action === 'create')).toBe(true);
  });

  it('reports a bad URL, an unknown macro (named), duplicate parameter names, a weight out of range and a missing offer', async () => {
    const w = await world();
    const shape = await put([
      { offerId: w.offer.id, title: 'A', targetUrl: 'brand.test/lp' },
      {
        offerId: w.offer.id,
        title: 'B',
        targetUrl: 'https://b.test',
        additionalParameters: [
          { name: 'x', value: '1' },
          { name: 'x', value: '2' },
        ],
      },
      { offerId: w.offer.id, title: 'C', targetUrl: 'https://c.test', weight: 1001 },
      { offerId: w.offer.id, title: 'D', targetUrl: '' },
    ]);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'url', loc: ['body', 'items', 0, 'targetUrl'] }),
        expect.objectContaining({ msg: 'unique', loc: ['body', 'items', 1, 'additionalParameters', 1, 'name'] }),
        expect.objectContaining({ msg: 'minMax', loc: ['body', 'items', 2, 'weight'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 3, 'targetUrl'] }),
      ]),
    );

    const macro = await put([{ offerId: w.offer.id, title: 'M', targetUrl: 'https://brand.test/?c={clickid}' }]);
    expect(macro.statusCode).toBe(400);
    expect(macro.json()).toMatchObject({
      message: 'Unknown macro {clickid} in the target URL',
      errors: [{ msg: 'pattern', type: 'macro', loc: ['body', 'items', 0, 'targetUrl'] }],
    });
    // staff-only and lead-time macros are not click macros
    const revenue = await put([{ offerId: w.offer.id, title: 'R', targetUrl: 'https://brand.test/?r={revenue}' }]);
    expect(revenue.json().message).toBe('Unknown macro {revenue} in the target URL');
    const param = await put([
      { offerId: w.offer.id, title: 'P', targetUrl: 'https://brand.test/', additionalParameters: [{ name: 'l', value: '{lead_id}' }] },
    ]);
    expect(param.json()).toMatchObject({
      message: 'Unknown macro {lead_id} in the parameter l',
      errors: [{ loc: ['body', 'items', 0, 'additionalParameters', 0, 'value'] }],
    });

    const missing = await put([{ offerId: 999999, title: 'Ghost', targetUrl: 'https://g.test', advertiserId: 999998 }]);
    expect(locs(missing)).toEqual(['body.items.0.advertiserId', 'body.items.0.offerId']);
    expect(await db.select().from(landers).where(eq(landers.offerId, w.offer.id))).toEqual([]);
  });

  it('takes an advertiser of the offer vertical or one targeted by the offer, and refuses another', async () => {
    const w = await world();
    const otherVertical = await t.make.vertical();
    const foreign = await t.make.advertiser({ verticalId: otherVertical.id });
    const refused = await put([{ offerId: w.offer.id, title: 'Foreign', targetUrl: 'https://f.test', advertiserId: foreign.id }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "The advertiser neither receives this offer's leads nor works in the offer's vertical",
      errors: [{ msg: 'pattern', type: 'advertiser_vertical', loc: ['body', 'items', 0, 'advertiserId'] }],
    });
    await db.insert(offerAdvertisers).values({ offerId: w.offer.id, advertiserId: foreign.id, integrationId: foreign.integration.id });
    const targeted = await put([{ offerId: w.offer.id, title: 'Targeted', targetUrl: 'https://f.test', advertiserId: foreign.id }]);
    expect(targeted.statusCode, targeted.body).toBe(200);
    // the same check on edit
    const l = await created({ offerId: w.offer.id, title: 'Edit adv', targetUrl: 'https://e.test' });
    const other = await t.make.advertiser({ verticalId: otherVertical.id });
    expect((await patch([{ id: l.id, advertiserId: other.id }])).json().errors[0]).toMatchObject({
      type: 'advertiser_vertical',
      loc: ['body', 'items', 0, 'advertiserId'],
    });
  });

  it('copies the language and the URLs of a landing API language version', async () => {
    const w = await world();
    const [api] = await db
      .insert(landersApi)
      .values({ title: `API page ${w.offer.id}`, verticalId: w.vertical.id })
      .returning();
    const [es] = await db
      .insert(landersApiLanguages)
      .values({
        landerApiId: api.id,
        language: 'es',
        targetUrl: 'https://api.test/es?c={click_id}',
        previewUrl: 'https://api.test/es/preview',
      })
      .returning();
    const [off] = await db
      .insert(landersApiLanguages)
      .values({ landerApiId: api.id, language: 'fr', targetUrl: 'https://api.test/fr', status: 'inactive' })
      .returning();
    const res = await put([{ offerId: w.offer.id, title: 'From API', landerApiLanguageId: es.id, language: 'de' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({
      targetUrl: 'https://api.test/es?c={click_id}',
      previewUrl: 'https://api.test/es/preview',
      language: 'es',
      landerApiLanguage: { id: es.id, language: 'es', landerApi: { id: api.id, title: api.title } },
    });
    // an own URL wins over the version's
    const own = await created({ offerId: w.offer.id, title: 'Own URL', landerApiLanguageId: es.id, targetUrl: 'https://own.test/' });
    expect(own).toMatchObject({ targetUrl: 'https://own.test/', language: 'es' });
    const inactive = await put([{ offerId: w.offer.id, title: 'Inactive', landerApiLanguageId: off.id }]);
    expect(inactive.json().errors[0]).toMatchObject({ type: 'inactive', loc: ['body', 'items', 0, 'landerApiLanguageId'] });
    const otherVertical = await t.make.offer();
    const foreign = await put([{ offerId: otherVertical.id, title: 'Foreign API', landerApiLanguageId: es.id }]);
    expect(foreign.json().errors[0]).toMatchObject({ type: 'vertical', loc: ['body', 'items', 0, 'landerApiLanguageId'] });
  });
});

describe('landers: edit, bulk edit, sieve, status guard', () => {
  it('edits one lander and many at once, and sets one sieve on several', async () => {
    const w = await world();
    const a = await created({ offerId: w.offer.id, title: 'Bulk A', targetUrl: 'https://a.test' });
    const b = await created({ offerId: w.offer.id, title: 'Bulk B', targetUrl: 'https://b.test' });
    const one = await patch([{ id: a.id, title: 'Bulk A2', targetUrl: 'https://a2.test/?s={sub2}', pageType: 'prelanding' }]);
    expect(one.json()).toMatchObject({
      message: 'Lander saved',
      data: { items: [{ title: 'Bulk A2', targetUrl: 'https://a2.test/?s={sub2}' }] },
    });
    const bulk = await patch([
      { id: a.id, weight: 0, status: 'inactive', advertiserId: w.advertiser.id },
      { id: b.id, weight: 900, status: 'inactive', advertiserId: w.advertiser.id },
    ]);
    expect(bulk.json()).toMatchObject({
      message: '2 landers saved',
      data: {
        items: [
          { id: a.id, weight: 0, status: 'inactive' },
          { id: b.id, weight: 900, advertiser: { id: w.advertiser.id } },
        ],
      },
    });
    const sieve = await t.request({
      method: 'POST',
      url: `${url}/edit_sieve`,
      as: t.admin,
      payload: { data: { ids: [a.id, b.id], sieve: { countries: ['US'], languages: ['en'], teamIds: [1], advertiserIds: [3] } } },
    });
    expect(sieve.statusCode, sieve.body).toBe(200);
    expect(sieve.json().data.items.map((x: { sieve: unknown }) => x.sieve)).toEqual([
      expect.objectContaining({ countries: ['US'], languages: ['en'], teamIds: [1], advertiserIds: [] }),
      expect.objectContaining({ countries: ['US'], languages: ['en'], teamIds: [1], advertiserIds: [] }),
    ]);
    const badSieve = await t.request({
      method: 'POST',
      url: `${url}/edit_sieve`,
      as: t.admin,
      payload: { data: { ids: [a.id], sieve: { countries: ['XX'] } } },
    });
    expect(badSieve.json().errors[0].loc).toEqual(['body', 'data', 'sieve', 'countries', 0]);
    const ghost = await t.request({
      method: 'POST',
      url: `${url}/edit_sieve`,
      as: t.admin,
      payload: { data: { ids: [a.id, 999999], sieve: {} } },
    });
    expect(ghost.statusCode).toBe(404);
    expect((await patch([{ id: 999999, title: 'x' }])).statusCode).toBe(404);
    expect((await patch([{ id: a.id, targetUrl: '' }])).json().errors[0].loc).toEqual(['body', 'items', 0, 'targetUrl']);
  });

  it('refuses to activate a landing while its advertiser is blocked (409), and nothing is written', async () => {
    const w = await world();
    const l = await created({
      offerId: w.offer.id,
      title: 'Guarded',
      targetUrl: 'https://g.test',
      advertiserId: w.advertiser.id,
      status: 'inactive',
    });
    const free = await created({ offerId: w.offer.id, title: 'No advertiser', targetUrl: 'https://n.test', status: 'inactive' });
    await db.update(advertisers).set({ status: 'blocked' }).where(eq(advertisers.id, w.advertiser.id));

    const res = await status([
      { id: free.id, status: 'active' },
      { id: l.id, status: 'active' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: GUARD_MESSAGE,
      errors: [{ type: 'advertiser_inactive', loc: ['body', 'items', 1, 'status'] }],
    });
    expect(GUARD_MESSAGE).toBe('A landing cannot be activated while its advertiser is inactive');
    const rows = await db.select({ id: landers.id, status: landers.status }).from(landers).where(eq(landers.offerId, w.offer.id));
    expect(rows.every((r) => r.status === 'inactive')).toBe(true);

    expect((await patch([{ id: l.id, status: 'active' }])).statusCode).toBe(409);
    expect(
      (await put([{ offerId: w.offer.id, title: 'New active', targetUrl: 'https://x.test', advertiserId: w.advertiser.id }])).statusCode,
    ).toBe(409);
    // an active lander moved onto a blocked advertiser is an activation for that advertiser too
    const active = await created({ offerId: w.offer.id, title: 'Active', targetUrl: 'https://a.test' });
    expect((await patch([{ id: active.id, advertiserId: w.advertiser.id }])).statusCode).toBe(409);
    // inactive landers may still be created and edited for it; deactivating is always allowed
    expect(
      (
        await put([
          { offerId: w.offer.id, title: 'Parked', targetUrl: 'https://p.test', advertiserId: w.advertiser.id, status: 'inactive' },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await patch([{ id: l.id, weight: 5 }])).statusCode).toBe(200);

    await db.update(advertisers).set({ status: 'active' }).where(eq(advertisers.id, w.advertiser.id));
    const ok = await status([{ id: l.id, status: 'active' }]);
    expect(ok.json()).toMatchObject({
      message: 'Lander status changed',
      data: { items: [{ id: l.id, status: 'active', statusChangedAt: expect.any(Number) }] },
    });
    // once active, a blocked advertiser does not stop unrelated edits
    await db.update(advertisers).set({ status: 'blocked' }).where(eq(advertisers.id, w.advertiser.id));
    expect((await patch([{ id: l.id, title: 'Guarded renamed' }])).statusCode).toBe(200);
    expect((await status([{ id: l.id, status: 'inactive' }])).statusCode).toBe(200);
    expect((await status([{ id: l.id, status: 'paused' }])).json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });
});

describe('landers: lists and look-ups', () => {
  it('lists the landers of an offer with filters, paging and meta; offerId is required', async () => {
    const w = await world();
    await created({ offerId: w.offer.id, title: 'List EN', targetUrl: 'https://en.test', language: 'en', advertiserId: w.advertiser.id });
    await created({ offerId: w.offer.id, title: 'List DE', targetUrl: 'https://de.test', language: 'de', status: 'inactive' });
    const all = await get(`?offerId=${w.offer.id}&withMeta=1&orderBy=title:asc`);
    expect(all.json().data).toMatchObject({ items: [{ title: 'List DE' }, { title: 'List EN' }], meta: { totalCount: 2 } });
    expect((await get(`?offerId=${w.offer.id}&status=active`)).json().data.items.map((x: { title: string }) => x.title)).toEqual([
      'List EN',
    ]);
    expect((await get(`?offerId=${w.offer.id}&language=de`)).json().data.items.map((x: { title: string }) => x.title)).toEqual(['List DE']);
    expect((await get(`?offerId=${w.offer.id}&advertiserId=${w.advertiser.id}`)).json().data.items).toHaveLength(1);
    expect((await get(`?offerId=${w.offer.id}&search=de`)).json().data.items).toHaveLength(1);
    expect(locs(await get(''))).toEqual(['querystring.offerId']);
    expect(locs(await get(`?offerId=${w.offer.id}&orderBy=secret:asc`))).toEqual(['querystring.orderBy']);
    expect(locs(await get(`?offerId=${w.offer.id}&language=xx`))).toEqual(['querystring.language.0']);
    expect((await get(`?offerId=999999`)).statusCode).toBe(404);
    const lookup = await get(`/filters?offerId=${w.offer.id}&search=list`);
    expect(lookup.json().data.items).toEqual([
      expect.objectContaining({ title: 'List DE', offerId: w.offer.id, status: 'inactive' }),
      expect.objectContaining({ title: 'List EN', language: 'en' }),
    ]);
  });
});

describe('landers: affiliates and permissions', () => {
  it('shows an affiliate the active landers of visible offers only, without advertiser, URL or sieve', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const teammate = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [teammate.id] });
    const pub = await world();
    const shown = await created({
      offerId: pub.offer.id,
      title: 'Public LP',
      targetUrl: 'https://pub.test',
      advertiserId: pub.advertiser.id,
      previewUrl: 'https://pub.test/p',
    });
    await created({ offerId: pub.offer.id, title: 'Public off', targetUrl: 'https://off.test', status: 'inactive' });
    const other = await created({
      offerId: pub.offer.id,
      title: 'Only for others',
      targetUrl: 'https://o.test',
      sieve: { affiliateIds: [teammate.id] },
    });

    const list = await get(`?offerId=${pub.offer.id}`, affiliate);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items).toEqual([
      {
        id: shown.id,
        offerId: pub.offer.id,
        title: 'Public LP',
        pageType: 'landing',
        previewUrl: 'https://pub.test/p',
        language: null,
        status: 'active',
      },
    ]);
    expect((await get(`/${shown.id}`, affiliate)).json().data.items[0]).not.toHaveProperty('advertiser');
    expect((await get(`/${other.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/${other.id}`, teammate)).statusCode).toBe(200);
    expect((await get(`?offerId=${pub.offer.id}&advertiserId=${pub.advertiser.id}`, affiliate)).statusCode).toBe(403);

    // a private offer is invisible until assigned, directly or through the team
    const priv = await world({ accessType: 3 });
    const hidden = await created({ offerId: priv.offer.id, title: 'Private LP', targetUrl: 'https://priv.test' });
    expect((await get(`?offerId=${priv.offer.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/${hidden.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/campaign-info?offerId=${priv.offer.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/filters?search=Private LP`, affiliate)).json().data.items).toEqual([]);
    await db.insert(offerAffiliates).values({ offerId: priv.offer.id, affiliateId: affiliate.id });
    expect((await get(`?offerId=${priv.offer.id}`, affiliate)).json().data.items).toHaveLength(1);
    expect((await get(`?offerId=${priv.offer.id}`, teammate)).statusCode).toBe(404);
    await db.insert(offerTeams).values({ offerId: priv.offer.id, teamId: team.id });
    expect((await get(`?offerId=${priv.offer.id}`, teammate)).json().data.items).toHaveLength(1);

    // campaign info: the affiliate's own, or staff for an affiliate
    const info = await get(`/campaign-info?offerId=${pub.offer.id}`, affiliate);
    expect(info.json().data.items).toEqual([
      { id: shown.id, title: 'Public LP', previewUrl: 'https://pub.test/p', language: null, pageType: 'landing' },
    ]);
    const forTeammate = await get(`/campaign-info?offerId=${pub.offer.id}&affiliateId=${teammate.id}`);
    expect(
      forTeammate
        .json()
        .data.items.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([shown.id, other.id].sort());
    expect((await get(`/campaign-info?offerId=${pub.offer.id}`)).json().data.items).toHaveLength(2);
    expect(locs(await get(`/campaign-info?offerId=${pub.offer.id}&affiliateId=${t.admin.id}`))).toEqual(['querystring.affiliateId']);
    expect(locs(await get(`/campaign-info?offerId=${pub.offer.id}&affiliateId=${teammate.id}`, affiliate))).toEqual([
      'querystring.affiliateId',
    ]);

    // an inactive offer hides its landers
    const inactive = await world({ status: 'inactive' });
    await created({ offerId: inactive.offer.id, title: 'Sleeping', targetUrl: 'https://s.test' });
    expect((await get(`?offerId=${inactive.offer.id}`, affiliate)).statusCode).toBe(404);
  });

  it('needs offer.update to write and the offers read permission to read', async () => {
    const w = await world();
    const l = await created({ offerId: w.offer.id, title: 'Perm', targetUrl: 'https://perm.test' });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    const nobody = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read'] });
    const member = await t.make.user({ type: 'advertiser_member', permissions: ['front.menu.offers.read'] });
    for (const as of [affiliate, reader]) {
      expect((await put([{ offerId: w.offer.id, title: 'X', targetUrl: 'https://x.test' }], as)).statusCode).toBe(403);
      expect((await patch([{ id: l.id, title: 'X' }], as)).statusCode).toBe(403);
      expect((await status([{ id: l.id, status: 'inactive' }], as)).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'POST', url: `${url}/edit_sieve`, as, payload: { data: { ids: [l.id], sieve: {} } } })).statusCode,
      ).toBe(403);
    }
    expect((await get(`?offerId=${w.offer.id}`, reader)).json().data.items[0]).toHaveProperty('targetUrl');
    expect((await get(`?offerId=${w.offer.id}`, nobody)).statusCode).toBe(403);
    expect((await get(`?offerId=${w.offer.id}`, member)).statusCode).toBe(403);
  });
});
