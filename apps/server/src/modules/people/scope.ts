/**
 * THE scope rule of the people domain (architecture §5 "Data scope"), used by every list, detail, look-up and write
 * on affiliates and teams — and by the users module for affiliate targets:
 *
 * - staff holding `affiliate.read` read every affiliate and team; holding `affiliate.assigned.read` only the
 *   affiliates they manage (`user_managers`) and the teams they manage (`team_managers`); holding neither, none;
 * - writing follows `affiliate.update` / `affiliate.assigned.update` the same way, never wider than reading;
 * - affiliates and advertiser members read no other affiliate or team here (an affiliate reads itself through
 *   /users/:id and its own team's basic view through /teams/my).
 *
 * A row outside the read scope is a 404 (never its data); a readable row outside the write scope is a 403.
 */
import { metricAudienceOf, STAFF_ROLE_TYPES, type MetricAudience } from '@leadgrid/shared';
import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { roles, teamManagers, teams, userManagers, users } from '../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../http/context';
import { AppError } from '../../http/errors';

export type Scope = 'all' | 'assigned' | 'none';
export type Access = 'read' | 'update';

const rank: Record<Scope, number> = { none: 0, assigned: 1, all: 2 };
const narrower = (a: Scope, b: Scope): Scope => (rank[a] <= rank[b] ? a : b);

function scopeOf(actor: Actor, all: string, assigned: string): Scope {
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) return 'none';
  if (hasPermission(actor, all)) return 'all';
  if (hasPermission(actor, assigned)) return 'assigned';
  return 'none';
}

/** How far the actor reaches over affiliates and teams: to read, or to write (never wider than reading). */
export function peopleScope(actor: Actor, access: Access): Scope {
  const read = scopeOf(actor, 'affiliate.read', 'affiliate.assigned.read');
  if (access === 'read') return read;
  return narrower(read, scopeOf(actor, 'affiliate.update', 'affiliate.assigned.update'));
}

/** Whether the actor may act on one affiliate or team whose managers are known. */
export function reaches(actor: Actor, access: Access, managerIds: readonly number[]): boolean {
  const scope = peopleScope(actor, access);
  return scope === 'all' || (scope === 'assigned' && managerIds.includes(actor.id));
}

/** The condition on `users.id` that keeps the affiliates in scope (undefined: no restriction). */
export function affiliateScopeWhere(actor: Actor, access: Access, db: Ctx['db']): SQL | undefined {
  return affiliateColumnScopeWhere(actor, access, db, users.id);
}

/** The same condition on any column holding an affiliate's id (a record of the affiliate: its payout accounts, …). */
export function affiliateColumnScopeWhere(actor: Actor, access: Access, db: Ctx['db'], column: Column): SQL | undefined {
  const scope = peopleScope(actor, access);
  if (scope === 'all') return undefined;
  if (scope === 'none') return sql`false`;
  return inArray(column, db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)));
}

/** The condition on `teams.id` that keeps the teams in scope (undefined: no restriction). */
export function teamScopeWhere(actor: Actor, access: Access, db: Ctx['db']): SQL | undefined {
  const scope = peopleScope(actor, access);
  if (scope === 'all') return undefined;
  if (scope === 'none') return sql`false`;
  return inArray(teams.id, db.select({ id: teamManagers.teamId }).from(teamManagers).where(eq(teamManagers.managerId, actor.id)));
}

/** Managers of each affiliate (user_managers), for `reaches`. */
export async function affiliateManagerIds(db: Ctx['db'], userIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .select()
    .from(userManagers)
    .where(inArray(userManagers.userId, [...userIds]));
  for (const r of rows) map.get(r.userId)?.push(r.managerId);
  return map;
}

/** Managers of each team (team_managers), for `reaches`. */
export async function teamManagerIds(db: Ctx['db'], teamIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(teamIds.map((id) => [id, []]));
  if (!teamIds.length) return map;
  const rows = await db
    .select()
    .from(teamManagers)
    .where(inArray(teamManagers.teamId, [...teamIds]));
  for (const r of rows) map.get(r.teamId)?.push(r.managerId);
  return map;
}

/**
 * Checks many affiliates or teams at once for a write: an id outside the read scope is a 404 pointing at its item,
 * a readable one outside the write scope a 403. `managers` holds each existing id's managers.
 */
export function assertReach(
  ctx: Ctx,
  what: 'Affiliate' | 'Team',
  ids: readonly number[],
  managers: Map<number, number[]>,
  loc: (index: number) => (string | number)[],
): void {
  const actor = requireActor(ctx);
  ids.forEach((id, i) => {
    const m = managers.get(id);
    if (!m || !reaches(actor, 'read', m))
      throw new AppError('NOT_FOUND', `${what} not found`, [{ msg: `${what} ${id} not found`, type: 'notFound', loc: loc(i) }]);
  });
  ids.forEach((id, i) => {
    if (!reaches(actor, 'update', managers.get(id)!)) {
      throw new AppError('FORBIDDEN', `You cannot edit this ${what.toLowerCase()}`, [
        { msg: `You cannot edit ${what.toLowerCase()} ${id}`, type: 'scope', loc: loc(i) },
      ]);
    }
  });
}

/** An actor working on assigned records only stays among the managers of what it creates or edits. */
export function keepSelfAsManager(actor: Actor, managerIds: readonly number[]): number[] {
  return peopleScope(actor, 'update') === 'assigned' && !managerIds.includes(actor.id) ? [...managerIds, actor.id] : [...managerIds];
}

/** affiliate ids (existing, of type affiliate) among `ids`, with their managers; others are absent from the map */
export async function loadAffiliateManagers(db: Ctx['db'], ids: readonly number[]): Promise<Map<number, number[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, [...ids]), eq(roles.type, 'affiliate')));
  return affiliateManagerIds(
    db,
    rows.map((r) => r.id),
  );
}

/** team ids (existing) among `ids`, with their managers; others are absent from the map */
export async function loadTeamManagers(db: Ctx['db'], ids: readonly number[]): Promise<Map<number, number[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(inArray(teams.id, [...ids]));
  return teamManagerIds(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * Whose traffic an actor reads in statistics (docs/decisions/insights.md): staff with `affiliate.read` every
 * affiliate's, with `affiliate.assigned.read` only the affiliates they manage, with neither none; an affiliate only
 * its own (never conversions hidden from it); an advertiser member only the leads and conversions sent to its
 * advertiser. `affiliateIds` / `advertiserIds` null: no restriction on that side.
 */
export interface StatisticsReach {
  audience: MetricAudience;
  affiliateIds: number[] | null;
  advertiserIds: number[] | null;
  /** leave out conversions hidden from the affiliate (isHidden) */
  withoutHidden: boolean;
}

export async function statisticsReach(ctx: Ctx): Promise<StatisticsReach> {
  const actor = requireActor(ctx);
  const audience = metricAudienceOf(actor.roleType);
  if (actor.roleType === 'affiliate') return { audience, affiliateIds: [actor.id], advertiserIds: null, withoutHidden: true };
  if (actor.roleType === 'advertiser_member') {
    const [row] = await ctx.db.select({ advertiserId: users.advertiserId }).from(users).where(eq(users.id, actor.id));
    return { audience, affiliateIds: null, advertiserIds: row?.advertiserId ? [row.advertiserId] : [], withoutHidden: false };
  }
  const scope = peopleScope(actor, 'read');
  if (scope === 'all') return { audience, affiliateIds: null, advertiserIds: null, withoutHidden: false };
  if (scope === 'none') return { audience, affiliateIds: [], advertiserIds: null, withoutHidden: false };
  const rows = await ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id));
  return { audience, affiliateIds: rows.map((r) => r.id), advertiserIds: null, withoutHidden: false };
}
