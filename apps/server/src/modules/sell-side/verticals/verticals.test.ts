import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/verticals';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
async function makeVertical(title: string) {
  const res = await put(t.admin, [{ title }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string };
}
const edit = (id: number, section: string, data: unknown, as: TestUser | null = t.admin) =>
  t.request({ method: 'POST', url: `${url}/${id}/edit_${section}`, as, payload: { data } });

describe('verticals: create, list, edit', () => {
  it('creates a vertical with empty sections', async () => {
    const res = await put(t.admin, [{ title: 'Finance', description: 'Loans' }]);
    expect(res.json()).toMatchObject({
      message: 'Vertical created',
      data: {
        items: [
          {
            title: 'Finance',
            description: 'Loans',
            status: 'active',
            goals: [],
            incomingParameters: [],
            inboundRules: [],
            createdBy: { id: t.admin.id },
          },
        ],
      },
    });
  });

  it('refuses a duplicate title and a blank one, with the field loc', async () => {
    await makeVertical('Nutra');
    const dup = await put(t.admin, [{ title: 'NUTRA' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    const blank = await put(t.admin, [{ title: ' ' }]);
    expect(blank.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'items', 0, 'title'] });
  });

  it('lists with search, status and count; answers one by id; renames', async () => {
    const v = await makeVertical('Dating list');
    const res = await t.request({ method: 'GET', url: `${url}?search=dating&withMeta=1`, as: t.admin });
    expect(res.json().data).toMatchObject({ items: [{ id: v.id }], meta: { totalCount: 1 } });
    expect((await t.request({ method: 'GET', url: `${url}/${v.id}`, as: t.admin })).json().data.items[0].title).toBe('Dating list');
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
    const ren = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: v.id, title: 'Dating' }] } });
    expect(ren.json()).toMatchObject({ message: 'Vertical saved', data: { items: [{ title: 'Dating' }] } });
    const bad = await t.request({ method: 'GET', url: `${url}?orderBy=secret:asc`, as: t.admin });
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });

  it('accepts fields= on the list (product §7 goals via fields=goals); a name that is no field name is a 400', async () => {
    const v = await makeVertical('Fields vertical');
    expect((await edit(v.id, 'goals', [{ title: 'Deposit' }])).statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: `${url}?fields=goals&search=Fields`, as: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0].goals).toMatchObject([{ title: 'Deposit' }]);
    const bad = await t.request({ method: 'GET', url: `${url}?fields=goals,__proto__`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'fields']);
  });

  it('the active look-up answers active verticals to signed-in users', async () => {
    const v = await makeVertical('zz Lookup vertical');
    const res = await t.request({ method: 'GET', url: `${url}/active?search=zz lookup`, as: t.admin });
    expect(res.json().data.items).toEqual([{ id: v.id, title: 'zz Lookup vertical', status: 'active' }]);
    expect((await t.request({ method: 'GET', url: `${url}/active` })).statusCode).toBe(401);
  });

  it('reading needs vertical.read, writing vertical.update', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['vertical.read'] });
    expect((await t.request({ method: 'GET', url, as: reader })).statusCode).toBe(200);
    expect((await put(reader, [{ title: 'No' }])).statusCode).toBe(403);
    expect((await put(null, [{ title: 'No' }])).statusCode).toBe(401);
    const other = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await t.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
    const v = await makeVertical('Guarded vertical');
    expect((await edit(v.id, 'inbound_rules', [], reader)).statusCode).toBe(403);
  });
});

describe('verticals: sections', () => {
  it('goals keep their ids when renamed, new ones are added, removed ones deleted', async () => {
    const v = await makeVertical('Goals vertical');
    const first = await edit(v.id, 'goals', [{ title: 'Lead' }, { title: 'Deposit' }]);
    expect(first.statusCode).toBe(200);
    const goals = first.json().data.items[0].goals as { id: number; title: string }[];
    expect(goals.map((g) => g.title)).toEqual(['Lead', 'Deposit']);
    const second = await edit(v.id, 'goals', [{ id: goals[1].id, title: 'Lead' }, { title: 'FTD' }]);
    expect(second.json().data.items[0].goals).toEqual([
      { id: goals[1].id, title: 'Lead' },
      { id: expect.any(Number), title: 'FTD' },
    ]);
    const dup = await edit(v.id, 'goals', [{ title: 'A' }, { title: 'a' }]);
    expect(dup.json().errors[0]).toMatchObject({ msg: 'unique', loc: ['body', 'data', 1, 'title'] });
    const foreign = await edit(v.id, 'goals', [{ id: 999999, title: 'X' }]);
    expect(foreign.json().errors[0].loc).toEqual(['body', 'data', 0, 'id']);
  });

  it('incoming parameters, inbound rules, grades, categories, api settings and redirect are validated and stored', async () => {
    const v = await makeVertical('Sections vertical');
    const params = [
      { name: 'phone', type: 'phone', required: true },
      { name: 'loanAmount', type: 'number', validation: { min: 100 } },
    ];
    const p = await edit(v.id, 'incoming_parameters', params);
    expect(p.json().data.items[0].incomingParameters).toEqual([
      { name: 'phone', title: '', type: 'phone', required: true, validation: {} },
      { name: 'loanAmount', title: '', type: 'number', required: false, validation: { min: 100 } },
    ]);
    const badType = await edit(v.id, 'incoming_parameters', [{ name: 'x', type: 'blob' }]);
    expect(badType.json().errors[0].loc).toEqual(['body', 'data', 0, 'type']);
    const rules = await edit(v.id, 'inbound_rules', [
      { type: 'allowed_countries', values: ['DE', 'AT'], onFail: 'rejected' },
      { type: 'phone_valid_for_country' },
    ]);
    expect(rules.json().data.items[0].inboundRules).toEqual([
      { type: 'allowed_countries', values: ['DE', 'AT'], onFail: 'rejected' },
      { type: 'phone_valid_for_country', values: [], onFail: 'invalid' },
    ]);
    const noValues = await edit(v.id, 'inbound_rules', [{ type: 'email_domain_not_in', values: [] }]);
    expect(noValues.json().errors[0]).toMatchObject({ msg: 'required', loc: ['body', 'data', 0, 'values'] });
    expect((await edit(v.id, 'lead_grades', [{ key: 'hot', title: 'Hot' }])).json().data.items[0].leadGrades).toEqual([
      { key: 'hot', title: 'Hot' },
    ]);
    expect(
      (
        await edit(v.id, 'lead_categories', [
          { key: 'a', title: 'A' },
          { key: 'A', title: 'B' },
        ])
      ).json().errors[0].loc,
    ).toEqual(['body', 'data', 1, 'key']);
    expect((await edit(v.id, 'api_settings', { duplicateWindowHours: 48 })).json().data.items[0].apiSettings).toEqual({
      duplicateWindowHours: 48,
      duplicateFields: ['phone', 'email'],
      acceptTestLeads: true,
    });
    const badUrl = await edit(v.id, 'redirect', { thankYouPageUrl: 'ftp://x.example' });
    expect(badUrl.json().errors[0]).toMatchObject({ msg: 'url', loc: ['body', 'data', 'thankYouPageUrl'] });
    expect((await edit(v.id, 'metrics', [999999])).json().errors[0].loc).toEqual(['body', 'data', 0]);
    expect((await edit(v.id, 'unknown_section', {})).statusCode).toBe(404);
  });
});

describe('verticals: status cascade', () => {
  it('deactivating a vertical blocks its active advertisers, previewed first, counted in the message', async () => {
    const v = await makeVertical('Cascade vertical');
    const adv = await t.request({
      method: 'PUT',
      url: '/api/v1/advertisers',
      as: t.admin,
      payload: {
        items: [
          { title: 'Cascade adv 1', verticalId: v.id },
          { title: 'Cascade adv 2', verticalId: v.id },
        ],
      },
    });
    expect(adv.statusCode).toBe(200);
    const preview = await t.request({ method: 'GET', url: `${url}/cascade-preview?ids=${v.id}`, as: t.admin });
    expect(preview.json().data).toEqual({ advertisers: 2, integrations: 0, offers: 0 });
    const res = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: v.id, status: 'inactive' }] },
    });
    expect(res.json().message).toBe('Vertical status changed; stopped 2 advertisers');
    const list = await t.request({ method: 'GET', url: `/api/v1/advertisers?verticalId=${v.id}`, as: t.admin });
    expect(list.json().data.items.map((a: { status: string; blockReason: string }) => [a.status, a.blockReason])).toEqual([
      ['blocked', "Vertical 'Cascade vertical' was deactivated"],
      ['blocked', "Vertical 'Cascade vertical' was deactivated"],
    ]);
    const bad = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: v.id, status: 'archived' }] },
    });
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });
});
