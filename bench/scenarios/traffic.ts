/**
 * Traffic engine scenarios (issue 7), each on data of its own made in its setup:
 * - click redirect: measured against a bare Node server answering the same 302; every click answered must be recorded;
 * - lead intake with distribution to the local advertiser (the partner process, answering at once): every lead
 *   answered 2xx stored, and the advertiser got exactly the leads marked sent. With BENCH_LEAD_POSTBACKS=1 one
 *   global postback listens to every lead event (issue 19): each lead's `event_received` and `event_sent` must reach
 *   the partner's affiliate receiver too;
 * - cap exactness: a 500-lead limit cap under 50 connections lets exactly 500 leads through;
 * - inbound postback → conversion → outbound affiliate postback: each postback names a distinct lead (prepared in the
 *   setup), so each makes a conversion; afterwards the time until the affiliate receiver got every outbound postback.
 */
import { buildMarket, leadBody, sentLeads } from '../lib/market';
import { PARTNER, partnerStats, setCeilingClick } from '../lib/partner';
import type { Query, Scenario } from '../lib/types';

/** how long the postback scenario waits for the outbound postbacks to drain */
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 90) * 1000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** the visitors of the many-visitors click row (issue 22) */
const CLICK_VISITORS = Number(process.env.BENCH_CLICK_VISITORS ?? 10_000);
/** BENCH_LEAD_POSTBACKS=1: the lead row runs with one global postback on every lead event */
const LEAD_POSTBACKS = process.env.BENCH_LEAD_POSTBACKS === '1';
const LEAD_EVENTS = [
  'event_received',
  'event_sent',
  'event_trash',
  'event_hold',
  'event_invalid',
  'event_duplicate',
  'event_lead_grade_changed',
];

const count = async (query: Query, text: string, params: unknown[]) => Number((await query<{ n: string }>(text, params)).rows[0]?.n ?? 0);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** the leads of an offer by status */
async function leadStatuses(query: Query, offerId: number | string): Promise<Record<string, number>> {
  const { rows } = await query<{ status: string; n: string }>(
    'select status, count(*) as n from leads where offer_id = $1 group by status',
    [offerId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * the leads' statuses once the requests still in flight when the load stopped are over (no lead left `new`, at most
 * 30 s): autocannon stops counting at its deadline, the app still finishes what it took
 */
async function settled(query: Query, offerId: number | string): Promise<Record<string, number>> {
  const end = Date.now() + 30_000;
  let by = await leadStatuses(query, offerId);
  while ((by.new ?? 0) > 0 && Date.now() < end) {
    await pause(250);
    by = await leadStatuses(query, offerId);
  }
  await pause(200);
  return leadStatuses(query, offerId);
}

/**
 * The click row: one visitor (its first click is the only unique one), or `visitors` distinct visitors (distinct
 * X-Forwarded-For addresses, the app trusting its loopback balancer): each one's first click is a unique candidate,
 * confirmed against `click_visitors` in its batch's transaction (click-writer.ts VISITORS_SQL) — the cost that row shows.
 */
function clickScenario(visitors: number): Scenario {
  return {
    name:
      visitors > 1
        ? `click redirect, ${visitors.toLocaleString('en')} visitors (GET /c/:key, 302, each visitor's first click unique, confirmed in click_visitors)`
        : 'click redirect (GET /c/:key, 302 to the lander, click batch-written)',
    ceiling: '/c/',
    path: '/c/<key>?sub1=bench',
    connections: 50,
    targets: { ratioOfCeiling: 0.5, p99Ms: 25 },
    expect302: true,
    async setup(api) {
      const stamp = Date.now().toString(36);
      const vertical = await api.create('/verticals', { title: `Bench vertical ${stamp}` });
      const offer = await api.create('/offers', {
        title: `Bench offer ${stamp}`,
        verticalId: vertical.id,
        status: 'active',
        accessType: 1,
      });
      await api.create('/landers', {
        offerId: offer.id,
        title: 'Bench lander',
        targetUrl: 'https://lander.example/?click_id={click_id}&s1={sub1}',
      });
      const affiliate = await api.create('/affiliates', {
        email: `bench-${stamp}@leadgrid.local`,
        firstName: 'Bench',
        password: 'bench-pass-1',
      });
      const campaign = await api.create<{ id: number; key: string }>('/campaigns', {
        title: 'Bench campaign',
        offerId: offer.id,
        affiliateId: affiliate.id,
      });
      // a visitor's browser: without a user agent the click is a bot's (invalid, 404 without a trafficback URL)
      const headers = {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8',
      };
      // the ceiling answers with the headers of a real answer of the app (a second campaign's: the measured one
      // must count only the load's clicks), so both servers write, and autocannon reads, the same bytes
      const sample = await api.create<{ id: number; key: string }>('/campaigns', {
        title: 'Bench sample campaign',
        offerId: offer.id,
        affiliateId: affiliate.id,
      });
      const answer = await fetch(`${api.base}/c/${sample.key}?sub1=bench`, { headers, redirect: 'manual' });
      if (answer.status !== 302) throw new Error(`the sample click answered ${answer.status}`);
      await setCeilingClick(answer.headers);
      const path = `/c/${campaign.key}?sub1=bench`;
      // a visitor per address of 10.x.y.z (the ceiling gets the same headers)
      const headersOf =
        visitors > 1
          ? (i: number) => ({ 'x-forwarded-for': `10.${(i % visitors) >> 16}.${((i % visitors) >> 8) & 255}.${(i % visitors) & 255}` })
          : undefined;
      return { path, ceilingPath: path, headers, headersOf, state: { campaignId: campaign.id } };
    },
    async verify(_api, result, state, query, note) {
      // the writer flushes every 50 ms, behind the answers: wait until it caught up (at most 15 s), and say how long it took
      const started = Date.now();
      const recordedNow = () => count(query, 'select count(*) as n from clicks where campaign_id = $1', [state.campaignId]);
      let recorded = await recordedNow();
      while (recorded < result.answered && Date.now() - started < 15_000) {
        await pause(250);
        recorded = await recordedNow();
      }
      // autocannon stops counting at the deadline: requests in flight then are answered (and recorded) uncounted
      const valid = await count(query, 'select count(*) as n from clicks where campaign_id = $1 and status = 1', [state.campaignId]);
      const unique = await count(query, 'select count(*) as n from clicks where campaign_id = $1 and is_unique', [state.campaignId]);
      note(
        `${result.answered} clicks answered, ${recorded} recorded (${valid} valid, ${unique} unique), the last written ${((Date.now() - started) / 1000).toFixed(1)} s after the load`,
      );
      const misses =
        recorded >= result.answered && recorded <= result.sent
          ? []
          : [`${result.answered} clicks answered (${result.sent} sent), ${recorded} recorded`];
      // every visitor reached counted once (a visitor's first click in flight at the deadline may be uncounted)
      const reached = Math.min(visitors, recorded);
      if (unique !== reached) misses.push(`${unique} unique clicks, ${reached} visitors`);
      return misses;
    },
  };
}

export const traffic: Scenario[] = [
  clickScenario(1),
  clickScenario(CLICK_VISITORS),
  {
    name: `lead intake (POST /api/v1/leads, validated, stored, sent to a local advertiser answering at once${LEAD_POSTBACKS ? '; a global postback on every lead event' : ''})`,
    ceiling: '/ceiling/lead',
    path: '/api/v1/leads',
    method: 'POST',
    connections: 50,
    needsDatabase: true,
    targets: { minRps: 1000, p99Ms: 100 },
    embeddedTargets: { minRps: 500 },
    async setup(api, query) {
      const m = await buildMarket(api, query!);
      if (LEAD_POSTBACKS) {
        // the network's one global postback (settings), to the partner's affiliate receiver: one distinct `conv` per event
        const url = `${PARTNER}/affiliate/${m.stamp}?conv={lead_id}-{event}&status={lead_status}&sub1={sub1}`;
        const updated = await query!(
          `update postbacks set url = $1, events = $2, method = 'GET', status = 'active' where scope = 'global' returning id`,
          [url, JSON.stringify(LEAD_EVENTS)],
        );
        if (!updated.rows.length)
          await query!(
            `insert into postbacks (scope, title, url, method, events, status) values ('global', 'Bench global postback', $1, 'GET', $2, 'active')`,
            [url, JSON.stringify(LEAD_EVENTS)],
          );
      }
      return {
        path: '/api/v1/leads',
        headers: { 'x-api-key': m.apiToken },
        body: leadBody(m.campaignKey, m.stamp),
        state: { offerId: m.offerId, advertiser: `advertiser/${m.stamp}`, receiver: `affiliate/${m.stamp}` },
      };
    },
    async verify(_api, result, state, query, note) {
      const by = await settled(query, state.offerId);
      const stored = Object.values(by).reduce((a, b) => a + b, 0);
      const advertiser = await partnerStats(String(state.advertiser));
      note(
        `${result.ok} leads answered 2xx, ${stored} stored (${Object.entries(by)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}), the advertiser got ${advertiser.received}`,
      );
      const misses: string[] = [];
      if (stored < result.ok || stored > result.sent)
        misses.push(`${result.ok} leads answered 2xx (${result.sent} sent) but ${stored} stored: leads lost`);
      if ((by.sent ?? 0) !== stored) misses.push(`${stored - (by.sent ?? 0)} stored leads not sent`);
      if (advertiser.received !== (by.sent ?? 0))
        misses.push(`the advertiser got ${advertiser.received} leads, ${by.sent ?? 0} marked sent`);
      if (LEAD_POSTBACKS) {
        // every stored lead was received and sent: two lead events each
        const want = stored * 2;
        let got = await partnerStats(String(state.receiver));
        while (got.distinct < want && Date.now() - result.endedAt < DRAIN_TIMEOUT_MS) {
          await pause(250);
          got = await partnerStats(String(state.receiver));
        }
        note(
          `lead events: the receiver got ${got.distinct} of ${want} (${got.received} requests) ${((Date.now() - result.endedAt) / 1000).toFixed(1)} s after the load ended`,
        );
        if (got.distinct < want) misses.push(`${want - got.distinct} of ${want} lead events not delivered`);
        await query(`update postbacks set status = 'inactive' where scope = 'global'`, []);
      }
      return misses;
    },
  },
  {
    name: 'cap exactness (1,500 leads at 50 connections on an offer with a 500-lead daily limit cap)',
    path: '/api/v1/leads',
    method: 'POST',
    connections: 50,
    amount: 1500,
    needsDatabase: true,
    targets: {},
    async setup(api, query) {
      const m = await buildMarket(api, query!, { capLimit: 500 });
      return {
        path: '/api/v1/leads',
        headers: { 'x-api-key': m.apiToken },
        body: leadBody(m.campaignKey, m.stamp),
        state: { offerId: m.offerId, advertiser: `advertiser/${m.stamp}` },
      };
    },
    async verify(_api, result, state, query, note) {
      const by = await settled(query, state.offerId);
      const advertiser = await partnerStats(String(state.advertiser));
      const { rows: reasons } = await query<{ reason: string | null; n: string }>(
        `select status_reason as reason, count(*) as n from leads where offer_id = $1 and status = 'unsent' group by 1`,
        [state.offerId],
      );
      const capped = reasons.reduce((a, r) => a + Number(r.n), 0);
      note(
        `${result.ok} answered 2xx: ${by.sent ?? 0} sent, ${capped} unsent (${reasons.map((r) => `${r.n}: ${r.reason ?? 'no reason'}`).join('; ')}); the advertiser got ${advertiser.received}`,
      );
      const misses: string[] = [];
      if ((by.sent ?? 0) !== 500) misses.push(`${by.sent ?? 0} leads sent through a 500 cap`);
      if (advertiser.received !== 500) misses.push(`the advertiser got ${advertiser.received} leads through a 500 cap`);
      if ((by.sent ?? 0) + capped !== result.ok) misses.push(`${result.ok} answered, ${(by.sent ?? 0) + capped} sent or capped`);
      return misses;
    },
  },
  {
    name: 'inbound postback → conversion → outbound affiliate postback (GET /postback/:key, a distinct lead each)',
    ceiling: '/ceiling/postback',
    path: '/postback/<key>',
    connections: 50,
    needsDatabase: true,
    targets: { minRps: 1000 },
    async setup(api, query) {
      const m = await buildMarket(api, query!, { affiliatePostbackTag: 'pb' });
      // enough distinct leads for 3,000 postbacks a second; past them the postbacks repeat (idempotent, no new conversion)
      const ids = await sentLeads(query!, m, Math.max(5000, DURATION * 3000));
      await query!(`update postbacks set url = replace(url, '/affiliate/pb?', $1) where affiliate_id = $2`, [
        `/affiliate/${m.stamp}?`,
        m.affiliateId,
      ]);
      return {
        path: `/postback/${m.postbackKey}`,
        pathOf: (i) => `/postback/${m.postbackKey}?lead_id=${ids[i % ids.length]}&payout=55.5&currency=USD`,
        state: { offerId: m.offerId, receiver: `affiliate/${m.stamp}`, leads: ids.length },
      };
    },
    async verify(_api, result, state, query, note) {
      await pause(300);
      const conversions = await count(query, 'select count(*) as n from conversions where offer_id = $1', [state.offerId]);
      const misses: string[] = [];
      const leads = Number(state.leads);
      if (conversions < Math.min(result.ok, leads) || conversions > Math.min(result.sent, leads))
        misses.push(`${result.ok} postbacks answered 2xx, ${conversions} conversions`);
      // the outbound postbacks: one per conversion, delivered by the queue's workers
      let got = await partnerStats(String(state.receiver));
      let made = conversions;
      while (got.distinct < made && Date.now() - result.endedAt < DRAIN_TIMEOUT_MS) {
        await pause(250);
        got = await partnerStats(String(state.receiver));
        // postbacks still in flight at the deadline make their conversions a moment later
        made = await count(query, 'select count(*) as n from conversions where offer_id = $1', [state.offerId]);
      }
      const drainS = (Date.now() - result.endedAt) / 1000;
      const logged = await count(
        query,
        `select count(*) as n from system_logs where type = 'postback_out' and success and conversion_id in (select id from conversions where offer_id = $1)`,
        [state.offerId],
      );
      note(
        `${result.ok} postbacks answered 2xx, ${made} conversions; the affiliate receiver got ${got.distinct} of ${made} outbound postbacks ` +
          `(${got.received} requests, ${logged} logged delivered) ${drainS.toFixed(1)} s after the load ended`,
      );
      if (got.distinct < made)
        misses.push(
          `${made - got.distinct} of ${made} outbound postbacks not delivered ${Math.round(DRAIN_TIMEOUT_MS / 1000)} s after the load`,
        );
      return misses;
    },
  },
];
