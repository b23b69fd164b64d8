/** People look-ups shared by several screens: the managers (admins and affiliate managers) for filters and pickers. */
import { MANAGER_ROLE_TYPES, type ManagerLookupItem, type managerLookupQuery, type RoleType } from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { roles, users } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { AppError } from '../../http/errors';
import { contains } from '../../lib/search';

/**
 * GET /users/managers: active administrators and affiliate managers by name, e-mail or id (or the given `ids`
 * whatever their status: a filter's chosen values). Staff only; `meta.totalCount` always comes (limit=1 counts).
 */
export async function managers(
  ctx: Ctx,
  q: z.infer<typeof managerLookupQuery>,
): Promise<{ items: ManagerLookupItem[]; meta: { totalCount: number } }> {
  const actor = requireActor(ctx);
  if (actor.roleType === 'affiliate' || actor.roleType === 'advertiser_member') throw AppError.forbidden();
  const n = q.search && /^\d{1,10}$/.test(q.search) ? Number(q.search) : NaN;
  const where = and(
    inArray(roles.type, q.roleType?.length ? q.roleType : [...MANAGER_ROLE_TYPES]),
    q.ids?.length ? inArray(users.id, q.ids) : eq(users.status, 'active'),
    q.search
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, contains(q.search)),
          ilike(users.email, contains(q.search)),
          n > 0 && n <= 2147483647 ? eq(users.id, n) : undefined,
        )
      : undefined,
  );
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleType: roles.type,
      status: users.status,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id))
    .limit(q.ids?.length ? Math.max(q.ids.length, q.limit) : q.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where);
  return {
    items: rows.map((r) => ({ ...r, roleType: r.roleType as RoleType, status: r.status as ManagerLookupItem['status'] })),
    meta: { totalCount: total },
  };
}
