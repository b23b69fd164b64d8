/**
 * Every raw writer moves the roll-ups (docs/decisions/insights.md): each step goes through the product's own path —
 * the click batch writer, a click edit, the lead API with distribution, a lead action, an inbound postback, a status
 * change, a payout edit, auto-approve, the hold-queue release, a raw delete — and checks the figures statistics answer
 * moved as they should (a status change moves a count, never double counts) and that the verifier, recomputing from
 * the raw rows, finds no drift. Then a mixed concurrent load, after which the verifier finds no drift either.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestApp } from '../../../../test/helper';
import { rowsOf } from '../../../db/client';
import { conversions, integrations, leads, paymentRules } from '../../../db/schema';
import { autoApproveConversions } from '../../engine/conversions/conversions.jobs';
import { leadMarket } from '../../engine/leads/lead-market.fixture';
import { compact, verify } from './rollups';
import { CUBES } from './statistics.tables';

const t = await useApp();
const db = t.database.db;
const { market, post, nextPhone } = leadMarket(t);

const MAPPINGS = [
  { advertiserStatus: 'deposit', leadStatus: 'sent', conversionStatus: 3, leadGrade: 'ftd' },
  { advertiserStatus: 'pending', leadStatus: 'sent', conversionStatus: 1 },
];

async function setup(app: TestApp = t) {
  const m = await market([{ path: '/accept/a' }]);
  const adv = m.advertisers[0];
  await app.database.db
    .update(integrations)
    .set({ postbackEnabled: true, postback: {}, leadStatusMappings: MAPPINGS })
    .where(eq(integrations.id, adv.integration.id));
  await app.database.db.insert(paymentRules).values({
    offerId: m.offer.id,
    revenueValue: '50',
    revenueCurrency: 'USD',
    payoutValue: '30',
    payoutCurrency: 'USD',
    autoApprovePeriod: 24,
  });
  const lander = await app.make.lander({ offerId: m.offer.id });
  return { ...m, adv, lander };
}

/** the statistics of the affiliate over the day around now, as the API answers them */
async function figures(affiliateId: number, app: TestApp = t) {
  const now = Math.floor(app.clock.now.getTime() / 1000 / 900) * 900;
  const res = await app.request({
    method: 'GET',
    url: `/api/v1/statistics?from=${now - 86_400}&to=${now + 86_400}&affiliateId=${affiliateId}&groupBy=offer`,
    as: app.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.meta.totals as Record<string, number | string>;
}

async function noDrift(app: TestApp = t) {
  const now = app.clock.now.getTime();
  const report = await verify(app.database, { from: new Date(now - 2 * 86_400_000), to: new Date(now + 86_400_000) });
  expect(report.drift).toEqual(Object.fromEntries(CUBES.map((c) => [c.table, 0])));
}

const clickOnce = (key: string, app: TestApp = t) =>
  app.request({
    method: 'GET',
    url: `/c/${key}`,
    headers: { 'x-forwarded-for': '8.8.8.8', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36' },
  });

describe('each writer moves the roll-ups', () => {
  it('click batch writer, click edit, lead API, lead action, postback, status change, payout edit, auto-approve, delete', async () => {
    const m = await setup();
    const aff = m.affiliate.id;

    // the click batch writer: one batch of three clicks
    for (let i = 0; i < 3; i++) expect((await clickOnce(m.campaign.key)).statusCode).toBeLessThan(400);
    await t.app.services.tracking.clicks.flush();
    let f = await figures(aff);
    expect(f.clicks).toBe(3);
    await noDrift();

    // a click edit: one click made invalid moves it from valid to invalid
    const { rows: clickRows } = await t.database.query<{ id: string; status: number }>(
      'SELECT id, status FROM clicks WHERE affiliate_id = $1 ORDER BY id',
      [aff],
    );
    const before = { valid: f.valid_clicks as number, invalid: f.invalid_clicks as number };
    const edit = await t.request({
      method: 'PATCH',
      url: '/api/v1/clicks',
      as: t.admin,
      payload: {
        items: [{ id: clickRows.find((c) => c.status === 1)?.id ?? clickRows[0].id, status: 2, invalidReason: 'manual', sub1: 'edited' }],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    f = await figures(aff);
    if (clickRows.some((c) => c.status === 1)) expect([f.valid_clicks, f.invalid_clicks]).toEqual([before.valid - 1, before.invalid + 1]);
    expect(f.clicks).toBe(3);
    await noDrift();

    // lead intake with distribution: sent to the advertiser
    const res = await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' });
    expect(res.statusCode, res.body).toBe(200);
    const leadId = res.json().data.id as number;
    f = await figures(aff);
    expect(f).toMatchObject({ leads: 1, leads_sent: 1 });
    await noDrift();

    // a duplicate: stored and counted, in its own column
    const phone = nextPhone();
    await post(m.token, { offerId: m.offer.id, phone, country: 'PL' });
    await post(m.token, { offerId: m.offer.id, phone, country: 'PL' });
    f = await figures(aff);
    expect(f).toMatchObject({ leads: 3, leads_sent: 2, leads_duplicate: 1 });
    await noDrift();

    // a lead action: the first lead to the trash moves it from sent to trash
    const action = await t.request({
      method: 'PATCH',
      url: '/api/v1/leads',
      as: t.admin,
      payload: { items: [{ id: leadId, action: 'trash' }] },
    });
    expect(action.statusCode, action.body).toBe(200);
    f = await figures(aff);
    expect(f).toMatchObject({ leads: 3, leads_sent: 1, leads_trash: 1, leads_duplicate: 1 });
    await noDrift();

    // an inbound postback: a pending conversion on the second lead (status pending)
    const [second] = await db
      .select()
      .from(leads)
      .where(sql`${leads.affiliateId} = ${aff} AND ${leads.status} = 'sent'`);
    const pb = await t.request({
      method: 'GET',
      url: `/postback/${m.adv.integration.postbackKey}?lead_id=${second.id}&status=pending&event_id=E1`,
    });
    expect(pb.statusCode, pb.body).toBe(200);
    f = await figures(aff);
    expect(f).toMatchObject({
      conversions: 1,
      conversions_pending: 1,
      revenue_pending: '50',
      payout_pending: '30',
      revenue: '0',
      payout: '0',
    });
    await noDrift();

    // the same event approved by the advertiser: moves from pending to approved, never counted twice
    const pb2 = await t.request({
      method: 'GET',
      url: `/postback/${m.adv.integration.postbackKey}?lead_id=${second.id}&status=deposit&event_id=E1`,
    });
    expect(pb2.statusCode, pb2.body).toBe(200);
    f = await figures(aff);
    expect(f).toMatchObject({
      conversions: 1,
      conversions_pending: 0,
      approved_conversions: 1,
      revenue: '50',
      payout: '30',
      revenue_pending: '0',
    });
    await noDrift();

    // a payout and revenue edit
    const conv = (await db.select().from(conversions).where(eq(conversions.affiliateId, aff)))[0];
    const ed = await t.request({
      method: 'PATCH',
      url: '/api/v1/conversions',
      as: t.admin,
      payload: { items: [{ id: conv.id, payout: '25', revenue: '45' }] },
    });
    expect(ed.statusCode, ed.body).toBe(200);
    f = await figures(aff);
    expect(f).toMatchObject({ revenue: '45', payout: '25', profit: '20' });
    await noDrift();

    // a status change by staff: approved -> rejected moves the count and takes the money out
    const st = await t.request({
      method: 'POST',
      url: '/api/v1/conversions/change_status',
      as: t.admin,
      payload: { items: [{ id: conv.id, status: 4 }] },
    });
    expect(st.statusCode, st.body).toBe(200);
    f = await figures(aff);
    expect(f).toMatchObject({ conversions: 1, approved_conversions: 0, conversions_rejected: 1, revenue: '0', payout: '0' });
    await noDrift();

    // auto-approve: a pending conversion past its time becomes approved
    await db.insert(conversions).values({
      offerId: m.offer.id,
      affiliateId: aff,
      advertiserId: m.adv.id,
      status: 1,
      autoApproveAt: new Date(t.clock.now.getTime() - 1000),
      createdAt: t.clock.now,
      baseRevenue: '5',
      basePayout: '3',
      revenueCurrency: 'USD',
      payoutCurrency: 'USD',
      baseCurrency: 'USD',
    });
    f = await figures(aff);
    expect(f).toMatchObject({ conversions: 2, conversions_pending: 1, payout_pending: '3' });
    expect(await autoApproveConversions({ actor: null, db, database: t.database, config: t.config, now: () => t.clock.now })).toBe(1);
    f = await figures(aff);
    expect(f).toMatchObject({ conversions: 2, conversions_pending: 0, approved_conversions: 1, payout: '3', payout_pending: '0' });
    await noDrift();

    // deletes take counts back
    await db.delete(conversions).where(eq(conversions.affiliateId, aff));
    f = await figures(aff);
    expect(f).toMatchObject({ conversions: 0, revenue: '0' });

    // after compaction the same figures come from the cubes
    await compact(t.database);
    expect(await figures(aff)).toEqual(f);
    await noDrift();
  }, 120_000); // nine writers, each checked by the verifier over nine cubes

  it('hold queue release: a held lead leaving hold moves from hold to its outcome', async () => {
    const m = await setup();
    const [l] = await db
      .insert(leads)
      .values({
        status: 'hold',
        offerId: m.offer.id,
        verticalId: m.vertical.id,
        affiliateId: m.affiliate.id,
        country: 'PL',
        phone: nextPhone(),
        createdAt: t.clock.now,
      })
      .returning();
    expect(await figures(m.affiliate.id)).toMatchObject({ leads: 1, leads_hold: 1 });
    // the release sets the lead back to new for the sweep (hold-release.ts), then distribution sends it
    await db.update(leads).set({ status: 'new', holdUntil: null }).where(eq(leads.id, l.id));
    expect(await figures(m.affiliate.id)).toMatchObject({ leads: 1, leads_hold: 0, leads_new: 1 });
    await noDrift();
  });
});

describe('the roll-up triggers of clicks and leads (migration 0027)', () => {
  const deltas = async () => Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from stats_deltas`))[0]!.n);

  it('run a statement written once: no EXECUTE in their functions (conversions keep the generated one)', async () => {
    const rows = rowsOf<{ table: string; trigger: string; body: string }>(
      await db.execute(sql`
      select c.relname as table, tg.tgname as trigger, p.prosrc as body
      from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
      where tg.tgname like '%_stats_%' and not tg.tgisinternal and c.relname in ('clicks', 'leads', 'conversions')
      order by 1, 2`),
    );
    expect(rows).toHaveLength(9);
    for (const r of rows) {
      if (r.table === 'conversions') expect(r.body, r.trigger).toMatch(/EXECUTE stats_delta_sql/);
      else {
        expect(r.body, r.trigger).not.toMatch(/EXECUTE/i);
        expect(r.body, r.trigger).toMatch(/INSERT INTO stats_deltas/);
      }
    }
  });

  it('an update that changes no counted fact writes no delta; one of a sub moves its sub1 count', async () => {
    const m = await setup();
    const res = await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL', sub1: 'before' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await compact(t.database);
    expect(await deltas()).toBe(0);

    // the delivery bookkeeping a sweep writes: -old +new cancel in every group
    await db
      .update(leads)
      .set({ deliveryAttempts: sql`${leads.deliveryAttempts} + 1`, nextAttemptAt: t.clock.now })
      .where(eq(leads.id, id));
    expect(await deltas()).toBe(0);

    // sub1 is a dimension of stats_sub1: the count moves to the new value and the verifier agrees
    await db.update(leads).set({ sub1: 'after' }).where(eq(leads.id, id));
    expect(await deltas()).toBeGreaterThan(0);
    await noDrift();
  });

  it('a large update after a one-row one counts every row (the kept plan joins nothing row by row)', async () => {
    const m = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id as number);
    }
    const rows = await db
      .insert(leads)
      .values(
        Array.from({ length: 500 }, () => ({
          status: 'new',
          offerId: m.offer.id,
          verticalId: m.vertical.id,
          affiliateId: m.affiliate.id,
          phone: nextPhone(),
          createdAt: t.clock.now,
        })),
      )
      .returning({ id: leads.id });
    await db.update(leads).set({ status: 'trash' }).where(eq(leads.id, ids[0]!));
    await db
      .update(leads)
      .set({ status: 'trash' })
      .where(inArray(leads.id, [...ids.slice(1), ...rows.map((r) => r.id)]));
    expect(await figures(m.affiliate.id)).toMatchObject({ leads: 503, leads_trash: 503 });
    await noDrift();
  });
});

describe('mixed concurrent load', () => {
  it('clicks, leads, duplicates, postbacks, approvals, rejections and payout edits at once leave zero drift', async () => {
    const m = await setup();
    const aff = m.affiliate.id;
    const phones = Array.from({ length: 12 }, () => nextPhone());
    const compactions = (async () => {
      for (let i = 0; i < 6; i++) {
        await compact(t.database);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const clicksDone = Promise.all(Array.from({ length: 40 }, () => clickOnce(m.campaign.key)));
    // leads, each phone twice (the second a duplicate unless both land in one batch)
    const answers = await Promise.all(
      [...phones, ...phones.slice(0, 6)].map((phone) => post(m.token, { offerId: m.offer.id, phone, country: 'PL' })),
    );
    const ids = answers.filter((r) => r.statusCode === 200).map((r) => r.json().data.id as number);
    // postbacks: a conversion per sent lead, half approved at once
    const sent = await db
      .select({ id: leads.id })
      .from(leads)
      .where(sql`${leads.affiliateId} = ${aff} AND ${leads.status} = 'sent'`);
    await Promise.all(
      sent.map((l, i) =>
        t.request({
          method: 'GET',
          url: `/postback/${m.adv.integration.postbackKey}?lead_id=${l.id}&status=${i % 2 ? 'deposit' : 'pending'}&event_id=C${l.id}`,
        }),
      ),
    );
    const convs = await db
      .select({ id: conversions.id, status: conversions.status })
      .from(conversions)
      .where(eq(conversions.affiliateId, aff));
    await Promise.all([
      ...convs.map((c, i) =>
        i % 3 === 0
          ? t.request({
              method: 'POST',
              url: '/api/v1/conversions/change_status',
              as: t.admin,
              payload: { items: [{ id: c.id, status: c.status === 1 ? 3 : 4 }] },
            })
          : t.request({
              method: 'PATCH',
              url: '/api/v1/conversions',
              as: t.admin,
              payload: { items: [{ id: c.id, payout: String(10 + i) }] },
            }),
      ),
      t.request({
        method: 'PATCH',
        url: '/api/v1/leads',
        as: t.admin,
        payload: { items: ids.slice(0, 3).map((id) => ({ id, action: 'trash' })) },
      }),
      clicksDone,
      compactions,
    ]);
    await t.app.services.tracking.clicks.flush();
    await noDrift();
    // the statistics agree with the raw rows
    const f = await figures(aff);
    const { rows } = await t.database.query<{ clicks: string; leads: string; conversions: string; payout: string }>(
      `SELECT (SELECT count(*) FROM clicks WHERE affiliate_id = $1) AS clicks, (SELECT count(*) FROM leads WHERE affiliate_id = $1 AND NOT is_test) AS leads,
        (SELECT count(*) FROM conversions WHERE affiliate_id = $1) AS conversions, (SELECT coalesce(sum(base_payout) FILTER (WHERE status = 3), 0) FROM conversions WHERE affiliate_id = $1) AS payout`,
      [aff],
    );
    expect(f).toMatchObject({ clicks: Number(rows[0].clicks), leads: Number(rows[0].leads), conversions: Number(rows[0].conversions) });
    expect(Number(f.payout)).toBe(Number(rows[0].payout));
    expect(f.clicks).toBe(40);
  });
});
