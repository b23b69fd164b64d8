/**
 * Roles (product §3, §6): list, create, edit, status, clone, and the permission catalogue per role type.
 * Rules: every permission exists and suits the role's type; a title is unique within its type; a role's type
 * never changes; the admin system role keeps every permission and stays active; a system role or a role
 * with users cannot be deactivated.
 */
import {
  ACTIVE_STATUSES,
  isAdministrator,
  PERMISSION_NAMES,
  PERMISSIONS,
  permissionsForRoleType,
  STAFF_ROLE_TYPES,
  type ApiErrorItem,
  type Permission,
  type Role,
  type RoleListQuery,
  type RoleType,
} from '@leadgrid/shared';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { roles } from '../../../db/schema';
import { requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { assertMayGive } from './grants';
import { ilikeContains } from '../../../lib/search';

type Loc = (string | number)[];
type RoleRow = typeof roles.$inferSelect;
type RoleRowWithCount = RoleRow & { usersCount: number };

export interface RoleCreateInput {
  title: string;
  type: RoleType;
  permissions: string[];
  status: (typeof ACTIVE_STATUSES)[number];
  requireTwoFactor?: boolean;
}
export interface RoleUpdateInput {
  id: number;
  title?: string;
  type?: RoleType;
  permissions?: string[];
  requireTwoFactor?: boolean;
}
export interface RoleStatusInput {
  id: number;
  status: (typeof ACTIVE_STATUSES)[number];
  reason?: string;
}

const CATALOGUE_ORDER = new Map(PERMISSIONS.map((p, i) => [p.name, i]));
/** "every permission" of the admin system role: all the admin type may hold (affiliate-only ones are not among them) */
const ADMIN_PERMISSIONS = permissionsForRoleType('admin', true).map((p) => p.name);
const TITLE_MAX = 200;

const ROLE_LIST: ListSpec = {
  orderBy: { id: roles.id, title: roles.title, type: roles.type, status: roles.status, createdAt: roles.createdAt },
  defaultOrder: 'id:asc',
  statuses: ACTIVE_STATUSES,
};

// written out in full: drizzle leaves a column of a one-table query unqualified, which the subquery would read as u.id
const usersCount = sql<number>`(select count(*) from users u where u.role_id = roles.id)::int`;
const isAdminSystemRole = (row: Pick<RoleRow, 'type' | 'system'>) => row.type === 'admin' && row.system;

function toRole(row: RoleRowWithCount): Role {
  return {
    id: row.id,
    title: row.title,
    type: row.type as RoleType,
    // the admin system role holds the whole catalogue, including permissions added after it was created
    permissions: isAdminSystemRole(row) ? ADMIN_PERMISSIONS : row.permissions,
    status: row.status as Role['status'],
    system: row.system,
    requireTwoFactor: row.requireTwoFactor,
    usersCount: row.usersCount,
    createdAt: toSeconds(row.createdAt)!,
  };
}

const selectRoles = (ctx: Ctx, where: SQL | undefined) =>
  ctx.db
    .select({ ...getTableColumns(roles), usersCount })
    .from(roles)
    .where(where);

async function rolesByIds(ctx: Ctx, ids: number[]): Promise<Map<number, RoleRowWithCount>> {
  const rows = ids.length ? await selectRoles(ctx, inArray(roles.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Loads the roles an items body names; a missing one is a 404 pointing at its item. */
async function loadForItems(ctx: Ctx, items: { id: number }[]): Promise<RoleRowWithCount[]> {
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (seen.has(it.id)) throw AppError.field(['body', 'items', i, 'id'], 'unique', 'The same role is listed twice');
    seen.add(it.id);
  });
  const found = await rolesByIds(
    ctx,
    items.map((it) => it.id),
  );
  const missing = items.flatMap((it, i) =>
    found.has(it.id) ? [] : [{ msg: `Role ${it.id} not found`, type: 'notFound', loc: ['body', 'items', i, 'id'] }],
  );
  if (missing.length) throw new AppError('NOT_FOUND', missing[0].msg, missing);
  return items.map((it) => found.get(it.id)!);
}

/** Unknown permissions and permissions the role type may not hold, each pointing at its place in the list. */
function permissionErrors(type: RoleType, permissions: readonly string[], loc: Loc): ApiErrorItem[] {
  const allowed = new Set(permissionsForRoleType(type, true).map((p) => p.name));
  return permissions.flatMap((name, j) => {
    if (!PERMISSION_NAMES.has(name)) return [{ msg: `Unknown permission '${name}'`, type: 'permission', loc: [...loc, j] }];
    if (!allowed.has(name))
      return [{ msg: `The permission '${name}' is not available to the role type '${type}'`, type: 'permission', loc: [...loc, j] }];
    return [];
  });
}

const throwPermissionErrors = (errors: ApiErrorItem[]) => {
  if (errors.length)
    throw new AppError(
      'VALIDATION',
      errors.length === 1 ? errors[0].msg : 'Some permissions do not exist or do not suit the role type',
      errors,
    );
};

/**
 * Requiring two-factor sign-in is a policy of staff roles, set by an administrator only (a role editor short of the
 * catalogue could otherwise lift it from its own role).
 */
function assertTwoFactorPolicy(actor: Actor, wanted: { type: string; requireTwoFactor?: boolean; was?: boolean; loc: Loc }[]) {
  const invalid = wanted.flatMap((w) =>
    w.requireTwoFactor && !STAFF_ROLE_TYPES.includes(w.type as RoleType)
      ? [{ msg: 'Two-factor sign-in can be required of staff roles only', type: 'roleType', loc: w.loc }]
      : [],
  );
  if (invalid.length) throw new AppError('VALIDATION', invalid[0].msg, invalid);
  if (isAdministrator(actor)) return;
  const refused = wanted.flatMap((w) =>
    w.requireTwoFactor !== undefined && w.requireTwoFactor !== (w.was ?? false)
      ? [{ msg: 'Only an administrator can change whether a role requires two-factor sign-in', type: 'forbidden', loc: w.loc }]
      : [],
  );
  if (refused.length) throw new AppError('FORBIDDEN', refused[0].msg, refused);
}

/** Without duplicates, in catalogue order, so equal sets are stored equally. */
const normalizePermissions = (permissions: readonly string[]) =>
  [...new Set(permissions)].sort((a, b) => (CATALOGUE_ORDER.get(a) ?? 0) - (CATALOGUE_ORDER.get(b) ?? 0));

const titleConflict = (errors: ApiErrorItem[]) =>
  AppError.conflict(
    errors.length === 1 ? 'A role with this title already exists for this role type' : 'Some role titles are already taken',
    errors,
  );

/** A title is unique within its role type, ignoring case: checked against the batch and the database. */
async function assertTitlesFree(ctx: Ctx, wanted: { type: string; title: string; loc: Loc; exceptId?: number }[]) {
  if (!wanted.length) return;
  const key = (type: string, title: string) => `${type}\u0000${title.toLowerCase()}`;
  const taken = await ctx.db
    .select({ id: roles.id, type: roles.type, title: roles.title })
    .from(roles)
    .where(inArray(sql`lower(${roles.title})`, [...new Set(wanted.map((w) => w.title.toLowerCase()))]));
  const inBatch = new Set<string>();
  const errors: ApiErrorItem[] = [];
  for (const w of wanted) {
    const k = key(w.type, w.title);
    const clash = inBatch.has(k) || taken.some((t) => key(t.type, t.title) === k && t.id !== w.exceptId);
    if (clash) errors.push({ msg: 'unique', type: 'unique', loc: w.loc });
    inBatch.add(k);
  }
  if (errors.length) throw titleConflict(errors);
}

/** Runs a write; a unique-index race that slipped past the checks answers the same 409 as the checks. */
async function writing<T>(ctx: Ctx, work: (tx: Ctx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction((db) => work({ ...ctx, db }));
  } catch (err) {
    if (isUniqueViolation(err)) throw titleConflict([{ msg: 'unique', type: 'unique', loc: ['body', 'items'] }]);
    throw err;
  }
}

async function answer(ctx: Ctx, ids: number[]): Promise<Role[]> {
  const rows = await rolesByIds(ctx, ids);
  return ids.map((id) => toRole(rows.get(id)!));
}

export async function list(ctx: Ctx, q: RoleListQuery): Promise<{ items: Role[]; meta?: { totalCount: number } }> {
  const p = parseList(q, ROLE_LIST);
  const where = and(
    q.type ? eq(roles.type, q.type) : undefined,
    p.statuses ? inArray(roles.status, p.statuses) : undefined,
    p.search ? ilikeContains(roles.title, p.search) : undefined,
  );
  const rows = await selectRoles(ctx, where).orderBy(p.order, asc(roles.id)).limit(p.limit).offset(p.offset);
  const items = rows.map(toRole);
  if (!p.withMeta) return { items };
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(roles)
    .where(where);
  return { items, meta: { totalCount: count } };
}

export async function get(ctx: Ctx, id: number): Promise<Role> {
  const [row] = await selectRoles(ctx, eq(roles.id, id));
  if (!row) throw AppError.notFound('Role');
  return toRole(row);
}

export async function create(ctx: Ctx, items: RoleCreateInput[]): Promise<Role[]> {
  const actor = requireActor(ctx);
  throwPermissionErrors(items.flatMap((it, i) => permissionErrors(it.type, it.permissions, ['body', 'items', i, 'permissions'])));
  assertMayGive(
    actor,
    items.map((it, i) => ({ next: it.permissions, loc: ['body', 'items', i, 'permissions'] })),
  );
  assertTwoFactorPolicy(
    actor,
    items.map((it, i) => ({ type: it.type, requireTwoFactor: it.requireTwoFactor, loc: ['body', 'items', i, 'requireTwoFactor'] })),
  );
  await assertTitlesFree(
    ctx,
    items.map((it, i) => ({ type: it.type, title: it.title, loc: ['body', 'items', i, 'title'] })),
  );
  const ids = await writing(ctx, async (tx) => {
    const rows = await tx.db
      .insert(roles)
      .values(
        items.map((it) => ({
          title: it.title,
          type: it.type,
          permissions: normalizePermissions(it.permissions),
          status: it.status,
          system: false,
          requireTwoFactor: it.requireTwoFactor ?? false,
          createdAt: ctx.now(),
          createdBy: actor.id,
        })),
      )
      .returning();
    await recordAudits(
      tx,
      rows.map((r) => ({
        entity: 'role',
        entityId: r.id,
        action: 'create',
        changes: {
          after: { title: r.title, type: r.type, status: r.status, permissions: r.permissions, requireTwoFactor: r.requireTwoFactor },
        },
      })),
    );
    return rows.map((r) => r.id);
  });
  return answer(ctx, ids);
}

export async function update(ctx: Ctx, items: RoleUpdateInput[]): Promise<Role[]> {
  const actor = requireActor(ctx);
  const current = await loadForItems(ctx, items);
  throwPermissionErrors(
    items.flatMap((it, i) =>
      it.permissions ? permissionErrors(current[i].type as RoleType, it.permissions, ['body', 'items', i, 'permissions']) : [],
    ),
  );
  // what the role's users gain, the editor must hold
  assertMayGive(
    actor,
    items.flatMap((it, i) =>
      it.permissions && !isAdminSystemRole(current[i])
        ? [{ next: it.permissions, current: current[i].permissions, loc: ['body', 'items', i, 'permissions'] }]
        : [],
    ),
  );
  assertTwoFactorPolicy(
    actor,
    items.map((it, i) => ({
      type: current[i].type,
      requireTwoFactor: it.requireTwoFactor,
      was: current[i].requireTwoFactor,
      loc: ['body', 'items', i, 'requireTwoFactor'],
    })),
  );

  const ruleErrors: ApiErrorItem[] = [];
  items.forEach((it, i) => {
    const row = current[i];
    if (it.type && it.type !== row.type)
      ruleErrors.push({ msg: "A role's type cannot be changed", type: 'type', loc: ['body', 'items', i, 'type'] });
    if (it.permissions && isAdminSystemRole(row)) {
      const kept = new Set(it.permissions);
      const lost = ADMIN_PERMISSIONS.filter((name) => !kept.has(name));
      if (lost.length) {
        ruleErrors.push({
          msg: `The ${row.title} role keeps every permission; it cannot lose ${lost.join(', ')}`,
          type: 'system',
          loc: ['body', 'items', i, 'permissions'],
        });
      }
    }
  });
  if (ruleErrors.length) throw AppError.business(ruleErrors[0].msg, ruleErrors);

  await assertTitlesFree(
    ctx,
    items.flatMap((it, i) =>
      it.title !== undefined ? [{ type: current[i].type, title: it.title, loc: ['body', 'items', i, 'title'], exceptId: it.id }] : [],
    ),
  );

  await writing(ctx, async (tx) => {
    const audits: AuditEntry[] = [];
    for (const [i, it] of items.entries()) {
      const row = current[i];
      const before = {
        title: row.title,
        permissions: isAdminSystemRole(row) ? ADMIN_PERMISSIONS : row.permissions,
        requireTwoFactor: row.requireTwoFactor,
      };
      const patch = {
        title: it.title,
        requireTwoFactor: it.requireTwoFactor,
        permissions: it.permissions ? (isAdminSystemRole(row) ? ADMIN_PERMISSIONS : normalizePermissions(it.permissions)) : undefined,
      };
      const changes = diffFields(before, patch);
      if (!changes) continue;
      await tx.db
        .update(roles)
        .set(changes.after as Partial<RoleRow>)
        .where(eq(roles.id, row.id));
      audits.push({ entity: 'role', entityId: row.id, action: 'update', changes });
    }
    await recordAudits(tx, audits);
  });
  return answer(
    ctx,
    items.map((it) => it.id),
  );
}

const usersLabel = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

export async function changeStatus(ctx: Ctx, items: RoleStatusInput[]): Promise<Role[]> {
  const current = await loadForItems(ctx, items);
  const systemErrors: ApiErrorItem[] = [];
  const inUseErrors: ApiErrorItem[] = [];
  items.forEach((it, i) => {
    const row = current[i];
    if (it.status !== 'inactive' || row.status === 'inactive') return;
    const loc = ['body', 'items', i, 'status'];
    if (row.system) systemErrors.push({ msg: `${row.title} is a system role and cannot be deactivated`, type: 'system', loc });
    else if (row.usersCount > 0) inUseErrors.push({ msg: `This role is assigned to ${usersLabel(row.usersCount)}`, type: 'inUse', loc });
  });
  if (systemErrors.length) throw AppError.business(systemErrors[0].msg, systemErrors);
  if (inUseErrors.length) throw AppError.conflict(inUseErrors[0].msg, inUseErrors);

  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const [i, it] of items.entries()) {
      const row = current[i];
      if (row.status === it.status) continue;
      // deactivate only while nobody holds the role: a user assigned since the check above stops it here
      const guard = it.status === 'inactive' ? sql`not exists (select 1 from users u where u.role_id = roles.id)` : undefined;
      const done = await db
        .update(roles)
        .set({ status: it.status })
        .where(and(eq(roles.id, row.id), guard))
        .returning({ id: roles.id });
      if (!done.length) {
        throw AppError.conflict('This role was just assigned to a user', [
          { msg: 'This role was just assigned to a user', type: 'inUse', loc: ['body', 'items', i, 'status'] },
        ]);
      }
      audits.push({
        entity: 'role',
        entityId: row.id,
        action: 'change_status',
        changes: { before: { status: row.status }, after: { status: it.status }, ...(it.reason ? { reason: it.reason } : {}) },
      });
    }
    await recordAudits(tx, audits);
  });
  return answer(
    ctx,
    items.map((it) => it.id),
  );
}

/** '<title> (copy)', then '<title> (copy 2)', ... — the first free title of the type, within 200 characters. */
function copyTitle(source: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const title = `${source.slice(0, TITLE_MAX - suffix.length)}${suffix}`;
    if (!taken.has(title.toLowerCase())) return title;
  }
}

export async function clone(ctx: Ctx, items: { id: number }[]): Promise<Role[]> {
  const actor = requireActor(ctx);
  const sources = await loadForItems(ctx, items);
  // a copy gives nothing yet, but whoever may give it later reads it as the editor's work: the same rule as a new role
  assertMayGive(
    actor,
    sources.map((src, i) => ({ next: isAdminSystemRole(src) ? ADMIN_PERMISSIONS : src.permissions, loc: ['body', 'items', i, 'id'] })),
  );
  const ids = await writing(ctx, async (tx) => {
    const created: number[] = [];
    const audits: AuditEntry[] = [];
    for (const src of sources) {
      const titles = await tx.db.select({ title: roles.title }).from(roles).where(eq(roles.type, src.type));
      const title = copyTitle(src.title, new Set(titles.map((t) => t.title.toLowerCase())));
      // a copy holds only what its type may hold today (the catalogue may have changed since the source was saved)
      const allowed = new Set(permissionsForRoleType(src.type as RoleType, true).map((p) => p.name));
      const permissions = normalizePermissions(
        (isAdminSystemRole(src) ? ADMIN_PERMISSIONS : src.permissions).filter((p) => allowed.has(p)),
      );
      const [row] = await tx.db
        .insert(roles)
        .values({
          title,
          type: src.type,
          permissions,
          status: 'active',
          system: false,
          requireTwoFactor: src.requireTwoFactor,
          createdAt: ctx.now(),
          createdBy: actor.id,
        })
        .returning();
      created.push(row.id);
      audits.push({
        entity: 'role',
        entityId: row.id,
        action: 'clone',
        changes: { sourceId: src.id, after: { title, type: row.type, permissions } },
      });
    }
    await recordAudits(tx, audits);
    return created;
  });
  return answer(ctx, ids);
}

/** The permissions a role type may hold (product §6); `withHidden` adds the hidden ones. */
export function permissionCatalogue(roleType: RoleType, withHidden: boolean): Permission[] {
  return permissionsForRoleType(roleType, withHidden).map((p) => ({
    name: p.name,
    title: p.title,
    description: p.description,
    groupId: p.groupId,
    system: !!p.system,
    hidden: !!p.hidden,
    disabled: !!p.disabled,
  }));
}
