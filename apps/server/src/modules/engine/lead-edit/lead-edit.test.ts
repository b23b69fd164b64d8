import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { campaigns, leadEvents, leads, userManagers, verticals } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

const vertical = await t.make.vertical({ title: 'Finance' });
await db
  .update(verticals)
  .set({
    incomingParameters: [{ name: 'income', title: 'Income', type: 'number', required: false, validation: { min: 100 } }],
    inboundRules: [{ type: 'blocked_countries', values: ['RU'], onFail: 'rejected' }],
  })
  .where(eq(verticals.id, vertical.id));
const offer = await t.make.offer({ verticalId: vertical.id });
const otherOffer = await t.make.offer({ verticalId: vertical.id });
const a1 = await t.make.user({ type: 'affiliate' });
const a2 = await t.make.user({ type: 'affiliate' });
const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['lead.assigned.read', 'lead.update'] });
const reader = await t.make.user({ type: 'employee', permissions: ['lead.read'] });
await db.insert(userManagers).values({ userId: a2.id, managerId: manager.id });
const [campaign] = await db
  .insert(campaigns)
  .values({ key: 'editcamp00001', title: 'Spring', affiliateId: a1.id, offerId: offer.id })
  .returning();
const [foreignCampaign] = await db
  .insert(campaigns)
  .values({ key: 'editcamp00002', title: 'Other', affiliateId: a1.id, offerId: otherOffer.id })
  .returning();
const lander = await t.make.lander({ offerId: offer.id });

async function lead(input: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await db
    .insert(leads)
    .values({
      status: 'sent',
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: a1.id,
      firstName: 'Anna',
      phone: '+48601234567',
      country: 'PL',
      sub1: 'fb',
      ...input,
    })
    .returning();
  return row;
}
const put = (id: number, payload: Record<string, unknown>, as: TestUser = t.admin) =>
  t.request({ method: 'PUT', url: `/api/v1/leads/${id}`, as, payload });
const leadCounts = async () => {
  const res = await db.execute(
    sql`select country, sum(leads)::int as n from stats_deltas where offer_id = ${offer.id} group by country order by country`,
  );
  return Object.fromEntries(
    (res as unknown as { rows: { country: string; n: number }[] }).rows.filter((r) => r.n !== 0).map((r) => [r.country, r.n]),
  );
};

describe('lead edit', () => {
  it('saves the corrected fields, keeps who changed what in the history, and moves the statistics by country', async () => {
    const l = await lead();
    const before = await leadCounts();
    expect(before.PL).toBeGreaterThan(0);
    expect(before.DE).toBeUndefined();
    const res = await put(l.id, {
      firstName: 'Anna Maria',
      phone: '+49 151 23456789',
      country: 'de',
      sub1: '',
      sub2: 'tt-3',
      campaignId: campaign.id,
      landerId: lander.id,
      fields: { income: '2500' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The lead is saved');
    expect(res.json().data.items[0]).toMatchObject({
      firstName: 'Anna Maria',
      phone: '+4915123456789',
      country: 'DE',
      sub1: null,
      sub2: 'tt-3',
      campaign: { id: campaign.id },
      lander: { id: lander.id },
      status: 'sent',
    });
    const [row] = await db.select().from(leads).where(eq(leads.id, l.id));
    expect(row).toMatchObject({ country: 'DE', phone: '+4915123456789', sub1: null, fields: { income: '2500' } });
    // the statistics roll-ups follow the country (migration 0015's update trigger)
    const counts = await leadCounts();
    expect(counts.PL).toBeUndefined();
    expect(counts.DE).toBe(before.PL);

    const history = await t.request({ method: 'GET', url: `/api/v1/leads/${l.id}/history`, as: t.admin });
    const edit = history.json().data.items.find((e: { type: string }) => e.type === 'edit');
    expect(edit.user).toMatchObject({ id: t.admin.id });
    expect(edit.data.changes).toEqual({
      firstName: { from: 'Anna', to: 'Anna Maria' },
      phone: { from: '+48601234567', to: '+4915123456789' },
      country: { from: 'PL', to: 'DE' },
      sub1: { from: 'fb', to: null },
      sub2: { from: null, to: 'tt-3' },
      fields: { from: {}, to: { income: '2500' } },
      campaignId: { from: null, to: campaign.id },
      landerId: { from: null, to: lander.id },
    });

    // the same values again: nothing written
    const again = await put(l.id, { firstName: 'Anna Maria', country: 'DE' });
    expect(again.json().message).toBe('Nothing changed');
    expect(
      await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, l.id), eq(leadEvents.type, 'edit'))),
    ).toHaveLength(1);
  });

  it('checks the values like the lead API: 400 with field errors, 422 for a rejecting rule, nothing written', async () => {
    const l = await lead();
    const bad = await put(l.id, { email: 'nope', country: 'XX', phone: 'call me', fields: { income: '5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { loc: string[]; msg: string }) => [e.loc.join('.'), e.msg])).toEqual([
      ['body.country', 'pattern'],
      ['body.email', 'email'],
      ['body.phone', 'phone'],
      ['body.fields.income', 'min'],
    ]);
    const rejected = await put(l.id, { country: 'RU' });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().message).toContain('The lead would be rejected');
    expect((await put(l.id, { campaignId: foreignCampaign.id })).json().errors[0]).toMatchObject({ loc: ['body', 'campaignId'] });
    expect((await put(l.id, { unknownField: 1 })).statusCode).toBe(400);
    expect((await put(l.id, { firstName: 'x'.repeat(201) })).statusCode).toBe(400);
    const [row] = await db.select().from(leads).where(eq(leads.id, l.id));
    expect(row).toMatchObject({ country: 'PL', email: null, phone: '+48601234567' });
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, l.id))).toHaveLength(0);
  });

  it('lets a manager edit only the leads of their affiliates; affiliates and readers cannot edit', async () => {
    const mine = await lead({ affiliateId: a2.id });
    const other = await lead({ affiliateId: a1.id });
    expect((await put(mine.id, { firstName: 'Ok' }, manager)).statusCode).toBe(200);
    expect((await put(other.id, { firstName: 'No' }, manager)).statusCode).toBe(404);
    expect((await put(other.id, { firstName: 'No' }, a1)).statusCode).toBe(403);
    expect((await put(other.id, { firstName: 'No' }, reader)).statusCode).toBe(403);
    expect((await put(other.id, { firstName: 'No' }, null as unknown as TestUser)).statusCode).toBe(401);
    expect((await put(999999, { firstName: 'No' })).statusCode).toBe(404);
    const [row] = await db.select().from(leads).where(eq(leads.id, other.id));
    expect(row.firstName).toBe('Anna');
  });

  it('refuses a lead that a distribution run holds now (409)', async () => {
    const l = await lead({ status: 'new', deliveryLeaseUntil: new Date(t.clock.now.getTime() + 60_000) });
    const res = await put(l.id, { firstName: 'Late' });
    expect(res.statusCode).toBe(409);
  });
});
