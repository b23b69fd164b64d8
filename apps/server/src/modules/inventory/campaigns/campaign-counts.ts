/**
 * Campaign counts of product §3 (docs/decisions/inventory.md, 2026-11-22): `leadCount` = the campaign's leads of all time except test
 * leads; `conversionCounts` = its conversions that are not rejected, created since the start of the viewer's day, ISO
 * week (Monday) and month in the viewer's time zone. One grouped statement for a whole page of campaigns; the
 * affiliate ids of the page bound both scans to the (affiliate_id, created_at) indexes.
 */
import { capPeriod, CONVERSION_STATUS, isValidZone } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import type { Ctx } from '../../../http/context';

export interface CampaignCounts {
  leadCount: number;
  conversionCounts: { day: number; week: number; month: number };
}

const none = (): CampaignCounts => ({ leadCount: 0, conversionCounts: { day: 0, week: 0, month: 0 } });

export async function campaignCounts(
  ctx: Ctx,
  campaigns: readonly { id: number; affiliateId: number }[],
): Promise<Map<number, CampaignCounts>> {
  const out = new Map(campaigns.map((c) => [c.id, none()]));
  if (!campaigns.length) return out;
  const zone = ctx.actor?.timezone && isValidZone(ctx.actor.timezone) ? ctx.actor.timezone : 'UTC';
  const now = ctx.now();
  const day = capPeriod('day', zone, now).start!;
  const week = capPeriod('week', zone, now).start!;
  const month = capPeriod('month', zone, now).start!;
  const since = week < month ? week : month;
  const ids = sql.join(
    [...new Set(campaigns.map((c) => c.id))].map((id) => sql`${id}`),
    sql`, `,
  );
  const affiliates = sql.join(
    [...new Set(campaigns.map((c) => c.affiliateId))].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; leads: number; day: number; week: number; month: number }>(
    await ctx.db.execute(sql`
      with l as (
        select campaign_id, count(*)::int as n from leads
        where affiliate_id in (${affiliates}) and campaign_id in (${ids}) and not is_test
        group by campaign_id
      ), v as (
        select campaign_id,
          count(*) filter (where created_at >= ${day})::int as day,
          count(*) filter (where created_at >= ${week})::int as week,
          count(*) filter (where created_at >= ${month})::int as month
        from conversions
        where affiliate_id in (${affiliates}) and campaign_id in (${ids}) and created_at >= ${since} and status <> ${CONVERSION_STATUS.rejected}
        group by campaign_id
      )
      select c.id, coalesce(l.n, 0) as leads, coalesce(v.day, 0) as day, coalesce(v.week, 0) as week, coalesce(v.month, 0) as month
      from campaigns c left join l on l.campaign_id = c.id left join v on v.campaign_id = c.id
      where c.id in (${ids})`),
  );
  for (const r of rows)
    out.set(Number(r.id), {
      leadCount: Number(r.leads),
      conversionCounts: { day: Number(r.day), week: Number(r.week), month: Number(r.month) },
    });
  return out;
}
