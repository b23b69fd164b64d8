/**
 * Integrations: one per advertiser and template, created as a copy of the template's sections; list, edit (title and
 * method flags within the template's restrictions), status (stops connected offers), clone to another advertiser,
 * section edits, "send a test lead" and "run the API sync now".
 */
import {
  type API_SYNC_STATUSES,
  apiSyncSection,
  type LeadStatusMapping,
  OUT_API_TIMEOUT,
  outApiSection,
  SELL_SIDE_STATUSES,
  type ApiErrorItem,
  type ApiParameter,
  type IntegrationMethod,
  type IntegrationSectionName,
  type Postback,
  type integrationCreate,
  type integrationListQuery,
  type integrationUpdate,
} from '@leadgrid/shared';
import { aliasedTable, and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { advertisers, integrations, integrationTemplates, platforms, users, verticals } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { randomToken } from '../../../lib/crypto';
import { diffFields, recordAudit, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { callOutbound } from '../../../lib/outbound';
import { previewIntegrations, stopOffersOfIntegrations } from './cascades';
import { author, uniqueGuard, type AuthorRow } from './common';
import { buildOutApiRequest, parseOutApiResponse, valueAt } from './out-api';
import { leadFieldsOf, sectionsView, writeSection } from './sections';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type Row = typeof integrations.$inferSelect;
type Status = (typeof SELL_SIDE_STATUSES)[number];
export const WRITE = 'advertiser.update';
const DUPLICATE = 'This advertiser already has an integration from this template';
const LIST: ListSpec = {
  orderBy: { id: integrations.id, title: integrations.title, status: integrations.status, createdAt: integrations.createdAt },
  defaultOrder: 'id:desc',
  statuses: SELL_SIDE_STATUSES,
};
const FLAG_METHOD = {
  outApiEnabled: 'api',
  postbackEnabled: 'postback',
  redirectEnabled: 'redirect',
  apiSyncEnabled: 'api_sync',
} as const satisfies Record<string, IntegrationMethod>;
type Flag = keyof typeof FLAG_METHOD;

const template = aliasedTable(integrationTemplates, 'source_template');
const select = (ctx: Ctx) =>
  ctx.db
    .select({
      integration: integrations,
      author,
      advertiser: { id: advertisers.id, secureId: advertisers.secureId, title: advertisers.title, status: advertisers.status },
      template: { id: template.id, title: template.title },
      platform: { id: platforms.id, title: platforms.title },
      vertical: { id: verticals.id, title: verticals.title },
    })
    .from(integrations)
    .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
    .innerJoin(platforms, eq(platforms.id, integrations.platformId))
    .innerJoin(verticals, eq(verticals.id, integrations.verticalId))
    .leftJoin(template, eq(template.id, integrations.templateId))
    .leftJoin(users, eq(users.id, integrations.createdBy));
type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

/** the address the advertiser sends postbacks to, with the parameter names of the postback section */
export function postbackUrlOf(key: string, postback: Partial<Postback>): string {
  const names: [string | undefined, string][] = [
    [postback.clickIdParam ?? 'click_id', '{click_id}'],
    [postback.leadIdParam ?? 'lead_id', '{lead_id}'],
    [postback.statusParam ?? 'status', '{status}'],
    [postback.goalParam ?? 'goal', '{goal}'],
    [postback.payoutParam ?? 'payout', '{payout}'],
    [postback.currencyParam ?? 'currency', '{currency}'],
    [postback.eventIdParam ?? 'event_id', '{event_id}'],
  ];
  const query = names.map(([k, v]) => `${k}=${v}`);
  if (postback.secureCode) query.push(`secure_code=${postback.secureCode}`);
  return `/postback/${key}?${query.join('&')}`;
}

function toView(ctx: Ctx, r: Selected) {
  const i = r.integration;
  return {
    id: i.id,
    title: i.title,
    advertiser: { ...r.advertiser, status: r.advertiser.status as 'active' | 'blocked' },
    template: r.template?.id ? r.template : null,
    platform: r.platform,
    vertical: r.vertical,
    status: i.status as Status,
    apiSyncStatus: i.apiSyncStatus as (typeof API_SYNC_STATUSES)[number],
    outApiEnabled: i.outApiEnabled,
    redirectEnabled: i.redirectEnabled,
    apiSyncEnabled: i.apiSyncEnabled,
    postbackEnabled: i.postbackEnabled,
    postbackKey: i.postbackKey,
    postbackUrl: postbackUrlOf(i.postbackKey, i.postback as Partial<Postback>),
    ...sectionsView(i, hasPermission(ctx.actor, WRITE)),
    createdAt: toSeconds(i.createdAt)!,
    createdBy: r.author as AuthorRow,
  };
}

export async function list(ctx: Ctx, q: z.infer<typeof integrationListQuery>) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(integrations.status, p.statuses) : undefined,
    p.search ? or(ilike(integrations.title, contains(p.search)), sql`${integrations.id}::text = ${p.search}`) : undefined,
    q.advertiserId?.length ? inArray(integrations.advertiserId, q.advertiserId) : undefined,
    q.platformId?.length ? inArray(integrations.platformId, q.platformId) : undefined,
    q.verticalId?.length ? inArray(integrations.verticalId, q.verticalId) : undefined,
  );
  return listPage(ctx, p, { table: integrations, where, query: select(ctx).$dynamic(), map: (r) => toView(ctx, r) });
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await select(ctx).where(eq(integrations.id, id)).limit(1);
  if (!row) throw AppError.notFound('Integration');
  return toView(ctx, row);
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await select(ctx).where(inArray(integrations.id, unique))).map((r) => toView(ctx, r)));
}

/** Active integrations by title or id (offer forms: assigning an advertiser through one of its integrations). */
export async function lookup(ctx: Ctx, q: { search?: string; ids?: number[]; limit: number; advertiserId?: number }) {
  const rows = await ctx.db
    .select({ id: integrations.id, title: integrations.title, status: integrations.status, advertiserId: integrations.advertiserId })
    .from(integrations)
    .where(
      and(
        q.ids?.length ? inArray(integrations.id, q.ids) : eq(integrations.status, 'active'),
        q.advertiserId ? eq(integrations.advertiserId, q.advertiserId) : undefined,
        q.search ? or(ilike(integrations.title, contains(q.search)), sql`${integrations.id}::text = ${q.search}`) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${integrations.title})`), asc(integrations.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, status: r.status as Status })) };
}

/** enabling a method the template does not allow is a field error on its flag */
function restrictionErrors(restrictions: string[], flags: Partial<Record<Flag, boolean>>, loc: (string | number)[]): ApiErrorItem[] {
  if (!restrictions.length) return [];
  return (Object.keys(FLAG_METHOD) as Flag[])
    .filter((f) => flags[f] && !restrictions.includes(FLAG_METHOD[f]))
    .map((f) => ({ msg: 'pattern', type: 'integrationMethod', loc: [...loc, f] }));
}

const SECTION_FIELDS = ['apiParameters', 'outApi', 'postback', 'apiSync', 'leadStatusMappings', 'redirect', 'goals'] as const;
const sectionsOf = (src: Pick<Row, (typeof SECTION_FIELDS)[number]>) =>
  Object.fromEntries(SECTION_FIELDS.map((f) => [f, src[f]])) as Pick<Row, (typeof SECTION_FIELDS)[number]>;

/** Creates integrations from templates: the sections are copied and can then be changed without touching the template. */
export async function create(ctx: Ctx, items: z.infer<typeof integrationCreate>[]) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const errors: ApiErrorItem[] = [];
    const tplRows = await tx
      .select()
      .from(integrationTemplates)
      .where(
        inArray(
          integrationTemplates.id,
          items.map((x) => x.templateId),
        ),
      );
    const advRows = await tx
      .select()
      .from(advertisers)
      .where(
        inArray(
          advertisers.id,
          items.map((x) => x.advertiserId),
        ),
      );
    const tpls = new Map(tplRows.map((r) => [r.id, r]));
    const advs = new Map(advRows.map((r) => [r.id, r]));
    items.forEach((x, i) => {
      const tpl = tpls.get(x.templateId);
      const adv = advs.get(x.advertiserId);
      if (!adv) errors.push({ msg: 'required', type: 'exists', loc: ['body', 'items', i, 'advertiserId'] });
      if (!tpl || tpl.status !== 'active') errors.push({ msg: 'required', type: 'exists', loc: ['body', 'items', i, 'templateId'] });
      else {
        if (adv && ((adv.verticalId && adv.verticalId !== tpl.verticalId) || (adv.platformId && adv.platformId !== tpl.platformId))) {
          errors.push({ msg: 'match', type: 'match', loc: ['body', 'items', i, 'templateId'] });
        }
        errors.push(...restrictionErrors(tpl.integrationMethodsRestrictions, x, ['body', 'items', i]));
      }
    });
    if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
    const created: number[] = [];
    for (const [i, { advertiserId, templateId, title, ...rest }] of items.entries()) {
      const tpl = tpls.get(templateId)!;
      const [row] = await uniqueGuard(['body', 'items', i, 'templateId'], DUPLICATE, () =>
        tx
          .insert(integrations)
          .values({
            ...rest,
            ...sectionsOf(tpl),
            title: title ?? `${advs.get(advertiserId)!.title} · ${tpl.title}`,
            advertiserId,
            templateId,
            platformId: tpl.platformId,
            verticalId: tpl.verticalId,
            postbackKey: randomToken(18),
            createdBy: actor.id,
            createdAt: ctx.now(),
          })
          .returning({ id: integrations.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((x, i) => ({ entity: 'integration', entityId: created[i], action: 'create', changes: x })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

async function restrictionsOf(ctx: Ctx, templateIds: (number | null)[]) {
  const ids = [...new Set(templateIds.filter((x): x is number => x !== null))];
  const rows = ids.length
    ? await ctx.db
        .select({ id: integrationTemplates.id, r: integrationTemplates.integrationMethodsRestrictions })
        .from(integrationTemplates)
        .where(inArray(integrationTemplates.id, ids))
    : [];
  return new Map(rows.map((x) => [x.id, x.r]));
}

export async function update(ctx: Ctx, items: z.infer<typeof integrationUpdate>[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      integrations,
      integrations.id,
      items.map((x) => x.id),
      'Integration',
    );
    const restrictions = await restrictionsOf(
      c,
      [...current.values()].map((r) => r.templateId),
    );
    const errors = items.flatMap((x, i) => {
      const row = current.get(x.id)!;
      return restrictionErrors(row.templateId ? (restrictions.get(row.templateId) ?? []) : [], x, ['body', 'items', i]);
    });
    if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
    const audits: AuditEntry[] = [];
    for (const { id, ...patch } of items) {
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await tx.update(integrations).set(changes.after).where(eq(integrations.id, id));
      audits.push({ entity: 'integration', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** Status change; deactivating an integration stops the offers connected through it, in the same transaction. */
export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  let offers = 0;
  const ids = await changeStatuses(
    ctx,
    {
      table: integrations,
      idColumn: integrations.id,
      entity: 'integration',
      what: 'Integration',
      set: () => ({ statusChangedAt: ctx.now() }),
      after: async (c, changed) => {
        offers = await stopOffersOfIntegrations(
          c,
          changed.filter((x) => x.status === 'inactive').map((x) => x.id),
        );
      },
    },
    items,
  );
  return { items: await byIds(ctx, ids), offers };
}

export const cascadePreview = (ctx: Ctx, ids: number[]) => previewIntegrations(ctx, ids);

/** Copies integrations (sections and flags) to other advertisers, each with its own postback key. */
export async function clone(ctx: Ctx, items: { id: number; advertiserId: number; title?: string }[]) {
  const actor = requireActor(ctx);
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      integrations,
      integrations.id,
      items.map((x) => x.id),
      'Integration',
    );
    const advRows = await tx
      .select()
      .from(advertisers)
      .where(
        inArray(
          advertisers.id,
          items.map((x) => x.advertiserId),
        ),
      );
    const advs = new Map(advRows.map((r) => [r.id, r]));
    const errors = items.flatMap((x, i) =>
      advs.has(x.advertiserId) ? [] : [{ msg: 'required', type: 'exists', loc: ['body', 'items', i, 'advertiserId'] }],
    );
    if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
    const created: number[] = [];
    for (const [i, x] of items.entries()) {
      const {
        id: _id,
        createdAt: _a,
        createdBy: _b,
        statusChangedAt: _s,
        postbackKey: _k,
        apiSyncLastRunAt: _r,
        ...source
      } = current.get(x.id)!;
      const [row] = await uniqueGuard(['body', 'items', i, 'advertiserId'], DUPLICATE, () =>
        tx
          .insert(integrations)
          .values({
            ...source,
            advertiserId: x.advertiserId,
            title: x.title ?? `${advs.get(x.advertiserId)!.title} · ${source.title}`,
            apiSyncStatus: 'idle',
            postbackKey: randomToken(18),
            createdBy: actor.id,
            createdAt: ctx.now(),
          })
          .returning({ id: integrations.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((x, i) => ({
        entity: 'integration',
        entityId: created[i],
        action: 'clone',
        changes: { from: x.id, advertiserId: x.advertiserId },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function editSection(ctx: Ctx, id: number, section: IntegrationSectionName, data: unknown) {
  await writeSection(
    ctx,
    { table: integrations, idColumn: integrations.id, what: 'Integration', entity: 'integration' },
    id,
    section,
    data,
  );
  return get(ctx, id);
}

/** "Send a test lead": the exact request built from the outApi section, the advertiser's answer and what it means. */
export async function testSend(ctx: Ctx, id: number, lead: Record<string, string | number | boolean | null>) {
  const [row] = await ctx.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw AppError.notFound('Integration');
  const out = outApiSection.safeParse(row.outApi);
  if (!out.success) throw AppError.business('The outbound API of this integration is not configured');
  const fields = await leadFieldsOf(ctx, row.verticalId);
  const unknown = Object.keys(lead).filter((k) => !fields.has(k));
  if (unknown.length)
    throw new AppError(
      'VALIDATION',
      'Unknown lead fields',
      unknown.map((k) => ({ msg: 'pattern', type: 'leadField', loc: ['body', 'data', 'lead', k] })),
    );
  let built;
  try {
    built = buildOutApiRequest(out.data, {
      lead,
      parameters: row.apiParameters as ApiParameter[],
      macros: { leadId: `test-${ctx.now().getTime()}` },
      now: ctx.now(),
    });
  } catch {
    throw AppError.business('The outbound URL is not valid once its parameters are filled in');
  }
  const timeoutMs = Math.min(Math.max(built.timeoutMs, OUT_API_TIMEOUT.min), OUT_API_TIMEOUT.max);
  const result = await callOutbound({ ...built, timeoutMs }, { allowPrivate: ctx.config.ALLOW_PRIVATE_CALLBACKS });
  const parsed = result.response
    ? parseOutApiResponse(out.data.response, result.response)
    : { success: false, advertiserLeadId: null, redirectUrl: null, error: result.error };
  await recordAudit(ctx, {
    entity: 'integration',
    entityId: id,
    action: 'test_send',
    changes: { url: result.request.url, status: result.response?.status ?? null, success: parsed.success },
  });
  return { request: result.request, response: result.response, result: parsed };
}

/**
 * "Run the API sync now" (the scheduler's api_sync call): polls the advertiser's status API, reads each lead id and
 * status at the configured paths and maps the status through leadStatusMappings. The answer is what the poll says;
 * the lead engine applies it to the leads. The run's outcome is kept in apiSyncStatus.
 */
export async function runApiSync(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw AppError.notFound('Integration');
  const sync = apiSyncSection.safeParse(row.apiSync);
  if (!sync.success) throw AppError.business('The API sync of this integration is not configured');
  const { request, response: mapping } = sync.data;
  const parameters = row.apiParameters as ApiParameter[];
  let built;
  try {
    built = buildOutApiRequest(
      outApiSection.parse({
        ...request,
        fieldMappings: request.params.map((p) => ({ target: p.name, source: 'constant', value: p.value })),
      }),
      { lead: {}, parameters, macros: {}, now: ctx.now() },
    );
  } catch {
    throw AppError.business('The API sync URL is not valid once its parameters are filled in');
  }
  const result = await callOutbound(built, { allowPrivate: ctx.config.ALLOW_PRIVATE_CALLBACKS });
  const mappings = row.leadStatusMappings as LeadStatusMapping[];
  const statuses: {
    advertiserLeadId: string;
    advertiserStatus: string;
    leadStatus: LeadStatusMapping['leadStatus'] | null;
    conversionStatus: number | null;
    leadGrade: string | null;
  }[] = [];
  let error = result.error;
  if (result.response) {
    let json: unknown;
    try {
      json = JSON.parse(result.response.body);
    } catch {
      json = undefined;
    }
    const list = mapping.itemsPath ? valueAt(json, mapping.itemsPath) : json;
    if (result.response.status < 200 || result.response.status >= 300) error = `HTTP ${result.response.status}`;
    else if (!Array.isArray(list)) error = 'The answer has no list of leads at the items path';
    else {
      for (const item of list) {
        const leadId = valueAt(item, mapping.leadIdPath);
        const status = valueAt(item, mapping.statusPath);
        if (leadId === undefined || leadId === null || status === undefined || status === null) continue;
        const m = mappings.find((x) => x.advertiserStatus.toLowerCase() === String(status).toLowerCase());
        statuses.push({
          advertiserLeadId: String(leadId),
          advertiserStatus: String(status),
          leadStatus: m?.leadStatus ?? null,
          conversionStatus: m?.conversionStatus ?? null,
          leadGrade: m?.leadGrade ?? null,
        });
      }
    }
  }
  const apiSyncStatus = error ? ('failed' as const) : ('ok' as const);
  await ctx.db.transaction(async (tx) => {
    await tx.update(integrations).set({ apiSyncStatus, apiSyncLastRunAt: ctx.now() }).where(eq(integrations.id, id));
    await recordAudit(
      { ...ctx, db: tx },
      {
        entity: 'integration',
        entityId: id,
        action: 'api_sync',
        changes: { url: result.request.url, status: result.response?.status ?? null, leads: statuses.length, error },
      },
    );
  });
  return { request: result.request, response: result.response, apiSyncStatus, statuses, error };
}
