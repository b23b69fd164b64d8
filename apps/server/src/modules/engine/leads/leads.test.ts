import { randomUUID } from 'node:crypto';
import { leadIntakeSchema } from '@leadgrid/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { caps, clicks, leadEvents, users, verticals } from '../../../db/schema';
import { LEAD_DELIVER_JOB } from './distribution';
import { directReads } from './engine-reads';
import { acceptLead } from './intake';
import { sweepLeads } from './leads.jobs';
import { leadMarket } from './lead-market.fixture';

const t = await useApp();
const { market, post, leadOf, deliveriesOf, nextPhone, state } = leadMarket(t);

describe('lead API: POST /api/v1/leads', () => {
  it('stores the lead, sends it to the advertiser and answers the autologin URL; the history shows the exact request', async () => {
    const m = await market([{ path: '/accept/a' }]);
    const phone = nextPhone();
    const res = await post(m.token, {
      campaignId: m.campaign.id,
      firstName: 'Anna',
      phone,
      country: 'PL',
      email: 'Anna@Example.com',
      sub1: 'fb',
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      status: 'sent',
      reason: null,
      redirectUrl: expect.stringMatching(/^https:\/\/brand\.example\/login\?t=\d+$/),
    });
    const lead = await leadOf(data.id);
    expect(lead).toMatchObject({
      status: 'sent',
      phone: phone.replace(/\s/g, ''),
      email: 'anna@example.com',
      advertiserId: m.advertisers[0].id,
      advertiserLeadId: expect.stringMatching(/^ADV-/),
      campaignId: m.campaign.id,
      offerId: m.offer.id,
      sub1: 'fb',
    });
    const [delivery] = await deliveriesOf(data.id);
    expect(delivery).toMatchObject({ result: 'accepted', responseStatus: 200, integrationId: m.advertisers[0].integration.id });
    expect(JSON.parse((delivery.request as { body: string }).body)).toEqual({
      name: 'Anna',
      phone: phone.replace(/\s/g, ''),
      ref: String(data.id),
    });
    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, data.id)).orderBy(leadEvents.id);
    expect(events.map((e) => e.type)).toEqual(['created', 'sent']);
  });

  it('falls back to the next advertiser when one fails or times out; low priority last; every attempt kept', async () => {
    const m = await market([{ path: '/accept/low', lowPriority: true }, { path: '/fail' }, { path: '/slow', timeoutMs: 500 }]);
    const res = await post(m.token, { offerId: m.offer.id, firstName: 'Bo', phone: nextPhone(), country: 'PL' });
    const { data } = res.json();
    expect(data.status).toBe('sent');
    const attempts = await deliveriesOf(data.id);
    expect(attempts.map((a) => a.result).sort()).toEqual(['accepted', 'rejected', 'timeout']);
    expect(attempts[2]).toMatchObject({ result: 'accepted', advertiserId: m.advertisers[0].id });
    expect(attempts.find((a) => a.result === 'rejected')).toMatchObject({ responseStatus: 500, error: 'HTTP 500' });
  });

  it('keeps a lead nobody accepts as unsent with a retry job, and delivers it on the retry', async () => {
    const m = await market([{ path: '/later' }]);
    state.acceptAfter = 1; // the first call fails, the next succeeds
    const { data } = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json();
    expect(data).toMatchObject({ status: 'unsent', reason: 'HTTP 500', redirectUrl: null });
    expect(await leadOf(data.id)).toMatchObject({ status: 'unsent', deliveryAttempts: 1 });
    t.clock.advance(61);
    await t.queue.runDue(LEAD_DELIVER_JOB, { max: 100, ignoreStartAfter: true });
    expect(await leadOf(data.id)).toMatchObject({ status: 'sent', deliveryAttempts: 2 });
    expect((await deliveriesOf(data.id)).map((a) => a.result)).toEqual(['rejected', 'accepted']);
  });

  it('the lead sweep distributes a lead whose request never did (the process died after the commit), once its lease ends', async () => {
    const m = await market([{ path: '/accept/late' }]);
    const ctx = { actor: null, db: t.database.db, database: t.database, config: t.config, now: () => t.clock.now };
    const [actor] = await t.database.db.select().from(users).where(eq(users.id, m.affiliate.id));
    const accepted = await acceptLead(
      {
        ...ctx,
        actor: {
          id: actor.id,
          roleId: actor.roleId,
          roleType: 'affiliate',
          roleTitle: 'Affiliate',
          permissions: [],
          status: 'active',
          timezone: 'UTC',
        },
      },
      directReads(t.database.db),
      leadIntakeSchema.parse({ offerId: m.offer.id, phone: nextPhone(), country: 'PL' }),
    );
    expect(await leadOf(accepted.id)).toMatchObject({ status: 'new' });
    const deps = { database: t.database, tracking: t.app.services.tracking };
    // still leased to the (dead) request's run: the sweep leaves it alone
    await sweepLeads(ctx, t.queue, deps);
    expect(await leadOf(accepted.id)).toMatchObject({ status: 'new' });
    t.clock.advance(121);
    expect(await sweepLeads(ctx, t.queue, deps)).toBeGreaterThanOrEqual(1);
    expect(await leadOf(accepted.id)).toMatchObject({ status: 'sent', advertiserId: m.advertisers[0].id });
    expect(await deliveriesOf(accepted.id)).toHaveLength(1);
    // a second sweep finds nothing of it to do
    await sweepLeads(ctx, t.queue, deps);
    expect(await deliveriesOf(accepted.id)).toHaveLength(1);
  });

  it('lets exactly the cap through under concurrent leads', async () => {
    const m = await market([{ path: '/accept/cap' }]);
    await t.database.db.insert(caps).values({ offerId: m.offer.id, type: 'limit', value: '3', period: 'day', timezone: 'UTC' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })),
    );
    expect(answers.map((r) => `${r.statusCode} ${r.json().data.status} ${r.json().data.reason ?? ''}`.trim()).sort()).toEqual([
      ...Array(3).fill('200 sent'),
      ...Array(5).fill('200 unsent The caps of every matching advertiser are full'),
    ]);
  });

  it('marks test, duplicate and invalid leads with their reason and sends none of them', async () => {
    const m = await market([{ path: '/accept/kinds' }]);
    await t.database.db
      .update(verticals)
      .set({ inboundRules: [{ type: 'email_domain_not_in', values: ['spam.example'], onFail: 'invalid' }] })
      .where(eq(verticals.id, m.vertical.id));
    const phone = nextPhone();
    const first = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    const dup = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    expect(dup).toMatchObject({ status: 'duplicate', reason: 'Duplicate of an earlier lead' });
    expect(await leadOf(dup.id)).toMatchObject({ statusReason: `Duplicate of lead ${first.id}`, duplicateOf: first.id });
    const test = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL', test: true })).json().data;
    expect(test.status).toBe('test');
    const invalid = (await post(m.token, { offerId: m.offer.id, phone: nextPhone(), email: 'x@spam.example', country: 'PL' })).json().data;
    expect(invalid).toMatchObject({ status: 'invalid', reason: 'The e-mail domain is not accepted' });
    for (const id of [dup.id, test.id, invalid.id]) expect(await deliveriesOf(id)).toHaveLength(0);
  });

  it('makes a lead on a test click a test lead (never sent), and refuses it where the vertical takes no test leads', async () => {
    const m = await market([{ path: '/accept/testclick' }]);
    const clickOf = async (isTest: boolean) => {
      const [row] = await t.database.db
        .insert(clicks)
        .values({
          id: randomUUID(),
          createdAt: t.clock.now,
          campaignId: m.campaign.id,
          offerId: m.offer.id,
          affiliateId: m.affiliate.id,
          status: 1,
          isTest,
        })
        .returning({ id: clicks.id });
      return row.id;
    };
    const onTest = (await post(m.token, { clickId: await clickOf(true), phone: nextPhone(), country: 'PL' })).json().data;
    expect(onTest.status).toBe('test');
    expect(await leadOf(onTest.id)).toMatchObject({ status: 'test', isTest: true });
    expect(await deliveriesOf(onTest.id)).toHaveLength(0);
    const onReal = (await post(m.token, { clickId: await clickOf(false), phone: nextPhone(), country: 'PL' })).json().data;
    expect(onReal.status).not.toBe('test');

    await t.database.db
      .update(verticals)
      .set({ apiSettings: sql`api_settings || '{"acceptTestLeads": false}'::jsonb` })
      .where(eq(verticals.id, m.vertical.id));
    const before = await t.database.db.execute(sql`select count(*)::int as n from leads where offer_id = ${m.offer.id}`);
    const refused = await post(m.token, { clickId: await clickOf(true), phone: nextPhone(), country: 'PL' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().message).toBe('This vertical does not take test leads, and the click is a test click');
    const after = await t.database.db.execute(sql`select count(*)::int as n from leads where offer_id = ${m.offer.id}`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0].n).toBe((before as unknown as { rows: { n: number }[] }).rows[0].n);
  });

  it("never names another affiliate's lead to an affiliate: the answer and its lead list say duplicate, staff see the link", async () => {
    const m = await market([{ path: '/accept/other' }]);
    const phone = nextPhone();
    const first = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    const other = await t.make.user({ type: 'affiliate' });
    const [{ apiToken }] = await t.database.db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, other.id));
    const res = await post(apiToken!, { offerId: m.offer.id, phone, country: 'PL' });
    expect(res.statusCode).toBe(200);
    const dup = res.json().data;
    expect(dup).toEqual({ id: expect.any(Number), status: 'duplicate', reason: 'Duplicate of an earlier lead', redirectUrl: null });
    expect(res.body).not.toContain(String(first.id));
    const mine = await t.request({ method: 'GET', url: `/api/v1/leads/${dup.id}`, as: other });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.items[0]).toMatchObject({ status: 'duplicate', statusReason: 'Duplicate of an earlier lead' });
    expect(mine.json().data.items[0]).not.toHaveProperty('duplicateOf');
    const list = await t.request({ method: 'GET', url: '/api/v1/leads?limit=5', as: other });
    expect(list.json().data.items.map((l: { statusReason: string | null }) => l.statusReason)).toEqual(['Duplicate of an earlier lead']);
    const staff = await t.request({ method: 'GET', url: `/api/v1/leads/${dup.id}`, as: t.admin });
    expect(staff.json().data.items[0]).toMatchObject({ statusReason: `Duplicate of lead ${first.id}`, duplicateOf: first.id });
  });

  it('stores parallel leads group-committed: each its own id, history and delivery; duplicates of an earlier lead found in a batch', async () => {
    const m = await market([{ path: '/accept/parallel' }]);
    const phone = nextPhone();
    const first = (await post(m.token, { offerId: m.offer.id, phone, country: 'PL' })).json().data;
    const bodies = Array.from({ length: 24 }, (_, i) => ({
      offerId: m.offer.id,
      phone: i % 8 === 0 ? phone : nextPhone(),
      country: 'PL',
      sub1: `p${i}`,
    }));
    const answers = (await Promise.all(bodies.map((b) => post(m.token, b)))).map((r) => r.json().data);
    expect(new Set(answers.map((a) => a.id)).size).toBe(24);
    answers.forEach((a, i) => {
      if (i % 8 === 0) expect(a).toMatchObject({ status: 'duplicate', reason: 'Duplicate of an earlier lead' });
      else expect(a.status).toBe('sent');
    });
    for (const [i, a] of answers.entries()) {
      expect(await leadOf(a.id)).toMatchObject({ sub1: `p${i}`, status: a.status, duplicateOf: i % 8 === 0 ? first.id : null });
      const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, a.id)).orderBy(leadEvents.id);
      expect(events.map((e) => e.type)).toEqual(i % 8 === 0 ? ['created'] : ['created', 'sent']);
      expect(await deliveriesOf(a.id)).toHaveLength(i % 8 === 0 ? 0 : 1);
    }
  });

  it('refuses a NUL character in any value with a 400, storing nothing', async () => {
    const m = await market([{ path: '/accept/nul' }]);
    const res = await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL', fields: { note: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['body', 'fields', 'note']);
    const n = await t.database.db.execute(sql`select count(*)::int as n from leads where offer_id = ${m.offer.id}`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('refuses bad input with field errors and a rejecting rule with 422, storing nothing', async () => {
    const m = await market([{ path: '/accept/bad' }]);
    await t.database.db
      .update(verticals)
      .set({
        incomingParameters: [{ name: 'income', title: 'Income', type: 'number', required: true, validation: { min: 100 } }],
        inboundRules: [{ type: 'allowed_countries', values: ['PL'], onFail: 'rejected' }],
      })
      .where(eq(verticals.id, m.vertical.id));
    const count = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from leads where offer_id = ${m.offer.id}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n,
      );
    const bad = await post(m.token, { offerId: m.offer.id, email: 'not-an-email', country: 'XX', fields: { income: '50' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { loc: string[]; msg: string }) => [e.loc.join('.'), e.msg])).toEqual([
      ['body.country', 'pattern'],
      ['body.email', 'email'],
      ['body.fields.income', 'min'],
    ]);
    const missing = await post(m.token, { offerId: m.offer.id, country: 'PL' });
    expect(missing.json().errors).toEqual([expect.objectContaining({ loc: ['body', 'fields', 'income'], msg: 'required' })]);
    const shape = await post(m.token, { phone: 'x'.repeat(51) });
    expect(shape.statusCode).toBe(400);
    const rejected = await post(m.token, { offerId: m.offer.id, country: 'DE', fields: { income: 500 } });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().message).toBe('The lead is rejected: Country DE is not accepted');
    const sqlish = await post(m.token, {
      offerId: m.offer.id,
      country: 'PL',
      firstName: "'; drop table leads; --",
      fields: { income: 500 },
    });
    expect(sqlish.json().data.status).toBe('sent');
    expect(await count()).toBe(1);
  });

  it('is for affiliates with access to the offer only', async () => {
    const m = await market([{ path: '/accept/perm' }], { accessType: 3 });
    expect((await post(null, { offerId: m.offer.id })).statusCode).toBe(401);
    expect((await post('not-a-token', { offerId: m.offer.id })).statusCode).toBe(401);
    expect((await post(m.token, { offerId: m.offer.id, country: 'PL' })).json()).toMatchObject({
      statusCode: 403,
      message: 'You have no access to this offer',
    });
    const staff = await t.make.user({ type: 'admin' });
    const asStaff = await t.request({ method: 'POST', url: '/api/v1/leads', as: staff, payload: { offerId: m.offer.id } });
    expect(asStaff.json()).toMatchObject({ statusCode: 403, message: 'Only affiliates post leads' });
    const other = await market([{ path: '/accept/other' }]);
    expect((await post(other.token, { campaignId: m.campaign.id })).json()).toMatchObject({
      statusCode: 400,
      errors: [{ loc: ['body', 'campaignId'] }],
    });
    // a write behind the API's back: the engine's cache drops the affiliate when the database's notification arrives
    const version = t.app.services.tracking.feed.version;
    await t.database.db.update(users).set({ trafficBlocked: true }).where(eq(users.id, other.affiliate.id));
    await expect.poll(() => t.app.services.tracking.feed.version, { timeout: 5000 }).toBeGreaterThan(version);
    expect((await post(other.token, { offerId: other.offer.id })).json()).toMatchObject({
      statusCode: 403,
      message: 'Your traffic is blocked',
    });
  });
  it('declares in the OpenAPI document each 4xx it answers, each with the error body, and answers each of them', async () => {
    const m = await market([{ path: '/accept/codes' }]);
    type Answer = { description: string; content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    const doc = t.app.swagger() as unknown as { paths: Record<string, { post: { responses: Record<string, Answer> } }> };
    const { responses } = doc.paths['/api/v1/leads'].post;
    const declared = Object.keys(responses).filter((c) => c.startsWith('4'));
    expect(declared.sort()).toEqual(['400', '401', '403', '413', '415', '422']);
    for (const code of declared) {
      expect(responses[code].description.length, code).toBeGreaterThan(20);
      expect(Object.keys(responses[code].content['application/json'].schema.properties), code).toEqual(['statusCode', 'message', 'errors']);
    }
    const raw = (payload: string, type: string) =>
      t.request({ method: 'POST', url: '/api/v1/leads', headers: { 'x-api-key': m.token, 'content-type': type }, payload });
    const seen: Record<string, { statusCode: number; message: string }> = {
      '400': (await post(m.token, { offerId: 'x' })).json(),
      '401': (await post(null, { offerId: m.offer.id })).json(),
      '403': (await t.request({ method: 'POST', url: '/api/v1/leads', as: t.admin, payload: { offerId: m.offer.id } })).json(),
      '413': (await raw(JSON.stringify({ offerId: m.offer.id, sub1: 'x'.repeat(1100 * 1024) }), 'application/json')).json(),
      '415': (await raw('<lead/>', 'application/xml')).json(),
    };
    await t.database.db
      .update(verticals)
      .set({ inboundRules: [{ type: 'allowed_countries', values: ['PL'], onFail: 'rejected' }] })
      .where(eq(verticals.id, m.vertical.id));
    seen['422'] = (await post(m.token, { offerId: m.offer.id, country: 'DE' })).json();
    for (const code of declared) expect(seen[code], code).toMatchObject({ statusCode: Number(code), message: expect.any(String) });
  });
});
