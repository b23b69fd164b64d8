/**
 * Affiliate teams (product §2 team pages, §3 Team, §4 blocking and team members): list, detail with members, create,
 * edit, bulk edit, status, blocking (a team's block covers its members: their effective block is their own OR the
 * team's), members added, changed and removed, the basic view a member has of its own team, and the look-up.
 * Who reaches which team (and which affiliate) is decided by `modules/people/scope.ts`. Every membership or team
 * status change brings the affected affiliates' campaigns in line with offer access (offers/visibility.ts: a team's
 * private offers) in the same transaction.
 */
import {
  MANAGER_ROLE_TYPES,
  TEAM_STATUSES,
  type ApiErrorItem,
  type blockChangeItem,
  type blockHistoryQuery,
  type PersonRef,
  type Team,
  type TeamBasic,
  type TeamDetail,
  type TeamLookupItem,
  type TeamMember,
  type teamBulkEdit,
  type teamCreate,
  type teamListQuery,
  type teamLookupQuery,
  type teamMemberInput,
  type teamMemberUpdate,
  type teamStatusItem,
  type teamUpdate,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { teamManagers, teamMembers, teams, users } from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { fromSeconds, parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { revokeAllOfUser } from '../../access/auth';
import { reconcileOfferAccess } from '../../inventory/offers';
import { editList, FieldErrors, managerErrors, sameSet, type Loc } from '../accounts';
import { blockHistory as readBlockHistory, recordBlockEvents, type BlockEventInput } from '../blocks';
import {
  assertReach,
  keepSelfAsManager,
  loadAffiliateManagers,
  loadTeamManagers,
  peopleScope,
  reaches,
  teamManagerIds,
  teamScopeWhere,
} from '../scope';
import { contains } from '../../../lib/search';
import { linkedTo, listPage } from '../../../lib/lists';

type TeamRow = typeof teams.$inferSelect;
type ListInput = z.infer<typeof teamListQuery>;

// written out: drizzle leaves a column of a one-table query unqualified, which the subquery would misread
const membersCount = sql<number>`(select count(*) from team_members tm where tm.team_id = "teams"."id")::int`;
const LIST: ListSpec = {
  orderBy: { id: teams.id, title: sql`lower(${teams.title})`, status: teams.status, createdAt: teams.createdAt, membersCount },
  defaultOrder: 'id:desc',
  statuses: TEAM_STATUSES,
};
const DUPLICATE = 'A team with this title already exists';
const itemLoc = (i: number, field?: string): Loc => (field ? ['body', 'items', i, field] : ['body', 'items', i]);
const person = (u: PersonRef): PersonRef => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });
const STAFF = (actor: Actor) => actor.roleType !== 'affiliate' && actor.roleType !== 'advertiser_member';

const selectTeams = (ctx: Ctx) => ctx.db.select({ team: teams, membersCount }).from(teams);
type Row = { team: TeamRow; membersCount: number };

function searchWhere(search: string): SQL {
  const n = /^\d{1,10}$/.test(search) ? Number(search) : NaN;
  return or(ilike(teams.title, contains(search)), n > 0 && n <= 2147483647 ? eq(teams.id, n) : undefined)!;
}

async function present(ctx: Ctx, rows: Row[]): Promise<Team[]> {
  const actor = requireActor(ctx);
  const ids = rows.map((r) => r.team.id);
  if (!ids.length) return [];
  const manager = alias(users, 'manager');
  const authorIds = [...new Set(rows.flatMap((r) => (r.team.createdBy ? [r.team.createdBy] : [])))];
  const [managerRows, authors] = await Promise.all([
    ctx.db
      .select({
        teamId: teamManagers.teamId,
        id: manager.id,
        firstName: manager.firstName,
        lastName: manager.lastName,
        email: manager.email,
      })
      .from(teamManagers)
      .innerJoin(manager, eq(manager.id, teamManagers.managerId))
      .where(inArray(teamManagers.teamId, ids))
      .orderBy(asc(manager.firstName), asc(manager.lastName), asc(manager.id)),
    authorIds.length
      ? ctx.db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, authorIds))
      : Promise.resolve([]),
  ]);
  const managersOf = new Map<number, PersonRef[]>(ids.map((id) => [id, []]));
  for (const m of managerRows) managersOf.get(m.teamId)!.push(person(m));
  const authorsById = new Map(authors.map((a) => [a.id, person(a)]));
  const mayUpdate = hasPermission(actor, 'team.update');
  return rows.map(({ team: t, membersCount: n }) => {
    const managers = managersOf.get(t.id)!;
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      status: t.status as Team['status'],
      trafficBlocked: t.trafficBlocked,
      trafficBlockedAt: toSeconds(t.trafficBlockedAt),
      accessBlocked: t.accessBlocked,
      blockReason: t.blockReason,
      acceptColdTraffic: t.acceptColdTraffic,
      acceptInvalidLeads: t.acceptInvalidLeads,
      managers,
      membersCount: Number(n),
      createdAt: toSeconds(t.createdAt)!,
      createdBy: t.createdBy ? (authorsById.get(t.createdBy) ?? null) : null,
      editable:
        mayUpdate &&
        reaches(
          actor,
          'update',
          managers.map((m) => m.id),
        ),
    };
  });
}

/** Members, those whose role status (their team role's or their account's) is not active first, then by name. */
async function membersOf(ctx: Ctx, teamId: number): Promise<TeamMember[]> {
  const notActive = sql`(${teamMembers.status} <> 'active' or ${users.status} <> 'active')`;
  const rows = await ctx.db
    .select({
      member: teamMembers,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        status: users.status,
        trafficBlocked: users.trafficBlocked,
      },
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(desc(notActive), asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
  return rows.map(({ member: m, user: u }) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: m.role as TeamMember['role'],
    status: m.status as TeamMember['status'],
    userStatus: u.status as TeamMember['userStatus'],
    ownTrafficBlocked: u.trafficBlocked,
    joinedAt: toSeconds(m.joinedAt)!,
  }));
}

async function rowsByIds(ctx: Ctx, ids: readonly number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const rows = await selectTeams(ctx).where(inArray(teams.id, [...ids]));
  return new Map(rows.map((r) => [r.team.id, r]));
}

async function answer(ctx: Ctx, ids: number[]): Promise<TeamDetail[]> {
  const rows = await rowsByIds(ctx, ids);
  const list = await present(
    ctx,
    ids.map((id) => rows.get(id)!),
  );
  return Promise.all(list.map(async (t) => ({ ...t, members: await membersOf(ctx, t.id) })));
}

// ---------------------------------------------------------------------------------------------------------------
// read

export async function list(ctx: Ctx, q: ListInput) {
  const actor = requireActor(ctx);
  const p = parseList(q, LIST);
  const where = and(
    teamScopeWhere(actor, 'read', ctx.db),
    p.statuses ? inArray(teams.status, p.statuses) : undefined,
    linkedTo(ctx, teams.id, teamManagers.teamId, teamManagers.managerId, q.managerId),
    q.trafficBlocked !== undefined ? eq(teams.trafficBlocked, q.trafficBlocked) : undefined,
    q.createdFrom !== undefined ? gte(teams.createdAt, fromSeconds(q.createdFrom)!) : undefined,
    // the upper bound takes its whole second
    q.createdTo !== undefined ? lt(teams.createdAt, fromSeconds(q.createdTo + 1)!) : undefined,
    p.search ? searchWhere(p.search) : undefined,
  );
  return listPage(ctx, p, { table: teams, where, query: selectTeams(ctx).$dynamic(), views: (rows) => present(ctx, rows) });
}

async function findVisible(ctx: Ctx, id: number): Promise<Row> {
  const actor = requireActor(ctx);
  const [row] = await selectTeams(ctx).where(and(eq(teams.id, id), teamScopeWhere(actor, 'read', ctx.db)));
  if (!row) throw AppError.notFound('Team');
  return row;
}

export async function get(ctx: Ctx, id: number): Promise<TeamDetail> {
  await findVisible(ctx, id);
  const [team] = await answer(ctx, [id]);
  return team;
}

export async function blockHistory(ctx: Ctx, id: number, q: z.infer<typeof blockHistoryQuery>) {
  await findVisible(ctx, id);
  return readBlockHistory(ctx, { entity: 'team', id }, q);
}

/** What a member sees of its own team: the title and the members' names (none when it is in no team). */
export async function myTeam(ctx: Ctx): Promise<TeamBasic[]> {
  const actor = requireActor(ctx);
  const [own] = await ctx.db
    .select({ id: teams.id, title: teams.title })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, actor.id));
  if (!own) return [];
  const members = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, own.id))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
  return [{ id: own.id, title: own.title, members: members.map((m) => ({ ...m, role: m.role as TeamBasic['members'][number]['role'] })) }];
}

/** Teams for filters (every status) and assignment (active only); `ids` answers those in scope whatever their status. */
export async function lookup(
  ctx: Ctx,
  q: z.infer<typeof teamLookupQuery>,
): Promise<{ items: TeamLookupItem[]; meta: { totalCount: number } }> {
  const actor = requireActor(ctx);
  if (!STAFF(actor)) throw AppError.forbidden();
  const where = and(
    teamScopeWhere(actor, 'read', ctx.db),
    q.ids?.length ? inArray(teams.id, q.ids) : q.purpose === 'filter' ? undefined : eq(teams.status, 'active'),
    q.search ? searchWhere(q.search) : undefined,
  );
  const rows = await selectTeams(ctx)
    .where(where)
    .orderBy(asc(sql`lower(${teams.title})`), asc(teams.id))
    .limit(q.ids?.length ? Math.max(q.ids.length, q.limit) : q.limit);
  const [{ n }] = await ctx.db.select({ n: count() }).from(teams).where(where);
  return {
    items: rows.map(({ team: t, membersCount: c }) => ({
      id: t.id,
      title: t.title,
      status: t.status as TeamLookupItem['status'],
      trafficBlocked: t.trafficBlocked,
      membersCount: Number(c),
    })),
    meta: { totalCount: n },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// writes

/** Titles already taken (ignoring case) or repeated in the request: 'unique' on each. */
async function titleErrors(ctx: Ctx, wanted: { title: string; loc: Loc; exceptId?: number }[]): Promise<ApiErrorItem[]> {
  if (!wanted.length) return [];
  const taken = await ctx.db
    .select({ id: teams.id, title: sql<string>`lower(${teams.title})` })
    .from(teams)
    .where(inArray(sql`lower(${teams.title})`, [...new Set(wanted.map((w) => w.title.toLowerCase()))]));
  const owner = new Map(taken.map((t) => [t.title, t.id]));
  const seen = new Set<string>();
  return wanted.flatMap((w) => {
    const key = w.title.toLowerCase();
    const id = owner.get(key);
    const clash = (id !== undefined && id !== w.exceptId) || seen.has(key);
    seen.add(key);
    return clash ? [{ msg: 'unique', type: 'unique', loc: w.loc }] : [];
  });
}

async function guarded<T>(loc: Loc, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('VALIDATION', DUPLICATE, [{ msg: 'unique', type: 'unique', loc }]);
    throw err;
  }
}

function withSelf(actor: Actor, managerIds: readonly number[]): number[] {
  return (MANAGER_ROLE_TYPES as readonly string[]).includes(actor.roleType) ? keepSelfAsManager(actor, managerIds) : [...managerIds];
}

async function writeManagers(db: Ctx['db'], teamId: number, managerIds: readonly number[]) {
  await db.delete(teamManagers).where(eq(teamManagers.teamId, teamId));
  if (managerIds.length) await db.insert(teamManagers).values(managerIds.map((managerId) => ({ teamId, managerId })));
}

/**
 * Affiliates joining a team: each one the actor may edit (404 unseen, 403 read-only), listed once, and in no
 * team yet (409 naming the team it is in).
 */
async function checkJoining(ctx: Ctx, teamId: number | null, members: { userId: number }[], loc: (i: number) => Loc) {
  const userIds = members.map((m) => m.userId);
  userIds.forEach((id, i) => {
    if (userIds.indexOf(id) !== i) throw AppError.field(loc(i), 'unique', 'Each affiliate may appear only once');
  });
  assertReach(ctx, 'Affiliate', userIds, await loadAffiliateManagers(ctx.db, userIds), loc);
  if (!userIds.length) return;
  const inTeams = await ctx.db
    .select({ userId: teamMembers.userId, teamId: teams.id, title: teams.title, firstName: users.firstName, lastName: users.lastName })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.userId, userIds));
  const byUser = new Map(inTeams.map((r) => [r.userId, r]));
  const errors = userIds.flatMap((id, i) => {
    const r = byUser.get(id);
    if (!r) return [];
    const name = `${r.firstName} ${r.lastName}`.trim();
    const msg =
      r.teamId === teamId
        ? `${name} is already a member of this team`
        : `${name} is already in the team "${r.title}". Remove it from that team first`;
    return [{ msg, type: 'inTeam', loc: loc(i) }];
  });
  if (errors.length) throw AppError.conflict(errors[0].msg, errors);
}

async function insertMembers(tx: Ctx, team: TeamRow, members: z.infer<typeof teamMemberInput>[]) {
  if (!members.length) return;
  await tx.db
    .insert(teamMembers)
    .values(members.map((m) => ({ teamId: team.id, userId: m.userId, role: m.role, status: m.status, joinedAt: tx.now() })));
  // members of an access-blocked team are signed out: their next refresh is refused
  if (team.accessBlocked) for (const m of members) await revokeAllOfUser(tx, m.userId);
  await reconcileOfferAccess(tx, { affiliateIds: members.map((m) => m.userId) });
}

export async function create(ctx: Ctx, items: z.infer<typeof teamCreate>[]): Promise<TeamDetail[]> {
  const actor = requireActor(ctx);
  if (peopleScope(actor, 'update') === 'none') throw AppError.forbidden('You cannot create teams');
  const errors = new FieldErrors();
  const managerLists = items.map((it) => withSelf(actor, it.managerIds));
  errors.addAll(
    await titleErrors(
      ctx,
      items.map((it, i) => ({ title: it.title, loc: itemLoc(i, 'title') })),
    ),
  );
  errors.addAll(
    await managerErrors(
      ctx,
      managerLists.map((ids, i) => ({ ids, loc: itemLoc(i, 'managerIds') })),
    ),
  );
  errors.throwIfAny(errors.items.length === 1 && errors.items[0].type === 'unique' ? DUPLICATE : undefined);
  const everyone = items.flatMap((it, i) => it.members.map((m, j) => ({ userId: m.userId, loc: [...itemLoc(i, 'members'), j, 'userId'] })));
  await checkJoining(ctx, null, everyone, (k) => everyone[k].loc);

  const ids = await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const created: number[] = [];
    const audits: AuditEntry[] = [];
    for (const [i, it] of items.entries()) {
      const [row] = await guarded(itemLoc(i, 'title'), () =>
        db
          .insert(teams)
          .values({
            title: it.title,
            description: it.description,
            status: it.status,
            acceptColdTraffic: it.acceptColdTraffic,
            acceptInvalidLeads: it.acceptInvalidLeads,
            createdAt: ctx.now(),
            createdBy: actor.id,
          })
          .returning(),
      );
      await writeManagers(db, row.id, managerLists[i]);
      await insertMembers(tx, row, it.members);
      created.push(row.id);
      audits.push({
        entity: 'team',
        entityId: row.id,
        action: 'create',
        changes: {
          after: {
            title: row.title,
            status: row.status,
            managerIds: managerLists[i],
            memberIds: it.members.map((m) => m.userId),
            acceptColdTraffic: row.acceptColdTraffic,
            acceptInvalidLeads: row.acceptInvalidLeads,
          },
        },
      });
    }
    await recordAudits(tx, audits);
    return created;
  });
  return answer(ctx, ids);
}

/** Loads the teams a request names and checks the actor may edit each (404 unseen, 403 read-only). */
async function loadForWrite(ctx: Ctx, ids: number[], loc: (i: number) => Loc): Promise<Map<number, Row>> {
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) throw AppError.field(loc(i), 'unique', 'Each team may appear only once');
  });
  assertReach(ctx, 'Team', ids, await loadTeamManagers(ctx.db, ids), loc);
  return rowsByIds(ctx, ids);
}

const FLAGS = ['title', 'description', 'acceptColdTraffic', 'acceptInvalidLeads'] as const;

export async function update(ctx: Ctx, items: z.infer<typeof teamUpdate>[]): Promise<TeamDetail[]> {
  const actor = requireActor(ctx);
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  const managersNow = await teamManagerIds(ctx.db, ids);
  const errors = new FieldErrors();
  const managerLists = items.map((it) => (it.managerIds ? withSelf(actor, it.managerIds) : undefined));
  errors.addAll(
    await titleErrors(
      ctx,
      items.flatMap((it, i) => (it.title !== undefined ? [{ title: it.title, loc: itemLoc(i, 'title'), exceptId: it.id }] : [])),
    ),
  );
  errors.addAll(
    await managerErrors(
      ctx,
      managerLists.flatMap((ids, i) => (ids ? [{ ids, loc: itemLoc(i, 'managerIds') }] : [])),
    ),
  );
  errors.throwIfAny(errors.items.length === 1 && errors.items[0].type === 'unique' ? DUPLICATE : undefined);

  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const [i, it] of items.entries()) {
      const row = current.get(it.id)!.team;
      const patch = Object.fromEntries(FLAGS.map((f) => [f, it[f]])) as Partial<TeamRow>;
      const columns = diffFields(row, patch);
      const managerIds = managerLists[i] && !sameSet(managerLists[i]!, managersNow.get(it.id)!) ? managerLists[i] : undefined;
      if (columns)
        await guarded(itemLoc(i, 'title'), () =>
          db
            .update(teams)
            .set(columns.after as Partial<TeamRow>)
            .where(eq(teams.id, it.id)),
        );
      if (managerIds) await writeManagers(db, it.id, managerIds);
      const changes = diffFields({ ...row, managerIds: managersNow.get(it.id) } as Record<string, unknown>, { ...patch, managerIds });
      if (changes) audits.push({ entity: 'team', entityId: it.id, action: 'update', changes });
    }
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

export async function bulkEdit(ctx: Ctx, input: z.infer<typeof teamBulkEdit>): Promise<TeamDetail[]> {
  const actor = requireActor(ctx);
  const ids = input.ids;
  const current = await loadForWrite(ctx, ids, (i) => ['body', 'data', 'ids', i]);
  const managersNow = await teamManagerIds(ctx.db, ids);
  if (input.managerIds && input.managersMode !== 'remove') {
    const errors = new FieldErrors();
    errors.addAll(await managerErrors(ctx, [{ ids: input.managerIds, loc: ['body', 'data', 'managerIds'] }]));
    errors.throwIfAny();
  }
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const id of ids) {
      const row = current.get(id)!.team;
      const flags = { acceptColdTraffic: input.acceptColdTraffic, acceptInvalidLeads: input.acceptInvalidLeads };
      const next = input.managerIds ? withSelf(actor, editList(managersNow.get(id)!, input.managerIds, input.managersMode)) : undefined;
      const managerIds = next && !sameSet(next, managersNow.get(id)!) ? next : undefined;
      const columns = diffFields(row, flags);
      if (columns)
        await db
          .update(teams)
          .set(columns.after as Partial<TeamRow>)
          .where(eq(teams.id, id));
      if (managerIds) await writeManagers(db, id, managerIds);
      const changes = diffFields({ ...row, managerIds: managersNow.get(id) } as Record<string, unknown>, { ...flags, managerIds });
      if (changes) audits.push({ entity: 'team', entityId: id, action: 'bulk_edit', changes });
    }
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: z.infer<typeof teamStatusItem>[]): Promise<TeamDetail[]> {
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    const changed: number[] = [];
    for (const it of items) {
      const row = current.get(it.id)!.team;
      if (row.status === it.status) continue;
      await db.update(teams).set({ status: it.status }).where(eq(teams.id, it.id));
      changed.push(it.id);
      audits.push({
        entity: 'team',
        entityId: it.id,
        action: 'change_status',
        changes: { before: { status: row.status }, after: { status: it.status }, ...(it.reason ? { reason: it.reason } : {}) },
      });
    }
    // a team's private offers reach its members only while the team is active
    if (changed.length) await reconcileOfferAccess(tx, { affiliateIds: await memberIdsOf(tx, changed) });
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

/**
 * Product §4 for teams. Blocking traffic blocks every member's traffic (their effective block); blocking access signs
 * every member out (their next refresh is refused, and so is a new sign-in, while the team stays blocked). While
 * the team is blocked, its members cannot be unblocked one by one.
 */
export async function changeBlock(ctx: Ctx, items: z.infer<typeof blockChangeItem>[]): Promise<TeamDetail[]> {
  const ids = items.map((it) => it.id);
  await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const events: BlockEventInput[] = [];
    const audits: AuditEntry[] = [];
    for (const it of items) {
      const [t] = await db.select().from(teams).where(eq(teams.id, it.id)).for('update');
      const set = teamBlockPatch(t, it, ctx.now());
      if (!set) continue;
      await db.update(teams).set(set).where(eq(teams.id, it.id));
      if (set.accessBlocked) {
        const members = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, it.id));
        for (const m of members) await revokeAllOfUser(tx, m.userId);
      }
      events.push({ entity: 'team', entityId: it.id, action: it.action, blockType: it.blockType, reason: it.reason ?? null });
      audits.push({
        entity: 'team',
        entityId: it.id,
        action: it.action,
        changes: { ...diffFields(t, set), blockType: it.blockType, ...(it.reason ? { reason: it.reason } : {}) },
      });
    }
    await recordBlockEvents(tx, events);
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

function teamBlockPatch(t: TeamRow, it: z.infer<typeof blockChangeItem>, now: Date): Partial<TeamRow> | null {
  const traffic = it.blockType === 'traffic' || it.blockType === 'full';
  const access = it.blockType === 'access' || it.blockType === 'full';
  if (it.action === 'block') {
    if (traffic)
      return { trafficBlocked: true, trafficBlockedAt: t.trafficBlocked ? t.trafficBlockedAt : now, blockReason: it.reason ?? null };
    return { accessBlocked: true, blockReason: it.reason ?? null };
  }
  const set: Partial<TeamRow> = {};
  if (traffic && t.trafficBlocked) Object.assign(set, { trafficBlocked: false, trafficBlockedAt: null });
  if (access && t.accessBlocked) set.accessBlocked = false;
  if (!Object.keys(set).length) return null;
  const stillBlocked = (set.trafficBlocked === undefined && t.trafficBlocked) || (set.accessBlocked === undefined && t.accessBlocked);
  if (!stillBlocked) set.blockReason = null;
  return set;
}

// ---------------------------------------------------------------------------------------------------------------
// members

async function memberIdsOf(ctx: Ctx, teamIds: number[]): Promise<number[]> {
  const rows = await ctx.db.select({ userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, teamIds));
  return rows.map((r) => r.userId);
}

async function teamForWrite(ctx: Ctx, teamId: number): Promise<TeamRow> {
  const current = await loadForWrite(ctx, [teamId], () => ['params', 'id']);
  return current.get(teamId)!.team;
}

export async function addMembers(ctx: Ctx, teamId: number, members: z.infer<typeof teamMemberInput>[]): Promise<TeamDetail> {
  const team = await teamForWrite(ctx, teamId);
  if (team.status !== 'active') throw AppError.business('The team is not active: activate it before adding members');
  await checkJoining(ctx, teamId, members, (i) => ['body', 'items', i, 'userId']);
  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    await insertMembers(tx, team, members);
    await recordAudits(
      tx,
      members.map((m) => ({
        entity: 'team',
        entityId: teamId,
        action: 'add_member',
        changes: { userId: m.userId, role: m.role, status: m.status },
      })),
    );
  });
  return (await answer(ctx, [teamId]))[0];
}

async function membersFor(ctx: Ctx, teamId: number, userIds: number[], loc: (i: number) => Loc) {
  userIds.forEach((id, i) => {
    if (userIds.indexOf(id) !== i) throw AppError.field(loc(i), 'unique', 'Each member may appear only once');
  });
  const rows = await ctx.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const missing = userIds.flatMap((id, i) =>
    byUser.has(id) ? [] : [{ msg: `User ${id} is not a member of this team`, type: 'notFound', loc: loc(i) }],
  );
  if (missing.length) throw new AppError('NOT_FOUND', missing[0].msg, missing);
  return byUser;
}

export async function updateMembers(ctx: Ctx, teamId: number, items: z.infer<typeof teamMemberUpdate>[]): Promise<TeamDetail> {
  await teamForWrite(ctx, teamId);
  const current = await membersFor(
    ctx,
    teamId,
    items.map((it) => it.userId),
    (i) => ['body', 'items', i, 'userId'],
  );
  await ctx.db.transaction(async (db) => {
    const audits: AuditEntry[] = [];
    const statusChanged: number[] = [];
    for (const it of items) {
      const row = current.get(it.userId)!;
      const changes = diffFields(row, { role: it.role, status: it.status });
      if (!changes) continue;
      await db
        .update(teamMembers)
        .set(changes.after)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, it.userId)));
      if ('status' in changes.after) statusChanged.push(it.userId);
      audits.push({ entity: 'team', entityId: teamId, action: 'update_member', changes: { userId: it.userId, ...changes } });
    }
    // only an active membership carries the team's private offers
    await reconcileOfferAccess({ ...ctx, db }, { affiliateIds: statusChanged });
    await recordAudits({ ...ctx, db }, audits);
  });
  return (await answer(ctx, [teamId]))[0];
}

/** Removing members needs the right to edit the team; a removed member is no longer covered by the team's block. */
export async function removeMembers(ctx: Ctx, teamId: number, userIds: number[]): Promise<TeamDetail> {
  await teamForWrite(ctx, teamId);
  await membersFor(ctx, teamId, userIds, (i) => ['body', 'data', i]);
  await ctx.db.transaction(async (db) => {
    await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
    await reconcileOfferAccess({ ...ctx, db }, { affiliateIds: userIds });
    await recordAudits(
      { ...ctx, db },
      userIds.map((userId) => ({ entity: 'team', entityId: teamId, action: 'remove_member', changes: { userId } })),
    );
  });
  return (await answer(ctx, [teamId]))[0];
}
