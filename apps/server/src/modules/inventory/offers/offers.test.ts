import { ADVERTISER_REMOVAL_GUARD } from '@leadgrid/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import {
  auditLog,
  campaigns,
  caps,
  categories,
  images,
  integrations,
  landers,
  offerAdvertisers,
  offers,
  paymentModels,
  paymentRules,
  tags,
  trafficSources,
  users,
} from '../../../db/schema';
import { VERTICAL_CHANGE_REFUSED } from './offers.service';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/offers';

let n = 0;
const put = (items: unknown[], as: TestUser | null = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (items: unknown[], as: TestUser | null = t.admin) => t.request({ method: 'PATCH', url, as, payload: { items } });
const get = (path: string, as: TestUser | null = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const post = (path: string, payload: object, as: TestUser | null = t.admin) =>
  t.request({ method: 'POST', url: `${url}${path}`, as, payload });

async function create(item: Record<string, unknown>) {
  const res = await put([item]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; status: string };
}
async function category(title = `Category ${++n}`, status = 'active') {
  return (await db.insert(categories).values({ title, status }).returning())[0];
}
async function source(title = `Source ${++n}`, status = 'active') {
  return (await db.insert(trafficSources).values({ title, status }).returning())[0];
}
async function tag(type = 'offer') {
  return (
    await db
      .insert(tags)
      .values({ title: `Tag ${++n}`, type })
      .returning()
  )[0];
}
async function model(verticalId: number | null = null, status = 'active') {
  return (
    await db
      .insert(paymentModels)
      .values({ code: `M${++n}`, title: `Model ${n}`, verticalId, status })
      .returning()
  )[0];
}
async function image() {
  return (
    await db
      .insert(images)
      .values({ storageKey: `k${++n}`, mimeType: 'image/png', size: 10 })
      .returning()
  )[0];
}
async function campaign(offerId: number, affiliateId: number, status = 'active') {
  return (
    await db
      .insert(campaigns)
      .values({ key: `key${++n}${Date.now()}`, title: `Campaign ${n}`, offerId, affiliateId, status })
      .returning()
  )[0];
}
const campaignStatus = async (id: number) => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0].status;
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: { msg: string; loc: unknown[] }[] }).errors;

describe('offers: create', () => {
  it('creates an offer with every field and answers its relations', async () => {
    const v = await t.make.vertical({ goals: ['Registration', 'Deposit'] });
    const [cat, src, tg, pm, img] = [await category(), await source(), await tag(), await model(v.id), await image()];
    const globalModel = await model(null);
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const res = await put([
      {
        title: '  Loans UK  ',
        description: 'Personal loans',
        imageId: img.id,
        payMethodIds: [pm.id, globalModel.id],
        trafficSourceIds: [src.id],
        categoryIds: [cat.id],
        verticalId: v.id,
        integrationMethod: 'postback',
        tagIds: [tg.id],
        isHot: true,
        accessType: 3,
        managerIds: [manager.id],
        geos: ['gb', 'IE'],
        sessionLifespan: 45,
        sessionLifespanType: 'goal',
        goalId: v.goals[1].id,
        trafficbackUrl: 'https://back.example/tb',
        status: 'active',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Offer created',
      data: {
        items: [
          {
            title: 'Loans UK',
            description: 'Personal loans',
            imageId: img.id,
            imageUrl: `/api/v1/images/${img.id}`,
            status: 'active',
            vertical: { id: v.id, title: v.title },
            integrationMethod: 'postback',
            accessType: 3,
            isHot: true,
            geos: ['GB', 'IE'],
            sessionLifespan: 45,
            sessionLifespanType: 'goal',
            goal: { id: v.goals[1].id, title: 'Deposit' },
            trafficbackUrl: 'https://back.example/tb',
            payMethods: [
              { id: pm.id, code: pm.code },
              { id: globalModel.id, code: globalModel.code },
            ],
            trafficSources: [{ id: src.id, title: src.title }],
            categories: [{ id: cat.id, title: cat.title }],
            tags: [{ id: tg.id, title: tg.title }],
            managers: [{ id: manager.id }],
            createdBy: { id: t.admin.id },
          },
        ],
      },
    });
  });

  it('defaults: a public draft, click lifespan of 30 days, no goal', async () => {
    const v = await t.make.vertical();
    const o = await create({ title: 'Defaults', verticalId: v.id });
    expect(o).toMatchObject({
      status: 'draft',
      accessType: 1,
      isHot: false,
      sessionLifespan: 30,
      sessionLifespanType: 'click',
      goal: null,
      geos: [],
    });
  });

  it('reports each invalid field of the request at its place (400) and writes nothing', async () => {
    const v = await t.make.vertical();
    const res = await put([
      {
        title: ' ',
        verticalId: v.id,
        sessionLifespan: 3651,
        trafficbackUrl: 'ftp://nope',
        geos: ['XX', 'DE', 'de'],
        accessType: 2,
        integrationMethod: 'fax',
        status: 'archived',
        tagIds: [1, 1],
      },
      { title: 'Short lifespan', verticalId: v.id, sessionLifespan: 0 },
    ]);
    expect(res.statusCode).toBe(400);
    const locs = errorsOf(res).map((e) => [e.loc.join('.'), e.msg]);
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body.items.0.title', 'required'],
        ['body.items.0.sessionLifespan', 'minMax'],
        ['body.items.0.trafficbackUrl', 'url'],
        ['body.items.0.geos.0', 'pattern'],
        ['body.items.0.geos.2', 'unique'],
        ['body.items.0.accessType', 'pattern'],
        ['body.items.0.integrationMethod', 'pattern'],
        ['body.items.0.status', 'pattern'],
        ['body.items.0.tagIds', 'unique'],
        ['body.items.1.sessionLifespan', 'minMax'],
      ]),
    );
  });

  it('checks references: goal of the vertical, goal required from goal, pay methods, tags, managers, image and lists', async () => {
    const v = await t.make.vertical();
    const other = await t.make.vertical();
    const affiliate = await t.make.user({ type: 'affiliate' });
    const [foreignModel, advertiserTag] = [await model(other.id), await tag('advertiser')];
    const before = (await db.select().from(offers)).length;
    const res = await put([
      {
        title: 'Bad refs',
        verticalId: v.id,
        goalId: other.goals[0].id,
        payMethodIds: [foreignModel.id, 999999],
        tagIds: [advertiserTag.id],
        managerIds: [affiliate.id],
        imageId: 999999,
        categoryIds: [999999],
        trafficSourceIds: [999999],
      },
      { title: 'Goal lifespan without goal', verticalId: v.id, sessionLifespanType: 'goal' },
      { title: 'No vertical', verticalId: 999999 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).map((e) => [e.loc.join('.'), e.msg])).toEqual(
      expect.arrayContaining([
        ['body.items.0.goalId', 'match'],
        ['body.items.0.payMethodIds.0', 'match'],
        ['body.items.0.payMethodIds.1', 'required'],
        ['body.items.0.tagIds.0', 'required'],
        ['body.items.0.managerIds.0', 'required'],
        ['body.items.0.imageId', 'required'],
        ['body.items.0.categoryIds.0', 'required'],
        ['body.items.0.trafficSourceIds.0', 'required'],
        ['body.items.1.goalId', 'required'],
        ['body.items.2.verticalId', 'required'],
      ]),
    );
    expect((await db.select().from(offers)).length).toBe(before);
  });

  it('needs offer.update to write (403) and a sign-in (401)', async () => {
    const v = await t.make.vertical();
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    expect((await put([{ title: 'No', verticalId: v.id }], reader)).statusCode).toBe(403);
    expect((await patch([{ id: 1, title: 'No' }], reader)).statusCode).toBe(403);
    expect((await post('/change_status', { items: [{ id: 1, status: 'active' }] }, reader)).statusCode).toBe(403);
    expect((await post('/bulk_edit', { data: { ids: [1], isHot: true } }, reader)).statusCode).toBe(403);
    expect((await put([{ title: 'No', verticalId: v.id }], null)).statusCode).toBe(401);
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await put([{ title: 'No', verticalId: v.id }], affiliate)).statusCode).toBe(403);
  });
});

describe('offers: list, detail, look-ups and counts', () => {
  it('filters by status, vertical, advertiser, tags, categories, geos, hot, access, manager and search; hot first by default', async () => {
    const v = await t.make.vertical({ title: `List vertical ${++n}` });
    const adv = await t.make.advertiser({ verticalId: v.id });
    const [cat, tg] = [await category(), await tag()];
    const manager = await t.make.user({ type: 'admin' });
    const cold = await create({ title: 'Cold one', verticalId: v.id, status: 'active', geos: ['DE'], categoryIds: [cat.id] });
    const hot = await create({
      title: 'Hot one',
      verticalId: v.id,
      status: 'active',
      isHot: true,
      tagIds: [tg.id],
      managerIds: [manager.id],
    });
    const world = await create({ title: 'Worldwide draft', verticalId: v.id, accessType: 3 });
    await db.insert(offerAdvertisers).values({ offerId: cold.id, advertiserId: adv.id, integrationId: adv.integration.id });

    const ids = async (q: string) => ((await get(`?verticalId=${v.id}&${q}`)).json().data.items as { id: number }[]).map((x) => x.id);
    expect(await ids('')).toEqual([hot.id, world.id, cold.id]);
    expect(await ids('orderBy=title:asc')).toEqual([cold.id, hot.id, world.id]);
    expect(await ids('status=active')).toEqual([hot.id, cold.id]);
    expect(await ids('status=draft')).toEqual([world.id]);
    expect(await ids(`advertiserId=${adv.id}`)).toEqual([cold.id]);
    expect(await ids(`tagIds=${tg.id}`)).toEqual([hot.id]);
    expect(await ids(`categoryIds=${cat.id}`)).toEqual([cold.id]);
    // an offer without geos accepts every country
    expect(await ids('geos=de')).toEqual([hot.id, world.id, cold.id]);
    expect(await ids('geos=FR')).toEqual([hot.id, world.id]);
    expect(await ids('isHot=1')).toEqual([hot.id]);
    expect(await ids('accessType=3')).toEqual([world.id]);
    expect(await ids(`managerId=${manager.id}`)).toEqual([hot.id]);
    expect(await ids('search=cold')).toEqual([cold.id]);
    expect(await ids(`search=${world.id}`)).toEqual([world.id]);

    const withMeta = (await get(`?verticalId=${v.id}&withMeta=1&limit=1&with=integrations,advertisers,counts`)).json().data;
    expect(withMeta.meta).toEqual({ totalCount: 3 });
    expect(withMeta.items[0]).toMatchObject({ id: hot.id, integrations: [], advertisers: [], counts: { advertisers: 0, landers: 0 } });
    const detail = (await get(`/${cold.id}?with=integrations,advertisers,counts`)).json().data.items[0];
    expect(detail).toMatchObject({
      integrations: [{ id: adv.integration.id, targetStatus: 'active', advertiser: { id: adv.id, title: adv.title } }],
      advertisers: [{ id: adv.id }],
      counts: { advertisers: 1, affiliates: 0, campaigns: 0 },
    });

    const bad = await get('?with=revenue&orderBy=secret:asc');
    expect(bad.statusCode).toBe(400);
    expect((await get('?geos=XX')).statusCode).toBe(400);
    expect((await get(`/${cold.id}?with=revenue`)).statusCode).toBe(400);
    expect((await get('/999999')).statusCode).toBe(404);
  });

  it('the staff views are not for affiliates (403); advertiser members see the offers targeting their advertiser', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await get('', affiliate)).statusCode).toBe(403);
    expect((await get('/1', affiliate)).statusCode).toBe(403);
    expect((await get('/creation-data', affiliate)).statusCode).toBe(403);

    const v = await t.make.vertical();
    const adv = await t.make.advertiser({ verticalId: v.id });
    const theirs = await create({ title: 'Member sees', verticalId: v.id });
    const notTheirs = await create({ title: 'Member does not see', verticalId: v.id });
    await db.insert(offerAdvertisers).values({ offerId: theirs.id, advertiserId: adv.id, integrationId: adv.integration.id });
    const member = await t.make.user({ type: 'advertiser_member', signIn: false });
    await db.update(users).set({ advertiserId: adv.id }).where(eq(users.id, member.id));
    const signed = { ...member, ...(await t.signIn(member.email, member.password)) };
    const items = (await get(`?verticalId=${v.id}`, signed)).json().data.items as { id: number }[];
    expect(items.map((x) => x.id)).toEqual([theirs.id]);
    expect((await get(`/${notTheirs.id}`, signed)).statusCode).toBe(404);
  });

  it('creation data: active verticals with goals, methods, access types, lifespan types, active models, sources, categories', async () => {
    const v = await t.make.vertical({ goals: ['Lead', 'Sale'] });
    const off = await t.make.vertical({ status: 'inactive' });
    const [activeCat, inactiveCat] = [await category(), await category(undefined, 'inactive')];
    const [activeSrc, inactiveSrc] = [await source(), await source(undefined, 'inactive')];
    const [m1, m2] = [await model(v.id), await model(null, 'inactive')];
    const res = await get('/creation-data');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.verticals).toContainEqual({ id: v.id, title: v.title, goals: v.goals.map((g) => ({ id: g.id, title: g.title })) });
    expect(data.verticals.map((x: { id: number }) => x.id)).not.toContain(off.id);
    expect(data.integrationMethods).toEqual(['api', 'postback', 'redirect', 'api_sync']);
    expect(data.accessTypes).toEqual([
      { id: 1, code: 'public' },
      { id: 3, code: 'private' },
    ]);
    expect(data.sessionLifespanTypes).toEqual(['click', 'goal']);
    expect(data.sessionLifespan).toEqual({ min: 1, max: 3650, default: 30 });
    const modelIds = data.paymentModels.map((x: { id: number }) => x.id);
    expect(modelIds).toContain(m1.id);
    expect(modelIds).not.toContain(m2.id);
    expect(data.categories.map((x: { id: number }) => x.id)).toContain(activeCat.id);
    expect(data.categories.map((x: { id: number }) => x.id)).not.toContain(inactiveCat.id);
    expect(data.trafficSources.map((x: { id: number }) => x.id)).toContain(activeSrc.id);
    expect(data.trafficSources.map((x: { id: number }) => x.id)).not.toContain(inactiveSrc.id);
  });

  it('filters look-up by title or id with a limit; staff counts per status under the filters', async () => {
    const v = await t.make.vertical();
    const a = await create({ title: 'Lookup Alpha', verticalId: v.id, status: 'active' });
    await create({ title: 'Lookup Beta', verticalId: v.id });
    await create({ title: 'Lookup Gamma', verticalId: v.id, status: 'inactive' });
    const res = await get('/filters?search=lookup&limit=2');
    expect(res.json().data.items).toEqual([
      { id: a.id, title: 'Lookup Alpha', status: 'active' },
      expect.objectContaining({ title: 'Lookup Beta', status: 'draft' }),
    ]);
    expect((await get(`/filters?search=${a.id}`)).json().data.items).toEqual([{ id: a.id, title: 'Lookup Alpha', status: 'active' }]);
    expect((await get('/filters?search=lookup&status=inactive')).json().data.items).toHaveLength(1);
    expect((await get('/filters?limit=0')).statusCode).toBe(400);
    expect((await get(`/counts?verticalId=${v.id}`)).json().data).toEqual({ all: 3, active: 1, inactive: 1, draft: 1 });
  });
});

describe('offers: edit, bulk edit and status', () => {
  it('edits one or many; a list sent replaces the list; the audit records what changed', async () => {
    const v = await t.make.vertical();
    const [t1, t2] = [await tag(), await tag()];
    const a = await create({ title: 'Edit A', verticalId: v.id, tagIds: [t1.id] });
    const b = await create({ title: 'Edit B', verticalId: v.id });
    const res = await patch([
      { id: a.id, title: 'Edit A2', tagIds: [t2.id], geos: ['fr'] },
      { id: b.id, isHot: true, status: 'active' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 offers saved');
    expect(res.json().data.items).toMatchObject([
      { id: a.id, title: 'Edit A2', tags: [{ id: t2.id }], geos: ['FR'] },
      { id: b.id, isHot: true, status: 'active' },
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(audit.find((x) => x.entity === 'offer' && x.action === 'update')?.changes).toMatchObject({
      before: { title: 'Edit A' },
      after: { title: 'Edit A2' },
      tagIds: { before: [t1.id], after: [t2.id] },
    });
    expect((await patch([{ id: 999999, title: 'x' }])).statusCode).toBe(404);
    expect(errorsOf(await patch([{ id: a.id, goalId: 999999 }]))[0].loc).toEqual(['body', 'items', 0, 'goalId']);
  });

  it('a goal of another vertical is a field error; switching the lifespan to goal needs a goal', async () => {
    const v = await t.make.vertical();
    const other = await t.make.vertical();
    const o = await create({ title: 'Goal check', verticalId: v.id });
    expect(errorsOf(await patch([{ id: o.id, goalId: other.goals[0].id }]))[0]).toMatchObject({
      msg: 'match',
      loc: ['body', 'items', 0, 'goalId'],
    });
    expect(errorsOf(await patch([{ id: o.id, sessionLifespanType: 'goal' }]))[0]).toMatchObject({
      msg: 'required',
      loc: ['body', 'items', 0, 'goalId'],
    });
    expect((await patch([{ id: o.id, sessionLifespanType: 'goal', goalId: v.goals[0].id }])).statusCode).toBe(200);
  });

  it('changes the vertical (clearing the old goal and pay methods), refused with 409 while advertisers or goal-bound rules exist', async () => {
    const v = await t.make.vertical();
    const next = await t.make.vertical();
    const [own, global] = [await model(v.id), await model(null)];
    const o = await create({ title: 'Movable', verticalId: v.id, goalId: v.goals[0].id, payMethodIds: [own.id, global.id] });
    const moved = await patch([{ id: o.id, verticalId: next.id }]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.items[0]).toMatchObject({ vertical: { id: next.id }, goal: null, payMethods: [{ id: global.id }] });

    const adv = await t.make.advertiser({ verticalId: next.id });
    await db.insert(offerAdvertisers).values({ offerId: o.id, advertiserId: adv.id, integrationId: adv.integration.id });
    const refused = await patch([{ id: o.id, verticalId: v.id }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(VERTICAL_CHANGE_REFUSED);
    await db.delete(offerAdvertisers).where(eq(offerAdvertisers.offerId, o.id));
    await db.insert(paymentRules).values({ offerId: o.id, goalId: next.goals[0].id });
    expect((await patch([{ id: o.id, verticalId: v.id }])).statusCode).toBe(409);
    await db.delete(paymentRules).where(eq(paymentRules.offerId, o.id));
    await db.insert(caps).values({ offerId: o.id, value: '10', goalId: next.goals[0].id });
    expect((await patch([{ id: o.id, verticalId: v.id }])).statusCode).toBe(409);
  });

  it('bulk edit: tags and geos added or removed, status and hot set, in one transaction; bad input writes nothing', async () => {
    const v = await t.make.vertical();
    const [t1, t2] = [await tag(), await tag()];
    const a = await create({ title: 'Bulk A', verticalId: v.id, tagIds: [t1.id], geos: ['DE'] });
    const b = await create({ title: 'Bulk B', verticalId: v.id });
    const res = await post('/bulk_edit', {
      data: { ids: [a.id, b.id], tagIds: [t2.id], tagsMode: 'add', geos: ['FR'], geosMode: 'add', status: 'active', isHot: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toMatchObject([
      { id: a.id, status: 'active', isHot: true, geos: ['DE', 'FR'], tags: [{ id: t1.id }, { id: t2.id }] },
      { id: b.id, status: 'active', isHot: true, geos: ['FR'], tags: [{ id: t2.id }] },
    ]);
    const removed = await post('/bulk_edit', {
      data: { ids: [a.id, b.id], tagIds: [t1.id], tagsMode: 'remove', geos: ['DE'], geosMode: 'remove' },
    });
    expect(removed.json().data.items).toMatchObject([
      { id: a.id, geos: ['FR'], tags: [{ id: t2.id }] },
      { id: b.id, geos: ['FR'], tags: [{ id: t2.id }] },
    ]);
    const badTag = await post('/bulk_edit', { data: { ids: [a.id], tagIds: [(await tag('lead')).id], isHot: false } });
    expect(badTag.statusCode).toBe(400);
    expect(errorsOf(badTag)[0].loc).toEqual(['body', 'data', 'tagIds', 0]);
    expect((await post('/bulk_edit', { data: { ids: [a.id] } })).statusCode).toBe(400);
    expect((await post('/bulk_edit', { data: { ids: [a.id, 999999], isHot: false } })).statusCode).toBe(404);
    expect((await get(`/${a.id}`)).json().data.items[0].isHot).toBe(true);
  });

  it('change_status moves between active, inactive and draft; an unknown status is a 400', async () => {
    const v = await t.make.vertical();
    const o = await create({ title: 'Status', verticalId: v.id });
    const res = await post('/change_status', { items: [{ id: o.id, status: 'active' }] });
    expect(res.json()).toMatchObject({
      message: 'Offer status changed',
      data: { items: [{ id: o.id, status: 'active', statusChangedAt: expect.any(Number) }] },
    });
    expect((await post('/change_status', { items: [{ id: o.id, status: 'deleted' }] })).statusCode).toBe(400);
    expect((await post('/change_status', { items: [{ id: 999999, status: 'active' }] })).statusCode).toBe(404);
  });
});

describe('offers: what affiliates see', () => {
  async function scene() {
    const v = await t.make.vertical();
    const affiliate = await t.make.user({ type: 'affiliate' });
    const stranger = await t.make.user({ type: 'affiliate' });
    const pub = await t.make.offer({ verticalId: v.id, title: `Public ${++n}` });
    const priv = await t.make.offer({ verticalId: v.id, title: `Private ${n}`, accessType: 3 });
    return { v, affiliate, stranger, pub, priv };
  }
  const visible = async (as: TestUser, q = '') =>
    ((await get(`/for-affiliate?limit=1000${q}`, as)).json().data.items as { id: number }[]).map((x) => x.id);

  it('an affiliate sees public offers, not a private one until assigned (directly or through the team), nor an inactive one', async () => {
    const { affiliate, pub, priv, v } = await scene();
    const inactive = await t.make.offer({ verticalId: v.id, status: 'inactive' });
    expect(await visible(affiliate)).toContain(pub.id);
    expect(await visible(affiliate)).not.toContain(priv.id);
    expect(await visible(affiliate)).not.toContain(inactive.id);
    expect((await get(`/for-affiliate/${priv.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/for-affiliate/${inactive.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/filters?search=${priv.id}`, affiliate)).json().data.items).toEqual([]);

    const assigned = await post(`/${priv.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id }] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await visible(affiliate)).toContain(priv.id);
    expect((await get(`/for-affiliate/${priv.id}`, affiliate)).json().data.items[0]).toMatchObject({ id: priv.id, assigned: true });

    const member = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [member.id] });
    expect(await visible(member)).not.toContain(priv.id);
    expect((await post(`/${priv.id}/edit_teams`, { data: [{ teamId: team.id }] })).statusCode).toBe(200);
    expect(await visible(member)).toContain(priv.id);
    expect((await get(`/for-affiliate/${priv.id}`, member)).statusCode).toBe(200);
  });

  it('making a private offer public makes it visible; staff cannot use the affiliate view', async () => {
    const { stranger, priv } = await scene();
    expect(await visible(stranger)).not.toContain(priv.id);
    await patch([{ id: priv.id, accessType: 1 }]);
    expect(await visible(stranger)).toContain(priv.id);
    expect((await get('/for-affiliate')).statusCode).toBe(403);
  });

  it('shows payouts, informational caps and landers that apply to the affiliate, never revenue, advertisers or managers', async () => {
    const { affiliate, stranger, pub, v } = await scene();
    const adv = await t.make.advertiser({ verticalId: v.id });
    await db.insert(offerAdvertisers).values({ offerId: pub.id, advertiserId: adv.id, integrationId: adv.integration.id });
    const pm = await model(null);
    await db.insert(paymentRules).values([
      {
        offerId: pub.id,
        paymentModelId: pm.id,
        revenueValue: '99.5',
        payoutValue: '40.25',
        payoutCurrency: 'EUR',
        sieve: { countries: ['DE'] },
      },
      { offerId: pub.id, revenueValue: '500', payoutValue: '300', sieve: { affiliateIds: [stranger.id] } },
      { offerId: pub.id, revenueValue: '1', payoutValue: '1', status: 'inactive' },
    ]);
    await db.insert(caps).values([
      { offerId: pub.id, value: '1000', informationalValue: '50', period: 'day' },
      { offerId: pub.id, value: '2000' },
    ]);
    await t.make.lander({
      offerId: pub.id,
      title: 'Main lander',
      previewUrl: 'https://preview.example/a',
      language: 'de',
      advertiserId: adv.id,
    });
    await t.make.lander({ offerId: pub.id, title: 'Off lander', status: 'inactive' });
    const res = await get(`/for-affiliate/${pub.id}`, affiliate);
    expect(res.statusCode).toBe(200);
    const item = res.json().data.items[0];
    expect(item).toMatchObject({
      id: pub.id,
      assigned: false,
      hasCampaign: false,
      payouts: [{ paymentModel: { id: pm.id }, paymentType: 'fixed', value: '40.25', currency: 'EUR', countries: ['DE'] }],
      caps: [{ period: 'day', informationalValue: '50', countries: [] }],
      landers: [{ title: 'Main lander', previewUrl: 'https://preview.example/a', language: 'de', pageType: 'landing' }],
    });
    expect(item.payouts).toHaveLength(1);
    expect(item.caps).toHaveLength(1);
    const body = res.body;
    for (const secret of ['revenue', '99.5', 'advertiser', 'managers', '1000', 'integrations', 'trafficbackUrl'])
      expect(body).not.toContain(secret);
    expect((await get('/for-affiliate?limit=1000', affiliate)).body).not.toContain('revenue');
  });

  it('counts all and own (assigned or with a campaign) for an affiliate, and filters the list by own', async () => {
    const { affiliate, pub, priv, v } = await scene();
    await post(`/${priv.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id }] });
    const other = await t.make.offer({ verticalId: v.id });
    await campaign(other.id, affiliate.id);
    const counts = (await get(`/counts?verticalId=${v.id}`, affiliate)).json().data;
    expect(counts).toEqual({ all: 3, own: 2 });
    expect((await visible(affiliate, `&verticalId=${v.id}&own=1`)).sort()).toEqual([priv.id, other.id].sort());
    expect(await visible(affiliate, `&verticalId=${v.id}&own=0`)).toContain(pub.id);
    const listed = (await get(`/for-affiliate?verticalId=${v.id}&withMeta=1`, affiliate)).json().data;
    expect(listed.meta.totalCount).toBe(3);
    expect(listed.items.find((x: { id: number }) => x.id === other.id)).toMatchObject({ hasCampaign: true });
  });
});

describe('offers: assigned affiliates and teams', () => {
  it('lists assignments with search, status and limit; assigns only affiliates and existing teams', async () => {
    const v = await t.make.vertical();
    const o = await t.make.offer({ verticalId: v.id, accessType: 3 });
    const a1 = await t.make.user({ type: 'affiliate' });
    const a2 = await t.make.user({ type: 'affiliate' });
    const employee = await t.make.user({ type: 'employee' });
    const lander = await t.make.lander({ offerId: o.id });
    const foreignLander = await t.make.lander({ offerId: (await t.make.offer({ verticalId: v.id })).id });
    const res = await post(`/${o.id}/edit_affiliates`, {
      data: [
        { affiliateId: a1.id, sieve: { countries: ['de'], landerIds: [lander.id], affiliateIds: [a2.id] } },
        { affiliateId: a2.id, status: 'inactive' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 affiliate assignments saved');
    const saved = res.json().data.items.find((x: { affiliate: { id: number } }) => x.affiliate.id === a1.id);
    // the affiliate sieve keeps only its own keys
    expect(saved.sieve).toMatchObject({ countries: ['DE'], landerIds: [lander.id], affiliateIds: [] });

    const list = await get(`/${o.id}/affiliates?status=active&withMeta=1`);
    expect(list.json().data).toMatchObject({ items: [{ affiliate: { id: a1.id } }], meta: { totalCount: 1 } });
    const found = await get(`/${o.id}/affiliates?affiliateFullNameSearch=${encodeURIComponent('Test User')}&limit=1`);
    expect(found.json().data.items).toHaveLength(1);

    const bad = await post(`/${o.id}/edit_affiliates`, {
      data: [
        { affiliateId: employee.id },
        { affiliateId: 999999 },
        { affiliateId: a1.id, sieve: { landerIds: [foreignLander.id], trafficSourceIds: [999999] } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).map((e) => e.loc.join('.'))).toEqual(
      expect.arrayContaining([
        'body.data.0.affiliateId',
        'body.data.1.affiliateId',
        'body.data.2.sieve.landerIds.0',
        'body.data.2.sieve.trafficSourceIds.0',
      ]),
    );
    expect(errorsOf(await post(`/${o.id}/edit_affiliates`, { data: [{ affiliateId: a1.id }, { affiliateId: a1.id }] }))[0].loc).toEqual([
      'body',
      'data',
      1,
      'affiliateId',
    ]);

    const team = await t.make.team({ title: `Assign team ${++n}`, members: [a2.id] });
    const teams = await post(`/${o.id}/edit_teams`, { data: [{ teamId: team.id, sieve: { languages: ['EN'] } }] });
    expect(teams.statusCode, teams.body).toBe(200);
    expect(teams.json().data.items[0]).toMatchObject({
      team: { id: team.id },
      membersCount: 1,
      sieve: { languages: ['en'] },
      status: 'active',
    });
    expect((await get(`/${o.id}/teams?teamTitleSearch=${encodeURIComponent(team.title)}`)).json().data.items).toHaveLength(1);
    expect((await get(`/${o.id}/teams?teamTitleSearch=nothing-like-it`)).json().data.items).toHaveLength(0);
    expect(errorsOf(await post(`/${o.id}/edit_teams`, { data: [{ teamId: 999999 }] }))[0].loc).toEqual(['body', 'data', 0, 'teamId']);
    expect((await post('/999999/edit_teams', { data: [{ teamId: team.id }] })).statusCode).toBe(404);

    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    expect((await post(`/${o.id}/edit_affiliates`, { data: [{ affiliateId: a1.id }] }, reader)).statusCode).toBe(403);
    expect((await get(`/${o.id}/affiliates`, a1)).statusCode).toBe(403);
  });

  it('revoking access moves the affiliate’s active campaigns to offer_revoked; re-assigning or going public brings them back', async () => {
    const v = await t.make.vertical();
    const o = await t.make.offer({ verticalId: v.id, accessType: 3 });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    await post(`/${o.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id }, { affiliateId: other.id }] });
    const [c1, paused, otherC] = [
      await campaign(o.id, affiliate.id),
      await campaign(o.id, affiliate.id, 'inactive'),
      await campaign(o.id, other.id),
    ];

    const revoked = await post(`/${o.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id, status: 'inactive' }] });
    expect(revoked.json().message).toBe('Affiliate assignment saved; campaign revoked');
    expect(await campaignStatus(c1.id)).toBe('offer_revoked');
    expect(await campaignStatus(paused.id)).toBe('inactive');
    expect(await campaignStatus(otherC.id)).toBe('active');

    const back = await post(`/${o.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id, status: 'active' }] });
    expect(back.json().message).toBe('Affiliate assignment saved; campaign restored');
    expect(await campaignStatus(c1.id)).toBe('active');

    // through the team: the team assignment keeps access while the direct one is revoked
    const team = await t.make.team({ members: [affiliate.id] });
    await post(`/${o.id}/edit_teams`, { data: [{ teamId: team.id }] });
    await post(`/${o.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id, status: 'inactive' }] });
    expect(await campaignStatus(c1.id)).toBe('active');
    await post(`/${o.id}/edit_teams`, { data: [{ teamId: team.id, status: 'inactive' }] });
    expect(await campaignStatus(c1.id)).toBe('offer_revoked');

    // public again: every revoked campaign of the offer comes back; private again without assignment: revoked
    await patch([{ id: o.id, accessType: 1 }]);
    expect(await campaignStatus(c1.id)).toBe('active');
    await post('/bulk_edit', { data: { ids: [o.id], accessType: 3 } });
    expect(await campaignStatus(c1.id)).toBe('offer_revoked');
    expect(await campaignStatus(otherC.id)).toBe('active');
    const audit = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [c1.id]));
    expect(audit.filter((x) => x.entity === 'campaign').length).toBeGreaterThanOrEqual(4);
  });
});

describe('offers: advertiser targets', () => {
  const targets = (method: 'PUT' | 'PATCH' | 'DELETE', payload: object, as: TestUser = t.admin) =>
    t.request({ method, url: '/api/v1/offer-advertisers', as, payload });

  it('adds an active integration of the offer’s vertical, derives the advertiser, refuses others at their field', async () => {
    const v = await t.make.vertical();
    const o = await t.make.offer({ verticalId: v.id });
    const adv = await t.make.advertiser({ verticalId: v.id });
    const foreign = await t.make.advertiser({ verticalId: (await t.make.vertical()).id });
    const idle = await t.make.advertiser({ verticalId: v.id, integrationStatus: 'inactive' });
    const blocked = await t.make.advertiser({ verticalId: v.id, status: 'blocked' });
    const lander = await t.make.lander({ offerId: o.id });
    const res = await targets('PUT', {
      items: [
        {
          offerId: o.id,
          integrationId: adv.integration.id,
          weight: 300,
          lowPriority: true,
          sieve: {
            countries: ['de'],
            landerIds: [lander.id],
            teamIds: [5],
            schedule: { timezone: 'Europe/Berlin', windows: [{ days: [1], from: '09:00', to: '18:00' }] },
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Advertiser added to the offer',
      data: {
        items: [
          {
            offerId: o.id,
            advertiser: { id: adv.id },
            integration: { id: adv.integration.id },
            weight: 300,
            lowPriority: true,
            status: 'active',
            activeLanders: 0,
            sieve: { countries: ['DE'], landerIds: [lander.id], teamIds: [], schedule: { timezone: 'Europe/Berlin' } },
          },
        ],
      },
    });
    const bad = await targets('PUT', {
      items: [
        { offerId: o.id, integrationId: foreign.integration.id },
        { offerId: o.id, integrationId: idle.integration.id },
        { offerId: o.id, integrationId: blocked.integration.id },
        { offerId: o.id, integrationId: adv.integration.id },
        { offerId: 999999, integrationId: 999999, weight: 0 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).map((e) => [e.loc.join('.'), e.msg])).toEqual(expect.arrayContaining([['body.items.4.weight', 'minMax']]));
    const refs = await targets('PUT', {
      items: [
        { offerId: o.id, integrationId: foreign.integration.id },
        { offerId: o.id, integrationId: idle.integration.id },
        { offerId: o.id, integrationId: blocked.integration.id },
        { offerId: 999999, integrationId: 999999 },
      ],
    });
    expect(errorsOf(refs).map((e) => [e.loc.join('.'), e.msg])).toEqual(
      expect.arrayContaining([
        ['body.items.0.integrationId', 'match'],
        ['body.items.1.integrationId', 'required'],
        ['body.items.2.integrationId', 'required'],
        ['body.items.3.offerId', 'required'],
        ['body.items.3.integrationId', 'required'],
      ]),
    );
    const duplicate = await targets('PUT', { items: [{ offerId: o.id, integrationId: adv.integration.id }] });
    expect(duplicate.statusCode).toBe(400);
    expect(errorsOf(duplicate)[0]).toMatchObject({ msg: 'unique', loc: ['body', 'items', 0, 'integrationId'] });

    const listed = await get(`/${o.id}/advertisers?withMeta=1&search=${encodeURIComponent(adv.title)}`);
    expect(listed.json().data).toMatchObject({ items: [{ advertiser: { id: adv.id } }], meta: { totalCount: 1 } });
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    expect((await targets('PUT', { items: [{ offerId: o.id, integrationId: adv.integration.id }] }, reader)).statusCode).toBe(403);
  });

  it('edits and changes status; activation needs an active integration (409)', async () => {
    const v = await t.make.vertical();
    const o = await t.make.offer({ verticalId: v.id });
    const adv = await t.make.advertiser({ verticalId: v.id });
    const [target] = (await targets('PUT', { items: [{ offerId: o.id, integrationId: adv.integration.id }] })).json().data.items;
    const edited = await targets('PATCH', { items: [{ id: target.id, weight: 5, sieve: { languages: ['fr'] } }] });
    expect(edited.json().data.items[0]).toMatchObject({ weight: 5, sieve: { languages: ['fr'] } });
    const off = await t.request({
      method: 'POST',
      url: '/api/v1/offer-advertisers/change_status',
      as: t.admin,
      payload: { items: [{ id: target.id, status: 'inactive' }] },
    });
    expect(off.json()).toMatchObject({ message: 'Advertiser target status changed', data: { items: [{ status: 'inactive' }] } });
    await t.request({
      method: 'POST',
      url: '/api/v1/integrations/change_status',
      as: t.admin,
      payload: { items: [{ id: adv.integration.id, status: 'inactive' }] },
    });
    const on = await t.request({
      method: 'POST',
      url: '/api/v1/offer-advertisers/change_status',
      as: t.admin,
      payload: { items: [{ id: target.id, status: 'active' }] },
    });
    expect(on.statusCode).toBe(409);
    expect((await targets('PATCH', { items: [{ id: 999999, weight: 5 }] })).statusCode).toBe(404);
    expect(errorsOf(await targets('PATCH', { items: [{ id: target.id, sieve: { landerIds: [999999] } }] }))[0].loc).toEqual([
      'body',
      'items',
      0,
      'sieve',
      'landerIds',
      0,
    ]);
  });

  it('GUARD: an advertiser cannot be removed while active landers of the offer are assigned to it (409, nothing removed)', async () => {
    const v = await t.make.vertical();
    const o = await t.make.offer({ verticalId: v.id });
    const adv = await t.make.advertiser({ verticalId: v.id });
    const [target] = (await targets('PUT', { items: [{ offerId: o.id, integrationId: adv.integration.id }] })).json().data.items;
    const lander = await t.make.lander({ offerId: o.id, advertiserId: adv.id });
    expect((await get(`/${o.id}/advertisers`)).json().data.items[0].activeLanders).toBe(1);
    const refused = await targets('DELETE', { data: [target.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADVERTISER_REMOVAL_GUARD);
    expect((await get(`/${o.id}/advertisers`)).json().data.items).toHaveLength(1);

    await db.update(landers).set({ status: 'inactive' }).where(eq(landers.id, lander.id));
    const removed = await targets('DELETE', { data: [target.id] });
    expect(removed.json()).toEqual({ data: { ids: [target.id] }, message: 'Advertiser removed from the offer' });
    expect((await targets('DELETE', { data: [target.id] })).statusCode).toBe(404);
  });

  it('the guard lets one of two integrations of the same advertiser go', async () => {
    const v = await t.make.vertical();
    const o = await t.make.offer({ verticalId: v.id });
    const adv = await t.make.advertiser({ verticalId: v.id });
    const { id: _id, ...source } = adv.integration;
    const [second] = await db
      .insert(integrations)
      .values({ ...source, templateId: null, title: 'Second route', postbackKey: `pk${++n}${Date.now()}` })
      .returning();
    const created = (
      await targets('PUT', {
        items: [
          { offerId: o.id, integrationId: adv.integration.id },
          { offerId: o.id, integrationId: second.id },
        ],
      })
    ).json().data.items;
    await t.make.lander({ offerId: o.id, advertiserId: adv.id });
    expect((await targets('DELETE', { data: [created[0].id] })).statusCode).toBe(200);
    expect((await targets('DELETE', { data: [created[1].id] })).statusCode).toBe(409);
  });
});

describe('offers: cross-module', () => {
  it('deactivating an integration stops its targets and the offers left without one; the preview counts the same', async () => {
    const v = await t.make.vertical();
    const adv = await t.make.advertiser({ verticalId: v.id });
    const backup = await t.make.advertiser({ verticalId: v.id });
    const alone = await t.make.offer({ verticalId: v.id });
    const covered = await t.make.offer({ verticalId: v.id });
    const draft = await t.make.offer({ verticalId: v.id, status: 'draft' });
    await db.insert(offerAdvertisers).values([
      { offerId: alone.id, advertiserId: adv.id, integrationId: adv.integration.id },
      { offerId: covered.id, advertiserId: adv.id, integrationId: adv.integration.id },
      { offerId: covered.id, advertiserId: backup.id, integrationId: backup.integration.id },
      { offerId: draft.id, advertiserId: adv.id, integrationId: adv.integration.id },
    ]);
    const preview = await t.request({ method: 'GET', url: `/api/v1/integrations/cascade-preview?ids=${adv.integration.id}`, as: t.admin });
    expect(preview.json().data).toEqual({ advertisers: 0, integrations: 0, offers: 1 });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/integrations/change_status',
      as: t.admin,
      payload: { items: [{ id: adv.integration.id, status: 'inactive' }] },
    });
    expect(res.json().message).toBe('Integration status changed; stopped 1 offer');
    const statuses = new Map(
      (
        await db
          .select()
          .from(offers)
          .where(inArray(offers.id, [alone.id, covered.id, draft.id]))
      ).map((o) => [o.id, o.status]),
    );
    expect(Object.fromEntries(statuses)).toEqual({ [alone.id]: 'inactive', [covered.id]: 'active', [draft.id]: 'draft' });
    const targetRows = await db.select().from(offerAdvertisers).where(eq(offerAdvertisers.integrationId, adv.integration.id));
    expect(targetRows.every((r) => r.status === 'inactive')).toBe(true);

    const platformPreview = await t.request({
      method: 'GET',
      url: `/api/v1/platforms/cascade-preview?ids=${backup.platform.id}`,
      as: t.admin,
    });
    expect(platformPreview.json().data).toEqual({ advertisers: 0, integrations: 1, offers: 1 });
  });

  it('advertisers: by offer id, and the offers of an advertiser on its detail', async () => {
    const v = await t.make.vertical();
    const adv = await t.make.advertiser({ verticalId: v.id });
    const o = await t.make.offer({ verticalId: v.id, title: 'Served offer' });
    await db
      .insert(offerAdvertisers)
      .values({ offerId: o.id, advertiserId: adv.id, integrationId: adv.integration.id, status: 'inactive' });
    const byOffer = await t.request({ method: 'GET', url: `/api/v1/advertisers/by-offer/${o.id}`, as: t.admin });
    expect(byOffer.json().data.items).toEqual([{ id: adv.id, secureId: adv.secureId, title: adv.title, status: 'active' }]);
    const detail = await t.request({ method: 'GET', url: `/api/v1/advertisers/${adv.id}`, as: t.admin });
    expect(detail.json().data.items[0].offers).toEqual([{ id: o.id, title: 'Served offer', status: 'active', targetStatus: 'inactive' }]);
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: `/api/v1/advertisers/by-offer/${o.id}`, as: affiliate })).statusCode).toBe(403);
  });

  it('affiliates: assignedOffers counts direct and team assignments once each', async () => {
    const v = await t.make.vertical();
    const affiliate = await t.make.user({ type: 'affiliate' });
    const team = await t.make.team({ members: [affiliate.id] });
    const [a, b] = [await t.make.offer({ verticalId: v.id, accessType: 3 }), await t.make.offer({ verticalId: v.id, accessType: 3 })];
    await post(`/${a.id}/edit_affiliates`, { data: [{ affiliateId: affiliate.id }] });
    await post(`/${a.id}/edit_teams`, { data: [{ teamId: team.id }] });
    await post(`/${b.id}/edit_teams`, { data: [{ teamId: team.id }] });
    const res = await t.request({ method: 'GET', url: `/api/v1/affiliates/${affiliate.id}`, as: t.admin });
    expect(res.json().data.items[0].assignedOffers).toBe(2);
  });
});

describe('offers: sieve display settings', () => {
  it('keeps the visible sieve columns per table for the current user', async () => {
    const user = await t.make.user({ type: 'affiliate_manager' });
    expect((await get('/sieve-display-settings', user)).json().data).toEqual({});
    const saved = await t.request({
      method: 'PUT',
      url: `${url}/sieve-display-settings`,
      as: user,
      payload: { data: { landings: ['countries', 'schedule'], caps: ['advertiserIds'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.request({ method: 'PUT', url: `${url}/sieve-display-settings`, as: user, payload: { data: { caps: [] } } });
    expect((await get('/sieve-display-settings', user)).json().data).toEqual({ landings: ['countries', 'schedule'], caps: [] });
    expect((await get('/sieve-display-settings')).json().data).toEqual({});
    const bad = await t.request({
      method: 'PUT',
      url: `${url}/sieve-display-settings`,
      as: user,
      payload: { data: { caps: ['languages'] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'data', 'caps', 0]);
    const noRead = await t.make.user({ type: 'employee', permissions: ['front.menu.campaigns.read'] });
    expect((await get('/sieve-display-settings', noRead)).statusCode).toBe(403);
  });
});
