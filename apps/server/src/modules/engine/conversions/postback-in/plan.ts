/**
 * One postback's conversion, in two halves around the batch's probe statement: `prepare` decides from memory (offer,
 * status, goal, amounts, price, rates) what to look up; `finish` turns what the probe found into the rows of the
 * batch's write statement, the outbound postbacks' jobs and the log.
 */
import {
  CONVERSION_STATUS,
  LATE_CONVERSION_MARK,
  POSTBACK_EVENTS,
  convert,
  pickPaymentRule,
  priceConversion,
  roundMoney,
  type LeadStatusMapping,
  type PostbackEvent,
  type SieveLike,
} from '@leadgrid/shared';
import type { Ctx } from '../../../../http/context';
import { deliveryJobs, firingPostbacks, type PostbackDeliverJob } from '../../postback-delivery';
import { logValues } from './log';
import { mergeAttributes, postbackAttributes } from './params';
import type { PostbackReads } from './reads';
import { Refusal, type BatchItem, type PostbackOutcome, type Subject } from './types';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const AMOUNT_RE = /^-?\d{1,12}(\.\d{1,8})?$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;

const CONVERSION_EVENTS: Record<number, PostbackEvent> = {
  [CONVERSION_STATUS.pending]: 'conversion_pending',
  [CONVERSION_STATUS.hold]: 'conversion_deferred',
  [CONVERSION_STATUS.approved]: 'conversion_approved',
  [CONVERSION_STATUS.rejected]: 'conversion_rejected',
};
const STATUS_NAMES: Record<number, string> = { 1: 'pending', 2: 'hold', 3: 'approved', 4: 'rejected' };

/** a conversion the postback finds (by its event id, or the lead's / click's of the goal) */
interface Existing {
  id: number;
  status: number;
  eventId: string | null;
  originalRevenue: string | null;
  attributes: Record<string, unknown> | null;
}

/**
 * The first half of a postback, once its subject is locked: everything decided from memory (offer, status, goal,
 * amounts, price, rates; a refusal throws) and the probe of what the subject already has (the existing conversion by
 * event id, or the lead's / click's of the goal; the first conversion of the offer's goal; the next conversion id).
 */
export async function prepare(ctx: Ctx, reads: PostbackReads, item: BatchItem, subject: Subject) {
  const { integration, names, p } = item;
  const now = ctx.now();
  const { lead, click } = subject;
  const offerId = lead?.offerId ?? click!.offerId!;
  const offer = await reads.offer(offerId);
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
    const goals = await reads.goals(offer.verticalId);
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
  const { base, byCode } = await reads.currencies();
  const reportedCurrency = currencyRef ? currencyRef.toUpperCase() : null;

  // price, at the rates of now
  const rules = await reads.rules(offer.id);
  const rule = pickPaymentRule(
    rules.map((r) => ({ ...r, sieve: r.sieve as SieveLike })),
    { affiliateId, teamId, country, advertiserId: integration.advertiserId, goalId },
  );
  const reported = payoutRef ? { amount: payoutRef, currency: reportedCurrency ?? rule?.revenueCurrency ?? base } : null;
  const price = rule
    ? priceConversion({ ...rule, paymentType: rule.paymentType as 'fixed' | 'percent' }, reported)
    : {
        revenue: roundMoney(reported?.amount ?? 0),
        revenueCurrency: reported?.currency ?? base,
        payout: roundMoney(0),
        payoutCurrency: reported?.currency ?? base,
      };
  const rateOf = async (code: string) => {
    const currency = byCode.get(code);
    if (!currency) throw new Refusal(422, `Unknown currency ${code}`);
    return reads.rateAt(currency, now);
  };
  const baseRate = await rateOf(base);
  const baseRevenue = convert(price.revenue, await rateOf(price.revenueCurrency), baseRate);
  const basePayout = convert(price.payout, await rateOf(price.payoutCurrency), baseRate);
  if (reportedCurrency) await rateOf(reportedCurrency);

  // what the probe statement looks up after the lock (PROBE_SQL): the existing conversion (by event id; otherwise, or
  // for a single-conversion rule, the lead's / click's of the goal), the first conversion of the offer's goal (session
  // lifespan) and the next conversion id
  const probe = {
    lead_id: lead?.id ?? null,
    click_id: lead ? null : click!.id,
    advertiser_id: integration.advertiserId,
    event_id: eventId,
    by_goal: !(eventId && rule?.isMultiConversion),
    goal_id: goalId,
    offer_id: offer.id,
    first_goal_id: offer.sessionLifespanType === 'goal' && offer.goalId ? offer.goalId : null,
  };
  return {
    now,
    lead,
    click,
    offer,
    advertiserStatus,
    mapping,
    conversionStatus,
    goalId,
    payoutRef,
    eventId,
    affiliateId,
    teamId,
    country,
    base,
    rule,
    reported,
    price,
    baseRevenue,
    basePayout,
    probe,
  };
}

export type Plan = Awaited<ReturnType<typeof prepare>>;
export interface Probe {
  nextId: string;
  byEvent: Existing | null;
  byGoal: Existing | null;
  firstAt: number | null;
}

/** the JSON rows of the batch's write statement (writeSql: $1 to $4, $7) */
export interface Writes {
  created: Record<string, unknown>[];
  changed: Record<string, unknown>[];
  attributes: Record<string, unknown>[];
  leads: Record<string, unknown>[];
  events: Record<string, unknown>[];
}

/** the money columns of a conversion, as the write statement's JSON rows name them */
const amountRow = (a: {
  paymentRuleId: number | null;
  originalRevenue: string | null;
  currency: string | null;
  revenue: string;
  revenueCurrency: string;
  payout: string;
  payoutCurrency: string;
  baseRevenue: string;
  basePayout: string;
  baseCurrency: string;
}) => ({
  payment_rule_id: a.paymentRuleId,
  original_revenue: a.originalRevenue,
  currency: a.currency,
  revenue: a.revenue,
  revenue_currency: a.revenueCurrency,
  payout: a.payout,
  payout_currency: a.payoutCurrency,
  base_revenue: a.baseRevenue,
  base_payout: a.basePayout,
  base_currency: a.baseCurrency,
});

/**
 * The second half: the rows of the conversion, the lead and its history (added to `rows`), the outbound postbacks'
 * jobs and the log, for the batch's one write statement.
 */
export async function finish(ctx: Ctx, reads: PostbackReads, item: BatchItem, plan: Plan, found: Probe, rows: Writes) {
  const { integration, p, input } = item;
  const { now, lead, click, offer, mapping } = plan;
  const existing = found.byEvent ?? found.byGoal ?? undefined;

  // late: after the session lifespan (days) from the click, or from the first conversion of the offer's goal
  const from: Date | null = found.firstAt !== null ? new Date(Number(found.firstAt)) : (click?.createdAt ?? lead?.createdAt ?? null);
  const late = !!from && now.getTime() > from.getTime() + offer.sessionLifespan * DAY_MS;
  const autoApproveAt =
    plan.conversionStatus === CONVERSION_STATUS.pending && plan.rule?.autoApprovePeriod
      ? new Date(now.getTime() + plan.rule.autoApprovePeriod * HOUR_MS)
      : null;
  const params = { ...p };
  delete params.secure_code;
  const attributes = postbackAttributes(p, item.names);

  const amounts = {
    paymentRuleId: plan.rule?.id ?? null,
    originalRevenue: plan.reported ? roundMoney(plan.reported.amount) : null,
    currency: plan.reported?.currency ?? null,
    revenue: plan.price.revenue,
    revenueCurrency: plan.price.revenueCurrency,
    payout: plan.price.payout,
    payoutCurrency: plan.price.payoutCurrency,
    baseRevenue: plan.baseRevenue,
    basePayout: plan.basePayout,
    baseCurrency: plan.base,
  };
  let conversionId: number;
  let changed: PostbackOutcome['changed'];
  let created = false;
  if (!existing) {
    conversionId = Number(found.nextId);
    created = true;
    rows.created.push({
      id: conversionId,
      at: now.toISOString(),
      status: plan.conversionStatus,
      click_id: lead?.clickId ?? click?.id ?? null,
      lead_id: lead?.id ?? null,
      offer_id: offer.id,
      campaign_id: lead?.campaignId ?? click?.campaignId ?? null,
      affiliate_id: plan.affiliateId,
      team_id: plan.teamId,
      advertiser_id: integration.advertiserId,
      goal_id: plan.goalId,
      event_id: plan.eventId,
      ...amountRow(amounts),
      postback_params: params,
      attributes,
      marks: late ? [LATE_CONVERSION_MARK] : [],
      auto_approve_at: autoApproveAt?.toISOString() ?? null,
    });
    changed = { conversionId, created: true, status: plan.conversionStatus };
  } else {
    conversionId = existing.id;
    const statusChanged = existing.status !== plan.conversionStatus;
    // a later postback adds its attributes to the conversion's (mergeAttributes), also when it changes nothing else
    const merged = mergeAttributes(existing.attributes ?? {}, attributes);
    if (statusChanged || (plan.payoutRef && existing.originalRevenue !== amounts.originalRevenue)) {
      rows.changed.push({
        id: existing.id,
        at: now.toISOString(),
        status: plan.conversionStatus,
        // the status's time and the auto-approval change only with the status
        status_changed: statusChanged,
        auto_approve_at: autoApproveAt?.toISOString() ?? null,
        event_id: existing.eventId ?? plan.eventId,
        ...amountRow(amounts),
        postback_params: params,
        attributes: merged ?? existing.attributes ?? {},
      });
    } else if (merged) rows.attributes.push({ id: existing.id, at: now.toISOString(), attributes: merged });
    if (statusChanged) changed = { conversionId, created: false, status: plan.conversionStatus };
  }

  // the lead
  if (lead && mapping && (lead.status !== mapping.leadStatus || (mapping.leadGrade && lead.leadGrade !== mapping.leadGrade))) {
    rows.leads.push({ id: lead.id, at: now.toISOString(), status: mapping.leadStatus, lead_grade: mapping.leadGrade ?? lead.leadGrade });
    rows.events.push({
      lead_id: lead.id,
      at: now.toISOString(),
      data: {
        advertiserStatus: plan.advertiserStatus,
        from: lead.status,
        to: mapping.leadStatus,
        leadGrade: mapping.leadGrade ?? null,
        conversionId,
        integrationId: integration.id,
      },
    });
  }

  // outbound affiliate postbacks, their jobs in the same statement
  const leadStatus = mapping?.leadStatus ?? lead?.status ?? null;
  const leadGrade = mapping?.leadGrade ?? lead?.leadGrade ?? null;
  const events: PostbackEvent[] = [];
  if (changed) events.push(CONVERSION_EVENTS[plan.conversionStatus]);
  if (
    lead &&
    mapping &&
    lead.status !== mapping.leadStatus &&
    (POSTBACK_EVENTS as readonly string[]).includes(`event_${mapping.leadStatus}`)
  )
    events.push(`event_${mapping.leadStatus}` as PostbackEvent);
  if (lead && mapping?.leadGrade && lead.leadGrade !== mapping.leadGrade) events.push('event_lead_grade_changed');
  if (events.length) {
    const goal = plan.goalId
      ? ((await reads.goals(offer.verticalId)).find((g) => g.id === plan.goalId) ?? (await reads.goal(plan.goalId)))
      : null;
    const values = {
      click_id: lead?.clickId ?? click?.id ?? null,
      ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, (lead ?? click)?.[`sub${i + 1}` as 'sub1'] ?? null])),
      country: plan.country,
      ip: lead?.ip ?? click?.ip ?? null,
      lead_id: lead?.id ?? null,
      lead_status: leadStatus,
      lead_grade: leadGrade,
      conversion_id: conversionId,
      status: STATUS_NAMES[plan.conversionStatus],
      goal: goal?.title ?? null,
      payout: amounts.payout,
      revenue: amounts.revenue,
      currency: amounts.payoutCurrency,
      offer_id: offer.id,
      campaign_id: lead?.campaignId ?? click?.campaignId ?? null,
      affiliate_id: plan.affiliateId,
      advertiser_id: integration.advertiserId,
    };
    const jobs: PostbackDeliverJob[] = [];
    for (const event of events) {
      const input = {
        event,
        affiliateId: plan.affiliateId,
        teamId: plan.teamId ?? undefined,
        goalId: plan.goalId,
        leadId: lead?.id ?? null,
        conversionId,
        conversionStatus: plan.conversionStatus,
        values,
      };
      jobs.push(...deliveryJobs(input, await firingPostbacks(reads.targets, input), now));
    }
    return { jobs, ...done(conversionId, changed) };
  }
  return { jobs: [] as PostbackDeliverJob[], ...done(conversionId, changed) };

  function done(conversionId: number, changed: PostbackOutcome['changed']) {
    const outcome: PostbackOutcome = { code: 200, answer: { status: 'ok', conversionId }, changed };
    const log = logValues(ctx, input, integration, outcome, {
      leadId: lead?.id ?? null,
      goalId: plan.goalId,
      conversionStatus: plan.conversionStatus,
    });
    // conversion caps count a new conversion in the same transaction (a full one closes its advertisers for new leads)
    const counted = created
      ? {
          offerId: offer.id,
          advertiserId: integration.advertiserId,
          affiliateId: plan.affiliateId,
          teamId: plan.teamId,
          country: plan.country,
          goalId: plan.goalId,
          revenue: plan.price.revenue,
          revenueCurrency: plan.price.revenueCurrency,
        }
      : null;
    return { outcome, log, counted };
  }
}
