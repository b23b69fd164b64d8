/**
 * Cross-cutting API guarantees (architecture §4, §7): every /api/v1 route says who may call it, with a
 * permission from the catalogue; list allow-lists, 401/403, rate limits, request ids, security headers, docs.
 */
import { PERMISSION_NAMES } from '@leadgrid/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { roles } from '../src/db/schema';
import { DiskStorage } from '../src/lib/storage';
import { useApp } from './helper';

const t = await useApp();
const limited = await useApp({ AUTH_RATE_LIMIT: '3' });

/** the same app, built again with a hook that sees every route as it is registered */
const registered: RouteOptions[] = [];
const walker = await buildApp({
  config: t.config,
  database: t.database,
  jwtSecret: 'route-walker-secret-route-walker-secret',
  mailer: t.mailer,
  storage: new DiskStorage(t.config.uploadDir),
  onRoute: (route) => registered.push(route),
});
await walker.ready();
afterAll(() => walker.close());

const ACCESS_KEYS = ['public', 'authenticated', 'permission'] as const;
const apiRoutes = registered.filter((r) => r.url.startsWith('/api/v1/'));
const label = (r: RouteOptions) => `${[r.method].flat().join(',')} ${r.url}`;

describe('route table', () => {
  it('registers the API modules', () => {
    const urls = new Set(apiRoutes.map((r) => r.url));
    for (const url of [
      '/api/v1/auth/login',
      '/api/v1/roles',
      '/api/v1/roles/:id',
      '/api/v1/permissions',
      '/api/v1/public/api-settings',
      '/api/v1/settings/general',
      '/api/v1/countries',
      '/api/v1/languages',
      '/api/v1/timezones',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('gives every /api/v1 route exactly one of public, authenticated or permission', () => {
    const wrong = apiRoutes
      .map((r) => ({ route: label(r), declared: ACCESS_KEYS.filter((k) => r.config?.[k] !== undefined && r.config?.[k] !== false) }))
      .filter((x) => x.declared.length !== 1);
    expect(wrong).toEqual([]);
  });

  it('names only permissions of the catalogue', () => {
    const unknown = apiRoutes.flatMap((r) =>
      [r.config?.permission ?? []]
        .flat()
        .filter((p) => !PERMISSION_NAMES.has(p))
        .map((p) => `${label(r)}: ${p}`),
    );
    expect(unknown).toEqual([]);
    const empty = apiRoutes.filter((r) => Array.isArray(r.config?.permission) && r.config.permission.length === 0).map(label);
    expect(empty).toEqual([]);
  });
});

describe('guards', () => {
  it('answers 401 without a token and with a broken one', async () => {
    for (const url of ['/api/v1/roles', '/api/v1/timezones', '/api/v1/settings/general']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: 'Authentication required' });
    }
    const broken = await t.request({ method: 'GET', url: '/api/v1/roles', as: 'not-a-token' });
    expect(broken.statusCode).toBe(401);
  });

  it('answers 403 without the permission and changes nothing', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const before = await t.database.db.select({ id: roles.id }).from(roles);
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/roles',
      as: aff,
      payload: { items: [{ title: 'Sneaky', type: 'affiliate', permissions: [] }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(await t.database.db.select({ id: roles.id }).from(roles)).toHaveLength(before.length);
  });

  it('refuses an unknown orderBy field with 400 naming the parameter', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/roles?orderBy=passwordHash:desc', as: t.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Unknown orderBy field 'passwordHash'",
      errors: [{ msg: 'pattern', type: 'pattern', loc: ['querystring', 'orderBy'] }],
    });
    const malformed = await t.request({ method: 'GET', url: '/api/v1/roles?orderBy=title;drop', as: t.admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });

  it('answers 404 in the error shape for an unknown API route', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/no-such-thing', as: t.admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'Route GET /api/v1/no-such-thing not found' });
  });
});

describe('auth rate limit', () => {
  it('answers 429 after AUTH_RATE_LIMIT tries', async () => {
    const check = () => limited.request({ method: 'POST', url: '/api/v1/auth/check-email', payload: { email: 'someone@test.local' } });
    for (let i = 0; i < 3; i++) expect((await check()).statusCode).toBe(200);
    const res = await check();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ statusCode: 429, message: 'Too many requests, please try again later' });
    // routes without a limit are not affected
    expect((await limited.request({ method: 'GET', url: '/api/v1/public/api-settings' })).statusCode).toBe(200);
  });
});

describe('response headers', () => {
  it('carries a request id, generated or passed through', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/public/api-settings' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.request({ method: 'GET', url: '/api/v1/public/api-settings', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const failed = await t.request({ method: 'GET', url: '/api/v1/roles' });
    expect(failed.headers['x-request-id']).toBeTruthy();
  });

  it('sends the security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/public/api-settings' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('leaves the browser headers off the routes only partners’ servers call (config helmet: false)', async () => {
    const postback = await t.request({ method: 'GET', url: '/postback/no-such-key' });
    expect(postback.headers['content-security-policy']).toBeUndefined();
    expect(postback.headers['x-frame-options']).toBeUndefined();
    const lead = await t.request({ method: 'POST', url: '/api/v1/leads', payload: {} });
    expect(lead.statusCode).toBe(401);
    expect(lead.headers['content-security-policy']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI UI at /api/docs without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });

  it('lists the routes with their schemas at /api/docs/json', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/roles',
        '/api/v1/roles/{id}',
        '/api/v1/permissions',
        '/api/v1/settings/general',
        '/api/v1/public/api-settings',
        '/api/v1/timezones',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/roles'])).toEqual(expect.arrayContaining(['get', 'put', 'patch']));
    expect(doc.paths['/api/v1/roles'].put.requestBody).toBeTruthy();
  });
});
