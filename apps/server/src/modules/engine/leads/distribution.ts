/**
 * Lead distribution (architecture §5 Lead step 4, Caps): a run claims the lead with one conditional UPDATE (a lease,
 * so a crashed run is taken over by the retry job and two runs never send the same lead), finds the offer's advertiser
 * targets whose sieve matches and whose caps are open (lead caps with room, conversion caps not full), orders them
 * (funnels still short of their guarantee first, then normal, then low priority; funnels split by weight, others
 * weighted random among equals), and sends through each integration's out-API until one accepts. Room in every
 * applicable lead cap (limit and funnel, counted in leads or money) is taken BEFORE the call with an atomic
 * conditional increment and given back when the advertiser does not accept, so a cap of N lets exactly N leads
 * through under any concurrency. When caps closed every target, their action decides: hold (until the cap's next
 * period), trafficback (unsent, answered with the offer's trafficback URL) or skip (unsent with its retries).
 * Every attempt is a `lead_deliveries` row. A lead sent or held fires its event to the affiliate's postbacks in the
 * same statement or transaction (lead-events.ts); a lead that finally fails raises "lead failed", and a cap that
 * fills or refuses a lead raises "cap reached" once per cap and period (notifications/raise.ts).
 */
import {
  capPeriod,
  compareMoney,
  LEAD_LEASE_SECONDS,
  LEAD_RETRY_DELAYS,
  matchSieve,
  outApiSection,
  type ApiLeadStatus,
} from '@leadgrid/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { leadDeliveries, leadEvents, leads } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { callOutbound } from '../../../lib/outbound';
import { capCounters } from '../../inventory/caps';
import { capCovers, capKey, countersOf, inCurrency, isFull, leadRevenuePricer, ratesOf, type EngineCap } from '../../inventory/caps';
import { heldUntilByConfig } from '../hold-queue';
import { buildOutApiRequest, parseOutApiResponse, type LeadValues } from '../../sell-side/integrations';
import { capReached, leadFailed } from '../../settings/notifications';
import { directReads, type EngineReads } from './engine-reads';
import { fireLeadEvents, leadEventJobs, mutedByImport, type LeadEventSubject } from './lead-events';
import { leadWriter } from './lead-writer';

export const LEAD_DELIVER_JOB = 'lead-deliver';
export interface LeadDeliverJob {
  leadId: number;
}

type Lead = typeof leads.$inferSelect;

/** what a distribution run needs of a lead (the intake builds it from what it inserted, a claim reads the row) */
export type DistributableLead = Pick<
  Lead,
  | 'id'
  | 'status'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'email'
  | 'country'
  | 'language'
  | 'ip'
  | 'landing'
  | 'sourceUrl'
  | 'userAgent'
  | 'fields'
  | 'sub1'
  | 'sub2'
  | 'sub3'
  | 'sub4'
  | 'sub5'
  | 'sub6'
  | 'sub7'
  | 'sub8'
  | 'sub9'
  | 'clickId'
  | 'campaignId'
  | 'offerId'
  | 'affiliateId'
  | 'teamId'
  | 'landerId'
  | 'deliveryAttempts'
>;

export interface DistributionResult {
  status: ApiLeadStatus;
  reason: string | null;
  redirectUrl: string | null;
  advertiserId: number | null;
}

/** true when the lead came from an import that did not ask for the affiliate's lead postbacks */
async function importMutesEvents(ctx: Ctx, lead: DistributableLead | Lead): Promise<boolean> {
  const importId = 'importId' in lead ? lead.importId : null;
  return (await mutedByImport(ctx.db, [{ id: lead.id, importId }])).has(lead.id);
}

/** claims the lead for one run: new, or unsent and due for its retry, and not held by another run */
async function claim(ctx: Ctx, leadId: number): Promise<Lead | null> {
  const now = ctx.now();
  const until = new Date(now.getTime() + LEAD_LEASE_SECONDS * 1000);
  const [row] = await ctx.db
    .update(leads)
    .set({ deliveryLeaseUntil: until })
    .where(
      and(
        eq(leads.id, leadId),
        sql`(${leads.status} = 'new' or (${leads.status} = 'unsent' and coalesce(${leads.nextAttemptAt}, ${now}) <= ${now}))`,
        sql`(${leads.deliveryLeaseUntil} is null or ${leads.deliveryLeaseUntil} < ${now})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** normal before low priority; inside each group a weighted random order (Efraimidis–Spirakis keys) */
export function orderTargets<T extends { weight: number; lowPriority: boolean }>(list: T[], random = Math.random): T[] {
  const keyed = list.filter((t) => t.weight > 0).map((t) => ({ t, k: Math.pow(random(), 1 / t.weight) }));
  keyed.sort((a, b) => Number(a.t.lowPriority) - Number(b.t.lowPriority) || b.k - a.k);
  return keyed.map((x) => x.t);
}

function leadValues(lead: DistributableLead): LeadValues {
  const values: LeadValues = {
    firstName: lead.firstName,
    lastName: lead.lastName,
    phone: lead.phone,
    email: lead.email,
    country: lead.country,
    language: lead.language,
    ip: lead.ip,
    landing: lead.landing,
    sourceUrl: lead.sourceUrl,
    userAgent: lead.userAgent,
  };
  for (let i = 1; i <= 9; i++) values[`sub${i}`] = lead[`sub${i}` as keyof DistributableLead] as string | null;
  for (const [k, v] of Object.entries(lead.fields ?? {})) if (!(k in values)) values[k] = v as LeadValues[string];
  return values;
}

interface Candidate<T> {
  target: T;
  /** the caps that cover this target for the lead */
  caps: EngineCap[];
}

const funnelsOf = (caps: EngineCap[]) => caps.filter((c) => c.type === 'funnel' && c.processingType === 'leads');

/**
 * The order targets are tried in: funnels still short of their guarantee this period, then normal, then low
 * priority (the target's or a covering lead cap's flag). In a group where every target has a funnel, the one with
 * the least taken per unit of funnel weight goes first (the leads split by weight); otherwise a weighted random order
 * (a funnel's weight replaces the target's).
 */
export function orderCandidates<T extends { weight: number; lowPriority: boolean }>(
  list: Candidate<T>[],
  counters: Map<number, string>,
  random = Math.random,
): Candidate<T>[] {
  const keyed = list
    .map((c) => {
      const funnels = funnelsOf(c.caps);
      const weight = funnels.length ? Math.min(...funnels.map((f) => f.weight)) : c.target.weight;
      const short = funnels.some((f) => f.guarantee !== null && compareMoney(counters.get(f.id) ?? '0', f.guarantee) < 0);
      const low = c.target.lowPriority || c.caps.some((cap) => cap.lowPriority && cap.processingType === 'leads');
      // a ratio used only to order, never stored or added up
      const share = funnels.length ? Math.max(...funnels.map((f) => Number(counters.get(f.id) ?? '0') / Math.max(f.weight, 1))) : null;
      return { c, group: short ? 0 : low ? 2 : 1, share, k: weight > 0 ? Math.pow(random(), 1 / weight) : -1 };
    })
    .filter((x) => x.k >= 0);
  const allFunnels = new Set<number>();
  for (const g of [0, 1, 2]) if (keyed.filter((x) => x.group === g).every((x) => x.share !== null)) allFunnels.add(g);
  keyed.sort((a, b) => a.group - b.group || (allFunnels.has(a.group) ? a.share! - b.share! : 0) || b.k - a.k);
  return keyed.map((x) => x.c);
}

type Taken = { capId: number; periodKey: string; amount: string }[];

/** takes room in every lead cap that applies; gives back what it took and names the cap when one is closed */
async function takeCaps(
  db: DbOrTx,
  caps: EngineCap[],
  amountOf: (cap: EngineCap) => string,
  at: Date,
  filled: EngineCap[],
): Promise<{ taken: Taken } | { closed: EngineCap }> {
  const taken: Taken = [];
  for (const cap of caps) {
    const key = capKey(cap, at);
    const amount = amountOf(cap);
    let open: boolean;
    if (compareMoney(amount, 0) <= 0)
      open = !isFull(cap, (await capCounters.read(db, [{ capId: cap.id, periodKey: key }])).get(`${cap.id} ${key}`) ?? '0');
    else {
      const value = await capCounters.incrementIfOpen(db, cap.id, key, amount, cap.value);
      open = value !== null;
      // this lead took the last of the cap's room
      if (value !== null && isFull(cap, value)) filled.push(cap);
    }
    if (!open) {
      await giveBack(db, taken);
      return { closed: cap };
    }
    if (compareMoney(amount, 0) > 0) taken.push({ capId: cap.id, periodKey: key, amount });
  }
  return { taken };
}

async function giveBack(db: DbOrTx, taken: Taken) {
  for (const t of taken) await capCounters.release(db, t.capId, t.periodKey, t.amount);
}

/** when caps closed every target: hold until the earliest next period of a hold cap (or the lead's hold-queue release) */
async function capOutcome(db: DbOrTx, lead: DistributableLead, closedBy: EngineCap[], trafficbackUrl: string | null, at: Date) {
  const hold = closedBy.filter((c) => c.action === 'hold');
  let until: Date | null = null;
  for (const c of hold) {
    const end = capPeriod(c.period, c.timezone, at).end;
    if (end && (!until || end < until)) until = end;
  }
  if (hold.length && !until) until = (await heldUntilByConfig(db, lead.country, at))?.until ?? null;
  if (until) return { kind: 'hold' as const, until, capIds: hold.map((c) => c.id) };
  if (trafficbackUrl && closedBy.some((c) => c.action === 'trafficback'))
    return {
      kind: 'trafficback' as const,
      url: trafficbackUrl,
      capIds: closedBy.filter((c) => c.action === 'trafficback').map((c) => c.id),
    };
  return null;
}

export interface DistributeOptions {
  /** the lead as the intake inserted it, already leased to this run (its claim) */
  claimed?: DistributableLead | null;
  /** where the offer's targets, caps and the campaign come from (the process's cache; by default the database) */
  reads?: EngineReads;
}

/**
 * One distribution run of a lead. Answers the lead's state afterwards (also when another run holds it or it was
 * already final).
 */
export async function distributeLead(ctx: Ctx, queue: JobQueue, leadId: number, opts: DistributeOptions = {}): Promise<DistributionResult> {
  const reads = opts.reads ?? directReads(ctx.db);
  const lead = opts.claimed ?? (await claim(ctx, leadId));
  if (!lead) {
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
    return {
      status: (row?.status ?? 'failed') as ApiLeadStatus,
      reason: row?.statusReason ?? null,
      redirectUrl: row?.redirectUrl ?? null,
      advertiserId: row?.advertiserId ?? null,
    };
  }
  const at = ctx.now();
  const subject = {
    country: lead.country,
    language: lead.language,
    affiliateId: lead.affiliateId,
    teamId: lead.teamId,
    landerId: lead.landerId,
    trafficSourceId: null as number | null,
  };
  if (lead.campaignId) subject.trafficSourceId = (await reads.campaignById(lead.campaignId))?.trafficSourceId ?? null;
  const offer = await reads.offer(lead.offerId);
  const caps = await reads.caps(lead.offerId);
  const matching = (await reads.targets(lead.offerId))
    .filter((t) => matchSieve(t.sieve ?? {}, subject, at))
    .map((target) => ({ target, caps: caps.filter((c) => capCovers(c, { ...subject, advertiserId: target.advertiserId }, at)) }));
  // conversion caps and funnels are read once; lead caps are taken atomically per attempt
  const watched = [...new Set(matching.flatMap((m) => m.caps.filter((c) => c.processingType === 'conversions' || c.type === 'funnel')))];
  const counters = watched.length ? await countersOf(ctx.db, watched, at) : new Map<number, string>();
  const closedBy: EngineCap[] = [];
  const open = matching.filter((m) => {
    const full = m.caps.filter((c) => c.processingType === 'conversions' && isFull(c, counters.get(c.id) ?? '0'));
    closedBy.push(...full);
    return !full.length;
  });
  const candidates = orderCandidates(open, counters);
  const tried = candidates.length + (matching.length - open.length);
  // money lead caps weigh the lead by the revenue of its payment rule, in the cap's currency
  const moneyCaps = caps.filter((c) => c.processingType === 'leads' && c.currency);
  const priceFor = moneyCaps.length ? await leadRevenuePricer(ctx.db, { id: lead.offerId, goalId: offer?.goalId ?? null }, subject) : null;
  const rates = priceFor
    ? await ratesOf(
        ctx.db,
        moneyCaps.map((c) => c.currency!),
      )
    : new Map<string, string>();
  const values = leadValues(lead);
  let lastError: string | null = tried ? null : 'No advertiser of the offer matches the lead';
  let capsClosed = matching.length - open.length;
  /** the caps this run found full or filled ("cap reached" once per cap and period) */
  const filled: EngineCap[] = [];
  const reached = async () => {
    for (const cap of new Set([...closedBy, ...filled])) await capReached(ctx, queue, { cap, offerId: lead.offerId, at });
  };
  /** an imported lead fires the affiliate's lead postbacks only when its import says so (docs/decisions/engine.md) */
  const muted = await importMutesEvents(ctx, lead);
  /** the lead as its events read it, in a status */
  const eventLead = (status: string, extra: Partial<LeadEventSubject> = {}): LeadEventSubject => ({
    ...lead,
    status,
    leadGrade: 'leadGrade' in lead ? (lead as Lead).leadGrade : null,
    isTest: false,
    ...extra,
  });

  for (const { target, caps: covering } of candidates) {
    const price = priceFor?.(target.advertiserId) ?? null;
    if (price && !rates.has(price.currency.toUpperCase())) for (const [k, v] of await ratesOf(ctx.db, [price.currency])) rates.set(k, v);
    const amountOf = (cap: EngineCap) =>
      cap.currency ? (price ? (inCurrency(price.amount, price.currency, cap.currency, rates) ?? '0') : '0') : '1';
    const took = await takeCaps(
      ctx.db,
      covering.filter((c) => c.processingType === 'leads'),
      amountOf,
      at,
      filled,
    );
    if ('closed' in took) {
      closedBy.push(took.closed);
      capsClosed++;
      continue;
    }
    const taken = took.taken;
    const started = Date.now();
    let accepted = false;
    let recorded: typeof leadDeliveries.$inferInsert;
    const out = outApiSection.safeParse(target.outApi);
    if (!out.success) {
      recorded = {
        leadId,
        advertiserId: target.advertiserId,
        integrationId: target.integrationId,
        result: 'error',
        request: {},
        error: 'The integration has no valid outbound API settings',
      };
    } else {
      let built;
      try {
        built = buildOutApiRequest(out.data, {
          lead: values,
          parameters: target.apiParameters ?? [],
          macros: {
            leadId: String(leadId),
            clickId: lead.clickId ?? '',
            offerId: String(lead.offerId),
            affiliateId: String(lead.affiliateId),
          },
          now: at,
        });
      } catch {
        built = null;
      }
      if (!built) {
        recorded = {
          leadId,
          advertiserId: target.advertiserId,
          integrationId: target.integrationId,
          result: 'error',
          request: {},
          error: 'The outbound URL is not valid once its parameters are filled in',
        };
      } else {
        const res = await callOutbound(built, { allowPrivate: ctx.config.ALLOW_PRIVATE_CALLBACKS });
        const parsed = res.response ? parseOutApiResponse(out.data.response, res.response) : null;
        accepted = !!parsed?.success;
        recorded = {
          leadId,
          advertiserId: target.advertiserId,
          integrationId: target.integrationId,
          result: accepted ? 'accepted' : res.response ? 'rejected' : /^No answer within/.test(res.error ?? '') ? 'timeout' : 'error',
          request: res.request as unknown as Record<string, unknown>,
          responseStatus: res.response?.status ?? null,
          responseBody: res.response?.body ?? null,
          advertiserLeadId: parsed?.advertiserLeadId?.slice(0, 200) ?? null,
          redirectUrl: parsed?.redirectUrl ?? null,
          error: (parsed?.error ?? res.error)?.slice(0, 500) ?? null,
          durationMs: res.response?.durationMs ?? Date.now() - started,
        };
      }
    }
    if (accepted) {
      // the lead's `event_sent` postbacks, with the advertiser's redirect
      const jobs = muted
        ? []
        : await leadEventJobs(
            reads.postbackTargets(),
            [
              {
                lead: eventLead('sent', { advertiserId: target.advertiserId, redirectUrl: recorded.redirectUrl ?? null }),
                from: lead.status,
              },
            ],
            ctx.now(),
          );
      const writer = leadWriter(ctx.database);
      // the delivery, the lead's new state, its history and its events' postbacks in one statement, group-committed with
      // concurrent leads
      await writer.sent({
        leadId,
        advertiserId: target.advertiserId,
        integrationId: target.integrationId,
        request: recorded.request as Record<string, unknown>,
        responseStatus: recorded.responseStatus ?? null,
        responseBody: recorded.responseBody ?? null,
        advertiserLeadId: recorded.advertiserLeadId ?? null,
        redirectUrl: recorded.redirectUrl ?? null,
        error: recorded.error ?? null,
        durationMs: recorded.durationMs ?? 0,
        at: ctx.now(),
        jobs,
      });
      if (filled.length || closedBy.length) await reached();
      return { status: 'sent', reason: null, redirectUrl: recorded.redirectUrl ?? null, advertiserId: target.advertiserId };
    }
    await giveBack(ctx.db, taken);
    // room given back: a cap this lead filled is open again
    for (const t of taken) filled.splice(0, filled.length, ...filled.filter((c) => c.id !== t.capId));
    await ctx.db.insert(leadDeliveries).values({ ...recorded, createdAt: ctx.now() });
    lastError = `${recorded.error ?? 'Not accepted'}`;
  }

  if (closedBy.length || filled.length) await reached();
  if (capsClosed && capsClosed === tried) {
    lastError = 'The caps of every matching advertiser are full';
    const outcome = await capOutcome(ctx.db, lead, closedBy, offer?.trafficbackUrl ?? null, at);
    if (outcome?.kind === 'hold') {
      const reason = `${lastError}: held until the next period`;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(leads)
          .set({
            status: 'hold',
            statusReason: reason,
            holdUntil: outcome.until,
            deliveryLeaseUntil: null,
            nextAttemptAt: null,
            updatedAt: ctx.now(),
          })
          .where(eq(leads.id, leadId));
        await tx.insert(leadEvents).values({
          leadId,
          type: 'hold',
          data: { reason, capIds: outcome.capIds, until: outcome.until.toISOString() },
          createdAt: ctx.now(),
        });
        if (!muted)
          await fireLeadEvents({ ...ctx, db: tx }, [{ lead: eventLead('hold'), from: lead.status }], { reads: reads.postbackTargets(tx) });
      });
      return { status: 'hold', reason, redirectUrl: null, advertiserId: null };
    }
    if (outcome?.kind === 'trafficback') {
      const reason = `${lastError}: sent to the offer's trafficback`;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(leads)
          .set({
            status: 'unsent',
            statusReason: reason,
            redirectStatus: 'trafficback',
            deliveryAttempts: lead.deliveryAttempts + 1,
            deliveryLeaseUntil: null,
            nextAttemptAt: null,
            updatedAt: ctx.now(),
          })
          .where(eq(leads.id, leadId));
        await tx
          .insert(leadEvents)
          .values({ leadId, type: 'unsent', data: { reason, capIds: outcome.capIds, trafficback: outcome.url }, createdAt: ctx.now() });
      });
      return { status: 'unsent', reason, redirectUrl: outcome.url, advertiserId: null };
    }
  }
  const attempts = lead.deliveryAttempts + 1;
  const delay = LEAD_RETRY_DELAYS[attempts - 1];
  const status = delay === undefined ? 'failed' : 'unsent';
  const nextAttemptAt = delay === undefined ? null : new Date(at.getTime() + delay * 1000);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({
        status,
        statusReason: lastError?.slice(0, 500) ?? null,
        deliveryAttempts: attempts,
        deliveryLeaseUntil: null,
        nextAttemptAt,
        updatedAt: ctx.now(),
      })
      .where(eq(leads.id, leadId));
    await tx.insert(leadEvents).values({ leadId, type: status, data: { reason: lastError, attempt: attempts }, createdAt: ctx.now() });
    if (nextAttemptAt) await queue.send<LeadDeliverJob>(LEAD_DELIVER_JOB, { leadId }, { db: tx, startAfter: nextAttemptAt });
    else await leadFailed({ ...ctx, db: tx }, queue, { leadId, offerId: lead.offerId, affiliateId: lead.affiliateId, reason: lastError });
  });
  return { status, reason: lastError, redirectUrl: null, advertiserId: null };
}
