import { and, eq, sql } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { leads, postbacks, userManagers, verticals } from '../../../db/schema';
import { systemCtx } from '../../../http/context';
import { leadMarket } from '../leads/lead-market.fixture';
import { LEAD_SWEEP_JOB } from '../leads/leads.jobs';
import { deliverAll } from '../../../../test/deliveries';
import { IMPORT_CHUNK, LEAD_IMPORT_JOB, run, STORE_ONLY_REASON, watchersOf } from './lead-import.service';
import { leadImportRows, leadImports } from './lead-import.tables';

const t = await useApp();
const db = t.database.db;
const { market } = leadMarket(t);

const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.assigned.read', 'lead.update'] });

/** a multipart/form-data body with one file */
function multipart(data: Buffer, filename: string, type: string) {
  const boundary = '----leadgrid' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (data: Buffer, filename = 'leads.csv', as: TestUser = t.admin, type = 'text/csv') =>
  t.request({ method: 'POST', url: '/api/v1/lead-imports', as, ...multipart(data, filename, type) });
const start = (id: number, payload: Record<string, unknown>, as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: `/api/v1/lead-imports/${id}/start`, as, payload });

let seq = 100000 + Math.floor(Math.random() * 800000);
/** a generated file: `n` rows, row 5 with a bad e-mail, row 7 an unknown country, row 10 repeating row 9's phone, the last row row 1's */
function generated(n: number, sep = ',') {
  const phones: string[] = [];
  const lines = [['Name', 'Phone', 'E-mail', 'Country', 'Date', 'sub1'].join(sep)];
  for (let i = 1; i <= n; i++) {
    let phone = `+48601${String(++seq).padStart(6, '0').slice(-6)}`;
    if (i === 10) phone = phones[8];
    if (i === n) phone = phones[0];
    phones.push(phone);
    const email = i === 5 ? 'not-an-email' : i === n ? '' : `lead${seq}@example.com`;
    lines.push(
      [`Lead ${i}`, phone, email, i === 7 ? 'XX' : 'pl', `2025-03-${String((i % 28) + 1).padStart(2, '0')} 10:15`, `batch-${i % 3}`].join(
        sep,
      ),
    );
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}
const MAPPING = { firstName: 0, phone: 1, email: 2, country: 3, sourceDate: 4, sub1: 5 };
const rowsOf = (id: number) => db.select().from(leadImportRows).where(eq(leadImportRows.importId, id)).orderBy(leadImportRows.rowNo);

describe('lead import', () => {
  it('imports a generated CSV of 2,000 rows: preview, mapping, store only, report per row', async () => {
    const m = await market([{ path: '/accept/one' }]);
    const up = await upload(generated(2000, ';'));
    expect(up.statusCode).toBe(200);
    const draft = up.json().data.items[0];
    expect(draft).toMatchObject({ status: 'draft', rowsTotal: 2000, columns: ['Name', 'Phone', 'E-mail', 'Country', 'Date', 'sub1'] });
    expect(draft.preview).toHaveLength(5);
    expect(draft.preview[0][0]).toBe('Lead 1');
    expect(draft.suggested).toEqual(MAPPING);

    const res = await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING, distribute: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0].status).toBe('pending');
    expect((await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING })).statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}/report`, as: t.admin })).statusCode).toBe(409);

    expect(await t.queue.runDue(LEAD_IMPORT_JOB)).toBe(1);
    const state = (await t.request({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}`, as: t.admin })).json().data.items[0];
    expect(state).toMatchObject({ status: 'done', progress: 100, rowsDone: 2000, accepted: 1996, duplicates: 2, invalid: 2 });

    const rows = await rowsOf(draft.id);
    expect(rows).toHaveLength(2000);
    expect(rows[4]).toMatchObject({ rowNo: 5, outcome: 'invalid', leadId: null, reason: 'email: email' });
    expect(rows[6]).toMatchObject({ rowNo: 7, outcome: 'invalid', leadId: null, reason: 'country: Unknown country code' });
    expect(rows[9]).toMatchObject({ rowNo: 10, outcome: 'duplicate', reason: `Duplicate of lead ${rows[8].leadId}` });
    expect(rows[1999]).toMatchObject({ rowNo: 2000, outcome: 'duplicate', reason: `Duplicate of lead ${rows[0].leadId}` });

    const stored = await db.select().from(leads).where(eq(leads.importId, draft.id));
    expect(stored).toHaveLength(1998);
    const first = stored.find((l) => l.id === rows[0].leadId)!;
    expect(first).toMatchObject({
      status: 'unsent',
      statusReason: STORE_ONLY_REASON,
      firstName: 'Lead 1',
      country: 'PL',
      sub1: 'batch-1',
      affiliateId: m.affiliate.id,
      offerId: m.offer.id,
    });
    expect(first.sourceDate?.toISOString()).toBe('2025-03-02T10:15:00.000Z');
    expect(first.createdAt.getTime()).toBe(t.clock.now.getTime());

    const report = await t.request({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}/report`, as: t.admin });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('attachment');
    const lines = report.body.split('\r\n');
    expect(lines[0]).toBe('row,outcome,leadId,reason');
    expect(lines[5]).toBe('5,invalid,,email: email');
    expect(lines).toHaveLength(2002);
  }, 120_000);

  it('goes on from the last committed chunk after a stop, losing no row and writing none twice', async () => {
    const m = await market([{ path: '/accept/two' }]);
    const draft = (await upload(generated(2500))).json().data.items[0];
    await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING });
    const base = systemCtx(t.app.services);
    // the first run passes its deadline after one chunk and hands over to a continuation job
    expect(await run(base, t.app.services.storage, t.queue, draft.id, { deadline: 0 })).toBe('continued');
    const [mid] = await db.select().from(leadImports).where(eq(leadImports.id, draft.id));
    expect(mid).toMatchObject({ status: 'running', rowsDone: IMPORT_CHUNK });
    expect(await rowsOf(draft.id)).toHaveLength(IMPORT_CHUNK);
    // the pending job and its continuation: the continuation takes over, the stale job finds the work moved on
    await t.queue.runDue(LEAD_IMPORT_JOB);
    const [end] = await db.select().from(leadImports).where(eq(leadImports.id, draft.id));
    expect(end).toMatchObject({ status: 'done', rowsDone: 2500 });
    const rows = await rowsOf(draft.id);
    expect(rows.map((r) => r.rowNo)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    const n = await db.execute(sql`select count(*)::int as n from leads where import_id = ${draft.id}`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2498);
  }, 120_000);

  it('distributes an XLSX import through the lead engine and fires the lead postbacks when asked', async () => {
    const m = await market([{ path: '/accept/three' }]);
    const file = await writeXlsxFile([
      [{ value: 'first name' }, { value: 'phone' }, { value: 'date' }],
      [
        { value: 'Xena', type: String },
        { value: '+48 601 777 001', type: String },
        { value: new Date('2025-01-02T03:04:05Z'), type: Date, format: 'yyyy-mm-dd hh:mm:ss' },
      ],
      [{ value: 'Yuri', type: String }, { value: '+48 601 777 002', type: String }, null],
    ]).toBuffer();
    const up = await upload(file, 'leads.xlsx', t.admin, 'application/octet-stream');
    expect(up.statusCode).toBe(200);
    const draft = up.json().data.items[0];
    expect(draft.suggested).toEqual({ firstName: 0, phone: 1, sourceDate: 2 });
    await db.insert(postbacks).values({
      scope: 'affiliate',
      affiliateId: m.affiliate.id,
      method: 'GET',
      url: 'http://127.0.0.1:9/pb?lead={lead_id}',
      events: ['event_received'],
      status: 'active',
    });
    await start(draft.id, {
      offerId: m.offer.id,
      affiliateId: m.affiliate.id,
      mapping: draft.suggested,
      distribute: true,
      firePostbacks: true,
    });
    await t.queue.runDue(LEAD_IMPORT_JOB);
    const stored = await db.select().from(leads).where(eq(leads.importId, draft.id)).orderBy(leads.id);
    expect(stored.map((l) => l.status)).toEqual(['new', 'new']);
    expect(stored[0].sourceDate?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
    expect(stored[1].sourceDate).toBeNull();
    await t.queue.runDue(LEAD_SWEEP_JOB, { ignoreStartAfter: true });
    const after = await db.select().from(leads).where(eq(leads.importId, draft.id)).orderBy(leads.id);
    expect(after.map((l) => l.status)).toEqual(['sent', 'sent']);
    // one "lead received" postback per imported lead
    expect(await deliverAll(t)).toBe(2);
  }, 120_000);

  it('refuses bad uploads and starts with 4xx, keeps imports to their importer and managers to their affiliates', async () => {
    const m = await market([{ path: '/accept/four' }]);
    const notMultipart = await t.request({ method: 'POST', url: '/api/v1/lead-imports', as: t.admin, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    expect((await upload(Buffer.from('GIF89a'), 'a.gif', t.admin, 'image/gif')).statusCode).toBe(400);
    expect((await upload(Buffer.from('only,a,header\r\n'))).json()).toMatchObject({ statusCode: 400, errors: [{ loc: ['body', 'file'] }] });
    expect((await upload(generated(3), 'leads.csv', m.affiliate as unknown as TestUser)).statusCode).toBe(401);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await upload(generated(3), 'leads.csv', aff)).statusCode).toBe(403);

    const draft = (await upload(generated(3))).json().data.items[0];
    const bad = await start(draft.id, {
      offerId: m.offer.id,
      affiliateId: m.affiliate.id,
      mapping: { phone: 9, 'fields.nope': 1, email: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { loc: string[] }) => e.loc.join('.'))).toEqual([
      'body.mapping.phone',
      'body.mapping.fields.nope',
      'body.mapping.email',
    ]);
    expect((await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: {} })).statusCode).toBe(400);
    expect((await start(draft.id, { offerId: m.offer.id, affiliateId: manager.id, mapping: MAPPING })).json().errors[0].loc).toEqual([
      'body',
      'affiliateId',
    ]);
    // someone else's import is not found; a manager imports only for the affiliates they manage
    expect((await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING }, manager)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}`, as: manager })).statusCode).toBe(404);
    const own = (await upload(generated(3), 'leads.csv', manager)).json().data.items[0];
    expect(
      (await start(own.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING }, manager)).json().errors[0].loc,
    ).toEqual(['body', 'affiliateId']);
    await db.insert(userManagers).values({ userId: m.affiliate.id, managerId: manager.id });
    expect((await start(own.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING }, manager)).statusCode).toBe(200);
    const [d] = await db
      .select()
      .from(leadImports)
      .where(and(eq(leadImports.id, draft.id)));
    expect(d.status).toBe('draft');
  }, 120_000);

  it('shows an import to the staff whose lead scope reaches its affiliate (list, state, report, progress); others get 404', async () => {
    const m = await market([{ path: '/accept/seen' }]);
    const theirs = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.assigned.read', 'lead.update'] });
    const stranger = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.assigned.read', 'lead.update'] });
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.read'] });
    const affiliate = await t.make.user({ type: 'affiliate' });
    await db.insert(userManagers).values({ userId: m.affiliate.id, managerId: theirs.id });
    const draft = (await upload(generated(3))).json().data.items[0];
    expect(
      (await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING, distribute: false })).statusCode,
    ).toBe(200);
    const [imp] = await db.select().from(leadImports).where(eq(leadImports.id, draft.id));
    // the progress events go to the same people
    const watchers = await watchersOf(db, imp);
    expect(watchers).toEqual(expect.arrayContaining([t.admin.id, theirs.id]));
    expect(watchers).not.toContain(stranger.id);
    expect(watchers).not.toContain(reader.id);
    // (the job of an earlier test's import may run too)
    expect(await t.queue.runDue(LEAD_IMPORT_JOB)).toBeGreaterThanOrEqual(1);

    const list = (as: TestUser) => t.request({ method: 'GET', url: '/api/v1/lead-imports?limit=100', as });
    const state = (as: TestUser) => t.request({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}`, as });
    const report = (as: TestUser) => t.request({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}/report`, as });
    // the admin (lead.read) and the affiliate's manager (lead.assigned.read) see it
    for (const who of [t.admin, theirs]) {
      const ids = (await list(who)).json().data.items.map((i: { id: number }) => i.id);
      expect(ids).toContain(draft.id);
      expect((await state(who)).json().data.items[0]).toMatchObject({ id: draft.id, status: 'done', userId: t.admin.id });
      expect((await report(who)).statusCode).toBe(200);
    }
    // a manager of other affiliates does not, and sees its own imports only
    const mine = (await upload(generated(3), 'leads.csv', stranger)).json().data.items[0];
    const strangerList = (await list(stranger)).json();
    expect(strangerList.data.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    expect(strangerList.data.meta.totalCount).toBe(1);
    expect((await state(stranger)).statusCode).toBe(404);
    expect((await report(stranger)).statusCode).toBe(404);
    // the manager who sees another's import still cannot start it; nor see another's draft with no affiliate yet
    expect((await start(draft.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING }, theirs)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/lead-imports/${mine.id}`, as: theirs })).statusCode).toBe(404);
    // reading leads without importing them, or being an affiliate, shows no import at all
    for (const who of [reader, affiliate]) {
      expect((await list(who)).statusCode).toBe(403);
      expect((await state(who)).statusCode).toBe(403);
    }
  }, 120_000);

  it('lists imports newest first, paged, with the names of their importer, offer and affiliate; refuses a bad page with the field', async () => {
    const m = await market([{ path: '/accept/list' }]);
    const importer = await t.make.user({ type: 'admin' });
    const first = (await upload(generated(3), 'first.csv', importer)).json().data.items[0];
    const second = (await upload(generated(3), 'second.csv', importer)).json().data.items[0];
    expect((await start(second.id, { offerId: m.offer.id, affiliateId: m.affiliate.id, mapping: MAPPING }, importer)).statusCode).toBe(200);
    const page = async (q: string) => (await t.request({ method: 'GET', url: `/api/v1/lead-imports?${q}`, as: importer })).json();
    const top = await page('limit=2');
    expect(top.data.meta.totalCount).toBeGreaterThanOrEqual(2);
    const [newest, next] = top.data.items;
    expect(newest).toMatchObject({
      id: second.id,
      fileName: 'second.csv',
      status: 'pending',
      offerId: m.offer.id,
      offerTitle: m.offer.title,
      affiliateId: m.affiliate.id,
      affiliateName: expect.any(String),
      userId: importer.id,
      userName: expect.any(String),
      distribute: false,
    });
    expect(newest.affiliateName).not.toBe('');
    // a draft has no offer nor affiliate yet
    expect(next).toMatchObject({ id: first.id, status: 'draft', offerTitle: null, affiliateName: null });
    expect((await page('limit=1&offset=1')).data.items.map((i: { id: number }) => i.id)).toEqual([first.id]);
    for (const [q, loc] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['limit=abc', 'limit'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/v1/lead-imports?${q}`, as: importer });
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ statusCode: 400, message: expect.any(String), errors: [{ loc: ['querystring', loc] }] });
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/lead-imports', as: null })).statusCode).toBe(401);
  });

  it('serves the template with the custom parameters of the offer’s vertical', async () => {
    const m = await market([{ path: '/accept/five' }]);
    await db
      .update(verticals)
      .set({ incomingParameters: [{ name: 'income', title: 'Income', type: 'number', required: false }] })
      .where(eq(verticals.id, m.vertical.id));
    const res = await t.request({ method: 'GET', url: `/api/v1/lead-imports/template?offerId=${m.offer.id}`, as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe(
      'firstName,lastName,phone,email,country,language,ip,landing,sourceUrl,userAgent,sub1,sub2,sub3,sub4,sub5,sub6,sub7,sub8,sub9,sourceDate,income\r\n',
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/lead-imports/template', as: m.affiliate as unknown as TestUser })).statusCode,
    ).toBe(401);
  });
});
