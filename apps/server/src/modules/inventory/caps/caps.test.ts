import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, capCounters as counterRows, currencies, offerAdvertisers, offerAffiliates, paymentModels } from '../../../db/schema';
import { capCounters } from './cap-counters';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/caps';

const vertical = await t.make.vertical({ goals: ['Registration', 'Deposit'] });
const otherVertical = await t.make.vertical({ goals: ['Sale'] });
const offer = await t.make.offer({ verticalId: vertical.id });
const adv = await t.make.advertiser({ verticalId: vertical.id });
const stranger = await t.make.advertiser({ verticalId: vertical.id });
await db.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: adv.id, integrationId: adv.integration.id });
const affiliate = await t.make.user({ type: 'affiliate' });
const teammate = await t.make.user({ type: 'affiliate' });
const team = await t.make.team({ members: [teammate.id] });
const [cpl] = await db.select().from(paymentModels).where(eq(paymentModels.code, 'CPL'));

const put = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (items: unknown[], path = '', as: TestUser = t.admin) =>
  t.request({ method: 'PATCH', url: `${url}${path}`, as, payload: { items } });
const post = (action: string, items: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: `${url}/${action}`, as, payload: { items } });
const get = (path: string, as: TestUser = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const locs = (res: { json(): { errors?: { loc: unknown[] }[] } }) => (res.json().errors ?? []).map((e) => e.loc.join('.')).sort();
type CapView = {
  id: number;
  counter: string;
  periodKey: string;
  periodStart: number | null;
  periodEnd: number | null;
  status: string;
  title: string;
};
async function make(item: Record<string, unknown> = {}) {
  const res = await put([{ offerId: offer.id, value: '10', ...item }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as CapView;
}

describe('caps: create and read', () => {
  it('creates a cap with every field and answers it with the live counter', async () => {
    const res = await put([
      {
        offerId: offer.id,
        title: 'DE daily',
        type: 'funnel',
        value: '100,5',
        guarantee: '20',
        currency: 'usd',
        timezone: 'Europe/Berlin',
        period: 'week',
        action: 'trafficback',
        paymentModelId: cpl.id,
        processingType: 'conversions',
        goalId: vertical.goals[1].id,
        lowPriority: true,
        weight: 250,
        informationalValue: '80',
        sieve: { countries: ['de'], advertiserIds: [adv.id], affiliateIds: [affiliate.id], teamIds: [team.id], languages: ['en'] },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Cap created',
      data: {
        items: [
          {
            offerId: offer.id,
            title: 'DE daily',
            type: 'funnel',
            value: '100.5',
            guarantee: '20',
            currency: 'USD',
            timezone: 'Europe/Berlin',
            period: 'week',
            action: 'trafficback',
            paymentModel: { id: cpl.id, code: 'CPL' },
            processingType: 'conversions',
            goal: { id: vertical.goals[1].id, title: 'Deposit' },
            lowPriority: true,
            weight: 250,
            informationalValue: '80',
            status: 'active',
            // languages are not a caps key: stored empty
            sieve: {
              countries: ['DE'],
              advertiserIds: [adv.id],
              affiliateIds: [affiliate.id],
              teamIds: [team.id],
              languages: [],
              schedule: null,
            },
            counter: '0',
            periodKey: expect.stringMatching(/^\d{4}-W\d{2}$/),
            createdBy: { id: t.admin.id },
          },
        ],
      },
    });
    const id = res.json().data.items[0].id;
    const one = await get(`/${id}`);
    expect(one.json().data.items[0]).toMatchObject({ id, title: 'DE daily' });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cap'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ action: 'create', userId: t.admin.id });
  });

  it('applies the defaults', async () => {
    const cap = await make();
    expect(cap).toMatchObject({ title: '', status: 'active' });
    expect((await get(`/${cap.id}`)).json().data.items[0]).toMatchObject({
      type: 'limit',
      guarantee: null,
      currency: null,
      timezone: 'UTC',
      period: 'day',
      action: 'skip',
      processingType: 'leads',
      weight: 100,
      lowPriority: false,
    });
  });

  it('reports each bad field at its place and writes nothing', async () => {
    const before = (await get(`?offerId=${offer.id}&withMeta=1`)).json().data.meta.totalCount;
    const res = await put([
      { offerId: offer.id, value: '0' },
      { offerId: offer.id, value: '1.123456789' },
      { offerId: offer.id, value: '5', guarantee: '1' },
      { offerId: offer.id, type: 'funnel', value: '5', guarantee: '6' },
      { offerId: offer.id, value: '5', timezone: 'Mars/Olympus', weight: 0 },
      { offerId: offer.id, value: '5', weight: 1001, period: 'year' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(locs(res)).toEqual([
      'body.items.0.value',
      'body.items.1.value',
      'body.items.2.guarantee',
      'body.items.3.guarantee',
      'body.items.4.timezone',
      'body.items.4.weight',
      'body.items.5.period',
      'body.items.5.weight',
    ]);
    expect(res.json().errors.find((e: { loc: unknown[] }) => e.loc.join('.') === 'body.items.1.value').msg).toBe('floatLimit');
    expect(res.json().errors.find((e: { loc: unknown[] }) => e.loc.join('.') === 'body.items.3.guarantee').msg).toBe('noMore');

    await db.update(currencies).set({ status: 'inactive' }).where(eq(currencies.code, 'GBP'));
    const unknownOffer = await put([{ offerId: 999999, value: '5' }]);
    expect(unknownOffer.statusCode).toBe(400);
    expect(locs(unknownOffer)).toEqual(['body.items.0.offerId']);
    const second = await put([
      {
        offerId: offer.id,
        value: '5',
        currency: 'GBP',
        goalId: otherVertical.goals[0].id,
        paymentModelId: 999999,
        sieve: { advertiserIds: [stranger.id], affiliateIds: [t.admin.id, affiliate.id], teamIds: [999999] },
      },
      { offerId: offer.id, value: '5', currency: 'XYZ', goalId: 999999 },
    ]);
    expect(second.statusCode).toBe(400);
    expect(locs(second)).toEqual([
      'body.items.0.currency',
      'body.items.0.goalId',
      'body.items.0.paymentModelId',
      'body.items.0.sieve.advertiserIds.0',
      'body.items.0.sieve.affiliateIds.0',
      'body.items.0.sieve.teamIds.0',
      'body.items.1.currency',
      'body.items.1.goalId',
    ]);
    expect(second.json().errors.find((e: { loc: unknown[] }) => e.loc.join('.') === 'body.items.0.sieve.advertiserIds.0').type).toBe(
      'offer_advertiser',
    );
    const bad = await put([{ offerId: offer.id, value: '5', sieve: { countries: ['XX'] } }]);
    expect(locs(bad)).toEqual(['body.items.0.sieve.countries.0']);
    expect((await get(`?offerId=${offer.id}&withMeta=1`)).json().data.meta.totalCount).toBe(before);
    await db.update(currencies).set({ status: 'active' }).where(eq(currencies.code, 'GBP'));
  });

  it('lists one offer with filters, search, order and meta; unknown order is a 400', async () => {
    const other = await t.make.offer({ verticalId: vertical.id });
    const a = await make({ offerId: other.id, title: 'Alpha', period: 'month' });
    const b = await make({ offerId: other.id, title: 'Beta', type: 'funnel' });
    await post('change_status', [{ id: b.id, status: 'inactive' }]);
    const all = await get(`?offerId=${other.id}&withMeta=1&orderBy=title:asc`);
    expect(all.json().data.items.map((x: CapView) => x.id)).toEqual([a.id, b.id]);
    expect(all.json().data.meta.totalCount).toBe(2);
    expect((await get(`?offerId=${other.id}&status=inactive`)).json().data.items.map((x: CapView) => x.id)).toEqual([b.id]);
    expect((await get(`?offerId=${other.id}&type=funnel`)).json().data.items.map((x: CapView) => x.id)).toEqual([b.id]);
    expect((await get(`?offerId=${other.id}&period=month`)).json().data.items.map((x: CapView) => x.id)).toEqual([a.id]);
    expect((await get(`?offerId=${other.id}&search=alp`)).json().data.items.map((x: CapView) => x.id)).toEqual([a.id]);
    expect((await get(`?offerId=${other.id}&search=${b.id}`)).json().data.items.map((x: CapView) => x.id)).toEqual([b.id]);
    expect(locs(await get(`?offerId=${other.id}&orderBy=secret:asc`))).toEqual(['querystring.orderBy']);
    expect(locs(await get(''))).toEqual(['querystring.offerId']);
    expect((await get('/999999')).statusCode).toBe(404);
  });

  it('look-up by title or id and the periods with labels', async () => {
    const cap = await make({ title: 'Lookup me' });
    const res = await get(`/filters?search=lookup&offerId=${offer.id}`);
    expect(res.json().data.items).toEqual([
      { id: cap.id, offerId: offer.id, title: 'Lookup me', type: 'limit', period: 'day', status: 'active' },
    ]);
    expect((await get(`/filters?ids=${cap.id}`)).json().data.items.map((x: CapView) => x.id)).toEqual([cap.id]);
    expect(locs(await get('/filters?limit=0'))).toEqual(['querystring.limit']);
    expect((await get('/periods')).json().data.items).toEqual([
      { value: 'day', label: 'Day' },
      { value: 'week', label: 'Week' },
      { value: 'month', label: 'Month' },
      { value: 'all_time', label: 'All time' },
    ]);
  });
});

describe('caps: edit', () => {
  it('edits one or many; cross-field rules use the stored values', async () => {
    const a = await make({ type: 'funnel', value: '10', guarantee: '5' });
    const b = await make();
    const res = await patch([
      { id: a.id, value: '12.50', title: 'Edited' },
      { id: b.id, timezone: 'Asia/Tokyo', period: 'all_time', currency: 'EUR' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 caps saved');
    expect(res.json().data.items).toMatchObject([
      { id: a.id, value: '12.5', title: 'Edited', guarantee: '5' },
      { id: b.id, timezone: 'Asia/Tokyo', period: 'all_time', currency: 'EUR', periodKey: 'all', periodStart: null, periodEnd: null },
    ]);
    // below the stored guarantee, a guarantee on a limit, and a later bad item: nothing written
    const bad = await patch([
      { id: a.id, value: '4', title: 'Not saved' },
      { id: a.id, type: 'limit' },
      { id: b.id, goalId: otherVertical.goals[0].id },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(locs(bad)).toEqual(['body.items.0.guarantee', 'body.items.1.guarantee', 'body.items.2.goalId']);
    expect((await get(`/${a.id}`)).json().data.items[0]).toMatchObject({ title: 'Edited', value: '12.5' });
    // switching to a limit works together with dropping the guarantee
    expect((await patch([{ id: a.id, type: 'limit', guarantee: null }])).json().data.items[0]).toMatchObject({
      type: 'limit',
      guarantee: null,
    });
    expect((await patch([{ id: 999999, title: 'Ghost' }])).statusCode).toBe(404);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cap'), eq(auditLog.entityId, a.id), eq(auditLog.action, 'update')));
    expect(audits[0].changes).toMatchObject({ before: { value: '10', title: '' }, after: { value: '12.5', title: 'Edited' } });
  });

  it('an inactive currency already on a cap does not block other edits', async () => {
    const cap = await make({ currency: 'GBP' });
    await db.update(currencies).set({ status: 'inactive' }).where(eq(currencies.code, 'GBP'));
    expect((await patch([{ id: cap.id, title: 'Still GBP' }])).statusCode).toBe(200);
    expect(locs(await patch([{ id: (await make()).id, currency: 'GBP' }]))).toEqual(['body.items.0.currency']);
    await db.update(currencies).set({ status: 'active' }).where(eq(currencies.code, 'GBP'));
  });

  it('PATCH /caps/sieves replaces the sieves and checks them', async () => {
    const a = await make();
    const b = await make();
    const res = await patch(
      [
        { id: a.id, sieve: { countries: ['FR'], affiliateIds: [affiliate.id] } },
        { id: b.id, sieve: { advertiserIds: [adv.id] } },
      ],
      '/sieves',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 sieves saved');
    expect(res.json().data.items[0].sieve).toMatchObject({ countries: ['FR'], affiliateIds: [affiliate.id], advertiserIds: [] });
    expect(locs(await patch([{ id: a.id, sieve: { advertiserIds: [stranger.id] } }], '/sieves'))).toEqual([
      'body.items.0.sieve.advertiserIds.0',
    ]);
    expect(locs(await patch([{ id: a.id }], '/sieves'))).toEqual(['body.items.0.sieve']);
  });

  it('changes status one or many', async () => {
    const a = await make();
    const b = await make();
    const res = await post('change_status', [
      { id: a.id, status: 'inactive' },
      { id: b.id, status: 'inactive' },
    ]);
    expect(res.json()).toMatchObject({
      message: '2 caps changed status',
      data: { items: [{ status: 'inactive' }, { status: 'inactive' }] },
    });
    expect((await post('change_status', [{ id: a.id, status: 'active' }])).json().message).toBe('Cap activated');
    expect(locs(await post('change_status', [{ id: a.id, status: 'deleted' }]))).toEqual(['body.items.0.status']);
    expect((await post('change_status', [{ id: 999999, status: 'active' }])).statusCode).toBe(404);
  });
});

describe('caps: counters', () => {
  it('shows the counter of the current period in the cap zone (t.clock)', async () => {
    const saved = t.clock.now;
    // tokens are checked against the test clock: sign in again after each move
    let admin = t.admin;
    const setClock = async (d: Date) => {
      t.clock.now = d;
      admin = { ...t.admin, ...(await t.signIn(t.admin.email, t.admin.password)) };
    };
    await setClock(new Date('2026-11-22T22:30:00Z')); // 2026-11-23 01:30 in Moscow
    try {
      const create = async (item: Record<string, unknown>) =>
        (await put([{ offerId: offer.id, value: '100', ...item }], admin)).json().data.items[0] as CapView;
      const moscow = await create({ timezone: 'Europe/Moscow' });
      const utc = await create({});
      expect(moscow).toMatchObject({
        periodKey: '2026-11-23',
        periodStart: Date.parse('2026-11-22T21:00:00Z') / 1000,
        periodEnd: Date.parse('2026-11-23T21:00:00Z') / 1000,
      });
      expect(utc.periodKey).toBe('2026-11-22');
      expect(await capCounters.incrementIfOpen(db, moscow.id, '2026-11-23', '3', '100')).toBe('3');
      expect(await capCounters.incrementIfOpen(db, moscow.id, '2026-11-22', '7', '100')).toBe('7');
      expect(await capCounters.incrementIfOpen(db, utc.id, '2026-11-22', '1.5', '100')).toBe('1.5');
      const view = async (id: number) => (await get(`/${id}`, admin)).json().data.items[0] as CapView;
      expect((await view(moscow.id)).counter).toBe('3');
      expect((await view(utc.id)).counter).toBe('1.5');
      await setClock(new Date('2026-11-23T00:30:00Z')); // 00:30 UTC on the 23rd: the UTC cap is in a new day, Moscow is not
      expect(await view(utc.id)).toMatchObject({ counter: '0', periodKey: '2026-11-23' });
      expect(await view(moscow.id)).toMatchObject({ counter: '3', periodKey: '2026-11-23' });
      await setClock(new Date('2026-11-23T21:00:00Z')); // Moscow midnight
      expect(await view(moscow.id)).toMatchObject({ counter: '0', periodKey: '2026-11-24' });
    } finally {
      t.clock.now = saved;
    }
  });

  it('drop_counter resets only the current period, audited with the old value', async () => {
    const cap = await make({ value: '50' });
    const { periodKey } = cap;
    await capCounters.incrementIfOpen(db, cap.id, periodKey, '9', '50');
    await capCounters.incrementIfOpen(db, cap.id, '2000-01-01', '4', '50');
    const res = await post('drop_counter', [{ id: cap.id }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Counter reset', data: { items: [{ id: cap.id, counter: '0' }] } });
    const rows = await db.select().from(counterRows).where(eq(counterRows.capId, cap.id));
    expect(Object.fromEntries(rows.map((r) => [r.periodKey, Number(r.value)]))).toEqual({ [periodKey]: 0, '2000-01-01': 4 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, cap.id), eq(auditLog.action, 'drop_counter')));
    expect(audit.changes).toEqual({ periodKey, before: { counter: '9' }, after: { counter: '0' } });
    // a cap never counted is reset too (nothing to lose); an unknown cap is a 404
    expect((await post('drop_counter', [{ id: (await make()).id }])).statusCode).toBe(200);
    expect((await post('drop_counter', [{ id: 999999 }])).statusCode).toBe(404);
    expect(locs(await post('drop_counter', []))).toEqual(['body.items']);
  });

  it('clone copies the sieve, starts inactive, without counters', async () => {
    const cap = await make({ title: 'Original', sieve: { countries: ['DE'], advertiserIds: [adv.id] }, informationalValue: '3' });
    await capCounters.incrementIfOpen(db, cap.id, cap.periodKey, '2', '10');
    const res = await post('clone', [{ id: cap.id }, { id: cap.id }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 caps cloned');
    const [copy] = res.json().data.items;
    expect(copy).toMatchObject({
      title: 'Original (copy)',
      status: 'inactive',
      value: '10',
      informationalValue: '3',
      counter: '0',
      sieve: { countries: ['DE'], advertiserIds: [adv.id] },
      createdBy: { id: t.admin.id },
    });
    expect(copy.id).not.toBe(cap.id);
    expect((await post('clone', [{ id: 999999 }])).statusCode).toBe(404);
  });
});

describe('caps: scope and permissions', () => {
  it('affiliates get only the info list: active caps with an informational value that apply to them', async () => {
    const infoOffer = await t.make.offer({ verticalId: vertical.id });
    const mk = (item: Record<string, unknown>) => make({ offerId: infoOffer.id, ...item });
    const shown = await mk({
      informationalValue: '50',
      value: '100',
      sieve: { countries: ['DE', 'AT'] },
      currency: 'EUR',
      period: 'month',
    });
    const mine = await mk({ informationalValue: '5', sieve: { affiliateIds: [affiliate.id] } });
    const teams = await mk({ informationalValue: '6', sieve: { teamIds: [team.id] } });
    await mk({ value: '100' }); // no informational value
    await mk({ informationalValue: '7', sieve: { affiliateIds: [teammate.id] } });
    const off = await mk({ informationalValue: '8' });
    await post('change_status', [{ id: off.id, status: 'inactive' }]);

    const res = await get(`/info?offerId=${infoOffer.id}`, affiliate);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([
      {
        id: shown.id,
        type: 'limit',
        period: 'month',
        timezone: 'UTC',
        processingType: 'leads',
        goal: null,
        informationalValue: '50',
        currency: 'EUR',
        countries: ['DE', 'AT'],
      },
      expect.objectContaining({ id: mine.id, informationalValue: '5' }),
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/"value"|counter|sieve/);
    // a team member sees the team's cap, not another affiliate's
    expect((await get(`/info?offerId=${infoOffer.id}`, teammate)).json().data.items.map((x: CapView) => x.id)).toEqual(
      expect.arrayContaining([shown.id, teams.id]),
    );
    // staff: everything active with an informational value, or as an affiliate sees it
    expect((await get(`/info?offerId=${infoOffer.id}`)).json().data.items).toHaveLength(4);
    expect((await get(`/info?offerId=${infoOffer.id}&affiliateId=${affiliate.id}`)).json().data.items).toHaveLength(2);

    for (const path of [`?offerId=${infoOffer.id}`, `/${shown.id}`, '/filters']) expect((await get(path, affiliate)).statusCode).toBe(403);
    expect((await put([{ offerId: infoOffer.id, value: '1' }], affiliate)).statusCode).toBe(403);
  });

  it('a private offer the affiliate is not assigned to is a 404 for its info', async () => {
    const priv = await t.make.offer({ verticalId: vertical.id, accessType: 3 });
    await make({ offerId: priv.id, informationalValue: '1' });
    expect((await get(`/info?offerId=${priv.id}`, affiliate)).statusCode).toBe(404);
    await db.insert(offerAffiliates).values({ offerId: priv.id, affiliateId: affiliate.id });
    expect((await get(`/info?offerId=${priv.id}`, affiliate)).json().data.items).toHaveLength(1);
    const inactive = await t.make.offer({ verticalId: vertical.id, status: 'inactive' });
    expect((await get(`/info?offerId=${inactive.id}`, affiliate)).statusCode).toBe(404);
    expect(locs(await get('/info', affiliate))).toEqual(['querystring.offerId']);
  });

  it('staff need offer.update to write; advertiser members and users without the menu get 403', async () => {
    const cap = await make();
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    expect((await get(`?offerId=${offer.id}`, reader)).statusCode).toBe(200);
    expect((await put([{ offerId: offer.id, value: '1' }], reader)).statusCode).toBe(403);
    expect((await patch([{ id: cap.id, title: 'x' }], '', reader)).statusCode).toBe(403);
    expect((await patch([{ id: cap.id, sieve: {} }], '/sieves', reader)).statusCode).toBe(403);
    for (const action of ['change_status', 'drop_counter', 'clone'])
      expect((await post(action, [{ id: cap.id, status: 'inactive' }], reader)).statusCode).toBe(403);
    const member = await t.make.user({ type: 'advertiser_member', permissions: ['front.menu.offers.read'] });
    expect((await get(`?offerId=${offer.id}`, member)).statusCode).toBe(403);
    expect((await get(`/info?offerId=${offer.id}`, member)).statusCode).toBe(403);
    const nobody = await t.make.user({ type: 'employee', permissions: [] });
    expect((await get(`?offerId=${offer.id}`, nobody)).statusCode).toBe(403);
    expect((await get('/periods', nobody)).statusCode).toBe(403);
    expect((await get('/periods', affiliate)).statusCode).toBe(200);
  });
});
