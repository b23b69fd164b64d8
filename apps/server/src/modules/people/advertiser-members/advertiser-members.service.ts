/**
 * Advertiser members (product §6 role type advertiser_member): users attached to one advertiser through
 * `users.advertiserId`. Their screens live under the advertiser (advertisers issue); here the API and the scope.
 * Staff list and read them with the advertisers menu permission and write them with user.update; an advertiser
 * member reads only itself, through /users/:id (it never holds user.read, a staff permission).
 *
 * Design note: `advertiserErrors` below is the one place every write checks the advertiser; today it checks that
 * the advertiser exists. Which advertisers an editor may attach members to (an advertiser manager's assigned
 * advertisers) is the advertisers module's scope rule, to be asked here when it lands.
 */
import {
  USER_STATUSES,
  type AdvertiserMember,
  type ApiErrorItem,
  type advertiserMemberCreate,
  type advertiserMemberListQuery,
  type advertiserMemberStatusItem,
  type advertiserMemberUpdate,
  type RoleType,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { advertisers, roles, users } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { hashPassword } from '../../../lib/crypto';
import type { JobQueue } from '../../../jobs/queue';
import { afterCredentialsChange } from '../../access/auth';
import { assertMayGive, permissionsOf, roleChangeGrants } from '../../access/roles';
import { createAccounts, emailErrors, FieldErrors, type Loc, type MailDeps, uniqueAt, resolveRoles, writeUserStatuses } from '../accounts';
import { contains } from '../../../lib/search';

type UserRow = typeof users.$inferSelect;
type Row = { user: UserRow; role: { id: number; title: string; type: string } };

const LIST: ListSpec = {
  orderBy: {
    id: users.id,
    email: users.email,
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    status: users.status,
    createdAt: users.createdAt,
    advertiserId: users.advertiserId,
  },
  defaultOrder: 'id:desc',
  statuses: USER_STATUSES,
};
const itemLoc = (i: number, field?: string): Loc => (field ? ['body', 'items', i, field] : ['body', 'items', i]);

const selectMembers = (ctx: Ctx) =>
  ctx.db
    .select({ user: users, role: { id: roles.id, title: roles.title, type: roles.type } })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.type, 'advertiser_member')));

/** The advertiser a member is attached to must exist (see the design note above). */
async function advertiserErrors(ctx: Ctx, wanted: { advertiserId: number; loc: Loc }[]): Promise<ApiErrorItem[]> {
  const ids = [...new Set(wanted.map((w) => w.advertiserId))];
  const found = ids.length ? await ctx.db.select({ id: advertisers.id }).from(advertisers).where(inArray(advertisers.id, ids)) : [];
  const known = new Set(found.map((r) => r.id));
  return wanted.flatMap((w) => (known.has(w.advertiserId) ? [] : [{ msg: 'The advertiser does not exist', type: 'exists', loc: w.loc }]));
}

async function present(ctx: Ctx, rows: Row[]): Promise<AdvertiserMember[]> {
  const actor = requireActor(ctx);
  const authorIds = [...new Set(rows.flatMap((r) => (r.user.createdBy ? [r.user.createdBy] : [])))];
  const author = alias(users, 'author');
  const authors = authorIds.length
    ? await ctx.db
        .select({ id: author.id, firstName: author.firstName, lastName: author.lastName, email: author.email })
        .from(author)
        .where(inArray(author.id, authorIds))
    : [];
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.map(({ user: u, role }) => ({
    id: u.id,
    secureId: u.secureId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    status: u.status as AdvertiserMember['status'],
    role: { id: role.id, title: role.title, type: role.type as RoleType },
    advertiserId: u.advertiserId,
    contacts: u.contacts as AdvertiserMember['contacts'],
    timezone: u.timezone,
    language: u.language,
    createdAt: toSeconds(u.createdAt)!,
    createdBy: u.createdBy ? (byId.get(u.createdBy) ?? null) : null,
    statusChangedAt: toSeconds(u.statusChangedAt),
    lastActivityAt: toSeconds(u.lastActivityAt),
    blockReason: u.blockReason,
    editable: hasPermission(actor, 'user.update'),
  }));
}

async function rowsByIds(ctx: Ctx, ids: readonly number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const rows = await selectMembers(ctx).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.user.id, r]));
}

async function answer(ctx: Ctx, ids: number[]) {
  const rows = await rowsByIds(ctx, ids);
  return present(
    ctx,
    ids.map((id) => rows.get(id)!),
  );
}

export async function list(ctx: Ctx, q: z.infer<typeof advertiserMemberListQuery>) {
  const p = parseList(q, LIST);
  const n = p.search && /^\d{1,10}$/.test(p.search) ? Number(p.search) : NaN;
  const where = and(
    p.statuses ? inArray(users.status, p.statuses) : undefined,
    q.advertiserId?.length ? inArray(users.advertiserId, q.advertiserId) : undefined,
    p.search
      ? (or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, contains(p.search)),
          ilike(users.email, contains(p.search)),
          n > 0 && n <= 2147483647 ? eq(users.id, n) : undefined,
        ) as SQL)
      : undefined,
  );
  const rows = await selectMembers(ctx).where(where).orderBy(p.order, asc(users.id)).limit(p.limit).offset(p.offset);
  const items = await present(ctx, rows);
  if (!p.withMeta) return { items };
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.type, 'advertiser_member')))
    .where(where);
  return { items, meta: { totalCount: total } };
}

export async function get(ctx: Ctx, id: number): Promise<AdvertiserMember> {
  const [row] = await selectMembers(ctx).where(eq(users.id, id));
  if (!row) throw AppError.notFound('Advertiser member');
  return (await present(ctx, [row]))[0];
}

export async function create(ctx: Ctx, deps: MailDeps, items: z.infer<typeof advertiserMemberCreate>[]) {
  const actor = requireActor(ctx);
  const errors = new FieldErrors();
  errors.addAll(
    await emailErrors(
      ctx,
      items.map((it, i) => ({ email: it.email, loc: itemLoc(i, 'email') })),
    ),
  );
  errors.addAll(
    await advertiserErrors(
      ctx,
      items.map((it, i) => ({ advertiserId: it.advertiserId, loc: itemLoc(i, 'advertiserId') })),
    ),
  );
  const roleRows = await resolveRoles(
    ctx,
    items.map((it, i) => ({ roleId: it.roleId, loc: itemLoc(i, 'roleId') })),
    ['advertiser_member'],
    errors,
    'advertiser_member',
  );
  errors.throwIfAny();
  assertMayGive(
    actor,
    roleRows.map((role, i) => ({ next: permissionsOf(role!), loc: itemLoc(i, 'roleId') })),
  );
  const { ids, unsentMail } = await createAccounts(
    ctx,
    deps,
    items,
    roleRows.map((role) => role!.id),
    {
      columns: (it) => ({ advertiserId: it.advertiserId }),
      audited: (it, roleId) => ({
        email: it.email,
        firstName: it.firstName,
        lastName: it.lastName,
        advertiserId: it.advertiserId,
        roleId,
        status: it.status,
      }),
    },
  );
  return { items: await answer(ctx, ids), unsentMail };
}

async function loadForWrite(ctx: Ctx, ids: number[], loc: (i: number) => Loc): Promise<Map<number, Row>> {
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) throw AppError.field(loc(i), 'unique', 'Each advertiser member may appear only once');
  });
  const rows = await rowsByIds(ctx, ids);
  const missing = ids.flatMap((id, i) =>
    rows.has(id) ? [] : [{ msg: `Advertiser member ${id} not found`, type: 'notFound', loc: loc(i) }],
  );
  if (missing.length) throw new AppError('NOT_FOUND', 'Advertiser member not found', missing);
  return rows;
}

const FIELDS = ['email', 'firstName', 'lastName', 'contacts', 'timezone', 'language'] as const;

/** Edits; a new e-mail or password signs the member out everywhere and tells its old address. */
export async function update(ctx: Ctx, deps: { queue: JobQueue }, items: z.infer<typeof advertiserMemberUpdate>[]) {
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  const errors = new FieldErrors();
  errors.addAll(
    await emailErrors(
      ctx,
      items.flatMap((it, i) => (it.email !== undefined ? [{ email: it.email, loc: itemLoc(i, 'email'), exceptId: it.id }] : [])),
    ),
  );
  const roleRows = await resolveRoles(
    ctx,
    items.map((it, i) => ({ roleId: it.roleId, loc: itemLoc(i, 'roleId') })),
    ['advertiser_member'],
    errors,
  );
  errors.throwIfAny();
  assertMayGive(
    requireActor(ctx),
    await roleChangeGrants(
      ctx,
      items.map((it, i) => ({
        userId: it.id,
        role: roleRows[i]?.id !== current.get(it.id)!.user.roleId ? roleRows[i] : undefined,
        loc: itemLoc(i, 'roleId'),
      })),
    ),
  );
  const hashes = await Promise.all(items.map((it) => (it.password ? hashPassword(it.password) : undefined)));
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const [i, it] of items.entries()) {
      const row = current.get(it.id)!.user;
      const patch: Partial<UserRow> = Object.fromEntries(FIELDS.map((f) => [f, it[f]]));
      if (roleRows[i]) patch.roleId = roleRows[i]!.id;
      const changes = diffFields(row, patch);
      if (!changes && !hashes[i]) continue;
      await uniqueAt(itemLoc(i, 'email'), () =>
        db
          .update(users)
          .set({ ...(changes?.after as Partial<UserRow>), ...(hashes[i] ? { passwordHash: hashes[i] } : {}) })
          .where(eq(users.id, it.id)),
      );
      await afterCredentialsChange(tx, deps.queue, row, { emailChanged: changes?.after.email !== undefined, passwordChanged: !!hashes[i] });
      audits.push({
        entity: 'user',
        entityId: it.id,
        action: 'update',
        changes: { ...(changes ?? { before: {}, after: {} }), ...(hashes[i] ? { passwordChanged: true } : {}) },
      });
    }
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: z.infer<typeof advertiserMemberStatusItem>[]) {
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  await writeUserStatuses(ctx, new Map([...current].map(([id, r]) => [id, r.user])), items);
  return answer(ctx, ids);
}
