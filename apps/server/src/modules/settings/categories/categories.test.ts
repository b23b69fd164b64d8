import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/categories';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
async function makeCategory(title: string, status = 'active') {
  const res = await put(t.admin, [{ title, status }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; status: string };
}
const titles = (res: { json(): { data: { items: { title: string }[] } } }) => res.json().data.items.map((x) => x.title);

describe('categories: create', () => {
  it('creates a category with its author', async () => {
    const res = await put(t.admin, [{ title: 'Nutra' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Category created',
      data: {
        items: [
          {
            id: expect.any(Number),
            title: 'Nutra',
            status: 'active',
            createdAt: expect.any(Number),
            createdBy: expect.objectContaining({ id: t.admin.id }),
          },
        ],
      },
    });
  });

  it('refuses a title taken case-insensitively, and twice in one request', async () => {
    await makeCategory('Finance');
    const dup = await put(t.admin, [{ title: ' FINANCE ' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    const twice = await put(t.admin, [{ title: 'Crypto' }, { title: 'crypto' }]);
    expect(twice.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'title'] }]);
    expect(titles(await t.request({ method: 'GET', url: `${url}?search=crypto`, as: t.admin }))).toEqual([]);
  });

  it('maps concurrent duplicates to the field error', async () => {
    const results = await Promise.all(Array.from({ length: 3 }, () => put(t.admin, [{ title: 'Gambling race' }])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('validates the title and status', async () => {
    const res = await put(t.admin, [{ title: '', status: 'deleted' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'title'] }),
        expect.objectContaining({ loc: ['body', 'items', 0, 'status'] }),
      ]),
    );
    const empty = await t.request({ method: 'PUT', url, as: t.admin, payload: { items: [] } });
    expect(empty.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items'] });
  });

  it('needs category.update and a token', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.lists.read'] });
    expect((await put(reader, [{ title: 'No' }])).statusCode).toBe(403);
    expect((await put(null, [{ title: 'No' }])).statusCode).toBe(401);
    const writer = await t.make.user({ type: 'employee', permissions: ['category.update'] });
    expect((await put(writer, [{ title: 'Writer made' }])).statusCode).toBe(200);
  });
});

describe('categories: lists', () => {
  it('lists with status filter, search, order and count', async () => {
    await makeCategory('Sweeps list');
    await makeCategory('Dating list', 'inactive');
    const res = await t.request({ method: 'GET', url: `${url}?search=list&orderBy=title:asc&withMeta=1`, as: t.admin });
    expect(titles(res)).toEqual(['Dating list', 'Sweeps list']);
    expect(res.json().data.meta).toEqual({ totalCount: 2 });
    expect(titles(await t.request({ method: 'GET', url: `${url}?search=list&status=inactive`, as: t.admin }))).toEqual(['Dating list']);
    const bad = await t.request({ method: 'GET', url: `${url}?orderBy=secret:asc`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });

  it('the management list needs front.settings.lists.read', async () => {
    const other = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await t.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('the active list answers active categories by title to any signed-in user', async () => {
    await makeCategory('zz Active one');
    await makeCategory('zz Inactive one', 'inactive');
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'GET', url: `${url}/active?search=zz`, as: aff });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([{ id: expect.any(Number), title: 'zz Active one', status: 'active' }]);
    expect((await t.request({ method: 'GET', url: `${url}/active` })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: `${url}/active?limit=0`, as: aff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'limit']);
  });

  it('the active list resolves chosen ids whatever their status', async () => {
    const off = await makeCategory('Chosen inactive', 'inactive');
    const res = await t.request({ method: 'GET', url: `${url}/active?ids=${off.id}`, as: t.admin });
    expect(res.json().data.items).toEqual([{ id: off.id, title: 'Chosen inactive', status: 'inactive' }]);
  });

  it('answers one category as items[0], 404 for a missing one', async () => {
    const c = await makeCategory('By id');
    expect((await t.request({ method: 'GET', url: `${url}/${c.id}`, as: t.admin })).json().data.items[0]).toMatchObject({
      id: c.id,
      title: 'By id',
    });
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
  });
});

describe('categories: edit and status', () => {
  it('renames, refuses a taken title, keeps its own', async () => {
    const a = await makeCategory('Rename me');
    await makeCategory('Occupied');
    const ok = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'Renamed' }] } });
    expect(ok.json()).toMatchObject({ message: 'Category saved', data: { items: [{ id: a.id, title: 'Renamed' }] } });
    const clash = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'occupied' }] } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    expect((await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'RENAMED' }] } })).statusCode).toBe(
      200,
    );
    const bad = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'x'.repeat(201) }] } });
    expect(bad.json().errors[0]).toMatchObject({ msg: 'minMaxLength', loc: ['body', 'items', 0, 'title'] });
    expect((await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: 999999, title: 'Ghost' }] } })).statusCode).toBe(
      404,
    );
  });

  it('changes status in bulk, with an audit entry each', async () => {
    const a = await makeCategory('Bulk a');
    const b = await makeCategory('Bulk b');
    const res = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: {
        items: [
          { id: a.id, status: 'inactive' },
          { id: b.id, status: 'inactive' },
        ],
      },
    });
    expect(res.json()).toMatchObject({
      message: '2 categories changed status',
      data: { items: [{ status: 'inactive' }, { status: 'inactive' }] },
    });
    const audit = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'category' AND action = 'change_status' AND entity_id IN ($1, $2)`,
      [a.id, b.id],
    );
    expect(audit.rows[0].n).toBe(2);
    const bad = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'archived' }] },
    });
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });

  it('edit and status need category.update', async () => {
    const a = await makeCategory('Guarded category');
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.lists.read'] });
    expect((await t.request({ method: 'PATCH', url, as: reader, payload: { items: [{ id: a.id, title: 'X' }] } })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, as: reader, payload: { items: [{ id: a.id, status: 'inactive' }] } }))
        .statusCode,
    ).toBe(403);
  });
});
