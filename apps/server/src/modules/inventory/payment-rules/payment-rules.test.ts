import { pickPaymentRule, priceConversion, type PaymentRule } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, currencies, offerAdvertisers, offerTeams, paymentModels } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/payment-rules';

const vertical = await t.make.vertical({ goals: ['Registration', 'Deposit'] });
const otherVertical = await t.make.vertical({ goals: ['Sale'] });
const offer = await t.make.offer({ verticalId: vertical.id });
const adv = await t.make.advertiser({ verticalId: vertical.id });
await db.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: adv.id, integrationId: adv.integration.id });
const affiliate = await t.make.user({ type: 'affiliate' });
const teammate = await t.make.user({ type: 'affiliate' });
const team = await t.make.team({ members: [teammate.id] });
const [cpa] = await db.select().from(paymentModels).where(eq(paymentModels.code, 'CPA'));
const [foreignModel] = await db
  .insert(paymentModels)
  .values({ code: 'FTD', title: 'First deposit', verticalId: otherVertical.id })
  .returning();

const put = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PATCH', url, as, payload: { items } });
const post = (action: string, items: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: `${url}/${action}`, as, payload: { items } });
const get = (path: string, as: TestUser = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const locs = (res: { json(): { errors?: { loc: unknown[] }[] } }) => (res.json().errors ?? []).map((e) => e.loc.join('.')).sort();
async function make(item: Record<string, unknown> = {}) {
  const res = await put([{ offerId: offer.id, revenueValue: '10', payoutValue: '7', ...item }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as PaymentRule;
}

describe('payment rules: create and read', () => {
  it('creates a rule with every field', async () => {
    const res = await put([
      {
        offerId: offer.id,
        title: 'DE deposit',
        paymentModelId: cpa.id,
        targetConversionStatus: 1,
        isMultiConversion: true,
        autoApprovePeriod: 72,
        paymentType: 'fixed',
        revenueValue: '120.12345678',
        revenueCurrency: 'eur',
        payoutValue: '80',
        payoutCurrency: 'USD',
        goalId: vertical.goals[1].id,
        sieve: {
          countries: ['de'],
          affiliateIds: [affiliate.id],
          teamIds: [team.id],
          advertiserIds: [adv.id],
          schedule: { timezone: 'UTC', windows: [] },
        },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment rule created',
      data: {
        items: [
          {
            offerId: offer.id,
            title: 'DE deposit',
            paymentModel: { id: cpa.id, code: 'CPA' },
            targetConversionStatus: 1,
            isMultiConversion: true,
            autoApprovePeriod: 72,
            paymentType: 'fixed',
            revenueValue: '120.12345678',
            revenueCurrency: 'EUR',
            payoutValue: '80',
            payoutCurrency: 'USD',
            goal: { id: vertical.goals[1].id, title: 'Deposit' },
            status: 'active',
            // schedule is not a payment-rule key
            sieve: { countries: ['DE'], affiliateIds: [affiliate.id], teamIds: [team.id], advertiserIds: [adv.id], schedule: null },
            createdBy: { id: t.admin.id },
          },
        ],
      },
    });
    const id = res.json().data.items[0].id;
    expect((await get(`/${id}`)).json().data.items[0]).toMatchObject({ id, title: 'DE deposit' });
    expect((await get('/999999')).statusCode).toBe(404);
  });

  it('a percent rule pays in the revenue currency', async () => {
    const rule = await make({ paymentType: 'percent', revenueCurrency: 'EUR', payoutValue: '30', payoutCurrency: 'USD' });
    expect(rule).toMatchObject({ paymentType: 'percent', payoutValue: '30', payoutCurrency: 'EUR' });
    const edited = (await patch([{ id: rule.id, revenueCurrency: 'GBP' }])).json().data.items[0];
    expect(edited).toMatchObject({ revenueCurrency: 'GBP', payoutCurrency: 'GBP' });
    const fixed = (await patch([{ id: rule.id, paymentType: 'fixed', payoutCurrency: 'USD', payoutValue: '250' }])).json().data.items[0];
    expect(fixed).toMatchObject({ paymentType: 'fixed', payoutCurrency: 'USD', payoutValue: '250' });
    // back to percent with a payout above 100: refused against the stored value
    expect(locs(await patch([{ id: rule.id, paymentType: 'percent' }]))).toEqual(['body.items.0.payoutValue']);
  });

  it('reports each bad field at its place and writes nothing', async () => {
    const before = (await get(`?offerId=${offer.id}&withMeta=1`)).json().data.meta.totalCount;
    const res = await put([
      { offerId: offer.id, revenueValue: '-1', payoutValue: '1.000000001' },
      { offerId: offer.id, paymentType: 'percent', payoutValue: '101' },
      { offerId: offer.id, targetConversionStatus: 9, autoApprovePeriod: 8761 },
      { offerId: offer.id, autoApprovePeriod: 0, paymentType: 'share' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(locs(res)).toEqual([
      'body.items.0.payoutValue',
      'body.items.0.revenueValue',
      'body.items.1.payoutValue',
      'body.items.2.autoApprovePeriod',
      'body.items.2.targetConversionStatus',
      'body.items.3.autoApprovePeriod',
      'body.items.3.paymentType',
    ]);
    expect(locs(await put([{ offerId: 999999 }]))).toEqual(['body.items.0.offerId']);
    await db.update(currencies).set({ status: 'inactive' }).where(eq(currencies.code, 'GBP'));
    const refs = await put([
      {
        offerId: offer.id,
        revenueCurrency: 'GBP',
        payoutCurrency: 'ABC',
        goalId: otherVertical.goals[0].id,
        paymentModelId: foreignModel.id,
        sieve: { advertiserIds: [999999], affiliateIds: [t.admin.id], teamIds: [999999] },
      },
    ]);
    expect(locs(refs)).toEqual([
      'body.items.0.goalId',
      'body.items.0.paymentModelId',
      'body.items.0.payoutCurrency',
      'body.items.0.revenueCurrency',
      'body.items.0.sieve.advertiserIds.0',
      'body.items.0.sieve.affiliateIds.0',
      'body.items.0.sieve.teamIds.0',
    ]);
    await db.update(currencies).set({ status: 'active' }).where(eq(currencies.code, 'GBP'));
    expect((await get(`?offerId=${offer.id}&withMeta=1`)).json().data.meta.totalCount).toBe(before);
  });

  it('lists one offer with filters, order and meta; look-up', async () => {
    const other = await t.make.offer({ verticalId: vertical.id });
    const a = await make({ offerId: other.id, title: 'Alpha', goalId: vertical.goals[0].id, paymentModelId: cpa.id });
    const b = await make({ offerId: other.id, title: 'Beta', paymentType: 'percent', payoutValue: '50' });
    await post('change_status', [{ id: b.id, status: 'inactive' }]);
    const ids = async (q: string) => (await get(`?offerId=${other.id}&${q}`)).json().data.items.map((x: PaymentRule) => x.id);
    expect(await ids('orderBy=payoutValue:desc')).toEqual([b.id, a.id]);
    expect(await ids('status=active')).toEqual([a.id]);
    expect(await ids('paymentType=percent')).toEqual([b.id]);
    expect(await ids(`goalId=${vertical.goals[0].id}`)).toEqual([a.id]);
    expect(await ids(`paymentModelId=${cpa.id}`)).toEqual([a.id]);
    expect(await ids('search=bet')).toEqual([b.id]);
    expect((await get(`?offerId=${other.id}&withMeta=1`)).json().data.meta).toEqual({ totalCount: 2 });
    expect(locs(await get(`?offerId=${other.id}&orderBy=secret:asc`))).toEqual(['querystring.orderBy']);
    expect(locs(await get(`?offerId=${other.id}&status=deleted`))).toEqual(['querystring.status']);
    expect((await get(`/filters?offerId=${other.id}&search=alp`)).json().data.items).toEqual([
      { id: a.id, offerId: other.id, title: 'Alpha', paymentType: 'fixed', status: 'active' },
    ]);
  });
});

describe('payment rules: edit, status, clone', () => {
  it('bulk edit: many rules in one request, all or nothing', async () => {
    const a = await make();
    const b = await make();
    const res = await patch([
      { id: a.id, payoutValue: '8', status: 'inactive' },
      { id: b.id, payoutValue: '8', autoApprovePeriod: 24 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '2 payment rules saved',
      data: {
        items: [
          { payoutValue: '8', status: 'inactive' },
          { payoutValue: '8', autoApprovePeriod: 24 },
        ],
      },
    });
    const bad = await patch([
      { id: a.id, payoutValue: '9' },
      { id: b.id, goalId: otherVertical.goals[0].id },
    ]);
    expect(locs(bad)).toEqual(['body.items.1.goalId']);
    expect((await get(`/${a.id}`)).json().data.items[0].payoutValue).toBe('8');
    expect((await patch([{ id: 999999, payoutValue: '1' }])).statusCode).toBe(404);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_rule'), eq(auditLog.entityId, b.id), eq(auditLog.action, 'update')));
    expect(audit.changes).toEqual({
      before: { payoutValue: '7', autoApprovePeriod: null },
      after: { payoutValue: '8', autoApprovePeriod: 24 },
    });
  });

  it('changes status; clone copies the sieve and starts inactive', async () => {
    const rule = await make({ title: 'Source', sieve: { countries: ['FR'] } });
    const off = await post('change_status', [{ id: rule.id, status: 'inactive' }]);
    expect(off.json()).toMatchObject({ message: 'Payment rule status changed', data: { items: [{ status: 'inactive' }] } });
    expect((await post('change_status', [{ id: rule.id, status: 'active' }])).json().message).toBe('Payment rule activated');
    expect((await post('change_status', [{ id: 999999, status: 'active' }])).statusCode).toBe(404);
    const res = await post('clone', [{ id: rule.id }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment rule cloned',
      data: { items: [{ title: 'Source (copy)', status: 'inactive', revenueValue: '10', payoutValue: '7', sieve: { countries: ['FR'] } }] },
    });
    expect(res.json().data.items[0].id).not.toBe(rule.id);
    expect((await post('clone', [{ id: 999999 }])).statusCode).toBe(404);
    expect(locs(await post('clone', [{ id: 'x' }]))).toEqual(['body.items.0.id']);
  });

  it('the stored rules price conversions through the shared picker', async () => {
    const o = await t.make.offer({ verticalId: vertical.id });
    await make({ offerId: o.id, payoutValue: '5' });
    await make({ offerId: o.id, payoutValue: '6', sieve: { teamIds: [team.id] } });
    await make({ offerId: o.id, payoutValue: '9', sieve: { affiliateIds: [affiliate.id] } });
    const rules = (await get(`?offerId=${o.id}`)).json().data.items as PaymentRule[];
    const rule = (affiliateId: number, teamId: number | null) =>
      pickPaymentRule(
        rules.map((r) => ({ ...r, goalId: r.goal?.id ?? null })),
        { affiliateId, teamId },
      );
    expect(priceConversion(rule(affiliate.id, null)!).payout).toBe('9');
    expect(priceConversion(rule(teammate.id, team.id)!).payout).toBe('6');
    expect(priceConversion(rule(12345, null)!).payout).toBe('5');
  });
});

describe('payment rules: scope and permissions', () => {
  it('affiliates get only payouts of the active rules that apply to them', async () => {
    const o = await t.make.offer({ verticalId: vertical.id });
    const all = await make({ offerId: o.id, payoutValue: '5', revenueValue: '50', sieve: { countries: ['DE'] }, paymentModelId: cpa.id });
    const mine = await make({ offerId: o.id, payoutValue: '9', sieve: { affiliateIds: [affiliate.id] } });
    const teams = await make({ offerId: o.id, payoutValue: '6', sieve: { teamIds: [team.id] } });
    const off = await make({ offerId: o.id, payoutValue: '1' });
    await post('change_status', [{ id: off.id, status: 'inactive' }]);

    const res = await get(`/info?offerId=${o.id}`, affiliate);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([
      {
        id: all.id,
        title: '',
        paymentModel: { id: cpa.id, code: 'CPA', title: cpa.title },
        goal: null,
        paymentType: 'fixed',
        payoutValue: '5',
        payoutCurrency: 'USD',
        targetConversionStatus: 3,
        autoApprovePeriod: null,
        countries: ['DE'],
      },
      expect.objectContaining({ id: mine.id, payoutValue: '9' }),
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/revenue|sieve/i);
    expect((await get(`/info?offerId=${o.id}`, teammate)).json().data.items.map((r: PaymentRule) => r.id)).toEqual([all.id, teams.id]);
    expect((await get(`/info?offerId=${o.id}&affiliateId=${teammate.id}`)).json().data.items).toHaveLength(2);
    expect((await get(`/info?offerId=${o.id}`)).json().data.items).toHaveLength(3);

    for (const path of [`?offerId=${o.id}`, `/${all.id}`, '/filters']) expect((await get(path, affiliate)).statusCode).toBe(403);
    for (const [action, items] of [
      ['change_status', [{ id: all.id, status: 'inactive' }]],
      ['clone', [{ id: all.id }]],
    ] as const)
      expect((await post(action, [...items], affiliate)).statusCode).toBe(403);
    expect((await put([{ offerId: o.id }], affiliate)).statusCode).toBe(403);
    expect((await patch([{ id: all.id, payoutValue: '100' }], affiliate)).statusCode).toBe(403);
  });

  it('private offers: info only once the affiliate (or its team) is assigned', async () => {
    const priv = await t.make.offer({ verticalId: vertical.id, accessType: 3 });
    await make({ offerId: priv.id });
    expect((await get(`/info?offerId=${priv.id}`, teammate)).statusCode).toBe(404);
    await db.insert(offerTeams).values({ offerId: priv.id, teamId: team.id });
    expect((await get(`/info?offerId=${priv.id}`, teammate)).json().data.items).toHaveLength(1);
    expect((await get(`/info?offerId=${priv.id}`, affiliate)).statusCode).toBe(404);
  });

  it('writing needs offer.update; advertiser members get 403', async () => {
    const rule = await make();
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    expect((await get(`?offerId=${offer.id}`, reader)).statusCode).toBe(200);
    expect((await put([{ offerId: offer.id }], reader)).statusCode).toBe(403);
    expect((await patch([{ id: rule.id, title: 'x' }], reader)).statusCode).toBe(403);
    expect((await post('change_status', [{ id: rule.id, status: 'inactive' }], reader)).statusCode).toBe(403);
    expect((await post('clone', [{ id: rule.id }], reader)).statusCode).toBe(403);
    const member = await t.make.user({ type: 'advertiser_member', permissions: ['front.menu.offers.read'] });
    expect((await get(`?offerId=${offer.id}`, member)).statusCode).toBe(403);
    expect((await get(`/info?offerId=${offer.id}`, member)).statusCode).toBe(403);
  });
});
