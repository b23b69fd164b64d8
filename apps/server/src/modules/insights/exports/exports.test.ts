import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { exportsTable, leads, verticals } from '../../../db/schema';
import { systemCtx } from '../../../http/context';
import { cleanup, EXPORT_JOB, run } from './exports.service';

const t = await useApp();
const db = t.database.db;
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

const vertical = await t.make.vertical({ title: 'Finance' });
await db
  .update(verticals)
  .set({ leadGrades: [{ key: 'hot', title: 'Hot' }] })
  .where(eq(verticals.id, vertical.id));
const offer = await t.make.offer({ verticalId: vertical.id, title: 'Alpha, "loans"' });
const adv = await t.make.advertiser({ verticalId: vertical.id, title: 'Broker One' });
const a1 = await t.make.user({ type: 'affiliate' });
const a2 = await t.make.user({ type: 'affiliate' });
const mine = await db
  .insert(leads)
  .values([
    {
      status: 'sent',
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: a1.id,
      firstName: '=cmd|calc',
      lastName: 'Nowak',
      phone: '+48601234567',
      country: 'PL',
      leadGrade: 'hot',
      advertiserId: adv.id,
      createdAt: new Date('2026-01-10T23:30:00Z'),
    },
    {
      status: 'failed',
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: a1.id,
      firstName: 'Jan',
      country: 'DE',
      createdAt: new Date('2026-01-11T08:00:00Z'),
    },
  ])
  .returning();
await db.insert(leads).values({
  status: 'unsent',
  offerId: offer.id,
  verticalId: vertical.id,
  affiliateId: a2.id,
  firstName: 'Other',
  createdAt: new Date('2026-01-11T09:00:00Z'),
});

const start = (as: TestUser, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/exports', as, payload });

/** opens the events stream and collects its events */
async function openEvents(as: TestUser) {
  const tokenRes = await t.request({ method: 'POST', url: '/api/v1/events/token', as });
  expect(tokenRes.statusCode).toBe(200);
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/events?token=${encodeURIComponent(tokenRes.json().data.token)}`, { signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    async until(pred: (e: { event: string; data: Record<string, unknown> }) => boolean) {
      for (let i = 0; i < 100 && !events.some(pred); i++) await new Promise((r) => setTimeout(r, 50));
      return events.find(pred);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('exports', () => {
  it('runs a leads export as a job, reports export_lead events over SSE, and serves the CSV to its owner only', async () => {
    const stream = await openEvents(a1);
    const res = await start(a1, { type: 'leads', query: { timezone: 'Europe/Warsaw', status: 'sent,failed' } });
    expect(res.statusCode).toBe(200);
    const created = res.json().data.items[0];
    expect(created).toMatchObject({ type: 'leads', status: 'pending', progress: 0 });

    expect(await t.queue.runDue(EXPORT_JOB)).toBe(1);
    const done = await stream.until((e) => e.event === 'export_lead' && e.data.id === created.id && e.data.status === 'done');
    await stream.close();
    expect(done?.data).toMatchObject({ progress: 100, rowsDone: 2, rowsTotal: 2, fileName: expect.stringMatching(/^leads-\d{14}\.csv$/) });

    const file = await t.request({ method: 'GET', url: `/api/v1/exports/${created.id}/file`, as: a1 });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('attachment; filename="leads-');
    const lines = file.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,status,statusReason,firstName,lastName,phone,email,country,language,ip,offer,vertical,campaign,affiliateId,affiliate,leadGrade,clickId,sentAt,sub1,sub2,sub3,sub4,sub5,sub6,sub7,sub8,sub9',
    );
    // newest first; the day in Warsaw; formulas neutralised; quoting; no advertiser column for an affiliate
    expect(lines[1]).toMatch(new RegExp(`^${mine[1].id},2026-01-11 09:00:00,failed,,Jan,`));
    expect(lines[2]).toBe(
      `${mine[0].id},2026-01-11 00:30:00,sent,,'=cmd|calc,Nowak,'+48601234567,,PL,,,"Alpha, ""loans""",Finance,,${a1.id},${a1.email},Hot,,,,,,,,,,,`,
    );
    expect(lines).toHaveLength(4);
    expect(file.body).not.toContain('Broker One');
    expect(file.body).not.toContain('Other');

    // the export's state; another user gets 404 for it and its file; a new stream replays the finished export
    expect((await t.request({ method: 'GET', url: `/api/v1/exports/${created.id}`, as: a1 })).json().data.items[0].status).toBe('done');
    expect((await t.request({ method: 'GET', url: `/api/v1/exports/${created.id}/file`, as: a2 })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/exports/${created.id}`, as: a2 })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/exports/${created.id}/file`, as: t.admin })).statusCode).toBe(404);
    const again = await openEvents(a1);
    expect(await again.until((e) => e.data.id === created.id)).toMatchObject({ event: 'export_lead', data: { status: 'done' } });
    await again.close();
  });

  it('exports the advertiser columns for staff; answers 409 while the export is not finished', async () => {
    const res = await start(t.admin, { type: 'leads', query: {} });
    const id = res.json().data.items[0].id;
    expect((await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as: t.admin })).statusCode).toBe(409);
    await t.queue.runDue(EXPORT_JOB);
    const file = await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as: t.admin });
    expect(file.body.split('\r\n')[0]).toMatch(/,advertiser,advertiserLeadId,deliveryAttempts$/);
    expect(file.body).toContain('Broker One');
    expect(file.body.split('\r\n')).toHaveLength(5);
  });

  it('writes the same rows as an Excel workbook when asked for xlsx', async () => {
    const res = await start(a1, { type: 'leads', query: { timezone: 'Europe/Warsaw' }, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.items[0].id;
    await t.queue.runDue(EXPORT_JOB);
    const view = (await t.request({ method: 'GET', url: `/api/v1/exports/${id}`, as: a1 })).json().data.items[0];
    expect(view).toMatchObject({ status: 'done', rowsDone: 2, fileName: expect.stringMatching(/^leads-\d{14}\.xlsx$/) });
    const file = await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as: a1 });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const parts = unzipSync(new Uint8Array(file.rawPayload));
    const xml = Object.entries(parts)
      .filter(([name]) => name.startsWith('xl/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('');
    // the header, the rows (a formula-looking name is plain text in a workbook), not the other affiliate's lead
    for (const text of ['firstName', 'Nowak', '=cmd|calc', 'Alpha, "loans"']) expect(xml).toContain(text);
    expect(xml).not.toContain('Other');
    // the lead id is a number cell, the phone text
    expect(xml).toContain(`<c r="A3"><v>${mine[0].id}</v></c>`);
    expect((await start(a1, { type: 'leads', query: {}, format: 'pdf' })).statusCode).toBe(400);
  });

  it('exports every row of a statistics view in the owner scope, without the metrics the owner may not see', async () => {
    const query = { groupBy: 'offer', dateFrom: '2026-01-10', dateTo: '2026-01-11', timezone: 'UTC', limit: '1' };
    const mine = await start(a1, { type: 'statistics', query });
    expect(mine.statusCode).toBe(200);
    const staff = await start(t.admin, { type: 'statistics', query: { ...query, groupBy: 'day', orderBy: 'day:asc' } });
    await t.queue.runDue(EXPORT_JOB);
    const body = async (id: number, as: TestUser) =>
      (await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as })).body.split('\r\n');
    const own = await body(mine.json().data.items[0].id, a1);
    const header = own[0].split(',');
    expect(header.slice(0, 3)).toEqual(['offer', 'clicks', 'unique_clicks']);
    expect(header).toContain('payout');
    for (const hidden of ['revenue', 'profit', 'roi']) expect(header).not.toContain(hidden);
    // the affiliate's own two leads of the offer (not the other affiliate's), the paging of the view ignored
    const row = own[1].replace('"Alpha, ""loans"""', 'Alpha').split(',');
    expect(row[0]).toBe('Alpha');
    expect(row[header.indexOf('leads')]).toBe('2');
    expect(own).toHaveLength(3);
    // staff: one line per day, every lead, revenue included
    const days = await body(staff.json().data.items[0].id, t.admin);
    expect(days[0].split(',')).toContain('revenue');
    expect(days.slice(1, 3).map((l) => l.split(',')[0])).toEqual(['2026-01-10', '2026-01-11']);
    expect(days[2].split(',')[days[0].split(',').indexOf('leads')]).toBe('2');
    // a bad view is refused when the export starts
    const bad = await start(a1, { type: 'statistics', query: { groupBy: 'planet' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'query', 'groupBy']);
  });

  it('refuses bad input with 400, a type the user may not export with 403, and no token with 401', async () => {
    const bad = await start(a1, { type: 'leads', query: { status: 'bogus' } });
    expect(bad.statusCode).toBe(400);
    const dates = await start(a1, { type: 'leads', query: { limit: 'many' } });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors[0].loc).toEqual(['body', 'query', 'limit']);
    expect((await start(a1, { type: 'secrets', query: {} })).statusCode).toBe(400);
    expect((await start(a1, { query: {} })).statusCode).toBe(400);
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await start(member, { type: 'leads', query: {} })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/v1/exports', payload: { type: 'leads' } })).statusCode).toBe(401);
    expect((await db.select().from(exportsTable).where(eq(exportsTable.userId, member.id))).length).toBe(0);
  });

  it('accepts only its own short-lived token on the events stream', async () => {
    expect((await fetch(`${base}/api/v1/events?token=nope`)).status).toBe(401);
    expect((await fetch(`${base}/api/v1/events`)).status).toBe(400);
    // an access token is no events token, and an events token is no access token
    expect((await fetch(`${base}/api/v1/events?token=${a1.token}`)).status).toBe(401);
    const token = (await t.request({ method: 'POST', url: '/api/v1/events/token', as: a1 })).json().data.token;
    expect((await t.request({ method: 'GET', url: '/api/v1/leads', as: token })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/v1/events/token' })).statusCode).toBe(401);
  });

  it('lets a retry of the job take over an export left running by a process that died', async () => {
    const id = (await start(a1, { type: 'leads', query: {} })).json().data.items[0].id;
    await db.update(exportsTable).set({ status: 'running', rowsDone: 1000 }).where(eq(exportsTable.id, id));
    const base = systemCtx({ database: t.database, config: t.config, now: () => t.clock.now });
    await run(base, t.app.services.storage, id);
    expect((await db.select().from(exportsTable).where(eq(exportsTable.id, id)))[0].status).toBe('running');
    await run(base, t.app.services.storage, id, { retry: true });
    expect((await db.select().from(exportsTable).where(eq(exportsTable.id, id)))[0]).toMatchObject({ status: 'done', rowsDone: 2 });
    await t.queue.runDue(EXPORT_JOB);
  });

  it('removes an export’s file after a week (the row then says expired), and the row after a month', async () => {
    const id = (await start(a1, { type: 'leads', query: {} })).json().data.items[0].id;
    await t.queue.runDue(EXPORT_JOB);
    const base = systemCtx({ database: t.database, config: t.config, now: () => t.clock.now });
    expect((await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as: a1 })).statusCode).toBe(200);
    const [{ fileKey }] = await db.select().from(exportsTable).where(eq(exportsTable.id, id));
    await db
      .update(exportsTable)
      .set({ createdAt: new Date(t.clock.now.getTime() - 8 * 86_400_000) })
      .where(eq(exportsTable.id, id));
    expect(await cleanup(base, t.app.services.storage)).toBe(1);
    expect(await t.app.services.storage.get(fileKey!)).toBeNull();
    const listed = (await t.request({ method: 'GET', url: '/api/v1/exports', as: a1 }))
      .json()
      .data.items.find((e: { id: number }) => e.id === id);
    expect(listed).toMatchObject({ status: 'expired' });
    expect(listed.expiresAt).toBeLessThan(t.clock.now.getTime() / 1000);
    const gone = await t.request({ method: 'GET', url: `/api/v1/exports/${id}/file`, as: a1 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('The export file has expired');
    expect(await cleanup(base, t.app.services.storage)).toBe(0);
    await db
      .update(exportsTable)
      .set({ createdAt: new Date(t.clock.now.getTime() - 31 * 86_400_000) })
      .where(eq(exportsTable.id, id));
    expect(await cleanup(base, t.app.services.storage)).toBe(1);
    expect(await db.select().from(exportsTable).where(eq(exportsTable.id, id))).toEqual([]);
  });

  it('lists the caller’s own exports newest first with size and expiry; deletes one’s own only', async () => {
    const id = (await start(a2, { type: 'leads', query: {}, format: 'xlsx' })).json().data.items[0].id;
    await t.queue.runDue(EXPORT_JOB);
    const list = await t.request({ method: 'GET', url: '/api/v1/exports?limit=5', as: a2 });
    expect(list.statusCode).toBe(200);
    const items = list.json().data.items;
    expect(items[0]).toMatchObject({ id, status: 'done', fileName: expect.stringMatching(/\.xlsx$/), fileSize: expect.any(Number) });
    expect(items[0].expiresAt - items[0].createdAt).toBe(7 * 86400);
    expect(list.json().data.meta.totalCount).toBe(items.length);
    // nobody else's exports are listed
    const mine = await db.select({ id: exportsTable.id }).from(exportsTable).where(eq(exportsTable.userId, a2.id));
    expect(items.map((e: { id: number }) => e.id).sort()).toEqual(mine.map((e) => e.id).sort());
    expect((await t.request({ method: 'GET', url: '/api/v1/exports?limit=0', as: a2 })).statusCode).toBe(400);

    const [{ fileKey }] = await db.select().from(exportsTable).where(eq(exportsTable.id, id));
    expect((await t.request({ method: 'DELETE', url: `/api/v1/exports/${id}`, as: a1 })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/exports/${id}`, as: t.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/exports/${id}`, as: a2 })).statusCode).toBe(200);
    expect(await db.select().from(exportsTable).where(eq(exportsTable.id, id))).toEqual([]);
    expect(await t.app.services.storage.get(fileKey!)).toBeNull();
    expect((await t.request({ method: 'DELETE', url: `/api/v1/exports/${id}`, as: a2 })).statusCode).toBe(404);
  });

  it('an export deleted while its job runs leaves no row and no file', async () => {
    const id = (await start(a2, { type: 'leads', query: {} })).json().data.items[0].id;
    await db.delete(exportsTable).where(eq(exportsTable.id, id));
    const base = systemCtx({ database: t.database, config: t.config, now: () => t.clock.now });
    await run(base, t.app.services.storage, id);
    await t.queue.runDue(EXPORT_JOB);
    expect(await db.select().from(exportsTable).where(eq(exportsTable.id, id))).toEqual([]);
  });
});
