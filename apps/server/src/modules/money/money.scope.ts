/**
 * THE scope rule of the money area (balances and invoices), in one place:
 *
 * - an affiliate reads its own balance and affiliate invoices, with no permission (spec: billing needs none); any
 *   other affiliate's is a 404;
 * - staff read affiliate balances with `balance.affiliate.read`, affiliate invoices with `invoice.affiliate.read`,
 *   within their people scope (modules/people/scope.ts: all affiliates, or only the assigned ones);
 * - staff read advertiser balances and invoices with `balance.advertiser.read` / `invoice.advertiser.read`;
 * - writes need the matching `.update` permission on top of reading.
 * Advertiser members and everybody else reach nothing here.
 */
import { STAFF_ROLE_TYPES, type PartyType } from '@leadgrid/shared';
import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { userManagers } from '../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../http/context';
import { AppError } from '../../http/errors';
import { peopleScope } from '../people/scope';

export type MoneyArea = 'balance' | 'invoice';
export type MoneyAccess = 'read' | 'update';

export const isStaff = (actor: Actor) => STAFF_ROLE_TYPES.includes(actor.roleType);
export const isAffiliate = (actor: Actor) => actor.roleType === 'affiliate';

/** whether the actor may reach the side at all */
export function canReach(actor: Actor, area: MoneyArea, side: PartyType, access: MoneyAccess = 'read'): boolean {
  if (isAffiliate(actor)) return side === 'affiliate' && access === 'read';
  if (!isStaff(actor)) return false;
  if (!hasPermission(actor, `${area}.${side}.read`)) return false;
  if (access === 'update' && !hasPermission(actor, `${area}.${side}.update`)) return false;
  return side === 'advertiser' || peopleScope(actor, 'read') !== 'none';
}

/**
 * The condition on an affiliate id column keeping the affiliates the actor reaches on that side (undefined: all);
 * `false` when the side is out of reach.
 */
export function affiliateWhere(ctx: Ctx, column: AnyColumn, area: MoneyArea, access: MoneyAccess = 'read'): SQL | undefined {
  const actor = requireActor(ctx);
  if (!canReach(actor, area, 'affiliate', access)) return sql`false`;
  if (isAffiliate(actor)) return eq(column, actor.id);
  if (peopleScope(actor, 'read') === 'all') return undefined;
  return inArray(column, ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)));
}

/** Fails unless the actor reaches the side: 403 for staff without the permission, 404 for everybody else. */
export function requireReach(ctx: Ctx, area: MoneyArea, side: PartyType, access: MoneyAccess = 'read'): Actor {
  const actor = requireActor(ctx);
  if (canReach(actor, area, side, access)) return actor;
  if (isStaff(actor)) throw AppError.forbidden();
  throw AppError.notFound(area === 'balance' ? 'Balance' : 'Invoice');
}
