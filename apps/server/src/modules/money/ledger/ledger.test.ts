import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { conversions } from '../../../db/schema';
import { autoApproveConversions } from '../../engine/conversions/conversions.jobs';
import { systemCtx } from '../../../http/context';
import { ledgerEntries } from './ledger.tables';
import { partyFigures, rowsOf, verify } from './ledger.service';

const t = await useApp();
const db = t.database.db;

async function world() {
  const vertical = await t.make.vertical();
  const offer = await t.make.offer({ verticalId: vertical.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  const affiliate = await t.make.user({ type: 'affiliate' });
  const conversion = (status: number, extra: Partial<typeof conversions.$inferInsert> = {}) => ({
    affiliateId: affiliate.id,
    offerId: offer.id,
    advertiserId: advertiser.id,
    status,
    revenue: '50',
    revenueCurrency: 'USD',
    payout: '30',
    payoutCurrency: 'USD',
    baseRevenue: '50',
    basePayout: '30',
    baseCurrency: 'USD',
    createdAt: t.clock.now,
    ...extra,
  });
  return { offer, advertiser, affiliate, conversion };
}

const figures = async (id: number) => (await partyFigures(db, 'affiliate', [id])).get(id)?.currencies.get('USD');

describe('ledger: conversion writers write their entries in the same statement', () => {
  it('a new conversion, a status change, an edit and auto-approve each append the difference', async () => {
    const w = await world();
    const [a, b] = await db
      .insert(conversions)
      .values([w.conversion(1), w.conversion(3)])
      .returning();
    expect(await figures(w.affiliate.id)).toMatchObject({ hold: '30', approved: '30', requested: '0', paid: '0' });
    const created = await db.select().from(ledgerEntries).where(eq(ledgerEntries.conversionId, a.id));
    expect(created.map((e) => [e.partyType, e.bucket, e.amount, e.kind])).toEqual(
      expect.arrayContaining([
        ['affiliate', 'hold', '30.00000000', 'conversion.created'],
        ['advertiser', 'hold', '50.00000000', 'conversion.created'],
      ]),
    );

    const res = await t.request({
      method: 'POST',
      url: '/api/v1/conversions/change_status',
      as: t.admin,
      payload: { items: [{ id: a.id, status: 3 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await figures(w.affiliate.id)).toMatchObject({ hold: '0', approved: '60' });
    const moved = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.conversionId, a.id), eq(ledgerEntries.kind, 'conversion.status')));
    expect(moved.map((e) => [e.partyType, e.bucket, e.amount, e.userId]).sort()).toEqual([
      // who changed it: the status change names its user for the transaction (leadgrid.user_id)
      ['advertiser', 'approved', '50.00000000', t.admin.id],
      ['advertiser', 'hold', '-50.00000000', t.admin.id],
      ['affiliate', 'approved', '30.00000000', t.admin.id],
      ['affiliate', 'hold', '-30.00000000', t.admin.id],
    ]);

    const edit = await t.request({
      method: 'PATCH',
      url: '/api/v1/conversions',
      as: t.admin,
      payload: { items: [{ id: b.id, payout: '12.5' }] },
    });
    expect(edit.statusCode).toBe(200);
    expect(await figures(w.affiliate.id)).toMatchObject({ approved: '42.5' });

    const [c] = await db
      .insert(conversions)
      .values(w.conversion(1, { autoApproveAt: new Date(t.clock.now.getTime() - 1000) }))
      .returning();
    await autoApproveConversions(systemCtx({ database: t.database, config: t.config, now: () => t.clock.now }));
    expect((await db.select().from(conversions).where(eq(conversions.id, c.id)))[0].status).toBe(3);
    expect(await figures(w.affiliate.id)).toMatchObject({ hold: '0', approved: '72.5' });
    // auto-approve is the system: its entries name nobody
    const auto = await db.select().from(ledgerEntries).where(eq(ledgerEntries.conversionId, c.id));
    expect(auto.filter((e) => e.kind === 'conversion.status').map((e) => e.userId)).toEqual([null, null, null, null]);
    expect(await verify(db)).toEqual([]);
  });

  it('an update that changes no money writes nothing', async () => {
    const w = await world();
    const [a] = await db.insert(conversions).values(w.conversion(3)).returning();
    const before = (await db.select().from(ledgerEntries)).length;
    await db.update(conversions).set({ publicNotes: 'hello', updatedAt: new Date() }).where(eq(conversions.id, a.id));
    expect((await db.select().from(ledgerEntries)).length).toBe(before);
  });

  it('entries cannot be updated or deleted', async () => {
    await expect(db.execute(sql`update ledger_entries set amount = 0`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    expect(rowsOf(await db.execute(sql`select count(*) from ledger_entries`)).length).toBe(1);
  });
});
