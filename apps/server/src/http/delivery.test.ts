/**
 * How the server delivers: the built web app's precompressed twins by content negotiation with their cache
 * headers, the API's JSON compressed over 1 KB, and the routes that are never compressed (event stream, click,
 * lead API, inbound postback).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { useApp } from '../../test/helper';

// a built web app as Vite leaves it: hashed assets and index.html, each with its .br and .gz twin
const dist = mkdtempSync(join(tmpdir(), 'leadgrid-dist-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;
mkdirSync(join(dist, 'assets'));
for (const [file, text] of [
  ['assets/index-abc123.js', script],
  ['index.html', html],
] as const) {
  writeFileSync(join(dist, file), text);
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
}
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = await useApp({ WEB_DIST: dist });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const aff = await t.make.user({ type: 'affiliate' });

const YEAR = 'public, max-age=31536000, immutable';
const varies = (h: unknown) =>
  String(h)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the built web app', () => {
  it('sends the brotli twin of an asset to a browser that accepts br, cached for a year', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip twin to a browser that accepts only gzip', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(varies(res.headers.vary)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file when no encoding is accepted, still varying on accept-encoding', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.payload).toBe(script);
  });

  it('answers index.html and the history fallback with no-cache, compressed by negotiation', async () => {
    for (const url of ['/', '/leads', '/offers/12/caps']) {
      const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      expect(varies(br.headers.vary), url).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(html);
      const plain = await t.request({ method: 'GET', url });
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.payload, url).toBe(html);
    }
  });

  it('answers a missing asset with a 404, not the web app', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/index-missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });

  it('sends no file from outside the build, whatever the path', async () => {
    const name = `${dist.split('/').pop()}-secret.txt`;
    writeFileSync(join(dist, '..', name), 'the secret');
    for (const url of [
      `/assets/../../${name}`,
      `/assets/%2e%2e/%2e%2e/${name}`,
      `/..%2f${name}`,
      `/%2e%2e/${name}`,
      '/assets/..%2f..%2fetc/passwd',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.payload, url).not.toContain('the secret');
      expect(res.payload, url).not.toContain('root:');
    }
    rmSync(join(dist, '..', name));
  });

  it('caches an unhashed public file for an hour, and compresses no file per request', async () => {
    const res = await t.request({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers', () => {
  it('compresses a JSON answer over 1 KB for a client that accepts br or gzip', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/v1/countries', as: aff });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.request({ method: 'GET', url: '/api/v1/countries', as: aff, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.request({ method: 'GET', url: '/api/v1/countries', as: aff, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer and an error answer under 1 KB uncompressed', async () => {
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', as: aff, headers: { 'accept-encoding': 'br' } });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    const bad = await t.request({ method: 'GET', url: '/api/v1/countries?locale=xx-nope', as: aff, headers: { 'accept-encoding': 'br' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-encoding']).toBeUndefined();
    expect(bad.json().errors[0].loc).toContain('locale');
  });
});

describe('routes that are never compressed', () => {
  it('the event stream', async () => {
    const token = (await t.request({ method: 'POST', url: '/api/v1/events/token', as: aff })).json().data.token;
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/events?token=${encodeURIComponent(token)}`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('retry: 3000');
    controller.abort();
  });

  it('the lead API, even for an answer over 1 KB', async () => {
    const [{ apiToken }] = await t.database.db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, aff.id));
    // a body wrong in every field: the 400 names each, well over the 1 KB threshold
    const names = [
      'firstName',
      'lastName',
      'email',
      'language',
      'ip',
      'landing',
      'sourceUrl',
      'userAgent',
      ...Array.from({ length: 9 }, (_, i) => `sub${i + 1}`),
    ];
    const payload = { ...Object.fromEntries(names.map((n) => [n, 1])), test: 'yes', campaignId: 'x', clickId: 'x' };
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/leads',
      headers: { 'x-api-key': apiToken!, 'accept-encoding': 'br, gzip' },
      payload: { ...payload, offerId: 'none', phone: 42, country: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('the click redirect and the inbound postback', async () => {
    const click = await fetch(`${base}/c/no-such-campaign`, { headers: { 'accept-encoding': 'br, gzip' }, redirect: 'manual' });
    expect(click.headers.get('content-encoding')).toBeNull();
    const postback = await fetch(`${base}/postback/no-such-key?status=approved`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(postback.status).toBeGreaterThanOrEqual(400);
    expect(postback.headers.get('content-encoding')).toBeNull();
  });
});
