/**
 * Reliability (issue 7): the same inbound postback sent several times AT ONCE (an advertiser retrying on its own
 * timeout) makes one conversion and one outbound affiliate postback — for a lead and for a click without a lead, with
 * and without an event id. (postback-in.test.ts covers the same postback sent twice one after the other.) On PGlite
 * the requests are serialized by its single connection; on PostgreSQL they really race.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { clicks, conversions, integrations, leads, offerAdvertisers, postbacks } from '../../src/db/schema';
import { useApp } from '../helper';

const t = await useApp();
const db = t.database.db;

async function market() {
  const vertical = await t.make.vertical();
  const offer = await t.make.offer({ verticalId: vertical.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  await db.update(integrations).set({ postbackEnabled: true }).where(eq(integrations.id, advertiser.integration.id));
  await db.insert(offerAdvertisers).values({ offerId: offer.id, advertiserId: advertiser.id, integrationId: advertiser.integration.id });
  const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
  await db.insert(postbacks).values({
    scope: 'affiliate',
    affiliateId: affiliate.id,
    url: 'https://affiliate.example/pb?c={conversion_id}',
    events: ['conversion_pending'],
  });
  return { vertical, offer, advertiser, affiliate, key: advertiser.integration.postbackKey };
}

type Market = Awaited<ReturnType<typeof market>>;

async function lead(m: Market) {
  const [row] = await db
    .insert(leads)
    .values({
      status: 'sent',
      phone: '+48601000009',
      country: 'PL',
      offerId: m.offer.id,
      verticalId: m.vertical.id,
      affiliateId: m.affiliate.id,
      advertiserId: m.advertiser.id,
      integrationId: m.advertiser.integration.id,
    })
    .returning();
  return row;
}

async function click(m: Market) {
  const id = randomUUID();
  await db
    .insert(clicks)
    .values({ id, createdAt: t.clock.now, status: 1, offerId: m.offer.id, affiliateId: m.affiliate.id, country: 'PL' });
  return id;
}

/** the same postback `times` times at once; answers the status codes and conversion ids */
async function burst(key: string, query: string, times = 8) {
  const answers = await Promise.all(Array.from({ length: times }, () => t.request({ method: 'GET', url: `/postback/${key}?${query}` })));
  return answers.map((r) => ({ code: r.statusCode, id: r.json().conversionId as number | undefined }));
}

const jobsOf = async (conversionId: number) =>
  Number(
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from postback_outbox where (data->>'conversionId')::bigint = ${conversionId}`),
    )[0].n,
  );

describe('the same inbound postback several times at once', () => {
  const cases: [string, (m: Market) => Promise<{ query: string; where: ReturnType<typeof eq> }>][] = [
    [
      'a lead, with an event id',
      async (m) => {
        const l = await lead(m);
        return { query: `lead_id=${l.id}&event_id=EV-${l.id}`, where: eq(conversions.leadId, l.id) };
      },
    ],
    [
      'a lead, without an event id',
      async (m) => {
        const l = await lead(m);
        return { query: `lead_id=${l.id}`, where: eq(conversions.leadId, l.id) };
      },
    ],
    [
      'a click without a lead, with an event id',
      async (m) => {
        const c = await click(m);
        return { query: `click_id=${c}&event_id=EV-${c}`, where: eq(conversions.clickId, c) };
      },
    ],
    [
      'a click without a lead, without an event id',
      async (m) => {
        const c = await click(m);
        return { query: `click_id=${c}`, where: eq(conversions.clickId, c) };
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(`makes one conversion and one outbound postback: ${name}`, async () => {
      const m = await market();
      const { query, where } = await make(m);
      const answers = await burst(m.key, query);
      expect(answers.map((a) => a.code)).toEqual(Array(answers.length).fill(200));
      const made = await db.select().from(conversions).where(where);
      expect(made).toHaveLength(1);
      expect(new Set(answers.map((a) => a.id))).toEqual(new Set([made[0].id]));
      expect(await jobsOf(made[0].id)).toBe(1);
    });
  }
});
