/** Refresh-token sessions: opaque tokens stored hashed, rotated on every use, revoked by family. */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Session } from '@leadgrid/shared';
import { randomUUID } from 'node:crypto';
import { refreshTokens } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { toSeconds } from '../../../http/list-query';
import { AppError } from '../../../http/errors';
import { randomToken, sha256 } from '../../../lib/crypto';

export interface NewSession {
  userId: number;
  familyId?: string;
  impersonatorId?: number | null;
}

export async function createRefreshToken(ctx: Ctx, s: NewSession): Promise<string> {
  const token = randomToken(32);
  await ctx.db.insert(refreshTokens).values({
    userId: s.userId,
    familyId: s.familyId ?? randomUUID(),
    tokenHash: sha256(token),
    impersonatorId: s.impersonatorId ?? null,
    expiresAt: new Date(ctx.now().getTime() + ctx.config.REFRESH_TOKEN_TTL * 1000),
    ip: ctx.ip ?? null,
    userAgent: ctx.userAgent ?? null,
    // the application's clock: the sessions list reads it as the last use
    createdAt: ctx.now(),
  });
  return token;
}

export const findRefreshToken = async (ctx: Ctx, token: string) =>
  (
    await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .limit(1)
  )[0];

/** Marks a token rotated; false when another request already rotated or revoked it (a reuse). */
export async function markRotated(ctx: Ctx, id: number): Promise<boolean> {
  const rows = await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: ctx.now() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(ctx: Ctx, familyId: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(ctx: Ctx, userId: number) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of the user but `keepFamilyId` (the caller's own, when the user changes its own credentials). */
export async function revokeOthersOfUser(ctx: Ctx, userId: number, keepFamilyId: string | undefined) {
  if (!keepFamilyId) return revokeAllOfUser(ctx, userId);
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeImpersonation(ctx: Ctx, userId: number, impersonatorId: number) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.impersonatorId, impersonatorId), isNull(refreshTokens.revokedAt)));
}

// ---------------------------------------------------------------------------------------------------------------
// the user's own sessions (profile > security): one per refresh-token family still alive

// written out: drizzle leaves the outer column of a one-table query unqualified, which the subquery would read as f's
/**
 * How long a rotated token may come back without ending its session: the answer of its rotation was lost (a refresh
 * aborted by leaving the page, two tabs refreshing at once), so the browser still holds the old token. Later, a
 * rotated token is taken for a stolen copy and its family ends (docs/security.md "Sessions").
 */
export const REUSE_GRACE_MS = 30_000;

/**
 * A rotated token presented again within the grace: its family's live tokens (the successor whose answer was lost)
 * are marked rotated too, so the family keeps one live token, the one issued next; true then. False for a token
 * rotated longer ago, or revoked.
 */
export async function graceRotation(ctx: Ctx, id: number): Promise<boolean> {
  // read again: the caller's copy may predate a concurrent rotation
  const [row] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  if (!row?.rotatedAt || row.revokedAt || ctx.now().getTime() - row.rotatedAt.getTime() > REUSE_GRACE_MS) return false;
  await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: ctx.now() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)));
  return true;
}

const signedInAt = sql<Date>`(select min(f.created_at) from refresh_tokens f where f.family_id = refresh_tokens.family_id)`;

/**
 * The caller's live sessions, the most recently used first: each family's current token (not rotated, not revoked,
 * not expired). Sessions an administrator opened acting as the user are the administrator's, not listed.
 */
export async function listSessions(ctx: Ctx): Promise<Session[]> {
  const actor = requireActor(ctx);
  const rows = await ctx.db
    .select({
      id: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      createdAt: signedInAt,
      lastUsedAt: refreshTokens.createdAt,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, actor.id),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.impersonatorId),
        gt(refreshTokens.expiresAt, ctx.now()),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id));
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: toSeconds(r.createdAt instanceof Date ? r.createdAt : new Date(r.createdAt))!,
    lastUsedAt: toSeconds(r.lastUsedAt)!,
    current: r.id === ctx.sessionId,
  }));
}

/** Ends sessions of the caller; another user's session id is not found (404), never ended. Answers the ids ended. */
export async function revokeSessions(ctx: Ctx, ids: readonly string[]): Promise<string[]> {
  const actor = requireActor(ctx);
  const own = await ctx.db
    .selectDistinct({ id: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, actor.id), isNull(refreshTokens.impersonatorId), inArray(refreshTokens.familyId, [...ids])));
  const found = new Set(own.map((r) => r.id));
  const missing = ids.flatMap((id, i) => (found.has(id) ? [] : [{ msg: 'Session not found', type: 'notFound', loc: ['body', 'data', i] }]));
  if (missing.length) throw new AppError('NOT_FOUND', 'Session not found', missing);
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.userId, actor.id), inArray(refreshTokens.familyId, [...found]), isNull(refreshTokens.revokedAt)));
  return [...new Set(ids)];
}

/** "Sign out everywhere else": every session of the caller but the one making the request. */
export async function revokeOtherSessions(ctx: Ctx): Promise<void> {
  const actor = requireActor(ctx);
  if (!ctx.sessionId) throw AppError.business('This session is unknown: sign in again first');
  await revokeOthersOfUser(ctx, actor.id, ctx.sessionId);
}
