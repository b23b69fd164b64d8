/**
 * Editing a lead (product §7 "lead for editing"; docs/decisions/engine.md "Lead edit and import"): staff with
 * `lead.update` correct the contact fields, country, language, IP, landing, source URL, subs, custom fields, campaign
 * and lander of a lead in their scope. The values pass the same checks as the lead API (intake.ts `checkLeadValues`:
 * formats, the vertical's incoming parameters, its `rejected` inbound rules); the status is left as it is (a corrected
 * lead is sent again with the resend action). One transaction writes the lead and an `edit` history entry with who
 * changed what (from → to); the statistics triggers of migration 0015 move the roll-ups when the country changes.
 */
import { LEAD_EDIT_TEXT_FIELDS, type LeadDetail, type LeadEdit } from '@leadgrid/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { campaigns, landers, leadEvents, leads } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { findNul } from '../../../lib/pg-text';
import { directReads } from '../leads';
import { checkLeadValues } from '../leads';
import { isStaff } from '../leads';
import { detail, readable } from '../leads';

type Lead = typeof leads.$inferSelect;
type Change = { from: unknown; to: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function editLead(ctx: Ctx, id: number, input: LeadEdit): Promise<{ lead: LeadDetail; changed: string[] }> {
  const actor = requireActor(ctx);
  if (!isStaff(actor) || !hasPermission(actor, 'lead.update')) throw AppError.forbidden();
  const nul = findNul(input);
  if (nul) throw AppError.validation([{ msg: 'pattern', type: 'A value contains a character that is not allowed', loc: ['body', ...nul] }]);
  const lead: Lead = (await readable(ctx, actor, id)).lead;
  if (lead.isTest) throw AppError.business('A test lead is never changed');

  // the lead as it would be after the edit, checked like an incoming lead of its vertical
  const next: Record<string, string | null> = {};
  for (const f of LEAD_EDIT_TEXT_FIELDS) next[f] = input[f] !== undefined ? input[f] : (lead[f] ?? null);
  const fields = input.fields !== undefined ? input.fields : (lead.fields ?? {});
  const vertical = await directReads(ctx.db).verticalOfOffer(lead.offerId);
  if (!vertical) throw AppError.notFound('Vertical');
  const checked = checkLeadValues(vertical, { ...next, userAgent: lead.userAgent, fields });
  const rejected = checked.failures.find((f) => f.rule.onFail === 'rejected');
  if (rejected) throw AppError.business(`The lead would be rejected: ${rejected.text}`);
  next.country = checked.country;
  next.email = checked.email;
  next.language = checked.language;
  next.phone = checked.phone;

  const campaignId = input.campaignId !== undefined ? input.campaignId : lead.campaignId;
  if (campaignId !== null && campaignId !== lead.campaignId) {
    const [c] = await ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.affiliateId, lead.affiliateId), eq(campaigns.offerId, lead.offerId)));
    if (!c) throw AppError.field(['body', 'campaignId'], 'pattern', 'Not a campaign of the lead’s affiliate and offer');
  }
  const landerId = input.landerId !== undefined ? input.landerId : lead.landerId;
  if (landerId !== null && landerId !== lead.landerId) {
    const [l] = await ctx.db
      .select({ id: landers.id })
      .from(landers)
      .where(and(eq(landers.id, landerId), eq(landers.offerId, lead.offerId)));
    if (!l) throw AppError.field(['body', 'landerId'], 'pattern', 'Not a lander of the lead’s offer');
  }

  const changes: Record<string, Change> = {};
  const set: Partial<typeof leads.$inferInsert> = {};
  for (const f of LEAD_EDIT_TEXT_FIELDS) {
    if (same(lead[f], next[f])) continue;
    changes[f] = { from: lead[f], to: next[f] };
    set[f] = next[f];
  }
  if (!same(lead.fields ?? {}, fields)) {
    changes.fields = { from: lead.fields ?? {}, to: fields };
    set.fields = fields;
  }
  if (campaignId !== lead.campaignId) {
    changes.campaignId = { from: lead.campaignId, to: campaignId };
    set.campaignId = campaignId;
  }
  if (landerId !== lead.landerId) {
    changes.landerId = { from: lead.landerId, to: landerId };
    set.landerId = landerId;
  }
  const changed = Object.keys(changes);
  if (!changed.length) return { lead: await detail(ctx, id), changed };

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ ...set, updatedAt: now })
      // not changed since it was read (to the millisecond the client saw), and no distribution run sends it now
      .where(
        and(
          eq(leads.id, id),
          sql`date_trunc('milliseconds', ${leads.updatedAt}) = ${lead.updatedAt}`,
          or(isNull(leads.deliveryLeaseUntil), lt(leads.deliveryLeaseUntil, now)),
        ),
      )
      .returning({ id: leads.id });
    if (!row) throw AppError.conflict('The lead is being sent to an advertiser or changed meanwhile: open it again');
    await tx.insert(leadEvents).values({ leadId: id, type: 'edit', data: { changes }, userId: actor.id, createdAt: now });
  });
  return { lead: await detail(ctx, id), changed };
}
