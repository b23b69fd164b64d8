/**
 * The advertiser's inbound postback `GET|POST /postback/:postbackKey` (ARCHITECTURE §5): finds the integration by its
 * postback key, reads the parameters by the names of its postback section (query, form or JSON body), checks the IP
 * allow-list and the secure code, maps the advertiser status through leadStatusMappings, updates the lead (status,
 * grade, a lead_events row) and creates or updates the conversion of the lead's (or click's) goal, priced by the
 * offer's payment rules — all in one transaction, with the outbound affiliate postbacks of what changed (conversion
 * created or its status changed, the lead's status, its grade). Every postback, accepted or refused, is a
 * `postback_in` system log.
 */
import { BlockList, isIP } from 'node:net';
import {
  CONVERSION_STATUS, LATE_CONVERSION_MARK, POSTBACK_EVENTS, type PostbackEvent, convert, pickPaymentRule, postbackSection, priceConversion, roundMoney, type LeadStatusMapping,
  type Postback, type PostbackInAnswer, type SieveLike,
} from '@leadgrid/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { advertisers, clicks, conversions, currencies, integrations, leadEvents, leads, offers, paymentRules, systemLogs, verticalGoals } from '../../db/schema';
import type { Ctx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { countConversion } from '../caps/cap-engine';
import { baseCurrencyCode } from '../currencies/currencies.service';
import { enqueuePostbackEvents } from '../postback-delivery';

export interface InboundPostback {
  key: string;
  ip: string;
  method: string;
  url: string;
  query: Record<string, unknown>;
  body: unknown;
}

export interface PostbackOutcome {
  code: number;
  answer: PostbackInAnswer;
  /** set when a conversion was created or its status changed (outbound affiliate postbacks follow) */
  changed?: { conversionId: number; created: boolean; status: number };
}

type IntegrationRow = typeof integrations.$inferSelect;
type LeadRow = typeof leads.$inferSelect;
type ClickRow = typeof clicks.$inferSelect;

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const UNKNOWN_KEY = 'Unknown postback key';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AMOUNT_RE = /^-?\d{1,12}(\.\d{1,8})?$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;

/** the query and the form/JSON body as one flat map of strings (the body wins) */
export function postbackParams(query: Record<string, unknown>, body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      const value = Array.isArray(v) ? v[0] : v;
      if (value === undefined || value === null || typeof value === 'object') continue;
      out[k] = String(value).slice(0, 1000);
    }
  };
  put(query);
  put(body);
  return out;
}

/** the secure code is never written to a log */
function redact(src: unknown): unknown {
  if (!src || typeof src !== 'object' || Array.isArray(src) || !('secure_code' in src)) return src ?? null;
  return { ...(src as Record<string, unknown>), secure_code: '***' };
}

const plainIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** whether the address is in the allow-list (addresses and CIDR blocks, v4 and v6); an empty list allows everyone */
export function ipAllowed(ip: string, list: readonly string[]): boolean {
  if (!list.length) return true;
  const address = plainIp(ip);
  const family = isIP(address);
  if (!family) return false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [net, bits] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(net, type);
    else blocks.addSubnet(net, Number(bits), type);
  }
  return blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

async function log(db: DbOrTx, ctx: Ctx, input: InboundPostback, integration: IntegrationRow | null, outcome: PostbackOutcome, extra: { leadId?: number | null; goalId?: number | null; conversionStatus?: number | null } = {}) {
  await db.insert(systemLogs).values({
    createdAt: ctx.now(),
    type: 'postback_in',
    entity: 'advertiser',
    advertiserId: integration?.advertiserId ?? null,
    integrationId: integration?.id ?? null,
    leadId: extra.leadId ?? null,
    conversionId: outcome.answer.status === 'ok' ? outcome.answer.conversionId : null,
    goalId: extra.goalId ?? null,
    conversionStatus: extra.conversionStatus ?? null,
    data: { method: input.method, url: input.url.replace(/([?&]secure_code=)[^&]*/g, '$1***').slice(0, 2000), ip: input.ip, query: redact(input.query), body: redact(input.body) },
    responseStatus: outcome.code,
    responseBody: JSON.stringify(outcome.answer),
    success: outcome.answer.status === 'ok',
    msg: outcome.answer.message?.slice(0, 500) ?? null,
  });
}

/** the lead or click the postback names: our lead id (or the advertiser's id for it), or the visitor's click id */
async function findSubject(db: DbOrTx, integration: IntegrationRow, p: Record<string, string>, names: Postback, opts: RecordOptions) {
  const leadRef = p[names.leadIdParam]?.trim();
  const clickRef = p[names.clickIdParam]?.trim();
  if (!leadRef && !clickRef) throw new Refusal(400, `The postback names no lead: give ${names.leadIdParam} or ${names.clickIdParam}`);
  let lead: LeadRow | undefined;
  let click: ClickRow | undefined;
  if (leadRef) {
    if (!opts.advertiserLeadOnly && /^\d{1,15}$/.test(leadRef))
      [lead] = await db
        .select()
        .from(leads)
        .where(and(eq(leads.id, Number(leadRef)), eq(leads.advertiserId, integration.advertiserId)));
    lead ??= (
      await db
        .select()
        .from(leads)
        .where(and(eq(leads.integrationId, integration.id), eq(leads.advertiserLeadId, leadRef)))
        .orderBy(desc(leads.id))
        .limit(1)
    )[0];
    if (!lead) throw new Refusal(404, `Unknown lead ${leadRef}`);
  }
  if (!lead && clickRef) {
    if (!UUID_RE.test(clickRef)) throw new Refusal(404, `Unknown click ${clickRef}`);
    [lead] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.clickId, clickRef), eq(leads.advertiserId, integration.advertiserId)))
      .orderBy(desc(leads.id))
      .limit(1);
    if (!lead) [click] = await db.select().from(clicks).where(eq(clicks.id, clickRef));
    if (!lead && (!click || !click.offerId || !click.affiliateId)) throw new Refusal(404, `Unknown click ${clickRef}`);
  }
  if (lead?.clickId) [click] = await db.select().from(clicks).where(eq(clicks.id, lead.clickId));
  return { lead, click };
}

async function rateOf(db: DbOrTx, code: string): Promise<string> {
  const [row] = await db.select({ rate: currencies.rate }).from(currencies).where(eq(currencies.code, code));
  if (!row) throw new Refusal(422, `Unknown currency ${code}`);
  return row.rate;
}

/** Handles one inbound postback; never throws for bad input (a refusal is an answer with its code, and is logged). */
export async function handleInboundPostback(ctx: Ctx, queue: JobQueue, input: InboundPostback): Promise<PostbackOutcome> {
  const [found] = await ctx.db
    .select({ integration: integrations, advertiserStatus: advertisers.status })
    .from(integrations)
    .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
    .where(eq(integrations.postbackKey, input.key.slice(0, 64)));
  const refuse = async (integration: IntegrationRow | null, err: Refusal) => {
    const outcome: PostbackOutcome = { code: err.code, answer: { status: 'error', message: err.message } };
    await log(ctx.db, ctx, input, integration, outcome);
    return outcome;
  };
  if (!found) return refuse(null, new Refusal(404, UNKNOWN_KEY));
  const integration = found.integration;
  if (!integration.postbackEnabled || integration.status !== 'active' || found.advertiserStatus !== 'active')
    return refuse(integration, new Refusal(404, 'Postbacks are not enabled for this integration'));
  const names = postbackSection.parse(integration.postback ?? {});
  if (!ipAllowed(input.ip, names.ipAllowList)) return refuse(integration, new Refusal(403, `The address ${plainIp(input.ip)} may not send postbacks`));
  const p = postbackParams(input.query, input.body);
  if (names.secureCode && p.secure_code !== names.secureCode) return refuse(integration, new Refusal(403, 'Wrong secure code'));

  return recordAndLog(ctx, queue, input, integration, names, p, {});
}

interface RecordOptions {
  /** the lead reference is the advertiser's lead id only (API sync), never our lead id */
  advertiserLeadOnly?: boolean;
}

/** records the postback in one transaction with its log; a refusal is logged on its own and answered */
async function recordAndLog(ctx: Ctx, queue: JobQueue, input: InboundPostback, integration: IntegrationRow, names: Postback, p: Record<string, string>, opts: RecordOptions) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await record(tx, { ...ctx, db: tx }, queue, integration, names, p, opts);
      await log(tx, ctx, input, integration, result.outcome, result.logged);
      return result.outcome;
    });
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    const outcome: PostbackOutcome = { code: err.code, answer: { status: 'error', message: err.message } };
    await log(ctx.db, ctx, input, integration, outcome);
    return outcome;
  }
}

/**
 * The API sync's status of one advertiser lead, applied exactly like an inbound postback that names the advertiser's
 * lead id and status (same lead update, conversion, affiliate postbacks and `postback_in` log; the log's method is
 * API_SYNC and its URL the polled one). The poll itself is the trust check: no IP list or secure code.
 */
export async function applyPolledStatus(
  ctx: Ctx,
  queue: JobQueue,
  integrationId: number,
  item: { advertiserLeadId: string; advertiserStatus: string },
  polledUrl: string,
): Promise<PostbackOutcome> {
  const [integration] = await ctx.db.select().from(integrations).where(eq(integrations.id, integrationId));
  const names = postbackSection.parse(integration?.postback ?? {});
  const p = { [names.leadIdParam]: item.advertiserLeadId.slice(0, 1000), [names.statusParam]: item.advertiserStatus.slice(0, 1000) };
  const input: InboundPostback = { key: integration?.postbackKey ?? '', ip: '', method: 'API_SYNC', url: polledUrl, query: { ...item }, body: null };
  if (!integration) {
    const outcome: PostbackOutcome = { code: 404, answer: { status: 'error', message: 'Unknown integration' } };
    await log(ctx.db, ctx, input, null, outcome);
    return outcome;
  }
  return recordAndLog(ctx, queue, input, integration, names, p, { advertiserLeadOnly: true });
}

const CONVERSION_EVENTS: Record<number, PostbackEvent> = {
  [CONVERSION_STATUS.pending]: 'conversion_pending',
  [CONVERSION_STATUS.hold]: 'conversion_deferred',
  [CONVERSION_STATUS.approved]: 'conversion_approved',
  [CONVERSION_STATUS.rejected]: 'conversion_rejected',
};
const STATUS_NAMES: Record<number, string> = { 1: 'pending', 2: 'hold', 3: 'approved', 4: 'rejected' };

async function record(tx: DbOrTx, ctx: Ctx, queue: JobQueue, integration: IntegrationRow, names: Postback, p: Record<string, string>, opts: RecordOptions) {
  const now = ctx.now();
  const { lead, click } = await findSubject(tx, integration, p, names, opts);
  // one postback of a lead (or of a click without a lead) at a time: an advertiser's retries racing each other find the
  // conversion the first one made instead of making another (or tripping over its event id's unique index)
  if (lead) await tx.execute(sql`select id from leads where id = ${lead.id} for update`);
  else if (click) await tx.execute(sql`select id from clicks where id = ${click.id}::uuid for update`);
  const offerId = lead?.offerId ?? click!.offerId!;
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new Refusal(404, 'Unknown offer');

  // status
  const advertiserStatus = p[names.statusParam]?.trim();
  let mapping: LeadStatusMapping | undefined;
  if (advertiserStatus) {
    const mappings = (integration.leadStatusMappings ?? []) as LeadStatusMapping[];
    mapping = mappings.find((m) => m.advertiserStatus.toLowerCase() === advertiserStatus.toLowerCase());
    if (!mapping) throw new Refusal(422, `Unknown status ${advertiserStatus}: add it to the integration's lead status mappings`);
  }
  const conversionStatus: number = mapping?.conversionStatus ?? CONVERSION_STATUS.pending;

  // goal: its id or title among the vertical's goals; none given → the offer's goal
  const goalRef = p[names.goalParam]?.trim();
  let goalId: number | null = offer.goalId ?? null;
  if (goalRef) {
    const goals = await tx.select().from(verticalGoals).where(eq(verticalGoals.verticalId, offer.verticalId));
    const goal = goals.find((g) => String(g.id) === goalRef) ?? goals.find((g) => g.title.toLowerCase() === goalRef.toLowerCase());
    if (!goal) throw new Refusal(422, `Unknown goal ${goalRef}`);
    goalId = goal.id;
  }

  // reported amount
  const payoutRef = p[names.payoutParam]?.trim();
  const currencyRef = p[names.currencyParam]?.trim();
  if (payoutRef && !AMOUNT_RE.test(payoutRef)) throw new Refusal(400, `${names.payoutParam} must be a decimal number`);
  if (currencyRef && !CURRENCY_RE.test(currencyRef)) throw new Refusal(400, `${names.currencyParam} must be a 3-letter currency code`);
  const eventId = p[names.eventIdParam]?.trim() || null;
  if (eventId && eventId.length > 200) throw new Refusal(400, `${names.eventIdParam} is longer than 200 characters`);

  const affiliateId = lead?.affiliateId ?? click!.affiliateId!;
  const teamId = lead?.teamId ?? click?.teamId ?? null;
  const country = lead?.country ?? click?.country ?? null;
  const base = await baseCurrencyCode({ db: tx, config: ctx.config });
  const reportedCurrency = currencyRef ? currencyRef.toUpperCase() : null;

  // price
  const rules = await tx.select().from(paymentRules).where(eq(paymentRules.offerId, offer.id));
  const rule = pickPaymentRule(
    rules.map((r) => ({ ...r, sieve: r.sieve as SieveLike })),
    { affiliateId, teamId, country, advertiserId: integration.advertiserId, goalId },
  );
  const reported = payoutRef ? { amount: payoutRef, currency: reportedCurrency ?? rule?.revenueCurrency ?? base } : null;
  const price = rule
    ? priceConversion({ ...rule, paymentType: rule.paymentType as 'fixed' | 'percent' }, reported)
    : { revenue: roundMoney(reported?.amount ?? 0), revenueCurrency: reported?.currency ?? base, payout: roundMoney(0), payoutCurrency: reported?.currency ?? base };
  const baseRate = await rateOf(tx, base);
  const baseRevenue = convert(price.revenue, await rateOf(tx, price.revenueCurrency), baseRate);
  const basePayout = convert(price.payout, await rateOf(tx, price.payoutCurrency), baseRate);
  if (reportedCurrency) await rateOf(tx, reportedCurrency);

  // the existing conversion: by event id; otherwise (or for a single-conversion rule) the lead's / click's goal
  let existing: typeof conversions.$inferSelect | undefined;
  if (eventId)
    [existing] = await tx
      .select()
      .from(conversions)
      .where(and(eq(conversions.advertiserId, integration.advertiserId), eq(conversions.eventId, eventId)));
  if (!existing && !(eventId && rule?.isMultiConversion)) {
    const subject = lead ? eq(conversions.leadId, lead.id) : eq(conversions.clickId, click!.id);
    const goal = goalId ? eq(conversions.goalId, goalId) : sql`${conversions.goalId} is null`;
    [existing] = await tx
      .select()
      .from(conversions)
      .where(and(subject, goal, eq(conversions.offerId, offer.id)))
      .orderBy(desc(conversions.id))
      .limit(1);
  }

  // late: after the session lifespan (days) from the click, or from the first conversion of the offer's goal
  let from: Date | null = click?.createdAt ?? lead?.createdAt ?? null;
  if (offer.sessionLifespanType === 'goal' && offer.goalId && (lead || click)) {
    const [first] = await tx
      .select({ at: conversions.createdAt })
      .from(conversions)
      .where(and(lead ? eq(conversions.leadId, lead.id) : eq(conversions.clickId, click!.id), eq(conversions.goalId, offer.goalId)))
      .orderBy(conversions.id)
      .limit(1);
    if (first) from = first.at;
  }
  const late = !!from && now.getTime() > from.getTime() + offer.sessionLifespan * DAY_MS;
  const autoApproveAt = conversionStatus === CONVERSION_STATUS.pending && rule?.autoApprovePeriod ? new Date(now.getTime() + rule.autoApprovePeriod * HOUR_MS) : null;
  const params = { ...p };
  delete params.secure_code;

  const amounts = {
    paymentRuleId: rule?.id ?? null,
    originalRevenue: reported ? roundMoney(reported.amount) : null,
    currency: reported?.currency ?? null,
    revenue: price.revenue,
    revenueCurrency: price.revenueCurrency,
    payout: price.payout,
    payoutCurrency: price.payoutCurrency,
    baseRevenue,
    basePayout,
    baseCurrency: base,
  };
  let conversionId: number;
  let changed: PostbackOutcome['changed'];
  if (!existing) {
    const [row] = await tx
      .insert(conversions)
      .values({
        createdAt: now,
        updatedAt: now,
        status: conversionStatus,
        statusChangedAt: now,
        clickId: lead?.clickId ?? click?.id ?? null,
        leadId: lead?.id ?? null,
        offerId: offer.id,
        campaignId: lead?.campaignId ?? click?.campaignId ?? null,
        affiliateId,
        teamId,
        advertiserId: integration.advertiserId,
        goalId,
        eventId,
        ...amounts,
        postbackParams: params,
        marks: late ? [LATE_CONVERSION_MARK] : [],
        autoApproveAt,
      })
      .returning({ id: conversions.id });
    conversionId = row.id;
    changed = { conversionId, created: true, status: conversionStatus };
    // conversion caps count it now, in this transaction (a full one closes its advertisers for new leads)
    await countConversion(
      tx,
      { offerId: offer.id, advertiserId: integration.advertiserId, affiliateId, teamId, country, goalId, revenue: price.revenue, revenueCurrency: price.revenueCurrency },
      now,
    );
  } else {
    conversionId = existing.id;
    const statusChanged = existing.status !== conversionStatus;
    if (statusChanged || (payoutRef && existing.originalRevenue !== amounts.originalRevenue)) {
      await tx
        .update(conversions)
        .set({
          updatedAt: now,
          status: conversionStatus,
          ...(statusChanged ? { statusChangedAt: now, autoApproveAt } : {}),
          eventId: existing.eventId ?? eventId,
          ...amounts,
          postbackParams: params,
        })
        .where(eq(conversions.id, existing.id));
    }
    if (statusChanged) changed = { conversionId, created: false, status: conversionStatus };
  }

  // the lead
  if (lead && mapping && (lead.status !== mapping.leadStatus || (mapping.leadGrade && lead.leadGrade !== mapping.leadGrade))) {
    await tx
      .update(leads)
      .set({ status: mapping.leadStatus, leadGrade: mapping.leadGrade ?? lead.leadGrade, updatedAt: now })
      .where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      createdAt: now,
      type: 'postback',
      data: { advertiserStatus, from: lead.status, to: mapping.leadStatus, leadGrade: mapping.leadGrade ?? null, conversionId, integrationId: integration.id },
    });
  }

  // outbound affiliate postbacks, in this transaction
  const leadStatus = mapping?.leadStatus ?? lead?.status ?? null;
  const leadGrade = mapping?.leadGrade ?? lead?.leadGrade ?? null;
  const events: PostbackEvent[] = [];
  if (changed) events.push(CONVERSION_EVENTS[conversionStatus]);
  if (lead && mapping && lead.status !== mapping.leadStatus && (POSTBACK_EVENTS as readonly string[]).includes(`event_${mapping.leadStatus}`))
    events.push(`event_${mapping.leadStatus}` as PostbackEvent);
  if (lead && mapping?.leadGrade && lead.leadGrade !== mapping.leadGrade) events.push('event_lead_grade_changed');
  if (events.length) {
    const [goal] = goalId ? await tx.select({ title: verticalGoals.title }).from(verticalGoals).where(eq(verticalGoals.id, goalId)) : [];
    const values = {
      click_id: lead?.clickId ?? click?.id ?? null,
      ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, (lead ?? click)?.[`sub${i + 1}` as 'sub1'] ?? null])),
      country,
      ip: lead?.ip ?? click?.ip ?? null,
      lead_id: lead?.id ?? null,
      lead_status: leadStatus,
      lead_grade: leadGrade,
      conversion_id: conversionId,
      status: STATUS_NAMES[conversionStatus],
      goal: goal?.title ?? null,
      payout: amounts.payout,
      revenue: amounts.revenue,
      currency: amounts.payoutCurrency,
      offer_id: offer.id,
      campaign_id: lead?.campaignId ?? click?.campaignId ?? null,
      affiliate_id: affiliateId,
      advertiser_id: integration.advertiserId,
    };
    for (const event of events)
      await enqueuePostbackEvents(ctx, queue, { event, affiliateId, teamId: teamId ?? undefined, goalId, leadId: lead?.id ?? null, conversionId, conversionStatus, values });
  }

  const outcome: PostbackOutcome = { code: 200, answer: { status: 'ok', conversionId }, changed };
  return { outcome, logged: { leadId: lead?.id ?? null, goalId, conversionStatus } };
}
