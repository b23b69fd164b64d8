/**
 * Affiliates (members; product §2 /affiliates, §3 User + Affiliate extras, §4 blocking): list with filters, detail,
 * create, edit (one or many), bulk edit, status, traffic and access blocking with its history, and the look-up
 * later screens use. Who reaches which affiliate is decided by `modules/people/scope.ts` and nowhere else.
 */
import {
  AFFILIATE_STATUSES,
  MANAGER_ROLE_TYPES,
  REDIRECT_TO_ADVERTISER,
  type Affiliate,
  type AffiliateDetail,
  type AffiliateLookupItem,
  type ApiErrorItem,
  type affiliateBulkEdit,
  type affiliateCreate,
  type affiliateListQuery,
  type affiliateLookupQuery,
  type affiliateStatusItem,
  type affiliateUpdate,
  type blockChangeItem,
  type blockHistoryQuery,
  type RoleType,
  type TagRef,
} from '@leadgrid/shared';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lt, max, min, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { offerAffiliates, offerTeams, roles, tags, teamMembers, teams, userManagers, userTags, users } from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { fromSeconds, parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { hashPassword, randomToken } from '../../../lib/crypto';
import type { JobQueue } from '../../../jobs/queue';
import { afterCredentialsChange } from '../../access/auth';
import { revokeAllOfUser } from '../../access/auth';
import { assertMayGive, permissionsOf, roleChangeGrants } from '../../access/roles';
import { reconcileOfferAccess } from '../../inventory/offers';
import {
  accountValues,
  editList,
  emailErrors,
  FieldErrors,
  type Loc,
  type MailDeps,
  mailPasswords,
  managerErrors,
  newPasswords,
  resolveRoles,
  sameSet,
  tagErrors,
  writeManagers,
  writeTags,
  writeUserStatuses,
} from '../accounts';
import { blockHistory as readBlockHistory, effectiveBlock, recordBlockEvents, type BlockEventInput } from '../blocks';
import {
  affiliateManagerIds,
  affiliateScopeWhere,
  assertReach,
  keepSelfAsManager,
  loadAffiliateManagers,
  peopleScope,
  reaches,
  teamManagerIds,
} from '../scope';
import { contains } from '../../../lib/search';
import { linkedTo } from '../../../lib/lists';

type ListInput = z.infer<typeof affiliateListQuery>;
type CreateInput = z.infer<typeof affiliateCreate>;
type UpdateInput = z.infer<typeof affiliateUpdate>;
type BulkInput = z.infer<typeof affiliateBulkEdit>;
type StatusInput = z.infer<typeof affiliateStatusItem>;
type BlockInput = z.infer<typeof blockChangeItem>;
type LookupInput = z.infer<typeof affiliateLookupQuery>;
type UserRow = typeof users.$inferSelect;

const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
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
  statuses: AFFILIATE_STATUSES,
};

const BLOCKED_TEAM = (title: string) =>
  `The affiliate is in the blocked team "${title}". Remove it from the team or unblock the team first`;
const itemLoc = (i: number, field?: string): Loc => (field ? ['body', 'items', i, field] : ['body', 'items', i]);

/** Affiliates joined with their role and team (one row each: an affiliate is in at most one team). */
const selectAffiliates = (ctx: Ctx) =>
  ctx.db
    .select({
      user: users,
      role: { id: roles.id, title: roles.title, type: roles.type },
      teamId: teams.id,
      teamTitle: teams.title,
      teamTraffic: teams.trafficBlocked,
      teamAccess: teams.accessBlocked,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.type, 'affiliate')))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId));
type Row = Awaited<ReturnType<ReturnType<typeof selectAffiliates>['where']>>[number];

const countAffiliates = (ctx: Ctx) =>
  ctx.db
    .select({ n: count(), minDate: min(users.createdAt), maxDate: max(users.createdAt) })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.type, 'affiliate')))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId));

const person = (u: { id: number; firstName: string; lastName: string; email: string }) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
});
const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

/**
 * Offers assigned to each affiliate: active assignments to the affiliate (offer_affiliates) or to its team
 * (offer_teams, the team active and the affiliate an active member), each offer counted once.
 */
export async function assignedOffersCounts(ctx: Ctx, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, Set<number>>(ids.map((id) => [id, new Set()]));
  if (!ids.length) return new Map();
  const [direct, viaTeam] = await Promise.all([
    ctx.db
      .select({ userId: offerAffiliates.affiliateId, offerId: offerAffiliates.offerId })
      .from(offerAffiliates)
      .where(and(inArray(offerAffiliates.affiliateId, [...ids]), eq(offerAffiliates.status, 'active'))),
    ctx.db
      .select({ userId: teamMembers.userId, offerId: offerTeams.offerId })
      .from(offerTeams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, offerTeams.teamId))
      .innerJoin(teams, eq(teams.id, offerTeams.teamId))
      .where(
        and(
          inArray(teamMembers.userId, [...ids]),
          eq(offerTeams.status, 'active'),
          eq(teamMembers.status, 'active'),
          eq(teams.status, 'active'),
        ),
      ),
  ]);
  for (const r of [...direct, ...viaTeam]) out.get(r.userId)?.add(r.offerId);
  return new Map([...out].map(([id, set]) => [id, set.size]));
}

/** Rows -> answers, with managers, tags, author and offer counts loaded for the whole page at once. */
async function present(ctx: Ctx, rows: Row[], detail: true): Promise<AffiliateDetail[]>;
async function present(ctx: Ctx, rows: Row[], detail: false): Promise<Affiliate[]>;
async function present(ctx: Ctx, rows: Row[], detail: boolean): Promise<(Affiliate | AffiliateDetail)[]> {
  const actor = requireActor(ctx);
  const ids = rows.map((r) => r.user.id);
  if (!ids.length) return [];
  const manager = alias(users, 'manager');
  const author = alias(users, 'author');
  const authorIds = [...new Set(rows.flatMap((r) => (r.user.createdBy ? [r.user.createdBy] : [])))];
  const [managerRows, tagRows, authors, offers] = await Promise.all([
    ctx.db
      .select({
        userId: userManagers.userId,
        id: manager.id,
        firstName: manager.firstName,
        lastName: manager.lastName,
        email: manager.email,
      })
      .from(userManagers)
      .innerJoin(manager, eq(manager.id, userManagers.managerId))
      .where(inArray(userManagers.userId, ids))
      .orderBy(asc(manager.firstName), asc(manager.lastName), asc(manager.id)),
    ctx.db
      .select({ userId: userTags.userId, id: tags.id, title: tags.title, type: tags.type, status: tags.status })
      .from(userTags)
      .innerJoin(tags, eq(tags.id, userTags.tagId))
      .where(inArray(userTags.userId, ids))
      .orderBy(asc(sql`lower(${tags.title})`), asc(tags.id)),
    authorIds.length
      ? ctx.db
          .select({ id: author.id, firstName: author.firstName, lastName: author.lastName, email: author.email })
          .from(author)
          .where(inArray(author.id, authorIds))
      : Promise.resolve([]),
    assignedOffersCounts(ctx, ids),
  ]);
  const managersOf = new Map<number, ReturnType<typeof person>[]>(ids.map((id) => [id, []]));
  for (const m of managerRows) managersOf.get(m.userId)!.push(person(m));
  const tagsOf = new Map<number, TagRef[]>(ids.map((id) => [id, []]));
  for (const t of tagRows)
    tagsOf.get(t.userId)!.push({ id: t.id, title: t.title, type: t.type as TagRef['type'], status: t.status as TagRef['status'] });
  const authorsById = new Map(authors.map((a) => [a.id, person(a)]));
  const mayUpdate = hasPermission(actor, 'user.update');

  return rows.map(({ user: u, role, teamId, teamTitle, teamTraffic, teamAccess }) => {
    const managers = managersOf.get(u.id)!;
    const editable =
      mayUpdate &&
      reaches(
        actor,
        'update',
        managers.map((m) => m.id),
      );
    const teamTrafficBlocked = !!teamTraffic;
    const teamAccessBlocked = !!teamAccess;
    const item: Affiliate = {
      id: u.id,
      secureId: u.secureId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      status: u.status as Affiliate['status'],
      role: { id: role.id, title: role.title, type: role.type as RoleType },
      contacts: u.contacts as Affiliate['contacts'],
      birthDate: u.birthDate,
      timezone: u.timezone,
      language: u.language,
      createdAt: toSeconds(u.createdAt)!,
      createdBy: u.createdBy ? (authorsById.get(u.createdBy) ?? null) : null,
      statusChangedAt: toSeconds(u.statusChangedAt),
      lastActivityAt: toSeconds(u.lastActivityAt),
      blockReason: u.blockReason,
      trafficBlocked: u.trafficBlocked || teamTrafficBlocked,
      ownTrafficBlocked: u.trafficBlocked,
      teamTrafficBlocked,
      trafficBlockedAt: toSeconds(u.trafficBlockedAt),
      accessBlocked: u.status === 'blocked' || teamAccessBlocked,
      teamAccessBlocked,
      team: teamId !== null && teamTitle !== null ? { id: teamId, title: teamTitle } : null,
      managers,
      tags: tagsOf.get(u.id)!,
      acceptColdTraffic: u.acceptColdTraffic,
      acceptInvalidLeads: u.acceptInvalidLeads,
      redirectToAdvertiser: (REDIRECT_TO_ADVERTISER as readonly string[]).includes(u.redirectToAdvertiser)
        ? (u.redirectToAdvertiser as Affiliate['redirectToAdvertiser'])
        : 'direct',
      assignedOffers: offers.get(u.id) ?? 0,
      editable,
    };
    // the lead API token is a credential: only staff who may edit the affiliate (and so regenerate it) see it
    return detail ? { ...item, apiToken: editable ? u.apiToken : null } : item;
  });
}

async function rowsByIds(ctx: Ctx, ids: readonly number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const rows = await selectAffiliates(ctx).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.user.id, r]));
}

async function answer(ctx: Ctx, ids: number[]): Promise<AffiliateDetail[]> {
  const rows = await rowsByIds(ctx, ids);
  return present(
    ctx,
    ids.map((id) => rows.get(id)!),
    true,
  );
}

function searchWhere(search: string): SQL {
  const n = /^\d{1,10}$/.test(search) ? Number(search) : NaN;
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, contains(search)),
    ilike(users.email, contains(search)),
    eq(users.secureId, search.toLowerCase()),
    Number.isSafeInteger(n) && n > 0 && n <= 2147483647 ? eq(users.id, n) : undefined,
  )!;
}

// ---------------------------------------------------------------------------------------------------------------
// read

export async function list(ctx: Ctx, q: ListInput) {
  const actor = requireActor(ctx);
  const p = parseList(q, LIST);
  const where = and(
    affiliateScopeWhere(actor, 'read', ctx.db),
    p.statuses ? inArray(users.status, p.statuses) : undefined,
    linkedTo(ctx, users.id, userManagers.userId, userManagers.managerId, q.managerId),
    q.teamId?.length ? inArray(teamMembers.teamId, q.teamId) : undefined,
    linkedTo(ctx, users.id, userTags.userId, userTags.tagId, q.tagIds),
    q.trafficBlocked === undefined
      ? undefined
      : q.trafficBlocked
        ? or(eq(users.trafficBlocked, true), eq(teams.trafficBlocked, true))
        : and(eq(users.trafficBlocked, false), or(isNull(teams.id), eq(teams.trafficBlocked, false))),
    q.createdFrom !== undefined ? gte(users.createdAt, fromSeconds(q.createdFrom)!) : undefined,
    // the upper bound takes its whole second
    q.createdTo !== undefined ? lt(users.createdAt, fromSeconds(q.createdTo + 1)!) : undefined,
    p.search ? searchWhere(p.search) : undefined,
  );
  const rows = await selectAffiliates(ctx).where(where).orderBy(p.order, asc(users.id)).limit(p.limit).offset(p.offset);
  const items = await present(ctx, rows, false);
  if (!p.withMeta) return { items };
  const [meta] = await countAffiliates(ctx).where(where);
  return { items, meta: { totalCount: meta.n, minDate: toSeconds(asDate(meta.minDate)), maxDate: toSeconds(asDate(meta.maxDate)) } };
}

/** One affiliate in the actor's read scope; anything else (unknown, not an affiliate, out of scope) is a 404. */
async function findVisible(ctx: Ctx, id: number): Promise<Row> {
  const actor = requireActor(ctx);
  const [row] = await selectAffiliates(ctx).where(and(eq(users.id, id), affiliateScopeWhere(actor, 'read', ctx.db)));
  if (!row) throw AppError.notFound('Affiliate');
  return row;
}

export async function get(ctx: Ctx, id: number): Promise<AffiliateDetail> {
  const row = await findVisible(ctx, id);
  const [item] = await present(ctx, [row], true);
  return item;
}

export async function blockHistory(ctx: Ctx, id: number, q: z.infer<typeof blockHistoryQuery>) {
  await findVisible(ctx, id);
  const block = await effectiveBlock(ctx.db, id);
  return readBlockHistory(ctx, { entity: 'user', id, team: block?.team ?? null }, q);
}

/**
 * Affiliates for pickers and filters of other screens: the `filter` purpose lists every status (past data stays
 * filterable), the others (assignment, campaign, lead, postback) active affiliates only; `ids` answers those
 * (in scope) whatever their status. `meta.totalCount` always comes, so `limit=1` is a count.
 */
export async function lookup(ctx: Ctx, q: LookupInput): Promise<{ items: AffiliateLookupItem[]; meta: { totalCount: number } }> {
  const actor = requireActor(ctx);
  if (!STAFF(actor)) throw AppError.forbidden();
  const where = and(
    affiliateScopeWhere(actor, 'read', ctx.db),
    q.ids?.length ? inArray(users.id, q.ids) : q.purpose === 'filter' ? undefined : eq(users.status, 'active'),
    q.teamId?.length ? inArray(teamMembers.teamId, q.teamId) : undefined,
    linkedTo(ctx, users.id, userManagers.userId, userManagers.managerId, q.managerId),
    q.search ? searchWhere(q.search) : undefined,
  );
  const rows = await selectAffiliates(ctx)
    .where(where)
    .orderBy(asc(fullName), asc(users.id))
    .limit(q.ids?.length ? Math.max(q.ids.length, q.limit) : q.limit);
  const [{ n }] = await countAffiliates(ctx).where(where);
  return {
    items: rows.map(({ user: u, teamId, teamTitle, teamTraffic }) => ({
      id: u.id,
      secureId: u.secureId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      status: u.status as AffiliateLookupItem['status'],
      trafficBlocked: u.trafficBlocked || !!teamTraffic,
      team: teamId !== null && teamTitle !== null ? { id: teamId, title: teamTitle } : null,
    })),
    meta: { totalCount: n },
  };
}

const STAFF = (actor: Actor) => actor.roleType !== 'affiliate' && actor.roleType !== 'advertiser_member';

// ---------------------------------------------------------------------------------------------------------------
// checks shared by create, edit and bulk edit

interface TeamRow {
  id: number;
  title: string;
  status: string;
  accessBlocked: boolean;
}

/** Teams an affiliate is put into: they exist, are in the actor's write scope and are active. */
async function teamErrors(
  ctx: Ctx,
  wanted: { teamId: number; loc: Loc }[],
): Promise<{ errors: ApiErrorItem[]; teams: Map<number, TeamRow> }> {
  const actor = requireActor(ctx);
  const ids = [...new Set(wanted.map((w) => w.teamId))];
  const rows = ids.length
    ? await ctx.db
        .select({ id: teams.id, title: teams.title, status: teams.status, accessBlocked: teams.accessBlocked })
        .from(teams)
        .where(inArray(teams.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const managers = await teamManagerIds(
    ctx.db,
    rows.map((r) => r.id),
  );
  const errors: ApiErrorItem[] = [];
  for (const w of wanted) {
    const team = byId.get(w.teamId);
    if (!team || !reaches(actor, 'read', managers.get(team.id) ?? []))
      errors.push({ msg: 'The team does not exist', type: 'exists', loc: w.loc });
    else if (!reaches(actor, 'update', managers.get(team.id) ?? []))
      errors.push({ msg: 'You cannot change the members of this team', type: 'scope', loc: w.loc });
    else if (team.status !== 'active') errors.push({ msg: 'The team is not active', type: 'inactive', loc: w.loc });
  }
  return { errors, teams: byId };
}

/** Leaving a team needs the right to change that team's members, like joining one. */
async function leaveErrors(ctx: Ctx, leaving: { teamId: number; loc: Loc }[]): Promise<ApiErrorItem[]> {
  const actor = requireActor(ctx);
  const managers = await teamManagerIds(ctx.db, [...new Set(leaving.map((l) => l.teamId))]);
  return leaving.flatMap((l) =>
    reaches(actor, 'update', managers.get(l.teamId) ?? [])
      ? []
      : [{ msg: 'You cannot change the members of its current team', type: 'scope', loc: l.loc }],
  );
}

/**
 * Moves an affiliate into a team (or out of any with null); joining an access-blocked team ends its sessions. Its
 * campaigns follow the offer access the move gives or takes (a team's private offers), in the same transaction.
 */
async function writeTeam(tx: Ctx, userId: number, team: TeamRow | null) {
  await tx.db.delete(teamMembers).where(eq(teamMembers.userId, userId));
  if (team) {
    await tx.db.insert(teamMembers).values({ teamId: team.id, userId, role: 'member', status: 'active', joinedAt: tx.now() });
    if (team.accessBlocked) await revokeAllOfUser(tx, userId);
  }
  await reconcileOfferAccess(tx, { affiliateIds: [userId] });
}

/** affiliate managers working on their assigned affiliates stay among the managers of what they create or edit */
function withSelf(actor: Actor, managerIds: readonly number[]): number[] {
  return (MANAGER_ROLE_TYPES as readonly string[]).includes(actor.roleType) ? keepSelfAsManager(actor, managerIds) : [...managerIds];
}

/** A concurrent write that slipped past the e-mail check answers the same field error. */
async function guarded<T>(emailLoc: Loc, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('VALIDATION', 'Validation failed', [{ msg: 'unique', type: 'unique', loc: emailLoc }]);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// create

export async function create(ctx: Ctx, deps: MailDeps, items: CreateInput[]): Promise<{ items: AffiliateDetail[]; unsentMail: number }> {
  const actor = requireActor(ctx);
  if (peopleScope(actor, 'update') === 'none') throw AppError.forbidden('You cannot create affiliates');
  const errors = new FieldErrors();
  const managerLists = items.map((it) => withSelf(actor, it.managerIds));
  errors.addAll(
    await emailErrors(
      ctx,
      items.map((it, i) => ({ email: it.email, loc: itemLoc(i, 'email') })),
    ),
  );
  const roleRows = await resolveRoles(
    ctx,
    items.map((it, i) => ({ roleId: it.roleId, loc: itemLoc(i, 'roleId') })),
    ['affiliate'],
    errors,
    'affiliate',
  );
  errors.addAll(
    await managerErrors(
      ctx,
      managerLists.map((ids, i) => ({ ids, loc: itemLoc(i, 'managerIds') })),
    ),
  );
  errors.addAll(
    await tagErrors(
      ctx,
      items.map((it, i) => ({ ids: it.tagIds, loc: itemLoc(i, 'tagIds') })),
    ),
  );
  const teamCheck = await teamErrors(
    ctx,
    items.flatMap((it, i) => (it.teamId ? [{ teamId: it.teamId, loc: itemLoc(i, 'teamId') }] : [])),
  );
  errors.addAll(teamCheck.errors);
  errors.throwIfAny();
  assertMayGive(
    actor,
    roleRows.map((role, i) => ({ next: permissionsOf(role!), loc: itemLoc(i, 'roleId') })),
  );

  const { passwords, hashes } = await newPasswords(items);
  const ids = await guarded(['body', 'items'], () =>
    ctx.db.transaction(async (db) => {
      const tx: Ctx = { ...ctx, db };
      const created: number[] = [];
      const audits: AuditEntry[] = [];
      for (const [i, it] of items.entries()) {
        const [row] = await guarded(itemLoc(i, 'email'), () =>
          db
            .insert(users)
            .values({
              ...accountValues(ctx, actor.id, it, roleRows[i]!.id, hashes[i]),
              birthDate: it.birthDate ?? null,
              apiToken: randomToken(24),
              acceptColdTraffic: it.acceptColdTraffic,
              acceptInvalidLeads: it.acceptInvalidLeads,
              redirectToAdvertiser: it.redirectToAdvertiser,
            })
            .returning({ id: users.id }),
        );
        await writeManagers(db, row.id, managerLists[i]);
        await writeTags(db, row.id, it.tagIds);
        if (it.teamId) await writeTeam(tx, row.id, teamCheck.teams.get(it.teamId)!);
        created.push(row.id);
        audits.push({
          entity: 'user',
          entityId: row.id,
          action: 'create',
          changes: {
            after: {
              email: it.email,
              firstName: it.firstName,
              lastName: it.lastName,
              status: it.status,
              roleId: roleRows[i]!.id,
              managerIds: managerLists[i],
              tagIds: it.tagIds,
              teamId: it.teamId ?? null,
              acceptColdTraffic: it.acceptColdTraffic,
              acceptInvalidLeads: it.acceptInvalidLeads,
              redirectToAdvertiser: it.redirectToAdvertiser,
              passwordGenerated: passwords[i].generated,
            },
          },
        });
      }
      await recordAudits(tx, audits);
      return created;
    }),
  );

  const unsentMail = await mailPasswords(ctx, deps, items, passwords);
  return { items: await answer(ctx, ids), unsentMail };
}

// ---------------------------------------------------------------------------------------------------------------
// edit

const SCALAR_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'contacts',
  'birthDate',
  'timezone',
  'language',
  'acceptColdTraffic',
  'acceptInvalidLeads',
  'redirectToAdvertiser',
] as const;

/** Loads the affiliates an items body names and checks the actor may edit each (404 unseen, 403 read-only). */
async function loadForWrite(ctx: Ctx, ids: number[], loc: (i: number) => Loc): Promise<Map<number, Row>> {
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) throw AppError.field(loc(i), 'unique', 'Each affiliate may appear only once');
  });
  const managers = await loadAffiliateManagers(ctx.db, ids);
  assertReach(ctx, 'Affiliate', ids, managers, loc);
  return rowsByIds(ctx, ids);
}

export async function update(ctx: Ctx, deps: { queue: JobQueue }, items: UpdateInput[]): Promise<AffiliateDetail[]> {
  const actor = requireActor(ctx);
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  const [managersNow, tagsNow] = await Promise.all([affiliateManagerIds(ctx.db, ids), tagIdsOf(ctx, ids)]);

  const errors = new FieldErrors();
  const managerLists = items.map((it) => (it.managerIds ? withSelf(actor, it.managerIds) : undefined));
  errors.addAll(
    await emailErrors(
      ctx,
      items.flatMap((it, i) => (it.email !== undefined ? [{ email: it.email, loc: itemLoc(i, 'email'), exceptId: it.id }] : [])),
    ),
  );
  const roleRows = await resolveRoles(
    ctx,
    items.map((it, i) => ({ roleId: it.roleId, loc: itemLoc(i, 'roleId') })),
    ['affiliate'],
    errors,
  );
  errors.addAll(
    await managerErrors(
      ctx,
      managerLists.flatMap((ids, i) => (ids ? [{ ids, loc: itemLoc(i, 'managerIds') }] : [])),
    ),
  );
  errors.addAll(
    await tagErrors(
      ctx,
      items.flatMap((it, i) => (it.tagIds ? [{ ids: it.tagIds, loc: itemLoc(i, 'tagIds'), current: new Set(tagsNow.get(it.id)) }] : [])),
    ),
  );
  const teamMoves = items.flatMap((it, i) => (it.teamId !== undefined && it.teamId !== current.get(it.id)!.teamId ? [{ it, i }] : []));
  const teamCheck = await teamErrors(
    ctx,
    teamMoves.flatMap(({ it, i }) => (it.teamId ? [{ teamId: it.teamId, loc: itemLoc(i, 'teamId') }] : [])),
  );
  errors.addAll(teamCheck.errors);
  errors.addAll(
    await leaveErrors(
      ctx,
      teamMoves.flatMap(({ it, i }) => {
        const from = current.get(it.id)!.teamId;
        return from ? [{ teamId: from, loc: itemLoc(i, 'teamId') }] : [];
      }),
    ),
  );
  errors.throwIfAny();
  assertMayGive(
    actor,
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
      const row = current.get(it.id)!;
      const before: Record<string, unknown> = {
        ...row.user,
        roleId: row.user.roleId,
        managerIds: managersNow.get(it.id),
        tagIds: tagsNow.get(it.id),
        teamId: row.teamId,
      };
      const patch: Record<string, unknown> = Object.fromEntries(SCALAR_FIELDS.map((f) => [f, it[f]]));
      if (it.roleId !== undefined) patch.roleId = roleRows[i]!.id;
      const changes = diffFields(before, {
        ...patch,
        managerIds: managerLists[i] && !sameSet(managerLists[i]!, managersNow.get(it.id)!) ? managerLists[i] : undefined,
        tagIds: it.tagIds && !sameSet(it.tagIds, tagsNow.get(it.id)!) ? it.tagIds : undefined,
        teamId: it.teamId,
      });
      const columns = diffFields(row.user as Record<string, unknown>, patch);
      if (columns || hashes[i]) {
        await guarded(itemLoc(i, 'email'), () =>
          db
            .update(users)
            .set({ ...(columns?.after as Partial<UserRow>), ...(hashes[i] ? { passwordHash: hashes[i] } : {}) })
            .where(eq(users.id, it.id)),
        );
      }
      if (managerLists[i] && !sameSet(managerLists[i]!, managersNow.get(it.id)!)) await writeManagers(db, it.id, managerLists[i]!);
      if (it.tagIds && !sameSet(it.tagIds, tagsNow.get(it.id)!)) await writeTags(db, it.id, it.tagIds);
      if (it.teamId !== undefined && it.teamId !== row.teamId)
        await writeTeam(tx, it.id, it.teamId ? teamCheck.teams.get(it.teamId)! : null);
      // a new e-mail or password signs the affiliate out everywhere and tells its old address
      await afterCredentialsChange(tx, deps.queue, row.user, {
        emailChanged: columns?.after.email !== undefined,
        passwordChanged: !!hashes[i],
      });
      if (changes || hashes[i]) {
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

async function tagIdsOf(ctx: Ctx, ids: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return map;
  const rows = await ctx.db
    .select()
    .from(userTags)
    .where(inArray(userTags.userId, [...ids]));
  for (const r of rows) map.get(r.userId)?.push(r.tagId);
  return map;
}

/** The same change to many affiliates: managers and tags replaced, added or removed; team and flags set. */
export async function bulkEdit(ctx: Ctx, input: BulkInput): Promise<AffiliateDetail[]> {
  const actor = requireActor(ctx);
  const ids = input.ids;
  const current = await loadForWrite(ctx, ids, (i) => ['body', 'data', 'ids', i]);
  const [managersNow, tagsNow] = await Promise.all([affiliateManagerIds(ctx.db, ids), tagIdsOf(ctx, ids)]);

  const errors = new FieldErrors();
  if (input.managerIds && input.managersMode !== 'remove')
    errors.addAll(await managerErrors(ctx, [{ ids: input.managerIds, loc: ['body', 'data', 'managerIds'] }]));
  if (input.tagIds && input.tagsMode !== 'remove') {
    // a tag every selected affiliate already carries may stay even when inactive
    const common = new Set(input.tagIds.filter((t) => ids.every((id) => tagsNow.get(id)!.includes(t))));
    errors.addAll(await tagErrors(ctx, [{ ids: input.tagIds, loc: ['body', 'data', 'tagIds'], current: common }]));
  }
  const moving = input.teamId === undefined ? [] : ids.filter((id) => current.get(id)!.teamId !== input.teamId);
  let teamCheck: Awaited<ReturnType<typeof teamErrors>> = { errors: [], teams: new Map() };
  if (input.teamId && moving.length) teamCheck = await teamErrors(ctx, [{ teamId: input.teamId, loc: ['body', 'data', 'teamId'] }]);
  errors.addAll(teamCheck.errors);
  const leaving = [...new Set(moving.map((id) => current.get(id)!.teamId).filter((t): t is number => t !== null))];
  errors.addAll(
    (
      await leaveErrors(
        ctx,
        leaving.map((teamId) => ({ teamId, loc: ['body', 'data', 'teamId'] })),
      )
    ).slice(0, 1),
  );
  errors.throwIfAny();

  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const audits: AuditEntry[] = [];
    for (const id of ids) {
      const row = current.get(id)!;
      const managerIds = input.managerIds
        ? withSelf(actor, editList(managersNow.get(id)!, input.managerIds, input.managersMode))
        : undefined;
      const tagIds = input.tagIds ? editList(tagsNow.get(id)!, input.tagIds, input.tagsMode) : undefined;
      const flags = {
        acceptColdTraffic: input.acceptColdTraffic,
        acceptInvalidLeads: input.acceptInvalidLeads,
        redirectToAdvertiser: input.redirectToAdvertiser,
      };
      const columns = diffFields(row.user as Record<string, unknown>, flags);
      const changes = diffFields(
        { ...row.user, managerIds: managersNow.get(id), tagIds: tagsNow.get(id), teamId: row.teamId } as Record<string, unknown>,
        {
          ...flags,
          managerIds: managerIds && !sameSet(managerIds, managersNow.get(id)!) ? managerIds : undefined,
          tagIds: tagIds && !sameSet(tagIds, tagsNow.get(id)!) ? tagIds : undefined,
          teamId: input.teamId,
        },
      );
      if (!changes) continue;
      if (columns)
        await db
          .update(users)
          .set(columns.after as Partial<UserRow>)
          .where(eq(users.id, id));
      if (changes.after.managerIds) await writeManagers(db, id, managerIds!);
      if (changes.after.tagIds) await writeTags(db, id, tagIds!);
      if ('teamId' in changes.after) await writeTeam(tx, id, input.teamId ? teamCheck.teams.get(input.teamId)! : null);
      audits.push({ entity: 'user', entityId: id, action: 'bulk_edit', changes });
    }
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

// ---------------------------------------------------------------------------------------------------------------
// status and blocking

/** active <-> inactive; a blocked affiliate is unblocked through change_block. Deactivating ends its sessions. */
export async function changeStatus(ctx: Ctx, items: StatusInput[]): Promise<AffiliateDetail[]> {
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  const blocked = items.flatMap((it, i) =>
    current.get(it.id)!.user.status === 'blocked'
      ? [{ msg: 'The affiliate is blocked: unblock its access instead', type: 'blocked', loc: itemLoc(i, 'status') }]
      : [],
  );
  if (blocked.length) throw AppError.conflict(blocked[0].msg, blocked);
  await writeUserStatuses(ctx, new Map([...current].map(([id, r]) => [id, r.user])), items, { blockReason: false });
  return answer(ctx, ids);
}

/**
 * Product §4. Block: traffic (the engine stops the affiliate's traffic) or access (status `blocked`, sessions end at
 * once: the next refresh is refused). Unblock: traffic, access or full — refused (409) while the affiliate's team
 * is traffic- or access-blocked. Each change is written to the block history and the audit log; a request that
 * changes nothing (unblocking what is not blocked) writes neither.
 */
export async function changeBlock(ctx: Ctx, items: BlockInput[]): Promise<AffiliateDetail[]> {
  const ids = items.map((it) => it.id);
  const current = await loadForWrite(ctx, ids, (i) => itemLoc(i, 'id'));
  const inBlockedTeam = items.flatMap((it, i) => {
    const row = current.get(it.id)!;
    return it.action === 'unblock' && (row.teamTraffic || row.teamAccess)
      ? [{ msg: BLOCKED_TEAM(row.teamTitle ?? ''), type: 'blockedTeam', loc: itemLoc(i, 'action') }]
      : [];
  });
  if (inBlockedTeam.length) throw AppError.conflict(inBlockedTeam[0].msg, inBlockedTeam);

  await ctx.db.transaction(async (db) => {
    const tx: Ctx = { ...ctx, db };
    const events: BlockEventInput[] = [];
    const audits: AuditEntry[] = [];
    for (const it of items) {
      const u = (await db.select().from(users).where(eq(users.id, it.id)).for('update'))[0];
      const set = blockPatch(u, it, ctx.now());
      if (!set) continue;
      await db.update(users).set(set).where(eq(users.id, it.id));
      if (set.status === 'blocked') await revokeAllOfUser(tx, it.id);
      events.push({ entity: 'user', entityId: it.id, action: it.action, blockType: it.blockType, reason: it.reason ?? null });
      const changes = diffFields(u as Record<string, unknown>, set as Record<string, unknown>);
      audits.push({
        entity: 'user',
        entityId: it.id,
        action: it.action,
        changes: { ...changes, blockType: it.blockType, ...(it.reason ? { reason: it.reason } : {}) },
      });
    }
    await recordBlockEvents(tx, events);
    await recordAudits(tx, audits);
  });
  return answer(ctx, ids);
}

/** The columns a block change sets, or null when it changes nothing. */
function blockPatch(u: UserRow, it: BlockInput, now: Date): Partial<UserRow> | null {
  const traffic = it.blockType === 'traffic' || it.blockType === 'full';
  const access = it.blockType === 'access' || it.blockType === 'full';
  if (it.action === 'block') {
    // blocking again records the new reason; the time of the first block is kept
    if (traffic)
      return { trafficBlocked: true, trafficBlockedAt: u.trafficBlocked ? u.trafficBlockedAt : now, blockReason: it.reason ?? null };
    return { status: 'blocked', statusChangedAt: u.status === 'blocked' ? u.statusChangedAt : now, blockReason: it.reason ?? null };
  }
  const set: Partial<UserRow> = {};
  if (traffic && u.trafficBlocked) Object.assign(set, { trafficBlocked: false, trafficBlockedAt: null });
  if (access && u.status === 'blocked') Object.assign(set, { status: 'active', statusChangedAt: now });
  if (!Object.keys(set).length) return null;
  const stillTraffic = set.trafficBlocked === undefined ? u.trafficBlocked : false;
  const stillAccess = set.status === undefined ? u.status === 'blocked' : false;
  if (!stillTraffic && !stillAccess) set.blockReason = null;
  return set;
}
