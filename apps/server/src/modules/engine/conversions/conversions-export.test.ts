import { describe, expect, it } from 'vitest';
import { runExport } from '../../../../test/export-helper';
import { useApp } from '../../../../test/helper';
import { conversions } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

const vertical = await t.make.vertical();
const offer = await t.make.offer({ verticalId: vertical.id, title: 'Loans' });
const advertiser = await t.make.advertiser({ verticalId: vertical.id, title: 'Broker Secret' });
const a = await t.make.user({ type: 'affiliate' });
const b = await t.make.user({ type: 'affiliate' });
let n = 0;
const row = (affiliateId: number, status: number, extra: Partial<typeof conversions.$inferInsert> = {}) => ({
  affiliateId,
  offerId: offer.id,
  advertiserId: advertiser.id,
  status,
  revenue: '50.5',
  revenueCurrency: 'USD',
  payout: '30.25',
  payoutCurrency: 'USD',
  baseRevenue: '50.5',
  basePayout: '30.25',
  baseCurrency: 'USD',
  eventId: `ev-${++n}`,
  createdAt: new Date('2026-01-10T23:30:00Z'),
  ...extra,
});
const rows = await db
  .insert(conversions)
  .values([row(a.id, 1, { publicNotes: 'first, checked' }), row(a.id, 3, { isHidden: true }), row(b.id, 4), row(a.id, 3)])
  .returning();

describe('conversions export', () => {
  it('exports every conversion of the filters for staff with revenue, profit and advertiser, reporting export_conversion events', async () => {
    const {
      events,
      header,
      rows: lines,
    } = await runExport(t, t.admin, 'conversions', { offerId: String(offer.id), timezone: 'Europe/Warsaw' });
    expect(events.at(-1)).toMatchObject({ event: 'export_conversion', data: { status: 'done', rowsDone: 4, rowsTotal: 4 } });
    expect(header).toEqual(expect.arrayContaining(['payout', 'advertiser', 'revenue', 'profit', 'hidden']));
    expect(lines.map((l) => Number(l.split(',')[0]))).toEqual(rows.map((r) => r.id).reverse());
    const first = lines[3];
    expect(first).toMatch(new RegExp(`^${rows[0].id},2026-01-11 00:30:00,pending,,Loans,,,${a.id},${a.email},`));
    expect(first).toContain(',30.25,USD,30.25,USD,,"first, checked",Broker Secret,ev-');
    expect(first.endsWith(',50.5,USD,50.5,20.25,false')).toBe(true);
    expect(lines[2].endsWith(',true')).toBe(true);
  });

  it('filters by status name as the list does', async () => {
    const { rows: lines } = await runExport(t, t.admin, 'conversions', { offerId: String(offer.id), status: 'approved' });
    expect(lines.map((l) => Number(l.split(',')[0]))).toEqual([rows[3].id, rows[1].id]);
  });

  it('exports an affiliate only its own visible conversions, without revenue, advertiser, event id or hidden rows', async () => {
    const { header, rows: lines, events } = await runExport(t, a, 'conversions', {});
    expect(events.at(-1)?.event).toBe('export_conversion');
    expect(lines.map((l) => Number(l.split(',')[0]))).toEqual([rows[3].id, rows[0].id]);
    for (const key of ['advertiser', 'revenue', 'profit', 'eventId', 'hidden', 'baseRevenue']) expect(header).not.toContain(key);
    const text = lines.join('\n');
    expect(text).not.toContain('Broker Secret');
    expect(text).not.toContain('50.5');
    expect(text).not.toContain('ev-');
    // another affiliate's filter gives nothing
    expect((await runExport(t, a, 'conversions', { affiliateId: String(b.id) })).rows).toEqual([]);
  });

  it('refuses a bad filter with 400 and a user without conversion access with 403', async () => {
    const start = (payload: Record<string, unknown>, as = t.admin) => t.request({ method: 'POST', url: '/api/v1/exports', as, payload });
    const bad = await start({ type: 'conversions', query: { status: 'paid' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400 });
    expect((await start({ type: 'conversions', query: { offerId: 'x' } })).statusCode).toBe(400);
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await start({ type: 'conversions', query: {} }, member)).statusCode).toBe(403);
  });
});
