/**
 * Personal API tokens: a user creates named tokens for scripts and integrations. The full token is answered
 * once, at creation; only its sha256 and an 8-character prefix (to tell tokens apart) are kept.
 * Revoking sets revokedAt, after which `http/auth.ts` no longer accepts the token.
 */
import { API_TOKENS_MAX } from '@leadgrid/shared';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { apiTokens, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { recordAudits } from '../../../lib/audit';
import { randomToken, sha256 } from '../../../lib/crypto';

const PREFIX_LENGTH = 8;

const columns = {
  id: apiTokens.id,
  title: apiTokens.title,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};
type Row = { id: number; title: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };
const present = (r: Row) => ({ ...r, createdAt: toSeconds(r.createdAt)!, lastUsedAt: toSeconds(r.lastUsedAt) });

/** The caller's tokens that still work, newest first. */
export async function listApiTokens(ctx: Ctx) {
  const actor = requireActor(ctx);
  const rows = await ctx.db
    .select(columns)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(present);
}

export async function createApiTokens(ctx: Ctx, items: { title: string }[]) {
  const actor = requireActor(ctx);
  // a token outlives the session: an admin acting as a user must not leave a credential of that user behind
  if (actor.impersonatorId) throw AppError.forbidden('API tokens can be created only by the account owner, not while acting as them');
  return ctx.db.transaction(async (tx) => {
    // one writer per user at a time, so two requests cannot both pass the limit
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [{ active }] = await tx
      .select({ active: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)));
    if (active + items.length > API_TOKENS_MAX) {
      throw AppError.business(`You can have at most ${API_TOKENS_MAX} active API tokens; revoke one you no longer use`);
    }
    const tokens = items.map(() => randomToken(32));
    const rows = await tx
      .insert(apiTokens)
      .values(
        items.map((item, i) => ({
          userId: actor.id,
          title: item.title,
          prefix: tokens[i].slice(0, PREFIX_LENGTH),
          tokenHash: sha256(tokens[i]),
          createdAt: ctx.now(),
        })),
      )
      .returning(columns);
    await recordAudits(
      { ...ctx, db: tx },
      rows.map((r) => ({
        entity: 'api_token',
        entityId: r.id,
        action: 'create',
        changes: { before: {}, after: { title: r.title, prefix: r.prefix } },
      })),
    );
    return rows.map((r, i) => ({ ...present(r), token: tokens[i] }));
  });
}

/** Revokes tokens of the caller; if any id is not theirs (or already revoked), nothing is revoked. */
export async function revokeApiTokens(ctx: Ctx, ids: number[]): Promise<number[]> {
  const actor = requireActor(ctx);
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(apiTokens.userId, actor.id), inArray(apiTokens.id, unique), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, title: apiTokens.title, prefix: apiTokens.prefix });
    if (revoked.length !== unique.length) throw AppError.notFound('API token');
    await recordAudits(
      { ...ctx, db: tx },
      revoked.map((r) => ({
        entity: 'api_token',
        entityId: r.id,
        action: 'revoke',
        changes: { before: { title: r.title, prefix: r.prefix }, after: {} },
      })),
    );
    return revoked.map((r) => r.id);
  });
}
