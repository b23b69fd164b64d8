/**
 * Test fixture of the traffic engine: a local advertiser API (/accept/<name> takes the lead, /fail answers 500,
 * /slow never in time, /later fails `acceptAfter` times then takes leads), an offer with advertiser targets and an
 * affiliate with a campaign and its API token, and the lead API call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../../../../test/helper';
import { campaigns, integrations, leadDeliveries, leads, offerAdvertisers, users } from '../../../db/schema';

export function leadMarket(t: TestApp) {
  let server: Server;
  let base = '';
  const received: { url: string; body: string }[] = [];
  const state = { acceptAfter: 0 };
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ url: req.url!, body });
        if (req.url!.startsWith('/accept') || (req.url!.startsWith('/later') && --state.acceptAfter < 0)) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: true, id: `ADV-${received.length}`, login: `https://brand.example/login?t=${received.length}` }));
        } else if (req.url!.startsWith('/slow')) setTimeout(() => res.end('{}'), 3000);
        else {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'Internal error' }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

  const outApi = (path: string, timeoutMs = 10_000) => ({
    method: 'POST',
    url: `${base}${path}`,
    headers: [],
    bodyFormat: 'json',
    fieldMappings: [
      { target: 'name', source: 'lead', value: 'firstName' },
      { target: 'phone', source: 'lead', value: 'phone' },
      { target: 'ref', source: 'macro', value: 'leadId' },
    ],
    timeoutMs,
    response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id', redirectUrlPath: 'login' },
  });

  /** an offer with advertiser targets (path per target), an affiliate with a campaign and its API token */
  async function market(
    targets: { path: string; lowPriority?: boolean; timeoutMs?: number; weight?: number }[],
    opts: { accessType?: number; trafficbackUrl?: string } = {},
  ) {
    const vertical = await t.make.vertical();
    const offer = await t.make.offer({
      verticalId: vertical.id,
      accessType: opts.accessType ?? 1,
      trafficbackUrl: opts.trafficbackUrl ?? null,
    });
    const advertisers = [];
    for (const target of targets) {
      const a = await t.make.advertiser({ verticalId: vertical.id });
      await t.database.db
        .update(integrations)
        .set({ outApi: outApi(target.path, target.timeoutMs) })
        .where(eq(integrations.id, a.integration.id));
      await t.database.db.insert(offerAdvertisers).values({
        offerId: offer.id,
        advertiserId: a.id,
        integrationId: a.integration.id,
        lowPriority: !!target.lowPriority,
        weight: target.weight ?? 100,
      });
      advertisers.push(a);
    }
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const [{ apiToken }] = await t.database.db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, affiliate.id));
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({ key: `lead${Math.random().toString(36).slice(2, 14)}`, title: 'Leads', affiliateId: affiliate.id, offerId: offer.id })
      .returning();
    return { vertical, offer, advertisers, affiliate, token: apiToken!, campaign };
  }

  let phoneSeq = 100000 + Math.floor(Math.random() * 400000);
  const nextPhone = () => `+48 601 ${String(++phoneSeq).slice(0, 3)} ${String(phoneSeq).slice(3)}`;
  const post = (token: string | null, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/v1/leads', headers: token ? { 'x-api-key': token } : {}, payload });
  const leadOf = async (id: number) => (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0];
  const deliveriesOf = (id: number) =>
    t.database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, id)).orderBy(leadDeliveries.id);
  return { market, post, leadOf, deliveriesOf, nextPhone, received, state };
}
