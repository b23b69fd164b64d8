/**
 * Saved reports (docs/decisions/insights.md "Reports, downloads and scheduled reports"): a ready report or a statistics
 * view with its filters, range and format, owned by one user. `run` starts it as an export (the export job writes the
 * file, progress goes over the events stream). A scheduled report is e-mailed daily, weekly or monthly at its hour in
 * the owner's zone: a minute tick claims each due report by moving its `next_send_at` forward (a conditional update)
 * and records one `report_sends` row per report and due time (unique) with its send job, in one transaction — so each
 * due time is sent once, whatever the number of processes; the send job builds the file and mails it, and pg-boss
 * retries a failed send, whose error shows on the report.
 */
import {
  REPORT_EMPTY_MESSAGE,
  REPORT_QUERIES,
  nextSendAt,
  rangeDates,
  statisticsQuery,
  type ExportView,
  type ReadyReportType,
  type ReportView,
  type reportPatchSchema,
  type reportWriteSchema,
} from '@leadgrid/shared';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { exportsTable, users } from '../../../db/schema';
import { loadActor } from '../../../http/auth';
import { hasPermission, requireActor, type Actor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import type { JobQueue } from '../../../jobs/queue';
import type { Mailer } from '../../../lib/mailer';
import type { Storage } from '../../../lib/storage';
import { create as createExport, EXPORT_CONTENT_TYPES, run as runExport } from '../exports';
import { requireReach } from '../../money/money.scope';
import { reportSends, reports } from './reports.tables';

export const REPORT_TICK_JOB = 'report-schedule-tick';
export const REPORT_SEND_JOB = 'report-send';
/** attempts of one scheduled send (the first and its retries) */
export const REPORT_SEND_ATTEMPTS = 5;
export interface ReportSendJob {
  sendId: number;
}

type Row = typeof reports.$inferSelect;
type Write = z.infer<typeof reportWriteSchema>;
type Patch = z.infer<typeof reportPatchSchema>;

export function toView(r: Row): ReportView {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    query: r.query as ReportView['query'],
    range: r.range,
    format: r.format,
    schedule: r.schedule ?? null,
    sendHour: r.sendHour,
    nextSendAt: toSeconds(r.nextSendAt),
    lastSentAt: toSeconds(r.lastSentAt),
    lastError: r.lastError,
    createdAt: toSeconds(r.createdAt)!,
  };
}

/** the query values as a list's query string carries them (the export job reads them the same way) */
const asQueryString = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));

/** Fails unless the actor may run reports of the type: the money reports need the money routes' read permission. */
function requireType(ctx: Ctx, type: Write['type']): void {
  const actor = requireActor(ctx);
  if (type === 'affiliate_payouts') requireReach(ctx, 'balance', 'affiliate');
  if (type === 'advertiser_revenue') requireReach(ctx, 'balance', 'advertiser');
  if (type === 'statistics' && !hasPermission(actor, 'front.menu.statistics.read')) throw AppError.forbidden();
}

/** Checks the filters against the type's query (400 with the field); a custom range needs its days. */
function checkQuery(input: { type: Write['type']; query: Record<string, unknown>; range: Write['range'] }): Record<string, unknown> {
  const { format: _f, limit: _l, offset: _o, ...rest } = input.query as Record<string, unknown>;
  const query =
    input.range === 'custom'
      ? rest
      : Object.fromEntries(Object.entries(rest).filter(([k]) => !['dateFrom', 'dateTo', 'from', 'to'].includes(k)));
  if (input.range === 'custom' && !query.dateFrom)
    throw AppError.field(['body', 'query', 'dateFrom'], 'required', 'A custom range needs its first day');
  const schema = input.type === 'statistics' ? statisticsQuery : REPORT_QUERIES[input.type as ReadyReportType];
  const parsed = schema.safeParse(asQueryString(query));
  if (!parsed.success)
    throw AppError.validation(
      parsed.error.issues.map((i) => ({
        msg: i.message,
        type: i.message,
        loc: ['body', 'query', ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      })),
    );
  return query;
}

async function own(ctx: Ctx, id: number): Promise<Row> {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, actor.id)));
  if (!row) throw AppError.notFound('Report');
  return row;
}

export async function list(ctx: Ctx): Promise<ReportView[]> {
  const actor = requireActor(ctx);
  const rows = await ctx.db.select().from(reports).where(eq(reports.userId, actor.id)).orderBy(desc(reports.id)).limit(500);
  return rows.map(toView);
}

export const get = async (ctx: Ctx, id: number) => toView(await own(ctx, id));

const nextOf = (r: Pick<Row, 'schedule' | 'sendHour'>, zone: string, now: Date) =>
  r.schedule ? nextSendAt(r.schedule, r.sendHour, zone, now) : null;

export async function create(ctx: Ctx, input: Write): Promise<ReportView> {
  const actor = requireActor(ctx);
  requireType(ctx, input.type);
  const query = checkQuery(input);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(reports)
    .values({ ...input, query, userId: actor.id, nextSendAt: nextOf(input, actor.timezone, now), createdAt: now, updatedAt: now })
    .returning();
  return toView(row);
}

export async function update(ctx: Ctx, id: number, patch: Patch): Promise<ReportView> {
  const actor = requireActor(ctx);
  const row = await own(ctx, id);
  const next = { ...row, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as Row;
  requireType(ctx, next.type);
  const query = checkQuery(next);
  const scheduleChanged = next.schedule !== row.schedule || next.sendHour !== row.sendHour;
  const [saved] = await ctx.db
    .update(reports)
    .set({
      title: next.title,
      type: next.type,
      query,
      range: next.range,
      format: next.format,
      schedule: next.schedule,
      sendHour: next.sendHour,
      ...(scheduleChanged ? { nextSendAt: nextOf(next, actor.timezone, ctx.now()) } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(reports.id, row.id))
    .returning();
  return toView(saved);
}

export async function remove(ctx: Ctx, id: number): Promise<void> {
  const row = await own(ctx, id);
  await ctx.db.delete(reports).where(eq(reports.id, row.id));
}

/** The export query of a report on the given moment: its range resolved to days in the zone, its format. */
export function exportQueryOf(r: Pick<Row, 'query' | 'range' | 'format'>, now: Date, zone: string): Record<string, unknown> {
  const q: Record<string, unknown> = { ...r.query };
  const days = rangeDates(r.range, now, (q.timezone as string | undefined) ?? zone);
  if (days) Object.assign(q, days);
  return q;
}

/** Runs a saved report now, as an export of the owner (its progress comes over the events stream). */
export async function run(ctx: Ctx, queue: JobQueue, id: number): Promise<ExportView> {
  const actor = requireActor(ctx);
  const row = await own(ctx, id);
  requireType(ctx, row.type);
  return createExport(ctx, queue, { type: row.type, query: exportQueryOf(row, ctx.now(), actor.timezone), format: row.format });
}

// --- scheduled sends --------------------------------------------------------------------------------------------------

/**
 * The minute tick: claims the due reports (each by a conditional update of its `next_send_at`, so two ticks never both
 * claim one) and records each due time's send with its job in the same transaction. Answers how many sends it queued.
 */
export async function tick(base: Omit<Ctx, 'actor'>, queue: JobQueue): Promise<number> {
  const now = base.now();
  const due = await base.db
    .select({
      id: reports.id,
      nextSendAt: reports.nextSendAt,
      schedule: reports.schedule,
      sendHour: reports.sendHour,
      zone: users.timezone,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.userId))
    .where(lte(reports.nextSendAt, now))
    .orderBy(reports.nextSendAt)
    .limit(200);
  let queued = 0;
  for (const r of due) {
    if (!r.schedule || !r.nextSendAt) continue;
    const dueAt = r.nextSendAt;
    queued += await base.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(reports)
        .set({ nextSendAt: nextSendAt(r.schedule!, r.sendHour, r.zone || 'UTC', now) })
        .where(and(eq(reports.id, r.id), eq(reports.nextSendAt, dueAt)))
        .returning({ id: reports.id });
      if (!claimed) return 0;
      const [send] = await tx
        .insert(reportSends)
        .values({ reportId: r.id, dueAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: reportSends.id });
      if (!send) return 0;
      await queue.send<ReportSendJob>(REPORT_SEND_JOB, { sendId: send.id }, { db: tx });
      return 1;
    });
  }
  return queued;
}

async function bufferOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks);
}

const TYPE_TITLES: Record<string, string> = {
  affiliate_payouts: 'Affiliate payouts',
  advertiser_revenue: 'Advertiser revenue',
  offer_performance: 'Offer performance',
  lead_quality: 'Lead quality',
  postback_failures: 'Postback failures',
  statistics: 'Statistics',
};

/**
 * One scheduled send (the send job): builds the report as an export of its owner (it shows in the owner's downloads)
 * and e-mails the file to the owner. A send already done is skipped (a duplicate job changes nothing); a report with
 * no data is not mailed — its error says product §8's message; any other failure is recorded on the send and the report
 * and thrown, so the queue retries it (REPORT_SEND_ATTEMPTS in all).
 */
export async function send(
  base: Omit<Ctx, 'actor'>,
  deps: { storage: Storage; mailer: Mailer },
  sendId: number,
  attempt: { retryCount: number },
): Promise<'sent' | 'empty' | 'skipped'> {
  const [s] = await base.db.select().from(reportSends).where(eq(reportSends.id, sendId));
  if (!s || s.status === 'sent' || s.status === 'empty') return 'skipped';
  const [report] = await base.db.select().from(reports).where(eq(reports.id, s.reportId));
  const [owner] = report
    ? await base.db.select({ email: users.email, timezone: users.timezone }).from(users).where(eq(users.id, report.userId))
    : [];
  if (!report || !owner) return 'skipped';
  await base.db
    .update(reportSends)
    .set({ attempts: sql`${reportSends.attempts} + 1` })
    .where(eq(reportSends.id, s.id));
  const fail = async (message: string, final: boolean) => {
    const error = message.slice(0, 500);
    await base.db
      .update(reportSends)
      .set({ error, status: final ? 'failed' : 'pending' })
      .where(eq(reportSends.id, s.id));
    await base.db.update(reports).set({ lastError: error }).where(eq(reports.id, report.id));
  };
  const final = attempt.retryCount + 1 >= REPORT_SEND_ATTEMPTS;
  try {
    const actor: Actor | null = await loadActor(base.database, report.userId);
    if (!actor || actor.status !== 'active') throw new Error('The owner of the report is not active');
    // the file: the export of an earlier attempt when it is done, else a new one run here
    let [exp] = s.exportId ? await base.db.select().from(exportsTable).where(eq(exportsTable.id, s.exportId)) : [];
    if (!exp || exp.status !== 'done' || !exp.fileKey) {
      const query = exportQueryOf(report, s.dueAt, owner.timezone || 'UTC');
      const [row] = await base.db
        .insert(exportsTable)
        .values({
          userId: report.userId,
          type: report.type,
          query: report.format === 'xlsx' ? { ...query, format: 'xlsx' } : query,
          createdAt: base.now(),
        })
        .returning();
      await base.db.update(reportSends).set({ exportId: row.id }).where(eq(reportSends.id, s.id));
      await runExport(base, deps.storage, row.id);
      [exp] = await base.db.select().from(exportsTable).where(eq(exportsTable.id, row.id));
    }
    if (exp.status === 'failed' && exp.error === REPORT_EMPTY_MESSAGE) {
      await base.db.update(reportSends).set({ status: 'empty', error: REPORT_EMPTY_MESSAGE }).where(eq(reportSends.id, s.id));
      await base.db.update(reports).set({ lastError: REPORT_EMPTY_MESSAGE }).where(eq(reports.id, report.id));
      return 'empty';
    }
    if (exp.status !== 'done' || !exp.fileKey) throw new Error(exp.error ?? 'The report file was not written');
    const stream = await deps.storage.get(exp.fileKey);
    if (!stream) throw new Error('The report file is missing');
    const content = await bufferOf(stream);
    const fileName = exp.fileName ?? `report-${report.id}.${report.format}`;
    const query = exp.query as { dateFrom?: string; dateTo?: string };
    const period = query.dateFrom
      ? ` (${query.dateFrom}${query.dateTo && query.dateTo !== query.dateFrom ? ` – ${query.dateTo}` : ''})`
      : '';
    await deps.mailer.send({
      to: owner.email,
      subject: `${report.title}${period}`,
      text: `Your scheduled report "${report.title}" (${TYPE_TITLES[report.type] ?? report.type}, ${report.schedule ?? 'on demand'}) is attached: ${fileName}.`,
      attachments: [{ filename: fileName, content, contentType: EXPORT_CONTENT_TYPES[report.format] }],
    });
    const now = base.now();
    await base.db.update(reportSends).set({ status: 'sent', sentAt: now, error: null }).where(eq(reportSends.id, s.id));
    await base.db.update(reports).set({ lastSentAt: now, lastError: null }).where(eq(reports.id, report.id));
    return 'sent';
  } catch (err) {
    await fail((err as Error).message || 'The report could not be sent', final);
    throw err;
  }
}
