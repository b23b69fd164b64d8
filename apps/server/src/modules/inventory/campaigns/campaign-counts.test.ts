import { capPeriod } from '@leadgrid/shared';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { campaigns, conversions, leads } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/campaigns';

async function campaignWithTraffic() {
  const offer = await t.make.offer();
  const affiliate = await t.make.user({ type: 'affiliate' });
  const [campaign] = await db
    .insert(campaigns)
    .values({ key: `cnt${Math.random().toString(36).slice(2, 14)}`, title: 'Counted', affiliateId: affiliate.id, offerId: offer.id })
    .returning();
  const lead = (isTest = false) => ({
    status: isTest ? 'test' : 'sent',
    isTest,
    offerId: offer.id,
    verticalId: offer.verticalId,
    affiliateId: affiliate.id,
    campaignId: campaign.id,
  });
  await db.insert(leads).values([lead(), lead(), lead(), lead(true)]);
  const now = t.clock.now;
  const zone = 'UTC';
  const day = capPeriod('day', zone, now).start!;
  const week = capPeriod('week', zone, now).start!;
  const month = capPeriod('month', zone, now).start!;
  const at = (d: Date, status = 1) => ({
    createdAt: d,
    status,
    offerId: offer.id,
    affiliateId: affiliate.id,
    campaignId: campaign.id,
    revenueCurrency: 'USD',
    payoutCurrency: 'USD',
    baseCurrency: 'USD',
  });
  const times = [now, new Date(week.getTime() + 1000), new Date(month.getTime() + 1000), new Date(month.getTime() - 1000)];
  await db.insert(conversions).values([...times.map((d) => at(d, 3)), at(now, 4)]);
  const inside = (since: Date) => times.filter((d) => d >= since).length;
  return { affiliate, campaign, expected: { day: inside(day), week: inside(week), month: inside(month) } };
}

describe('campaigns: lead and conversion counts', () => {
  it('answers leadCount (test leads aside) and conversion counts of the day, week and month (rejected aside) in list and detail', async () => {
    const m = await campaignWithTraffic();
    const list = await t.request({ method: 'GET', url: `${url}?limit=100`, as: m.affiliate });
    expect(list.statusCode).toBe(200);
    const item = list.json().data.items.find((c: { id: number }) => c.id === m.campaign.id);
    expect(item).toMatchObject({ leadCount: 3, conversionCounts: m.expected });
    expect(m.expected.day).toBeGreaterThanOrEqual(1);
    const one = await t.request({ method: 'GET', url: `${url}/${m.campaign.id}`, as: t.admin });
    expect(one.json().data.items[0]).toMatchObject({ leadCount: 3, conversionCounts: m.expected });
  });

  it('keeps the counts to the campaigns the viewer may see', async () => {
    const m = await campaignWithTraffic();
    const other = await campaignWithTraffic();
    const list = (await t.request({ method: 'GET', url: `${url}?limit=100`, as: m.affiliate })).json().data.items as { id: number }[];
    expect(list.map((c) => c.id)).not.toContain(other.campaign.id);
    expect((await t.request({ method: 'GET', url: `${url}/${other.campaign.id}`, as: m.affiliate })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}?limit=x`, as: m.affiliate })).statusCode).toBe(400);
  });
});
