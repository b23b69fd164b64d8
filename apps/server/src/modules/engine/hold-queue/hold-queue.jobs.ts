/**
 * The hold-queue release job (cron every minute; readings in docs/decisions/engine.md, 2026-11-22): takes the due held
 * leads; per hold rule, a release lets out up to `fresh` leads that arrived in the current window and up to `old`
 * leads from earlier windows (0 = no limit), oldest first; the rest wait for the rule's next release. Leads a cap held
 * are all released when due. A released lead is checked for duplicates again (as if posted now) and then distributed
 * as usual — that run checks caps and schedules. The release commits the lead as `new` (no lease), so if the process
 * dies before the distribution the lead sweep (leads.jobs.ts) distributes it: nothing is lost. A lead released as a
 * duplicate fires `event_duplicate` in the same transaction (lead-events.ts), unless its import muted lead postbacks.
 */
import { nextRelease, verticalApiSettingsSection } from '@leadgrid/shared';
import { eq, sql } from 'drizzle-orm';
import type { Services } from '../../../services';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { leadEvents, leads } from '../../../db/schema';
import { systemCtx, type Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { distributeLead } from '../leads';
import { fireLeadEvents, mutedByImport, type LeadChange } from '../leads';
import { RULE_COLUMNS, windowStartOf, type HoldRule } from './hold-release';

export const HOLD_RELEASE_JOB = 'hold-release';

type Deps = Pick<Services, 'database' | 'config' | 'now'>;

interface DueLead {
  id: number;
  created_at: Date | string;
  hold_until: Date | string;
  vertical_id: number;
  phone: string | null;
  email: string | null;
  config_id: string | null;
}

const BATCH = 500;

/** a released lead that is now a duplicate of another lead of its vertical posted within the window */
async function duplicateOf(db: DbOrTx, lead: DueLead, at: Date): Promise<number | null> {
  const [v] = rowsOf<{ api_settings: unknown }>(await db.execute(sql`select api_settings from verticals where id = ${lead.vertical_id}`));
  const settings = verticalApiSettingsSection.parse(v?.api_settings ?? {});
  if (settings.duplicateWindowHours <= 0) return null;
  const keys = [
    settings.duplicateFields.includes('phone') && lead.phone ? sql`phone = ${lead.phone}` : null,
    settings.duplicateFields.includes('email') && lead.email ? sql`email = ${lead.email}` : null,
  ].filter((k) => k !== null);
  if (!keys.length) return null;
  const since = new Date(at.getTime() - settings.duplicateWindowHours * 3600_000);
  const [dup] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from leads where vertical_id = ${lead.vertical_id} and id <> ${lead.id} and created_at >= ${since}
        and status not in ('test', 'duplicate', 'hold') and (${sql.join(keys, sql` or `)})
      order by id limit 1`),
  );
  return dup ? Number(dup.id) : null;
}

/**
 * Releases the due held leads (a batch per call, repeated until none is due); answers the released lead ids.
 * Runs of several processes never take the same lead (FOR UPDATE SKIP LOCKED).
 */
export async function releaseHeldLeads(ctx: Ctx, queue: JobQueue): Promise<number[]> {
  const released: number[] = [];
  for (;;) {
    const now = ctx.now();
    const toSend = await ctx.db.transaction(async (tx) => {
      const due = rowsOf<DueLead>(
        await tx.execute(sql`
          select l.id, l.created_at, l.hold_until, l.vertical_id, l.phone, l.email,
            (select e.data->>'holdConfigId' from lead_events e where e.lead_id = l.id and e.type in ('created', 'hold')
              order by e.id desc limit 1) as config_id
          from leads l where l.status = 'hold' and l.hold_until <= ${now}
          order by l.hold_until, l.id limit ${BATCH} for update of l skip locked`),
      ).map((r) => ({ ...r, id: Number(r.id) }));
      if (!due.length) return null;
      const ids = [...new Set(due.map((d) => Number(d.config_id)).filter((n) => n > 0))];
      const rules = ids.length
        ? rowsOf<HoldRule & { status: string }>(
            await tx.execute(
              sql`select ${RULE_COLUMNS}, h.status from hold_configs h where h.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            ),
          )
        : [];
      const release: DueLead[] = [];
      const later = new Map<number, Date>();
      const byRule = new Map<number, DueLead[]>();
      for (const d of due) {
        const rule = rules.find((r) => r.id === Number(d.config_id) && r.status === 'active');
        if (!rule) release.push(d);
        else byRule.set(rule.id, [...(byRule.get(rule.id) ?? []), d]);
      }
      for (const [ruleId, list] of byRule) {
        const rule = rules.find((r) => r.id === ruleId)!;
        const windowStart = windowStartOf(rule, now).getTime();
        const fresh = list.filter((d) => new Date(d.created_at).getTime() >= windowStart);
        const old = list.filter((d) => new Date(d.created_at).getTime() < windowStart);
        const out = [...(rule.fresh ? fresh.slice(0, rule.fresh) : fresh), ...(rule.old ? old.slice(0, rule.old) : old)];
        release.push(...out);
        const next = nextRelease(rule, now);
        for (const d of list) if (!out.includes(d)) later.set(d.id, next);
      }
      for (const [id, until] of later) await tx.update(leads).set({ holdUntil: until, updatedAt: now }).where(eq(leads.id, id));
      const send: number[] = [];
      const changes: LeadChange[] = [];
      for (const d of release) {
        const dup = await duplicateOf(tx, d, now);
        const status = dup ? 'duplicate' : 'new';
        const reason = dup ? `Duplicate of lead ${dup}` : null;
        const [row] = await tx
          .update(leads)
          .set({ status, statusReason: reason, duplicateOf: dup, holdUntil: null, updatedAt: now })
          .where(eq(leads.id, d.id))
          .returning();
        changes.push({ lead: row, from: 'hold' });
        await tx.insert(leadEvents).values({ leadId: d.id, type: 'released', data: { status, reason }, createdAt: now });
        // a released lead is `new` without a lease: this run distributes it next, else the lead sweep does
        if (!dup) send.push(d.id);
      }
      // a lead released as a duplicate fires `event_duplicate` (released as new: nothing, it was received already),
      // unless it came from an import that muted the affiliate's lead postbacks
      const muted = await mutedByImport(
        tx,
        changes.map((c) => c.lead),
      );
      await fireLeadEvents(
        { ...ctx, db: tx },
        changes.filter((c) => !muted.has(c.lead.id)),
      );
      return { send, more: due.length === BATCH, ids: release.map((d) => d.id) };
    });
    if (!toSend) break;
    released.push(...toSend.ids);
    for (const id of toSend.send) await distributeLead(ctx, queue, id);
    if (!toSend.more) break;
  }
  return released;
}

export function defineHoldQueueJobs(queue: JobQueue, deps: Deps): void {
  queue.define({
    name: HOLD_RELEASE_JOB,
    cron: '* * * * *',
    options: { retryLimit: 0, expireInSeconds: 300 },
    handler: async () => {
      await releaseHeldLeads(systemCtx(deps), queue);
    },
  });
}
