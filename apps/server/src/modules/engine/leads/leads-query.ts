/**
 * Who may read which leads, and the filters of the /leads list, its dependent filters and its export, in one place.
 * Scope: `lead.read` every lead; `lead.assigned.read` the leads of the affiliates the employee manages
 * (`user_managers`); `lead.own.read` (affiliates) their own. Advertiser members read no leads (no scope of theirs
 * exists in the traffic data yet).
 */
import { API_LEAD_STATUSES, STAFF_ROLE_TYPES, zoneName, type LeadListFilters } from '@leadgrid/shared';
import { and, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { leads, userManagers } from '../../../db/schema';
import { hasPermission, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { contains } from '../../../lib/search';

export const isStaff = (actor: Actor) => STAFF_ROLE_TYPES.includes(actor.roleType);

/** the condition keeping the leads the actor may read */
export function leadScope(ctx: Ctx, actor: Actor): SQL | undefined {
  if (isStaff(actor)) {
    if (hasPermission(actor, 'lead.read')) return undefined;
    if (hasPermission(actor, 'lead.assigned.read'))
      return inArray(
        leads.affiliateId,
        ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
      );
    return sql`false`;
  }
  if (actor.roleType === 'affiliate' && hasPermission(actor, 'lead.own.read')) return eq(leads.affiliateId, actor.id);
  return sql`false`;
}

/** the filters of the list that a dependent filter may leave out (its own) */
export type FilterKey = 'status' | 'offerId' | 'affiliateId' | 'advertiserId' | 'campaignId' | 'verticalId' | 'country' | 'leadGrade';

type Filters = Omit<LeadListFilters, 'limit' | 'offset' | 'orderBy' | 'with' | 'withMeta' | 'fields'> & { limit?: number };

function dayBound(day: string, zone: string, field: 'dateFrom' | 'dateTo'): Date {
  const d = DateTime.fromISO(day, { zone });
  if (!d.isValid) throw AppError.field(['querystring', field], 'pattern', `'${day}' is not a valid day`);
  return (field === 'dateFrom' ? d.startOf('day') : d.startOf('day').plus({ days: 1 })).toJSDate();
}

/** search by lead id, phone (digits anywhere), e-mail or name */
function searchWhere(search: string): SQL {
  const like = contains(search);
  const digits = search.replace(/\D/g, '');
  const conditions: (SQL | undefined)[] = [
    ilike(leads.email, like),
    sql`(coalesce(${leads.firstName}, '') || ' ' || coalesce(${leads.lastName}, '')) ilike ${like}`,
  ];
  if (/^\d{1,15}$/.test(search)) conditions.push(eq(leads.id, Number(search)));
  if (digits.length >= 3 && /^[\d\s()+.\-_]+$/.test(search))
    conditions.push(sql`regexp_replace(coalesce(${leads.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
  return or(...conditions)!;
}

/** the WHERE of a lead query: scope, then each given filter except `skip` */
export function leadWhere(ctx: Ctx, actor: Actor, q: Filters, skip?: FilterKey): SQL | undefined {
  const staff = isStaff(actor);
  const zone = zoneName(q.timezone || actor.timezone);
  for (const s of q.status ?? [])
    if (!(API_LEAD_STATUSES as readonly string[]).includes(s))
      throw AppError.field(['querystring', 'status'], 'pattern', `Unknown status '${s}'`);
  const grades = q.leadGrade ?? [];
  const subs: SQL[] = [];
  for (let i = 1; i <= 9; i++) {
    const v = q[`sub${i}` as 'sub1'];
    if (v) subs.push(eq(leads[`sub${i}` as 'sub1'], v));
  }
  const use = (key: FilterKey, values: unknown[] | undefined) => key !== skip && !!values?.length;
  return and(
    leadScope(ctx, actor),
    use('status', q.status) ? inArray(leads.status, q.status!) : undefined,
    use('offerId', q.offerId) ? inArray(leads.offerId, q.offerId!) : undefined,
    use('affiliateId', q.affiliateId) ? inArray(leads.affiliateId, q.affiliateId!) : undefined,
    staff && use('advertiserId', q.advertiserId) ? inArray(leads.advertiserId, q.advertiserId!) : undefined,
    use('campaignId', q.campaignId) ? inArray(leads.campaignId, q.campaignId!) : undefined,
    use('verticalId', q.verticalId) ? inArray(leads.verticalId, q.verticalId!) : undefined,
    use('country', q.country)
      ? inArray(
          leads.country,
          q.country!.map((c) => c.toUpperCase()),
        )
      : undefined,
    use('leadGrade', grades)
      ? or(
          grades.some((g) => g !== 'none')
            ? inArray(
                leads.leadGrade,
                grades.filter((g) => g !== 'none'),
              )
            : undefined,
          grades.includes('none') ? isNull(leads.leadGrade) : undefined,
        )
      : undefined,
    q.dateFrom ? gte(leads.createdAt, dayBound(q.dateFrom, zone, 'dateFrom')) : undefined,
    q.dateTo ? lt(leads.createdAt, dayBound(q.dateTo, zone, 'dateTo')) : undefined,
    q.from !== undefined ? gte(leads.createdAt, new Date(q.from * 1000)) : undefined,
    q.to !== undefined ? lt(leads.createdAt, new Date(q.to * 1000)) : undefined,
    ...subs,
    q.search ? searchWhere(q.search) : undefined,
  );
}
