/**
 * The offer look-ups of product §7 "special" and "receiving-traffic" offers (docs/decisions/engine.md "Onboarding and
 * look-ups"):
 *
 * - special: the offers an affiliate sees (visibility.ts) that carry conditions of its own — an active payment rule
 *   or cap whose sieve names the affiliate or its team (an active member of an active team);
 * - receiving-traffic: the offers in the actor's offer scope that took traffic — a valid click or a lead other than
 *   a test — in the last `days` days, of one affiliate when named; staff count the traffic of the affiliates in their
 *   people read scope, an affiliate its own.
 *
 * Both are about one affiliate at most: an affiliate asks about itself only (403), staff about an affiliate they
 * reach (404 otherwise).
 */
import type { OfferReceivingTraffic, OfferSpecial, OfferStatus, offerReceivingTrafficQuery, offerSpecialQuery } from '@leadgrid/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { caps, clicks, leads, offers, paymentRules } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { toSeconds } from '../../../http/list-query';
import { affiliateColumnScopeWhere } from '../../people/scope';
import { teamOf } from './affiliate-offers.service';
import { bySearch } from './offers.service';
import { assertAffiliateInReach, isAffiliate, offerScopeWhere, visibleToAffiliateWhere } from './visibility';

const DAY_MS = 86_400_000;
/** the outer offer row of the correlated sub-queries below (a bare column would read as the inner table's) */
const OFFER_ID = sql.raw('"offers"."id"');
const FORBIDDEN = 'You can look up only your own offers';

/** GET /offers/special */
export async function special(ctx: Ctx, q: z.infer<typeof offerSpecialQuery>): Promise<{ items: OfferSpecial[] }> {
  await assertAffiliateInReach(ctx, q.affiliateId, ['querystring', 'affiliateId'], FORBIDDEN);
  const teamId = await teamOf(ctx, q.affiliateId);
  const names = (sieve: AnyPgColumn) =>
    sql`(${sieve}->'affiliateIds' @> ${JSON.stringify([q.affiliateId])}::jsonb${
      teamId !== null ? sql` or ${sieve}->'teamIds' @> ${JSON.stringify([teamId])}::jsonb` : sql``
    })`;
  const ruleCount = sql<number>`(select count(*) from ${paymentRules} where ${paymentRules.offerId} = ${OFFER_ID}
    and ${paymentRules.status} = 'active' and ${names(paymentRules.sieve)})`.mapWith(Number);
  const capCount = sql<number>`(select count(*) from ${caps} where ${caps.offerId} = ${OFFER_ID}
    and ${caps.status} = 'active' and ${names(caps.sieve)})`.mapWith(Number);
  const rows = await ctx.db
    .select({ id: offers.id, title: offers.title, status: offers.status, paymentRules: ruleCount, caps: capCount })
    .from(offers)
    .where(
      and(
        visibleToAffiliateWhere(q.affiliateId),
        sql`(${ruleCount} > 0 or ${capCount} > 0)`,
        q.ids?.length ? inArray(offers.id, q.ids) : undefined,
        q.search ? bySearch(q.search) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${offers.title})`), asc(offers.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as OfferStatus })) };
}

/** GET /offers/receiving-traffic */
export async function receivingTraffic(
  ctx: Ctx,
  q: z.infer<typeof offerReceivingTrafficQuery>,
): Promise<{ items: OfferReceivingTraffic[] }> {
  const actor = requireActor(ctx);
  const affiliateId = q.affiliateId ?? (isAffiliate(actor) ? actor.id : undefined);
  if (affiliateId !== undefined) await assertAffiliateInReach(ctx, affiliateId, ['querystring', 'affiliateId'], FORBIDDEN);
  const since = new Date(ctx.now().getTime() - q.days * DAY_MS);
  const whose = (column: typeof clicks.affiliateId | typeof leads.affiliateId) =>
    affiliateId !== undefined ? eq(column, affiliateId) : affiliateColumnScopeWhere(actor, 'read', ctx.db, column);
  // the newest row in the window per offer: a backward scan of the (offer_id, created_at) indexes
  const lastClick = sql<Date | null>`(select ${clicks.createdAt} from ${clicks} where ${and(
    sql`${clicks.offerId} = ${OFFER_ID}`,
    sql`${clicks.createdAt} >= ${since}`,
    eq(clicks.status, 1),
    whose(clicks.affiliateId),
  )} order by ${clicks.createdAt} desc limit 1)`;
  const lastLead = sql<Date | null>`(select ${leads.createdAt} from ${leads} where ${and(
    sql`${leads.offerId} = ${OFFER_ID}`,
    sql`${leads.createdAt} >= ${since}`,
    eq(leads.isTest, false),
    whose(leads.affiliateId),
  )} order by ${leads.createdAt} desc limit 1)`;
  const inner = ctx.db
    .select({
      id: offers.id,
      title: offers.title,
      status: offers.status,
      lastClickAt: lastClick.as('last_click_at'),
      lastLeadAt: lastLead.as('last_lead_at'),
    })
    .from(offers)
    .where(
      and(await offerScopeWhere(ctx), q.ids?.length ? inArray(offers.id, q.ids) : undefined, q.search ? bySearch(q.search) : undefined),
    )
    .as('o');
  const rows = await ctx.db
    .select()
    .from(inner)
    .where(sql`${inner.lastClickAt} is not null or ${inner.lastLeadAt} is not null`)
    .orderBy(desc(sql`greatest(${inner.lastClickAt}, ${inner.lastLeadAt})`), asc(inner.id))
    .limit(q.limit);
  const seconds = (v: Date | string | null) => (v === null ? null : toSeconds(new Date(v))!);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status as OfferStatus,
      lastClickAt: seconds(r.lastClickAt),
      lastLeadAt: seconds(r.lastLeadAt),
    })),
  };
}
