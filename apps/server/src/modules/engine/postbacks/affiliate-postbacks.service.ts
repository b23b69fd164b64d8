/**
 * Affiliate and team postbacks (`/postbacks`, product §3 Postback, §7 "postbacks: lists by user, affiliate or team;
 * statuses; mappings settings; create, edit, change_status"). Firing them belongs to modules/engine/postback-delivery.
 *
 * Scope: an affiliate reaches only its own postbacks (scope affiliate, its id) and creates only those; staff reach the
 * postbacks of the affiliates and teams of their people scope (`affiliate.read`: all, `affiliate.assigned.read`: the
 * ones they manage). A postback out of reach is a 404, and one in a mass request refuses the whole request. The global
 * postback is the settings screen's (modules/engine/postbacks/postbacks.service.ts) and never shows here.
 *
 * A URL is http(s) with the affiliate-side macros only (staff-only ones such as {revenue} never reach an affiliate), no
 * macro in the host, and — unless ALLOW_PRIVATE_CALLBACKS — no private or loopback host (the delivery refuses those
 * anyway, after DNS). A postback listens to at least one event or goal event; goals are those of the verticals.
 */
import {
  ACTIVE_STATUSES,
  MACRO_NAMES,
  STAFF_ROLE_TYPES,
  validateMacros,
  type ApiErrorItem,
  type AffiliatePostback,
  type PostbackEvent,
  type PostbackGoal,
  type PostbackRef,
  type PostbackTestResult,
  type postbackCreate,
  type postbackListQuery,
  type postbackUpdate,
} from '@leadgrid/shared';
import { aliasedTable, and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  campaignPostbacks,
  postbacks,
  roles,
  teamManagers,
  teams,
  userManagers,
  users,
  verticalGoals,
  verticals,
} from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { urlHostProblem } from '../../../lib/outbound';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { peopleScope } from '../../people/scope';
import { affiliateMacroValues, attemptPostback, type PostbackDeliverJob } from '../postback-delivery';
import { contains } from '../../../lib/search';
import { counted } from '../../../lib/plural';
import { reloadByIds } from '../../../lib/rows';

type Row = typeof postbacks.$inferSelect;
type ListInput = z.infer<typeof postbackListQuery>;
type CreateItem = z.infer<typeof postbackCreate>;
type UpdateItem = z.infer<typeof postbackUpdate>;
type Status = (typeof ACTIVE_STATUSES)[number];
type Loc = (string | number)[];

export const READ = ['postback.read', 'postback.own.read'];
export const WRITE = ['postback.update', 'postback.own.update'];
const OWNER_SCOPES = ['affiliate', 'team'];
const NO_AFFILIATE = 'The affiliate does not exist';
const NO_TEAM = 'The team does not exist';

const LIST: ListSpec = {
  orderBy: {
    id: postbacks.id,
    title: postbacks.title,
    scope: postbacks.scope,
    method: postbacks.method,
    status: postbacks.status,
    createdAt: postbacks.createdAt,
  },
  defaultOrder: 'id:desc',
  statuses: ACTIVE_STATUSES,
};

const isAffiliate = (actor: Actor) => actor.roleType === 'affiliate';
const at = (i: number, ...rest: (string | number)[]): Loc => ['body', 'items', i, ...rest];
const fieldError = (loc: Loc, msg: string, type: string): ApiErrorItem => ({ msg, type, loc });

// ---------------------------------------------------------------- scope

/** The condition on `postbacks` the actor reaches; staff and affiliates only. */
function scopeWhere(ctx: Ctx): SQL | undefined {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) return and(eq(postbacks.scope, 'affiliate'), eq(postbacks.affiliateId, actor.id));
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden('Postbacks are shown to staff and affiliates only');
  const owned = inArray(postbacks.scope, OWNER_SCOPES);
  const scope = peopleScope(actor, 'read');
  if (scope === 'all') return owned;
  if (scope === 'none') return sql`false`;
  return or(
    and(
      eq(postbacks.scope, 'affiliate'),
      inArray(
        postbacks.affiliateId,
        ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
      ),
    ),
    and(
      eq(postbacks.scope, 'team'),
      inArray(postbacks.teamId, ctx.db.select({ id: teamManagers.teamId }).from(teamManagers).where(eq(teamManagers.managerId, actor.id))),
    ),
  );
}

/** Writing needs the write permission of the actor's side (affiliates: their own). */
function requireWrite(actor: Actor) {
  if (!hasPermission(actor, isAffiliate(actor) ? 'postback.own.update' : 'postback.update')) throw AppError.forbidden();
}

async function lockScoped(ctx: Ctx, ids: number[]): Promise<Map<number, Row>> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select()
    .from(postbacks)
    .where(and(inArray(postbacks.id, unique), scopeWhere(ctx)))
    .orderBy(asc(postbacks.id))
    .for('update');
  if (rows.length !== unique.length) throw AppError.notFound('Postback');
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------------------------------------------------------------- views

const affiliate = aliasedTable(users, 'postback_affiliate');
const usedBy = sql<number>`(select count(*)::int from ${campaignPostbacks} where ${campaignPostbacks.postbackId} = ${postbacks.id})`;

const selectPostbacks = (ctx: Ctx) =>
  ctx.db
    .select({
      row: postbacks,
      affiliate: { id: affiliate.id, firstName: affiliate.firstName, lastName: affiliate.lastName, email: affiliate.email },
      team: { id: teams.id, title: teams.title },
      campaignCount: usedBy,
    })
    .from(postbacks)
    .leftJoin(affiliate, eq(affiliate.id, postbacks.affiliateId))
    .leftJoin(teams, eq(teams.id, postbacks.teamId));

type Selected = Awaited<ReturnType<ReturnType<typeof selectPostbacks>['where']>>[number];

async function toPostbacks(ctx: Ctx, rows: Selected[]): Promise<AffiliatePostback[]> {
  const goalIds = [...new Set(rows.flatMap((r) => r.row.goalEvents.map((g) => g.goalId)))];
  const goals = goalIds.length
    ? await ctx.db
        .select({ id: verticalGoals.id, title: verticalGoals.title })
        .from(verticalGoals)
        .where(inArray(verticalGoals.id, goalIds))
    : [];
  const goalTitle = new Map(goals.map((g) => [g.id, g.title]));
  return rows.map(({ row, affiliate: a, team, campaignCount }) => ({
    id: row.id,
    scope: row.scope as AffiliatePostback['scope'],
    affiliate: row.affiliateId && a?.id ? a : null,
    team: row.teamId && team?.id ? team : null,
    title: row.title,
    url: row.url,
    method: row.method as AffiliatePostback['method'],
    events: row.events as PostbackEvent[],
    goalEvents: row.goalEvents.map((g) => ({
      goalId: g.goalId,
      goalTitle: goalTitle.get(g.goalId) ?? null,
      events: g.events as PostbackEvent[],
    })),
    status: row.status as Status,
    campaignCount: Number(campaignCount),
    createdAt: toSeconds(row.createdAt)!,
    createdBy: row.createdBy,
  }));
}

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const search = p.search;
  const searchId = search && /^\d{1,9}$/.test(search) ? Number(search) : null;
  const where = and(
    scopeWhere(ctx),
    p.statuses ? inArray(postbacks.status, p.statuses) : undefined,
    q.scope ? eq(postbacks.scope, q.scope) : undefined,
    q.affiliateId?.length ? inArray(postbacks.affiliateId, q.affiliateId) : undefined,
    q.teamId?.length ? inArray(postbacks.teamId, q.teamId) : undefined,
    q.event
      ? or(
          sql`${postbacks.events} @> ${JSON.stringify([q.event])}::jsonb`,
          sql`${postbacks.goalEvents} @> ${JSON.stringify([{ events: [q.event] }])}::jsonb`,
        )
      : undefined,
    search
      ? or(
          ilike(postbacks.title, contains(search)),
          ilike(postbacks.url, contains(search)),
          ilike(affiliate.email, contains(search)),
          ilike(sql`${affiliate.firstName} || ' ' || ${affiliate.lastName}`, contains(search)),
          ilike(teams.title, contains(search)),
          searchId !== null ? eq(postbacks.id, searchId) : undefined,
        )
      : undefined,
  );
  const rows = await selectPostbacks(ctx).where(where).orderBy(p.order, asc(postbacks.id)).limit(p.limit).offset(p.offset);
  const items = await toPostbacks(ctx, rows);
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(postbacks)
    .leftJoin(affiliate, eq(affiliate.id, postbacks.affiliateId))
    .leftJoin(teams, eq(teams.id, postbacks.teamId))
    .where(where);
  return { items, meta: { totalCount: n } };
}

async function byIds(ctx: Ctx, ids: number[]): Promise<AffiliatePostback[]> {
  return reloadByIds(ids, async (unique) => toPostbacks(ctx, await selectPostbacks(ctx).where(inArray(postbacks.id, unique))));
}

export async function get(ctx: Ctx, id: number): Promise<AffiliatePostback> {
  const rows = await selectPostbacks(ctx).where(and(eq(postbacks.id, id), scopeWhere(ctx)));
  if (!rows.length) throw AppError.notFound('Postback');
  return (await toPostbacks(ctx, rows))[0];
}

/** The affiliate's own active postbacks (affiliates: their own), for the campaign form's picker. */
export async function forAssignment(ctx: Ctx, q: { affiliateId?: number }): Promise<{ items: PostbackRef[] }> {
  const actor = requireActor(ctx);
  const affiliateId = isAffiliate(actor) ? actor.id : q.affiliateId;
  if (!affiliateId) throw AppError.field(['querystring', 'affiliateId'], 'required');
  const rows = await ctx.db
    .select({ id: postbacks.id, title: postbacks.title, url: postbacks.url, status: postbacks.status })
    .from(postbacks)
    .where(and(scopeWhere(ctx), eq(postbacks.scope, 'affiliate'), eq(postbacks.affiliateId, affiliateId), eq(postbacks.status, 'active')))
    .orderBy(asc(postbacks.title), asc(postbacks.id))
    .limit(200);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

/** Goals of the active verticals, for goal events. */
export async function goals(ctx: Ctx): Promise<{ items: PostbackGoal[] }> {
  const rows = await ctx.db
    .select({ id: verticalGoals.id, title: verticalGoals.title, vertical: { id: verticals.id, title: verticals.title } })
    .from(verticalGoals)
    .innerJoin(verticals, eq(verticals.id, verticalGoals.verticalId))
    .where(eq(verticals.status, 'active'))
    .orderBy(asc(verticals.title), asc(verticalGoals.position), asc(verticalGoals.id));
  return { items: rows };
}

// ---------------------------------------------------------------- validation

const MACRO_IN_BRACES = /\{[^{}]*\}/;

/** URL rules beyond the schema's http(s): affiliate-side macros only, none in the host, a public host. */
function urlError(ctx: Ctx, url: string, loc: Loc): ApiErrorItem | null {
  const bad = validateMacros(url, { audience: 'affiliate' });
  if (bad) {
    const message = MACRO_NAMES.has(bad.macro)
      ? `The macro {${bad.macro}} is not available in affiliate postbacks`
      : `Unknown macro {${bad.macro}}`;
    return fieldError(loc, message, 'macro');
  }
  const authority = /^https?:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  if (MACRO_IN_BRACES.test(authority)) return fieldError(loc, 'A macro cannot be part of the host', 'macro');
  if (!URL.canParse(url)) return fieldError(loc, 'url', 'url');
  if (ctx.config.ALLOW_PRIVATE_CALLBACKS) return null;
  const problem = urlHostProblem(url);
  return problem ? fieldError(loc, problem, 'ssrf') : null;
}

async function existingGoals(ctx: Ctx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: verticalGoals.id })
    .from(verticalGoals)
    .where(inArray(verticalGoals.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
}

function goalErrors(goalEvents: { goalId: number }[], known: Set<number>, skip: Set<number>, i: number): ApiErrorItem[] {
  return goalEvents.flatMap((g, j) =>
    skip.has(g.goalId) || known.has(g.goalId) ? [] : [fieldError(at(i, 'goalEvents', j, 'goalId'), 'The goal does not exist', 'exists')],
  );
}

/** a 400 whose message is the first readable field message (e.g. "Unknown macro {clickid}") */
const invalid = (errors: ApiErrorItem[]) =>
  AppError.validation(errors, errors.find((e) => e.msg.includes(' '))?.msg ?? 'Validation failed');

const listensToSomething = (events: string[], goalEvents: { events: string[] }[]) =>
  events.length > 0 || goalEvents.some((g) => g.events.length > 0);
const NOTHING = (i: number) => fieldError(at(i, 'events'), 'Choose at least one event or goal event', 'required');

/** Affiliates (role type affiliate) and teams among the ids that the actor reaches. */
async function reachableOwners(ctx: Ctx, affiliateIds: number[], teamIds: number[]) {
  const actor = requireActor(ctx);
  const scope = peopleScope(actor, 'read');
  const reachAffiliates = async () => {
    if (!affiliateIds.length || scope === 'none') return new Set<number>();
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          inArray(users.id, [...new Set(affiliateIds)]),
          eq(roles.type, 'affiliate'),
          scope === 'assigned'
            ? inArray(users.id, ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)))
            : undefined,
        ),
      );
    return new Set(rows.map((r) => r.id));
  };
  const reachTeams = async () => {
    if (!teamIds.length || scope === 'none') return new Set<number>();
    const rows = await ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          inArray(teams.id, [...new Set(teamIds)]),
          scope === 'assigned'
            ? inArray(teams.id, ctx.db.select({ id: teamManagers.teamId }).from(teamManagers).where(eq(teamManagers.managerId, actor.id)))
            : undefined,
        ),
      );
    return new Set(rows.map((r) => r.id));
  };
  const [a, t] = await Promise.all([reachAffiliates(), reachTeams()]);
  return { affiliates: a, teams: t };
}

/** The owner of each new postback: affiliates own theirs; staff name an affiliate or a team in their reach. */
async function ownersOf(ctx: Ctx, items: CreateItem[], errors: ApiErrorItem[]) {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) {
    items.forEach((x, i) => {
      if (x.scope !== 'affiliate') errors.push(fieldError(at(i, 'scope'), 'You can only create your own postbacks', 'pattern'));
      if (x.affiliateId && x.affiliateId !== actor.id)
        errors.push(fieldError(at(i, 'affiliateId'), 'You can only create your own postbacks', 'pattern'));
      if (x.teamId) errors.push(fieldError(at(i, 'teamId'), 'You can only create your own postbacks', 'pattern'));
    });
    return items.map(() => ({ scope: 'affiliate', affiliateId: actor.id, teamId: null }));
  }
  const reach = await reachableOwners(
    ctx,
    items.flatMap((x) => (x.scope === 'affiliate' && x.affiliateId ? [x.affiliateId] : [])),
    items.flatMap((x) => (x.scope === 'team' && x.teamId ? [x.teamId] : [])),
  );
  return items.map((x, i) => {
    if (x.scope === 'affiliate') {
      if (!x.affiliateId) errors.push(fieldError(at(i, 'affiliateId'), 'required', 'required'));
      else if (!reach.affiliates.has(x.affiliateId)) errors.push(fieldError(at(i, 'affiliateId'), NO_AFFILIATE, 'exists'));
      if (x.teamId) errors.push(fieldError(at(i, 'teamId'), 'An affiliate postback has no team', 'pattern'));
      return { scope: 'affiliate', affiliateId: x.affiliateId ?? null, teamId: null };
    }
    if (!x.teamId) errors.push(fieldError(at(i, 'teamId'), 'required', 'required'));
    else if (!reach.teams.has(x.teamId)) errors.push(fieldError(at(i, 'teamId'), NO_TEAM, 'exists'));
    if (x.affiliateId) errors.push(fieldError(at(i, 'affiliateId'), 'A team postback has no affiliate', 'pattern'));
    return { scope: 'team', affiliateId: null, teamId: x.teamId ?? null };
  });
}

// ---------------------------------------------------------------- writes

export const messages = {
  created: (n: number) => counted(n, 'Postback created', 'postbacks created'),
  saved: (n: number) => counted(n, 'Postback saved', 'postbacks saved'),
  status: (n: number) => counted(n, 'Postback status changed', 'postbacks changed status'),
};

export async function create(ctx: Ctx, items: CreateItem[]): Promise<AffiliatePostback[]> {
  const actor = requireActor(ctx);
  requireWrite(actor);
  const errors: ApiErrorItem[] = [];
  const owners = await ownersOf(ctx, items, errors);
  const known = await existingGoals(
    ctx,
    items.flatMap((x) => x.goalEvents.map((g) => g.goalId)),
  );
  items.forEach((x, i) => {
    const bad = urlError(ctx, x.url, at(i, 'url'));
    if (bad) errors.push(bad);
    if (!listensToSomething(x.events, x.goalEvents)) errors.push(NOTHING(i));
    errors.push(...goalErrors(x.goalEvents, known, new Set(), i));
  });
  if (errors.length) throw invalid(errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(postbacks)
      .values(
        items.map((x, i) => ({
          ...owners[i],
          title: x.title,
          url: x.url,
          method: x.method,
          events: x.events,
          goalEvents: x.goalEvents,
          status: x.status,
          createdBy: actor.id,
          createdAt: ctx.now(),
        })),
      )
      .returning({ id: postbacks.id });
    await recordAudits(
      { ...ctx, db: tx },
      items.map((x, i) => ({ entity: 'postback', entityId: rows[i].id, action: 'create', changes: { ...owners[i], ...x } })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateItem[]): Promise<AffiliatePostback[]> {
  requireWrite(requireActor(ctx));
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockScoped(
      c,
      items.map((x) => x.id),
    );
    const known = await existingGoals(
      c,
      items.flatMap((x) => x.goalEvents?.map((g) => g.goalId) ?? []),
    );
    const errors: ApiErrorItem[] = [];
    items.forEach((x, i) => {
      const row = current.get(x.id)!;
      if (x.url !== undefined && x.url !== row.url) {
        const bad = urlError(ctx, x.url, at(i, 'url'));
        if (bad) errors.push(bad);
      }
      if (!listensToSomething(x.events ?? row.events, x.goalEvents ?? row.goalEvents)) errors.push(NOTHING(i));
      // a goal the postback already listens to is kept even if its vertical went away
      if (x.goalEvents) errors.push(...goalErrors(x.goalEvents, known, new Set(row.goalEvents.map((g) => g.goalId)), i));
    });
    if (errors.length) throw invalid(errors);
    const audits: AuditEntry[] = [];
    for (const { id, ...patch } of items) {
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await tx.update(postbacks).set(changes.after).where(eq(postbacks.id, id));
      audits.push({ entity: 'postback', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]): Promise<AffiliatePostback[]> {
  requireWrite(requireActor(ctx));
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockScoped(
      c,
      items.map((x) => x.id),
    );
    const audits: AuditEntry[] = [];
    for (const x of items) {
      const changes = diffFields(current.get(x.id)!, { status: x.status });
      if (!changes) continue;
      await tx.update(postbacks).set({ status: x.status }).where(eq(postbacks.id, x.id));
      audits.push({ entity: 'postback', entityId: x.id, action: 'change_status', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

// ---------------------------------------------------------------- test call

/** Sample values of a test call: recognisable, never a real click, lead or conversion. */
const SAMPLE_VALUES = {
  click_id: 'test-click-id',
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, `test-sub${i + 1}`])),
  country: 'US',
  ip: '203.0.113.10',
  lead_id: 0,
  lead_status: 'sent',
  lead_grade: 'test',
  conversion_id: 0,
  status: 'approved',
  goal: 'test',
  payout: '10.00',
  currency: 'USD',
  offer_id: 0,
  campaign_id: 0,
};

/**
 * Calls the postback once (active or not) with sample values for the event asked for (default: its first event) and
 * logs the call as an affiliate postback log marked as a test; the answer says how the receiver took it.
 */
export async function sendTest(ctx: Ctx, id: number, event?: PostbackEvent): Promise<PostbackTestResult> {
  requireWrite(requireActor(ctx));
  const [row] = await ctx.db
    .select()
    .from(postbacks)
    .where(and(eq(postbacks.id, id), scopeWhere(ctx)));
  if (!row) throw AppError.notFound('Postback');
  const chosen = event ?? ((row.events[0] ?? row.goalEvents[0]?.events[0] ?? 'conversion_approved') as PostbackEvent);
  // a team postback has no affiliate: 0 fills {affiliate_id} and logs no affiliate
  const affiliateId = row.affiliateId ?? 0;
  const job: PostbackDeliverJob = {
    postbackId: row.id,
    event: chosen,
    affiliateId,
    goalId: null,
    leadId: null,
    conversionId: null,
    conversionStatus: null,
    values: affiliateMacroValues({ event: chosen, affiliateId, values: SAMPLE_VALUES }, ctx.now()),
  };
  const result = await attemptPostback({ database: ctx.database, config: ctx.config, now: ctx.now }, row, job, 1, { test: true });
  return { success: result.success, url: result.url, responseStatus: result.responseStatus, msg: result.msg, logId: result.logId };
}
