/**
 * The landing API library (`/landings-api`): landing pages kept once, with categories, tags, a vertical and one
 * version per language (its own URLs and status), assigned to offers through landers made from a version (the lander
 * copies the version's language and URLs when it is created). `assignedToOffers` are the offers whose landers use one
 * of the page's versions.
 */
import {
  LANDERS_API_STATUSES,
  unknownLanderMacro,
  type ApiErrorItem,
  type landerApiLanguageInput,
  type landerApiCreate,
  type landerApiListQuery,
  type landerApiLookupQuery,
  type landerApiUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  categories,
  landers,
  landersApi,
  landersApiCategories,
  landersApiLanguages,
  landersApiTags,
  offers,
  tags,
  users,
  verticals,
} from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { author, duplicateTitleErrors, missingIds, uniqueGuard } from '../../sell-side/integrations';
import { linkedTo, listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';

type Row = typeof landersApi.$inferSelect;
type Status = (typeof LANDERS_API_STATUSES)[number];
type PageType = 'landing' | 'prelanding';
type CreateItem = z.infer<typeof landerApiCreate>;
type UpdateItem = z.infer<typeof landerApiUpdate>;
type LanguageInput = z.infer<typeof landerApiLanguageInput>;

export const READ = 'front.menu.landers_api.read';
export const WRITE = 'landers_api.update';
const DUPLICATE = 'A landing API page with this title already exists';
export const IN_USE_MESSAGE = 'A language version used by landers cannot be removed; deactivate it instead';
const LIST: ListSpec = {
  orderBy: {
    id: landersApi.id,
    title: sql`lower(${landersApi.title})`,
    status: landersApi.status,
    pageType: landersApi.pageType,
    createdAt: landersApi.createdAt,
  },
  defaultOrder: 'id:desc',
  statuses: LANDERS_API_STATUSES,
};

const select = (ctx: Ctx) =>
  ctx.db
    .select({ api: landersApi, author, vertical: { id: verticals.id, title: verticals.title } })
    .from(landersApi)
    .leftJoin(users, eq(users.id, landersApi.createdBy))
    .leftJoin(verticals, eq(verticals.id, landersApi.verticalId));
type Selected = {
  api: Row;
  author: { id: number; firstName: string; lastName: string; email: string } | null;
  vertical: { id: number; title: string } | null;
};

async function toViews(ctx: Ctx, rows: Selected[]) {
  const ids = rows.map((r) => r.api.id);
  if (!ids.length) return [];
  const [categoryRows, tagRows, languageRows, offerRows] = await Promise.all([
    ctx.db
      .select({ apiId: landersApiCategories.landerApiId, id: categories.id, title: categories.title })
      .from(landersApiCategories)
      .innerJoin(categories, eq(categories.id, landersApiCategories.categoryId))
      .where(inArray(landersApiCategories.landerApiId, ids))
      .orderBy(asc(categories.title)),
    ctx.db
      .select({ apiId: landersApiTags.landerApiId, id: tags.id, title: tags.title })
      .from(landersApiTags)
      .innerJoin(tags, eq(tags.id, landersApiTags.tagId))
      .where(inArray(landersApiTags.landerApiId, ids))
      .orderBy(asc(tags.title)),
    ctx.db
      .select({ language: landersApiLanguages, landersCount: count(landers.id) })
      .from(landersApiLanguages)
      .leftJoin(landers, eq(landers.landerApiLanguageId, landersApiLanguages.id))
      .where(inArray(landersApiLanguages.landerApiId, ids))
      .groupBy(landersApiLanguages.id)
      .orderBy(asc(landersApiLanguages.language)),
    ctx.db
      .selectDistinct({ apiId: landersApiLanguages.landerApiId, id: offers.id, title: offers.title, status: offers.status })
      .from(landers)
      .innerJoin(landersApiLanguages, eq(landersApiLanguages.id, landers.landerApiLanguageId))
      .innerJoin(offers, eq(offers.id, landers.offerId))
      .where(inArray(landersApiLanguages.landerApiId, ids))
      .orderBy(asc(offers.id)),
  ]);
  const pick = <T extends { apiId: number }>(list: T[], id: number) => list.filter((x) => x.apiId === id).map(({ apiId: _, ...x }) => x);
  return rows.map(({ api: a, ...r }) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    vertical: r.vertical?.id ? r.vertical : null,
    pageType: a.pageType as PageType,
    status: a.status as Status,
    categories: pick(categoryRows, a.id),
    tags: pick(tagRows, a.id),
    languages: languageRows
      .filter((x) => x.language.landerApiId === a.id)
      .map(({ language: l, landersCount }) => ({
        id: l.id,
        language: l.language,
        targetUrl: l.targetUrl,
        previewUrl: l.previewUrl,
        status: l.status as Status,
        landersCount: Number(landersCount),
      })),
    assignedToOffers: pick(offerRows, a.id),
    createdAt: toSeconds(a.createdAt)!,
    createdBy: r.author,
  }));
}

const bySearch = (search: string) => or(ilike(landersApi.title, contains(search)), sql`${landersApi.id}::text = ${search}`);

export async function list(ctx: Ctx, q: z.infer<typeof landerApiListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(landersApi.status, p.statuses) : undefined,
    p.search ? bySearch(p.search) : undefined,
    q.verticalId?.length ? inArray(landersApi.verticalId, q.verticalId) : undefined,
    q.pageType?.length ? inArray(landersApi.pageType, q.pageType) : undefined,
    linkedTo(ctx, landersApi.id, landersApiCategories.landerApiId, landersApiCategories.categoryId, q.categoryId),
    linkedTo(ctx, landersApi.id, landersApiTags.landerApiId, landersApiTags.tagId, q.tagId),
    linkedTo(ctx, landersApi.id, landersApiLanguages.landerApiId, landersApiLanguages.language, q.language),
  );
  return listPage(ctx, p, {
    table: landersApi,
    idColumn: landersApi.id,
    where,
    query: select(ctx).$dynamic(),
    views: (rows) => toViews(ctx, rows),
  });
}

export async function get(ctx: Ctx, id: number) {
  const rows = await select(ctx).where(eq(landersApi.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Landing API page');
  return (await toViews(ctx, rows))[0];
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => toViews(ctx, await select(ctx).where(inArray(landersApi.id, unique))));
}

/** the distinct languages of the versions, for the filters */
export async function languages(ctx: Ctx) {
  const rows = await ctx.db
    .selectDistinct({ language: landersApiLanguages.language })
    .from(landersApiLanguages)
    .orderBy(asc(landersApiLanguages.language));
  return { items: rows.map((r) => r.language) };
}

/**
 * The lander form's picker: pages with their versions; by default active pages with their active versions only, of
 * the given vertical (or of none). The pages of chosen `ids` are answered whatever their status.
 */
export async function lookup(ctx: Ctx, q: z.infer<typeof landerApiLookupQuery>) {
  const anyStatus = !!q.anyStatus || !!q.ids?.length;
  const rows = await ctx.db
    .select({
      id: landersApi.id,
      title: landersApi.title,
      status: landersApi.status,
      verticalId: landersApi.verticalId,
      pageType: landersApi.pageType,
    })
    .from(landersApi)
    .where(
      and(
        q.ids?.length ? inArray(landersApi.id, q.ids) : undefined,
        anyStatus ? undefined : eq(landersApi.status, 'active'),
        q.verticalId ? or(eq(landersApi.verticalId, q.verticalId), isNull(landersApi.verticalId)) : undefined,
        q.search ? bySearch(q.search) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${landersApi.title})`), asc(landersApi.id))
    .limit(q.limit);
  const ids = rows.map((r) => r.id);
  const versions = ids.length
    ? await ctx.db
        .select()
        .from(landersApiLanguages)
        .where(and(inArray(landersApiLanguages.landerApiId, ids), anyStatus ? undefined : eq(landersApiLanguages.status, 'active')))
        .orderBy(asc(landersApiLanguages.language))
    : [];
  return {
    items: rows.map((r) => ({
      ...r,
      status: r.status as Status,
      pageType: r.pageType as PageType,
      languages: versions
        .filter((v) => v.landerApiId === r.id)
        .map((v) => ({ id: v.id, language: v.language, targetUrl: v.targetUrl, previewUrl: v.previewUrl, status: v.status as Status })),
    })),
  };
}

// ---------------------------------------------------------------- writes

/** the version URLs carry lander macros only; the message names the first unknown one */
function macroErrors(list: LanguageInput[], loc: (j: number) => (string | number)[]): { errors: ApiErrorItem[]; message?: string } {
  const errors: ApiErrorItem[] = [];
  let message: string | undefined;
  list.forEach((l, j) => {
    const bad = unknownLanderMacro(l.targetUrl);
    if (bad === null) return;
    errors.push({ msg: 'pattern', type: 'macro', loc: [...loc(j), 'targetUrl'] });
    message ??= `Unknown macro {${bad}} in the target URL of the ${l.language} version`;
  });
  return { errors, message };
}

async function referenceErrors(
  ctx: Ctx,
  items: { verticalId?: number | null; categoryIds?: number[]; tagIds?: number[] }[],
): Promise<ApiErrorItem[]> {
  const at = (i: number, ...rest: (string | number)[]) => ['body', 'items', i, ...rest];
  const errors = await missingIds(
    ctx,
    verticals.id,
    verticals,
    items.map((x, i) => ({ id: x.verticalId, loc: at(i, 'verticalId') })),
  );
  errors.push(
    ...(await missingIds(
      ctx,
      categories.id,
      categories,
      items.flatMap((x, i) => (x.categoryIds ?? []).map((id, j) => ({ id, loc: at(i, 'categoryIds', j) }))),
    )),
  );
  const tagIds = [...new Set(items.flatMap((x) => x.tagIds ?? []))];
  if (tagIds.length) {
    const ok = new Set(
      (
        await ctx.db
          .select({ id: tags.id })
          .from(tags)
          .where(and(inArray(tags.id, tagIds), eq(tags.type, 'landing')))
      ).map((r) => r.id),
    );
    items.forEach((x, i) =>
      x.tagIds?.forEach((t, j) => !ok.has(t) && errors.push({ msg: 'required', type: 'exists', loc: at(i, 'tagIds', j) })),
    );
  }
  return errors;
}

async function setLinks(ctx: Ctx, id: number, categoryIds: number[] | undefined, tagIds: number[] | undefined) {
  if (categoryIds) {
    await ctx.db.delete(landersApiCategories).where(eq(landersApiCategories.landerApiId, id));
    if (categoryIds.length)
      await ctx.db.insert(landersApiCategories).values(categoryIds.map((categoryId) => ({ landerApiId: id, categoryId })));
  }
  if (tagIds) {
    await ctx.db.delete(landersApiTags).where(eq(landersApiTags.landerApiId, id));
    if (tagIds.length) await ctx.db.insert(landersApiTags).values(tagIds.map((tagId) => ({ landerApiId: id, tagId })));
  }
}

function fail(errors: ApiErrorItem[], message?: string) {
  if (!errors.length) return;
  throw new AppError(
    'VALIDATION',
    errors.some((e) => e.msg === 'unique' && e.loc.at(-1) === 'title') ? DUPLICATE : (message ?? 'Validation failed'),
    errors,
  );
}

export async function create(ctx: Ctx, items: CreateItem[]) {
  const actor = requireActor(ctx);
  const macros = items.map((x, i) => macroErrors(x.languages, (j) => ['body', 'items', i, 'languages', j]));
  fail(
    [
      ...(await duplicateTitleErrors(ctx, landersApi, landersApi, items)),
      ...(await referenceErrors(ctx, items)),
      ...macros.flatMap((m) => m.errors),
    ],
    macros.find((m) => m.message)?.message,
  );
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const created: number[] = [];
    for (const [i, { categoryIds, tagIds, languages: versions, ...item }] of items.entries()) {
      const [row] = await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
        tx
          .insert(landersApi)
          .values({ ...item, createdBy: actor.id, createdAt: ctx.now() })
          .returning({ id: landersApi.id }),
      );
      await setLinks(c, row.id, categoryIds, tagIds);
      if (versions.length) await tx.insert(landersApiLanguages).values(versions.map((v) => ({ ...v, landerApiId: row.id })));
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((item, i) => ({ entity: 'lander_api', entityId: created[i], action: 'create', changes: item })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateItem[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      landersApi,
      landersApi.id,
      items.map((x) => x.id),
      'Landing API page',
    );
    fail([...(await duplicateTitleErrors(c, landersApi, landersApi, items)), ...(await referenceErrors(c, items))]);
    const audits: AuditEntry[] = [];
    for (const [i, { id, categoryIds, tagIds, ...patch }] of items.entries()) {
      const changes = diffFields(current.get(id)!, patch);
      if (changes)
        await uniqueGuard(['body', 'items', i, 'title'], DUPLICATE, () =>
          tx.update(landersApi).set(changes.after).where(eq(landersApi.id, id)),
        );
      await setLinks(c, id, categoryIds, tagIds);
      if (changes || categoryIds || tagIds)
        audits.push({
          entity: 'lander_api',
          entityId: id,
          action: 'update',
          changes: { ...(changes ?? { before: {}, after: {} }), ...(categoryIds ? { categoryIds } : {}), ...(tagIds ? { tagIds } : {}) },
        });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses(
    ctx,
    { table: landersApi, idColumn: landersApi.id, entity: 'lander_api', what: 'Landing API page' },
    items,
  );
  return byIds(ctx, ids);
}

/**
 * Replaces the page's language versions with the given set, one per language: a version of a language already there
 * is edited in place (landers made from it keep pointing at it), a new language is added, a missing one is removed —
 * unless landers were made from it (409: deactivate it instead). Landers keep the URLs they copied.
 */
export async function editLanguages(ctx: Ctx, id: number, set: LanguageInput[]) {
  const { errors, message } = macroErrors(set, (j) => ['body', 'data', j]);
  fail(errors, message);
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    await lockById<Row>(c, landersApi, landersApi.id, [id], 'Landing API page');
    const existing = await tx.select().from(landersApiLanguages).where(eq(landersApiLanguages.landerApiId, id)).for('update');
    const byLanguage = new Map(existing.map((l) => [l.language, l]));
    const wanted = new Set(set.map((x) => x.language));
    const gone = existing.filter((l) => !wanted.has(l.language));
    if (gone.length) {
      const used = await tx
        .selectDistinct({ id: landers.landerApiLanguageId })
        .from(landers)
        .where(
          inArray(
            landers.landerApiLanguageId,
            gone.map((g) => g.id),
          ),
        );
      if (used.length) {
        const inUse = gone.filter((g) => used.some((u) => u.id === g.id)).map((g) => g.language);
        throw AppError.conflict(`${IN_USE_MESSAGE} (${inUse.join(', ')})`);
      }
      await tx.delete(landersApiLanguages).where(
        inArray(
          landersApiLanguages.id,
          gone.map((g) => g.id),
        ),
      );
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const g of gone) before[g.language] = { targetUrl: g.targetUrl, previewUrl: g.previewUrl, status: g.status };
    for (const v of set) {
      const old = byLanguage.get(v.language);
      if (!old) {
        await tx.insert(landersApiLanguages).values({ ...v, landerApiId: id });
        after[v.language] = v;
        continue;
      }
      const changes = diffFields(old, v);
      if (!changes) continue;
      await tx.update(landersApiLanguages).set(changes.after).where(eq(landersApiLanguages.id, old.id));
      before[v.language] = changes.before;
      after[v.language] = changes.after;
    }
    if (Object.keys(before).length || Object.keys(after).length)
      await recordAudits(c, [{ entity: 'lander_api', entityId: id, action: 'edit_languages', changes: { before, after } }]);
  });
  return get(ctx, id);
}
