/**
 * NODE_ROLES (config.ts): a node behind a balancer serves only its roles — `tracker` the hot paths (the click, the
 * lead API, inbound postbacks), `api` the rest; the `worker` role is whether main.ts starts the job workers.
 */
import { tmpdir } from 'node:os';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { campaigns } from '../../src/db/schema';
import { DiskStorage } from '../../src/lib/storage';
import { useApp, type TestApp } from '../helper';

/** an api node (signs the test admin in), and a tracker node on the same database (nothing to sign in to) */
const api = await useApp({ NODE_ROLES: 'api,worker' });
const trackerApp = await buildApp({
  config: { ...api.config, NODE_ROLES: new Set(['tracker'] as const) },
  database: api.database,
  jwtSecret: 'tracker-node-secret-tracker-node-secret',
  mailer: api.mailer,
  storage: new DiskStorage(tmpdir()),
  now: () => api.clock.now,
});
await trackerApp.ready();
afterAll(() => trackerApp.close());
const tracker = { request: (opts: InjectOptions) => trackerApp.inject(opts) };

async function campaignKey(app: TestApp = api) {
  const affiliate = await app.make.user({ type: 'affiliate', signIn: false });
  const offer = await app.make.offer();
  await app.make.lander({ offerId: offer.id, targetUrl: 'https://lander.example/?c={click_id}' });
  const key = `roles${Math.random().toString(36).slice(2, 9)}`;
  await app.database.db.insert(campaigns).values({ key, title: 'Roles', affiliateId: affiliate.id, offerId: offer.id, status: 'active' });
  return key;
}
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

describe('node roles', () => {
  it('are every role by default, a list of api, tracker and worker otherwise, and refuse anything else', () => {
    expect([...loadConfig({}).NODE_ROLES].sort()).toEqual(['api', 'tracker', 'worker']);
    expect([...loadConfig({ NODE_ROLES: ' tracker , worker' }).NODE_ROLES].sort()).toEqual(['tracker', 'worker']);
    expect(() => loadConfig({ NODE_ROLES: 'api,balancer' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ROLES: 'api,balancer' })).toThrow(/NODE_ROLES.*one of api, tracker, worker/);
    expect(() => loadConfig({ NODE_ROLES: ',' })).toThrow(/NODE_ROLES: name at least one/);
  });

  it('a tracker answers clicks and the lead API, and not the rest of the API', async () => {
    const key = await campaignKey();
    const click = await tracker.request({ method: 'GET', url: `/c/${key}`, headers: browser });
    expect(click.statusCode).toBe(302);
    // the lead API is the tracker's: without its key it is refused by the route, not unknown
    const lead = await tracker.request({ method: 'POST', url: '/api/v1/leads', payload: {} });
    expect(lead.statusCode).toBe(401);
    const me = await tracker.request({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${api.admin.token}` } });
    expect(me.statusCode).toBe(404);
    expect(me.json()).toMatchObject({ statusCode: 404, message: 'Route GET /api/v1/auth/me not found' });
  });

  it('an api node answers the API, and not clicks or the lead API', async () => {
    const key = await campaignKey();
    expect((await api.request({ method: 'GET', url: '/api/v1/auth/me', as: api.admin })).statusCode).toBe(200);
    const click = await api.request({ method: 'GET', url: `/c/${key}`, headers: browser });
    expect(click.statusCode).toBe(404);
    expect((await api.request({ method: 'POST', url: '/api/v1/leads', payload: {}, as: null })).statusCode).toBe(404);
  });
});
