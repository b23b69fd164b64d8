import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { affiliatePostbackMacros, MACROS } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, useApp, type TestUser } from '../../../../test/helper';
import { auditLog, postbacks, systemLogs, userManagers } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
const URL = '/api/v1/postbacks';

/** the affiliate's tracker: /ok answers 200, /down 503 */
let server: Server;
let base = '';
const received: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url!);
    res.writeHead(req.url!.startsWith('/down') ? 503 : 200);
    res.end('OK');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

const put = (items: Record<string, unknown>[], as: TestUser | null = t.admin) =>
  t.request({ method: 'PUT', url: URL, as, payload: { items } });
const patch = (items: Record<string, unknown>[], as: TestUser | null = t.admin) =>
  t.request({ method: 'PATCH', url: URL, as, payload: { items } });
const get = (url: string, as: TestUser | null = t.admin) => t.request({ method: 'GET', url: `${URL}${url}`, as });
const valid = (extra: Record<string, unknown> = {}) => ({
  title: 'My tracker',
  url: 'https://tracker.example/pb?cid={click_id}&s1={sub1}&p={payout}&c={currency}&st={status}&g={goal}',
  events: ['conversion_approved'],
  ...extra,
});

describe('affiliate postbacks: create', () => {
  it('lets an affiliate create its own postback (owner forced), answered with the owner and defaults', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const res = await put([valid()], affiliate);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Postback created');
    const [item] = res.json().data.items;
    expect(item).toMatchObject({
      scope: 'affiliate',
      affiliate: { id: affiliate.id, email: affiliate.email },
      team: null,
      method: 'GET',
      status: 'active',
      events: ['conversion_approved'],
      goalEvents: [],
      campaignCount: 0,
      createdBy: affiliate.id,
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'postback'), eq(auditLog.entityId, item.id)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses an affiliate creating a postback for another affiliate or a team', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate', signIn: false });
    const team = await t.make.team();
    const res = await put([valid({ affiliateId: other.id }), valid({ scope: 'team', teamId: team.id })], affiliate);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: 'You can only create your own postbacks', type: 'pattern', loc: ['body', 'items', 0, 'affiliateId'] },
      { msg: 'You can only create your own postbacks', type: 'pattern', loc: ['body', 'items', 1, 'scope'] },
      { msg: 'You can only create your own postbacks', type: 'pattern', loc: ['body', 'items', 1, 'teamId'] },
    ]);
    expect(await db.select().from(postbacks).where(eq(postbacks.affiliateId, other.id))).toEqual([]);
  });

  it('lets staff create affiliate and team postbacks with goal events', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const team = await t.make.team({ title: `Team ${Date.now()}` });
    const vertical = await t.make.vertical({ goals: ['Deposit', 'Registration'] });
    const goalId = vertical.goals[0].id;
    const res = await put([
      valid({
        affiliateId: affiliate.id,
        method: 'POST',
        goalEvents: [{ goalId, events: ['conversion_approved', 'conversion_rejected'] }],
      }),
      valid({ scope: 'team', teamId: team.id, events: [], goalEvents: [{ goalId, events: ['conversion_pending'] }], status: 'inactive' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 postbacks created');
    const [a, b] = res.json().data.items;
    expect(a).toMatchObject({
      scope: 'affiliate',
      affiliate: { id: affiliate.id },
      method: 'POST',
      goalEvents: [{ goalId, goalTitle: 'Deposit' }],
    });
    expect(b).toMatchObject({ scope: 'team', affiliate: null, team: { id: team.id }, status: 'inactive', events: [] });
  });

  it('answers 400 per field: unknown macro (named), staff-only macro, macro in the host, bad URL, method, no event, unknown goal, owners', async () => {
    const res = await put([valid({ affiliateId: 999999, url: 'https://tracker.example/pb?cid={clickid}' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The affiliate does not exist',
      errors: [
        { msg: 'The affiliate does not exist', type: 'exists', loc: ['body', 'items', 0, 'affiliateId'] },
        { msg: 'Unknown macro {clickid}', type: 'macro', loc: ['body', 'items', 0, 'url'] },
      ],
    });
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const staffOnly = await put([valid({ affiliateId: affiliate.id, url: 'https://t.example/pb?r={revenue}' })]);
    expect(staffOnly.json().errors).toEqual([
      { msg: 'The macro {revenue} is not available in affiliate postbacks', type: 'macro', loc: ['body', 'items', 0, 'url'] },
    ]);
    const host = await put([valid({ affiliateId: affiliate.id, url: 'https://{sub1}.example/pb' })]);
    expect(host.json().errors[0]).toMatchObject({ type: 'macro', loc: ['body', 'items', 0, 'url'] });
    const shape = await put([{ affiliateId: affiliate.id, url: 'ftp://x.example', method: 'PUT', events: ['lead_sold'] }]);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'url', loc: ['body', 'items', 0, 'url'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'method'] }),
        expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'events', 0] }),
      ]),
    );
    const nothing = await put([valid({ affiliateId: affiliate.id, events: [] })]);
    expect(nothing.json().errors).toEqual([
      { msg: 'Choose at least one event or goal event', type: 'required', loc: ['body', 'items', 0, 'events'] },
    ]);
    const goal = await put([valid({ affiliateId: affiliate.id, goalEvents: [{ goalId: 999999, events: ['conversion_approved'] }] })]);
    expect(goal.json().errors).toEqual([
      { msg: 'The goal does not exist', type: 'exists', loc: ['body', 'items', 0, 'goalEvents', 0, 'goalId'] },
    ]);
    const owners = await put([valid({ scope: 'affiliate' }), valid({ scope: 'team', teamId: 999999 })]);
    expect(owners.json().errors).toEqual([
      { msg: 'required', type: 'required', loc: ['body', 'items', 0, 'affiliateId'] },
      { msg: 'The team does not exist', type: 'exists', loc: ['body', 'items', 1, 'teamId'] },
    ]);
    const notAnAffiliate = await put([valid({ affiliateId: t.admin.id })]);
    expect(notAnAffiliate.json().errors[0]).toMatchObject({ msg: 'The affiliate does not exist' });
    expect(await db.select().from(postbacks).where(eq(postbacks.affiliateId, affiliate.id))).toEqual([]);
  });

  it('answers 401 without a token and 403 to advertisers', async () => {
    expect((await put([valid()], null)).statusCode).toBe(401);
    const advertiser = await t.make.user({ type: 'advertiser_member' });
    expect((await put([valid()], advertiser)).statusCode).toBe(403);
    expect((await get('', advertiser)).statusCode).toBe(403);
  });
});

describe('affiliate postbacks: scope, list, edit, status', () => {
  it('shows an affiliate only its own postbacks; another one is a 404 to read, edit, change or test', async () => {
    const mine = await t.make.user({ type: 'affiliate' });
    const theirs = await t.make.user({ type: 'affiliate' });
    const own = (await put([valid({ title: 'Mine' })], mine)).json().data.items[0];
    const other = (await put([valid({ title: 'Theirs' })], theirs)).json().data.items[0];
    expect((await get('?limit=100&withMeta=1', mine)).json().data.items.map((x: { id: number }) => x.id)).toEqual([own.id]);
    expect((await get(`/${other.id}`, mine)).statusCode).toBe(404);
    expect((await get(`/${own.id}`, mine)).json().data.items[0]).toMatchObject({ id: own.id, title: 'Mine' });
    const edit = await patch([{ id: other.id, title: 'Hijacked' }], mine);
    expect(edit.statusCode).toBe(404);
    const status = await t.request({
      method: 'POST',
      url: `${URL}/change_status`,
      as: mine,
      payload: { items: [{ id: other.id, status: 'inactive' }] },
    });
    expect(status.statusCode).toBe(404);
    // one postback out of reach refuses the whole request
    const mixed = await t.request({
      method: 'POST',
      url: `${URL}/change_status`,
      as: mine,
      payload: {
        items: [
          { id: own.id, status: 'inactive' },
          { id: other.id, status: 'inactive' },
        ],
      },
    });
    expect(mixed.statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `${URL}/${other.id}/test`, as: mine, payload: {} })).statusCode).toBe(404);
    const [row] = await db.select().from(postbacks).where(eq(postbacks.id, other.id));
    expect(row).toMatchObject({ title: 'Theirs', status: 'active' });
    expect((await db.select().from(postbacks).where(eq(postbacks.id, own.id)))[0].status).toBe('active');
  });

  it('lists for staff with filters (status, scope, affiliate, team, event incl. goal events, search) and never the global postback', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const team = await t.make.team({ title: `Filter team ${Date.now()}` });
    const vertical = await t.make.vertical({ goals: ['FTD'] });
    const stamp = `stamp${Date.now()}`;
    const [a, b, c] = (
      await put([
        valid({ affiliateId: affiliate.id, title: `${stamp} one`, events: ['event_sent'] }),
        valid({
          affiliateId: affiliate.id,
          title: `${stamp} two`,
          events: [],
          goalEvents: [{ goalId: vertical.goals[0].id, events: ['event_sent'] }],
        }),
        valid({ scope: 'team', teamId: team.id, title: `${stamp} three`, status: 'inactive' }),
      ])
    ).json().data.items;
    await db.insert(postbacks).values({ scope: 'global', title: stamp, url: 'https://g.example', events: ['event_sent'] });
    const ids = async (q: string) => (await get(`?search=${stamp}&${q}`)).json().data.items.map((x: { id: number }) => x.id);
    expect(await ids('withMeta=1')).toEqual([c.id, b.id, a.id]);
    expect((await get(`?search=${stamp}&withMeta=1`)).json().data.meta).toEqual({ totalCount: 3 });
    expect(await ids('status=active')).toEqual([b.id, a.id]);
    expect(await ids('status=inactive')).toEqual([c.id]);
    expect(await ids('scope=team')).toEqual([c.id]);
    expect(await ids(`affiliateId=${affiliate.id}`)).toEqual([b.id, a.id]);
    expect(await ids(`teamId=${team.id}`)).toEqual([c.id]);
    expect(await ids('event=event_sent')).toEqual([b.id, a.id]);
    expect(await ids('orderBy=title:asc')).toEqual([a.id, c.id, b.id]);
    expect((await get(`?search=${encodeURIComponent(affiliate.email)}`)).json().data.items).toHaveLength(2);
    expect((await get('?orderBy=url:asc')).statusCode).toBe(400);
    expect((await get('?event=lead_sold')).json().errors[0].loc).toEqual(['querystring', 'event']);
    expect((await get('?status=deleted')).statusCode).toBe(400);
  });

  it('limits an affiliate manager with assigned read to the affiliates and teams it manages', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const managed = await t.make.user({ type: 'affiliate', signIn: false });
    const stranger = await t.make.user({ type: 'affiliate', signIn: false });
    await db.insert(userManagers).values({ userId: managed.id, managerId: manager.id });
    const [inReach, outOfReach] = (await put([valid({ affiliateId: managed.id }), valid({ affiliateId: stranger.id })])).json().data.items;
    const seen = (await get('?limit=1000', manager)).json().data.items.map((x: { id: number }) => x.id);
    expect(seen).toContain(inReach.id);
    expect(seen).not.toContain(outOfReach.id);
    expect((await get(`/${outOfReach.id}`, manager)).statusCode).toBe(404);
    expect((await put([valid({ affiliateId: stranger.id })], manager)).json().errors[0]).toMatchObject({
      msg: 'The affiliate does not exist',
    });
    expect((await put([valid({ affiliateId: managed.id })], manager)).statusCode).toBe(200);
    const readOnly = await t.make.user({ type: 'employee', permissions: ['postback.read', 'affiliate.read'] });
    expect((await get(`/${inReach.id}`, readOnly)).statusCode).toBe(200);
    expect((await patch([{ id: inReach.id, title: 'x' }], readOnly)).statusCode).toBe(403);
  });

  it('edits only what changed, keeps the owner, checks the merged events and changes status', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const created = (await put([valid()], affiliate)).json().data.items[0];
    const res = await patch([{ id: created.id, title: 'Renamed', method: 'POST', affiliateId: 1, scope: 'team' }], affiliate);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Postback saved');
    expect(res.json().data.items[0]).toMatchObject({
      title: 'Renamed',
      method: 'POST',
      scope: 'affiliate',
      affiliate: { id: affiliate.id },
    });
    const empty = await patch([{ id: created.id, events: [] }], affiliate);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].loc).toEqual(['body', 'items', 0, 'events']);
    const badUrl = await patch([{ id: created.id, url: 'https://t.example/?a={advertiser_id}' }], affiliate);
    expect(badUrl.json().message).toBe('The macro {advertiser_id} is not available in affiliate postbacks');
    const status = await t.request({
      method: 'POST',
      url: `${URL}/change_status`,
      as: affiliate,
      payload: { items: [{ id: created.id, status: 'inactive' }] },
    });
    expect(status.json()).toMatchObject({ message: 'Postback status changed', data: { items: [{ id: created.id, status: 'inactive' }] } });
    const badStatus = await t.request({
      method: 'POST',
      url: `${URL}/change_status`,
      as: affiliate,
      payload: { items: [{ id: created.id, status: 'paused' }] },
    });
    expect(badStatus.statusCode).toBe(400);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'postback'), eq(auditLog.entityId, created.id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'change_status']);
    expect((await db.select().from(postbacks).where(eq(postbacks.id, created.id)))[0]).toMatchObject({
      title: 'Renamed',
      status: 'inactive',
    });
  });
});

describe('affiliate postbacks: look-ups', () => {
  it('answers statuses, the grouped events, the affiliate-side macros (from the shared catalogue) and the goals', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await get('/statuses', affiliate)).json().data.items.map((x: { id: string }) => x.id)).toEqual(['active', 'inactive']);
    const events = (await get('/events', affiliate)).json().data.items;
    expect(events.map((g: { group: string }) => g.group)).toEqual(['conversions', 'leadStatuses', 'leadGrades']);
    expect(events[2].events).toEqual(['event_lead_grade_changed']);
    const macros = (await get('/mappings', affiliate)).json().data.items;
    expect(macros).toEqual(affiliatePostbackMacros());
    expect(macros.map((m: { name: string }) => m.name)).not.toContain('revenue');
    expect(macros).toHaveLength(MACROS.length - MACROS.filter((m) => m.staffOnly).length);
    const vertical = await t.make.vertical({ goals: ['Sale'] });
    const goals = (await get('/goals', affiliate)).json().data.items;
    expect(goals).toContainEqual({ id: vertical.goals[0].id, title: 'Sale', vertical: { id: vertical.id, title: vertical.title } });
  });

  it('lists the active own postbacks of an affiliate for the campaign picker', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    const [on, off] = (await put([valid({ title: 'On' }), valid({ title: 'Off', status: 'inactive' })], affiliate)).json().data.items;
    await put([valid()], other);
    const mine = (await get('/for-assignment', affiliate)).json().data.items;
    expect(mine).toEqual([{ id: on.id, title: 'On', url: on.url, status: 'active' }]);
    // an affiliate cannot look at another's by passing its id
    expect((await get(`/for-assignment?affiliateId=${other.id}`, affiliate)).json().data.items).toEqual(mine);
    expect((await get(`/for-assignment?affiliateId=${affiliate.id}`)).json().data.items.map((x: { id: number }) => x.id)).toEqual([on.id]);
    expect(off.status).toBe('inactive');
    expect((await get('/for-assignment')).statusCode).toBe(400);
  });
});

describe('affiliate postbacks: test call', () => {
  it('calls the URL once with sample values and logs it as a test postback_out; a failing receiver is reported', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const created = (
      await put([valid({ url: `${base}/ok?cid={click_id}&e={event}&s1={sub1}&p={payout}`, status: 'inactive' })], affiliate)
    ).json().data.items[0];
    received.length = 0;
    const res = await t.request({ method: 'POST', url: `${URL}/${created.id}/test`, as: affiliate, payload: { event: 'event_sent' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Test postback delivered', data: { success: true, responseStatus: 200 } });
    expect(received).toEqual(['/ok?cid=test-click-id&e=event_sent&s1=test-sub1&p=10.00']);
    const [log] = await db.select().from(systemLogs).where(eq(systemLogs.id, res.json().data.logId));
    expect(log).toMatchObject({
      type: 'postback_out',
      postbackId: created.id,
      affiliateId: affiliate.id,
      event: 'event_sent',
      success: true,
    });
    expect(log.data).toMatchObject({ test: true });
    expect(log.msg).toBe('Test: Delivered (HTTP 200)');

    await patch([{ id: created.id, url: `${base}/down` }], affiliate);
    const down = await t.request({ method: 'POST', url: `${URL}/${created.id}/test`, as: affiliate, payload: {} });
    expect(down.json()).toMatchObject({ data: { success: false, responseStatus: 503 } });
    expect(down.json().message).toContain('HTTP 503');
    const bad = await t.request({ method: 'POST', url: `${URL}/${created.id}/test`, as: affiliate, payload: { event: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('affiliate postbacks: SSRF guard', () => {
  it('refuses loopback and private hosts when ALLOW_PRIVATE_CALLBACKS is off', async () => {
    const strict = await setupApp({ ALLOW_PRIVATE_CALLBACKS: '0' });
    try {
      const affiliate = await strict.make.user({ type: 'affiliate' });
      for (const [url, host] of [
        ['http://127.0.0.1:8080/pb', '127.0.0.1'],
        ['http://localhost/pb', 'localhost'],
        ['http://10.1.2.3/pb', '10.1.2.3'],
        ['http://[::1]/pb', '::1'],
        ['http://[::127.0.0.1]/pb', '::7f00:1'],
        ['http://[::7f00:1]/pb', '::7f00:1'],
        ['http://[::ffff:127.0.0.1]/pb', '::ffff:7f00:1'],
      ]) {
        const res = await strict.request({ method: 'PUT', url: URL, as: affiliate, payload: { items: [valid({ url })] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors).toEqual([{ msg: `The address ${host} is not public`, type: 'ssrf', loc: ['body', 'items', 0, 'url'] }]);
      }
      for (const [url, host] of [
        ['http://localhost./pb', 'localhost.'],
        ['http://127.0.0.1./pb', '127.0.0.1.'],
      ]) {
        const res = await strict.request({ method: 'PUT', url: URL, as: affiliate, payload: { items: [valid({ url })] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors).toEqual([
          { msg: `The host ${host} ends with a dot: write it without`, type: 'ssrf', loc: ['body', 'items', 0, 'url'] },
        ]);
      }
      const ok = await strict.request({
        method: 'PUT',
        url: URL,
        as: affiliate,
        payload: { items: [valid({ url: 'https://8.8.8.8/pb' })] },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
