/**
 * Lead actions of the /leads screen (product §4 "resent, sent to trash, or given a new lead grade, singly or in mass"):
 * `PATCH /leads {items:[{id, action, leadGrade?}]}`.
 *
 * - resend: from failed, unsent, trash, invalid or duplicate (LEAD_RESEND_STATUSES) — the lead is reset to `new` with a
 *   fresh retry budget and a `lead-deliver` job is enqueued in the same transaction: the distribution of
 *   distribution.ts runs it exactly like a new lead (lease, caps, fallback, retries). Sent leads are not resent (that
 *   would sell them twice), new and held ones are on their way, test leads are never sent.
 * - trash: from every status but trash and test, unless a distribution run holds the lead at that moment; fires the
 *   `event_trash` postback event (lead-events.ts).
 * - grade: the key must be one of the lead's vertical's grades; several grade items must all be in one vertical;
 *   fires `event_lead_grade_changed`.
 *
 * The whole request is checked first (400, nothing written); then each lead changes in its own transaction with its
 * history row (who did it) and its outbound postbacks, so one lead that cannot change leaves the others applied. The
 * answer reports the three outcomes of product §8: none applied, some applied (ids), some failed (ids).
 */
import { LEAD_RESEND_STATUSES, LEAD_TRASH_STATUSES, type LeadActionItem, type LeadActionsAnswer } from '@leadgrid/shared';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { leadEvents, leads, verticals } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import type { JobQueue } from '../../../jobs/queue';
import { LEAD_DELIVER_JOB, type LeadDeliverJob } from './distribution';
import { fireLeadEvents, leadEventValues } from './lead-events';
import { isStaff, leadScope } from './leads-query';

type Lead = typeof leads.$inferSelect;

/** the macro values of a lead event (lead-events.ts; staff-only ones are dropped by the delivery) */
export const leadMacroValues = (lead: Lead) => leadEventValues(lead);

const listIds = (ids: number[]) => ids.join(', ');

export function actionsMessage(a: LeadActionsAnswer): string {
  const failed = a.failed.map((f) => f.id);
  if (a.outcome === 'none') return `No lead was changed: ${listIds(failed)}`;
  if (a.outcome === 'all') return `Changed leads: ${listIds(a.applied)}`;
  return `Changed leads: ${listIds(a.applied)}. Not changed: ${listIds(failed)}`;
}

/** a distribution run holds the lead now */
const notLeased = (now: Date) => or(isNull(leads.deliveryLeaseUntil), lt(leads.deliveryLeaseUntil, now));

export async function applyLeadActions(ctx: Ctx, queue: JobQueue, items: LeadActionItem[]): Promise<LeadActionsAnswer> {
  const actor = requireActor(ctx);
  if (!isStaff(actor) || !hasPermission(actor, 'lead.update')) throw AppError.forbidden();
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (seen.has(it.id)) throw AppError.field(['body', 'items', i, 'id'], 'unique', `Lead ${it.id} is listed twice`);
    seen.add(it.id);
  });

  const ids = items.map((i) => i.id);
  const found = await ctx.db
    .select({ lead: leads, grades: verticals.leadGrades })
    .from(leads)
    .innerJoin(verticals, eq(verticals.id, leads.verticalId))
    .where(and(inArray(leads.id, ids), leadScope(ctx, actor)));
  if (!found.length) throw AppError.notFound(items.length > 1 ? 'Leads' : 'Lead');
  const byId = new Map(found.map((f) => [f.lead.id, f]));

  // the whole request is valid before anything is written
  const gradeItems = items.filter((i) => i.action === 'grade' && byId.has(i.id));
  if (new Set(gradeItems.map((i) => byId.get(i.id)!.lead.verticalId)).size > 1)
    throw AppError.validation(
      [{ msg: 'sameVertical', type: 'sameVertical', loc: ['body', 'items'] }],
      'A mass lead grade change needs every lead in the same vertical',
    );
  items.forEach((it, i) => {
    const f = byId.get(it.id);
    if (it.action !== 'grade' || !f) return;
    const keys = (f.grades as { key?: unknown }[]).map((g) => g?.key);
    if (!keys.includes(it.leadGrade))
      throw AppError.field(['body', 'items', i, 'leadGrade'], 'pattern', `'${it.leadGrade}' is not a lead grade of the lead's vertical`);
  });

  const applied: number[] = [];
  const failed: { id: number; reason: string }[] = [];
  for (const it of items) {
    const f = byId.get(it.id);
    const reason = !f ? 'Lead not found' : await applyOne(ctx, queue, actor.id, f.lead, it);
    if (reason) failed.push({ id: it.id, reason });
    else applied.push(it.id);
  }
  return { outcome: !applied.length ? 'none' : failed.length ? 'partial' : 'all', applied, failed };
}

/** changes one lead; answers why it did not change, or null */
async function applyOne(ctx: Ctx, queue: JobQueue, userId: number, lead: Lead, it: LeadActionItem): Promise<string | null> {
  if (lead.isTest) return 'A test lead is never sent or changed';
  const now = ctx.now();
  if (it.action === 'resend') {
    if (!(LEAD_RESEND_STATUSES as readonly string[]).includes(lead.status)) return `A ${lead.status} lead cannot be resent`;
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(leads)
        .set({
          status: 'new',
          statusReason: null,
          deliveryAttempts: 0,
          nextAttemptAt: null,
          deliveryLeaseUntil: null,
          holdUntil: null,
          updatedAt: now,
        })
        .where(and(eq(leads.id, lead.id), inArray(leads.status, [...LEAD_RESEND_STATUSES]), notLeased(now)))
        .returning({ id: leads.id });
      if (!row) return 'The lead changed meanwhile';
      await tx
        .insert(leadEvents)
        .values({ leadId: lead.id, type: 'resend', data: { from: lead.status, to: 'new' }, userId, createdAt: now });
      await queue.send<LeadDeliverJob>(LEAD_DELIVER_JOB, { leadId: lead.id }, { db: tx });
      return null;
    });
  }
  if (it.action === 'trash') {
    if (!(LEAD_TRASH_STATUSES as readonly string[]).includes(lead.status)) return `A ${lead.status} lead cannot be sent to trash`;
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(leads)
        .set({ status: 'trash', nextAttemptAt: null, updatedAt: now })
        .where(and(eq(leads.id, lead.id), inArray(leads.status, [...LEAD_TRASH_STATUSES]), notLeased(now)))
        .returning();
      if (!row) return 'The lead is being sent to an advertiser or changed meanwhile';
      await tx
        .insert(leadEvents)
        .values({ leadId: lead.id, type: 'trash', data: { from: lead.status, to: 'trash' }, userId, createdAt: now });
      await fireLeadEvents({ ...ctx, db: tx }, [{ lead: row, from: lead.status }]);
      return null;
    });
  }
  if (lead.leadGrade === it.leadGrade) return 'The lead already has this grade';
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ leadGrade: it.leadGrade!, updatedAt: now })
      .where(and(eq(leads.id, lead.id), sql`${leads.leadGrade} is distinct from ${it.leadGrade!}`))
      .returning();
    if (!row) return 'The lead already has this grade';
    await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, type: 'grade', data: { from: lead.leadGrade, to: it.leadGrade }, userId, createdAt: now });
    await fireLeadEvents({ ...ctx, db: tx }, [{ lead: row, event: 'event_lead_grade_changed' }]);
    return null;
  });
}
