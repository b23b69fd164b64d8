/**
 * DEMO=1 data (README, `npm run demo`): a small, realistic market and 14 days of traffic history so every screen has
 * rows. Idempotent (the vertical 'Demo: Loans' is the marker), written in one transaction with a fixed random seed so
 * two runs make the same history. Integrations keep out-API sending off and no job is enqueued: nothing is ever sent to
 * the example advertiser URL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword, randomToken, secureId } from '../../lib/crypto';
import { uuidv7At } from '../../modules/engine/tracking/uuid';
import { getSetting } from '../../modules/settings/general/settings.store';
import type { Db, Tx } from '../client';
import {
  advertisers,
  campaigns,
  caps,
  clicks,
  conversions,
  integrations,
  integrationTemplates,
  landers,
  leadDeliveries,
  leadEvents,
  leads,
  offerAdvertisers,
  offerAffiliates,
  offers,
  offerTeams,
  paymentRules,
  platforms,
  postbacks,
  roles,
  systemLogs,
  teamMembers,
  teams,
  users,
  verticalGoals,
  verticals,
} from '../schema';

export const DEMO_MARKER_VERTICAL = 'Demo: Loans';
export const DEMO_PASSWORD = 'demo-pass-1';
export const DEMO_AFFILIATES = [
  'demo-affiliate1@leadgrid.local',
  'demo-affiliate2@leadgrid.local',
  'demo-affiliate3@leadgrid.local',
] as const;
export const DEMO_COUNTS = { clicks: 1500, leads: 200, conversions: 60 } as const;
const LEAD_STATUSES = [
  'sent',
  'sent',
  'sent',
  'sent',
  'sent',
  'sent',
  'new',
  'trash',
  'hold',
  'invalid',
  'unsent',
  'failed',
  'duplicate',
  'test',
] as const;
const DAY_MS = 86_400_000;
const PHONE_PREFIX: Record<string, string> = { PL: '+48', ES: '+34', DE: '+49' };

/** a linear congruential generator (Numerical Recipes constants): the same history on every run */
function lcg(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

interface DemoOffer {
  id: number;
  landerId: number;
  vertical: { id: number; goals: number[]; grades: string[] };
  seller: { advertiserId: number; integrationId: number };
  rule: { id: number; revenue: string; payout: string };
  countries: string[];
}

export interface DemoSeedResult {
  created: boolean;
  affiliateEmails: string[];
}

export async function seedDemo(db: Db, opts: { now?: Date; log?: { info(msg: string): void } } = {}): Promise<DemoSeedResult> {
  const [marker] = await db
    .select({ id: verticals.id })
    .from(verticals)
    .where(sql`lower(${verticals.title}) = lower(${DEMO_MARKER_VERTICAL})`)
    .limit(1);
  if (marker) return { created: false, affiliateEmails: [] };
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction((tx) => writeDemo(tx, now, passwordHash));
  opts.log?.info(`demo data loaded; affiliates: ${DEMO_AFFILIATES.join(', ')}`);
  return { created: true, affiliateEmails: [...DEMO_AFFILIATES] };
}

async function writeDemo(tx: Tx, now: Date, passwordHash: string) {
  const rnd = lcg(20261122);
  const base = (await getSetting(tx, 'baseCurrency')) ?? 'USD';

  // people: three affiliates, the third in a team
  const [affiliateRole] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.type, 'affiliate'), eq(roles.system, true)))
    .limit(1);
  const names = [
    ['Anna', 'Kowalska'],
    ['Diego', 'Martín'],
    ['Lena', 'Fischer'],
  ];
  const affiliates = await tx
    .insert(users)
    .values(
      DEMO_AFFILIATES.map((email, i) => ({
        secureId: secureId(),
        email,
        passwordHash,
        firstName: names[i][0],
        lastName: names[i][1],
        roleId: affiliateRole.id,
        status: 'active',
        apiToken: randomToken(24),
      })),
    )
    .returning({ id: users.id });
  const [team] = await tx.insert(teams).values({ title: 'Demo: Media buyers', description: 'A demo team' }).returning({ id: teams.id });
  await tx.insert(teamMembers).values({ teamId: team.id, userId: affiliates[2].id, role: 'leader' });
  const teamOf = (affiliateId: number) => (affiliateId === affiliates[2].id ? team.id : null);

  // verticals with goals and lead grades
  const verticalDefs = [
    { title: DEMO_MARKER_VERTICAL, goals: ['Registration', 'First loan'], grades: ['A', 'B', 'C'] },
    { title: 'Demo: Insurance', goals: ['Quote', 'Policy'], grades: ['Hot', 'Warm', 'Cold'] },
  ];
  const verticalRows: DemoOffer['vertical'][] = [];
  for (const def of verticalDefs) {
    const [v] = await tx
      .insert(verticals)
      .values({
        title: def.title,
        description: `${def.title.slice(6)} leads (demo)`,
        leadGrades: def.grades.map((g) => ({ key: g.toLowerCase(), title: g })),
      })
      .returning({ id: verticals.id });
    const goals = await tx
      .insert(verticalGoals)
      .values(def.goals.map((title, position) => ({ verticalId: v.id, title, position })))
      .returning({ id: verticalGoals.id });
    verticalRows.push({ id: v.id, goals: goals.map((g) => g.id), grades: def.grades.map((g) => g.toLowerCase()) });
  }

  // the sell side: one platform, template, advertiser and integration per vertical
  const sellers: DemoOffer['seller'][] = [];
  for (const [i, name] of ['Crediton', 'SafeHome Insure'].entries()) {
    const vertical = verticalRows[i];
    const [platform] = await tx
      .insert(platforms)
      .values({ title: `Demo: ${name} platform`, methodApi: true, methodPostback: true })
      .returning({ id: platforms.id });
    const [template] = await tx
      .insert(integrationTemplates)
      .values({ title: `Demo: ${name} template`, platformId: platform.id, verticalId: vertical.id })
      .returning({ id: integrationTemplates.id });
    const [advertiser] = await tx
      .insert(advertisers)
      .values({
        title: `Demo: ${name}`,
        secureId: secureId(),
        apiToken: randomToken(24),
        platformId: platform.id,
        verticalId: vertical.id,
        defaultCurrency: base,
      })
      .returning({ id: advertisers.id });
    const outApi = {
      method: 'POST',
      url: 'https://advertiser.example/api/leads',
      headers: [],
      bodyFormat: 'json',
      fieldMappings: [
        { target: 'name', source: 'lead', value: 'firstName' },
        { target: 'phone', source: 'lead', value: 'phone' },
        { target: 'email', source: 'lead', value: 'email' },
        { target: 'ref', source: 'macro', value: 'leadId' },
      ],
      timeoutMs: 5000,
      response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id' },
    };
    const [integration] = await tx
      .insert(integrations)
      .values({
        title: `Demo: ${name} API`,
        advertiserId: advertiser.id,
        templateId: template.id,
        platformId: platform.id,
        verticalId: vertical.id,
        outApi,
        // demo: the out-API is configured but sending is off, so the example URL is never called
        outApiEnabled: false,
        postbackEnabled: true,
        postbackKey: randomToken(16),
      })
      .returning({ id: integrations.id });
    sellers.push({ advertiserId: advertiser.id, integrationId: integration.id });
  }

  // offers (the third private, given to the team), landers, advertiser targets, payment rules, a cap
  const offerDefs = [
    { title: 'Demo: Payday loan PL', vertical: 0, accessType: 1, countries: ['PL'], revenue: '42.00', payout: '28.00' },
    { title: 'Demo: Personal loan ES', vertical: 0, accessType: 1, countries: ['ES'], revenue: '55.00', payout: '35.00' },
    { title: 'Demo: Home insurance DE', vertical: 1, accessType: 3, countries: ['DE'], revenue: '80.00', payout: '50.00' },
  ];
  const offerRows: DemoOffer[] = [];
  for (const def of offerDefs) {
    const vertical = verticalRows[def.vertical];
    const seller = sellers[def.vertical];
    const [offer] = await tx
      .insert(offers)
      .values({
        title: def.title,
        description: `${def.title.slice(6)} (demo offer)`,
        status: 'active',
        accessType: def.accessType,
        verticalId: vertical.id,
      })
      .returning({ id: offers.id });
    const [lander] = await tx
      .insert(landers)
      .values({
        offerId: offer.id,
        title: `${def.title.slice(6)} landing`,
        targetUrl: 'https://lander.example/?click_id={click_id}&s1={sub1}',
        status: 'active',
      })
      .returning({ id: landers.id });
    await tx.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: seller.advertiserId, integrationId: seller.integrationId });
    const [rule] = await tx
      .insert(paymentRules)
      .values({
        offerId: offer.id,
        title: 'Default',
        goalId: vertical.goals[0],
        revenueValue: def.revenue,
        revenueCurrency: base,
        payoutValue: def.payout,
        payoutCurrency: base,
      })
      .returning({ id: paymentRules.id });
    offerRows.push({
      id: offer.id,
      landerId: lander.id,
      vertical,
      seller,
      rule: { id: rule.id, revenue: def.revenue, payout: def.payout },
      countries: def.countries,
    });
  }
  await tx
    .insert(caps)
    .values({ offerId: offerRows[0].id, title: 'Daily leads', type: 'limit', value: '100', period: 'day', timezone: 'UTC' });
  await tx.insert(offerTeams).values({ offerId: offerRows[2].id, teamId: team.id });
  await tx.insert(offerAffiliates).values({ offerId: offerRows[2].id, affiliateId: affiliates[2].id });

  // one campaign per affiliate, an affiliate postback for the first one
  const campaignRows: { id: number; affiliateId: number; offer: DemoOffer }[] = [];
  for (const [i, affiliate] of affiliates.entries()) {
    const offer = offerRows[i];
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        key: randomToken(9),
        title: `Demo campaign ${i + 1}`,
        affiliateId: affiliate.id,
        offerId: offer.id,
        countries: offer.countries,
      })
      .returning({ id: campaigns.id });
    campaignRows.push({ id: campaign.id, affiliateId: affiliate.id, offer });
  }
  const [postback] = await tx
    .insert(postbacks)
    .values({
      scope: 'affiliate',
      affiliateId: affiliates[0].id,
      title: 'Tracker',
      url: 'https://tracker.example/postback?cid={sub1}&payout={payout}',
      method: 'GET',
      events: ['conversion_approved'],
    })
    .returning({ id: postbacks.id });

  // 14 days of clicks
  const start = now.getTime() - 14 * DAY_MS;
  // their day partitions, and the postback logs' (migration 0026 and the nightly job make today's on): the history
  // lands in its days, not in the default partitions
  for (const table of ['clicks', 'system_logs'])
    await tx.execute(sql`select raw_partitions_ahead(${table}, ${new Date(start).toISOString()}::timestamptz, 15)`);
  const countries = ['PL', 'ES', 'DE', 'GB', 'US'];
  const devices = [
    { deviceType: 'desktop', os: 'Windows', browser: 'Chrome' },
    { deviceType: 'smartphone', os: 'Android', browser: 'Chrome Mobile' },
    { deviceType: 'smartphone', os: 'iOS', browser: 'Mobile Safari' },
    { deviceType: 'tablet', os: 'iPadOS', browser: 'Mobile Safari' },
  ];
  const invalidReasons = ['bot', 'country_not_allowed', 'traffic_blocked'];
  const clickTimes = Array.from({ length: DEMO_COUNTS.clicks }, () => start + Math.floor(rnd.next() * (14 * DAY_MS - 3_600_000))).sort(
    (a, b) => a - b,
  );
  const clickRows = clickTimes.map((ms) => {
    const campaign = rnd.pick(campaignRows);
    const valid = rnd.next() < 0.85;
    const device = rnd.pick(devices);
    const reason = valid ? null : rnd.pick(invalidReasons);
    return {
      id: uuidv7At(ms),
      createdAt: new Date(ms),
      status: valid ? 1 : 2,
      invalidReason: reason,
      isUnique: rnd.next() < 0.7,
      isBot: reason === 'bot',
      campaignId: campaign.id,
      offerId: campaign.offer.id,
      affiliateId: campaign.affiliateId,
      teamId: teamOf(campaign.affiliateId),
      landerId: campaign.offer.landerId,
      country: valid ? campaign.offer.countries[0] : rnd.pick(countries),
      language: 'en',
      ip: `198.51.100.${1 + rnd.int(254)}`,
      ...device,
      targetUrl: 'https://lander.example/',
      sub1: `src${1 + rnd.int(5)}`,
      campaign,
    };
  });
  await insertChunks(clickRows, (chunk) => tx.insert(clicks).values(chunk.map(({ campaign: _c, ...row }) => row)));

  // leads from valid clicks, in every status
  const valid = clickRows.filter((c) => c.status === 1);
  const leadSources = Array.from({ length: DEMO_COUNTS.leads }, (_, i) => valid[Math.floor((i * valid.length) / DEMO_COUNTS.leads)]);
  const firstNames = ['Jan', 'Maria', 'Piotr', 'Lucia', 'Jonas', 'Sofia', 'Marek', 'Elena', 'Tom', 'Ida'];
  const lastNames = ['Nowak', 'García', 'Müller', 'Wiśniewski', 'López', 'Schmidt', 'Zielińska', 'Fernández'];
  const leadDrafts = leadSources.map((click, i) => {
    const status = i < LEAD_STATUSES.length ? LEAD_STATUSES[i] : rnd.pick(LEAD_STATUSES);
    const offer = click.campaign.offer;
    const created = new Date(Math.min(click.createdAt.getTime() + (1 + rnd.int(20)) * 60_000, now.getTime() - 60_000));
    const sent = status === 'sent';
    const phoneDigits = String(500_000_000 + rnd.int(499_999_999));
    return {
      row: {
        createdAt: created,
        updatedAt: created,
        status,
        statusReason:
          status === 'invalid'
            ? 'phone: not valid for the country'
            : status === 'duplicate'
              ? 'the phone was sent within 30 days'
              : status === 'unsent'
                ? 'cap reached'
                : status === 'failed'
                  ? 'advertiser error'
                  : null,
        firstName: rnd.pick(firstNames),
        lastName: rnd.pick(lastNames),
        phone: `${PHONE_PREFIX[click.country ?? 'PL'] ?? '+48'}${phoneDigits}`,
        email: `lead${i + 1}@example.com`,
        country: click.country,
        language: 'en',
        ip: click.ip,
        sub1: click.sub1,
        clickId: click.id,
        campaignId: click.campaignId,
        offerId: offer.id,
        verticalId: offer.vertical.id,
        affiliateId: click.affiliateId,
        teamId: click.teamId,
        landerId: offer.landerId,
        isTest: status === 'test',
        advertiserId: sent ? offer.seller.advertiserId : null,
        integrationId: sent ? offer.seller.integrationId : null,
        advertiserLeadId: sent ? `ADV-${100000 + i}` : null,
        leadGrade: sent ? rnd.pick(offer.vertical.grades) : null,
        deliveryAttempts: sent || status === 'failed' || status === 'unsent' ? 1 : 0,
        holdUntil: status === 'hold' ? new Date(now.getTime() + DAY_MS) : null,
        sentAt: sent ? new Date(created.getTime() + 2000) : null,
      },
      offer,
      click,
    };
  });
  const leadIds: number[] = [];
  await insertChunks(leadDrafts, async (chunk) => {
    const rows = await tx
      .insert(leads)
      .values(chunk.map((d) => d.row))
      .returning({ id: leads.id });
    leadIds.push(...rows.map((r) => r.id));
  });
  const leadRows = leadDrafts.map((d, i) => ({ ...d, id: leadIds[i] }));

  const events = [];
  const deliveries = [];
  for (const lead of leadRows) {
    const at = lead.row.createdAt;
    events.push({
      leadId: lead.id,
      createdAt: at,
      type: 'created',
      data: { status: lead.row.status === 'sent' || lead.row.status === 'failed' ? 'new' : lead.row.status, reason: null },
    });
    const attempted = lead.row.status === 'sent' || lead.row.status === 'failed';
    if (!attempted) continue;
    const accepted = lead.row.status === 'sent';
    const later = new Date(at.getTime() + 2000);
    deliveries.push({
      leadId: lead.id,
      createdAt: later,
      advertiserId: lead.offer.seller.advertiserId,
      integrationId: lead.offer.seller.integrationId,
      result: accepted ? 'accepted' : 'error',
      request: {
        method: 'POST',
        url: 'https://advertiser.example/api/leads',
        body: { name: lead.row.firstName, phone: lead.row.phone, email: lead.row.email, ref: String(lead.id) },
      },
      responseStatus: accepted ? 200 : 503,
      responseBody: accepted ? JSON.stringify({ ok: true, id: lead.row.advertiserLeadId }) : 'Service Unavailable',
      advertiserLeadId: lead.row.advertiserLeadId,
      error: accepted ? null : 'HTTP 503',
      durationMs: 150 + rnd.int(900),
    });
    events.push(
      accepted
        ? {
            leadId: lead.id,
            createdAt: later,
            type: 'sent',
            data: { advertiserId: lead.offer.seller.advertiserId, integrationId: lead.offer.seller.integrationId },
          }
        : { leadId: lead.id, createdAt: later, type: 'failed', data: { reason: 'advertiser error', attempt: 1 } },
    );
  }

  // conversions of sent leads, statuses 1-4, priced by the offer's payment rule
  const sentLeads = leadRows.filter((l) => l.row.status === 'sent').slice(0, DEMO_COUNTS.conversions);
  const conversionDrafts = sentLeads.map((lead, i) => {
    const status = (i % 4) + 1;
    const rule = lead.offer.rule;
    const paid = status !== 4;
    const at = new Date(Math.min(lead.row.createdAt.getTime() + (1 + rnd.int(48)) * 3_600_000, now.getTime() - 30_000));
    const revenue = paid ? rule.revenue : '0';
    const payout = paid ? rule.payout : '0';
    return {
      lead,
      row: {
        createdAt: at,
        updatedAt: at,
        status,
        statusChangedAt: status === 1 ? null : at,
        clickId: lead.row.clickId,
        leadId: lead.id,
        offerId: lead.offer.id,
        campaignId: lead.row.campaignId,
        affiliateId: lead.row.affiliateId,
        teamId: lead.row.teamId,
        advertiserId: lead.offer.seller.advertiserId,
        goalId: lead.offer.vertical.goals[0],
        eventId: `demo-${lead.row.advertiserLeadId}`,
        paymentRuleId: rule.id,
        originalRevenue: rule.revenue,
        currency: base,
        revenue,
        revenueCurrency: base,
        payout,
        payoutCurrency: base,
        baseRevenue: revenue,
        basePayout: payout,
        baseCurrency: base,
        postbackParams: { status: String(status), lead_id: lead.row.advertiserLeadId },
      },
    };
  });
  conversionDrafts.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime()); // ids in time order, as live traffic makes them
  const conversionIds = (
    await tx
      .insert(conversions)
      .values(conversionDrafts.map((d) => d.row))
      .returning({ id: conversions.id })
  ).map((r) => r.id);

  // postback logs: the advertiser's postback for each conversion, the first affiliate's tracker for its approved ones
  const logs = [];
  for (const [i, draft] of conversionDrafts.entries()) {
    const { lead, row } = draft;
    events.push({
      leadId: lead.id,
      createdAt: row.createdAt,
      type: 'postback',
      data: { conversionId: conversionIds[i], status: row.status },
    });
    logs.push({
      createdAt: row.createdAt,
      type: 'postback_in',
      entity: 'advertiser',
      advertiserId: row.advertiserId,
      integrationId: lead.offer.seller.integrationId,
      affiliateId: row.affiliateId,
      leadId: lead.id,
      conversionId: conversionIds[i],
      goalId: row.goalId,
      conversionStatus: row.status,
      data: {
        method: 'GET',
        url: `/postback?lead_id=${row.eventId}&status=${row.status}`,
        query: { lead_id: lead.row.advertiserLeadId, status: String(row.status) },
      },
      responseStatus: 200,
      responseBody: 'OK',
      success: true,
      msg: 'conversion recorded',
    });
    if (row.affiliateId === affiliates[0].id && row.status === 3) {
      const ok = rnd.next() < 0.8;
      logs.push({
        createdAt: new Date(row.createdAt.getTime() + 5000),
        type: 'postback_out',
        entity: 'affiliate',
        advertiserId: row.advertiserId,
        affiliateId: row.affiliateId,
        postbackId: postback.id,
        leadId: lead.id,
        conversionId: conversionIds[i],
        goalId: row.goalId,
        conversionStatus: row.status,
        event: 'conversion_approved',
        data: { method: 'GET', url: `https://tracker.example/postback?cid=${lead.row.sub1}&payout=${row.payout}` },
        responseStatus: ok ? 200 : 500,
        responseBody: ok ? 'OK' : 'Internal Server Error',
        success: ok,
        msg: ok ? null : 'HTTP 500',
      });
    }
  }
  await insertChunks(events, (chunk) => tx.insert(leadEvents).values(chunk));
  await insertChunks(deliveries, (chunk) => tx.insert(leadDeliveries).values(chunk));
  logs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await insertChunks(logs, (chunk) => tx.insert(systemLogs).values(chunk));
}
