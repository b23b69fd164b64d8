/**
 * Blocking (product §4): the effective block of an affiliate (its own OR its team's) that the tracking engine, the
 * refresh `extraInfo` and the screens read, and the block history (`block_events`: who, when, type, reason).
 */
import type { BlockEvent, UnblockType } from '@leadgrid/shared';
import { and, count, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { blockEvents, teamMembers, teams, users } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { toSeconds } from '../../http/list-query';

export interface EffectiveBlock {
  ownTrafficBlocked: boolean;
  teamTrafficBlocked: boolean;
  /** own OR team's: what the engine applies */
  trafficBlocked: boolean;
  /** the user's status is `blocked` */
  ownAccessBlocked: boolean;
  teamAccessBlocked: boolean;
  accessBlocked: boolean;
  team: { id: number; title: string; joinedAt: Date } | null;
}

/** The effective blocks of some users (members of no team carry only their own). */
export async function effectiveBlocks(db: Ctx['db'], userIds: readonly number[]): Promise<Map<number, EffectiveBlock>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      status: users.status,
      trafficBlocked: users.trafficBlocked,
      teamId: teams.id,
      teamTitle: teams.title,
      teamTraffic: teams.trafficBlocked,
      teamAccess: teams.accessBlocked,
      joinedAt: teamMembers.joinedAt,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.map((r) => {
      const teamTrafficBlocked = !!r.teamTraffic;
      const teamAccessBlocked = !!r.teamAccess;
      const ownAccessBlocked = r.status === 'blocked';
      return [
        r.id,
        {
          ownTrafficBlocked: r.trafficBlocked,
          teamTrafficBlocked,
          trafficBlocked: r.trafficBlocked || teamTrafficBlocked,
          ownAccessBlocked,
          teamAccessBlocked,
          accessBlocked: ownAccessBlocked || teamAccessBlocked,
          team: r.teamId !== null && r.teamTitle !== null && r.joinedAt ? { id: r.teamId, title: r.teamTitle, joinedAt: r.joinedAt } : null,
        },
      ];
    }),
  );
}

export async function effectiveBlock(db: Ctx['db'], userId: number): Promise<EffectiveBlock | undefined> {
  return (await effectiveBlocks(db, [userId])).get(userId);
}

export interface BlockEventInput {
  entity: 'user' | 'team';
  entityId: number;
  action: 'block' | 'unblock';
  blockType: UnblockType;
  reason?: string | null;
}

/** Writes block history rows in the caller's transaction, stamped with the actor and the clock. */
export async function recordBlockEvents(ctx: Ctx, entries: BlockEventInput[]): Promise<void> {
  if (!entries.length) return;
  await ctx.db.insert(blockEvents).values(
    entries.map((e) => ({
      entity: e.entity,
      entityId: e.entityId,
      action: e.action,
      blockType: e.blockType,
      reason: e.reason ?? null,
      createdAt: ctx.now(),
      createdBy: ctx.actor?.id ?? null,
    })),
  );
}

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/**
 * Block history, newest first: a team's own entries, or an affiliate's own entries plus those of its current team
 * since it joined (they block or unblock the affiliate too, and carry `teamId`).
 */
export async function blockHistory(
  ctx: Ctx,
  target: { entity: 'user'; id: number; team: { id: number; joinedAt: Date } | null } | { entity: 'team'; id: number },
  page: { limit: number; offset: number; withMeta?: boolean },
): Promise<{ items: BlockEvent[]; meta?: { totalCount: number } }> {
  const own = and(eq(blockEvents.entity, target.entity), eq(blockEvents.entityId, target.id));
  const where =
    target.entity === 'user' && target.team
      ? or(
          own,
          and(eq(blockEvents.entity, 'team'), eq(blockEvents.entityId, target.team.id), gte(blockEvents.createdAt, target.team.joinedAt)),
        )
      : own;
  const rows = await ctx.db
    .select({ event: blockEvents, author })
    .from(blockEvents)
    .leftJoin(users, eq(users.id, blockEvents.createdBy))
    .where(where)
    .orderBy(desc(blockEvents.createdAt), desc(blockEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  const items: BlockEvent[] = rows.map(({ event: e, author: a }) => ({
    id: e.id,
    action: e.action as BlockEvent['action'],
    blockType: e.blockType as BlockEvent['blockType'],
    reason: e.reason,
    createdAt: toSeconds(e.createdAt)!,
    createdBy: a,
    teamId: e.entity === 'team' && target.entity === 'user' ? e.entityId : null,
  }));
  if (!page.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(blockEvents).where(where);
  return { items, meta: { totalCount: n } };
}
