/**
 * The affiliates tab of an offer: affiliates and teams assigned to it (what makes a private offer visible to them),
 * each with its sieve (countries, languages, traffic sources, landers of the offer, schedule) and status.
 *
 * `POST /offers/:id/edit_affiliates` / `edit_teams` {data:[...]} create or change assignments by affiliate or team
 * (upsert); revoking is status 'inactive'. Every edit reconciles the offer's campaigns with access in the same
 * transaction (visibility.ts): a revoked affiliate's active campaigns become offer_revoked, a re-assigned one's
 * come back. Staff see and assign only the affiliates and teams of their people scope (modules/people/scope.ts).
 */
import {
  EMPTY_SIEVE,
  sieveFor,
  type ApiErrorItem,
  type OfferLinkStatus,
  storedSieve,
  type Sieve,
  type SieveOwner,
  type offerAffiliatesQuery,
  type offerTeamsQuery,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { landers, offerAffiliates, offers, offerTeams, roles, teamMembers, teams, trafficSources, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { affiliateScopeWhere, teamScopeWhere } from '../../people/scope';
import { reconcileOfferAccess } from './visibility';
import { contains } from '../../../lib/search';

async function offerExists(ctx: Ctx, offerId: number, lock = false) {
  const q = ctx.db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw AppError.notFound('Offer');
}

const statusFilter = (col: typeof offerAffiliates.status | typeof offerTeams.status, statuses?: string[]) =>
  statuses?.length ? inArray(col, statuses) : undefined;

export async function listAffiliates(ctx: Ctx, offerId: number, q: z.infer<typeof offerAffiliatesQuery>, only?: number[]) {
  const actor = requireActor(ctx);
  await offerExists(ctx, offerId);
  const search = q.affiliateFullNameSearch;
  const where = and(
    eq(offerAffiliates.offerId, offerId),
    only ? inArray(offerAffiliates.affiliateId, only) : undefined,
    statusFilter(offerAffiliates.status, q.status),
    affiliateScopeWhere(actor, 'read', ctx.db),
    search
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, contains(search)),
          ilike(users.email, contains(search)),
          sql`${users.id}::text = ${search}`,
        )
      : undefined,
  );
  const rows = await ctx.db
    .select({
      a: offerAffiliates,
      u: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, status: users.status },
    })
    .from(offerAffiliates)
    .innerJoin(users, eq(users.id, offerAffiliates.affiliateId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(offerAffiliates.id))
    .limit(q.limit)
    .offset(q.offset);
  const items = rows.map(({ a, u }) => ({
    id: a.id,
    offerId: a.offerId,
    affiliate: u,
    sieve: storedSieve(a.sieve),
    status: a.status as OfferLinkStatus,
    createdAt: toSeconds(a.createdAt)!,
  }));
  if (!q.withMeta) return { items };
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(offerAffiliates)
    .innerJoin(users, eq(users.id, offerAffiliates.affiliateId))
    .where(where);
  return { items, meta: { totalCount: n } };
}

export async function listTeams(ctx: Ctx, offerId: number, q: z.infer<typeof offerTeamsQuery>, only?: number[]) {
  const actor = requireActor(ctx);
  await offerExists(ctx, offerId);
  const where = and(
    eq(offerTeams.offerId, offerId),
    only ? inArray(offerTeams.teamId, only) : undefined,
    statusFilter(offerTeams.status, q.status),
    teamScopeWhere(actor, 'read', ctx.db),
    q.teamTitleSearch ? or(ilike(teams.title, contains(q.teamTitleSearch)), sql`${teams.id}::text = ${q.teamTitleSearch}`) : undefined,
  );
  const rows = await ctx.db
    .select({
      a: offerTeams,
      t: { id: teams.id, title: teams.title, status: teams.status },
      members: sql<number>`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`.mapWith(Number),
    })
    .from(offerTeams)
    .innerJoin(teams, eq(teams.id, offerTeams.teamId))
    .where(where)
    .orderBy(asc(sql`lower(${teams.title})`), asc(offerTeams.id))
    .limit(q.limit)
    .offset(q.offset);
  const items = rows.map(({ a, t, members }) => ({
    id: a.id,
    offerId: a.offerId,
    team: t,
    sieve: storedSieve(a.sieve),
    status: a.status as OfferLinkStatus,
    membersCount: members,
    createdAt: toSeconds(a.createdAt)!,
  }));
  if (!q.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(offerTeams).innerJoin(teams, eq(teams.id, offerTeams.teamId)).where(where);
  return { items, meta: { totalCount: n } };
}

/**
 * Field errors of sieves of an offer's links (assignments and advertiser targets): landers must be the offer's,
 * traffic sources must exist. `at(i)` is the location of item i.
 */
export async function sieveErrors(
  ctx: Ctx,
  offerId: number,
  sieves: (Sieve | undefined)[],
  at: (i: number) => (string | number)[],
): Promise<ApiErrorItem[]> {
  const landerIds = [...new Set(sieves.flatMap((s) => s?.landerIds ?? []))];
  const sourceIds = [...new Set(sieves.flatMap((s) => s?.trafficSourceIds ?? []))];
  const [landerOk, sourceOk] = await Promise.all([
    landerIds.length
      ? ctx.db
          .select({ id: landers.id })
          .from(landers)
          .where(and(inArray(landers.id, landerIds), eq(landers.offerId, offerId)))
          .then((r) => new Set(r.map((x) => x.id)))
      : new Set<number>(),
    sourceIds.length
      ? ctx.db
          .select({ id: trafficSources.id })
          .from(trafficSources)
          .where(inArray(trafficSources.id, sourceIds))
          .then((r) => new Set(r.map((x) => x.id)))
      : new Set<number>(),
  ]);
  const errors: ApiErrorItem[] = [];
  sieves.forEach((s, i) => {
    s?.landerIds.forEach(
      (id, j) => !landerOk.has(id) && errors.push({ msg: 'required', type: 'landerOfOffer', loc: [...at(i), 'sieve', 'landerIds', j] }),
    );
    s?.trafficSourceIds.forEach(
      (id, j) => !sourceOk.has(id) && errors.push({ msg: 'required', type: 'exists', loc: [...at(i), 'sieve', 'trafficSourceIds', j] }),
    );
  });
  return errors;
}

type Upsert = { targetId: number; sieve?: Sieve; status: OfferLinkStatus };

/** inserts or updates the links of one kind; answers the audit entries */
async function upsertLinks(
  ctx: Ctx,
  offerId: number,
  kind: 'affiliate' | 'team',
  owner: SieveOwner,
  items: Upsert[],
): Promise<AuditEntry[]> {
  const table = kind === 'affiliate' ? offerAffiliates : offerTeams;
  const col = kind === 'affiliate' ? offerAffiliates.affiliateId : offerTeams.teamId;
  const existing = (await ctx.db
    .select()
    .from(table)
    .where(
      and(
        eq(table.offerId, offerId),
        inArray(
          col,
          items.map((x) => x.targetId),
        ),
      ),
    )
    .for('update')) as ((typeof offerAffiliates.$inferSelect | typeof offerTeams.$inferSelect) & {
    affiliateId?: number;
    teamId?: number;
  })[];
  const byTarget = new Map(existing.map((r) => [kind === 'affiliate' ? r.affiliateId! : r.teamId!, r]));
  const audits: AuditEntry[] = [];
  for (const item of items) {
    const sieve = item.sieve ? sieveFor(owner, item.sieve) : undefined;
    const row = byTarget.get(item.targetId);
    const key = kind === 'affiliate' ? 'affiliateId' : 'teamId';
    if (!row) {
      const [created] = await ctx.db
        .insert(table)
        .values({
          offerId,
          [key]: item.targetId,
          sieve: sieve ?? sieveFor(owner, EMPTY_SIEVE),
          status: item.status,
          createdAt: ctx.now(),
        } as never)
        .returning({ id: table.id });
      audits.push({
        entity: `offer_${kind}`,
        entityId: created.id,
        action: 'create',
        changes: { offerId, [key]: item.targetId, status: item.status, sieve: sieve ?? null },
      });
      continue;
    }
    const changes = diffFields(row as Record<string, unknown>, { sieve, status: item.status });
    if (!changes) continue;
    await ctx.db.update(table).set(changes.after).where(eq(table.id, row.id));
    audits.push({ entity: `offer_${kind}`, entityId: row.id, action: 'update', changes: { ...changes, offerId, [key]: item.targetId } });
  }
  return audits;
}

/**
 * The edit of an offer's affiliates or teams: every target must be among `found` (else a `missing` error on its
 * affiliateId or teamId) and every sieve valid; then the links are saved and audited.
 */
async function saveLinks(
  c: Ctx,
  offerId: number,
  kind: 'affiliate' | 'team',
  owner: SieveOwner,
  found: Set<number>,
  missing: string,
  data: Upsert[],
) {
  const at = (i: number) => ['body', 'data', i];
  const key = kind === 'affiliate' ? 'affiliateId' : 'teamId';
  const errors: ApiErrorItem[] = data.flatMap((x, i) =>
    found.has(x.targetId) ? [] : [{ msg: 'required', type: missing, loc: [...at(i), key] }],
  );
  errors.push(
    ...(await sieveErrors(
      c,
      offerId,
      data.map((x) => x.sieve),
      at,
    )),
  );
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
  await recordAudits(c, await upsertLinks(c, offerId, kind, owner, data));
}

/** POST /offers/:id/edit_affiliates: affiliates (role type affiliate, in the caller's people scope) */
export async function editAffiliates(ctx: Ctx, offerId: number, data: { affiliateId: number; sieve?: Sieve; status: OfferLinkStatus }[]) {
  const actor = requireActor(ctx);
  const ids = data.map((x) => x.affiliateId);
  const result = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    await offerExists(c, offerId, true);
    const ok = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.type, 'affiliate')))
          .where(and(inArray(users.id, ids), affiliateScopeWhere(actor, 'read', tx)))
      ).map((r) => r.id),
    );
    await saveLinks(
      c,
      offerId,
      'affiliate',
      'affiliates',
      ok,
      'affiliate',
      data.map((x) => ({ targetId: x.affiliateId, sieve: x.sieve, status: x.status })),
    );
    const { revoked, restored } = await reconcileOfferAccess(c, { offerIds: [offerId], affiliateIds: ids });
    return { revoked: revoked.length, restored: restored.length };
  });
  const { items } = await listAffiliates(ctx, offerId, { limit: ids.length, offset: 0 }, ids);
  return { items, ...result };
}

/** POST /offers/:id/edit_teams: existing teams in the caller's people scope; members' campaigns are reconciled */
export async function editTeams(ctx: Ctx, offerId: number, data: { teamId: number; sieve?: Sieve; status: OfferLinkStatus }[]) {
  const actor = requireActor(ctx);
  const ids = data.map((x) => x.teamId);
  const result = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    await offerExists(c, offerId, true);
    const ok = new Set(
      (
        await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(inArray(teams.id, ids), teamScopeWhere(actor, 'read', tx)))
      ).map((r) => r.id),
    );
    await saveLinks(
      c,
      offerId,
      'team',
      'teams',
      ok,
      'exists',
      data.map((x) => ({ targetId: x.teamId, sieve: x.sieve, status: x.status })),
    );
    const members = (await tx.select({ id: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, ids))).map(
      (r) => r.id,
    );
    const { revoked, restored } = members.length
      ? await reconcileOfferAccess(c, { offerIds: [offerId], affiliateIds: members })
      : { revoked: [], restored: [] };
    return { revoked: revoked.length, restored: restored.length };
  });
  const { items } = await listTeams(ctx, offerId, { limit: ids.length, offset: 0 }, ids);
  return { items, ...result };
}
