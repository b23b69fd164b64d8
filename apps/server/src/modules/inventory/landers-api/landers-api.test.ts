import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { landersApiLanguages } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { IN_USE_MESSAGE } from './landers-api.service';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/landers-api';

const put = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (items: unknown[], as: TestUser = t.admin) => t.request({ method: 'PATCH', url, as, payload: { items } });
const get = (path: string, as: TestUser = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const editLanguages = (id: number, data: unknown[], as: TestUser = t.admin) =>
  t.request({ method: 'POST', url: `${url}/${id}/edit_languages`, as, payload: { data } });
const locs = (res: { json(): { errors?: { loc: unknown[] }[] } }) => (res.json().errors ?? []).map((e) => e.loc.join('.')).sort();

let n = 0;
async function refs() {
  n++;
  const category = (
    await t.request({ method: 'PUT', url: '/api/v1/categories', as: t.admin, payload: { items: [{ title: `LP category ${n}` }] } })
  ).json().data.items[0];
  const tag = (
    await t.request({ method: 'PUT', url: '/api/v1/tags', as: t.admin, payload: { items: [{ title: `LP tag ${n}`, type: 'landing' }] } })
  ).json().data.items[0];
  const offerTag = (
    await t.request({ method: 'PUT', url: '/api/v1/tags', as: t.admin, payload: { items: [{ title: `Offer tag ${n}`, type: 'offer' }] } })
  ).json().data.items[0];
  const vertical = await t.make.vertical();
  return { category, tag, offerTag, vertical } as {
    category: { id: number };
    tag: { id: number };
    offerTag: { id: number };
    vertical: { id: number; title: string };
  };
}
async function created(item: Record<string, unknown>) {
  const res = await put([item]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as { id: number; languages: { id: number; language: string }[] };
}

describe('landing API: pages', () => {
  it('creates a page with vertical, categories, tags and language versions', async () => {
    const r = await refs();
    const res = await put([
      {
        title: 'Crypto quiz',
        description: 'A quiz page',
        verticalId: r.vertical.id,
        pageType: 'prelanding',
        categoryIds: [r.category.id],
        tagIds: [r.tag.id],
        languages: [
          { language: 'en', targetUrl: 'https://quiz.test/en?c={click_id}', previewUrl: 'https://quiz.test/en/p' },
          { language: 'ua', targetUrl: 'https://quiz.test/uk', status: 'inactive' },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Landing page created',
      data: {
        items: [
          {
            title: 'Crypto quiz',
            vertical: { id: r.vertical.id, title: r.vertical.title },
            pageType: 'prelanding',
            status: 'active',
            categories: [{ id: r.category.id }],
            tags: [{ id: r.tag.id }],
            languages: [
              {
                language: 'en',
                targetUrl: 'https://quiz.test/en?c={click_id}',
                previewUrl: 'https://quiz.test/en/p',
                status: 'active',
                landersCount: 0,
              },
              { language: 'uk', status: 'inactive', previewUrl: null },
            ],
            assignedToOffers: [],
            createdBy: { id: t.admin.id },
          },
        ],
      },
    });
  });

  it('reports a duplicate title, missing references, a tag of another type, duplicate languages and an unknown macro', async () => {
    const r = await refs();
    await created({ title: 'Taken page' });
    const res = await put([
      {
        title: 'TAKEN PAGE',
        verticalId: 999999,
        categoryIds: [999998],
        tagIds: [r.offerTag.id],
        languages: [
          { language: 'en', targetUrl: 'https://a.test' },
          { language: 'EN', targetUrl: 'https://b.test' },
          { language: 'xx', targetUrl: 'ftp://c.test' },
        ],
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(locs(res)).toEqual([
      'body.items.0.languages.1.language',
      'body.items.0.languages.2.language',
      'body.items.0.languages.2.targetUrl',
    ]);
    const refsRes = await put([{ title: 'TAKEN PAGE', verticalId: 999999, categoryIds: [999998], tagIds: [r.offerTag.id] }]);
    expect(refsRes.json().message).toBe('A landing API page with this title already exists');
    expect(locs(refsRes)).toEqual(['body.items.0.categoryIds.0', 'body.items.0.tagIds.0', 'body.items.0.title', 'body.items.0.verticalId']);
    const macro = await put([{ title: 'Macro page', languages: [{ language: 'de', targetUrl: 'https://m.test/?x={payout}' }] }]);
    expect(macro.json()).toMatchObject({
      message: 'Unknown macro {payout} in the target URL of the de version',
      errors: [{ msg: 'pattern', type: 'macro', loc: ['body', 'items', 0, 'languages', 0, 'targetUrl'] }],
    });
  });

  it('edits, changes status, lists with filters and answers the languages in use', async () => {
    const r = await refs();
    const a = await created({
      title: `Filter A ${n}`,
      verticalId: r.vertical.id,
      categoryIds: [r.category.id],
      languages: [{ language: 'fi', targetUrl: 'https://fi.test' }],
    });
    const b = await created({ title: `Filter B ${n}`, tagIds: [r.tag.id], languages: [{ language: 'sv', targetUrl: 'https://sv.test' }] });
    const edited = await patch([{ id: b.id, title: `Filter B2 ${n}`, categoryIds: [r.category.id], description: 'Edited' }]);
    expect(edited.json()).toMatchObject({
      message: 'Landing page saved',
      data: { items: [{ title: `Filter B2 ${n}`, categories: [{ id: r.category.id }], tags: [{ id: r.tag.id }] }] },
    });
    expect(locs(await patch([{ id: b.id, title: `Filter A ${n}` }]))).toEqual(['body.items.0.title']);
    expect((await patch([{ id: 999999, title: 'Ghost' }])).statusCode).toBe(404);
    const st = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'inactive' }] },
    });
    expect(st.json()).toMatchObject({ message: 'Landing page status changed', data: { items: [{ status: 'inactive' }] } });

    const ids = (res: { json(): { data: { items: { id: number }[] } } }) =>
      res
        .json()
        .data.items.map((x) => x.id)
        .sort();
    expect(ids(await get(`?categoryId=${r.category.id}`))).toEqual([a.id, b.id].sort());
    expect(ids(await get(`?verticalId=${r.vertical.id}`))).toEqual([a.id]);
    expect(ids(await get(`?tagId=${r.tag.id}`))).toEqual([b.id]);
    expect(ids(await get(`?language=sv&categoryId=${r.category.id}`))).toEqual([b.id]);
    expect(ids(await get(`?status=inactive&categoryId=${r.category.id}`))).toEqual([a.id]);
    expect(ids(await get(`?search=Filter B2 ${n}`))).toEqual([b.id]);
    expect((await get(`?categoryId=${r.category.id}&withMeta=1`)).json().data.meta).toEqual({ totalCount: 2 });
    expect(locs(await get('?orderBy=nope:asc'))).toEqual(['querystring.orderBy']);
    expect(locs(await get('?language=zz'))).toEqual(['querystring.language.0']);
    expect((await get('/languages')).json().data.items).toEqual(expect.arrayContaining(['fi', 'sv']));
    expect((await get(`/${a.id}`)).json().data.items[0].id).toBe(a.id);
    expect((await get('/999999')).statusCode).toBe(404);
  });
});

describe('landing API: language versions and offers', () => {
  it('replaces the versions by language, shows the offers using them, and refuses to remove a version in use', async () => {
    const r = await refs();
    const page = await created({
      title: `Versions ${n}`,
      verticalId: r.vertical.id,
      languages: [
        { language: 'en', targetUrl: 'https://v.test/en' },
        { language: 'de', targetUrl: 'https://v.test/de' },
      ],
    });
    const en = page.languages.find((l) => l.language === 'en')!;
    const offer = await t.make.offer({ verticalId: r.vertical.id });
    const lander = await t.request({
      method: 'PUT',
      url: '/api/v1/landers',
      as: t.admin,
      payload: { items: [{ offerId: offer.id, title: 'From page', landerApiLanguageId: en.id }] },
    });
    expect(lander.statusCode, lander.body).toBe(200);

    const detail = (await get(`/${page.id}`)).json().data.items[0];
    expect(detail.assignedToOffers).toEqual([{ id: offer.id, title: offer.title, status: 'active' }]);
    expect(detail.languages.find((l: { language: string }) => l.language === 'en').landersCount).toBe(1);

    // en edited in place (same id), de removed, fr added
    const res = await editLanguages(page.id, [
      { language: 'en', targetUrl: 'https://v.test/en2?s={sub1}', status: 'inactive' },
      { language: 'fr', targetUrl: 'https://v.test/fr' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Language versions saved',
      data: {
        items: [
          { languages: [{ id: en.id, language: 'en', targetUrl: 'https://v.test/en2?s={sub1}', status: 'inactive' }, { language: 'fr' }] },
        ],
      },
    });
    const inUse = await editLanguages(page.id, [{ language: 'fr', targetUrl: 'https://v.test/fr' }]);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(`${IN_USE_MESSAGE} (en)`);
    expect(await db.select().from(landersApiLanguages).where(eq(landersApiLanguages.landerApiId, page.id))).toHaveLength(2);

    const bad = await editLanguages(page.id, [
      { language: 'fr', targetUrl: 'https://v.test/fr' },
      { language: 'fr', targetUrl: 'nope' },
    ]);
    expect(locs(bad)).toEqual(['body.data.1.language', 'body.data.1.targetUrl']);
    expect((await editLanguages(999999, [])).statusCode).toBe(404);
  });

  it('offers the lander picker active pages with active versions, for landing API readers and offer editors', async () => {
    const r = await refs();
    const page = await created({
      title: `Picker ${n}`,
      verticalId: r.vertical.id,
      languages: [
        { language: 'en', targetUrl: 'https://p.test/en' },
        { language: 'it', targetUrl: 'https://p.test/it', status: 'inactive' },
      ],
    });
    const off = await created({ title: `Picker off ${n}`, status: 'inactive' });
    const other = await t.make.vertical();
    const res = await get(`/filters?search=Picker&verticalId=${r.vertical.id}`);
    expect(res.json().data.items).toEqual([
      {
        id: page.id,
        title: `Picker ${n}`,
        status: 'active',
        verticalId: r.vertical.id,
        pageType: 'landing',
        languages: [expect.objectContaining({ language: 'en' })],
      },
    ]);
    expect((await get(`/filters?search=Picker&verticalId=${other.id}`)).json().data.items).toEqual([]);
    expect((await get(`/filters?ids=${off.id}`)).json().data.items).toHaveLength(1);
    expect((await get(`/filters?search=Picker&anyStatus=1`)).json().data.items.map((x: { id: number }) => x.id)).toContain(off.id);
    const offerEditor = await t.make.user({ type: 'employee', permissions: ['offer.update'] });
    expect((await get('/filters', offerEditor)).statusCode).toBe(200);
    expect((await get('', offerEditor)).statusCode).toBe(403);
  });

  it('needs the landing API permissions', async () => {
    const page = await created({ title: `Perm page ${n}` });
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.landers_api.read'] });
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await get('', reader)).statusCode).toBe(200);
    expect((await get('', affiliate)).statusCode).toBe(403);
    expect((await get('/filters', affiliate)).statusCode).toBe(403);
    for (const as of [reader, affiliate]) {
      expect((await put([{ title: 'Nope' }], as)).statusCode).toBe(403);
      expect((await patch([{ id: page.id, title: 'Nope' }], as)).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items: [{ id: page.id, status: 'inactive' }] } }))
          .statusCode,
      ).toBe(403);
      expect((await editLanguages(page.id, [], as)).statusCode).toBe(403);
    }
  });
});
