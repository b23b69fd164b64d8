/** Refresh-token sessions: opaque tokens stored hashed, rotated on every use, revoked by family. */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { refreshTokens } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { randomToken, sha256 } from '../../lib/crypto';

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
  });
  return token;
}

export const findRefreshToken = async (ctx: Ctx, token: string) =>
  (await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token))).limit(1))[0];

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
  await ctx.db.update(refreshTokens).set({ revokedAt: ctx.now() }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(ctx: Ctx, userId: number) {
  await ctx.db.update(refreshTokens).set({ revokedAt: ctx.now() }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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
