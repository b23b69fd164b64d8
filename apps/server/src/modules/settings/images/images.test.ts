import { readdir } from 'node:fs/promises';
import { IMAGE_MAX_BYTES } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { auditLog, images } from '../../../db/schema';
import { sniffImageType } from './images.service';

const t = await useApp();
const db = t.database.db;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest-of-jpeg')]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** a multipart/form-data body, as a browser's FormData sends it */
function multipart(parts: Part[]) {
  const boundary = `----leadgrid${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (as: TestUser | null, data: Buffer | string, type = 'image/png', filename = 'logo.png') =>
  t.request({ method: 'PUT', url: '/api/v1/images', as, ...multipart([{ name: 'file', data, filename, type }]) });

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(`${t.config.uploadDir}/images`);
  } catch {
    return [];
  }
}

describe('images: PUT /images', () => {
  it('stores a PNG under a random key and answers its id, url, type and size', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await upload(u, PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Image uploaded');
    const [image] = res.json().data.items;
    expect(image).toEqual({ id: expect.any(Number), url: `/api/v1/images/${image.id}`, mimeType: 'image/png', size: PNG.length });
    const [row] = await db.select().from(images).where(eq(images.id, image.id));
    expect(row).toMatchObject({ userId: u.id, originalName: 'logo.png' });
    expect(row.storageKey).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entity, 'image'));
    expect(audit).toMatchObject({ userId: u.id, entityId: image.id, action: 'create' });
  });

  it.each([['application/octet-stream'], ['image/jpg'], ['image/png']])(
    'stores the type the bytes tell when %s is declared',
    async (declared) => {
      const u = await t.make.user({ type: 'affiliate' });
      const res = await upload(u, JPEG, declared, 'photo');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items[0].mimeType).toBe('image/jpeg');
    },
  );

  it('refuses bytes that are not an allowed image, whatever the declared type, and stores nothing', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const before = await storedFiles();
    const count = async () => (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM images')).rows[0].n;
    const rowsBefore = await count();
    const fake = await upload(u, Buffer.from('MZ\x90\x00 this is an executable'), 'image/png', 'logo.png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toMatch(/^Only PNG, JPEG, GIF, WebP, SVG and ICO images can be uploaded/);
    const html = await upload(u, PNG, 'text/html', 'page.html');
    expect(html.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
    expect(await count()).toBe(rowsBefore);
  });

  it('refuses an image over 10MB with 413 and stores nothing', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const before = await storedFiles();
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    PNG.copy(big);
    const res = await upload(u, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, message: 'The image is larger than 10MB' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an image over 10MB sent over a real connection (where the body arrives in chunks)', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const before = await storedFiles();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    PNG.copy(big);
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
    const res = await fetch(`${address}/api/v1/images`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, message: 'The image is larger than 10MB' });
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts an image of exactly 10MB', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const max = Buffer.alloc(IMAGE_MAX_BYTES, 0);
    PNG.copy(max);
    const res = await upload(u, max);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0].size).toBe(IMAGE_MAX_BYTES);
  });

  it('answers 400 pointing at the file field when it is missing or empty', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const wrongField = await t.request({
      method: 'PUT',
      url: '/api/v1/images',
      as: u,
      ...multipart([{ name: 'image', data: PNG, filename: 'a.png', type: 'image/png' }]),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors[0].loc).toEqual(['body', 'file']);
    const empty = await upload(u, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'The file is empty', errors: [{ loc: ['body', 'file'] }] });
  });

  it('answers 415 for a body that is not multipart, and 400 for a broken or truncated one', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const json = await t.request({ method: 'PUT', url: '/api/v1/images', as: u, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const noBoundary = await t.request({
      method: 'PUT',
      url: '/api/v1/images',
      as: u,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().errors[0].loc).toEqual(['body', 'file']);
    const truncated = await t.request({
      method: 'PUT',
      url: '/api/v1/images',
      as: u,
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('The upload is not valid multipart/form-data');
  });

  it('needs a sign-in', async () => {
    expect((await upload(null, PNG)).statusCode).toBe(401);
  });
});

describe('images: GET /images/:id', () => {
  it('serves the image publicly with its type, caching and nosniff', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const [image] = (await upload(u, PNG)).json().data.items;
    const res = await t.request({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    const again = await t.request({ method: 'GET', url: image.url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves SVG with a policy that stops its scripts', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await upload(u, SVG, 'image/svg+xml', 'logo.svg');
    expect(res.statusCode).toBe(200);
    const [image] = res.json().data.items;
    expect(image.mimeType).toBe('image/svg+xml');
    const got = await t.request({ method: 'GET', url: image.url });
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('answers 404 in the error shape for a missing image, or a record whose file is gone, and 400 for a bad id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/images/999999' })).statusCode).toBe(404);
    const [orphan] = await db.insert(images).values({ storageKey: 'images/gone.png', mimeType: 'image/png', size: 10 }).returning();
    const gone = await t.request({ method: 'GET', url: `/api/v1/images/${orphan.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/json');
    expect(gone.json()).toEqual({ statusCode: 404, message: 'Image not found' });
    const bad = await t.request({ method: 'GET', url: '/api/v1/images/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['params', 'id']);
  });
});

describe('images: sniffImageType', () => {
  const ascii = (s: string) => Buffer.from(s, 'latin1');
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', ascii('GIF89a\x01\x00\x01\x00'), 'image/gif'],
    ['webp', Buffer.concat([ascii('RIFF'), Buffer.from([0x24, 0, 0, 0]), ascii('WEBPVP8 ')]), 'image/webp'],
    ['ico', Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), 'image/x-icon'],
    ['svg after a BOM', Buffer.from('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"></svg>', 'utf8'), 'image/svg+xml'],
    ['svg with prolog', SVG, 'image/svg+xml'],
    ['xml that is not svg', ascii('<?xml version="1.0"?><html></html>'), null],
    ['html', ascii('<html><svg></svg></html>'), null],
    ['cursor (not an icon)', Buffer.from([0, 0, 2, 0, 1, 0]), null],
    ['pdf', ascii('%PDF-1.7'), null],
  ])('%s', (_name, buf, expected) => {
    expect(sniffImageType(buf)).toBe(expected);
  });
});
