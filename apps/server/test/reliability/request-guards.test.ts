/**
 * Security (issue 15): what every request meets before any handler — a JSON body is bounded in depth in one place
 * (the JSON parser) and answers 400, never a 500 from a recursion further on; a protected route refuses an anonymous
 * or unpermitted caller (401 / 403) before its body is read or validated; list allow-lists (orderBy, with, fields,
 * status) take only their own names, never a name every object inherits (`__proto__`, `constructor`, `toString`, …).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonDepthExceeds } from '../../src/http/json-body';
import { users } from '../../src/db/schema';
import { useApp } from '../helper';

const t = await useApp();
const db = t.database.db;

/** an object nested `levels` deep: {"a":{"a":…1…}} (about 5 bytes a level) */
const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const json = { 'content-type': 'application/json' };

const expectDepthRefusal = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    message: expect.stringMatching(/nested/),
    errors: [{ msg: expect.stringMatching(/nested/), type: 'depth', loc: ['body'] }],
  });
};

describe('JSON bodies are bounded in depth before anything reads them', () => {
  it('counts the depth without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[{{{{{{'.repeat(50), b: 'x\\"[[[[' }), 3)).toBe(false);
    expect(jsonDepthExceeds('[[[["\\\\"]]]]', 4)).toBe(false);
    expect(jsonDepthExceeds('[[[["\\\\",[1]]]]]', 4)).toBe(true);
  });

  it('the public postback route: a 5,000-level body answers 400, known key or not', async () => {
    const body = nested(5000);
    expect(body.length).toBeGreaterThan(20_000);
    for (const key of ['nosuchkey', 'another-key-123']) {
      expectDepthRefusal(await t.app.inject({ method: 'POST', url: `/postback/${key}`, headers: json, payload: body }));
    }
    const vertical = await t.make.vertical();
    const advertiser = await t.make.advertiser({ verticalId: vertical.id });
    expectDepthRefusal(
      await t.app.inject({ method: 'POST', url: `/postback/${advertiser.integration.postbackKey}`, headers: json, payload: body }),
    );
  });

  it('the lead API: a deep body answers 400, also for a valid API key', async () => {
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false });
    const [{ apiToken }] = await db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, affiliate.id));
    const body = `{"offerId":1,"fields":${nested(5000)}}`;
    expectDepthRefusal(
      await t.app.inject({ method: 'POST', url: '/api/v1/leads', headers: { ...json, 'x-api-key': apiToken! }, payload: body }),
    );
  });

  it('an authenticated route: a deep preference value answers 400 (PUT and PATCH), a shallow one is saved', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const deep = `{"items":[{"type":"table","name":"deep","value":${nested(5000)}}]}`;
    expectDepthRefusal(await t.request({ method: 'PUT', url: '/api/v1/user-preferences', as: u, headers: json, payload: deep }));
    const ok = await t.request({
      method: 'PUT',
      url: '/api/v1/user-preferences',
      as: u,
      headers: json,
      payload: `{"items":[{"type":"table","name":"ok","value":${nested(20)}}]}`,
    });
    expect(ok.statusCode).toBe(200);
    const id = ok.json().data.items[0].id;
    expectDepthRefusal(
      await t.request({
        method: 'PATCH',
        url: '/api/v1/user-preferences',
        as: u,
        headers: json,
        payload: `{"items":[{"id":${id},"value":${nested(5000)}}]}`,
      }),
    );
  });
});

describe('protected routes check the caller before the body', () => {
  const invalid = { items: [{ nope: 'x'.repeat(900_000) }] };
  const routes: [string, string][] = [
    ['PUT', '/api/v1/employees'],
    ['PATCH', '/api/v1/offers'],
    ['PUT', '/api/v1/currencies'],
    ['PUT', '/api/v1/user-preferences'],
    ['POST', '/api/v1/leads'],
  ];

  it('an anonymous request with an invalid (or too deep) body gets 401, not field details', async () => {
    for (const [method, url] of routes) {
      for (const payload of [JSON.stringify(invalid), nested(5000), '{"broken":']) {
        const res = await t.app.inject({ method: method as 'PUT', url, headers: json, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).not.toHaveProperty('errors');
      }
    }
  });

  it('a caller without the permission gets 403 for an invalid body', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    for (const [method, url] of routes.slice(0, 3)) {
      const res = await t.request({ method: method as 'PUT', url, as: affiliate, headers: json, payload: JSON.stringify(invalid) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).not.toHaveProperty('errors');
    }
  });

  it('a permitted caller still gets the field errors', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/v1/currencies', as: t.admin, payload: { items: [{}] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});

describe('list allow-lists take only their own names', () => {
  const lists = [
    '/api/v1/offers',
    '/api/v1/conversions',
    '/api/v1/leads',
    '/api/v1/campaigns',
    '/api/v1/withdrawal-methods',
    '/api/v1/employees',
  ];
  const inherited = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

  it('orderBy with an inherited name answers 400 naming orderBy, on every list', async () => {
    for (const list of lists) {
      for (const name of inherited) {
        const res = await t.request({ method: 'GET', url: `${list}?orderBy=${name}:desc`, as: t.admin });
        expect(res.statusCode, `${list} ${name}`).toBe(400);
        expect(res.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
      }
    }
  });

  it('with, fields and status with an inherited name answer 400 too', async () => {
    for (const name of inherited) {
      for (const param of ['with', 'fields', 'status']) {
        const res = await t.request({ method: 'GET', url: `/api/v1/offers?${param}=${name}`, as: t.admin });
        expect(res.statusCode, `${param}=${name}`).toBe(400);
      }
    }
  });
});
