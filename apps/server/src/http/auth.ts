/**
 * Authentication and permission guard. Every request gets `req.ctx`; the guard reads the route's
 * `config` (public / authenticated / permission) and answers 401 or 403 before the body is parsed or validated.
 */
import { PERMISSIONS, twoFactorSetupRequired, type RoleType } from '@leadgrid/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { apiTokens, refreshTokens, roles, teamMembers, teams, users } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { looksLikeJwt, type TokenSigner } from '../lib/tokens';
import { FeedCache } from '../lib/cache/feed-cache';
import type { Actor } from './context';
import { AppError } from './errors';

const ALL_PERMISSIONS = PERMISSIONS.map((p) => p.name);
export const TWO_FACTOR_SETUP_REQUIRED = 'Your role requires two-factor sign-in: set it up in your profile first';

/**
 * What a user may do: users of the built-in administrator role hold every permission of the catalogue (so a new
 * permission reaches them without a data change); everyone else their custom list, else their role's.
 */
export function effectivePermissions(
  role: { type: string; system: boolean; permissions: string[] },
  customPermissions: string[] | null,
): string[] {
  return role.type === 'admin' && role.system ? ALL_PERMISSIONS : (customPermissions ?? role.permissions);
}

export async function loadActor(database: Database, userId: number, impersonatorId?: number): Promise<Actor | null> {
  const [row] = await database.db
    .select({ user: users, role: roles, teamAccessBlocked: teams.accessBlocked })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const type = row.role.type as RoleType;
  const permissions = effectivePermissions(row.role, row.user.customPermissions);
  return Object.freeze({
    id: row.user.id,
    roleId: row.role.id,
    roleType: type,
    roleTitle: row.role.title,
    permissions,
    // an affiliate of an access-blocked team is blocked with it, at once (product §4)
    status: row.teamAccessBlocked ? 'blocked' : row.user.status,
    timezone: row.user.timezone,
    impersonatorId,
    // an administrator acting as the user is not held up by the user's missing set-up
    twoFactorSetupRequired: !impersonatorId && twoFactorSetupRequired(row.role, row.user.twoFactorEnabled),
  });
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) return h.replace(/^Bearer\s+/i, '').trim();
  const key = req.headers['x-api-key'];
  return typeof key === 'string' ? key.trim() : undefined;
}

export function registerAuth(app: FastifyInstance, deps: { database: Database; config: Config; signer: TokenSigner; now: () => Date }) {
  const { database, config, signer, now } = deps;

  app.decorateRequest('ctx', null as never);

  // the affiliate behind a lead API token, kept in memory (the lead API's every request): the tracker's change feed
  // empties it on any change of users' status, rights, role, time zone or token, of roles, teams or team members
  // (migrations 0008, 0011). A cached actor is shared by the requests that read it: nothing may change it.
  let byToken: FeedCache<string, Actor | null> | undefined;
  const tokenActors = () =>
    (byToken ??= new FeedCache(app.services.tracking.feed, async (token: string) => {
      const [own] = await database.db.select({ id: users.id }).from(users).where(eq(users.apiToken, token)).limit(1);
      return own ? loadActor(database, own.id) : null;
    }));

  // the actor behind a session token, kept in memory too (every back-office call reads it): the same feed empties it.
  // The key holds the token's session (its refresh-token family): a session that was ended (sign-out, password change,
  // "revoke", "revoke all others") has no live refresh token left, so its access tokens stop working at once, not when
  // they expire — revoking a refresh token notifies the feed (migration 0014), which empties this cache.
  let bySession: FeedCache<string, Actor | null> | undefined;
  const sessionActors = () =>
    (bySession ??= new FeedCache(app.services.tracking.feed, async (key: string) => {
      const [userId, imp, sid] = key.split(':');
      if (sid && !(await sessionIsLive(database, Number(userId), sid))) return null;
      return loadActor(database, Number(userId), imp ? Number(imp) : undefined);
    }));

  app.addHook('onRequest', async (req) => {
    req.ctx = { actor: null, db: database.db, database, config, now, ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 500) };
  });

  // onRequest: the caller and its permission are checked before the body is read, parsed or validated, so an
  // anonymous or unpermitted request learns nothing of the body's rules and costs no parse of a large body
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config ?? {};
    const token = bearer(req);
    if (token) {
      if (looksLikeJwt(token)) {
        const claims = await signer.verify(token, now());
        if (!claims) {
          if (cfg.public) return;
          throw AppError.unauthenticated('Your session has expired, please sign in again');
        }
        req.ctx.actor = await sessionActors().get(`${Number(claims.sub)}:${claims.imp ?? ''}:${claims.sid ?? ''}`);
        if (!req.ctx.actor && claims.sid) {
          if (cfg.public) return;
          throw AppError.unauthenticated('Your session has ended, please sign in again');
        }
        req.ctx.sessionId = claims.sid;
      } else if (cfg.apiToken) {
        req.ctx.actor = await actorFromApiToken(database, tokenActors(), token, now());
        if (!req.ctx.actor) throw AppError.unauthenticated('Invalid API token');
      } else if (!cfg.public) {
        throw AppError.unauthenticated('Invalid access token');
      }
      if (req.ctx.actor && req.ctx.actor.status !== 'active') {
        if (cfg.public) {
          req.ctx.actor = null;
          return;
        }
        throw AppError.unauthenticated('Your account is not active');
      }
    }
    if (cfg.public) return;
    if (!req.ctx.actor) throw AppError.unauthenticated();
    if (req.ctx.actor.twoFactorSetupRequired && !cfg.twoFactorSetup) throw AppError.forbidden(TWO_FACTOR_SETUP_REQUIRED);
    if (cfg.permission) {
      const list = typeof cfg.permission === 'string' ? [cfg.permission] : cfg.permission;
      if (!list.some((p) => req.ctx.actor!.permissions.includes(p))) throw AppError.forbidden();
    }
  });
}

/**
 * An API token is either an affiliate's lead API token (users.apiToken, served from the cache) or a personal token
 * (api_tokens: read each time, since each use records its last use).
 */
async function actorFromApiToken(
  database: Database,
  leadTokens: FeedCache<string, Actor | null>,
  token: string,
  at: Date,
): Promise<Actor | null> {
  if (token.length < 16 || token.length > 128) return null;
  const own = await leadTokens.get(token);
  if (own) return own;
  const [row] = await database.db
    .select({ id: apiTokens.id, userId: apiTokens.userId })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  await database.db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, row.id));
  return loadActor(database, row.userId);
}

/** A session (refresh-token family) of the user is live while one of its refresh tokens is not revoked. */
async function sessionIsLive(database: Database, userId: number, familyId: string): Promise<boolean> {
  const [row] = await database.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}
