/**
 * Employees (product §2 /employees, §4 "a reason is mandatory when blocking an employee", §6 custom permissions): the
 * staff users — administrators, affiliate managers, advertiser managers and employees. Rules: only administrators
 * create or edit administrators (or give an administrator role); nobody changes their own role, status or
 * permissions; at least one active user of the built-in Administrator role remains; a role given is active and of
 * a staff type; custom permissions exist, suit the role type and (for non-administrators) are held by the editor.
 */
import {
  EMPLOYEE_ROLE_TYPES,
  EMPLOYEE_STATUSES,
  grantViolations,
  PERMISSION_NAMES,
  PERMISSIONS,
  permissionDiff,
  permissionsForRoleType,
  type ApiErrorItem,
  type Employee,
  type EmployeePermissions,
  type employeeCreate,
  type employeeListQuery,
  type employeeStatusItem,
  type employeeUpdate,
  type RoleType,
} from '@leadgrid/shared';
import { and, asc, count, eq, gte, ilike, inArray, lt, max, min, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { roles, users } from '../../../db/schema';
import { effectivePermissions } from '../../../http/auth';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { fromSeconds, parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudit, recordAudits, type AuditEntry } from '../../../lib/audit';
import { hashPassword } from '../../../lib/crypto';
import { afterCredentialsChange } from '../../access/auth';
import type { JobQueue } from '../../../jobs/queue';
import { createAccounts, emailErrors, FieldErrors, type Loc, type MailDeps, uniqueAt, resolveRoles, writeUserStatuses } from '../accounts';
import { assertMayGive, permissionsOf } from '../../access/roles';
import { permissionCatalogue } from '../../access/roles';
import { contains } from '../../../lib/search';

type UserRow = typeof users.$inferSelect;
type RoleRow = typeof roles.$inferSelect;
type Row = { user: UserRow; role: RoleRow; managedAffiliates: number; managedTeams: number };

const STAFF_TYPES: readonly RoleType[] = EMPLOYEE_ROLE_TYPES;
const CATALOGUE_ORDER = new Map(PERMISSIONS.map((p, i) => [p.name, i]));
const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
// written out: the subqueries must read the outer users row
const managedAffiliates = sql<number>`(select count(*) from user_managers um where um.manager_id = "users"."id")::int`;
const managedTeams = sql<number>`(select count(*) from team_managers tm where tm.manager_id = "users"."id")::int`;
const LIST: ListSpec = {
  orderBy: {
    id: users.id,
    email: users.email,
    name: fullName,
    firstName: users.firstName,
    lastName: users.lastName,
    status: users.status,
    createdAt: users.createdAt,
    statusChangedAt: users.statusChangedAt,
    lastActivityAt: users.lastActivityAt,
  },
  defaultOrder: 'id:desc',
  statuses: EMPLOYEE_STATUSES,
};
const itemLoc = (i: number, field?: string): Loc => (field ? ['body', 'items', i, field] : ['body', 'items', i]);
const isStaffRole = inArray(roles.type, [...STAFF_TYPES]);
const isBuiltInAdmin = (role: Pick<RoleRow, 'type' | 'system'>) => role.type === 'admin' && role.system;

const selectEmployees = (ctx: Ctx) =>
  ctx.db
    .select({ user: users, role: roles, managedAffiliates, managedTeams })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), isStaffRole));

/** Editing a staff user: user.update, and an administrator target needs an administrator editor. */
export function canEditEmployee(actor: Actor, targetType: string): boolean {
  return hasPermission(actor, 'user.update') && (targetType !== 'admin' || actor.roleType === 'admin');
}

async function present(ctx: Ctx, rows: Row[]): Promise<Employee[]> {
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
  return rows.map(({ user: u, role, managedAffiliates: ma, managedTeams: mt }) => ({
    id: u.id,
    secureId: u.secureId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    status: u.status as Employee['status'],
    role: { id: role.id, title: role.title, type: role.type as RoleType, status: role.status as Employee['role']['status'] },
    contacts: u.contacts as Employee['contacts'],
    birthDate: u.birthDate,
    timezone: u.timezone,
    language: u.language,
    hasCustomPermissions: u.customPermissions !== null && !isBuiltInAdmin(role),
    createdAt: toSeconds(u.createdAt)!,
    createdBy: u.createdBy ? (byId.get(u.createdBy) ?? null) : null,
    statusChangedAt: toSeconds(u.statusChangedAt),
    lastActivityAt: toSeconds(u.lastActivityAt),
    blockReason: u.blockReason,
    twoFactorEnabled: u.twoFactorEnabled,
    managedAffiliatesCount: Number(ma),
    managedTeamsCount: Number(mt),
    editable: canEditEmployee(actor, role.type),
  }));
}

async function rowsByIds(ctx: Ctx, ids: readonly number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const rows = await selectEmployees(ctx).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.user.id, r]));
}

async function answer(ctx: Ctx, ids: number[]): Promise<Employee[]> {
  const rows = await rowsByIds(ctx, ids);
  return present(
    ctx,
    ids.map((id) => rows.get(id)!),
  );
}

function searchWhere(search: string): SQL {
  const n = /^\d{1,10}$/.test(search) ? Number(search) : NaN;
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, contains(search)),
    ilike(users.email, contains(search)),
    eq(users.secureId, search.toLowerCase()),
    n > 0 && n <= 2147483647 ? eq(users.id, n) : undefined,
  )!;
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export async function list(ctx: Ctx, q: z.infer<typeof employeeListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(users.status, p.statuses) : undefined,
    q.roleType?.length ? inArray(roles.type, q.roleType) : undefined,
    q.roleId?.length ? inArray(roles.id, q.roleId) : undefined,
    q.createdFrom !== undefined ? gte(users.createdAt, fromSeconds(q.createdFrom)!) : undefined,
    // the upper bound takes its whole second
    q.createdTo !== undefined ? lt(users.createdAt, fromSeconds(q.createdTo + 1)!) : undefined,
    p.search ? searchWhere(p.search) : undefined,
  );
  const rows = await selectEmployees(ctx).where(where).orderBy(p.order, asc(users.id)).limit(p.limit).offset(p.offset);
  const items = await present(ctx, rows);
  if (!p.withMeta) return { items };
  const [meta] = await ctx.db
    .select({ n: count(), minDate: min(users.createdAt), maxDate: max(users.createdAt) })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), isStaffRole))
    .where(where);
  return { items, meta: { totalCount: meta.n, minDate: toSeconds(asDate(meta.minDate)), maxDate: toSeconds(asDate(meta.maxDate)) } };
}

async function find(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await selectEmployees(ctx).where(eq(users.id, id));
  if (!row) throw AppError.notFound('Employee');
  return row;
}

export async function get(ctx: Ctx, id: number): Promise<Employee> {
  const [item] = await present(ctx, [await find(ctx, id)]);
  return item;
}

/** At least one active user of the built-in Administrator role must remain after `losing` lose it or their access. */
async function assertAdminsRemain(ctx: Ctx, losing: number[]) {
  if (!losing.length) return;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.type, 'admin'), eq(roles.system, true), eq(users.status, 'active'), notInArray(users.id, losing)));
  if (n === 0) throw AppError.conflict('At least one active administrator must remain');
}

/** Non-administrators may not hand out an administrator role. */
function adminRoleErrors(actor: Actor, wanted: { role: RoleRow | undefined; loc: Loc }[]): ApiErrorItem[] {
  if (actor.roleType === 'admin') return [];
  return wanted.flatMap((w) =>
    w.role?.type === 'admin' ? [{ msg: 'Only an administrator can give an administrator role', type: 'forbidden', loc: w.loc }] : [],
  );
}

export async function create(
  ctx: Ctx,
  deps: MailDeps,
  items: z.infer<typeof employeeCreate>[],
): Promise<{ items: Employee[]; unsentMail: number }> {
  const actor = requireActor(ctx);
  const errors = new FieldErrors();
  errors.addAll(
    await emailErrors(
      ctx,
      items.map((it, i) => ({ email: it.email, loc: itemLoc(i, 'email') })),
    ),
  );
  const roleRows = await resolveRoles(
    ctx,
    items.map((it, i) => ({ roleId: it.roleId, loc: itemLoc(i, 'roleId') })),
    STAFF_TYPES,
    errors,
  );
  errors.throwIfAny();
  const forbidden = adminRoleErrors(
    actor,
    roleRows.map((role, i) => ({ role, loc: itemLoc(i, 'roleId') })),
  );
  if (forbidden.length) throw new AppError('FORBIDDEN', forbidden[0].msg, forbidden);
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
      columns: (it) => ({ birthDate: it.birthDate ?? null }),
      audited: (it, roleId) => ({ email: it.email, firstName: it.firstName, lastName: it.lastName, status: it.status, roleId }),
    },
  );
  return { items: await answer(ctx, ids), unsentMail };
}

/** Loads the employees a request names: unknown ones (or non-staff users) are 404, administrators need an administrator. */
async function loadForWrite(ctx: Ctx, ids: number[], loc: (i: number) => Loc): Promise<Map<number, Row>> {
  const actor = requireActor(ctx);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) throw AppError.field(loc(i), 'unique', 'Each employee may appear only once');
  });
  const rows = await rowsByIds(ctx, ids);
  const missing = ids.flatMap((id, i) => (rows.has(id) ? [] : [{ msg: `Employee ${id} not found`, type: 'notFound', loc: loc(i) }]));
  if (missing.length) throw new AppError('NOT_FOUND', 'Employee not found', missing);
  const refused = ids.flatMap((id, i) =>
    canEditEmployee(actor, rows.get(id)!.role.type)
      ? []
      : [{ msg: 'Only an administrator can edit an administrator', type: 'forbidden', loc: loc(i) }],
  );
  if (refused.length) throw new AppError('FORBIDDEN', refused[0].msg, refused);
  return rows;
}

const SCALAR_FIELDS = ['email', 'firstName', 'lastName', 'contacts', 'birthDate', 'timezone', 'language'] as const;

/**
 * Another staff member's sign-in credentials (e-mail, password) are set only by an administrator or by someone
 * holding every permission of that member, within scope — otherwise a holder of user.update could sign in as a
 * wider account (docs/decisions/access.md).
 */
function credentialErrors(actor: Actor, items: z.infer<typeof employeeUpdate>[], current: Map<number, Row>): ApiErrorItem[] {
  return items.flatMap((it, i) => {
    const { user, role } = current.get(it.id)!;
    const emailChange = it.email !== undefined && it.email.toLowerCase() !== user.email.toLowerCase();
    if (it.id === actor.id || (!emailChange && !it.password)) return [];
    const { notHeld } = grantViolations(actor, permissionsOf(role, user.customPermissions));
    if (!notHeld.length) return [];
    const msg = `Only an administrator or someone holding all of this employee's permissions can change its e-mail or password (you do not hold ${notHeld
      .slice(0, 5)
      .map((x) => `'${x}'`)
      .join(', ')}${notHeld.length > 5 ? ', …' : ''})`;
    return [{ msg, type: 'credentials', loc: itemLoc(i, it.password ? 'password' : 'email') }];
  });
}

/**
 * Edits; a new role resets custom permissions (they were chosen against the old role). A new e-mail or password
 * set by someone else signs the employee out everywhere and tells its old address; one's own keeps the caller's session.
 */
export async function update(ctx: Ctx, deps: { queue: JobQueue }, items: z.infer<typeof employeeUpdate>[]): Promise<Employee[]> {
  const actor = requireActor(ctx);
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
    STAFF_TYPES,
    errors,
  );
  items.forEach((it, i) => {
    if (it.id === actor.id && it.roleId !== undefined && it.roleId !== current.get(it.id)!.role.id)
      errors.add(itemLoc(i, 'roleId'), 'You cannot change your own role', 'self');
  });
  errors.throwIfAny();
  const forbidden = adminRoleErrors(
    actor,
    roleRows.map((role, i) => ({ role, loc: itemLoc(i, 'roleId') })),
  );
  if (forbidden.length) throw new AppError('FORBIDDEN', forbidden[0].msg, forbidden);
  assertMayGive(
    actor,
    items.flatMap((it, i) => {
      const { user, role } = current.get(it.id)!;
      const next = roleRows[i];
      // a new role replaces the custom permissions too
      return next && next.id !== role.id
        ? [{ next: permissionsOf(next), current: permissionsOf(role, user.customPermissions), loc: itemLoc(i, 'roleId') }]
        : [];
    }),
  );
  const refusedCredentials = credentialErrors(actor, items, current);
  if (refusedCredentials.length) throw new AppError('FORBIDDEN', refusedCredentials[0].msg, refusedCredentials);
  const roleChanges = items.filter((it, i) => roleRows[i] && roleRows[i]!.id !== current.get(it.id)!.role.id);
  await assertAdminsRemain(
    ctx,
    roleChanges.filter((it) => isBuiltInAdmin(current.get(it.id)!.role)).map((it) => it.id),
  );

  const hashes = await Promise.all(items.map((it) => (it.password ? hashPassword(it.password) : undefined)));
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const [i, it] of items.entries()) {
      const row = current.get(it.id)!.user;
      const patch: Partial<UserRow> = Object.fromEntries(SCALAR_FIELDS.map((f) => [f, it[f]]));
      if (roleRows[i] && roleRows[i]!.id !== row.roleId) Object.assign(patch, { roleId: roleRows[i]!.id, customPermissions: null });
      const changes = diffFields(row, patch);
      if (changes || hashes[i]) {
        await uniqueAt(itemLoc(i, 'email'), () =>
          db
            .update(users)
            .set({ ...(changes?.after as Partial<UserRow>), ...(hashes[i] ? { passwordHash: hashes[i] } : {}) })
            .where(eq(users.id, it.id)),
        );
        // new credentials sign the user out everywhere (one's own: except the session making the change)
        await afterCredentialsChange(tx, deps.queue, row, {
          emailChanged: changes?.after.email !== undefined,
          passwordChanged: !!hashes[i],
        });
        audits.push({
          entity: 'user',
          entityId: it.id,
          action: 'update',
          changes: { ...(changes ?? { before: {}, after: {} }), ...(hashes[i] ? { passwordChanged: true } : {}) },
        });
      }
    }
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

/** active, inactive or blocked (with a reason); leaving `active` ends the user's sessions. */
export async function changeStatus(ctx: Ctx, items: z.infer<typeof employeeStatusItem>[]): Promise<Employee[]> {
  const actor = requireActor(ctx);
  const ids = items.map((it) => it.id);
  const self = items.findIndex((it) => it.id === actor.id);
  if (self >= 0)
    throw AppError.business('You cannot change your own status', [
      { msg: 'You cannot change your own status', type: 'self', loc: itemLoc(self, 'id') },
    ]);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  await assertAdminsRemain(
    ctx,
    items.filter((it) => it.status !== 'active' && isBuiltInAdmin(current.get(it.id)!.role)).map((it) => it.id),
  );
  await writeUserStatuses(ctx, new Map([...current].map(([id, r]) => [id, r.user])), items);
  return answer(ctx, ids);
}

// ---------------------------------------------------------------------------------------------------------------
// custom permissions

function permissionsView(row: Row): EmployeePermissions {
  const roleType = row.role.type as RoleType;
  const rolePermissions = effectivePermissions(row.role, null);
  const custom = isBuiltInAdmin(row.role) ? null : row.user.customPermissions;
  const permissions = effectivePermissions(row.role, custom);
  return {
    userId: row.user.id,
    role: { id: row.role.id, title: row.role.title, type: roleType },
    rolePermissions,
    customPermissions: custom,
    hasCustomPermissions: custom !== null,
    permissions,
    ...permissionDiff(rolePermissions, permissions),
    catalogue: permissionCatalogue(roleType, true),
  };
}

export async function getPermissions(ctx: Ctx, id: number): Promise<EmployeePermissions> {
  return permissionsView(await find(ctx, id));
}

/**
 * Sets a user's own permission list (null: back to the role's). Each permission exists and suits the role type
 * (400 at its place in the list); a non-administrator grants only permissions it holds itself (403). A list equal
 * to the role's is stored as "no custom permissions".
 */
export async function setPermissions(ctx: Ctx, id: number, permissions: string[] | null): Promise<EmployeePermissions> {
  const actor = requireActor(ctx);
  if (id === actor.id) throw AppError.business('You cannot change your own permissions');
  const row = (await loadForWrite(ctx, [id], () => ['params', 'id'])).get(id)!;
  if (isBuiltInAdmin(row.role))
    throw AppError.business(`The ${row.role.title} role holds every permission; custom permissions do not apply to it`);
  const roleType = row.role.type as RoleType;
  let next: string[] | null = null;
  if (permissions) {
    const allowed = new Set(permissionsForRoleType(roleType, true).map((p) => p.name));
    const loc = (j: number) => ['body', 'data', 'permissions', j];
    const invalid: ApiErrorItem[] = permissions.flatMap((name, j) => {
      if (!PERMISSION_NAMES.has(name)) return [{ msg: `Unknown permission '${name}'`, type: 'permission', loc: loc(j) }];
      if (!allowed.has(name))
        return [{ msg: `The permission '${name}' is not available to the role type '${roleType}'`, type: 'permission', loc: loc(j) }];
      return [];
    });
    if (invalid.length)
      throw new AppError(
        'VALIDATION',
        invalid.length === 1 ? invalid[0].msg : 'Some permissions do not exist or do not suit the role type',
        invalid,
      );
    const sorted = [...new Set(permissions)].sort((a, b) => CATALOGUE_ORDER.get(a)! - CATALOGUE_ORDER.get(b)!);
    const { added, removed } = permissionDiff(row.role.permissions, sorted);
    next = added.length || removed.length ? sorted : null;
  }
  // what the user holds afterwards against what it holds now: going back to the role's list gives too
  assertMayGive(actor, [
    {
      next: permissionsOf(row.role, next),
      current: permissionsOf(row.role, row.user.customPermissions),
      loc: permissions ? ['body', 'data', 'permissions'] : ['body', 'data'],
    },
  ]);
  const before = row.user.customPermissions;
  if (JSON.stringify(before) !== JSON.stringify(next)) {
    await ctx.db.transaction(async (db) => {
      await db.update(users).set({ customPermissions: next }).where(eq(users.id, id));
      await recordAudit(
        { ...ctx, db },
        {
          entity: 'user',
          entityId: id,
          action: 'set_permissions',
          changes: { before: { customPermissions: before }, after: { customPermissions: next } },
        },
      );
    });
  }
  return permissionsView({ ...row, user: { ...row.user, customPermissions: next } });
}
