import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/integration-templates';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const edit = (id: number, section: string, data: unknown, as: TestUser | null = t.admin) =>
  t.request({ method: 'POST', url: `${url}/${id}/edit_${section}`, as, payload: { data } });
let n = 0;
async function setup() {
  n++;
  const v = (
    await t.request({ method: 'PUT', url: '/api/v1/verticals', as: t.admin, payload: { items: [{ title: `Tpl vertical ${n}` }] } })
  ).json().data.items[0];
  const p = (
    await t.request({
      method: 'PUT',
      url: '/api/v1/platforms',
      as: t.admin,
      payload: { items: [{ title: `Tpl platform ${n}`, methods: ['api', 'postback'] }] },
    })
  ).json().data.items[0];
  const res = await put(t.admin, [
    { title: `Template ${n}`, platformId: p.id, verticalId: v.id, integrationMethodsRestrictions: ['api', 'postback'] },
  ]);
  expect(res.statusCode).toBe(200);
  return { v, p, tpl: res.json().data.items[0] as { id: number; title: string } };
}

describe('integration templates', () => {
  it('creates a template of a platform and vertical, listed under its platform', async () => {
    const { v, p, tpl } = await setup();
    const got = (await t.request({ method: 'GET', url: `${url}/${tpl.id}`, as: t.admin })).json().data.items[0];
    expect(got).toMatchObject({
      platform: { id: p.id },
      vertical: { id: v.id },
      integrationMethodsRestrictions: ['api', 'postback'],
      status: 'active',
      apiParameters: [],
      outApi: {},
      goals: [],
    });
    expect((await t.request({ method: 'GET', url: `/api/v1/platforms/${p.id}`, as: t.admin })).json().data.items[0].templates).toEqual([
      { id: tpl.id, title: tpl.title },
    ]);
    const forIntegration = await t.request({
      method: 'GET',
      url: `${url}/for-integration?platformId=${p.id}&verticalId=${v.id}`,
      as: t.admin,
    });
    expect(forIntegration.json().data.items.map((x: { id: number }) => x.id)).toEqual([tpl.id]);
    expect((await t.request({ method: 'GET', url: `${url}?platformId=${p.id}&withMeta=1`, as: t.admin })).json().data.meta.totalCount).toBe(
      1,
    );
    expect(
      (await t.request({ method: 'GET', url: `${url}/for-integration?platformId=${p.id}`, as: t.admin })).json().errors[0].loc,
    ).toEqual(['querystring', 'verticalId']);
  });

  it('validates references and the title', async () => {
    const { tpl } = await setup();
    const res = await put(t.admin, [{ title: tpl.title.toUpperCase(), platformId: 999999, verticalId: 999999 }]);
    expect(
      res
        .json()
        .errors.map((e: { loc: unknown[] }) => e.loc.join('.'))
        .sort(),
    ).toEqual(['body.items.0.platformId', 'body.items.0.title', 'body.items.0.verticalId']);
    const methods = await put(t.admin, [{ title: 'x', platformId: 1, verticalId: 1, integrationMethodsRestrictions: ['fax'] }]);
    expect(methods.json().errors[0].loc).toEqual(['body', 'items', 0, 'integrationMethodsRestrictions', 0]);
  });

  it('edits every section; a URL without http(s) and a mapping to an unknown lead field are field errors', async () => {
    const { tpl } = await setup();
    expect(
      (
        await edit(tpl.id, 'api_parameters', [
          { name: 'baseUrl', value: 'https://crm.test' },
          { name: 'apiKey', value: 'k-123', secret: true },
        ])
      ).statusCode,
    ).toBe(200);
    const outApi = {
      method: 'POST',
      url: '{{baseUrl}}/leads',
      headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }],
      bodyFormat: 'json',
      fieldMappings: [
        { target: 'first_name', source: 'lead', value: 'firstName' },
        { target: 'key', source: 'parameter', value: 'apiKey' },
      ],
      timeoutMs: 5000,
      response: { successStatuses: [200], leadIdPath: 'id', redirectUrlPath: 'autologin' },
    };
    const ok = await edit(tpl.id, 'out_api_mappings', outApi);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items[0].outApi).toMatchObject({ url: '{{baseUrl}}/leads', timeoutMs: 5000 });
    const noScheme = await edit(tpl.id, 'out_api_mappings', { ...outApi, url: 'crm.test/leads' });
    expect(noScheme.json().errors[0]).toMatchObject({ msg: 'url', loc: ['body', 'data', 'url'] });
    const unknownField = await edit(tpl.id, 'out_api_mappings', {
      ...outApi,
      fieldMappings: [{ target: 'x', source: 'lead', value: 'shoeSize' }],
    });
    expect(unknownField.json().errors).toEqual([{ msg: 'pattern', type: 'leadField', loc: ['body', 'data', 'fieldMappings', 0, 'value'] }]);
    const timeout = await edit(tpl.id, 'out_api_mappings', { ...outApi, timeoutMs: 100 });
    expect(timeout.json().errors[0].loc).toEqual(['body', 'data', 'timeoutMs']);
    expect((await edit(tpl.id, 'postback', { ipAllowList: ['10.0.0.0/8', '2001:db8::1'], secureCode: 's3cret' })).statusCode).toBe(200);
    expect((await edit(tpl.id, 'postback', { ipAllowList: ['10.0.0.0/33'] })).json().errors[0]).toMatchObject({
      msg: 'ip',
      loc: ['body', 'data', 'ipAllowList', 0],
    });
    const sync = {
      enabled: true,
      request: { method: 'GET', url: 'https://crm.test/statuses' },
      intervalSeconds: 30,
      response: { leadIdPath: 'id', statusPath: 'status' },
    };
    expect((await edit(tpl.id, 'api_sync', sync)).json().errors[0]).toMatchObject({ msg: 'min', loc: ['body', 'data', 'intervalSeconds'] });
    expect((await edit(tpl.id, 'api_sync', { ...sync, intervalSeconds: 300 })).statusCode).toBe(200);
    const mappings = [{ advertiserStatus: 'FTD', leadStatus: 'sent', conversionStatus: 3 }];
    expect((await edit(tpl.id, 'lead_status_mappings', mappings)).json().data.items[0].leadStatusMappings).toEqual(mappings);
    expect(
      (await edit(tpl.id, 'lead_status_mappings', [{ advertiserStatus: 'x', leadStatus: 'won', conversionStatus: 5 }]))
        .json()
        .errors.map((e: { loc: unknown[] }) => e.loc.join('.')),
    ).toEqual(['body.data.0.leadStatus', 'body.data.0.conversionStatus']);
    expect(
      (
        await edit(tpl.id, 'lead_status_mappings', [{ advertiserStatus: 'x', leadStatus: 'sent', conversionStatus: 1, leadGrade: 'nope' }])
      ).json().errors[0].loc,
    ).toEqual(['body', 'data', 0, 'leadGrade']);
    expect((await edit(tpl.id, 'redirect', { method: 'redirect_template' })).json().errors[0].loc).toEqual(['body', 'data', 'template']);
    expect((await edit(tpl.id, 'redirect', { method: 'autologin', cookieStorageSeconds: 3600 })).statusCode).toBe(200);
    expect((await edit(tpl.id, 'goals', [999999])).json().errors[0].loc).toEqual(['body', 'data', 0]);
  });

  it('clones with its sections; status; permissions', async () => {
    const { tpl } = await setup();
    await edit(tpl.id, 'api_parameters', [{ name: 'apiKey', value: 'k', secret: true }]);
    const clone = await t.request({ method: 'POST', url: `${url}/clone`, as: t.admin, payload: { items: [{ id: tpl.id }] } });
    expect(clone.json()).toMatchObject({
      message: 'Template cloned',
      data: { items: [{ title: `${tpl.title} (copy)`, apiParameters: [{ name: 'apiKey', value: 'k' }] }] },
    });
    const st = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: tpl.id, status: 'inactive' }] },
    });
    expect(st.json().data.items[0].status).toBe('inactive');
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.integration_templates.read'] });
    const seen = (await t.request({ method: 'GET', url: `${url}/${tpl.id}`, as: reader })).json().data.items[0];
    expect(seen.apiParameters).toEqual([{ name: 'apiKey', title: '', value: '********', secret: true }]);
    expect((await edit(tpl.id, 'goals', [], reader)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, as: null })).statusCode).toBe(401);
  });
});
