import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CREATIVE_FILE_MAX_BYTES } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, creatives, offerAffiliates } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/creatives';

const put = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PATCH', url, as, payload: { items } });
const get = (path: string, as: TestUser = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });

/** a multipart/form-data body, as a browser's FormData sends it */
function multipart(data: Buffer | string, filename: string, name = 'file') {
  const boundary = `----leadgrid${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, Buffer.isBuffer(data) ? data : Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (id: number, data: Buffer | string, filename: string, as: TestUser = t.admin) =>
  t.request({ method: 'PUT', url: `${url}/${id}/attachment`, as, ...multipart(data, filename) });
const stored = async () => {
  try {
    return await readdir(join(t.config.uploadDir, 'creatives'));
  } catch {
    return [];
  }
};
async function created(item: Record<string, unknown>) {
  const res = await put([item]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as { id: number; type: string };
}

describe('creatives: create, edit, status, sieves', () => {
  it('creates creatives of each kind, with the content rules of text and link', async () => {
    const offer = await t.make.offer();
    const res = await put([
      { offerId: offer.id, type: 'text', content: '  Best loans in town  ', description: 'Short text' },
      { offerId: offer.id, type: 'link', content: 'https://brand.test/banner' },
      { offerId: offer.id, type: 'image', sieve: { countries: ['DE'], affiliateIds: [7], trafficSourceIds: [3] } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '3 creatives created',
      data: {
        items: [
          { type: 'text', content: 'Best loans in town', description: 'Short text', status: 'active', attachment: null },
          { type: 'link', content: 'https://brand.test/banner' },
          // keys the creatives sieve does not use are stored empty
          { type: 'image', content: null, sieve: { countries: ['DE'], affiliateIds: [7], trafficSourceIds: [] } },
        ],
      },
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'creative'));
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a text creative without content, a link without a URL, content on a file type, an unknown type and a missing offer', async () => {
    const offer = await t.make.offer();
    const res = await put([
      { offerId: offer.id, type: 'text', content: '   ' },
      { offerId: offer.id, type: 'link', content: 'brand.test' },
      { offerId: offer.id, type: 'video', content: 'hello' },
      { offerId: offer.id, type: 'poster' },
      { offerId: offer.id, type: 'image', description: 'x'.repeat(2001) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'content'] }),
        expect.objectContaining({ msg: 'url', loc: ['body', 'items', 1, 'content'] }),
        expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 2, 'content'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 3, 'type'] }),
        expect.objectContaining({ msg: 'maxlength', loc: ['body', 'items', 4, 'description'] }),
      ]),
    );
    const missing = await put([{ offerId: 999999, type: 'image' }]);
    expect(missing.json().errors).toEqual([{ msg: 'required', type: 'exists', loc: ['body', 'items', 0, 'offerId'] }]);
    expect(await db.select().from(creatives).where(eq(creatives.offerId, offer.id))).toEqual([]);
  });

  it('edits, checks the content against the resulting type, changes status and sieves', async () => {
    const offer = await t.make.offer();
    const text = await created({ offerId: offer.id, type: 'text', content: 'Hello' });
    const image = await created({ offerId: offer.id, type: 'image' });
    const edited = await patch([{ id: text.id, content: 'Hello again', description: 'Greeting' }]);
    expect(edited.json()).toMatchObject({
      message: 'Creative saved',
      data: { items: [{ content: 'Hello again', description: 'Greeting' }] },
    });
    // to link: the old text is no URL
    expect((await patch([{ id: text.id, type: 'link' }])).json().errors[0]).toMatchObject({
      msg: 'url',
      loc: ['body', 'items', 0, 'content'],
    });
    // to text without content
    expect((await patch([{ id: image.id, type: 'text' }])).json().errors[0]).toMatchObject({
      msg: 'required',
      loc: ['body', 'items', 0, 'content'],
    });
    // to a file type: the text goes
    expect((await patch([{ id: text.id, type: 'archive' }])).json().data.items[0]).toMatchObject({ type: 'archive', content: null });
    expect((await patch([{ id: 999999, description: 'x' }])).statusCode).toBe(404);

    const st = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: image.id, status: 'inactive' }] },
    });
    expect(st.json()).toMatchObject({ message: 'Creative status changed', data: { items: [{ id: image.id, status: 'inactive' }] } });
    const badStatus = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: image.id, status: 'gone' }] },
    });
    expect(badStatus.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);

    const sieves = await t.request({
      method: 'PATCH',
      url: `${url}/sieves`,
      as: t.admin,
      payload: {
        items: [
          { id: image.id, sieve: { languages: ['de'] } },
          { id: text.id, sieve: { countries: ['FR'], schedule: null } },
        ],
      },
    });
    expect(sieves.statusCode, sieves.body).toBe(200);
    expect(
      sieves.json().data.items.map((x: { sieve: { languages: string[]; countries: string[] } }) => [x.sieve.languages, x.sieve.countries]),
    ).toEqual([
      [['de'], []],
      [[], ['FR']],
    ]);
    const bad = await t.request({
      method: 'PATCH',
      url: `${url}/sieves`,
      as: t.admin,
      payload: { items: [{ id: image.id, sieve: { languages: ['zz'] } }] },
    });
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'sieve', 'languages', 0]);
  });

  it('lists the creatives of an offer with filters, and the types with their extensions', async () => {
    const offer = await t.make.offer();
    await created({ offerId: offer.id, type: 'text', content: 'One', description: 'Alpha' });
    await created({ offerId: offer.id, type: 'video', status: 'inactive' });
    const list = await get(`?offerId=${offer.id}&withMeta=1&orderBy=id:asc`);
    expect(list.json().data).toMatchObject({ items: [{ type: 'text' }, { type: 'video' }], meta: { totalCount: 2 } });
    expect((await get(`?offerId=${offer.id}&type=video`)).json().data.items).toHaveLength(1);
    expect((await get(`?offerId=${offer.id}&status=active`)).json().data.items).toHaveLength(1);
    expect((await get(`?offerId=${offer.id}&search=alpha`)).json().data.items).toHaveLength(1);
    expect((await get(`?offerId=${offer.id}&type=poster`)).json().errors[0].loc).toEqual(['querystring', 'type', 0]);
    expect((await get('')).json().errors[0].loc).toEqual(['querystring', 'offerId']);
    const types = (await get('/types')).json().data.items;
    expect(types.find((x: { type: string }) => x.type === 'image')).toEqual({
      type: 'image',
      extensions: ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp'],
      content: null,
      maxBytes: CREATIVE_FILE_MAX_BYTES,
    });
    expect(types.find((x: { type: string }) => x.type === 'link')).toMatchObject({ extensions: [], content: 'url', maxBytes: 0 });
  });
});

describe('creatives: attachments', () => {
  it('uploads a file and downloads it with its original name; a new file replaces the old one', async () => {
    const offer = await t.make.offer();
    const c = await created({ offerId: offer.id, type: 'archive' });
    const before = (await stored()).length;
    const bytes = Buffer.from('PK\u0003\u0004 pretend zip content');
    const res = await upload(c.id, bytes, 'Промо pack.zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'File uploaded',
      data: {
        items: [
          {
            attachment: {
              name: 'Промо pack.zip',
              mimeType: 'application/zip',
              size: bytes.length,
              url: `/api/v1/creatives/${c.id}/attachment`,
            },
          },
        ],
      },
    });
    const down = await get(`/${c.id}/attachment`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect(down.headers['content-type']).toBe('application/zip');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="_____ pack.zip"; filename*=UTF-8''${encodeURIComponent('Промо pack.zip')}`,
    );
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect((await stored()).length).toBe(before + 1);

    const again = await upload(c.id, Buffer.from('second'), 'second.7z');
    expect(again.json().data.items[0].attachment).toMatchObject({ name: 'second.7z', size: 6 });
    expect((await get(`/${c.id}/attachment`)).body).toBe('second');
    expect((await stored()).length).toBe(before + 1);

    // turned into a text creative, it loses its file
    await patch([{ id: c.id, type: 'text', content: 'Now a text' }]);
    expect((await get(`/${c.id}/attachment`)).statusCode).toBe(404);
    expect((await stored()).length).toBe(before);
  });

  it('refuses an extension that does not fit the type, a file on a text creative, an empty or oversized file, and a bad body', async () => {
    const offer = await t.make.offer();
    const image = await created({ offerId: offer.id, type: 'image' });
    const text = await created({ offerId: offer.id, type: 'text', content: 'x' });
    const before = (await stored()).length;

    const wrong = await upload(image.id, 'fake', 'clip.mp4');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'An image creative takes .png, .jpg, .jpeg, .gif, .svg, .webp files, not .mp4',
      errors: [{ msg: 'pattern', type: 'extension', loc: ['body', 'file'] }],
    });
    expect((await upload(image.id, 'fake', 'script.exe')).statusCode).toBe(400);
    expect((await upload(image.id, 'fake', 'noextension')).statusCode).toBe(400);
    expect((await upload(text.id, 'fake', 'a.png')).json().message).toBe('A text creative carries no file');
    expect((await upload(image.id, '', 'empty.png')).json().message).toBe('The file is empty');
    expect((await upload(999999, 'x', 'a.png')).statusCode).toBe(404);
    const field = await t.request({
      method: 'PUT',
      url: `${url}/${image.id}/attachment`,
      as: t.admin,
      ...multipart('x', 'a.png', 'image'),
    });
    expect(field.json().errors[0].loc).toEqual(['body', 'file']);
    expect((await t.request({ method: 'PUT', url: `${url}/${image.id}/attachment`, as: t.admin, payload: { file: 'x' } })).statusCode).toBe(
      415,
    );

    const big = await upload(image.id, Buffer.alloc(CREATIVE_FILE_MAX_BYTES + 1, 1), 'huge.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 50MB');
    // exactly at the limit is fine (images stop at 10 MB; creatives do not)
    const max = await upload(image.id, Buffer.alloc(CREATIVE_FILE_MAX_BYTES, 1), 'max.png');
    expect(max.statusCode, max.body).toBe(200);
    expect(max.json().data.items[0].attachment.size).toBe(CREATIVE_FILE_MAX_BYTES);
    expect((await stored()).length).toBe(before + 1);

    // an image with a file cannot become a video: the file's extension would not fit
    const retype = await patch([{ id: image.id, type: 'video' }]);
    expect(retype.json().errors[0]).toMatchObject({ type: 'extension', loc: ['body', 'items', 0, 'type'] });
    expect((await patch([{ id: image.id, type: 'file' }])).statusCode).toBe(200);
  });
});

describe('creatives: affiliates and permissions', () => {
  it('lets an affiliate read and download the active creatives of visible offers only, without sieves', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    const pub = await t.make.offer();
    const shown = await created({ offerId: pub.id, type: 'image' });
    await upload(shown.id, 'png bytes', 'banner.png');
    const off = await created({ offerId: pub.id, type: 'image', status: 'inactive' });
    const others = await created({ offerId: pub.id, type: 'text', content: 'For someone else', sieve: { affiliateIds: [t.admin.id] } });

    const list = await get(`?offerId=${pub.id}`, affiliate);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((x: { id: number }) => x.id)).toEqual([shown.id]);
    expect(list.json().data.items[0]).not.toHaveProperty('sieve');
    expect((await get(`/${shown.id}/attachment`, affiliate)).body).toBe('png bytes');
    expect((await get(`/${off.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/${others.id}`, affiliate)).statusCode).toBe(404);

    const priv = await t.make.offer({ accessType: 3 });
    const secret = await created({ offerId: priv.id, type: 'image' });
    await upload(secret.id, 'secret', 'secret.png');
    expect((await get(`?offerId=${priv.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/${secret.id}`, affiliate)).statusCode).toBe(404);
    expect((await get(`/${secret.id}/attachment`, affiliate)).statusCode).toBe(404);
    await db.insert(offerAffiliates).values({ offerId: priv.id, affiliateId: affiliate.id });
    expect((await get(`/${secret.id}/attachment`, affiliate)).body).toBe('secret');
  });

  it('needs offer.update to write', async () => {
    const offer = await t.make.offer();
    const c = await created({ offerId: offer.id, type: 'image' });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.offers.read'] });
    const nobody = await t.make.user({ type: 'employee', permissions: ['front.menu.statistics.read'] });
    for (const as of [affiliate, reader]) {
      expect((await put([{ offerId: offer.id, type: 'image' }], as)).statusCode).toBe(403);
      expect((await patch([{ id: c.id, description: 'x' }], as)).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items: [{ id: c.id, status: 'inactive' }] } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.request({ method: 'PATCH', url: `${url}/sieves`, as, payload: { items: [{ id: c.id, sieve: {} }] } })).statusCode,
      ).toBe(403);
      expect((await upload(c.id, 'x', 'a.png', as)).statusCode).toBe(403);
    }
    expect((await get(`?offerId=${offer.id}`, reader)).json().data.items[0]).toHaveProperty('sieve');
    expect((await get(`?offerId=${offer.id}`, nobody)).statusCode).toBe(403);
    expect((await get('/types', nobody)).statusCode).toBe(403);
  });
});
