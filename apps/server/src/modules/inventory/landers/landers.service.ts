/**
 * Landers (the landings tab of an offer): list, detail, create, edit (one or many: the bulk edit), change status,
 * one sieve on many landers, the look-up, and what the campaign form needs. Staff get the full view; affiliates the
 * public view of the active landers of offers visible to them (see ./scope.ts).
 *
 * Rules: every `{...}` of the target URL and of the additional parameters is a lander macro; a landing API language
 * copies its language (and its URLs when none are given); the advertiser receives the offer's leads (an advertiser
 * target of the offer) or works in the offer's vertical; the guard of product §4 — a landing cannot be activated while
 * its advertiser is inactive (blocked) — answers 409.
 */
import {
  LANDER_STATUSES,
  sieveFor,
  unknownLanderMacro,
  type ApiErrorItem,
  type landerCampaignInfoQuery,
  type landerCreate,
  type landerListQuery,
  type landerLookupQuery,
  type landerSieveEdit,
  type landerUpdate,
  storedSieve,
} from '@leadgrid/shared';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { advertisers, landers, landersApi, landersApiLanguages, offerAdvertisers, offers, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { author } from '../../sell-side/integrations';
import { affiliateAudience, audienceOf, readableOffer, sieveAdmits, visibleOffersWhere, type Audience } from './scope';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof landers.$inferSelect;
type Status = (typeof LANDER_STATUSES)[number];
type CreateItem = z.infer<typeof landerCreate>;
type UpdateItem = z.infer<typeof landerUpdate>;
type Loc = (string | number)[];

export const READ = 'front.menu.offers.read';
export const WRITE = 'offer.update';
export const GUARD_MESSAGE = 'A landing cannot be activated while its advertiser is inactive';
const LIST: ListSpec = {
  orderBy: {
    id: landers.id,
    title: sql`lower(${landers.title})`,
    weight: landers.weight,
    status: landers.status,
    language: landers.language,
    pageType: landers.pageType,
    createdAt: landers.createdAt,
  },
  defaultOrder: 'id:desc',
  statuses: LANDER_STATUSES,
};

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      lander: landers,
      author,
      advertiser: { id: advertisers.id, title: advertisers.title, status: advertisers.status },
      apiLanguage: { id: landersApiLanguages.id, language: landersApiLanguages.language },
      api: { id: landersApi.id, title: landersApi.title },
    })
    .from(landers)
    .leftJoin(users, eq(users.id, landers.createdBy))
    .leftJoin(advertisers, eq(advertisers.id, landers.advertiserId))
    .leftJoin(landersApiLanguages, eq(landersApiLanguages.id, landers.landerApiLanguageId))
    .leftJoin(landersApi, eq(landersApi.id, landersApiLanguages.landerApiId));
type Selected = Awaited<ReturnType<ReturnType<typeof select>['limit']>>[number];

function staffView({ lander: l, ...r }: Selected) {
  return {
    id: l.id,
    offerId: l.offerId,
    title: l.title,
    pageType: l.pageType as 'landing' | 'prelanding',
    targetUrl: l.targetUrl,
    previewUrl: l.previewUrl,
    advertiser: r.advertiser?.id ? { ...r.advertiser, status: r.advertiser.status as 'active' | 'blocked' } : null,
    weight: l.weight,
    additionalParameters: l.additionalParameters,
    landerApiLanguage:
      r.apiLanguage?.id && r.api?.id
        ? { id: r.apiLanguage.id, language: r.apiLanguage.language, landerApi: { id: r.api.id, title: r.api.title } }
        : null,
    language: l.language,
    status: l.status as Status,
    statusChangedAt: toSeconds(l.statusChangedAt),
    sieve: storedSieve(l.sieve),
    createdAt: toSeconds(l.createdAt)!,
    createdBy: r.author,
  };
}

function publicView({ lander: l }: Selected) {
  return {
    id: l.id,
    offerId: l.offerId,
    title: l.title,
    pageType: l.pageType as 'landing' | 'prelanding',
    previewUrl: l.previewUrl,
    language: l.language,
    status: l.status as Status,
  };
}

const viewFor = (audience: Audience) => (audience.kind === 'staff' ? staffView : publicView);

/** what an affiliate may read: active landers of visible offers whose sieve admits them */
function affiliateWhere(ctx: Ctx, audience: Audience): SQL | undefined {
  if (audience.kind !== 'affiliate') return undefined;
  return and(
    eq(landers.status, 'active'),
    sieveAdmits(landers.sieve, audience.affiliateId, audience.teamId),
    inArray(landers.offerId, ctx.db.select({ id: offers.id }).from(offers).where(visibleOffersWhere(audience.affiliateId))),
  );
}

const bySearch = (search: string) => or(ilike(landers.title, contains(search)), sql`${landers.id}::text = ${search}`);

export async function list(ctx: Ctx, q: z.infer<typeof landerListQuery>) {
  const audience = await audienceOf(ctx);
  if (audience.kind === 'affiliate' && q.advertiserId?.length) throw AppError.forbidden('Affiliates cannot filter landers by advertiser');
  const p = parseList(q, LIST);
  await readableOffer(ctx, audience, q.offerId);
  const where = and(
    eq(landers.offerId, q.offerId),
    affiliateWhere(ctx, audience),
    p.statuses ? inArray(landers.status, p.statuses) : undefined,
    p.search ? bySearch(p.search) : undefined,
    q.advertiserId?.length ? inArray(landers.advertiserId, q.advertiserId) : undefined,
    q.language?.length ? inArray(landers.language, q.language) : undefined,
    q.pageType?.length ? inArray(landers.pageType, q.pageType) : undefined,
  );
  return listPage(ctx, p, { table: landers, where, query: select(ctx).$dynamic(), map: viewFor(audience) });
}

export async function get(ctx: Ctx, id: number) {
  const audience = await audienceOf(ctx);
  const rows = await select(ctx)
    .where(and(eq(landers.id, id), affiliateWhere(ctx, audience)))
    .limit(1);
  if (!rows.length) throw AppError.notFound('Lander');
  return viewFor(audience)(rows[0]);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await select(ctx).where(inArray(landers.id, unique))).map((r) => staffView(r)));
}

/** Look-up for filters and pickers: by title or id, optionally of one offer; affiliates see what they may read. */
export async function lookup(ctx: Ctx, q: z.infer<typeof landerLookupQuery>) {
  const audience = await audienceOf(ctx);
  const rows = await ctx.db
    .select({ id: landers.id, title: landers.title, offerId: landers.offerId, language: landers.language, status: landers.status })
    .from(landers)
    .where(
      and(
        affiliateWhere(ctx, audience),
        q.ids?.length ? inArray(landers.id, q.ids) : undefined,
        q.offerId ? eq(landers.offerId, q.offerId) : undefined,
        q.search ? bySearch(q.search) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${landers.title})`), asc(landers.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

/**
 * The active landers of an offer that an affiliate may put in a campaign: the caller themselves, or for staff the
 * affiliate of `affiliateId` (all active landers when none is given). An offer the affiliate cannot see is a 404.
 */
export async function campaignInfo(ctx: Ctx, q: z.infer<typeof landerCampaignInfoQuery>) {
  let audience = await audienceOf(ctx);
  if (q.affiliateId !== undefined) {
    if (audience.kind === 'affiliate') {
      if (q.affiliateId !== audience.affiliateId)
        throw AppError.field(['querystring', 'affiliateId'], 'pattern', 'Affiliates see their own landers only');
    } else audience = await affiliateAudience(ctx, q.affiliateId, ['querystring', 'affiliateId']);
  }
  await readableOffer(ctx, audience, q.offerId);
  const rows = await ctx.db
    .select({
      id: landers.id,
      title: landers.title,
      previewUrl: landers.previewUrl,
      language: landers.language,
      pageType: landers.pageType,
    })
    .from(landers)
    .where(
      and(
        eq(landers.offerId, q.offerId),
        eq(landers.status, 'active'),
        audience.kind === 'affiliate' ? sieveAdmits(landers.sieve, audience.affiliateId, audience.teamId) : undefined,
      ),
    )
    .orderBy(desc(landers.weight), asc(landers.id));
  return { items: rows.map((r) => ({ ...r, pageType: r.pageType as 'landing' | 'prelanding' })) };
}

// ---------------------------------------------------------------- writes

/** the state of a lander a write wants, with where its fields came from in the request */
interface Wanted {
  index: number;
  offerId: number;
  targetUrl?: string;
  previewUrl?: string | null;
  advertiserId?: number | null;
  landerApiLanguageId?: number | null;
  additionalParameters?: { name: string; value: string }[];
}

/**
 * Checks references and macros of the items; fills the landing API language's language and URLs. Answers the field
 * errors (nothing is written when there is one) and the resolved values per item.
 */
async function resolve(ctx: Ctx, wanted: Wanted[]) {
  const errors: ApiErrorItem[] = [];
  let message: string | undefined;
  const at = (i: number, ...rest: (string | number)[]): Loc => ['body', 'items', i, ...rest];
  const offerIds = [...new Set(wanted.map((w) => w.offerId))];
  const offerRows = offerIds.length
    ? await ctx.db.select({ id: offers.id, verticalId: offers.verticalId }).from(offers).where(inArray(offers.id, offerIds))
    : [];
  const offerVertical = new Map(offerRows.map((o) => [o.id, o.verticalId]));

  const advertiserIds = [...new Set(wanted.map((w) => w.advertiserId).filter((x): x is number => typeof x === 'number'))];
  const advertiserRows = advertiserIds.length
    ? await ctx.db
        .select({ id: advertisers.id, verticalId: advertisers.verticalId, status: advertisers.status })
        .from(advertisers)
        .where(inArray(advertisers.id, advertiserIds))
    : [];
  const advertiserById = new Map(advertiserRows.map((a) => [a.id, a]));
  const targets = advertiserIds.length
    ? await ctx.db
        .select({ offerId: offerAdvertisers.offerId, advertiserId: offerAdvertisers.advertiserId })
        .from(offerAdvertisers)
        .where(and(inArray(offerAdvertisers.offerId, offerIds), inArray(offerAdvertisers.advertiserId, advertiserIds)))
    : [];
  const targeted = new Set(targets.map((x) => `${x.offerId}:${x.advertiserId}`));

  const languageIds = [...new Set(wanted.map((w) => w.landerApiLanguageId).filter((x): x is number => typeof x === 'number'))];
  const languageRows = languageIds.length
    ? await ctx.db
        .select({ language: landersApiLanguages, apiStatus: landersApi.status, apiVertical: landersApi.verticalId })
        .from(landersApiLanguages)
        .innerJoin(landersApi, eq(landersApi.id, landersApiLanguages.landerApiId))
        .where(inArray(landersApiLanguages.id, languageIds))
    : [];
  const languageById = new Map(languageRows.map((r) => [r.language.id, r]));

  const resolved = wanted.map((w) => {
    const i = w.index;
    const out: { language?: string | null; targetUrl?: string; previewUrl?: string | null } = {};
    const vertical = offerVertical.get(w.offerId);
    if (vertical === undefined) errors.push({ msg: 'required', type: 'exists', loc: at(i, 'offerId') });
    if (typeof w.advertiserId === 'number') {
      const a = advertiserById.get(w.advertiserId);
      if (!a) errors.push({ msg: 'required', type: 'exists', loc: at(i, 'advertiserId') });
      else if (vertical !== undefined && a.verticalId !== vertical && !targeted.has(`${w.offerId}:${a.id}`)) {
        errors.push({ msg: 'pattern', type: 'advertiser_vertical', loc: at(i, 'advertiserId') });
        message ??= "The advertiser neither receives this offer's leads nor works in the offer's vertical";
      }
    }
    if (typeof w.landerApiLanguageId === 'number') {
      const l = languageById.get(w.landerApiLanguageId);
      if (!l) errors.push({ msg: 'required', type: 'exists', loc: at(i, 'landerApiLanguageId') });
      else if (l.language.status !== 'active' || l.apiStatus !== 'active') {
        errors.push({ msg: 'required', type: 'inactive', loc: at(i, 'landerApiLanguageId') });
        message ??= 'This landing API page or language version is inactive';
      } else if (l.apiVertical !== null && vertical !== undefined && l.apiVertical !== vertical) {
        errors.push({ msg: 'pattern', type: 'vertical', loc: at(i, 'landerApiLanguageId') });
        message ??= "This landing API page belongs to another vertical than the offer's";
      } else {
        out.language = l.language.language;
        if (w.targetUrl === '') out.targetUrl = l.language.targetUrl;
        if (w.previewUrl === null && l.language.previewUrl) out.previewUrl = l.language.previewUrl;
      }
    }
    const url = out.targetUrl ?? w.targetUrl;
    const badUrl = url ? unknownLanderMacro(url) : null;
    if (badUrl !== null) {
      errors.push({ msg: 'pattern', type: 'macro', loc: at(i, 'targetUrl') });
      message ??= `Unknown macro {${badUrl}} in the target URL`;
    }
    w.additionalParameters?.forEach((p, j) => {
      const bad = unknownLanderMacro(p.value);
      if (bad === null) return;
      errors.push({ msg: 'pattern', type: 'macro', loc: at(i, 'additionalParameters', j, 'value') });
      message ??= `Unknown macro {${bad}} in the parameter ${p.name}`;
    });
    return out;
  });
  if (errors.length) throw new AppError('VALIDATION', errors.length === 1 && message ? message : (message ?? 'Validation failed'), errors);
  return { resolved, advertiserById };
}

/** the product §4 guard, for the items that would be active with an advertiser that is not */
function guard(failing: number[]) {
  if (!failing.length) return;
  throw AppError.conflict(
    GUARD_MESSAGE,
    failing.map((i) => ({ msg: GUARD_MESSAGE, type: 'advertiser_inactive', loc: ['body', 'items', i, 'status'] })),
  );
}

async function advertiserStatuses(ctx: Ctx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await ctx.db
    .select({ id: advertisers.id, status: advertisers.status })
    .from(advertisers)
    .where(inArray(advertisers.id, wanted));
  return new Map(rows.map((r) => [r.id, r.status]));
}

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  const { resolved, advertiserById } = await resolve(
    ctx,
    items.map((x, index) => ({ index, ...x })),
  );
  guard(
    items.flatMap((x, i) =>
      x.status === 'active' && x.advertiserId !== null && advertiserById.get(x.advertiserId)?.status !== 'active' ? [i] : [],
    ),
  );
  const ids = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const rows = await tx
      .insert(landers)
      .values(
        items.map((x, i) => ({
          ...x,
          ...resolved[i],
          sieve: sieveFor('landings', x.sieve),
          statusChangedAt: now,
          createdAt: now,
          createdBy: actor.id,
        })),
      )
      .returning({ id: landers.id });
    await recordAudits(
      { ...ctx, db: tx },
      rows.map((r, i) => ({ entity: 'lander', entityId: r.id, action: 'create', changes: { ...items[i], ...resolved[i] } })),
    );
    return rows.map((r) => r.id);
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateItem[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      landers,
      landers.id,
      items.map((x) => x.id),
      'Lander',
    );
    const { resolved } = await resolve(
      c,
      items.map((x, index) => {
        const row = current.get(x.id)!;
        const apiLanguageChanged = x.landerApiLanguageId !== undefined && x.landerApiLanguageId !== row.landerApiLanguageId;
        return {
          index,
          offerId: row.offerId,
          targetUrl: x.targetUrl,
          previewUrl: x.previewUrl,
          advertiserId: x.advertiserId,
          // an unchanged landing API language is not checked again (it may have been deactivated since)
          landerApiLanguageId: apiLanguageChanged ? x.landerApiLanguageId : undefined,
          additionalParameters: x.additionalParameters,
        };
      }),
    );
    const statuses = await advertiserStatuses(
      c,
      items.map((x) => (x.advertiserId !== undefined ? x.advertiserId : current.get(x.id)!.advertiserId)),
    );
    const failing: number[] = [];
    const patches = items.map(({ id, sieve, ...x }, i) => {
      const row = current.get(id)!;
      const patch: Partial<Row> = { ...x, ...resolved[i], ...(sieve ? { sieve: sieveFor('landings', sieve) } : {}) };
      // an empty URL is filled from a newly chosen landing API language only
      if (patch.targetUrl === '') throw AppError.field(['body', 'items', i, 'targetUrl'], 'required');
      const status = patch.status ?? row.status;
      const advertiserId = patch.advertiserId !== undefined ? patch.advertiserId : row.advertiserId;
      const activates = status === 'active' && (row.status !== 'active' || advertiserId !== row.advertiserId);
      if (activates && advertiserId !== null && statuses.get(advertiserId) !== 'active') failing.push(i);
      return { id, row, patch };
    });
    guard(failing);
    const audits: AuditEntry[] = [];
    for (const { id, row, patch } of patches) {
      const changes = diffFields(row, patch);
      if (!changes) continue;
      await tx
        .update(landers)
        .set({ ...changes.after, ...('status' in changes.after ? { statusChangedAt: ctx.now() } : {}) })
        .where(eq(landers.id, id));
      audits.push({ entity: 'lander', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses<Row, Status>(
    ctx,
    {
      table: landers,
      idColumn: landers.id,
      entity: 'lander',
      what: 'Lander',
      check: async (c, current) => {
        const statuses = await advertiserStatuses(
          c,
          [...current.values()].map((r) => r.advertiserId),
        );
        guard(
          items.flatMap((x, i) => {
            const advertiserId = current.get(x.id)!.advertiserId;
            return x.status === 'active' && advertiserId !== null && statuses.get(advertiserId) !== 'active' ? [i] : [];
          }),
        );
      },
      set: () => ({ statusChangedAt: ctx.now() }),
    },
    items,
  );
  return byIds(ctx, ids);
}

/** One sieve (its landings keys) on several landers at once. */
export async function editSieve(ctx: Ctx, data: z.infer<typeof landerSieveEdit>) {
  const sieve = sieveFor('landings', data.sieve);
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(c, landers, landers.id, data.ids, 'Lander');
    const audits: AuditEntry[] = [];
    for (const row of current.values()) {
      const changes = diffFields(row, { sieve });
      if (!changes) continue;
      await tx.update(landers).set({ sieve }).where(eq(landers.id, row.id));
      audits.push({ entity: 'lander', entityId: row.id, action: 'edit_sieve', changes });
    }
    await recordAudits(c, audits);
  });
  return byIds(ctx, data.ids);
}
