/**
 * Users: the user view (current user and user by id), the profile edit, login history and the affiliate's
 * lead API token. Who may see and edit whom is decided by `canSee` / `canEdit` below and nowhere else.
 */
import {
  twoFactorSetupRequired,
  USER_EXPANSIONS,
  type ListQuery,
  type RoleType,
  type User,
  type UserExpansion,
  type UserProfileUpdate,
} from '@leadgrid/shared';
import { asc, count, desc, eq, inArray, max, min } from 'drizzle-orm';
import { images, loginHistory, roles, users } from '../../../db/schema';
import { effectivePermissions } from '../../../http/auth';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds } from '../../../http/list-query';
import { diffFields, recordAudit, recordAudits, type AuditEntry } from '../../../lib/audit';
import { randomToken } from '../../../lib/crypto';
import { effectiveBlocks, type EffectiveBlock } from '../../people/blocks';
import { affiliateManagerIds, reaches } from '../../people/scope';
import { getSetting } from '../../settings/general';

type UserRow = { user: typeof users.$inferSelect; role: typeof roles.$inferSelect };

/** A user as the scope rules need it: an affiliate target carries its managers (user_managers). */
export interface ScopeTarget {
  id: number;
  roleType: RoleType;
  managerIds?: readonly number[];
}

/**
 * The scope rule of the users domain: everyone sees themself; seeing another user needs user.read, and an
 * affiliate is seen only within the people scope (modules/people/scope.ts: all, or the assigned ones).
 */
export function canSee(actor: Actor, target: ScopeTarget): boolean {
  if (actor.id === target.id) return true;
  if (!hasPermission(actor, 'user.read')) return false;
  return target.roleType !== 'affiliate' || reaches(actor, 'read', target.managerIds ?? []);
}

/** Editing: oneself, or another user with user.update; only an admin edits an admin; affiliates within the people scope. */
export function canEdit(actor: Actor, target: ScopeTarget): boolean {
  if (actor.id === target.id) return true;
  if (!hasPermission(actor, 'user.update')) return false;
  if (target.roleType === 'affiliate') return reaches(actor, 'update', target.managerIds ?? []);
  return target.roleType !== 'admin' || actor.roleType === 'admin';
}

const scopeTarget = (row: UserRow, managers: Map<number, number[]>): ScopeTarget => ({
  id: row.user.id,
  roleType: row.role.type as RoleType,
  managerIds: managers.get(row.user.id) ?? [],
});

/** 404 unless the actor may see the user and the user exists: never reveals whether an unseen id exists. */
export async function findVisibleUser(ctx: Ctx, userId: number): Promise<UserRow> {
  const actor = requireActor(ctx);
  if (actor.id !== userId && !hasPermission(actor, 'user.read')) throw AppError.notFound('User');
  const [row] = await selectUsers(ctx, [userId]);
  if (!row || !canSee(actor, scopeTarget(row, await affiliateManagerIds(ctx.db, [userId])))) throw AppError.notFound('User');
  return row;
}

function selectUsers(ctx: Ctx, ids: number[]) {
  return ctx.db.select({ user: users, role: roles }).from(users).innerJoin(roles, eq(users.roleId, roles.id)).where(inArray(users.id, ids));
}

export function parseExpansions(values: readonly string[] | undefined): Set<UserExpansion> {
  for (const w of values ?? []) {
    if (!(USER_EXPANSIONS as readonly string[]).includes(w))
      throw AppError.field(['querystring', 'with'], 'pattern', `Unknown with value '${w}'`);
  }
  return new Set(values as UserExpansion[] | undefined);
}

/** Rows -> the `userSchema` shape; extras (contacts, birthDate, ...) only when asked for. */
async function present(ctx: Ctx, rows: UserRow[], expand: ReadonlySet<UserExpansion>): Promise<User[]> {
  const actor = requireActor(ctx);
  const frontendVersionTs = Number((await getSetting(ctx.db, 'frontendVersionTs')) ?? 0);
  let impersonatedBy: User['impersonatedBy'] = null;
  if (actor.impersonatorId && rows.some((r) => r.user.id === actor.id)) {
    const [imp] = await ctx.db
      .select({ id: users.id, roleTitle: roles.title })
      .from(users)
      .innerJoin(roles, eq(users.roleId, roles.id))
      .where(eq(users.id, actor.impersonatorId))
      .limit(1);
    impersonatedBy = imp ?? null;
  }
  const ids = rows.map((r) => r.user.id);
  const managers = await affiliateManagerIds(ctx.db, ids);
  const blocks =
    expand.has('team') || expand.has('trafficBlocked') ? await effectiveBlocks(ctx.db, ids) : new Map<number, EffectiveBlock>();
  return rows.map((row) => {
    const { user: u, role } = row;
    const roleType = role.type as RoleType;
    const block = blocks.get(u.id);
    // the lead API token is a credential: its owner sees it, and staff who could regenerate it anyway
    const tokenVisible = roleType === 'affiliate' && canEdit(actor, scopeTarget(row, managers));
    return {
      id: u.id,
      secureId: u.secureId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      status: u.status as User['status'],
      role: { id: role.id, title: role.title, type: roleType },
      permissions: effectivePermissions(role, u.customPermissions),
      hasCustomPermissions: u.customPermissions !== null,
      customPermissions: u.customPermissions,
      timezone: u.timezone,
      language: u.language,
      createdAt: toSeconds(u.createdAt)!,
      createdBy: u.createdBy,
      statusChangedAt: toSeconds(u.statusChangedAt),
      lastActivityAt: toSeconds(u.lastActivityAt),
      blockReason: u.blockReason,
      twoFactorEnabled: u.twoFactorEnabled,
      // oneself: as the guard sees it (an administrator acting as the user is not held up)
      twoFactorSetupRequired: u.id === actor.id ? !!actor.twoFactorSetupRequired : twoFactorSetupRequired(role, u.twoFactorEnabled),
      avatarImageId: u.avatarImageId,
      frontendVersionTs,
      impersonatedBy: u.id === actor.id ? impersonatedBy : null,
      ...(expand.has('contacts') ? { contacts: u.contacts as User['contacts'] } : {}),
      ...(expand.has('birthDate') ? { birthDate: u.birthDate } : {}),
      // the effective traffic block: the user's own or its team's
      ...(expand.has('trafficBlocked') ? { trafficBlocked: block?.trafficBlocked ?? u.trafficBlocked } : {}),
      ...(expand.has('team') ? { team: block?.team ? { id: block.team.id, title: block.team.title } : null } : {}),
      ...(expand.has('apiToken') ? { apiToken: tokenVisible ? u.apiToken : null } : {}),
    };
  });
}

export async function getUser(ctx: Ctx, userId: number, expansions?: readonly string[]): Promise<User> {
  const expand = parseExpansions(expansions);
  const row = await findVisibleUser(ctx, userId);
  const [user] = await present(ctx, [row], expand);
  return user;
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'contacts', 'birthDate', 'timezone', 'language', 'avatarImageId'] as const;
const PROFILE_ANSWER = new Set<UserExpansion>(['contacts', 'birthDate', 'trafficBlocked', 'team']);

/** PATCH /users: each item edits one user's profile; all items are checked before anything is written. */
export async function updateProfiles(ctx: Ctx, items: UserProfileUpdate[]): Promise<User[]> {
  const actor = requireActor(ctx);
  const ids = items.map((i) => i.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) throw AppError.field(['body', 'items', i, 'id'], 'unique', 'Each user may appear only once');
  });

  return ctx.db.transaction(async (tx) => {
    const c: Ctx = { ...ctx, db: tx };
    const rows = await selectUsers(c, ids).for('update', { of: users });
    const byId = new Map(rows.map((r) => [r.user.id, r]));
    const avatarIds = [...new Set(items.map((i) => i.avatarImageId).filter((x): x is number => typeof x === 'number'))];
    const found = avatarIds.length ? await tx.select({ id: images.id }).from(images).where(inArray(images.id, avatarIds)) : [];
    const existingImages = new Set(found.map((r) => r.id));
    const managers = await affiliateManagerIds(tx, ids);

    items.forEach((item, i) => {
      const row = byId.get(item.id);
      if (!row || !canSee(actor, scopeTarget(row, managers))) throw AppError.notFound('User');
      if (!canEdit(actor, scopeTarget(row, managers))) throw AppError.forbidden('You cannot edit this user');
      if (typeof item.avatarImageId === 'number' && !existingImages.has(item.avatarImageId)) {
        throw AppError.field(['body', 'items', i, 'avatarImageId'], 'The image does not exist', 'Validation failed', 'exists');
      }
    });

    const audits: AuditEntry[] = [];
    for (const item of items) {
      const current = byId.get(item.id)!.user;
      const patch = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, item[f]])) as Partial<typeof current>;
      const changes = diffFields(current, patch);
      if (!changes) continue;
      await tx.update(users).set(changes.after).where(eq(users.id, item.id));
      audits.push({ entity: 'user', entityId: item.id, action: 'update', changes });
    }
    await recordAudits(c, audits);

    const fresh = new Map((await selectUsers(c, ids)).map((r) => [r.user.id, r]));
    return present(
      c,
      ids.map((id) => fresh.get(id)!),
      PROFILE_ANSWER,
    );
  });
}

/** GET /users/:id/logins-history: sign-in attempts of one user, newest first by default. */
export async function loginsHistory(ctx: Ctx, userId: number, query: ListQuery) {
  await findVisibleUser(ctx, userId);
  const list = parseList(query, { orderBy: { createdAt: loginHistory.createdAt, id: loginHistory.id }, defaultOrder: 'createdAt:desc' });
  const tieBreak = (query.orderBy ?? 'createdAt:desc').toLowerCase().endsWith(':asc') ? asc(loginHistory.id) : desc(loginHistory.id);
  const where = eq(loginHistory.userId, userId);
  const rows = await ctx.db
    .select({
      id: loginHistory.id,
      createdAt: loginHistory.createdAt,
      ip: loginHistory.ip,
      userAgent: loginHistory.userAgent,
      success: loginHistory.success,
      reason: loginHistory.reason,
    })
    .from(loginHistory)
    .where(where)
    .orderBy(list.order, tieBreak)
    .limit(list.limit)
    .offset(list.offset);
  const items = rows.map((r) => ({ ...r, createdAt: toSeconds(r.createdAt)! }));
  if (!list.withMeta) return { items };
  const [meta] = await ctx.db
    .select({ totalCount: count(), minDate: min(loginHistory.createdAt), maxDate: max(loginHistory.createdAt) })
    .from(loginHistory)
    .where(where);
  return {
    items,
    meta: { totalCount: meta.totalCount, minDate: toSeconds(asDate(meta.minDate)), maxDate: toSeconds(asDate(meta.maxDate)) },
  };
}

/** min()/max() of a timestamp come back as a Date or as the driver's text, depending on the driver */
const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

/** POST /users/:id/regenerate-api-token: a new lead API token for an affiliate; the old one stops working at once. */
export async function regenerateLeadApiToken(ctx: Ctx, userId: number): Promise<{ apiToken: string }> {
  const actor = requireActor(ctx);
  const row = await findVisibleUser(ctx, userId);
  const roleType = row.role.type as RoleType;
  if (!canEdit(actor, scopeTarget(row, await affiliateManagerIds(ctx.db, [userId])))) throw AppError.forbidden('You cannot edit this user');
  if (roleType !== 'affiliate') throw AppError.business('Only affiliates have a lead API token');
  const apiToken = randomToken(24);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ apiToken }).where(eq(users.id, userId));
    // the token itself is a credential and never goes into the audit trail
    await recordAudit({ ...ctx, db: tx }, { entity: 'user', entityId: userId, action: 'regenerate_api_token' });
  });
  return { apiToken };
}
