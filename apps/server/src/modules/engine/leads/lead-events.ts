/**
 * Lead events to the affiliate's tracker (product §3 Postback, §4 postback event statuses; docs/decisions/engine.md
 * "Lead events"). A lead's status names its event — new: `event_received`, sent: `event_sent`, hold: `event_hold`,
 * invalid: `event_invalid`, duplicate: `event_duplicate`, trash: `event_trash` — and a grade change fires
 * `event_lead_grade_changed`. A lead that is created fires `event_received` and, when it is created in another status
 * than `new`, that status's event too; a lead whose status changes fires its new status's event (back to `new` — a
 * resend, a hold released — fires nothing: a lead is received once); a lead whose status does not change fires
 * nothing. Test leads fire nothing.
 *
 * The jobs are the outbound postbacks' deliveries (modules/engine/postback-delivery), put in its outbox in the caller's
 * transaction. The hot writes of the lead engine (lead-writer.ts: the intake's insert, an accepted delivery) carry
 * the deliveries built here in their own statement; every other write calls `fireLeadEvents`.
 */
import { POSTBACK_EVENTS, type PostbackEvent } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '../../../db/client';
import type { leads } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import type { ChangeFeed } from '../../../lib/cache/change-feed';
import {
  deliveryJobs,
  directTargetReads,
  enqueueDeliveries,
  firingPostbacks,
  PostbackTargetsCache,
  type PostbackDeliverJob,
  type PostbackTargetReads,
} from '../postback-delivery';

type Lead = typeof leads.$inferSelect;

/** the lead-status event of each lead status that has one */
export const LEAD_STATUS_EVENTS: Readonly<Partial<Record<string, PostbackEvent>>> = {
  new: 'event_received',
  sent: 'event_sent',
  hold: 'event_hold',
  invalid: 'event_invalid',
  duplicate: 'event_duplicate',
  trash: 'event_trash',
};

/** what an event reads of its lead (its macros, its affiliate and team) */
export type LeadEventSubject = Pick<
  Lead,
  | 'id'
  | 'status'
  | 'clickId'
  | 'country'
  | 'ip'
  | 'leadGrade'
  | 'offerId'
  | 'campaignId'
  | 'affiliateId'
  | 'teamId'
  | 'isTest'
  | `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
> & {
  advertiserId?: number | null;
  /** the advertiser's redirect of a sent lead (the `redirect_url` macro of `event_sent`) */
  redirectUrl?: string | null;
};

/**
 * One lead's change: `from` is its status before (null: the lead was just created), or `event` names the event
 * (the grade change). A lead created as `new` fires `event_received`; created in another status, `event_received`
 * and that status's event; changed to another status but `new`, its new status's event; unchanged, nothing.
 */
export type LeadChange = { lead: LeadEventSubject; from: string | null } | { lead: LeadEventSubject; event: PostbackEvent };

/** the events of one change, in order */
export function eventsOf(change: LeadChange): PostbackEvent[] {
  if (change.lead.isTest) return [];
  if ('event' in change) return [change.event];
  const own = LEAD_STATUS_EVENTS[change.lead.status];
  if (change.from === null) return own && own !== 'event_received' ? ['event_received', own] : ['event_received'];
  // a lead is received once: back to `new` (a resend, a hold released) fires nothing
  return change.from !== change.lead.status && own && own !== 'event_received' ? [own] : [];
}

/** the macro values of a lead event (staff-only ones are dropped by the delivery) */
export function leadEventValues(lead: LeadEventSubject) {
  return {
    click_id: lead.clickId,
    ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, lead[`sub${i + 1}` as 'sub1']])),
    country: lead.country,
    ip: lead.ip,
    lead_id: lead.id,
    lead_status: lead.status,
    lead_grade: lead.leadGrade,
    redirect_url: lead.redirectUrl ?? null,
    offer_id: lead.offerId,
    campaign_id: lead.campaignId,
    affiliate_id: lead.affiliateId,
    advertiser_id: lead.advertiserId ?? null,
  };
}

/**
 * The delivery jobs of the changes: one per event and postback that listens to it (the affiliate's, its team's and
 * the global one). With no postback for the affiliate and event, nothing — and through the cached reads
 * (`leadEventTargets`) no round trip either.
 */
export async function leadEventJobs(reads: PostbackTargetReads, changes: readonly LeadChange[], at: Date): Promise<PostbackDeliverJob[]> {
  const jobs: PostbackDeliverJob[] = [];
  for (const change of changes) {
    const events = eventsOf(change);
    if (!events.length) continue;
    const values = leadEventValues(change.lead);
    for (const event of events) {
      if (!(POSTBACK_EVENTS as readonly string[]).includes(event)) continue;
      const input = {
        event,
        affiliateId: change.lead.affiliateId,
        teamId: change.lead.teamId,
        campaignId: change.lead.campaignId,
        leadId: change.lead.id,
        values,
      };
      jobs.push(...deliveryJobs(input, await firingPostbacks(reads, input), at));
    }
  }
  return jobs;
}

/**
 * The ids among these leads that came from an import which did not ask for the affiliate's lead postbacks
 * (`lead_imports.fire_postbacks` false): their engine events (distribution, hold release) fire nothing
 * (docs/decisions/engine.md "Lead edit and import", "Onboarding and look-ups").
 */
export async function mutedByImport(db: DbOrTx, list: readonly { id: number; importId?: number | null }[]): Promise<Set<number>> {
  const importIds = [...new Set(list.flatMap((l) => (l.importId ? [l.importId] : [])))];
  if (!importIds.length) return new Set();
  const muting = new Set(
    rowsOf<{ id: number | string }>(
      await db.execute(
        sql`select id from lead_imports where not fire_postbacks and id in (${sql.join(
          importIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => Number(r.id)),
  );
  return new Set(list.filter((l) => l.importId && muting.has(l.importId)).map((l) => l.id));
}

/**
 * Fires the lead events of these changes in the caller's transaction (`ctx.db`): the delivery jobs of every change
 * in ONE insert (none when no postback listens). Call it in the transaction that changes the leads, after the change.
 * `reads` defaults to reads through `ctx.db`; the lead engine passes its cached ones. Answers the number of jobs.
 */
export async function fireLeadEvents(
  ctx: Ctx,
  changes: readonly LeadChange[],
  opts: { reads?: PostbackTargetReads } = {},
): Promise<number> {
  const jobs = await leadEventJobs(opts.reads ?? directTargetReads(ctx.db), changes, ctx.now());
  await enqueueDeliveries(ctx, jobs);
  return jobs.length;
}

const caches = new WeakMap<ChangeFeed, PostbackTargetsCache>();

/**
 * The process's cached postback look-up for lead events (emptied by the change feed on every write of postbacks,
 * campaign postbacks or teams), read through `handle` on a miss.
 */
export function leadEventTargets(
  deps: { database: Database; tracking: { feed: ChangeFeed } },
  handle: DbOrTx = deps.database.db,
): PostbackTargetReads {
  let cache = caches.get(deps.tracking.feed);
  if (!cache) {
    cache = new PostbackTargetsCache(deps.database, deps.tracking.feed);
    caches.set(deps.tracking.feed, cache);
  }
  return cache.through(handle);
}
