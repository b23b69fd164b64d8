import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/advertisers';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const get = (path: string, as: TestUser | null = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
async function make(item: Record<string, unknown>) {
  const res = await put(t.admin, [item]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; secureId: string; apiToken: string };
}
async function vertical(title: string) {
  return (await t.request({ method: 'PUT', url: '/api/v1/verticals', as: t.admin, payload: { items: [{ title }] } })).json().data
    .items[0] as { id: number };
}
async function platform(title: string) {
  return (
    await t.request({ method: 'PUT', url: '/api/v1/platforms', as: t.admin, payload: { items: [{ title, methods: ['api'] }] } })
  ).json().data.items[0] as { id: number };
}
async function tag(title: string) {
  return (await t.request({ method: 'PUT', url: '/api/v1/tags', as: t.admin, payload: { items: [{ title, type: 'advertiser' }] } })).json()
    .data.items[0] as { id: number };
}

describe('advertisers: create and edit', () => {
  it('creates an advertiser with contacts, platform, vertical, tags, managers, currency and a token', async () => {
    const v = await vertical('Adv vertical');
    const p = await platform('Adv platform');
    const tg = await tag('VIP');
    const manager = await t.make.user({ type: 'advertiser_manager' });
    const res = await put(t.admin, [
      {
        title: 'Acme Loans',
        description: 'Buys loans',
        contacts: [{ type: 'email', value: 'ops@acme.test' }],
        platformId: p.id,
        verticalId: v.id,
        tagIds: [tg.id],
        managerIds: [manager.id],
        defaultCurrency: 'eur',
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Advertiser created',
      data: {
        items: [
          {
            title: 'Acme Loans',
            status: 'active',
            secureId: expect.stringMatching(/^[a-z0-9]{16}$/),
            contacts: [{ type: 'email', value: 'ops@acme.test' }],
            platform: { id: p.id, title: 'Adv platform' },
            vertical: { id: v.id, title: 'Adv vertical' },
            tags: [{ id: tg.id, title: 'VIP' }],
            managers: [expect.objectContaining({ id: manager.id })],
            defaultCurrency: 'EUR',
            apiToken: expect.any(String),
            redirectTemplateEnabled: false,
            integrationsCount: 0,
          },
        ],
      },
    });
  });

  it('reports each bad field at its place', async () => {
    await make({ title: 'Taken adv' });
    const res = await put(t.admin, [
      {
        title: 'TAKEN ADV',
        verticalId: 999999,
        managerIds: [t.admin.id, 999998],
        redirectTemplateEnabled: true,
        contacts: [{ type: 'email', value: 'nope' }],
      },
    ]);
    expect(res.statusCode).toBe(400);
    const locs = res.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.items.0.redirectTemplate', 'body.items.0.contacts.0.value']));
    const second = await put(t.admin, [{ title: 'TAKEN ADV', verticalId: 999999, managerIds: [t.admin.id, 999998] }]);
    expect(
      second
        .json()
        .errors.map((e: { loc: unknown[] }) => e.loc.join('.'))
        .sort(),
    ).toEqual(['body.items.0.managerIds.1', 'body.items.0.title', 'body.items.0.verticalId']);
    const badUrl = await put(t.admin, [{ title: 'Bad url adv', redirectTemplateEnabled: true, redirectTemplate: 'www.example.com/x' }]);
    expect(badUrl.json().errors[0]).toMatchObject({ msg: 'url', loc: ['body', 'items', 0, 'redirectTemplate'] });
  });

  it('edits fields and replaces tags and managers', async () => {
    const a = await make({ title: 'Edit adv' });
    const tg = await tag('Edit tag');
    const res = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: {
        items: [
          {
            id: a.id,
            title: 'Edited adv',
            tagIds: [tg.id],
            redirectTemplateEnabled: true,
            redirectTemplate: 'https://adv.test/r?id={{lead.email}}',
          },
        ],
      },
    });
    expect(res.json()).toMatchObject({
      message: 'Advertiser saved',
      data: { items: [{ title: 'Edited adv', tags: [{ id: tg.id }], redirectTemplateEnabled: true }] },
    });
    const off = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, redirectTemplate: null }] } });
    expect(off.json().errors[0].loc).toEqual(['body', 'items', 0, 'redirectTemplate']);
    expect((await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: 999999, title: 'Ghost' }] } })).statusCode).toBe(
      404,
    );
  });

  it('blocks with a reason and unblocks; the reason is required', async () => {
    const a = await make({ title: 'Block adv' });
    const noReason = await t.request({
      method: 'POST',
      url: `${url}/change_block`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'blocked' }] },
    });
    expect(noReason.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items', 0, 'reason'] });
    const blocked = await t.request({
      method: 'POST',
      url: `${url}/change_block`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'blocked', reason: 'Unpaid invoices' }] },
    });
    expect(blocked.json()).toMatchObject({
      message: 'Advertiser blocked',
      data: { items: [{ status: 'blocked', blockReason: 'Unpaid invoices', statusChangedBy: { id: t.admin.id } }] },
    });
    const open = await t.request({
      method: 'POST',
      url: `${url}/change_block`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'active' }] },
    });
    expect(open.json().data.items[0]).toMatchObject({ status: 'active', blockReason: null });
  });

  it('regenerates the API token', async () => {
    const a = await make({ title: 'Token adv' });
    const res = await t.request({ method: 'POST', url: `${url}/${a.id}/regenerate_token`, as: t.admin });
    expect(res.json().data).toEqual({ id: a.id, apiToken: expect.any(String) });
    expect(res.json().data.apiToken).not.toBe(a.apiToken);
  });
});

describe('advertisers: lists and look-ups', () => {
  it('filters by status, vertical, platform, tag, manager and searches title or secure id', async () => {
    const v = await vertical('Filter vertical');
    const p = await platform('Filter platform');
    const tg = await tag('Filter tag');
    const manager = await t.make.user({ type: 'advertiser_manager' });
    const a = await make({ title: 'Filter adv one', verticalId: v.id, platformId: p.id, tagIds: [tg.id], managerIds: [manager.id] });
    await make({ title: 'Filter adv two' });
    const titles = async (q: string) => (await get(q)).json().data.items.map((x: { title: string }) => x.title);
    expect(await titles(`?verticalId=${v.id}`)).toEqual(['Filter adv one']);
    expect(await titles(`?platformId=${p.id}`)).toEqual(['Filter adv one']);
    expect(await titles(`?tagId=${tg.id}`)).toEqual(['Filter adv one']);
    expect(await titles(`?managerId=${manager.id}`)).toEqual(['Filter adv one']);
    expect(await titles(`?search=${a.secureId}`)).toEqual(['Filter adv one']);
    expect(await titles('?search=filter adv&orderBy=title:desc')).toEqual(['Filter adv two', 'Filter adv one']);
    expect(await titles('?search=filter adv&status=blocked')).toEqual([]);
    expect((await get('?status=paused')).json().errors[0].loc).toEqual(['querystring', 'status']);
    expect((await get(`/${a.id}`)).json().data.items[0].title).toBe('Filter adv one');
  });

  it('look-ups: filters, assignment, active by vertical, postback builder', async () => {
    const v = await vertical('Lookup vertical');
    const a = await make({ title: 'Lookup adv active', verticalId: v.id });
    const b = await make({ title: 'Lookup adv blocked', verticalId: v.id });
    await t.request({
      method: 'POST',
      url: `${url}/change_block`,
      as: t.admin,
      payload: { items: [{ id: b.id, status: 'blocked', reason: 'x' }] },
    });
    const ids = async (path: string) => (await get(path)).json().data.items.map((x: { id: number }) => x.id);
    expect(await ids('/filters?search=lookup adv')).toEqual([a.id, b.id]);
    expect(await ids('/for-assignment?search=lookup adv')).toEqual([a.id]);
    expect(await ids('/for-postback?search=lookup adv')).toEqual([a.id]);
    expect(await ids(`/active-by-vertical?verticalId=${v.id}`)).toEqual([a.id]);
    expect((await get('/active-by-vertical')).json().errors[0].loc).toEqual(['querystring', 'verticalId']);
  });

  it('the filters look-up honours verticalId (the chosen ids of a picker are answered whatever their vertical)', async () => {
    const [v1, v2] = [await vertical('Narrow vertical one'), await vertical('Narrow vertical two')];
    const a = await make({ title: 'Narrowed adv one', verticalId: v1.id });
    const b = await make({ title: 'Narrowed adv two', verticalId: v2.id });
    const ids = async (path: string) => (await get(path)).json().data.items.map((x: { id: number }) => x.id);
    expect(await ids('/filters?search=narrowed adv')).toEqual([a.id, b.id]);
    expect(await ids(`/filters?search=narrowed adv&verticalId=${v1.id}`)).toEqual([a.id]);
    expect(await ids(`/for-assignment?search=narrowed adv&verticalId=${v2.id}`)).toEqual([b.id]);
    expect(await ids(`/filters?ids=${a.id},${b.id}&verticalId=${v1.id}`)).toEqual([a.id, b.id]);
    expect((await get('/filters?verticalId=abc')).json().errors[0].loc).toEqual(['querystring', 'verticalId']);
  });

  it('needs front.menu.advertisers.read to read and advertiser.update to write; readers see no token', async () => {
    const a = await make({ title: 'Perm adv' });
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.advertisers.read'] });
    const res = await get(`/${a.id}`, reader);
    expect(res.json().data.items[0].apiToken).toBeNull();
    expect((await put(reader, [{ title: 'No' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `${url}/${a.id}/regenerate_token`, as: reader })).statusCode).toBe(403);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await get('', aff)).statusCode).toBe(403);
    expect((await get('/filters', aff)).statusCode).toBe(403);
    expect((await get('', null)).statusCode).toBe(401);
  });
});

describe("advertisers: the managers' look-up", () => {
  it('offers advertiser managers (and admins) when asked for them, not by default; another role type is a 400', async () => {
    const am = await t.make.user({ type: 'advertiser_manager' });
    const ids = (res: { json: () => { data: { items: { id: number }[] } } }) => res.json().data.items.map((x) => x.id);
    const lookup = (query: string) => t.request({ method: 'GET', url: `/api/v1/users/managers?${query}`, as: t.admin });
    const asked = await lookup('roleType=admin,advertiser_manager&limit=1000');
    expect(asked.statusCode).toBe(200);
    expect(ids(asked)).toEqual(expect.arrayContaining([am.id, t.admin.id]));
    expect(ids(await lookup('limit=1000'))).not.toContain(am.id);
    const bad = await lookup('roleType=affiliate');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc.slice(0, 2)).toEqual(['querystring', 'roleType']);
    const a = await make({ title: 'Managed adv', managerIds: [am.id] });
    expect((await get(`/${a.id}`)).json().data.items[0].managers).toEqual([expect.objectContaining({ id: am.id })]);
  });
});
