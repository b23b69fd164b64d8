/**
 * Campaigns: one affiliate's tracking link for one offer (product §3, §4, §7, §8). List with filters, look-ups, create,
 * edit, change status singly or in mass, clone. Scope: an affiliate reaches only their own campaigns; staff reach
 * the campaigns of the affiliates they read (`affiliate.read`: all, `affiliate.assigned.read`: the ones they manage);
 * anyone else is refused. A campaign outside the scope is a 404, and one in a mass request refuses the whole request.
 */
import {
  CAMPAIGN_STATUSES,
  CLICK_MACROS_CATALOGUE,
  DEFAULT_TARGET_URL_SETTINGS,
  STAFF_ROLE_TYPES,
  SUB_PARAMS,
  TARGET_URL_MODES,
  TARGET_URL_PARAMS_MAX,
  type ApiErrorItem,
  type Campaign,
  type CampaignNotice,
  type CampaignTestLink,
  type CampaignStatus,
  type IntegrationMethod,
  type TargetUrlSettings,
  type campaignCreate,
  type campaignListQuery,
  type campaignLookupQuery,
  type campaignStatusItem,
  type campaignUpdate,
} from '@leadgrid/shared';
import { aliasedTable, and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  campaignLanders,
  campaignPostbacks,
  campaigns,
  domains,
  landers,
  offers,
  offerTrafficSources,
  postbacks,
  roles,
  teamMembers,
  teams,
  trafficSources,
  userManagers,
  users,
} from '../../../db/schema';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { randomToken } from '../../../lib/crypto';
import { TEST_PARAM, type TestLinks } from '../../../lib/test-link';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { peopleScope } from '../../people/scope';
import { activeTeamOf, offerAccess } from './access';
import { campaignCounts } from './campaign-counts';
import { contains } from '../../../lib/search';
import { counted } from '../../../lib/plural';
import { reloadByIds } from '../../../lib/rows';
import { linkedTo, listPage } from '../../../lib/lists';

type Row = typeof campaigns.$inferSelect;
type CreateItem = z.infer<typeof campaignCreate>;
type UpdateItem = z.infer<typeof campaignUpdate>;
type StatusItem = z.infer<typeof campaignStatusItem>;
type Loc = (string | number)[];

export const WRITE = 'campaign.update';
export const BLOCK = 'campaign.block';
const NO_ACCESS = 'You have no access to this offer';
const NO_ACCESS_STAFF = 'The affiliate has no access to this offer';
const COPY = ' (copy)';
const TITLE_MAX = 200;

const LIST: ListSpec = {
  orderBy: {
    id: campaigns.id,
    title: campaigns.title,
    key: campaigns.key,
    status: campaigns.status,
    createdAt: campaigns.createdAt,
    updatedAt: campaigns.updatedAt,
    affiliateId: campaigns.affiliateId,
    offerId: campaigns.offerId,
  },
  defaultOrder: 'id:desc',
  statuses: CAMPAIGN_STATUSES,
};

const isAffiliate = (actor: Actor) => actor.roleType === 'affiliate';
const at = (i: number, ...rest: (string | number)[]): Loc => ['body', 'items', i, ...rest];
const fieldError = (loc: Loc, msg: string, type = 'exists'): ApiErrorItem => ({ msg, type, loc });

// ---------------------------------------------------------------- scope

/** The condition on `campaigns` the actor reaches (undefined: every campaign). Staff and affiliates only. */
function scopeWhere(ctx: Ctx): SQL | undefined {
  const actor = requireActor(ctx);
  if (isAffiliate(actor)) return eq(campaigns.affiliateId, actor.id);
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden('Campaigns are shown to staff and affiliates only');
  const scope = peopleScope(actor, 'read');
  if (scope === 'all') return undefined;
  if (scope === 'none') return sql`false`;
  return inArray(
    campaigns.affiliateId,
    ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
  );
}

/** Campaigns by id within the scope, locked until the transaction ends; one missing or out of scope is a 404. */
async function lockScoped(ctx: Ctx, ids: number[]): Promise<Map<number, Row>> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(and(inArray(campaigns.id, unique), scopeWhere(ctx)))
    .for('update');
  if (rows.length !== unique.length) throw AppError.notFound('Campaign');
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------------------------------------------------------------- views

const affiliate = aliasedTable(users, 'campaign_affiliate');
const author = aliasedTable(users, 'campaign_author');
const changer = aliasedTable(users, 'campaign_changer');
const person = (u: typeof users) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      c: campaigns,
      affiliate: person(affiliate),
      affiliateTrafficBlocked: affiliate.trafficBlocked,
      team: { id: teams.id, title: teams.title, trafficBlocked: teams.trafficBlocked },
      offer: { id: offers.id, title: offers.title, status: offers.status },
      domain: { id: domains.id, host: domains.host, status: domains.status },
      trafficSource: { id: trafficSources.id, title: trafficSources.title, status: trafficSources.status },
      author: person(author),
      changer: person(changer),
    })
    .from(campaigns)
    .innerJoin(affiliate, eq(affiliate.id, campaigns.affiliateId))
    .innerJoin(offers, eq(offers.id, campaigns.offerId))
    .leftJoin(teamMembers, eq(teamMembers.userId, campaigns.affiliateId))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(domains, eq(domains.id, campaigns.domainId))
    .leftJoin(trafficSources, eq(trafficSources.id, campaigns.trafficSourceId))
    .leftJoin(author, eq(author.id, campaigns.createdBy))
    .leftJoin(changer, eq(changer.id, campaigns.statusChangedBy));
type PersonRow = { id: number; firstName: string; lastName: string; email: string };
type Selected = {
  c: Row;
  affiliate: PersonRow;
  affiliateTrafficBlocked: boolean;
  team: { id: number; title: string; trafficBlocked: boolean } | null;
  offer: { id: number; title: string; status: string };
  domain: { id: number; host: string; status: string } | null;
  trafficSource: { id: number; title: string; status: string } | null;
  author: PersonRow | null;
  changer: PersonRow | null;
};

const SUB_QUERY = SUB_PARAMS.map((s) => `${s}={${s}}`).join('&');
/** `https://<parked host>/c/<key>?sub1={sub1}…`, or the main host (PUBLIC_URL, else the host the request reached) */
export function trackingUrl(mainUrl: string, parkedHost: string | null, key: string): string {
  const origin = parkedHost ? `https://${parkedHost}` : mainUrl.replace(/\/+$/, '');
  return `${origin}/c/${key}?${SUB_QUERY}`;
}

function readSettings(stored: Record<string, unknown>): TargetUrlSettings {
  return { ...DEFAULT_TARGET_URL_SETTINGS, ...(stored as Partial<TargetUrlSettings>) };
}

/** product §8: what the form tells after a save; affiliates and staff get their own wording */
function noticesOf(actor: Actor, r: Selected, hasAccess: boolean): CampaignNotice[] {
  const out: CampaignNotice[] = [];
  const own = isAffiliate(actor);
  if (r.affiliateTrafficBlocked || r.team?.trafficBlocked) {
    const team = !r.affiliateTrafficBlocked && r.team ? r.team.title : null;
    out.push(
      own
        ? {
            type: 'traffic_blocked_affiliate',
            message: team
              ? `The traffic of your team ${team} is blocked: the campaign is saved, but its clicks are not accepted. Contact your manager.`
              : 'Your traffic is blocked: the campaign is saved, but its clicks are not accepted. Contact your manager.',
          }
        : {
            type: 'traffic_blocked_admin',
            message: team
              ? `The affiliate's team ${team} is traffic-blocked: the campaign is saved, but its clicks are refused until the team is unblocked.`
              : "The affiliate's traffic is blocked: the campaign is saved, but its clicks are refused until the affiliate is unblocked.",
          },
    );
  }
  if (!hasAccess)
    out.push({
      type: 'no_offer_access',
      message: own
        ? `${NO_ACCESS}: the campaign receives no traffic.`
        : `${NO_ACCESS_STAFF}: the campaign receives no traffic until the offer is assigned to the affiliate or their team.`,
    });
  return out;
}

async function toViews(ctx: Ctx, rows: Selected[], mainUrl: string, withNotices: boolean): Promise<Campaign[]> {
  const ids = rows.map((r) => r.c.id);
  const [landerRows, postbackRows] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ campaignId: campaignLanders.campaignId, id: landers.id, title: landers.title, status: landers.status })
          .from(campaignLanders)
          .innerJoin(landers, eq(landers.id, campaignLanders.landerId))
          .where(inArray(campaignLanders.campaignId, ids))
          .orderBy(asc(landers.id)),
        ctx.db
          .select({
            campaignId: campaignPostbacks.campaignId,
            id: postbacks.id,
            title: postbacks.title,
            url: postbacks.url,
            status: postbacks.status,
          })
          .from(campaignPostbacks)
          .innerJoin(postbacks, eq(postbacks.id, campaignPostbacks.postbackId))
          .where(inArray(campaignPostbacks.campaignId, ids))
          .orderBy(asc(postbacks.id)),
      ])
    : [[], []];
  const access = new Map<string, boolean>();
  if (withNotices) {
    const byAffiliate = new Map<number, number[]>();
    for (const r of rows) byAffiliate.set(r.c.affiliateId, [...(byAffiliate.get(r.c.affiliateId) ?? []), r.c.offerId]);
    for (const [affiliateId, offerIds] of byAffiliate) {
      const found = await offerAccess(ctx, affiliateId, offerIds);
      for (const offerId of offerIds) access.set(`${affiliateId}:${offerId}`, !!found.get(offerId)?.access);
    }
  }
  const actor = requireActor(ctx);
  const counts = await campaignCounts(
    ctx,
    rows.map((r) => r.c),
  );
  return rows.map((r) => {
    const c = r.c;
    return {
      id: c.id,
      key: c.key,
      title: c.title,
      status: c.status as CampaignStatus,
      statusChangedAt: toSeconds(c.statusChangedAt),
      statusChangedBy: r.changer?.id ? r.changer : null,
      blockReason: c.blockReason,
      affiliate: r.affiliate,
      team: r.team?.id ? { id: r.team.id, title: r.team.title } : null,
      offer: r.offer,
      integrationMethod: c.integrationMethod as IntegrationMethod,
      countries: c.countries,
      domain: r.domain?.id ? r.domain : null,
      landers: landerRows.filter((x) => x.campaignId === c.id).map(({ campaignId: _, ...l }) => l),
      trafficSource: r.trafficSource?.id ? r.trafficSource : null,
      postbacks: postbackRows.filter((x) => x.campaignId === c.id).map(({ campaignId: _, ...p }) => p),
      targetUrlSettings: readSettings(c.targetUrlSettings),
      trackingUrl: trackingUrl(mainUrl, r.domain?.host ?? null, c.key),
      autocreated: c.autocreated,
      createdAt: toSeconds(c.createdAt)!,
      createdBy: r.author?.id ? r.author : null,
      updatedAt: toSeconds(c.updatedAt)!,
      leadCount: counts.get(c.id)!.leadCount,
      conversionCounts: counts.get(c.id)!.conversionCounts,
      ...(withNotices ? { notices: noticesOf(actor, r, access.get(`${c.affiliateId}:${c.offerId}`) ?? false) } : {}),
    };
  });
}

async function byIds(ctx: Ctx, ids: number[], mainUrl: string): Promise<Campaign[]> {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(campaigns.id, unique)), mainUrl, true), {
    repeated: true,
  });
}

// ---------------------------------------------------------------- reads

function bySearch(search: string): SQL {
  return or(ilike(campaigns.title, contains(search)), ilike(campaigns.key, contains(search)), sql`${campaigns.id}::text = ${search}`)!;
}

export async function list(ctx: Ctx, q: z.infer<typeof campaignListQuery>, mainUrl: string) {
  const p = parseList(q, LIST);
  const where = and(
    scopeWhere(ctx),
    p.statuses ? inArray(campaigns.status, p.statuses) : ne(campaigns.status, 'deleted'),
    p.search ? bySearch(p.search) : undefined,
    q.affiliateId?.length ? inArray(campaigns.affiliateId, q.affiliateId) : undefined,
    q.offerId?.length ? inArray(campaigns.offerId, q.offerId) : undefined,
    linkedTo(ctx, campaigns.affiliateId, teamMembers.userId, teamMembers.teamId, q.teamId),
    q.countries?.length
      ? sql`${campaigns.countries} ?| array[${sql.join(
          q.countries.map((x) => sql`${x}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    q.domainId?.length ? inArray(campaigns.domainId, q.domainId) : undefined,
    q.trafficSourceId?.length ? inArray(campaigns.trafficSourceId, q.trafficSourceId) : undefined,
  );
  return listPage(ctx, p, { table: campaigns, where, query: select(ctx).$dynamic(), views: (rows) => toViews(ctx, rows, mainUrl, false) });
}

export async function get(ctx: Ctx, id: number, mainUrl: string) {
  const rows = await select(ctx)
    .where(and(eq(campaigns.id, id), scopeWhere(ctx)))
    .limit(1);
  if (!rows.length) throw AppError.notFound('Campaign');
  return (await toViews(ctx, rows, mainUrl, true))[0];
}

/**
 * A staff member's test link of a campaign in their scope (docs/decisions/engine.md, "Test clicks"): the tracking link
 * with a signed, hour-long `lg_test` token and the subs to try. Affiliates are refused: a test click skips the geo and
 * bot checks, which their own traffic must never do.
 */
export async function testLink(
  ctx: Ctx,
  id: number,
  subs: Record<string, string | undefined>,
  mainUrl: string,
  links: TestLinks,
): Promise<CampaignTestLink> {
  const actor = requireActor(ctx);
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden('Test links are made by staff only');
  const [row] = await ctx.db
    .select({ key: campaigns.key, host: domains.host })
    .from(campaigns)
    .leftJoin(domains, eq(domains.id, campaigns.domainId))
    .where(and(eq(campaigns.id, id), ne(campaigns.status, 'deleted'), scopeWhere(ctx)))
    .limit(1);
  if (!row) throw AppError.notFound('Campaign');
  const { token, expiresAt } = links.token(row.key, ctx.now().getTime());
  const url = new URL(trackingUrl(mainUrl, row.host ?? null, row.key));
  url.search = '';
  url.searchParams.set(TEST_PARAM, token);
  for (const name of SUB_PARAMS) if (subs[name]) url.searchParams.set(name, subs[name]!);
  return { url: url.toString(), expiresAt };
}

/**
 * Pickers: `filters` answers active campaigns (every status with `anyStatus`), `leadEditing` the ones not deleted
 * with their affiliate and offer. The chosen ids of a picker are answered whatever their status.
 */
export async function lookup(ctx: Ctx, q: z.infer<typeof campaignLookupQuery>) {
  const rows = await lookupRows(ctx, q, q.anyStatus ? undefined : eq(campaigns.status, 'active'));
  return { items: rows.map((r) => ({ id: r.id, title: r.title, key: r.key, status: r.status as CampaignStatus })) };
}

export async function forLeadEditing(ctx: Ctx, q: z.infer<typeof campaignLookupQuery>) {
  const rows = await lookupRows(ctx, q, ne(campaigns.status, 'deleted'));
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status as CampaignStatus,
      affiliate: r.affiliate,
      offer: r.offer,
    })),
  };
}

async function lookupRows(ctx: Ctx, q: z.infer<typeof campaignLookupQuery>, statusWhere: SQL | undefined) {
  return ctx.db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      key: campaigns.key,
      status: campaigns.status,
      affiliate: person(affiliate),
      offer: { id: offers.id, title: offers.title },
    })
    .from(campaigns)
    .innerJoin(affiliate, eq(affiliate.id, campaigns.affiliateId))
    .innerJoin(offers, eq(offers.id, campaigns.offerId))
    .where(
      and(
        scopeWhere(ctx),
        q.ids?.length ? inArray(campaigns.id, q.ids) : statusWhere,
        q.search ? bySearch(q.search) : undefined,
        q.affiliateId?.length ? inArray(campaigns.affiliateId, q.affiliateId) : undefined,
        q.offerId?.length ? inArray(campaigns.offerId, q.offerId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${campaigns.title})`), asc(campaigns.id))
    .limit(q.limit);
}

/** What the target-URL part of the form offers (needs a campaigns reader, like the form). */
export function targetUrlOptions(ctx: Ctx) {
  scopeWhere(ctx);
  return {
    modes: [...TARGET_URL_MODES],
    macros: CLICK_MACROS_CATALOGUE.map((m) => ({ name: m.name, group: m.group, description: m.description })),
    subParams: [...SUB_PARAMS],
    paramsMax: TARGET_URL_PARAMS_MAX,
    defaults: DEFAULT_TARGET_URL_SETTINGS,
  };
}

// ---------------------------------------------------------------- checks of a write

interface OfferInfo {
  id: number;
  status: string;
  geos: string[];
  integrationMethod: string;
  trafficSourceIds: number[];
}

async function loadOffers(ctx: Ctx, ids: number[]): Promise<Map<number, OfferInfo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const [rows, sources] = await Promise.all([
    ctx.db
      .select({ id: offers.id, status: offers.status, geos: offers.geos, integrationMethod: offers.integrationMethod })
      .from(offers)
      .where(inArray(offers.id, unique)),
    ctx.db.select().from(offerTrafficSources).where(inArray(offerTrafficSources.offerId, unique)),
  ]);
  return new Map(
    rows.map((r) => [r.id, { ...r, trafficSourceIds: sources.filter((s) => s.offerId === r.id).map((s) => s.trafficSourceId) }]),
  );
}

/** One campaign as a write wants it, with what it had (edits): an unchanged reference is not checked again. */
interface Wanted {
  index: number;
  affiliateId: number;
  offer: OfferInfo;
  integrationMethod?: string;
  countries?: string[];
  domainId?: number | null;
  landerIds?: number[];
  trafficSourceId?: number | null;
  postbackIds?: number[];
  current?: { domainId: number | null; trafficSourceId: number | null; landerIds: Set<number>; postbackIds: Set<number> };
}

/** Field errors of the references and offer rules, each at its place in the request. */
async function fieldErrors(ctx: Ctx, wanted: Wanted[]): Promise<ApiErrorItem[]> {
  const actor = requireActor(ctx);
  const errors: ApiErrorItem[] = [];
  const domainIds = wanted.flatMap((w) => (w.domainId && w.domainId !== w.current?.domainId ? [w.domainId] : []));
  const sourceIds = wanted.flatMap((w) =>
    w.trafficSourceId && w.trafficSourceId !== w.current?.trafficSourceId ? [w.trafficSourceId] : [],
  );
  const landerIds = wanted.flatMap((w) => w.landerIds ?? []);
  const postbackIds = wanted.flatMap((w) => w.postbackIds ?? []);
  const [domainRows, sourceRows, landerRows, postbackRows] = await Promise.all([
    domainIds.length
      ? ctx.db
          .select()
          .from(domains)
          .where(inArray(domains.id, [...new Set(domainIds)]))
      : [],
    sourceIds.length
      ? ctx.db
          .select()
          .from(trafficSources)
          .where(inArray(trafficSources.id, [...new Set(sourceIds)]))
      : [],
    landerIds.length
      ? ctx.db
          .select({ id: landers.id, offerId: landers.offerId, status: landers.status, sieve: landers.sieve })
          .from(landers)
          .where(inArray(landers.id, [...new Set(landerIds)]))
      : [],
    postbackIds.length
      ? ctx.db
          .select({ id: postbacks.id, scope: postbacks.scope, affiliateId: postbacks.affiliateId })
          .from(postbacks)
          .where(inArray(postbacks.id, [...new Set(postbackIds)]))
      : [],
  ]);
  const domainById = new Map(domainRows.map((d) => [d.id, d]));
  const sourceById = new Map(sourceRows.map((s) => [s.id, s]));
  const landerById = new Map(landerRows.map((l) => [l.id, l]));
  const postbackById = new Map(postbackRows.map((p) => [p.id, p]));
  const teams = new Map<number, number | null>();
  for (const w of wanted)
    if (w.landerIds?.length && !teams.has(w.affiliateId)) teams.set(w.affiliateId, await activeTeamOf(ctx, w.affiliateId));

  for (const w of wanted) {
    const { index: i, offer } = w;
    if (w.integrationMethod !== undefined && w.integrationMethod !== offer.integrationMethod)
      errors.push(fieldError(at(i, 'integrationMethod'), `The offer works by the ${offer.integrationMethod} method only`, 'pattern'));
    if (w.countries && offer.geos.length) {
      const geos = new Set(offer.geos);
      w.countries.forEach(
        (code, j) =>
          !geos.has(code) && errors.push(fieldError(at(i, 'countries', j), `The offer does not accept traffic from ${code}`, 'geo')),
      );
    }
    if (w.domainId && w.domainId !== w.current?.domainId) {
      const d = domainById.get(w.domainId);
      if (!d || d.type !== 'track' || d.status !== 'active') errors.push(fieldError(at(i, 'domainId'), 'Choose an active tracking domain'));
    }
    if (w.trafficSourceId && w.trafficSourceId !== w.current?.trafficSourceId) {
      const s = sourceById.get(w.trafficSourceId);
      if (!s || s.status !== 'active') errors.push(fieldError(at(i, 'trafficSourceId'), 'Choose an active traffic source'));
      else if (offer.trafficSourceIds.length && !offer.trafficSourceIds.includes(s.id))
        errors.push(fieldError(at(i, 'trafficSourceId'), 'The offer does not accept this traffic source', 'pattern'));
    }
    w.landerIds?.forEach((id, j) => {
      const l = landerById.get(id);
      const loc = at(i, 'landerIds', j);
      if (!l) return errors.push(fieldError(loc, 'required'));
      if (l.offerId !== offer.id) return errors.push(fieldError(loc, 'The lander belongs to another offer', 'pattern'));
      if (w.current?.landerIds.has(id)) return;
      if (l.status !== 'active') return errors.push(fieldError(loc, 'The lander is inactive', 'status'));
      const sieve = l.sieve as { affiliateIds?: number[]; teamIds?: number[] };
      const team = teams.get(w.affiliateId) ?? null;
      const outByAffiliate = !!sieve.affiliateIds?.length && !sieve.affiliateIds.includes(w.affiliateId);
      const outByTeam = !!sieve.teamIds?.length && (team === null || !sieve.teamIds.includes(team));
      if (outByAffiliate || outByTeam) errors.push(fieldError(loc, 'The lander is not available to this affiliate', 'sieve'));
    });
    w.postbackIds?.forEach((id, j) => {
      if (w.current?.postbackIds.has(id)) return;
      const p = postbackById.get(id);
      if (!p || p.scope !== 'affiliate' || p.affiliateId !== w.affiliateId)
        errors.push(
          fieldError(
            at(i, 'postbackIds', j),
            isAffiliate(actor) ? 'Choose one of your own postbacks' : "Choose one of the affiliate's own postbacks",
          ),
        );
    });
  }
  return errors;
}

/** 403 errors come first (no access), then the 400 ones; nothing is written when there are any. */
function throwErrors(forbidden: ApiErrorItem[], errors: ApiErrorItem[]) {
  if (forbidden.length) throw new AppError('FORBIDDEN', forbidden[0].msg, forbidden);
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
}

/** The affiliate of each created campaign: affiliates themselves; staff one affiliate user in their scope. */
async function resolveAffiliates(
  ctx: Ctx,
  items: CreateItem[],
  forbidden: ApiErrorItem[],
  errors: ApiErrorItem[],
): Promise<(number | null)[]> {
  const actor = requireActor(ctx);
  if (isAffiliate(actor))
    return items.map((x, i) => {
      if (x.affiliateId !== undefined && x.affiliateId !== actor.id) {
        forbidden.push(fieldError(at(i, 'affiliateId'), 'You can create campaigns only for yourself', 'forbidden'));
        return null;
      }
      return actor.id;
    });
  scopeWhere(ctx);
  const wanted = [...new Set(items.flatMap((x) => (x.affiliateId === undefined ? [] : [x.affiliateId])))];
  const scope = peopleScope(actor, 'read');
  const found = wanted.length
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(
            inArray(users.id, wanted),
            eq(roles.type, 'affiliate'),
            scope === 'all'
              ? undefined
              : scope === 'none'
                ? sql`false`
                : inArray(
                    users.id,
                    ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
                  ),
          ),
        )
    : [];
  const ok = new Set(found.map((r) => r.id));
  return items.map((x, i) => {
    if (x.affiliateId === undefined) {
      errors.push(fieldError(at(i, 'affiliateId'), 'required', 'required'));
      return null;
    }
    if (!ok.has(x.affiliateId)) {
      errors.push(fieldError(at(i, 'affiliateId'), 'required'));
      return null;
    }
    return x.affiliateId;
  });
}

function newKey(): string {
  return randomToken(9); // 12 URL-safe characters, 72 random bits
}

/** Inserts a campaign under a fresh random key, drawing again on the (rare) collision. */
async function insertCampaign(ctx: Ctx, values: Omit<typeof campaigns.$inferInsert, 'key'>): Promise<{ id: number; key: string }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const key = newKey();
    const [row] = await ctx.db
      .insert(campaigns)
      .values({ ...values, key })
      .onConflictDoNothing({ target: campaigns.key })
      .returning({ id: campaigns.id, key: campaigns.key });
    if (row) return row;
  }
  throw new Error('could not draw a free campaign key in 8 attempts');
}

async function setLinks(ctx: Ctx, id: number, landerIds: number[] | undefined, postbackIds: number[] | undefined) {
  if (landerIds) {
    await ctx.db.delete(campaignLanders).where(eq(campaignLanders.campaignId, id));
    if (landerIds.length) await ctx.db.insert(campaignLanders).values(landerIds.map((landerId) => ({ campaignId: id, landerId })));
  }
  if (postbackIds) {
    await ctx.db.delete(campaignPostbacks).where(eq(campaignPostbacks.campaignId, id));
    if (postbackIds.length)
      await ctx.db.insert(campaignPostbacks).values(postbackIds.map((postbackId) => ({ campaignId: id, postbackId })));
  }
}

async function linksOf(ctx: Ctx, ids: number[]) {
  const [l, p] = await Promise.all([
    ctx.db.select().from(campaignLanders).where(inArray(campaignLanders.campaignId, ids)),
    ctx.db.select().from(campaignPostbacks).where(inArray(campaignPostbacks.campaignId, ids)),
  ]);
  return {
    landers: (id: number) => l.filter((x) => x.campaignId === id).map((x) => x.landerId),
    postbacks: (id: number) => p.filter((x) => x.campaignId === id).map((x) => x.postbackId),
  };
}

/** Which of the (affiliate, offer) pairs have access / visibility, by `${affiliate}:${offer}`. */
async function accessOf(ctx: Ctx, pairs: { affiliateId: number; offerId: number }[]) {
  const byAffiliate = new Map<number, number[]>();
  for (const p of pairs) byAffiliate.set(p.affiliateId, [...(byAffiliate.get(p.affiliateId) ?? []), p.offerId]);
  const out = new Map<string, { access: boolean; visible: boolean }>();
  for (const [affiliateId, offerIds] of byAffiliate)
    for (const [offerId, a] of await offerAccess(ctx, affiliateId, offerIds)) out.set(`${affiliateId}:${offerId}`, a);
  return (affiliateId: number, offerId: number) => out.get(`${affiliateId}:${offerId}`) ?? { access: false, visible: false };
}

// ---------------------------------------------------------------- writes

/**
 * Creates campaigns. The offer must be visible to the campaign's affiliate (active, public or assigned to them or
 * their team): otherwise 403 'You have no access to this offer' on `offerId`. A traffic-blocked affiliate's campaign
 * is saved, with a notice.
 */
export async function create(ctx: Ctx, items: CreateItem[], mainUrl: string) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const forbidden: ApiErrorItem[] = [];
    const errors: ApiErrorItem[] = [];
    const affiliateIds = await resolveAffiliates(c, items, forbidden, errors);
    const offerById = await loadOffers(
      c,
      items.map((x) => x.offerId),
    );
    const access = await accessOf(
      c,
      items.flatMap((x, i) => (affiliateIds[i] === null ? [] : [{ affiliateId: affiliateIds[i]!, offerId: x.offerId }])),
    );
    const wanted: Wanted[] = [];
    items.forEach((x, i) => {
      const affiliateId = affiliateIds[i];
      const offer = offerById.get(x.offerId);
      if (!offer && !isAffiliate(actor)) return errors.push(fieldError(at(i, 'offerId'), 'required'));
      if (affiliateId === null) return;
      if (!offer || !access(affiliateId, x.offerId).visible)
        return forbidden.push(fieldError(at(i, 'offerId'), isAffiliate(actor) ? NO_ACCESS : NO_ACCESS_STAFF, 'no_offer_access'));
      wanted.push({ index: i, affiliateId, offer, ...x });
    });
    throwErrors(forbidden, [...errors, ...(await fieldErrors(c, wanted))]);

    const created: number[] = [];
    const audits: AuditEntry[] = [];
    for (const [i, x] of items.entries()) {
      const offer = offerById.get(x.offerId)!;
      const row = await insertCampaign(c, {
        title: x.title,
        affiliateId: affiliateIds[i]!,
        offerId: x.offerId,
        integrationMethod: x.integrationMethod ?? offer.integrationMethod,
        countries: x.countries,
        domainId: x.domainId,
        trafficSourceId: x.trafficSourceId,
        targetUrlSettings: x.targetUrlSettings,
        status: x.status,
        statusChangedAt: ctx.now(),
        statusChangedBy: actor.id,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
        createdBy: actor.id,
      });
      await setLinks(c, row.id, x.landerIds, x.postbackIds);
      created.push(row.id);
      audits.push({
        entity: 'campaign',
        entityId: row.id,
        action: 'create',
        changes: { ...x, affiliateId: affiliateIds[i], key: row.key },
      });
    }
    await recordAudits(c, audits);
    return created;
  });
  return byIds(ctx, ids, mainUrl);
}

/** Edits campaigns. Their affiliate and offer never change; a deleted campaign cannot be edited. */
export async function update(ctx: Ctx, items: UpdateItem[], mainUrl: string) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockScoped(
      c,
      items.map((x) => x.id),
    );
    const errors: ApiErrorItem[] = [];
    items.forEach((x, i) => {
      const row = current.get(x.id)!;
      if (x.affiliateId !== undefined && x.affiliateId !== row.affiliateId)
        errors.push(fieldError(at(i, 'affiliateId'), 'The affiliate of a campaign cannot be changed', 'immutable'));
      if (x.offerId !== undefined && x.offerId !== row.offerId)
        errors.push(fieldError(at(i, 'offerId'), 'The offer of a campaign cannot be changed: clone it or create a new one', 'immutable'));
    });
    if (errors.length) throw AppError.business(errors[0].msg, errors);
    const deleted = items.find((x) => current.get(x.id)!.status === 'deleted');
    if (deleted) throw AppError.business('A deleted campaign cannot be edited');

    const offerById = await loadOffers(
      c,
      [...current.values()].map((r) => r.offerId),
    );
    const links = await linksOf(c, [...current.keys()]);
    const wanted: Wanted[] = items.map((x, i) => {
      const row = current.get(x.id)!;
      return {
        index: i,
        affiliateId: row.affiliateId,
        offer: offerById.get(row.offerId)!,
        ...x,
        current: {
          domainId: row.domainId,
          trafficSourceId: row.trafficSourceId,
          landerIds: new Set(links.landers(row.id)),
          postbackIds: new Set(links.postbacks(row.id)),
        },
      };
    });
    throwErrors([], await fieldErrors(c, wanted));

    const audits: AuditEntry[] = [];
    for (const { id, landerIds, postbackIds, affiliateId: _a, offerId: _o, ...patch } of items) {
      const row = current.get(id)!;
      const changes = diffFields(row, { ...patch, targetUrlSettings: patch.targetUrlSettings as Row['targetUrlSettings'] | undefined });
      const sameSet = (a: number[] | undefined, b: number[]) => !a || (a.length === b.length && a.every((x) => b.includes(x)));
      const landersChanged = !sameSet(landerIds, links.landers(id));
      const postbacksChanged = !sameSet(postbackIds, links.postbacks(id));
      if (!changes && !landersChanged && !postbacksChanged) continue;
      await tx
        .update(campaigns)
        .set({ ...(changes?.after ?? {}), updatedAt: ctx.now() })
        .where(eq(campaigns.id, id));
      await setLinks(c, id, landersChanged ? landerIds : undefined, postbacksChanged ? postbackIds : undefined);
      audits.push({
        entity: 'campaign',
        entityId: id,
        action: 'update',
        changes: {
          ...(changes ?? { before: {}, after: {} }),
          ...(landersChanged ? { landerIds } : {}),
          ...(postbacksChanged ? { postbackIds } : {}),
        },
      });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids, mainUrl);
}

/**
 * Status changes, singly or in mass, all or nothing:
 * - `offer_revoked` is set by the system only (400);
 * - blocking needs `campaign.block` and a reason; leaving `blocked` needs `campaign.block` too, so an affiliate
 *   cannot re-activate (nor delete and re-create around) a campaign the network blocked;
 * - `deleted` is final;
 * - activating needs the affiliate's access to the offer (a campaign revoked with the offer stays revoked).
 */
export async function changeStatus(ctx: Ctx, items: StatusItem[], mainUrl: string) {
  const actor = requireActor(ctx);
  const mayBlock = hasPermission(actor, BLOCK);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockScoped(
      c,
      items.map((x) => x.id),
    );
    const revoked = items.findIndex((x) => x.status === 'offer_revoked');
    if (revoked >= 0)
      throw AppError.field(
        at(revoked, 'status'),
        'pattern',
        'The status offer_revoked is set by the system when the affiliate loses access to the offer',
        'system_status',
      );
    items.forEach((x) => {
      const row = current.get(x.id)!;
      if (row.status === x.status) return;
      if (row.status === 'deleted') throw AppError.business(`The campaign '${row.title}' is deleted and cannot be restored`);
      if (x.status === 'blocked' && !mayBlock) throw AppError.forbidden('You cannot block campaigns');
      if (row.status === 'blocked' && !mayBlock)
        throw AppError.forbidden(
          `The campaign '${row.title}' was blocked by the network${row.blockReason ? ` (${row.blockReason})` : ''}: only a manager can unblock it`,
        );
    });
    const activating = items.filter((x) => x.status === 'active' && current.get(x.id)!.status !== 'active');
    const access = await accessOf(
      c,
      activating.map((x) => ({ affiliateId: current.get(x.id)!.affiliateId, offerId: current.get(x.id)!.offerId })),
    );
    for (const x of activating) {
      const row = current.get(x.id)!;
      if (!access(row.affiliateId, row.offerId).access)
        throw AppError.forbidden(
          isAffiliate(actor)
            ? `${NO_ACCESS}: the campaign '${row.title}' cannot be activated`
            : `${NO_ACCESS_STAFF}: the campaign '${row.title}' cannot be activated`,
        );
    }

    const audits: AuditEntry[] = [];
    for (const x of items) {
      const row = current.get(x.id)!;
      const blockReason = x.status === 'blocked' ? x.reason! : null;
      if (row.status === x.status && row.blockReason === blockReason) continue;
      await tx
        .update(campaigns)
        .set({ status: x.status, blockReason, statusChangedAt: ctx.now(), statusChangedBy: actor.id, updatedAt: ctx.now() })
        .where(eq(campaigns.id, x.id));
      audits.push({
        entity: 'campaign',
        entityId: x.id,
        action: x.status === 'deleted' ? 'delete' : x.status === 'blocked' ? 'block' : 'change_status',
        changes: { before: { status: row.status, blockReason: row.blockReason }, after: { status: x.status, blockReason } },
      });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids, mainUrl);
}

/**
 * Clones: a new key, the title with ' (copy)', status active, the same offer, affiliate, settings, landers and
 * postbacks. The offer must still be visible to the affiliate; a deleted campaign is not cloned, nor a blocked one
 * without `campaign.block`.
 */
export async function clone(ctx: Ctx, items: { id: number }[], mainUrl: string) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockScoped(
      c,
      items.map((x) => x.id),
    );
    for (const row of current.values()) {
      if (row.status === 'deleted') throw AppError.business(`The campaign '${row.title}' is deleted and cannot be cloned`);
      if (row.status === 'blocked' && !hasPermission(actor, BLOCK))
        throw AppError.forbidden(`The campaign '${row.title}' was blocked by the network and cannot be cloned`);
    }
    const access = await accessOf(
      c,
      [...current.values()].map((r) => ({ affiliateId: r.affiliateId, offerId: r.offerId })),
    );
    items.forEach((x, i) => {
      const row = current.get(x.id)!;
      if (!access(row.affiliateId, row.offerId).visible)
        throw new AppError('FORBIDDEN', isAffiliate(actor) ? NO_ACCESS : NO_ACCESS_STAFF, [
          fieldError(at(i, 'id'), isAffiliate(actor) ? NO_ACCESS : NO_ACCESS_STAFF, 'no_offer_access'),
        ]);
    });
    const links = await linksOf(c, [...current.keys()]);
    const created: number[] = [];
    const audits: AuditEntry[] = [];
    for (const x of items) {
      const row = current.get(x.id)!;
      const title =
        row.title.length + COPY.length > TITLE_MAX
          ? `${row.title.slice(0, TITLE_MAX - COPY.length).trimEnd()}${COPY}`
          : `${row.title}${COPY}`;
      const copy = await insertCampaign(c, {
        title,
        affiliateId: row.affiliateId,
        offerId: row.offerId,
        integrationMethod: row.integrationMethod,
        countries: row.countries,
        domainId: row.domainId,
        trafficSourceId: row.trafficSourceId,
        targetUrlSettings: row.targetUrlSettings,
        autocreated: false,
        status: 'active',
        statusChangedAt: ctx.now(),
        statusChangedBy: actor.id,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
        createdBy: actor.id,
      });
      await setLinks(c, copy.id, links.landers(row.id), links.postbacks(row.id));
      created.push(copy.id);
      audits.push({ entity: 'campaign', entityId: copy.id, action: 'clone', changes: { from: row.id, key: copy.key } });
    }
    await recordAudits(c, audits);
    return created;
  });
  return byIds(ctx, ids, mainUrl);
}

export const messages = {
  created: (n: number) => counted(n, 'Campaign created', 'campaigns created'),
  saved: (n: number) => counted(n, 'Campaign saved', 'campaigns saved'),
  cloned: (n: number) => counted(n, 'Campaign cloned', 'campaigns cloned'),
  status: (items: { status: string }[]) => {
    const all = (s: string) => items.every((x) => x.status === s);
    if (all('blocked')) return counted(items.length, 'Campaign blocked', 'campaigns blocked');
    if (all('deleted')) return counted(items.length, 'Campaign deleted', 'campaigns deleted');
    return counted(items.length, 'Campaign status changed', 'campaigns changed status');
  },
};
