import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/traffic-sources';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
async function makeSource(title: string, status = 'active') {
  const res = await put(t.admin, [{ title, status }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; status: string };
}
const titles = (res: { json(): { data: { items: { title: string }[] } } }) => res.json().data.items.map((x) => x.title);

describe('traffic sources: create', () => {
  it('creates sources', async () => {
    const res = await put(t.admin, [{ title: 'Facebook' }, { title: 'Google Ads', status: 'inactive' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: '2 traffic sources created',
      data: {
        items: [
          { id: expect.any(Number), title: 'Facebook', status: 'active', createdAt: expect.any(Number) },
          { id: expect.any(Number), title: 'Google Ads', status: 'inactive', createdAt: expect.any(Number) },
        ],
      },
    });
  });

  it('refuses a duplicate title case-insensitively with a field error', async () => {
    await makeSource('TikTok');
    const res = await put(t.admin, [{ title: 'Push' }, { title: 'tiktok' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'title'] }]);
    // nothing of the request was written
    expect(titles(await t.request({ method: 'GET', url: `${url}?search=Push`, as: t.admin }))).toEqual([]);
  });

  it('maps concurrent duplicates to the field error', async () => {
    const results = await Promise.all(Array.from({ length: 3 }, () => put(t.admin, [{ title: 'Native race' }])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('validates the title', async () => {
    const res = await put(t.admin, [{ title: '   ' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items', 0, 'title'] });
  });

  it('needs traffic_source.update and a token', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.lists.read'] });
    expect((await put(reader, [{ title: 'No' }])).statusCode).toBe(403);
    expect((await put(null, [{ title: 'No' }])).statusCode).toBe(401);
    const writer = await t.make.user({ type: 'affiliate_manager', permissions: ['traffic_source.update'] });
    expect((await put(writer, [{ title: 'Manager made' }])).statusCode).toBe(200);
  });
});

describe('traffic sources: lists', () => {
  it('lists with filters, order, paging and count', async () => {
    for (const title of ['Src list a', 'Src list b', 'Src list c']) await makeSource(title);
    await makeSource('Src list off', 'inactive');
    const res = await t.request({
      method: 'GET',
      url: `${url}?search=src list&status=active&orderBy=title:desc&limit=2&offset=0&withMeta=1`,
      as: t.admin,
    });
    expect(titles(res)).toEqual(['Src list c', 'Src list b']);
    expect(res.json().data.meta).toEqual({ totalCount: 3 });
    expect((await t.request({ method: 'GET', url: `${url}?with=owner`, as: t.admin })).statusCode).toBe(400);
  });

  it('the management list needs front.settings.lists.read', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url, as: aff })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('the active list serves every signed-in user, affiliates included', async () => {
    await makeSource('yy Email');
    await makeSource('yy SMS', 'inactive');
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'GET', url: `${url}/active?search=yy`, as: aff });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([{ id: expect.any(Number), title: 'yy Email', status: 'active' }]);
    expect((await t.request({ method: 'GET', url: `${url}/active` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `${url}/active?ids=abc`, as: aff })).statusCode).toBe(400);
  });

  it('answers one source as items[0], 404 for a missing one', async () => {
    const s = await makeSource('Single source');
    expect((await t.request({ method: 'GET', url: `${url}/${s.id}`, as: t.admin })).json().data.items).toEqual([
      expect.objectContaining({ id: s.id }),
    ]);
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
  });
});

describe('traffic sources: edit and status', () => {
  it('renames and refuses a taken title', async () => {
    const a = await makeSource('Old name');
    await makeSource('Busy name');
    const ok = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: { items: [{ id: a.id, title: 'New name', status: 'inactive' }] },
    });
    expect(ok.json()).toMatchObject({
      message: 'Traffic source saved',
      data: { items: [{ id: a.id, title: 'New name', status: 'inactive' }] },
    });
    const clash = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'BUSY NAME' }] } });
    expect(clash.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    expect((await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: 999999 }] } })).statusCode).toBe(404);
  });

  it('changes status and needs traffic_source.update to do it', async () => {
    const a = await makeSource('Toggle me');
    const res = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'inactive' }] },
    });
    expect(res.json()).toMatchObject({ message: 'Traffic source status changed', data: { items: [{ id: a.id, status: 'inactive' }] } });
    const bad = await t.request({ method: 'POST', url: `${url}/change_status`, as: t.admin, payload: { items: [{ id: a.id }] } });
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.lists.read'] });
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, as: reader, payload: { items: [{ id: a.id, status: 'active' }] } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'PATCH', url, as: reader, payload: { items: [{ id: a.id, title: 'Nope' }] } })).statusCode).toBe(403);
  });
});
