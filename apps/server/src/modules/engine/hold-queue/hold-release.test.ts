import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { geos, holdConfigs, leadEvents, leads } from '../../../db/schema';
import { leadMarket } from '../leads/lead-market.fixture';
import { HOLD_RELEASE_JOB } from './hold-queue.jobs';
import { windowStartOf } from './hold-release';

const t = await useApp();
const db = t.database.db;
const { market, post, leadOf, deliveriesOf, nextPhone } = leadMarket(t);

const MIN = 60_000;
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
let geoSeq = 0;

/** a hold rule for `country` whose window started `sinceMin` minutes ago (whole minutes) and lasts `lengthMin` */
async function rule(country: string, input: { sinceMin: number; lengthMin: number; interval: number; fresh?: number; old?: number }) {
  const start = Math.floor(t.clock.now.getTime() / MIN) * MIN - input.sinceMin * MIN;
  const [geo] = await db
    .insert(geos)
    .values({ title: `Held ${++geoSeq} ${Math.random()}`, countries: [country] })
    .returning();
  const [row] = await db
    .insert(holdConfigs)
    .values({
      geoId: geo.id,
      periodStart: hhmm(start),
      periodEnd: hhmm(start + input.lengthMin * MIN),
      timezone: 'UTC',
      intervalMinutes: input.interval,
      fresh: input.fresh ?? 0,
      old: input.old ?? 0,
    })
    .returning();
  return { ...row, start };
}
const release = async () => {
  await t.queue.send(HOLD_RELEASE_JOB, {});
  await t.queue.runDue(HOLD_RELEASE_JOB, { ignoreStartAfter: true });
};
const statuses = async (ids: number[]) => Promise.all(ids.map(async (id) => (await leadOf(id)).status));

describe('hold queue in the traffic engine', () => {
  it('holds a lead of the rule’s geo inside its window and distributes it at the release; other geos pass', async () => {
    const m = await market([{ path: '/accept/hq' }]);
    const r = await rule('CZ', { sinceMin: 10, lengthMin: 120, interval: 30 });
    const res = await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'CZ' });
    expect(res.statusCode).toBe(200);
    const held = res.json().data;
    const until = new Date(r.start + 30 * MIN);
    expect(held).toEqual({
      id: expect.any(Number),
      status: 'hold',
      reason: `Held by the hold queue until ${until.toISOString()}`,
      redirectUrl: null,
    });
    expect(await leadOf(held.id)).toMatchObject({ status: 'hold', holdUntil: until });
    const [created] = await db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, held.id), eq(leadEvents.type, 'created')));
    expect(created.data).toMatchObject({ status: 'hold', holdConfigId: r.id });
    expect((await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'PL' })).json().data.status).toBe('sent');

    await release();
    expect((await leadOf(held.id)).status).toBe('hold');
    t.clock.advance((until.getTime() - t.clock.now.getTime()) / 1000);
    await release();
    expect(await leadOf(held.id)).toMatchObject({ status: 'sent', holdUntil: null });
    expect(await deliveriesOf(held.id)).toHaveLength(1);
    const types = (await db.select().from(leadEvents).where(eq(leadEvents.leadId, held.id)).orderBy(leadEvents.id)).map((e) => e.type);
    expect(types).toEqual(['created', 'released', 'sent']);
  });

  it('releases up to `fresh` leads of the current window and `old` leads of earlier windows per release', async () => {
    const m = await market([{ path: '/accept/portions' }]);
    const r = await rule('SK', { sinceMin: 30, lengthMin: 150, interval: 60, fresh: 1, old: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'SK' })).json().data.id);
    expect(await statuses(ids)).toEqual(['hold', 'hold', 'hold']);
    t.clock.advance(31 * 60);
    await release();
    expect(await statuses(ids)).toEqual(['sent', 'hold', 'hold']);
    expect((await leadOf(ids[1])).holdUntil).toEqual(new Date(r.start + 120 * MIN));
    t.clock.advance(60 * 60);
    await release();
    expect(await statuses(ids)).toEqual(['sent', 'sent', 'hold']);
    // the last release of the window has passed: the next is the next day's window start
    const nextDay = r.start + 24 * 60 * MIN;
    expect((await leadOf(ids[2])).holdUntil).toEqual(new Date(nextDay));
    expect(
      windowStartOf({ periodStart: r.periodStart, periodEnd: r.periodEnd, timezone: 'UTC', interval: 60 }, new Date(nextDay + MIN)),
    ).toEqual(new Date(nextDay));

    t.clock.advance((nextDay + MIN - t.clock.now.getTime()) / 1000);
    const fresh: number[] = [];
    for (let i = 0; i < 2; i++)
      fresh.push((await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'SK' })).json().data.id);
    await release();
    // the window-start release: the old lead goes (old = 1); the fresh ones wait for the next release
    expect(await statuses([ids[2], ...fresh])).toEqual(['sent', 'hold', 'hold']);
    t.clock.advance(60 * 60);
    await release();
    expect(await statuses(fresh)).toEqual(['sent', 'hold']);
  });

  it('checks duplicates again on release: a lead of the same phone sent meanwhile makes the held one a duplicate', async () => {
    const m = await market([{ path: '/accept/dup' }]);
    await rule('HU', { sinceMin: 5, lengthMin: 60, interval: 15 });
    const phone = nextPhone();
    const held = (await post(m.token, { offerId: m.offer.id, phone, country: 'HU' })).json().data;
    const stored = await leadOf(held.id);
    const [other] = await db
      .insert(leads)
      .values({
        status: 'sent',
        phone: stored.phone,
        country: 'HU',
        offerId: m.offer.id,
        verticalId: m.vertical.id,
        affiliateId: m.affiliate.id,
        createdAt: t.clock.now,
      })
      .returning();
    t.clock.advance(20 * 60);
    await release();
    expect(await leadOf(held.id)).toMatchObject({
      status: 'duplicate',
      statusReason: `Duplicate of lead ${other.id}`,
      duplicateOf: other.id,
      holdUntil: null,
    });
    expect(await deliveriesOf(held.id)).toHaveLength(0);
  });

  it('releases the leads of a rule switched off at their next release without portions', async () => {
    const m = await market([{ path: '/accept/off' }]);
    const r = await rule('SI', { sinceMin: 5, lengthMin: 60, interval: 15, fresh: 1, old: 1 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await post(m.token, { offerId: m.offer.id, phone: nextPhone(), country: 'SI' })).json().data.id);
    await db.update(holdConfigs).set({ status: 'inactive' }).where(eq(holdConfigs.id, r.id));
    t.clock.advance(15 * 60);
    await release();
    expect(await statuses(ids)).toEqual(['sent', 'sent', 'sent']);
  });
});
