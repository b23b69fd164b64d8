/**
 * What creating and editing any person shares (affiliates, employees, advertiser members): e-mail uniqueness,
 * role checks, manager and tag checks, passwords (given, or generated and e-mailed), managers and tags written
 * as join rows, field errors collected over every item before anything is written, and the status change of a user.
 */
import { MANAGER_ROLE_TYPES, type ApiErrorItem, type RoleType } from '@leadgrid/shared';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { roles, tags, userManagers, userTags, users } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { AppError, isUniqueViolation } from '../../http/errors';
import { recordAudits, type AuditEntry } from '../../lib/audit';
import { hashPassword, randomToken, secureId } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import { revokeAllOfUser } from '../access/auth/sessions';
import { getSetting } from '../settings/general/settings.store';

export type Loc = (string | number)[];
type RoleRow = typeof roles.$inferSelect;

/** what the routes hand to services that may e-mail a generated password */
export interface MailDeps {
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** the address the product is reached at, for the sign-in link */
  publicUrl: string;
}

/** Field errors of a whole request, thrown at once (400) so a form shows every bad field. */
export class FieldErrors {
  readonly items: ApiErrorItem[] = [];
  add(loc: Loc, msg: string, type = msg) {
    this.items.push({ msg, type, loc });
  }
  addAll(items: ApiErrorItem[]) {
    this.items.push(...items);
  }
  throwIfAny(message = 'Validation failed') {
    if (this.items.length)
      throw new AppError(
        'VALIDATION',
        this.items.length === 1 && this.items[0].msg.includes(' ') ? this.items[0].msg : message,
        this.items,
      );
  }
}

/** E-mails already registered (ignoring case), or repeated within the request: 'unique' on each. */
export async function emailErrors(ctx: Ctx, wanted: { email: string; loc: Loc; exceptId?: number }[]): Promise<ApiErrorItem[]> {
  if (!wanted.length) return [];
  const lower = [...new Set(wanted.map((w) => w.email.toLowerCase()))];
  const taken = await ctx.db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lower));
  const owner = new Map(taken.map((t) => [t.email, t.id]));
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  for (const w of wanted) {
    const key = w.email.toLowerCase();
    const id = owner.get(key);
    if ((id !== undefined && id !== w.exceptId) || seen.has(key)) errors.push({ msg: 'unique', type: 'unique', loc: w.loc });
    seen.add(key);
  }
  return errors;
}

/**
 * The role each item asks for (or the built-in role of `defaultType` when none is named): it must exist, be
 * active and of one of `types`. Answers the role per item (undefined where an error was added).
 */
export async function resolveRoles(
  ctx: Ctx,
  wanted: { roleId?: number; loc: Loc }[],
  types: readonly RoleType[],
  errors: FieldErrors,
  defaultType?: RoleType,
): Promise<(RoleRow | undefined)[]> {
  const ids = [...new Set(wanted.flatMap((w) => (w.roleId ? [w.roleId] : [])))];
  const found = ids.length ? await ctx.db.select().from(roles).where(inArray(roles.id, ids)) : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  let fallback: RoleRow | undefined;
  if (defaultType && wanted.some((w) => !w.roleId)) {
    [fallback] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.type, defaultType), eq(roles.system, true)))
      .limit(1);
    if (!fallback) throw new Error(`the ${defaultType} system role is missing`);
  }
  return wanted.map((w) => {
    if (!w.roleId) return fallback;
    const role = byId.get(w.roleId);
    if (!role) errors.add(w.loc, 'The role does not exist', 'exists');
    else if (!types.includes(role.type as RoleType)) errors.add(w.loc, `The role must be of type ${types.join(' or ')}`, 'roleType');
    else if (role.status !== 'active') errors.add(w.loc, 'The role is not active', 'inactive');
    else return role;
    return undefined;
  });
}

/** Managers must be active users of an affiliate-manager or admin role: an error per bad id, at its place in the list. */
export async function managerErrors(ctx: Ctx, wanted: { ids: readonly number[]; loc: Loc }[]): Promise<ApiErrorItem[]> {
  const all = [...new Set(wanted.flatMap((w) => w.ids))];
  if (!all.length) return [];
  const rows = await ctx.db
    .select({ id: users.id, status: users.status, type: roles.type })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, all));
  const ok = new Set(
    rows.filter((r) => r.status === 'active' && (MANAGER_ROLE_TYPES as readonly string[]).includes(r.type)).map((r) => r.id),
  );
  return wanted.flatMap((w) =>
    w.ids.flatMap((id, j) =>
      ok.has(id) ? [] : [{ msg: 'A manager must be an active affiliate manager or administrator', type: 'manager', loc: [...w.loc, j] }],
    ),
  );
}

/** Tags must be affiliate tags; a tag newly given must be active (one the record already carries may stay). */
export async function tagErrors(
  ctx: Ctx,
  wanted: { ids: readonly number[]; loc: Loc; current?: ReadonlySet<number> }[],
): Promise<ApiErrorItem[]> {
  const all = [...new Set(wanted.flatMap((w) => w.ids))];
  if (!all.length) return [];
  const rows = await ctx.db.select({ id: tags.id, type: tags.type, status: tags.status }).from(tags).where(inArray(tags.id, all));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((w) =>
    w.ids.flatMap((id, j) => {
      const tag = byId.get(id);
      if (!tag || tag.type !== 'affiliate')
        return [{ msg: 'The tag does not exist or is not an affiliate tag', type: 'exists', loc: [...w.loc, j] }];
      if (tag.status !== 'active' && !w.current?.has(id)) return [{ msg: 'The tag is not active', type: 'inactive', loc: [...w.loc, j] }];
      return [];
    }),
  );
}

/** The given password, or a generated one that is e-mailed once the account is saved. */
export function passwordFor(given: string | undefined): { password: string; generated: boolean } {
  return given ? { password: given, generated: false } : { password: randomToken(9), generated: true };
}

/** The passwords of new accounts (each given, or generated), and their hashes. */
export async function newPasswords(items: { password?: string }[]) {
  const passwords = items.map((it) => passwordFor(it.password));
  return { passwords, hashes: await Promise.all(passwords.map((p) => hashPassword(p.password))) };
}

type NewAccount = Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'status' | 'contacts' | 'timezone' | 'language'>;

/** The columns every new account writes, whatever its kind: who it is, its role and status, its author and time. */
export const accountValues = (ctx: Ctx, authorId: number, it: NewAccount, roleId: number, passwordHash: string) => ({
  secureId: secureId(),
  email: it.email,
  passwordHash,
  firstName: it.firstName,
  lastName: it.lastName,
  status: it.status,
  roleId,
  contacts: it.contacts,
  timezone: it.timezone,
  language: it.language,
  createdAt: ctx.now(),
  createdBy: authorId,
});

/** a write whose unique e-mail is taken meanwhile: answered as the field error of `loc` */
export async function uniqueAt<T>(loc: Loc, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('VALIDATION', 'Validation failed', [{ msg: 'unique', type: 'unique', loc }]);
    throw err;
  }
}

/**
 * Creates checked accounts of one kind (employees, advertiser members): in one transaction a user row each
 * (`accountValues` and the kind's own `columns`; an e-mail taken meanwhile is the item's field error) and a 'create'
 * audit entry each (the kind's `audited` fields, then whether the password was generated); then e-mails the
 * generated passwords. Answers the new ids and how many mails could not be sent.
 */
export async function createAccounts<I extends NewAccount & { firstName: string; password?: string }>(
  ctx: Ctx,
  deps: MailDeps,
  items: readonly I[],
  roleIds: readonly number[],
  own: {
    columns: (it: I) => Partial<typeof users.$inferInsert>;
    audited: (it: I, roleId: number) => Record<string, unknown>;
  },
): Promise<{ ids: number[]; unsentMail: number }> {
  const actor = requireActor(ctx);
  const { passwords, hashes } = await newPasswords([...items]);
  const ids = await ctx.db.transaction(async (db) => {
    const created: number[] = [];
    for (const [i, it] of items.entries()) {
      const [row] = await uniqueAt(['body', 'items', i, 'email'], () =>
        db
          .insert(users)
          .values({ ...accountValues(ctx, actor.id, it, roleIds[i], hashes[i]), ...own.columns(it) })
          .returning({ id: users.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db },
      items.map((it, i) => ({
        entity: 'user',
        entityId: created[i],
        action: 'create',
        changes: { after: { ...own.audited(it, roleIds[i]), passwordGenerated: passwords[i].generated } },
      })),
    );
    return created;
  });
  return { ids, unsentMail: await mailPasswords(ctx, deps, [...items], passwords) };
}

/**
 * E-mails a generated password. The account is already saved, so a mail failure does not undo it: it is logged
 * and answered false (the caller says so in its message; staff can set a password by editing the user).
 */
export async function mailPassword(ctx: Ctx, deps: MailDeps, to: { email: string; firstName: string }, password: string): Promise<boolean> {
  const name = (await getSetting(ctx.db, 'name')) ?? ctx.config.SYSTEM_NAME;
  try {
    await deps.mailer.send({
      to: to.email,
      subject: `${name}: your account`,
      text:
        `Hello ${to.firstName},\n\nAn account was created for you.\n\nSign in at ${deps.publicUrl.replace(/\/$/, '')}/login\n` +
        `E-mail: ${to.email}\nPassword: ${password}\n\nChange the password after the first sign-in (Profile > Security).`,
    });
    return true;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, to: to.email }, 'the e-mail with a generated password could not be sent');
    return false;
  }
}

/** E-mails each generated password of accounts just saved; answers how many mails could not be sent. */
export async function mailPasswords(
  ctx: Ctx,
  deps: MailDeps,
  items: { email: string; firstName: string }[],
  passwords: { password: string; generated: boolean }[],
): Promise<number> {
  let unsent = 0;
  for (const [i, it] of items.entries()) {
    if (passwords[i].generated && !(await mailPassword(ctx, deps, it, passwords[i].password))) unsent++;
  }
  return unsent;
}

/** Sets a user's managers to exactly `managerIds`. */
export async function writeManagers(db: Ctx['db'], userId: number, managerIds: readonly number[]) {
  await db.delete(userManagers).where(eq(userManagers.userId, userId));
  if (managerIds.length) await db.insert(userManagers).values(managerIds.map((managerId) => ({ userId, managerId })));
}

/** Sets a user's tags to exactly `tagIds`. */
export async function writeTags(db: Ctx['db'], userId: number, tagIds: readonly number[]) {
  await db.delete(userTags).where(eq(userTags.userId, userId));
  if (tagIds.length) await db.insert(userTags).values(tagIds.map((tagId) => ({ userId, tagId })));
}

/** `replace` sets the list, `add` and `remove` change the current one (bulk edits); order kept, no duplicates. */
export function editList(current: readonly number[], given: readonly number[], mode: 'replace' | 'add' | 'remove'): number[] {
  if (mode === 'replace') return [...new Set(given)];
  if (mode === 'add') return [...new Set([...current, ...given])];
  const drop = new Set(given);
  return current.filter((id) => !drop.has(id));
}

export const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

export interface UserStatusItem {
  id: number;
  status: string;
  /** the block reason (written with `blocked`), kept in the audit entry */
  reason?: string;
}

/**
 * The status change of people (employees, advertiser members, affiliates), on rows the caller has checked: in one
 * transaction each user whose status differs gets it (with its time; with `blockReason`, the reason of a block is
 * written too and a new reason alone is a change), leaving `active` ends the user's sessions, and a 'change_status'
 * audit entry is recorded per change. An item that changes nothing is skipped.
 */
export async function writeUserStatuses(
  ctx: Ctx,
  current: ReadonlyMap<number, { status: string; blockReason: string | null }>,
  items: readonly UserStatusItem[],
  { blockReason: withReason = true }: { blockReason?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const it of items) {
      const row = current.get(it.id)!;
      const blockReason = it.status === 'blocked' ? it.reason! : null;
      if (row.status === it.status && (!withReason || row.blockReason === blockReason)) continue;
      await db
        .update(users)
        .set({
          status: it.status,
          ...(withReason ? { blockReason } : {}),
          ...(row.status !== it.status ? { statusChangedAt: ctx.now() } : {}),
        })
        .where(eq(users.id, it.id));
      if (it.status !== 'active') await revokeAllOfUser(tx, it.id);
      audits.push({
        entity: 'user',
        entityId: it.id,
        action: 'change_status',
        changes: { before: { status: row.status }, after: { status: it.status }, ...(it.reason ? { reason: it.reason } : {}) },
      });
    }
    await recordAudits(tx, audits);
  });
}
