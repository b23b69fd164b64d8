import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/platforms';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
async function make(title: string, methods = ['api', 'postback']) {
  const res = await put(t.admin, [{ title, methods }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string };
}

describe('platforms', () => {
  it('creates with integration-method flags, lists, edits', async () => {
    const res = await put(t.admin, [{ title: 'Leadbyte', description: 'CRM', methods: ['api', 'api_sync', 'api'] }]);
    expect(res.json()).toMatchObject({
      message: 'Platform created',
      data: { items: [{ title: 'Leadbyte', methods: ['api', 'api_sync'], status: 'active', templates: [] }] },
    });
    const id = res.json().data.items[0].id;
    const ed = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id, methods: ['redirect'] }] } });
    expect(ed.json().data.items[0].methods).toEqual(['redirect']);
    const list = await t.request({ method: 'GET', url: `${url}?search=leadbyte&withMeta=1`, as: t.admin });
    expect(list.json().data.meta.totalCount).toBe(1);
    expect((await t.request({ method: 'GET', url: `${url}/${id}`, as: t.admin })).json().data.items[0].id).toBe(id);
    const active = await t.request({ method: 'GET', url: `${url}/active?search=leadbyte`, as: t.admin });
    expect(active.json().data.items).toEqual([{ id, title: 'Leadbyte', status: 'active', methods: ['redirect'] }]);
  });

  it('validates title and methods', async () => {
    await make('Taken platform');
    const res = await put(t.admin, [{ title: 'taken PLATFORM', methods: ['fax'] }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { loc: unknown[] }) => e.loc)).toEqual([['body', 'items', 0, 'methods', 0]]);
    const dup = await put(t.admin, [{ title: 'taken PLATFORM', methods: ['api'] }]);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
  });

  it('needs at least one integration method on create and edit (product §3 Platform, §5 required); nothing is written', async () => {
    const missing = await put(t.admin, [{ title: 'No methods platform' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject([{ msg: 'required', loc: ['body', 'items', 0, 'methods'] }]);
    const empty = await put(t.admin, [{ title: 'No methods platform', methods: [] }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject([{ msg: 'required', loc: ['body', 'items', 0, 'methods'] }]);
    const none = await t.request({ method: 'GET', url: `${url}?search=no%20methods&withMeta=1`, as: t.admin });
    expect(none.json().data.meta.totalCount).toBe(0);
    const p = await make('Keeps its methods', ['postback']);
    const cleared = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: p.id, methods: [] }] } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors[0].loc).toEqual(['body', 'items', 0, 'methods']);
    expect((await t.request({ method: 'GET', url: `${url}/${p.id}`, as: t.admin })).json().data.items[0].methods).toEqual(['postback']);
    const titleOnly = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: { items: [{ id: p.id, title: 'Renamed keeps methods' }] },
    });
    expect(titleOnly.json().data.items[0].methods).toEqual(['postback']);
  });

  it('needs front.settings.platforms.read to read and platform.update to write', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.platforms.read'] });
    expect((await t.request({ method: 'GET', url, as: reader })).statusCode).toBe(200);
    expect((await put(reader, [{ title: 'Nope' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const p = await make('Guarded platform');
    expect((await t.request({ method: 'DELETE', url, as: reader, payload: { data: [p.id] } })).statusCode).toBe(403);
  });

  it('deletes a free platform; refuses one with attached entities (409, spec message)', async () => {
    const free = await make('Free platform');
    const del = await t.request({ method: 'DELETE', url, as: t.admin, payload: { data: [free.id] } });
    expect(del.json()).toEqual({ message: 'Platform deleted', data: { deleted: 1 } });
    const used = await make('Used platform');
    const adv = await t.request({
      method: 'PUT',
      url: '/api/v1/advertisers',
      as: t.admin,
      payload: { items: [{ title: 'Platform user', platformId: used.id }] },
    });
    expect(adv.statusCode).toBe(200);
    const refused = await t.request({ method: 'DELETE', url, as: t.admin, payload: { data: [used.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The platform cannot be deleted while other entities are attached');
    expect((await t.request({ method: 'GET', url: `${url}/${used.id}`, as: t.admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url, as: t.admin, payload: { data: [] } })).json().errors[0].loc).toEqual(['body', 'data']);
  });
});
