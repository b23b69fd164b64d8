/**
 * Exports (architecture §5 "Exports and events"): `create` checks the type, the owner's right and the query, then
 * stores the export and enqueues its job in one transaction; the job (`run`) reads the rows in the owner's scope
 * page by page, reports progress as server-sent events (`export_lead`, …) and writes the CSV or XLSX file to storage; the
 * owner — and only the owner — fetches it.
 */
import { EXPORT_EVENTS, EXPORT_MAX_ROWS, type ExportFormat, type ExportType, type ExportView } from '@leadgrid/shared';
import { and, count, desc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { exportsTable } from '../../../db/schema';
import { loadActor } from '../../../http/auth';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import type { JobQueue } from '../../../jobs/queue';
import type { Storage } from '../../../lib/storage';
import { publishUserEvent } from '../../settings/events';
import { exportReady } from '../../settings/notifications';
import { csvRow, type CsvValue } from '../csv';
import type { ExportCursor } from '../exporters';
import { EXPORTERS } from './registry';
import { xlsxFile } from './xlsx';

/** the content type of each file format (the file route answers with the one of the file's extension) */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const EXPORT_JOB = 'export-run';
export interface ExportJob {
  exportId: number;
}
/** rows read per page (and per progress event) */
export const EXPORT_PAGE_SIZE = 1000;
export const EXPORT_CLEANUP_JOB = 'export-cleanup';
/** an export's file is kept this long; then the row says `expired` */
export const EXPORT_KEEP_DAYS = 7;
/** an expired export's row is kept this long (so `/reports/downloads` can say the file expired), then removed */
export const EXPORT_FORGET_DAYS = 30;
const DAY_MS = 86_400_000;

type Row = typeof exportsTable.$inferSelect;

export function toView(r: Row): ExportView {
  return {
    id: r.id,
    type: r.type,
    status: r.status as ExportView['status'],
    progress: r.progress,
    rowsDone: r.rowsDone,
    rowsTotal: r.rowsTotal,
    fileName: r.fileName,
    error: r.error,
    createdAt: toSeconds(r.createdAt)!,
    finishedAt: toSeconds(r.finishedAt),
    fileSize: r.fileSize,
    expiresAt: toSeconds(new Date(r.createdAt.getTime() + EXPORT_KEEP_DAYS * DAY_MS))!,
  };
}

/** the query values as the list's query string would carry them */
const asQueryString = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));

function parseQuery(schema: z.ZodType, query: Record<string, unknown>) {
  const parsed = schema.safeParse(asQueryString(query));
  if (!parsed.success)
    throw AppError.validation(
      parsed.error.issues.map((i) => ({
        msg: i.message,
        type: i.message,
        loc: ['body', 'query', ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      })),
    );
  return parsed.data;
}

/**
 * The file format rides in the stored query under `format` (the list queries have no such filter), so an export
 * needs no column of its own; the exporter's schema never sees it.
 */
const formatOf = (query: Record<string, unknown>): ExportFormat => (query.format === 'xlsx' ? 'xlsx' : 'csv');
const withoutFormat = ({ format: _f, ...query }: Record<string, unknown>) => query;

export async function create(
  ctx: Ctx,
  queue: JobQueue,
  input: { type: string; query: Record<string, unknown>; format?: ExportFormat },
): Promise<ExportView> {
  const actor = requireActor(ctx);
  const exporter = EXPORTERS[input.type as ExportType];
  if (!exporter) throw AppError.field(['body', 'type'], 'pattern', `Unknown export type '${input.type}'`);
  if (!exporter.permission.some((p) => actor.permissions.includes(p))) throw AppError.forbidden();
  // the filters are checked now (400) and read again by the job in the owner's scope of that time
  const q = parseQuery(exporter.schema, withoutFormat(input.query));
  await exporter.count(ctx, q);
  const query = input.format === 'xlsx' ? { ...withoutFormat(input.query), format: 'xlsx' } : withoutFormat(input.query);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(exportsTable).values({ userId: actor.id, type: input.type, query, createdAt: ctx.now() }).returning();
    await queue.send<ExportJob>(EXPORT_JOB, { exportId: row.id }, { db: tx });
    return toView(row);
  });
}

async function own(ctx: Ctx, id: number): Promise<Row> {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .select()
    .from(exportsTable)
    .where(and(eq(exportsTable.id, id), eq(exportsTable.userId, actor.id)));
  if (!row) throw AppError.notFound('Export');
  return row;
}

export const get = async (ctx: Ctx, id: number) => toView(await own(ctx, id));

/** The caller's own exports and reports, newest first (`/reports/downloads`). */
export async function list(ctx: Ctx, q: { limit: number; offset: number }): Promise<{ items: ExportView[]; meta: { totalCount: number } }> {
  const actor = requireActor(ctx);
  const mine = eq(exportsTable.userId, actor.id);
  const rows = await ctx.db.select().from(exportsTable).where(mine).orderBy(desc(exportsTable.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = await ctx.db.select({ n: count() }).from(exportsTable).where(mine);
  return { items: rows.map(toView), meta: { totalCount: n } };
}

/**
 * Deletes one of the caller's exports and its file. A running export may be deleted too: its job finds no row to
 * report to and removes the file it wrote (see `run`).
 */
export async function remove(ctx: Ctx, storage: Storage, id: number): Promise<void> {
  const row = await own(ctx, id);
  await ctx.db.delete(exportsTable).where(eq(exportsTable.id, row.id));
  if (row.fileKey) await storage.remove(row.fileKey);
}
export async function file(ctx: Ctx, storage: Storage, id: number): Promise<{ name: string; body: Readable }> {
  const row = await own(ctx, id);
  if (row.status === 'expired') throw new AppError('NOT_FOUND', 'The export file has expired');
  if (row.status !== 'done' || !row.fileKey) throw AppError.conflict('The export is not ready yet');
  const body = await storage.get(row.fileKey);
  if (!body) throw AppError.notFound('Export file');
  return { name: row.fileName ?? `export-${row.id}.csv`, body };
}

/** thrown when the export was deleted while its job ran */
class ExportGone extends Error {}

async function report(db: DbOrTx, row: Row, set: Partial<typeof exportsTable.$inferInsert>): Promise<Row> {
  const [next] = await db.update(exportsTable).set(set).where(eq(exportsTable.id, row.id)).returning();
  if (!next) throw new ExportGone('The export was deleted');
  const event = EXPORT_EVENTS[next.type as ExportType];
  await publishUserEvent(db, { userId: next.userId, event, data: toView(next) });
  return next;
}

/**
 * The export job: reads every row in the owner's scope, page by page, and writes the file. A retry of the job (the
 * process died mid-run) takes over the export left `running`.
 */
export async function run(
  base: Omit<Ctx, 'actor'>,
  storage: Storage,
  exportId: number,
  opts: { retry?: boolean; queue?: JobQueue } = {},
): Promise<void> {
  const [claimed] = await base.db
    .update(exportsTable)
    .set({ status: 'running', progress: 0, rowsDone: 0 })
    .where(and(eq(exportsTable.id, exportId), inArray(exportsTable.status, opts.retry ? ['pending', 'running'] : ['pending'])))
    .returning();
  if (!claimed) return;
  let row = claimed;
  try {
    const exporter = EXPORTERS[row.type as ExportType];
    const actor = await loadActor(base.database, row.userId);
    if (!exporter) throw new Error(`Unknown export type '${row.type}'`);
    if (!actor || actor.status !== 'active' || !exporter.permission.some((p) => actor.permissions.includes(p)))
      throw new Error('The owner may no longer export these rows');
    const ctx: Ctx = { ...base, actor };
    const format = formatOf(row.query);
    const q = parseQuery(exporter.schema, withoutFormat(row.query));
    const total = Math.min(await exporter.count(ctx, q), EXPORT_MAX_ROWS);
    row = await report(base.db, row, { rowsTotal: total });
    const header = exporter.headerOf ? await exporter.headerOf(ctx, q) : exporter.header(ctx);
    const chunks: string[] = [csvRow(header)];
    const rows: CsvValue[][] = [];
    let cursor: ExportCursor | null = null;
    let done = 0;
    do {
      const page = await exporter.page(ctx, q, cursor, Math.min(EXPORT_PAGE_SIZE, EXPORT_MAX_ROWS - done));
      for (const r of page.rows) {
        if (format === 'xlsx') rows.push(r);
        else chunks.push(csvRow(r));
      }
      done += page.rows.length;
      cursor = done >= EXPORT_MAX_ROWS ? null : page.cursor;
      if (cursor !== null)
        row = await report(base.db, row, { rowsDone: done, progress: total ? Math.min(99, Math.floor((done * 100) / total)) : 0 });
    } while (cursor !== null);
    const stamp = base.now().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    const fileName = `${exporter.fileName}-${stamp}.${format}`;
    const fileKey = `exports/${row.userId}/${row.id}-${fileName}`;
    const body = format === 'xlsx' ? await xlsxFile(header, rows) : Buffer.from(chunks.join(''), 'utf8');
    await storage.put(fileKey, body, EXPORT_CONTENT_TYPES[format]);
    try {
      // the export's end and its "export ready" notification commit together
      await base.db.transaction(async (tx) => {
        const finished = await report(tx, row, {
          status: 'done',
          progress: 100,
          rowsDone: done,
          fileKey,
          fileName,
          fileSize: body.length,
          finishedAt: base.now(),
        });
        if (opts.queue)
          await exportReady({ ...ctx, db: tx }, opts.queue, { exportId: finished.id, userId: finished.userId, name: exporter.fileName });
      });
    } catch (err) {
      // deleted while it ran: its file goes too
      await storage.remove(fileKey);
      throw err;
    }
  } catch (err) {
    if (err instanceof ExportGone) return;
    try {
      await report(base.db, row, {
        status: 'failed',
        error: ((err as Error).message || 'The export failed').slice(0, 500),
        finishedAt: base.now(),
      });
    } catch (gone) {
      if (!(gone instanceof ExportGone)) throw gone;
    }
  }
}

/** the owner's exports of the last hour (a new events stream starts with their state) */
export function recent(db: DbOrTx, userId: number, since: Date): Promise<Row[]> {
  return db
    .select()
    .from(exportsTable)
    .where(and(eq(exportsTable.userId, userId), gte(exportsTable.createdAt, since)))
    .orderBy(exportsTable.id);
}

/**
 * The retention, 500 at a time: the files of exports older than EXPORT_KEEP_DAYS are removed and their rows turn
 * `expired` (the downloads list says so); rows older than EXPORT_FORGET_DAYS go. Answers how many files or rows went.
 */
export async function cleanup(base: Omit<Ctx, 'actor'>, storage: Storage): Promise<number> {
  const before = new Date(base.now().getTime() - EXPORT_KEEP_DAYS * DAY_MS);
  const old = await base.db
    .select({ id: exportsTable.id, fileKey: exportsTable.fileKey })
    .from(exportsTable)
    .where(and(lt(exportsTable.createdAt, before), ne(exportsTable.status, 'expired')))
    .orderBy(exportsTable.id)
    .limit(500);
  for (const row of old) if (row.fileKey) await storage.remove(row.fileKey);
  if (old.length)
    await base.db
      .update(exportsTable)
      .set({ status: 'expired', fileKey: null })
      .where(
        inArray(
          exportsTable.id,
          old.map((r) => r.id),
        ),
      );
  const forgotten = await base.db
    .delete(exportsTable)
    .where(lt(exportsTable.createdAt, new Date(base.now().getTime() - EXPORT_FORGET_DAYS * DAY_MS)))
    .returning({ id: exportsTable.id });
  return old.length + forgotten.length;
}
