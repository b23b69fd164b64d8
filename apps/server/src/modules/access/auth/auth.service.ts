/** Sign-in, session refresh and rotation, impersonation, sign-up, password recovery and two-factor. */
import { randomUUID } from 'node:crypto';
import { twoFactorSetupRequired } from '@leadgrid/shared';
import { authenticator } from 'otplib';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { loginHistory, passwordResets, roles, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { DUMMY_PASSWORD_HASH, hashPassword, randomToken, secureId, sha256, verifyPassword } from '../../../lib/crypto';
import type { TokenSigner } from '../../../lib/tokens';
import type { Mailer } from '../../../lib/mailer';
import type { JobQueue } from '../../../jobs/queue';
import { notify } from '../../settings/notifications';
import { effectiveBlock } from '../../people/blocks';
import { getSetting } from '../../settings/general';
import {
  createRefreshToken,
  findRefreshToken,
  graceRotation,
  markRotated,
  revokeAllOfUser,
  revokeFamily,
  revokeImpersonation,
  revokeOthersOfUser,
} from './sessions';

export const INVALID_CODE = 'Invalid code, please try again';
export const CURRENT_PASSWORD_WRONG = 'The current password is wrong';
const RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthDeps {
  signer: TokenSigner;
  mailer: Mailer;
  /** sign-up notifies staff (affiliate_registered); optional for callers that never sign up */
  queue?: JobQueue;
}

type UserRow = typeof users.$inferSelect;

const findByEmail = async (ctx: Ctx, email: string) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1)
  )[0];

async function recordLogin(ctx: Ctx, email: string, userId: number | null, success: boolean, reason: string | null) {
  await ctx.db.insert(loginHistory).values({ email, userId, success, reason, ip: ctx.ip ?? null, userAgent: ctx.userAgent ?? null });
}

async function issueTokens(
  ctx: Ctx,
  deps: AuthDeps,
  user: Pick<UserRow, 'id'>,
  opts: { familyId?: string; impersonatorId?: number | null } = {},
) {
  const baseCurrency = (await getSetting(ctx.db, 'baseCurrency')) ?? ctx.config.BASE_CURRENCY;
  const familyId = opts.familyId ?? randomUUID();
  const token = await deps.signer.sign(
    { sub: String(user.id), cur: baseCurrency, imp: opts.impersonatorId ?? undefined, sid: familyId },
    ctx.now(),
  );
  const refreshToken = await createRefreshToken(ctx, { userId: user.id, familyId, impersonatorId: opts.impersonatorId });
  return { token, refreshToken };
}

export const verifyTotp = (secret: string, code: string) => {
  try {
    return authenticator.check(code, secret);
  } catch {
    return false;
  }
};

export async function login(ctx: Ctx, deps: AuthDeps, input: { email: string; password: string; code?: string }) {
  const user = await findByEmail(ctx, input.email);
  // the same scrypt work for an unknown e-mail: the answer's timing does not tell which addresses exist
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !passwordOk) {
    await recordLogin(ctx, input.email, user?.id ?? null, false, 'invalid_credentials');
    throw AppError.unauthenticated('Invalid e-mail or password');
  }
  if (user.status !== 'active') {
    await recordLogin(ctx, input.email, user.id, false, `status_${user.status}`);
    throw AppError.forbidden(user.status === 'blocked' ? 'Your account is blocked' : 'Your account is not active');
  }
  // an affiliate of an access-blocked team is blocked with it (product §4)
  if ((await effectiveBlock(ctx.db, user.id))?.teamAccessBlocked) {
    await recordLogin(ctx, input.email, user.id, false, 'team_blocked');
    throw AppError.forbidden('Your account is blocked');
  }
  if (user.twoFactorEnabled && user.twoFactorSecret) {
    if (!input.code) return { twoFactorRequired: true as const };
    if (!verifyTotp(user.twoFactorSecret, input.code)) {
      await recordLogin(ctx, input.email, user.id, false, 'invalid_2fa_code');
      throw AppError.field(['body', 'code'], INVALID_CODE, INVALID_CODE, 'twoFactor');
    }
  }
  await recordLogin(ctx, input.email, user.id, true, null);
  await ctx.db.update(users).set({ lastActivityAt: ctx.now() }).where(eq(users.id, user.id));
  const pair = await issueTokens(ctx, deps, user);
  const [role] = await ctx.db.select().from(roles).where(eq(roles.id, user.roleId)).limit(1);
  // the role requires two-factor sign-in the user has not set up: signed in, for that set-up only
  return twoFactorSetupRequired(role, user.twoFactorEnabled) ? { ...pair, twoFactorSetupRequired: true as const } : pair;
}

export async function refresh(ctx: Ctx, deps: AuthDeps, refreshToken: string) {
  const row = await findRefreshToken(ctx, refreshToken);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= ctx.now().getTime())
    throw AppError.unauthenticated('Your session has expired, please sign in again');
  if (!(await markRotated(ctx, row.id)) && !(await graceRotation(ctx, row.id))) {
    // a token rotated a while ago used again: somebody holds a stolen copy, end the whole session family
    await revokeFamily(ctx, row.familyId);
    throw AppError.unauthenticated('Your session has expired, please sign in again');
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  const block = user ? await effectiveBlock(ctx.db, user.id) : undefined;
  if (!user || user.status !== 'active' || block?.teamAccessBlocked) {
    await revokeFamily(ctx, row.familyId);
    throw AppError.unauthenticated(
      user?.status === 'blocked' || block?.teamAccessBlocked ? 'Your account is blocked' : 'Your account is not active',
    );
  }
  const pair = await issueTokens(ctx, deps, user, { familyId: row.familyId, impersonatorId: row.impersonatorId });
  await ctx.db.update(users).set({ lastActivityAt: ctx.now() }).where(eq(users.id, user.id));
  const frontendVersionTs = Number((await getSetting(ctx.db, 'frontendVersionTs')) ?? 0);
  // the effective traffic block: the user's own or its team's
  return { ...pair, extraInfo: { status: user.status, trafficBlocked: block?.trafficBlocked ?? user.trafficBlocked, frontendVersionTs } };
}

export async function logout(ctx: Ctx, refreshToken?: string) {
  if (!refreshToken) return;
  const row = await findRefreshToken(ctx, refreshToken);
  if (row) await revokeFamily(ctx, row.familyId);
}

/** Enter: the admin's own refresh token plus the target id. Leave: an empty body from the impersonated session. */
export async function impersonate(ctx: Ctx, deps: AuthDeps, input: { refreshToken?: string; impersonateAs?: number }) {
  const actor = requireActor(ctx);
  if (!input.impersonateAs) {
    if (!actor.impersonatorId) throw AppError.business('You are not acting as another user');
    await revokeImpersonation(ctx, actor.id, actor.impersonatorId);
    const [admin] = await ctx.db.select().from(users).where(eq(users.id, actor.impersonatorId)).limit(1);
    if (!admin || admin.status !== 'active') throw AppError.unauthenticated('Your account is not active');
    return issueTokens(ctx, deps, admin);
  }
  if (actor.impersonatorId) throw AppError.business('Leave the current account before acting as another user');
  if (!actor.permissions.includes('user.impersonate')) throw AppError.forbidden();
  if (!input.refreshToken) throw AppError.field(['body', 'refreshToken'], 'required');
  const own = await findRefreshToken(ctx, input.refreshToken);
  if (!own || own.userId !== actor.id || own.revokedAt || own.rotatedAt)
    throw AppError.unauthenticated('Your session has expired, please sign in again');
  if (input.impersonateAs === actor.id)
    throw AppError.field(
      ['body', 'impersonateAs'],
      'You are already signed in as this user',
      'You are already signed in as this user',
      'impersonateAs',
    );
  const [target] = await ctx.db.select().from(users).where(eq(users.id, input.impersonateAs)).limit(1);
  if (!target) throw AppError.notFound('User');
  if (target.status !== 'active') throw AppError.business('This user is not active');
  return issueTokens(ctx, deps, target, { impersonatorId: actor.id });
}

export async function checkEmail(ctx: Ctx, email: string) {
  return { available: !(await findByEmail(ctx, email)) };
}

export async function signUp(
  ctx: Ctx,
  deps: AuthDeps,
  input: { email: string; password: string; firstName: string; lastName: string; telegram?: string; timezone?: string; language?: string },
) {
  if ((await getSetting(ctx.db, 'registrationEnabled')) === false) throw AppError.forbidden('Registration is closed');
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.type, 'affiliate'), eq(roles.system, true)))
    .limit(1);
  if (!role) throw new Error('the affiliate system role is missing');
  if (await findByEmail(ctx, input.email)) throw AppError.field(['body', 'email'], 'unique', 'This e-mail is already registered');
  const passwordHash = await hashPassword(input.password);
  try {
    // the account, its first login record and the staff notification commit together
    const user = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const [created] = await tx
        .insert(users)
        .values({
          secureId: secureId(),
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          roleId: role.id,
          contacts: input.telegram ? [{ type: 'telegram', value: input.telegram }] : [],
          timezone: input.timezone || 'UTC',
          language: input.language || 'en',
          apiToken: randomToken(24),
        })
        .returning();
      await recordLogin(txCtx, input.email, created.id, true, 'sign_up');
      if (deps.queue) {
        const name = `${created.firstName} ${created.lastName}`.trim();
        await notify(txCtx, deps.queue, 'affiliate_registered', {
          values: { name, email: created.email },
          link: `/affiliates/members/${created.id}`,
          // staff who may open the new affiliate (an assigned-scope manager only once it is assigned to them)
          about: { affiliateId: created.id },
        });
      }
      return created;
    });
    return issueTokens(ctx, deps, user);
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(['body', 'email'], 'unique', 'This e-mail is already registered');
    throw err;
  }
}

/** Always answers the same, so the form does not reveal which addresses exist. */
export async function requestRecovery(ctx: Ctx, deps: AuthDeps, email: string, publicUrl: string) {
  const user = await findByEmail(ctx, email);
  if (!user || user.status !== 'active') return;
  const token = randomToken(32);
  await ctx.db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS) });
  const name = (await getSetting(ctx.db, 'name')) ?? ctx.config.SYSTEM_NAME;
  const link = `${publicUrl.replace(/\/$/, '')}/login/newPassword?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: `${name}: set a new password`,
    text: `Hello ${user.firstName},\n\nOpen this link within an hour to set a new password:\n${link}\n\nIf you did not ask for it, ignore this message.`,
  });
}

export async function setNewPassword(ctx: Ctx, token: string, password: string) {
  const [reset] = await ctx.db
    .update(passwordResets)
    .set({ usedAt: ctx.now() })
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, ctx.now())))
    .returning();
  if (!reset) throw AppError.field(['body', 'token'], 'expired', 'This link has expired or was already used. Ask for a new one.');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, reset.userId));
  await revokeAllOfUser(ctx, reset.userId);
}

export async function changePassword(ctx: Ctx, input: { currentPassword: string; password: string }) {
  const actor = requireActor(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw AppError.field(['body', 'currentPassword'], CURRENT_PASSWORD_WRONG, CURRENT_PASSWORD_WRONG, 'password');
  }
  const passwordHash = await hashPassword(input.password);
  // every other session of the user ends; the one changing the password stays signed in
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    await db.update(users).set({ passwordHash }).where(eq(users.id, actor.id));
    await revokeOthersOfUser(tx, actor.id, ctx.sessionId);
  });
}

export async function twoFactorSetup(ctx: Ctx) {
  const actor = requireActor(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (user.twoFactorEnabled) throw AppError.conflict('Two-factor authentication is already on');
  const secret = authenticator.generateSecret();
  await ctx.db.update(users).set({ twoFactorSecret: secret }).where(eq(users.id, actor.id));
  const issuer = (await getSetting(ctx.db, 'name')) ?? ctx.config.SYSTEM_NAME;
  const otpauthUrl = authenticator.keyuri(user.email, String(issuer), secret);
  return { secret, otpauthUrl, qrCode: await (await import('qrcode')).default.toDataURL(otpauthUrl) };
}

export async function twoFactorEnable(ctx: Ctx, code: string) {
  const actor = requireActor(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (user.twoFactorEnabled) throw AppError.conflict('Two-factor authentication is already on');
  if (!user.twoFactorSecret) throw AppError.business('Start the two-factor set-up first');
  if (!verifyTotp(user.twoFactorSecret, code)) throw AppError.field(['body', 'code'], INVALID_CODE, INVALID_CODE, 'twoFactor');
  await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, actor.id));
}

export async function twoFactorDisable(ctx: Ctx, code: string) {
  const actor = requireActor(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!user.twoFactorEnabled || !user.twoFactorSecret) throw AppError.conflict('Two-factor authentication is off');
  const [role] = await ctx.db.select().from(roles).where(eq(roles.id, user.roleId)).limit(1);
  if (twoFactorSetupRequired(role, false)) throw AppError.business('Your role requires two-factor sign-in: it cannot be turned off');
  if (!verifyTotp(user.twoFactorSecret, code)) throw AppError.field(['body', 'code'], INVALID_CODE, INVALID_CODE, 'twoFactor');
  await ctx.db.update(users).set({ twoFactorEnabled: false, twoFactorSecret: null }).where(eq(users.id, actor.id));
}
