import { capPeriod } from '@leadgrid/shared';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { capCounters, caps, campaigns } from '../../../db/schema';
import { CapGate } from './cap-gate';

const t = await useApp({ TRUST_PROXY: 'true', CLICK_FLUSH_MS: '0' });
const db = t.database.db;
let n = 0;

/** a campaign of an offer with a trafficback URL and one lander */
async function campaign() {
  const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
  const offer = await t.make.offer({ trafficbackUrl: 'https://back.example/tb?c={click_id}' });
  await t.make.lander({ offerId: offer.id, targetUrl: 'https://lander.example/p?cid={click_id}' });
  const key = `gate${++n}${Math.random().toString(36).slice(2, 12)}`.padEnd(12, 'x');
  await db.insert(campaigns).values({ key, title: `G${n}`, affiliateId: affiliate.id, offerId: offer.id });
  return { key, offer };
}
async function fullCap(offerId: number, input: Partial<typeof caps.$inferInsert> = {}, counter = '1') {
  const [cap] = await db
    .insert(caps)
    .values({ offerId, type: 'limit', value: '1', period: 'day', timezone: 'UTC', action: 'trafficback', ...input })
    .returning();
  await db.insert(capCounters).values({ capId: cap.id, periodKey: capPeriod('day', 'UTC', t.clock.now).key, value: counter });
  return cap;
}
const click = (key: string) =>
  t.request({ method: 'GET', url: `/c/${key}`, headers: { 'x-forwarded-for': '8.8.8.8', 'user-agent': 'Mozilla/5.0 Chrome/126.0' } });
const gate = () => t.app.services.tracking.caps;

describe('clicks of an offer capped out with the action trafficback', () => {
  it('go to the trafficback URL while every cap is full, and to the lander otherwise', async () => {
    const c = await campaign();
    await gate().refresh();
    expect(new URL((await click(c.key)).headers.location as string).host).toBe('lander.example');
    await fullCap(c.offer.id);
    expect((await gate().refresh()).has(c.offer.id)).toBe(true);
    const res = await click(c.key);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/back\.example\/tb\?c=[0-9a-f-]{36}$/);
  });

  it('stay open when a cap is not full, has another action, or covers only some affiliates', async () => {
    const notFull = await campaign();
    await fullCap(notFull.offer.id, { value: '5' });
    const skip = await campaign();
    await fullCap(skip.offer.id);
    await fullCap(skip.offer.id, { action: 'skip' });
    const partial = await campaign();
    await fullCap(partial.offer.id, { sieve: { affiliateIds: [1] } });
    const closed = await gate().refresh();
    for (const c of [notFull, skip, partial]) {
      expect(closed.has(c.offer.id)).toBe(false);
      expect(new URL((await click(c.key)).headers.location as string).host).toBe('lander.example');
    }
  });

  it('answers from the snapshot and refreshes a stale one in the background', async () => {
    const c = await campaign();
    await fullCap(c.offer.id);
    const fresh = new CapGate(t.database, () => t.clock.now, 0);
    expect(fresh.isClosed(c.offer.id)).toBe(false);
    for (let i = 0; i < 50 && !fresh.isClosed(c.offer.id); i++) await new Promise((r) => setTimeout(r, 20));
    expect(fresh.isClosed(c.offer.id)).toBe(true);
  });
});
