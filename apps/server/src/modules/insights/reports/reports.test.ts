import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { REPORT_EMPTY_MESSAGE, toDecimal } from '@leadgrid/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { readSheet } from 'read-excel-file/node';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { exportsTable, systemLogs } from '../../../db/schema';
import { systemCtx } from '../../../http/context';
import { createMailer } from '../../../lib/mailer';
import { EXPORT_JOB } from '../exports/exports.service';
import { moneyWorld } from '../../money/money.fixtures';
import { ledgerEntries, rowsOf } from '../../money/ledger';
import { REPORT_SEND_JOB, send, tick } from './reports.service';
import { reportSends, reports } from './reports.tables';

const t = await useApp();
const db = t.database.db;
const base = systemCtx(t.app.services);
const today = () => t.clock.now.toISOString().slice(0, 10);

const manager = await t.make.user({
  type: 'affiliate_manager',
  permissions: [
    'front.menu.reports.read',
    'balance.affiliate.read',
    'affiliate.assigned.read',
    'front.menu.statistics.read',
    'front.postback_log.affiliate.read',
  ],
});
const managed = await moneyWorld(t, { managerId: manager.id });
const other = await moneyWorld(t);
await managed.conversions([
  { status: 3, payout: '10.10' },
  { status: 3, payout: '5.05' },
  { status: 1, payout: '7' },
]);
await other.conversions([
  { status: 3, payout: '100' },
  { status: 2, payout: '0.333' },
]);
const worldAffiliates = [managed.affiliate.id, other.affiliate.id];

const startExport = (as: TestUser, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/exports', as, payload });
const fileOf = async (as: TestUser, id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
/** runs an export to its end and answers its state */
async function runExport(as: TestUser, payload: Record<string, unknown>) {
  const res = await startExport(as, payload);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.items[0].id as number;
  await t.queue.runDue(EXPORT_JOB);
  return (await t.request({ method: 'GET', url: `/api/v1/exports/${id}`, as })).json().data.items[0];
}
const sheet = async (buf: Buffer) => (await readSheet(Readable.from(buf))) as unknown as (string | number | null)[][];
/** the sum of a column of a sheet's rows (decimal strings added as decimals) */
const columnSum = (rows: (string | number | null)[][], col: number) =>
  rows.reduce((sum, r) => sum.plus(toDecimal(String(r[col] ?? 0))), toDecimal(0));

async function ledgerSum(partyType: 'affiliate' | 'advertiser', ids: number[], bucket?: string) {
  const where = and(
    eq(ledgerEntries.partyType, partyType),
    inArray(ledgerEntries.partyId, ids),
    bucket ? eq(ledgerEntries.bucket, bucket as 'paid') : sql`${ledgerEntries.bucket} <> 'advance'`,
  );
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(where);
  return toDecimal(row.s);
}

describe('ready reports', () => {
  it('affiliate payouts: an XLSX whose totals equal the ledger’s, read back', async () => {
    const done = await runExport(t.admin, {
      type: 'affiliate_payouts',
      format: 'xlsx',
      query: { dateFrom: today(), dateTo: today(), timezone: 'UTC', affiliateId: worldAffiliates.join(',') },
    });
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      rowsDone: 2,
      fileName: expect.stringMatching(/^affiliate-payouts-\d{14}\.xlsx$/),
    });
    expect(done.fileSize).toBeGreaterThan(0);
    const rows = await sheet(await fileOf(t.admin, done.id));
    expect(rows[0]).toEqual(['affiliateId', 'affiliate', 'currency', 'hold', 'approved', 'requested', 'paid', 'earned', 'earnedBase']);
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(worldAffiliates);
    expect(body[0].slice(2, 8)).toEqual(['USD', '7', '15.15', '0', '0', '22.15']);
    expect(columnSum(body, 7).toFixed()).toBe((await ledgerSum('affiliate', worldAffiliates)).toFixed());
    expect(columnSum(body, 4).toFixed()).toBe((await ledgerSum('affiliate', worldAffiliates, 'approved')).toFixed());
  });

  it('advertiser revenue: CSV, totals equal the ledger’s', async () => {
    const ids = [managed.advertiserId, other.advertiserId];
    const done = await runExport(t.admin, {
      type: 'advertiser_revenue',
      query: { dateFrom: today(), timezone: 'UTC', advertiserId: ids.join(',') },
    });
    expect(done.status).toBe('done');
    const lines = (await fileOf(t.admin, done.id)).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('advertiserId,advertiser,currency,hold,approved,requested,paid,advance,earned,earnedBase');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(columnSum(rows, 8).toFixed()).toBe((await ledgerSum('advertiser', ids)).toFixed());
  });

  it('a manager’s payouts report covers only their affiliates', async () => {
    const done = await runExport(manager, { type: 'affiliate_payouts', format: 'xlsx', query: { dateFrom: today(), timezone: 'UTC' } });
    const rows = (await sheet(await fileOf(manager, done.id))).slice(1);
    expect(rows.map((r) => r[0])).toEqual([managed.affiliate.id]);
  });

  it('offer performance: XLSX per offer whose totals equal the statistics service’s', async () => {
    const done = await runExport(t.admin, { type: 'offer_performance', format: 'xlsx', query: { dateFrom: today(), timezone: 'UTC' } });
    expect(done.status).toBe('done');
    const rows = await sheet(await fileOf(t.admin, done.id));
    const stats = (
      await t.request({ method: 'GET', url: `/api/v1/statistics?groupBy=offer&dateFrom=${today()}&timezone=UTC`, as: t.admin })
    ).json().data;
    expect(rows[0]).toEqual(['offer', ...Object.keys(stats.meta.totals)]);
    expect(rows.length - 1).toBe(stats.meta.totalCount);
    for (const metric of ['conversions', 'conversions_approved']) {
      const col = rows[0].indexOf(metric);
      expect(col).toBeGreaterThan(0);
      expect(columnSum(rows.slice(1), col).toNumber()).toBe(Number(stats.meta.totals[metric]));
    }
  });

  it('lead quality and postback failures run; nothing to report answers product §8’s message (422, nothing stored)', async () => {
    const before = (await db.select().from(exportsTable)).length;
    const empty = await startExport(t.admin, { type: 'lead_quality', query: { dateFrom: '2020-01-01', timezone: 'UTC' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ statusCode: 422, message: REPORT_EMPTY_MESSAGE });
    expect((await db.select().from(exportsTable)).length).toBe(before);

    await db.insert(systemLogs).values([
      {
        type: 'postback_out',
        entity: 'affiliate',
        affiliateId: managed.affiliate.id,
        success: false,
        msg: 'timeout',
        createdAt: t.clock.now,
      },
      { type: 'postback_out', entity: 'affiliate', affiliateId: managed.affiliate.id, success: true, createdAt: t.clock.now },
      { type: 'postback_out', entity: 'affiliate', affiliateId: other.affiliate.id, success: false, createdAt: t.clock.now },
      { type: 'postback_in', entity: 'advertiser', advertiserId: other.advertiserId, success: false, createdAt: t.clock.now },
    ] as never);
    const done = await runExport(manager, { type: 'postback_failures', query: { dateFrom: today(), timezone: 'UTC' } });
    const lines = (await fileOf(manager, done.id)).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('side,id,name,failed,attempts,failureRate,lastFailureAt');
    // the manager reaches only their affiliate's logs and no advertiser logs
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^affiliate,${managed.affiliate.id},[^,]+,1,2,50.00,${today()} `))]);
    const all = await runExport(t.admin, { type: 'postback_failures', query: { dateFrom: today(), timezone: 'UTC' } });
    const adminLines = (await fileOf(t.admin, all.id)).toString('utf8').trim().split('\r\n');
    expect(adminLines.some((l) => l.startsWith(`advertiser,${other.advertiserId},`))).toBe(true);
  });

  it('validation: a bad filter or an inverted range is a 400 with its field', async () => {
    const bad = await startExport(t.admin, { type: 'affiliate_payouts', query: { affiliateId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'query', 'affiliateId', 0]);
    const inverted = await startExport(t.admin, { type: 'advertiser_revenue', query: { dateFrom: '2026-02-02', dateTo: '2026-02-01' } });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors[0].loc).toEqual(['body', 'query', 'dateTo']);
  });

  it('permissions: reports need front.menu.reports.read; money reports the balance permissions', async () => {
    const affiliate = managed.affiliate;
    expect((await startExport(affiliate, { type: 'offer_performance', query: {} })).statusCode).toBe(403);
    const staffNoMoney = await t.make.user({ type: 'employee', permissions: ['front.menu.reports.read'] });
    expect((await startExport(staffNoMoney, { type: 'affiliate_payouts', query: {} })).statusCode).toBe(403);
    expect((await startExport(manager, { type: 'advertiser_revenue', query: {} })).statusCode).toBe(403);
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await startExport(member, { type: 'advertiser_revenue', query: {} })).statusCode).toBe(404);
  });
});

describe('saved reports', () => {
  const url = '/api/v1/reports';
  it('saves, lists, changes, runs and deletes one’s own reports; others get 404', async () => {
    const created = await t.request({
      method: 'POST',
      url,
      as: manager,
      payload: { title: 'Weekly payouts', type: 'affiliate_payouts', range: 'this_month', query: { timezone: 'UTC' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const report = created.json().data.items[0];
    expect(report).toMatchObject({ title: 'Weekly payouts', type: 'affiliate_payouts', format: 'xlsx', schedule: null, nextSendAt: null });
    expect((await t.request({ method: 'GET', url, as: manager })).json().data.items.map((r: { id: number }) => r.id)).toContain(report.id);
    expect((await t.request({ method: 'GET', url, as: t.admin })).json().data.items.map((r: { id: number }) => r.id)).not.toContain(
      report.id,
    );
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/run'],
    ] as const)
      expect(
        (
          await t.request({
            method,
            url: `${url}/${report.id}${path}`,
            as: t.admin,
            payload: method === 'PATCH' ? { title: 'x' } : undefined,
          })
        ).statusCode,
      ).toBe(404);

    const patched = await t.request({
      method: 'PATCH',
      url: `${url}/${report.id}`,
      as: manager,
      payload: { schedule: 'weekly', sendHour: 9 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.items[0].nextSendAt).toBeGreaterThan(t.clock.now.getTime() / 1000);

    const run = await t.request({ method: 'POST', url: `${url}/${report.id}/run`, as: manager });
    expect(run.statusCode, run.body).toBe(200);
    const exp = run.json().data.items[0];
    expect(exp.type).toBe('affiliate_payouts');
    await t.queue.runDue(EXPORT_JOB);
    const rows = (await sheet(await fileOf(manager, exp.id))).slice(1);
    expect(rows.map((r) => r[0])).toEqual([managed.affiliate.id]);

    expect((await t.request({ method: 'DELETE', url: `${url}/${report.id}`, as: manager })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${url}/${report.id}`, as: manager })).statusCode).toBe(404);
  });

  it('validation and permission of a saved report', async () => {
    const post = (as: TestUser, payload: Record<string, unknown>) => t.request({ method: 'POST', url, as, payload });
    const before = (await db.select().from(reports)).length;
    const bad = await post(t.admin, { title: '', type: 'nope', schedule: 'hourly', sendHour: 24 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { loc: string[] }) => e.loc.join('.'))
        .sort(),
    ).toEqual(['body.schedule', 'body.sendHour', 'body.title', 'body.type']);
    const custom = await post(t.admin, { title: 'x', type: 'lead_quality', range: 'custom' });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().errors[0].loc).toEqual(['body', 'query', 'dateFrom']);
    const badFilter = await post(t.admin, { title: 'x', type: 'lead_quality', query: { groupBy: 'planet' } });
    expect(badFilter.statusCode).toBe(400);
    expect((await post(managed.affiliate, { title: 'x', type: 'offer_performance' })).statusCode).toBe(403);
    expect((await post(manager, { title: 'x', type: 'advertiser_revenue' })).statusCode).toBe(403);
    expect((await db.select().from(reports)).length).toBe(before);
  });
});

describe('scheduled reports', () => {
  const received: { to: string; raw: Buffer }[] = [];
  let reject = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (reject > 0) {
          reject--;
          const err = new Error('451 mailbox busy, try later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

  it('sends a due report once through SMTP with its file attached, retries a failed send and shows its error', async () => {
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'reports@leadgrid.test',
      log: { info: () => undefined },
    });

    const [{ email }] = rowsOf<{ email: string }>(await db.execute(sql`select email from users where id = ${manager.id}`));
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/reports',
      as: manager,
      payload: {
        title: 'Daily payouts',
        type: 'affiliate_payouts',
        range: 'today',
        schedule: 'daily',
        sendHour: 6,
        query: { timezone: 'UTC' },
      },
    });
    const id = created.json().data.items[0].id as number;
    // due now: two ticks (two processes) queue one send
    await db
      .update(reports)
      .set({ nextSendAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(reports.id, id));
    expect(await Promise.all([tick(base, t.queue), tick(base, t.queue)]).then((n) => n[0] + n[1])).toBe(1);
    expect(await tick(base, t.queue)).toBe(0);
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    expect(row.nextSendAt!.getTime()).toBeGreaterThan(t.clock.now.getTime());
    const sends = await db.select().from(reportSends).where(eq(reportSends.reportId, id));
    expect(sends).toHaveLength(1);

    // the SMTP server refuses the first attempt: the error shows on the report, the send stays to retry
    reject = 1;
    await expect(send(base, { storage: t.app.services.storage, mailer }, sends[0].id, { retryCount: 0 })).rejects.toThrow(/451/);
    const failed = (await t.request({ method: 'GET', url: `/api/v1/reports/${id}`, as: manager })).json().data.items[0];
    expect(failed.lastError).toMatch(/451 mailbox busy/);
    expect(received).toHaveLength(0);

    // the retry sends it, with the file built by the first attempt
    expect(await send(base, { storage: t.app.services.storage, mailer }, sends[0].id, { retryCount: 1 })).toBe('sent');
    expect(await send(base, { storage: t.app.services.storage, mailer }, sends[0].id, { retryCount: 2 })).toBe('skipped');
    // the send's own queued job then finds it sent: nothing more goes out
    const memoryBefore = t.mailer.sent.length;
    expect(await t.queue.runDue(REPORT_SEND_JOB)).toBe(1);
    expect(t.mailer.sent.length).toBe(memoryBefore);
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe(email);
    const mail = await simpleParser(received[0].raw);
    expect(mail.subject).toBe(`Daily payouts (${today()})`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toMatch(/^affiliate-payouts-\d{14}\.xlsx$/);
    expect(mail.attachments[0].contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheet(mail.attachments[0].content);
    expect(rows.slice(1).map((r) => r[0])).toEqual([managed.affiliate.id]);
    expect(columnSum(rows.slice(1), 7).toFixed()).toBe((await ledgerSum('affiliate', [managed.affiliate.id])).toFixed());
    const sent = (await t.request({ method: 'GET', url: `/api/v1/reports/${id}`, as: manager })).json().data.items[0];
    expect(sent).toMatchObject({ lastError: null, lastSentAt: expect.any(Number) });
    const [s] = await db.select().from(reportSends).where(eq(reportSends.id, sends[0].id));
    expect(s).toMatchObject({ status: 'sent', attempts: 2 });
    // the report's file is among the owner's downloads
    const downloads = (await t.request({ method: 'GET', url: '/api/v1/exports', as: manager })).json().data.items;
    expect(downloads.some((d: { id: number; status: string }) => d.id === s.exportId && d.status === 'done')).toBe(true);
  });

  it('the send job (pg-boss) mails through the app’s mailer; a report with no data is not mailed and says why', async () => {
    const mk = async (title: string, type: string, query: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/reports',
        as: t.admin,
        payload: { title, type, range: 'today', schedule: 'monthly', query },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.items[0].id as number;
      await db
        .update(reports)
        .set({ nextSendAt: new Date(t.clock.now.getTime() - 1000) })
        .where(eq(reports.id, id));
      return id;
    };
    const full = await mk('Revenue', 'advertiser_revenue', { timezone: 'UTC' });
    const empty = await mk('Nothing', 'lead_quality', { timezone: 'UTC', offerId: '999999' });
    expect(await tick(base, t.queue)).toBe(2);
    const sentBefore = t.mailer.sent.length;
    expect(await t.queue.runDue(REPORT_SEND_JOB)).toBe(2);
    const mails = t.mailer.sent.slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Revenue (${today()})`);
    expect(mails[0].attachments?.[0].content.length).toBeGreaterThan(0);
    const view = (await t.request({ method: 'GET', url: `/api/v1/reports/${empty}`, as: t.admin })).json().data.items[0];
    expect(view.lastError).toBe(REPORT_EMPTY_MESSAGE);
    expect((await db.select().from(reportSends).where(eq(reportSends.reportId, empty)))[0].status).toBe('empty');
    expect((await db.select().from(reportSends).where(eq(reportSends.reportId, full)))[0].status).toBe('sent');
  });
});
