import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAll } from '../../../../test/deliveries';
import { useApp } from '../../../../test/helper';
import { campaignPostbacks, campaigns, postbackOutbox, postbacks, systemLogs } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import {
  deliverPostback,
  enqueuePostbackEvents,
  HostBreaker,
  POSTBACK_DELIVER_JOB,
  POSTBACK_OUTBOX,
  wakeOutbox,
  type PostbackDeliverJob,
} from './index';
import { OUTBOX_LEASE_S, OUTBOX_POLL_MS, PostbackOutbox } from './outbox';

const t = await useApp();
const db = t.database.db;

/** an affiliate's postback receiver: /flaky fails `failuresLeft` times then answers 200, /ok answers 200, /down 503 */
let server: Server;
let base = '';
const received: { method: string; url: string; body: string }[] = [];
let failuresLeft = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, body });
      if (req.url!.startsWith('/down') || (req.url!.startsWith('/flaky') && failuresLeft-- > 0)) {
        res.writeHead(503);
        res.end('busy');
      } else {
        res.writeHead(200);
        res.end('OK');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

beforeEach(async () => {
  received.length = 0;
  // no leftover deliveries of another test
  await deliverAll(t);
  received.length = 0;
  await db.update(postbacks).set({ status: 'inactive' });
});

const ctx = (): Ctx => ({ actor: null, db, database: t.database, config: t.config, now: () => t.clock.now });

async function postback(input: Partial<typeof postbacks.$inferInsert> & { url: string }) {
  const [row] = await db
    .insert(postbacks)
    .values({ scope: 'affiliate', method: 'GET', events: ['conversion_approved'], status: 'active', ...input })
    .returning();
  return row;
}

const logsOf = (postbackIds: number[]) =>
  db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.type, 'postback_out'), inArray(systemLogs.postbackId, postbackIds)))
    .orderBy(asc(systemLogs.id));

const runAll = () => deliverAll(t);

describe('enqueuePostbackEvents', () => {
  it('fires the global, team and affiliate postbacks that listen to the event, with macros and without staff-only values', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const other = await t.make.user({ type: 'affiliate', signIn: false });
    const team = await t.make.team({ members: [affiliate.id] });
    const otherTeam = await t.make.team();
    const global = await postback({ scope: 'global', url: `${base}/ok/global?c={click_id}&e={event}` });
    const teamPb = await postback({ scope: 'team', teamId: team.id, url: `${base}/ok/team?p={payout}&r={revenue}` });
    const own = await postback({ affiliateId: affiliate.id, url: `${base}/ok/own?s={status}&a={advertiser_id}&s1={sub1}` });
    const silent = await postback({ affiliateId: affiliate.id, url: `${base}/ok/silent`, events: ['conversion_rejected'] });
    const others = await postback({ affiliateId: other.id, url: `${base}/ok/other` });
    const otherTeamPb = await postback({ scope: 'team', teamId: otherTeam.id, url: `${base}/ok/other-team` });
    const inactive = await postback({ affiliateId: affiliate.id, url: `${base}/ok/inactive`, status: 'inactive' });

    const fired = await db.transaction((tx) =>
      enqueuePostbackEvents(
        { ...ctx(), db: tx },
        {
          event: 'conversion_approved',
          affiliateId: affiliate.id,
          conversionId: 77,
          conversionStatus: 3,
          values: { click_id: 'clk-1', payout: '12.50', revenue: '40.00', advertiser_id: 9, status: 'approved', sub1: 'a b' },
        },
      ),
    );
    expect(fired.sort((a, b) => a - b)).toEqual([global.id, teamPb.id, own.id]);
    expect(await runAll()).toBe(3);
    const urls = received.map((r) => r.url).sort();
    expect(urls).toEqual(['/ok/global?c=clk-1&e=conversion_approved', '/ok/own?s=approved&a=&s1=a%20b', '/ok/team?p=12.50&r=']);
    const logs = await logsOf([global.id, teamPb.id, own.id, silent.id, others.id, otherTeamPb.id, inactive.id]);
    expect(logs).toHaveLength(3);
    for (const log of logs)
      expect(log).toMatchObject({
        entity: 'affiliate',
        affiliateId: affiliate.id,
        conversionId: 77,
        conversionStatus: 3,
        event: 'conversion_approved',
        responseStatus: 200,
        responseBody: 'OK',
        success: true,
        attempt: 1,
      });
    expect(JSON.stringify(logs.map((l) => l.data))).not.toContain('40.00');
  });

  it("fires a postback through the goal's events, and only for that goal", async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const pb = await postback({
      affiliateId: affiliate.id,
      url: `${base}/ok/goal?g={goal}`,
      events: [],
      goalEvents: [{ goalId: 5, events: ['conversion_pending'] }],
    });
    const input = { event: 'conversion_pending' as const, affiliateId: affiliate.id, teamId: null, values: { goal: 'deposit' } };
    expect(await enqueuePostbackEvents(ctx(), { ...input, goalId: 6 })).toEqual([]);
    expect(await enqueuePostbackEvents(ctx(), { ...input, goalId: 5 })).toEqual([pb.id]);
    await runAll();
    expect(received.map((r) => r.url)).toEqual(['/ok/goal?g=deposit']);
  });

  it("narrows the affiliate's own postbacks to those its campaign names; team and global ones still fire", async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const team = await t.make.team({ members: [affiliate.id] });
    const offer = await t.make.offer();
    const campaign = async (title: string) =>
      (
        await db
          .insert(campaigns)
          .values({ title, offerId: offer.id, affiliateId: affiliate.id, key: `k${Math.random().toString(36).slice(2, 12)}` })
          .returning()
      )[0];
    const bound = await campaign('Bound');
    const free = await campaign('Free');
    const chosen = await postback({ affiliateId: affiliate.id, url: `${base}/ok/chosen` });
    const other = await postback({ affiliateId: affiliate.id, url: `${base}/ok/other-own` });
    const teamPb = await postback({ scope: 'team', teamId: team.id, url: `${base}/ok/team-of-campaign` });
    await db.insert(campaignPostbacks).values({ campaignId: bound.id, postbackId: chosen.id });
    const input = { event: 'conversion_approved' as const, affiliateId: affiliate.id };
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    // the campaign from the macro values, as the inbound postback and the jobs pass it
    expect(sorted(await enqueuePostbackEvents(ctx(), { ...input, values: { campaign_id: bound.id } }))).toEqual([chosen.id, teamPb.id]);
    expect(sorted(await enqueuePostbackEvents(ctx(), { ...input, campaignId: bound.id, values: {} }))).toEqual([chosen.id, teamPb.id]);
    // a campaign without postbacks, or no campaign: every own postback
    expect(sorted(await enqueuePostbackEvents(ctx(), { ...input, values: { campaign_id: free.id } }))).toEqual([
      chosen.id,
      other.id,
      teamPb.id,
    ]);
    expect(sorted(await enqueuePostbackEvents(ctx(), { ...input, values: {} }))).toEqual([chosen.id, other.id, teamPb.id]);
    await runAll();
    expect(received.filter((r) => r.url === '/ok/other-own')).toHaveLength(2);
    expect(received.filter((r) => r.url === '/ok/chosen')).toHaveLength(4);
  });

  it('enqueues nothing when the transaction rolls back', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    await postback({ affiliateId: affiliate.id, url: `${base}/ok/rollback` });
    await expect(
      db.transaction(async (tx) => {
        await enqueuePostbackEvents({ ...ctx(), db: tx }, { event: 'conversion_approved', affiliateId: affiliate.id, values: {} });
        throw new Error('conversion not saved');
      }),
    ).rejects.toThrow('conversion not saved');
    expect(await runAll()).toBe(0);
    expect(received).toEqual([]);
  });
});

describe('postback-deliver job', () => {
  it('retries a receiver that fails twice then succeeds: three logged attempts, one delivery', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const pb = await postback({ affiliateId: affiliate.id, url: `${base}/flaky?lead={lead_id}`, method: 'POST' });
    failuresLeft = 2;
    await enqueuePostbackEvents(ctx(), {
      event: 'conversion_approved',
      affiliateId: affiliate.id,
      leadId: 42,
      values: { lead_id: 42 },
    });
    // the first attempt from the outbox; its failure becomes a retry job
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(1);
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(0);
    // the retry waits for its backoff delay
    expect(await t.queue.runDue(POSTBACK_DELIVER_JOB)).toBe(0);
    expect(await runAll()).toBe(1);
    expect(await runAll()).toBe(1);
    expect(await runAll()).toBe(0);
    const logs = await logsOf([pb.id]);
    expect(logs.map((l) => [l.attempt, l.success, l.responseStatus])).toEqual([
      [1, false, 503],
      [2, false, 503],
      [3, true, 200],
    ]);
    expect(logs[0]).toMatchObject({ leadId: 42, msg: "The affiliate's server answered HTTP 503", responseBody: 'busy' });
    expect(logs[2].msg).toBe('Delivered (HTTP 200)');
    expect(logs[2].data).toMatchObject({ request: { method: 'POST', url: `${base}/flaky?lead=42`, body: 'lead=42' } });
    expect(received.filter((r) => r.body === 'lead=42')).toHaveLength(3);
    const [job] = await t.queue.boss.findJobs(POSTBACK_DELIVER_JOB, { data: { postbackId: pb.id } });
    expect(job.state).toBe('completed');
  });

  it('logs a private address refused by the SSRF guard as a failed attempt and throws for a retry', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const pb = await postback({ affiliateId: affiliate.id, url: `${base}/ok/private` });
    const job: PostbackDeliverJob = {
      postbackId: pb.id,
      event: 'event_sent',
      affiliateId: affiliate.id,
      goalId: null,
      leadId: 5,
      conversionId: null,
      conversionStatus: null,
      values: {},
    };
    const deps = { database: t.database, config: { ALLOW_PRIVATE_CALLBACKS: false }, now: () => t.clock.now };
    await expect(deliverPostback(deps, job, { retryCount: 0 })).rejects.toThrow('The address 127.0.0.1 is not public');
    expect(received).toEqual([]);
    const [log] = await logsOf([pb.id]);
    expect(log).toMatchObject({
      success: false,
      responseStatus: null,
      attempt: 1,
      event: 'event_sent',
      msg: 'The address 127.0.0.1 is not public',
    });
  });

  it('stops calling a postback deactivated before its retry, and uses a URL fixed meanwhile', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const pb = await postback({ affiliateId: affiliate.id, url: `${base}/down` });
    await enqueuePostbackEvents(ctx(), { event: 'conversion_approved', affiliateId: affiliate.id, values: {} });
    await runAll();
    await db
      .update(postbacks)
      .set({ url: `${base}/ok/fixed` })
      .where(eq(postbacks.id, pb.id));
    await runAll();
    expect(received.map((r) => r.url)).toEqual(['/down', '/ok/fixed']);

    const gone = await postback({ affiliateId: affiliate.id, url: `${base}/down` });
    await db.update(postbacks).set({ status: 'inactive' }).where(eq(postbacks.id, pb.id));
    await enqueuePostbackEvents(ctx(), { event: 'conversion_approved', affiliateId: affiliate.id, values: {} });
    await runAll();
    await db.update(postbacks).set({ status: 'inactive' }).where(eq(postbacks.id, gone.id));
    received.length = 0;
    await runAll();
    expect(received).toEqual([]);
    expect(await logsOf([gone.id])).toHaveLength(1);
  });
});

describe('postback outbox', () => {
  const waiting = async () => (await db.select().from(postbackOutbox)).length;
  const fire = (affiliateId: number, leadId: number) =>
    enqueuePostbackEvents(ctx(), { event: 'conversion_approved', affiliateId, leadId, values: { lead_id: leadId } });

  it('makes the first attempt, deletes the row and logs the attempt in one settle; a failure becomes a retry job with the attempts left', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const ok = await postback({ affiliateId: affiliate.id, url: `${base}/ok/box?l={lead_id}` });
    const down = await postback({ scope: 'global', url: `${base}/down/box?l={lead_id}` });
    await fire(affiliate.id, 901);
    expect(await waiting()).toBe(2);
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(2);
    expect(await waiting()).toBe(0);
    expect((await logsOf([ok.id])).map((l) => [l.attempt, l.success])).toEqual([[1, true]]);
    expect((await logsOf([down.id])).map((l) => [l.attempt, l.success])).toEqual([[1, false]]);
    const jobs = await t.queue.boss.findJobs<PostbackDeliverJob>(POSTBACK_DELIVER_JOB, { data: { postbackId: down.id } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toMatchObject({ leadId: 901, priorAttempts: 1 });
    // the retry is not due before the retry delay
    expect(await t.queue.runDue(POSTBACK_DELIVER_JOB)).toBe(0);
    await db
      .update(postbacks)
      .set({ url: `${base}/ok/box-fixed?l={lead_id}` })
      .where(eq(postbacks.id, down.id));
    expect(await runAll()).toBe(1);
    expect((await logsOf([down.id])).map((l) => [l.attempt, l.success])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(received.map((r) => r.url)).toEqual(expect.arrayContaining(['/ok/box?l=901', '/down/box?l=901', '/ok/box-fixed?l=901']));
  });

  it('leaves a row claimed by a worker that died alone until its lease has passed, then delivers it once', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const pb = await postback({ affiliateId: affiliate.id, url: `${base}/ok/lease?l={lead_id}` });
    await fire(affiliate.id, 902);
    // a worker claimed it and its process ended before the settle
    await db.update(postbackOutbox).set({ claimedUntil: new Date(t.clock.now.getTime() + OUTBOX_LEASE_S * 1000) });
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(0);
    expect(received).toEqual([]);
    t.clock.advance(OUTBOX_LEASE_S + 1);
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(1);
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(0);
    expect(received.map((r) => r.url)).toEqual(['/ok/lease?l=902']);
    expect(await logsOf([pb.id])).toHaveLength(1);
  });

  it('two workers claiming at once never take the same row: each delivery is made exactly once', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    await postback({ affiliateId: affiliate.id, url: `${base}/ok/race?l={lead_id}` });
    for (let i = 0; i < 30; i++) await fire(affiliate.id, 1000 + i);
    const taken = await Promise.all([t.queue.runDue(POSTBACK_OUTBOX, { max: 20 }), t.queue.runDue(POSTBACK_OUTBOX, { max: 20 })]);
    expect(taken[0] + taken[1] + (await t.queue.runDue(POSTBACK_OUTBOX, { max: 20 }))).toBe(30);
    const urls = received.map((r) => r.url);
    expect(urls).toHaveLength(30);
    expect(new Set(urls).size).toBe(30);
  });

  it('drops a row whose postback was deactivated before its first attempt, unlogged and uncalled', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const pb = await postback({ affiliateId: affiliate.id, url: `${base}/ok/gone` });
    await fire(affiliate.id, 903);
    await db.update(postbacks).set({ status: 'inactive' }).where(eq(postbacks.id, pb.id));
    expect(await t.queue.runDue(POSTBACK_OUTBOX)).toBe(1);
    expect(await waiting()).toBe(0);
    expect(received).toEqual([]);
    expect(await logsOf([pb.id])).toEqual([]);
  });

  it('its workers deliver what a committed write woke them for, without a poll, and stop after the batch in flight', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    await postback({ affiliateId: affiliate.id, url: `${base}/ok/woken?l={lead_id}` });
    const box = new PostbackOutbox({ database: t.database, config: t.config, now: () => t.clock.now }, t.queue);
    box.start();
    try {
      // the workers' first look found nothing; the next poll is OUTBOX_POLL_MS away
      await new Promise((r) => setTimeout(r, 50));
      await db.transaction((tx) =>
        enqueuePostbackEvents(
          { ...ctx(), db: tx },
          { event: 'conversion_approved', affiliateId: affiliate.id, leadId: 904, values: { lead_id: 904 } },
        ),
      );
      const woken = Date.now();
      wakeOutbox(t.database);
      while (!received.length && Date.now() - woken < 5_000) await new Promise((r) => setTimeout(r, 5));
      expect(received.map((r) => r.url)).toEqual(['/ok/woken?l=904']);
      expect(Date.now() - woken).toBeLessThan(OUTBOX_POLL_MS);
    } finally {
      await box.stop();
    }
    expect(await waiting()).toBe(0);
  });
});

describe('receiver circuit breaker', () => {
  it('opens after the threshold of timeouts in a row, lets one trial call through after the cool-down, closes on any answer', () => {
    let now = 0;
    const breaker = new HostBreaker({ threshold: 2, coolDownMs: 1000, now: () => now });
    const timeout = { answered: false, timedOut: true };
    expect(breaker.admit('a:1')).toBeNull();
    breaker.record('a:1', timeout);
    expect(breaker.admit('a:1')).toBeNull();
    // a refused connection holds no slot: it neither counts nor resets
    breaker.record('a:1', { answered: false, timedOut: false });
    expect(breaker.admit('a:1')).toBeNull();
    breaker.record('a:1', timeout);
    expect(breaker.admit('a:1')).toMatch(
      /^Not called: the affiliate's server gave no answer to the last 2 calls; it is tried again after 1970-01-01T00:00:01.000Z$/,
    );
    expect(breaker.admit('b:1')).toBeNull();
    now = 1000;
    expect(breaker.admit('a:1')).toBeNull(); // the trial
    expect(breaker.admit('a:1')).toMatch(/^Not called/); // one trial at a time
    breaker.record('a:1', timeout);
    expect(breaker.admit('a:1')).toMatch(/^Not called/);
    now = 2000;
    expect(breaker.admit('a:1')).toBeNull();
    breaker.record('a:1', { answered: true, timedOut: false }); // a 500 is an answer too
    expect(breaker.admit('a:1')).toBeNull();
    expect(breaker.admit('a:1')).toBeNull();
  });

  it('stops calling a receiver that gives no answer, logs each delivery not made, and calls it again after the cool-down', async () => {
    let answering = false;
    const silentGot: string[] = [];
    const silent = createServer((req, res) => {
      silentGot.push(req.url!);
      if (answering) res.end('OK');
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const silentBase = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
      const dead = await postback({ affiliateId: affiliate.id, url: `${silentBase}/pb?lead={lead_id}` });
      const alive = await postback({ affiliateId: affiliate.id, url: `${base}/ok/alive?lead={lead_id}` });
      const deps = {
        database: t.database,
        config: { ALLOW_PRIVATE_CALLBACKS: true },
        now: () => t.clock.now,
        timeoutMs: 200,
        breaker: new HostBreaker({ threshold: 2, coolDownMs: 30_000, now: () => t.clock.now.getTime() }),
      };
      const job = (postbackId: number, leadId: number): PostbackDeliverJob => ({
        postbackId,
        event: 'conversion_approved',
        affiliateId: affiliate.id,
        goalId: null,
        leadId,
        conversionId: null,
        conversionStatus: null,
        values: { lead_id: leadId },
      });
      for (const lead of [1, 2])
        await expect(deliverPostback(deps, job(dead.id, lead), { retryCount: 0 })).rejects.toThrow('No answer within 200 ms');
      await expect(deliverPostback(deps, job(dead.id, 3), { retryCount: 0 })).rejects.toThrow(
        /^Not called: the affiliate's server gave no answer to the last 2 calls/,
      );
      expect(silentGot).toEqual(['/pb?lead=1', '/pb?lead=2']);
      // another receiver is called as ever
      expect(await deliverPostback(deps, job(alive.id, 4), { retryCount: 0 })).toBe('delivered');

      t.clock.advance(31);
      answering = true;
      expect(await deliverPostback(deps, job(dead.id, 5), { retryCount: 1 })).toBe('delivered');
      expect(await deliverPostback(deps, job(dead.id, 6), { retryCount: 0 })).toBe('delivered');
      expect(silentGot).toEqual(['/pb?lead=1', '/pb?lead=2', '/pb?lead=5', '/pb?lead=6']);

      const logs = await logsOf([dead.id]);
      expect(logs.map((l) => [l.leadId, l.success, l.attempt])).toEqual([
        [1, false, 1],
        [2, false, 1],
        [3, false, 1],
        [5, true, 2],
        [6, true, 1],
      ]);
      expect(logs[2].msg).toMatch(/^Not called: /);
      expect(logs[2].data).toMatchObject({ request: { method: 'GET', url: `${silentBase}/pb?lead=3` }, error: logs[2].msg });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
