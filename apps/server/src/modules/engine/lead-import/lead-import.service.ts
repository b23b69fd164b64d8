/**
 * Lead import (product §7 "import as binary GET"; docs/decisions/engine.md "Lead edit and import").
 *
 * - `upload`: the file (CSV or XLSX) is stored, its header and first rows answered with a guessed mapping (a draft).
 * - `start`: the offer, the affiliate (in the importer's scope), the mapping and the options are checked, the import
 *   becomes pending and its job is enqueued in one transaction.
 * - `run` (the job): reads the file row by row and processes IMPORT_CHUNK rows per transaction. Each row is checked
 *   like the lead API (the intake schema's shape, then intake.ts `checkLeadValues`: formats, the vertical's parameters,
 *   its inbound rules) and written with the lead API's own INSERT (lead-writer.ts: the duplicate search and the
 *   `created` history entry in one statement). The chunk's leads, each row's outcome and the import's `rows_done` commit
 *   together, so a job that dies is retried from the last committed chunk — no row lost, none twice; the progress
 *   goes out as the `lead_import` server-sent event of the users who see the import (watchersOf). A job stops at its time budget and enqueues
 *   its continuation.
 * - An imported lead is created at import time; the mapped date column becomes its `source_date`. Distributed
 *   imports write `new` leads that the lead sweep (leads.jobs.ts) sends with caps and fallbacks like any other; a
 *   store-only import writes them `unsent` (the resend action sends them later).
 */
import {
  LEAD_IMPORT_EVENT,
  LEAD_IMPORT_FIELDS,
  LEAD_IMPORT_MAX_ROWS,
  leadIntakeSchema,
  STAFF_ROLE_TYPES,
  suggestImportMapping,
  type ApiErrorItem,
  personName,
  type LeadImportListItem,
  type LeadImportStart,
  type LeadImportUpload,
  type LeadImportView,
} from '@leadgrid/shared';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../../db/client';
import { leads, offers, roles, userManagers, users } from '../../../db/schema';
import { effectivePermissions, loadActor } from '../../../http/auth';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import type { JobQueue } from '../../../jobs/queue';
import { findNul } from '../../../lib/pg-text';
import type { Storage } from '../../../lib/storage';
import { publishUserEvent } from '../../settings/events';
import { csvRow } from '../../insights/csv';
import { holdByRules } from '../hold-queue';
import { directReads, type LeadSource, type LeadVertical } from '../leads';
import { checkLeadValues } from '../leads';
import { fireLeadEvents } from '../leads';
import { INSERT, insertRow, type LeadInsert } from '../leads';
import { LEAD_SWEEP_JOB } from '../leads';
import { fileRows, formatOf, type ImportFormat } from './lead-import.parse';
import { leadImportRows, leadImports } from './lead-import.tables';

export const LEAD_IMPORT_JOB = 'lead-import';
export interface LeadImportJob {
  importId: number;
}
/** rows per transaction (and per progress event) */
export const IMPORT_CHUNK = 1000;
/** a job hands over to its continuation after this long (well inside its expiry) */
export const IMPORT_JOB_BUDGET_MS = 10 * 60_000;
const PREVIEW_ROWS = 5;
export const STORE_ONLY_REASON = 'Imported without distribution';

type Row = typeof leadImports.$inferSelect;

export function toView(r: Row): LeadImportView {
  return {
    id: r.id,
    status: r.status as LeadImportView['status'],
    fileName: r.fileName,
    userId: r.userId,
    columns: r.columns,
    rowsTotal: r.rowsTotal,
    rowsDone: r.rowsDone,
    accepted: r.accepted,
    duplicates: r.duplicates,
    invalid: r.invalid,
    progress: r.progress,
    offerId: r.offerId,
    affiliateId: r.affiliateId,
    mapping: r.mapping,
    distribute: r.distribute,
    firePostbacks: r.firePostbacks,
    error: r.error,
    createdAt: toSeconds(r.createdAt)!,
    finishedAt: toSeconds(r.finishedAt),
  };
}

/** importing: staff holding `lead.update` (product §6 has no lead-create permission) */
function importer(ctx: Ctx): Actor {
  const actor = requireActor(ctx);
  if (!STAFF_ROLE_TYPES.includes(actor.roleType) || !hasPermission(actor, 'lead.update')) throw AppError.forbidden();
  return actor;
}

/** the affiliate the actor may import for: every one with `lead.read`, the managed ones with `lead.assigned.read` */
async function affiliateInScope(db: DbOrTx, actor: Actor, affiliateId: number): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id, type: sql<string>`(select r.type from roles r where r.id = ${users.roleId})` })
    .from(users)
    .where(eq(users.id, affiliateId));
  if (!u || u.type !== 'affiliate') return false;
  if (hasPermission(actor, 'lead.read')) return true;
  if (!hasPermission(actor, 'lead.assigned.read')) return false;
  const [m] = await db
    .select({ id: userManagers.userId })
    .from(userManagers)
    .where(and(eq(userManagers.userId, affiliateId), eq(userManagers.managerId, actor.id)));
  return !!m;
}

const streamToBuffer = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
};

export async function upload(
  ctx: Ctx,
  storage: Storage,
  file: { buffer: Buffer; fileName: string; mime: string },
): Promise<LeadImportUpload> {
  const actor = importer(ctx);
  const format = formatOf(file.fileName, file.mime);
  if (!format) throw AppError.field(['body', 'file'], 'pattern', 'Upload a CSV or XLSX file');
  let columns: string[] | null = null;
  const preview: string[][] = [];
  let total = 0;
  try {
    for await (const cells of fileRows(file.buffer, format)) {
      if (!columns) {
        columns = cells;
        continue;
      }
      if (preview.length < PREVIEW_ROWS) preview.push(cells);
      if (++total > LEAD_IMPORT_MAX_ROWS)
        throw AppError.field(['body', 'file'], 'noMore', `A file holds at most ${LEAD_IMPORT_MAX_ROWS} rows`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.field(['body', 'file'], 'pattern', `The file cannot be read: ${(err as Error).message}`.slice(0, 300));
  }
  if (!columns || !total) throw AppError.field(['body', 'file'], 'required', 'The file needs a header row and at least one lead row');
  if (columns.some((c, i) => c === '' && preview.some((r) => (r[i] ?? '') !== ''))) columns = columns.map((c, i) => c || `Column ${i + 1}`);
  const safeName = file.fileName.replace(/[^\w.-]/g, '_').slice(-150) || `leads.${format}`;
  const fileKey = `lead-imports/${actor.id}/${ctx.now().getTime()}-${Math.random().toString(36).slice(2, 10)}-${safeName}`;
  await storage.put(
    fileKey,
    file.buffer,
    format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
  );
  const [row] = await ctx.db
    .insert(leadImports)
    .values({ userId: actor.id, fileKey, fileName: safeName, columns, rowsTotal: total, createdAt: ctx.now() })
    .returning();
  return { ...toView(row), preview, suggested: suggestImportMapping(columns) };
}

/** an import only its importer may start */
async function own(ctx: Ctx, id: number): Promise<Row> {
  const actor = importer(ctx);
  const [row] = await ctx.db
    .select()
    .from(leadImports)
    .where(and(eq(leadImports.id, id), eq(leadImports.userId, actor.id)));
  if (!row) throw AppError.notFound('Import');
  return row;
}

/**
 * The imports an importer sees (docs/decisions/engine.md, 2026-11-27): their own, and those of the affiliates whose
 * leads they may read as the lead screens decide it (leads-query.ts `leadScope`) — `lead.read` every import,
 * `lead.assigned.read` the imports of the affiliates they manage. Undefined: every import.
 */
function visibleImports(ctx: Ctx, actor: Actor): SQL | undefined {
  if (hasPermission(actor, 'lead.read')) return undefined;
  const mine = eq(leadImports.userId, actor.id);
  if (!hasPermission(actor, 'lead.assigned.read')) return mine;
  return or(
    mine,
    inArray(
      leadImports.affiliateId,
      ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
    ),
  );
}

/**
 * The users who see an import's progress (its `lead_import` server-sent events): the importer and the active staff
 * who may import and whose lead scope reaches its affiliate — the rule of `visibleImports`, read from the other side.
 */
export async function watchersOf(db: DbOrTx, imp: Row): Promise<number[]> {
  const staff = await db
    .select({ id: users.id, role: roles, customPermissions: users.customPermissions })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(and(eq(users.status, 'active'), inArray(roles.type, [...STAFF_ROLE_TYPES])));
  const managers =
    imp.affiliateId === null
      ? new Set<number>()
      : new Set(
          (await db.select({ id: userManagers.managerId }).from(userManagers).where(eq(userManagers.userId, imp.affiliateId))).map(
            (m) => m.id,
          ),
        );
  const out = new Set([imp.userId]);
  for (const u of staff) {
    const held = effectivePermissions(u.role, u.customPermissions);
    if (!held.includes('lead.update')) continue;
    if (held.includes('lead.read') || (held.includes('lead.assigned.read') && managers.has(u.id))) out.add(u.id);
  }
  return [...out];
}

async function publishProgress(db: DbOrTx, watchers: readonly number[], imp: Row) {
  const data = toView(imp);
  for (const userId of watchers) await publishUserEvent(db, { userId, event: LEAD_IMPORT_EVENT, data });
}

/** an import the caller may see (its state, report); another's is a 404 */
async function visible(ctx: Ctx, id: number): Promise<Row> {
  const actor = importer(ctx);
  const [row] = await ctx.db
    .select()
    .from(leadImports)
    .where(and(eq(leadImports.id, id), visibleImports(ctx, actor)));
  if (!row) throw AppError.notFound('Import');
  return row;
}

export const get = async (ctx: Ctx, id: number) => toView(await visible(ctx, id));

/** the imports the caller may see, newest first, with the names of their importer, offer and affiliate */
export async function list(ctx: Ctx, q: { limit: number; offset: number }): Promise<{ items: LeadImportListItem[]; totalCount: number }> {
  const where = visibleImports(ctx, importer(ctx));
  const affiliate = alias(users, 'affiliate');
  const rows = await ctx.db
    .select({
      imp: leadImports,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      offerTitle: offers.title,
      affiliate: { firstName: affiliate.firstName, lastName: affiliate.lastName, email: affiliate.email },
    })
    .from(leadImports)
    .innerJoin(users, eq(users.id, leadImports.userId))
    .leftJoin(offers, eq(offers.id, leadImports.offerId))
    .leftJoin(affiliate, eq(affiliate.id, leadImports.affiliateId))
    .where(where)
    .orderBy(desc(leadImports.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(leadImports)
    .where(where);
  return {
    items: rows.map((r) => ({
      ...toView(r.imp),
      userName: personName(r.user),
      offerTitle: r.offerTitle,
      affiliateName: r.affiliate ? personName(r.affiliate) : null,
    })),
    totalCount: Number(n),
  };
}

/** the custom parameters of an offer's vertical (the mapping's `fields.<name>`, the template's extra columns) */
async function customFieldsOf(db: DbOrTx, offerId: number): Promise<string[]> {
  const vertical = await directReads(db).verticalOfOffer(offerId);
  const standard = new Set<string>(LEAD_IMPORT_FIELDS);
  return (vertical?.incoming_parameters ?? []).map((p) => p.name).filter((n) => !standard.has(n));
}

export async function start(ctx: Ctx, queue: JobQueue, id: number, input: LeadImportStart): Promise<LeadImportView> {
  const actor = importer(ctx);
  const row = await own(ctx, id);
  if (row.status !== 'draft') throw AppError.conflict('The import has started already');
  const [offer] = await ctx.db.select({ id: offers.id, status: offers.status }).from(offers).where(eq(offers.id, input.offerId));
  if (!offer) throw AppError.field(['body', 'offerId'], 'pattern', 'Unknown offer');
  if (!(await affiliateInScope(ctx.db, actor, input.affiliateId)))
    throw AppError.field(['body', 'affiliateId'], 'pattern', 'Unknown affiliate');
  const reads = directReads(ctx.db);
  if (!(await reads.offerFor(input.offerId, input.affiliateId)))
    throw AppError.field(['body', 'offerId'], 'pattern', 'The affiliate has no access to this offer');
  if (input.distribute && offer.status !== 'active') throw AppError.business('The offer is not active: its leads can only be stored');
  const errors: ApiErrorItem[] = [];
  const custom = new Set(await customFieldsOf(ctx.db, input.offerId));
  const used = new Map<number, string>();
  for (const [field, col] of Object.entries(input.mapping)) {
    if (col >= row.columns.length)
      errors.push({ msg: 'noMore', type: `The file has no column ${col + 1}`, loc: ['body', 'mapping', field] });
    else if (field.startsWith('fields.') && !custom.has(field.slice(7)))
      errors.push({
        msg: 'pattern',
        type: `'${field.slice(7)}' is not a parameter of the offer's vertical`,
        loc: ['body', 'mapping', field],
      });
    else if (used.has(col)) errors.push({ msg: 'unique', type: `Column ${col + 1} is mapped twice`, loc: ['body', 'mapping', field] });
    used.set(col, field);
  }
  if (errors.length) throw AppError.validation(errors);
  return ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .update(leadImports)
      .set({
        status: 'pending',
        offerId: input.offerId,
        affiliateId: input.affiliateId,
        mapping: input.mapping,
        distribute: input.distribute,
        firePostbacks: input.firePostbacks,
      })
      .where(and(eq(leadImports.id, id), eq(leadImports.status, 'draft')))
      .returning();
    if (!next) throw AppError.conflict('The import has started already');
    await queue.send<LeadImportJob>(LEAD_IMPORT_JOB, { importId: id }, { db: tx });
    return toView(next);
  });
}

/** the CSV template of the lead fields (and the custom parameters of the offer's vertical) */
export async function template(ctx: Ctx, offerId: number | undefined): Promise<string> {
  importer(ctx);
  const custom = offerId ? await customFieldsOf(ctx.db, offerId) : [];
  return csvRow([...LEAD_IMPORT_FIELDS, ...custom]);
}

/** the report: one line per file row with its outcome, the lead and the reason */
export async function report(ctx: Ctx, id: number): Promise<{ name: string; body: string }> {
  const row = await visible(ctx, id);
  if (row.status !== 'done' && row.status !== 'failed') throw AppError.conflict('The import is not finished yet');
  const lines = [csvRow(['row', 'outcome', 'leadId', 'reason'])];
  let after = 0;
  for (;;) {
    const page = await ctx.db
      .select()
      .from(leadImportRows)
      .where(and(eq(leadImportRows.importId, id), sql`${leadImportRows.rowNo} > ${after}`))
      .orderBy(leadImportRows.rowNo)
      .limit(5000);
    for (const r of page) lines.push(csvRow([r.rowNo, r.outcome, r.leadId, r.reason]));
    if (page.length < 5000) break;
    after = page[page.length - 1].rowNo;
  }
  return { name: `lead-import-${row.id}-report.csv`, body: lines.join('') };
}

/* ---------------------------------------------------------------- the job */

interface RunCtx {
  base: Omit<Ctx, 'actor'>;
  queue: JobQueue;
  imp: Row;
  vertical: LeadVertical;
  src: LeadSource;
  format: ImportFormat;
  holds: Map<string, Awaited<ReturnType<ReturnType<typeof directReads>['holdRules']>>>;
  /** who is told the progress (watchersOf, read once per run) */
  watchers: number[];
}

type Outcome = { rowNo: number; outcome: 'accepted' | 'duplicate' | 'invalid'; leadId: number | null; reason: string | null };

const errorText = (e: AppError) =>
  e.errors?.length ? e.errors.map((x) => `${x.loc.slice(1).join('.')}: ${x.type}`).join('; ') : e.message;

/** a file row as the lead API's input, checked: the lead to insert, or why the row is invalid */
async function prepare(rc: RunCtx, rowNo: number, cells: string[], now: Date): Promise<LeadInsert | Outcome> {
  const invalid = (reason: string): Outcome => ({ rowNo, outcome: 'invalid', leadId: null, reason: reason.slice(0, 500) });
  const { imp, vertical, src } = rc;
  const std: Record<string, string | undefined> = {};
  const fields: Record<string, string> = {};
  for (const [field, col] of Object.entries(imp.mapping)) {
    const v = (cells[col] ?? '').trim();
    if (v === '') continue;
    if (field.startsWith('fields.')) fields[field.slice(7)] = v;
    else std[field] = v;
  }
  const { sourceDate: dateText, ...rest } = std;
  const shaped = leadIntakeSchema.safeParse({ offerId: imp.offerId, ...rest, fields });
  if (!shaped.success) return invalid(shaped.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const input = shaped.data;
  if (findNul(input)) return invalid('A value contains a character that is not allowed');
  let sourceDate: Date | null = null;
  if (dateText) {
    const t = Date.parse(
      /^\d{4}-\d{2}-\d{2} \d/.test(dateText) ? dateText.replace(' ', 'T') + (/[zZ]|[+-]\d\d:?\d\d$/.test(dateText) ? '' : 'Z') : dateText,
    );
    if (Number.isNaN(t)) return invalid(`sourceDate: '${dateText}' is not a date`);
    sourceDate = new Date(t);
  }
  let checked;
  try {
    checked = checkLeadValues(vertical, input);
  } catch (err) {
    if (err instanceof AppError) return invalid(errorText(err));
    throw err;
  }
  const rejected = checked.failures.find((f) => f.rule.onFail === 'rejected');
  if (rejected) return invalid(`The lead is rejected: ${rejected.text}`);
  const failed = checked.failures[0]?.text ?? null;
  let status = imp.distribute ? 'new' : 'unsent';
  let reason: string | null = imp.distribute ? null : STORE_ONLY_REASON;
  if (failed) {
    if (src.acceptInvalidLeads) reason = `${failed} (accepted: the affiliate takes invalid leads)`;
    else [status, reason] = ['invalid', failed];
  }
  let hold: ReturnType<typeof holdByRules> = null;
  if (status === 'new' && checked.country) {
    let rules = rc.holds.get(checked.country);
    if (!rules) rc.holds.set(checked.country, (rules = await directReads(rc.base.db).holdRules(checked.country)));
    hold = holdByRules(rules, now);
    if (hold) [status, reason] = ['hold', `Held by the hold queue until ${hold.until.toISOString()}`];
  }
  const { settings } = vertical;
  const byPhone = settings.duplicateFields.includes('phone') ? checked.phone : null;
  const byEmail = settings.duplicateFields.includes('email') ? checked.email : null;
  const duplicates =
    settings.duplicateWindowHours > 0 && (byPhone || byEmail)
      ? { since: new Date(now.getTime() - settings.duplicateWindowHours * 3600_000), phone: byPhone, email: byEmail }
      : null;
  return {
    status,
    statusReason: reason,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phone: checked.phone,
    email: checked.email,
    country: checked.country,
    language: checked.language,
    ip: input.ip ?? null,
    landing: input.landing ?? null,
    sourceUrl: input.sourceUrl ?? null,
    userAgent: input.userAgent ?? null,
    fields: input.fields ?? {},
    subs: Array.from({ length: 9 }, (_, i) => input[`sub${i + 1}` as 'sub1'] ?? null),
    clickId: null,
    campaignId: null,
    offerId: imp.offerId!,
    verticalId: vertical.id,
    affiliateId: imp.affiliateId!,
    teamId: src.teamId,
    landerId: null,
    isTest: false,
    holdUntil: hold?.until ?? null,
    leaseUntil: null,
    createdAt: now,
    event: { status, reason, importId: imp.id, ...(hold ? { holdConfigId: hold.configId } : {}) },
    userId: imp.userId,
    duplicates,
    sourceDate,
    importId: imp.id,
  };
}

const [INSERT_HEAD, INSERT_TAIL] = INSERT.split('$1');
/** one chunk in one transaction: its leads, each row's outcome, the import's counters; false when another run did it */
async function processChunk(rc: RunCtx, first: number, chunk: string[][]): Promise<boolean> {
  const now = rc.base.now();
  const outcomes: Outcome[] = [];
  const toInsert: { rowNo: number; lead: LeadInsert }[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const rowNo = first + i;
    const p = await prepare(rc, rowNo, chunk[i], now);
    if ('outcome' in p) outcomes.push(p);
    else toInsert.push({ rowNo, lead: p });
  }
  // rows of the file repeating a phone or e-mail go to a later statement of the same transaction, which sees the
  // earlier one's leads: the duplicate search finds them as it finds earlier leads
  const rounds: (typeof toInsert)[] = [];
  const roundOf = new Map<string, number>();
  for (const item of toInsert) {
    const keys = [
      item.lead.duplicates?.phone && `p:${item.lead.duplicates.phone}`,
      item.lead.duplicates?.email && `e:${item.lead.duplicates.email}`,
    ].filter(Boolean) as string[];
    const r = keys.reduce((max, k) => Math.max(max, (roundOf.get(k) ?? -1) + 1), 0);
    for (const k of keys) roundOf.set(k, r);
    (rounds[r] ??= []).push(item);
  }
  return rc.base.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(leadImports)
      .set({ rowsDone: first - 1 + chunk.length })
      .where(and(eq(leadImports.id, rc.imp.id), eq(leadImports.rowsDone, first - 1), eq(leadImports.status, 'running')))
      .returning({ id: leadImports.id });
    if (!claimed) return false;
    const written: { id: number; status: string }[] = [];
    for (const round of rounds) {
      const payload = JSON.stringify(round.map((x, ord) => insertRow(x.lead, ord)));
      const res = await tx.execute(sql`${sql.raw(INSERT_HEAD)}${payload}${sql.raw(INSERT_TAIL)}`);
      const rows = (res as unknown as { rows: { ord: number; id: string | number; dup_id: string | number | null }[] }).rows;
      for (const r of rows) {
        const { rowNo, lead } = round[r.ord];
        const id = Number(r.id);
        if (r.dup_id !== null) {
          outcomes.push({ rowNo, outcome: 'duplicate', leadId: id, reason: `Duplicate of lead ${Number(r.dup_id)}` });
          written.push({ id, status: 'duplicate' });
        } else {
          outcomes.push({ rowNo, outcome: lead.status === 'invalid' ? 'invalid' : 'accepted', leadId: id, reason: lead.statusReason });
          written.push({ id, status: lead.status });
        }
      }
    }
    if (outcomes.length)
      await tx
        .insert(leadImportRows)
        .values(outcomes.map((o) => ({ importId: rc.imp.id, rowNo: o.rowNo, outcome: o.outcome, leadId: o.leadId, reason: o.reason })));
    if (rc.imp.firePostbacks && written.length) {
      // the affiliate's lead postbacks of the imported leads (received, and hold / invalid / duplicate as stored), in
      // the chunk's transaction; their `event_sent` fires when distribution sends them (docs/decisions/engine.md)
      const rows = await tx
        .select()
        .from(leads)
        .where(
          inArray(
            leads.id,
            written.map((w) => w.id),
          ),
        );
      await fireLeadEvents(
        { ...rc.base, actor: null, db: tx },
        rows.map((lead) => ({ lead, from: null })),
      );
    }
    const count = (o: Outcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
    const [next] = await tx
      .update(leadImports)
      .set({
        accepted: sql`${leadImports.accepted} + ${count('accepted')}`,
        duplicates: sql`${leadImports.duplicates} + ${count('duplicate')}`,
        invalid: sql`${leadImports.invalid} + ${count('invalid')}`,
        progress: rc.imp.rowsTotal ? Math.min(99, Math.floor(((first - 1 + chunk.length) * 100) / rc.imp.rowsTotal)) : 0,
      })
      .where(eq(leadImports.id, rc.imp.id))
      .returning();
    await publishProgress(tx, rc.watchers, next);
    return true;
  });
}

async function finish(db: DbOrTx, id: number, set: Partial<typeof leadImports.$inferInsert>) {
  const [next] = await db.update(leadImports).set(set).where(eq(leadImports.id, id)).returning();
  if (next) await publishProgress(db, await watchersOf(db, next), next);
}

/** another run of the same import committed this chunk first: this run stops, the other goes on */
const OVERTAKEN = new Error('Another run of the import moved on');

/**
 * The import job: claims the import (pending, or running when a job died or handed over), skips the rows already
 * committed and goes on chunk by chunk. With `deadline`, it stops after the chunk that passes it and enqueues its
 * continuation.
 */
export async function run(
  base: Omit<Ctx, 'actor'>,
  storage: Storage,
  queue: JobQueue,
  importId: number,
  opts: { deadline?: number } = {},
): Promise<'done' | 'continued' | 'skipped'> {
  const [imp] = await base.db
    .update(leadImports)
    .set({ status: 'running', startedAt: sql`coalesce(${leadImports.startedAt}, ${base.now()})` })
    .where(and(eq(leadImports.id, importId), inArray(leadImports.status, ['pending', 'running'])))
    .returning();
  if (!imp) return 'skipped';
  try {
    const actor = await loadActor(base.database, imp.userId);
    if (!actor || actor.status !== 'active' || !STAFF_ROLE_TYPES.includes(actor.roleType) || !hasPermission(actor, 'lead.update'))
      throw new Error('The importer may no longer import leads');
    if (!imp.offerId || !imp.affiliateId || !(await affiliateInScope(base.db, actor, imp.affiliateId)))
      throw new Error('The offer or the affiliate is gone, or out of the importer’s scope');
    const reads = directReads(base.db);
    const vertical = await reads.verticalOfOffer(imp.offerId);
    if (!vertical) throw new Error('The offer has no vertical');
    const src = await reads.source(imp.affiliateId);
    const body = await storage.get(imp.fileKey);
    if (!body) throw new Error('The uploaded file is gone');
    const format = formatOf(imp.fileName, '') ?? 'csv';
    const rc: RunCtx = { base, queue, imp, vertical, src, format, holds: new Map(), watchers: await watchersOf(base.db, imp) };
    let rowNo = 0;
    let chunk: string[][] = [];
    let header = true;
    const flush = async () => {
      const first = rowNo - chunk.length + 1;
      const ok = await processChunk(rc, first, chunk);
      chunk = [];
      if (!ok) throw OVERTAKEN;
      if (first === 1 && imp.distribute) await queue.send(LEAD_SWEEP_JOB, {});
    };
    for await (const cells of fileRows(await streamToBuffer(body), format)) {
      if (header) {
        header = false;
        continue;
      }
      if (++rowNo <= imp.rowsDone) continue;
      chunk.push(cells);
      if (chunk.length >= IMPORT_CHUNK) {
        await flush();
        if (opts.deadline !== undefined && Date.now() >= opts.deadline) {
          await queue.send<LeadImportJob>(LEAD_IMPORT_JOB, { importId });
          return 'continued';
        }
      }
    }
    if (chunk.length) await flush();
    await finish(base.db, importId, { status: 'done', progress: 100, finishedAt: base.now() });
    if (imp.distribute) await queue.send(LEAD_SWEEP_JOB, {});
    return 'done';
  } catch (err) {
    if (err === OVERTAKEN) return 'skipped';
    await finish(base.db, importId, {
      status: 'failed',
      error: ((err as Error).message || 'The import failed').slice(0, 500),
      finishedAt: base.now(),
    });
    return 'done';
  }
}
