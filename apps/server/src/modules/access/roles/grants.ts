/**
 * The server's side of "who may give what" (docs/decisions/access.md): every path that gives a role or a
 * permission set — employees, advertiser members and affiliates created or edited, custom permissions, roles
 * created, edited or cloned — asks `assertMayGive` before it writes. The set logic is `grantViolations` in
 * @leadgrid/shared.
 */
import { grantViolationMessage, grantViolations, type ApiErrorItem } from '@leadgrid/shared';
import { eq, inArray } from 'drizzle-orm';
import { roles, users } from '../../../db/schema';
import { effectivePermissions } from '../../../http/auth';
import type { Actor, Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';

type RoleRow = Pick<typeof roles.$inferSelect, 'type' | 'system' | 'permissions'>;

export interface Grant {
  /** the permissions the target holds after the change */
  next: readonly string[];
  /** the permissions it holds now (empty for a new account or role) */
  current?: readonly string[];
  loc: (string | number)[];
}

/** The permissions a role gives a user (with the user's custom list, if any). */
export const permissionsOf = (role: RoleRow, customPermissions: string[] | null = null) => effectivePermissions(role, customPermissions);

/** The permissions each user holds now (its role's, or its custom list). */
export async function permissionsOfUsers(ctx: Ctx, userIds: readonly number[]): Promise<Map<number, string[]>> {
  if (!userIds.length) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, customPermissions: users.customPermissions, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, permissionsOf(r.role, r.customPermissions)]));
}

/** Role changes of existing users as grants: each user's new role against what it holds now. */
export async function roleChangeGrants(
  ctx: Ctx,
  changes: readonly { userId: number; role: RoleRow | undefined; loc: (string | number)[] }[],
): Promise<Grant[]> {
  const wanted = changes.filter((c): c is typeof c & { role: RoleRow } => !!c.role);
  const now = await permissionsOfUsers(
    ctx,
    wanted.map((c) => c.userId),
  );
  return wanted.map((c) => ({ next: permissionsOf(c.role), current: now.get(c.userId) ?? [], loc: c.loc }));
}

/** 403 naming the permission(s) when the actor may not give one of the grants; nothing is written before. */
export function assertMayGive(actor: Actor, grants: readonly Grant[]): void {
  const errors: ApiErrorItem[] = grants.flatMap((g) => {
    const msg = grantViolationMessage(grantViolations(actor, g.next, g.current));
    return msg ? [{ msg, type: 'grant', loc: g.loc }] : [];
  });
  if (errors.length) throw new AppError('FORBIDDEN', errors[0].msg, errors);
}
