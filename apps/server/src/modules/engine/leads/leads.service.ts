/**
 * The /leads screen (product §3 Lead, §7 leads): the list with its filters, the dependent filters, a lead for editing,
 * its history and its advertiser data. Staff read every field; an affiliate reads its own leads without the advertiser,
 * the advertisers pool, the delivery internals or the advertiser data (see leads-query.ts for the scope).
 */
import {
  LEAD_LIST_ORDER_FIELDS,
  LEAD_RESEND_STATUSES,
  LEAD_TRASH_STATUSES,
  type ApiLeadStatus,
  type LeadAction,
  type LeadAdvertiserDataItem,
  type LeadDetail,
  type LeadFilterOption,
  type LeadHistoryItem,
  type LeadListItem,
  type LeadTotals,
  type leadFiltersQuery,
  type leadListQuery,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { advertisers, campaigns, landers, leadDeliveries, leadEvents, leads, offers, users, verticals } from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { isStaff, leadScope, leadWhere, type FilterKey } from './leads-query';
import { AFFILIATE_DUPLICATE_REASON } from './intake';
import { ilikeContains } from '../../../lib/search';

const LIST: ListSpec = {
  orderBy: Object.fromEntries(LEAD_LIST_ORDER_FIELDS.map((f) => [f, leads[f]])),
  defaultOrder: 'createdAt:desc',
};

type Grade = { key: string; title: string };
const columns = {
  lead: leads,
  offerTitle: offers.title,
  verticalTitle: verticals.title,
  verticalGrades: verticals.leadGrades,
  campaignTitle: campaigns.title,
  affiliate: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  advertiserTitle: advertisers.title,
};
type Row = {
  lead: typeof leads.$inferSelect;
  offerTitle: string;
  verticalTitle: string;
  verticalGrades: unknown[];
  campaignTitle: string | null;
  affiliate: { id: number; firstName: string; lastName: string; email: string };
  advertiserTitle: string | null;
};

/** a lead query with the titles the screen shows */
export function selectLeads(ctx: Ctx) {
  return ctx.db
    .select(columns)
    .from(leads)
    .innerJoin(offers, eq(offers.id, leads.offerId))
    .innerJoin(verticals, eq(verticals.id, leads.verticalId))
    .innerJoin(users, eq(users.id, leads.affiliateId))
    .leftJoin(campaigns, eq(campaigns.id, leads.campaignId))
    .leftJoin(advertisers, eq(advertisers.id, leads.advertiserId));
}

const gradesOf = (v: unknown[]): Grade[] =>
  v.filter((g): g is Grade => !!g && typeof (g as Grade).key === 'string').map((g) => ({ key: g.key, title: String(g.title ?? g.key) }));

/** reasons an affiliate may read: its own input's (the delivery's mention advertisers) */
const AFFILIATE_REASON_STATUSES: readonly string[] = ['invalid', 'duplicate'];

/** a duplicate's reason as an affiliate reads it (intake.ts AFFILIATE_DUPLICATE_REASON): never another lead's id */
const affiliateReason = (status: string, reason: string | null) =>
  !AFFILIATE_REASON_STATUSES.includes(status) ? null : status === 'duplicate' ? AFFILIATE_DUPLICATE_REASON : reason;

export function toListItem(r: Row, staff: boolean): LeadListItem {
  const l = r.lead;
  const grade = l.leadGrade ? gradesOf(r.verticalGrades).find((g) => g.key === l.leadGrade) : undefined;
  const item: LeadListItem = {
    id: l.id,
    createdAt: toSeconds(l.createdAt)!,
    updatedAt: toSeconds(l.updatedAt)!,
    status: l.status as ApiLeadStatus,
    statusReason: staff ? l.statusReason : affiliateReason(l.status, l.statusReason),
    firstName: l.firstName,
    lastName: l.lastName,
    phone: l.phone,
    email: l.email,
    country: l.country,
    language: l.language,
    ip: l.ip,
    offer: { id: l.offerId, title: r.offerTitle },
    vertical: { id: l.verticalId, title: r.verticalTitle },
    campaign: l.campaignId && r.campaignTitle !== null ? { id: l.campaignId, title: r.campaignTitle } : null,
    affiliate: r.affiliate,
    leadGrade: l.leadGrade,
    leadGradeTitle: l.leadGrade ? (grade?.title ?? l.leadGrade) : null,
    redirectStatus: l.redirectStatus,
    clickId: l.clickId,
    isTest: l.isTest,
    sentAt: toSeconds(l.sentAt),
    sub1: l.sub1,
    sub2: l.sub2,
    sub3: l.sub3,
    sub4: l.sub4,
    sub5: l.sub5,
    sub6: l.sub6,
    sub7: l.sub7,
    sub8: l.sub8,
    sub9: l.sub9,
  };
  if (!staff) return item;
  return {
    ...item,
    advertiser: l.advertiserId && r.advertiserTitle !== null ? { id: l.advertiserId, title: r.advertiserTitle } : null,
    advertiserLeadId: l.advertiserLeadId,
    integrationId: l.integrationId,
    advertisersPool: (l.advertisersPool ?? []) as Record<string, unknown>[],
    deliveryAttempts: l.deliveryAttempts,
    nextAttemptAt: toSeconds(l.nextAttemptAt),
    duplicateOf: l.duplicateOf,
  };
}

export async function list(ctx: Ctx, q: z.infer<typeof leadListQuery>) {
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  const p = parseList({ ...q, status: undefined }, LIST);
  const where = leadWhere(ctx, actor, q);
  const rows = await selectLeads(ctx).where(where).orderBy(p.order, desc(leads.id)).limit(p.limit).offset(p.offset);
  const items = rows.map((r) => toListItem(r, staff));
  if (!p.withMeta) return { items };
  const byStatus = await ctx.db.select({ status: leads.status, n: count() }).from(leads).where(where).groupBy(leads.status);
  const totals: LeadTotals = {
    count: byStatus.reduce((sum, r) => sum + r.n, 0),
    byStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
  };
  return { items, meta: { totalCount: totals.count, totals } };
}

/** a lead the actor may read, or 404 */
export async function readable(ctx: Ctx, actor: Actor, id: number): Promise<Row> {
  const [row] = await selectLeads(ctx).where(and(eq(leads.id, id), leadScope(ctx, actor)));
  if (!row) throw AppError.notFound('Lead');
  return row;
}

/** what an actor may do with a lead in its status (the rules of lead-actions.ts) */
export function actionsFor(actor: Actor, status: string, isTest: boolean): LeadAction[] {
  if (!isStaff(actor) || !hasPermission(actor, 'lead.update') || isTest) return [];
  const out: LeadAction[] = [];
  if ((LEAD_RESEND_STATUSES as readonly string[]).includes(status)) out.push('resend');
  if ((LEAD_TRASH_STATUSES as readonly string[]).includes(status)) out.push('trash');
  out.push('grade');
  return out;
}

export async function detail(ctx: Ctx, id: number): Promise<LeadDetail> {
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  const row = await readable(ctx, actor, id);
  const l = row.lead;
  const [lander] = l.landerId
    ? await ctx.db.select({ id: landers.id, title: landers.title }).from(landers).where(eq(landers.id, l.landerId))
    : [];
  return {
    ...toListItem(row, staff),
    landing: l.landing,
    sourceUrl: l.sourceUrl,
    userAgent: l.userAgent,
    fields: l.fields ?? {},
    lander: lander ?? null,
    redirectUrl: staff ? l.redirectUrl : null,
    holdUntil: toSeconds(l.holdUntil),
    leadGrades: gradesOf(row.verticalGrades),
    actions: actionsFor(actor, l.status, l.isTest),
  };
}

/** history keys that name the advertiser side (left out for affiliates) */
const PRIVATE_HISTORY_KEYS = new Set([
  'advertiserId',
  'integrationId',
  'advertiserStatus',
  'advertiserLeadId',
  'conversionId',
  'reason',
  'error',
  'request',
  'response',
]);

export async function history(ctx: Ctx, id: number): Promise<{ items: LeadHistoryItem[] }> {
  const actor = requireActor(ctx);
  const staff = isStaff(actor);
  await readable(ctx, actor, id);
  const rows = await ctx.db
    .select({ e: leadEvents, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.userId))
    .where(eq(leadEvents.leadId, id))
    .orderBy(asc(leadEvents.id))
    .limit(1000);
  return {
    items: rows.map(({ e, user }) => ({
      id: e.id,
      createdAt: toSeconds(e.createdAt)!,
      type: e.type,
      data: staff ? e.data : Object.fromEntries(Object.entries(e.data ?? {}).filter(([k]) => !PRIVATE_HISTORY_KEYS.has(k))),
      user: staff && user?.id ? user : null,
    })),
  };
}

export async function advertiserData(ctx: Ctx, id: number): Promise<{ items: LeadAdvertiserDataItem[] }> {
  const actor = requireActor(ctx);
  if (!isStaff(actor)) throw AppError.forbidden();
  await readable(ctx, actor, id);
  const rows = await ctx.db
    .select({ d: leadDeliveries, title: advertisers.title })
    .from(leadDeliveries)
    .innerJoin(advertisers, eq(advertisers.id, leadDeliveries.advertiserId))
    .where(eq(leadDeliveries.leadId, id))
    .orderBy(asc(leadDeliveries.id))
    .limit(1000);
  return {
    items: rows.map(({ d, title }) => ({
      id: d.id,
      createdAt: toSeconds(d.createdAt)!,
      advertiser: { id: d.advertiserId, title },
      integrationId: d.integrationId,
      result: d.result,
      request: d.request,
      responseStatus: d.responseStatus,
      responseBody: d.responseBody,
      advertiserLeadId: d.advertiserLeadId,
      redirectUrl: d.redirectUrl,
      error: d.error,
      durationMs: d.durationMs,
    })),
  };
}

/* ---------------------------------------------------------------- dependent filters */

type Slug = z.infer<typeof leadFiltersQuery>['filterSlug'];

/** per slug: the filter it leaves out, the value and label columns, and the join that gives the label */
function slugQuery(ctx: Ctx, slug: Exclude<Slug, 'leadGrades'>, where: SQL | undefined, search: string | undefined, limit: number) {
  const n = count();
  const find = (label: SQL | AnyColumn) => (search ? ilikeContains(label, search) : undefined);
  switch (slug) {
    case 'offers':
      return ctx.db
        .select({ value: leads.offerId, label: offers.title, count: n })
        .from(leads)
        .innerJoin(offers, eq(offers.id, leads.offerId))
        .where(and(where, find(offers.title)))
        .groupBy(leads.offerId, offers.title)
        .orderBy(asc(offers.title))
        .limit(limit);
    case 'verticals':
      return ctx.db
        .select({ value: leads.verticalId, label: verticals.title, count: n })
        .from(leads)
        .innerJoin(verticals, eq(verticals.id, leads.verticalId))
        .where(and(where, find(verticals.title)))
        .groupBy(leads.verticalId, verticals.title)
        .orderBy(asc(verticals.title))
        .limit(limit);
    case 'campaigns':
      return ctx.db
        .select({ value: sql<number>`${leads.campaignId}`, label: campaigns.title, count: n })
        .from(leads)
        .innerJoin(campaigns, eq(campaigns.id, leads.campaignId))
        .where(and(where, find(campaigns.title)))
        .groupBy(leads.campaignId, campaigns.title)
        .orderBy(asc(campaigns.title))
        .limit(limit);
    case 'advertisers':
      return ctx.db
        .select({ value: sql<number>`${leads.advertiserId}`, label: advertisers.title, count: n })
        .from(leads)
        .innerJoin(advertisers, eq(advertisers.id, leads.advertiserId))
        .where(and(where, find(advertisers.title)))
        .groupBy(leads.advertiserId, advertisers.title)
        .orderBy(asc(advertisers.title))
        .limit(limit);
    case 'affiliates': {
      const label = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName} || ' (' || ${users.email} || ')')`;
      return ctx.db
        .select({ value: leads.affiliateId, label, count: n })
        .from(leads)
        .innerJoin(users, eq(users.id, leads.affiliateId))
        .where(and(where, find(label)))
        .groupBy(leads.affiliateId, users.firstName, users.lastName, users.email)
        .orderBy(asc(label))
        .limit(limit);
    }
    case 'countries':
      return ctx.db
        .select({ value: sql<string>`${leads.country}`, label: sql<string>`${leads.country}`, count: n })
        .from(leads)
        .where(and(where, sql`${leads.country} is not null`, find(sql`${leads.country}`)))
        .groupBy(leads.country)
        .orderBy(asc(leads.country))
        .limit(limit);
    case 'statuses':
      return ctx.db
        .select({ value: leads.status, label: leads.status, count: n })
        .from(leads)
        .where(and(where, find(sql`${leads.status}`)))
        .groupBy(leads.status)
        .orderBy(asc(leads.status))
        .limit(limit);
  }
}

const SKIP: Record<Slug, FilterKey> = {
  offers: 'offerId',
  affiliates: 'affiliateId',
  advertisers: 'advertiserId',
  campaigns: 'campaignId',
  verticals: 'verticalId',
  countries: 'country',
  statuses: 'status',
  leadGrades: 'leadGrade',
};

export async function filters(ctx: Ctx, q: z.infer<typeof leadFiltersQuery>): Promise<{ items: LeadFilterOption[] }> {
  const actor = requireActor(ctx);
  if (q.filterSlug === 'advertisers' && !isStaff(actor)) return { items: [] };
  const where = leadWhere(ctx, actor, { ...q, search: undefined }, SKIP[q.filterSlug]);
  if (q.filterSlug !== 'leadGrades') {
    const rows = await slugQuery(ctx, q.filterSlug, where, q.search, q.limit);
    return { items: rows.map((r) => ({ value: r.value, label: r.label ?? String(r.value), count: Number(r.count) })) };
  }
  // grades: keys per vertical, titled by the vertical's grade list; `none` for leads without a grade
  const rows = await ctx.db
    .select({ key: leads.leadGrade, grades: verticals.leadGrades, count: count() })
    .from(leads)
    .innerJoin(verticals, eq(verticals.id, leads.verticalId))
    .where(where)
    .groupBy(leads.leadGrade, verticals.id, verticals.leadGrades);
  const byKey = new Map<string, LeadFilterOption>();
  for (const r of rows) {
    const key = r.key ?? 'none';
    const title = r.key ? (gradesOf(r.grades).find((g) => g.key === r.key)?.title ?? r.key) : 'none';
    const seen = byKey.get(key);
    if (seen) seen.count += Number(r.count);
    else byKey.set(key, { value: key, label: title, count: Number(r.count) });
  }
  const needle = q.search?.toLowerCase();
  const items = [...byKey.values()]
    .filter((o) => !needle || o.label.toLowerCase().includes(needle) || String(o.value).toLowerCase().includes(needle))
    .sort((a, b) => a.label.localeCompare(b.label))
    .slice(0, q.limit);
  return { items };
}
