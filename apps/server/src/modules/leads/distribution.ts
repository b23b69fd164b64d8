/**
 * Lead distribution (ARCHITECTURE §5 Lead step 4, Caps): a run claims the lead with one conditional UPDATE (a lease,
 * so a crashed run is taken over by the retry job and two runs never send the same lead), finds the offer's advertiser
 * targets whose sieve matches and whose limit caps are open, orders them (normal before low priority, weighted random
 * among equals), and sends through each integration's out-API until one accepts. Room in every applicable cap is
 * taken BEFORE the call with an atomic conditional increment and given back when the advertiser does not accept, so a
 * cap of N lets exactly N leads through under any concurrency. Every attempt is a `lead_deliveries` row.
 */
import {
  capPeriod,
  LEAD_LEASE_SECONDS,
  LEAD_RETRY_DELAYS,
  matchSieve,
  outApiSection,
  type ApiLeadStatus,
  type ApiParameter,
  type CapPeriod,
  type SieveLike,
} from '@leadgrid/shared';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { leadDeliveries, leadEvents, leads } from '../../db/schema';
import type { Ctx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { callOutbound } from '../../lib/outbound';
import { capCounters } from '../caps/cap-counters';
import { buildOutApiRequest, parseOutApiResponse, type LeadValues } from '../integrations/out-api';

export const LEAD_DELIVER_JOB = 'lead-deliver';
export interface LeadDeliverJob {
  leadId: number;
}

type Lead = typeof leads.$inferSelect;

interface Target {
  offerAdvertiserId: number;
  advertiserId: number;
  integrationId: number;
  weight: number;
  lowPriority: boolean;
  sieve: SieveLike;
  outApi: unknown;
  apiParameters: ApiParameter[];
}

interface Cap {
  id: number;
  value: string;
  period: CapPeriod;
  timezone: string;
  sieve: SieveLike;
}

export interface DistributionResult {
  status: ApiLeadStatus;
  reason: string | null;
  redirectUrl: string | null;
  advertiserId: number | null;
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

async function targetsOf(db: DbOrTx, offerId: number): Promise<Target[]> {
  const r = await db.execute(sql`
    select oa.id as "offerAdvertiserId", oa.advertiser_id as "advertiserId", oa.integration_id as "integrationId", oa.weight,
      oa.low_priority as "lowPriority", oa.sieve, i.out_api as "outApi", i.api_parameters as "apiParameters"
    from offer_advertisers oa
    join integrations i on i.id = oa.integration_id
    join advertisers a on a.id = oa.advertiser_id
    where oa.offer_id = ${offerId} and oa.status = 'active' and i.status = 'active' and i.out_api_enabled and a.status = 'active'
    order by oa.id`);
  return rowsOf<Target>(r);
}

async function limitCapsOf(db: DbOrTx, offerId: number): Promise<Cap[]> {
  const r = await db.execute(sql`
    select id, value, period, timezone, sieve from caps
    where offer_id = ${offerId} and status = 'active' and type = 'limit' and processing_type = 'leads' and currency is null
    order by id`);
  return rowsOf<Cap>(r).map((c) => ({ ...c, value: String(c.value) }));
}

/** normal before low priority; inside each group a weighted random order (Efraimidis–Spirakis keys) */
export function orderTargets<T extends { weight: number; lowPriority: boolean }>(list: T[], random = Math.random): T[] {
  const keyed = list.filter((t) => t.weight > 0).map((t) => ({ t, k: Math.pow(random(), 1 / t.weight) }));
  keyed.sort((a, b) => Number(a.t.lowPriority) - Number(b.t.lowPriority) || b.k - a.k);
  return keyed.map((x) => x.t);
}

function leadValues(lead: Lead): LeadValues {
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
  for (let i = 1; i <= 9; i++) values[`sub${i}`] = lead[`sub${i}` as keyof Lead] as string | null;
  for (const [k, v] of Object.entries(lead.fields ?? {})) if (!(k in values)) values[k] = v as LeadValues[string];
  return values;
}

/** takes one unit in every cap that applies; gives back what it took when one is closed */
async function takeCaps(db: DbOrTx, caps: Cap[], at: Date): Promise<{ capId: number; periodKey: string }[] | null> {
  const taken: { capId: number; periodKey: string }[] = [];
  for (const cap of caps) {
    const { key } = capPeriod(cap.period, cap.timezone, at);
    if ((await capCounters.incrementIfOpen(db, cap.id, key, 1, cap.value)) === null) {
      for (const t of taken) await capCounters.release(db, t.capId, t.periodKey, 1);
      return null;
    }
    taken.push({ capId: cap.id, periodKey: key });
  }
  return taken;
}

/**
 * One distribution run of a lead. Answers the lead's state afterwards (also when another run holds it or it was
 * already final).
 */
export async function distributeLead(ctx: Ctx, queue: JobQueue, leadId: number): Promise<DistributionResult> {
  const lead = await claim(ctx, leadId);
  if (!lead) {
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
    return { status: (row?.status ?? 'failed') as ApiLeadStatus, reason: row?.statusReason ?? null, redirectUrl: row?.redirectUrl ?? null, advertiserId: row?.advertiserId ?? null };
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
  if (lead.campaignId) {
    const r = rowsOf<{ ts: number | null }>(await ctx.db.execute(sql`select traffic_source_id as ts from campaigns where id = ${lead.campaignId}`));
    subject.trafficSourceId = r[0]?.ts ?? null;
  }
  const caps = await limitCapsOf(ctx.db, lead.offerId);
  const candidates = orderTargets((await targetsOf(ctx.db, lead.offerId)).filter((t) => matchSieve(t.sieve ?? {}, subject, at)));
  const values = leadValues(lead);
  let lastError: string | null = candidates.length ? null : 'No advertiser of the offer matches the lead';
  let capsClosed = 0;

  for (const target of candidates) {
    const applicable = caps.filter((c) => matchSieve(c.sieve ?? {}, { ...subject, advertiserId: target.advertiserId }, at));
    const taken = await takeCaps(ctx.db, applicable, at);
    if (!taken) {
      capsClosed++;
      continue;
    }
    const started = Date.now();
    let accepted = false;
    let recorded: typeof leadDeliveries.$inferInsert;
    const out = outApiSection.safeParse(target.outApi);
    if (!out.success) {
      recorded = { leadId, advertiserId: target.advertiserId, integrationId: target.integrationId, result: 'error', request: {}, error: 'The integration has no valid outbound API settings' };
    } else {
      let built;
      try {
        built = buildOutApiRequest(out.data, {
          lead: values,
          parameters: target.apiParameters ?? [],
          macros: { leadId: String(leadId), clickId: lead.clickId ?? '', offerId: String(lead.offerId), affiliateId: String(lead.affiliateId) },
          now: at,
        });
      } catch {
        built = null;
      }
      if (!built) {
        recorded = { leadId, advertiserId: target.advertiserId, integrationId: target.integrationId, result: 'error', request: {}, error: 'The outbound URL is not valid once its parameters are filled in' };
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
      await ctx.db.transaction(async (tx) => {
        await tx.insert(leadDeliveries).values({ ...recorded, createdAt: ctx.now() });
        await tx
          .update(leads)
          .set({
            status: 'sent',
            statusReason: null,
            advertiserId: target.advertiserId,
            integrationId: target.integrationId,
            advertiserLeadId: recorded.advertiserLeadId ?? null,
            redirectUrl: recorded.redirectUrl ?? null,
            sentAt: ctx.now(),
            updatedAt: ctx.now(),
            deliveryAttempts: sql`${leads.deliveryAttempts} + 1`,
            deliveryLeaseUntil: null,
            nextAttemptAt: null,
          })
          .where(eq(leads.id, leadId));
        await tx.insert(leadEvents).values({ leadId, type: 'sent', data: { advertiserId: target.advertiserId, integrationId: target.integrationId }, createdAt: ctx.now() });
      });
      return { status: 'sent', reason: null, redirectUrl: recorded.redirectUrl ?? null, advertiserId: target.advertiserId };
    }
    for (const t of taken) await capCounters.release(ctx.db, t.capId, t.periodKey, 1);
    await ctx.db.insert(leadDeliveries).values({ ...recorded, createdAt: ctx.now() });
    lastError = `${recorded.error ?? 'Not accepted'}`;
  }

  if (capsClosed && capsClosed === candidates.length) lastError = 'The caps of every matching advertiser are full';
  const attempts = lead.deliveryAttempts + 1;
  const delay = LEAD_RETRY_DELAYS[attempts - 1];
  const status = delay === undefined ? 'failed' : 'unsent';
  const nextAttemptAt = delay === undefined ? null : new Date(at.getTime() + delay * 1000);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({ status, statusReason: lastError?.slice(0, 500) ?? null, deliveryAttempts: attempts, deliveryLeaseUntil: null, nextAttemptAt, updatedAt: ctx.now() })
      .where(eq(leads.id, leadId));
    await tx.insert(leadEvents).values({ leadId, type: status, data: { reason: lastError, attempt: attempts }, createdAt: ctx.now() });
    if (nextAttemptAt) await queue.send<LeadDeliverJob>(LEAD_DELIVER_JOB, { leadId }, { db: tx, startAfter: nextAttemptAt });
  });
  return { status, reason: lastError, redirectUrl: null, advertiserId: null };
}
