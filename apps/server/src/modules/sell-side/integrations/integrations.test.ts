import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp, type TestApp } from '../../../../test/helper';

const t = await useApp();
const guarded = await useApp({ ALLOW_PRIVATE_CALLBACKS: '0' });
const url = '/api/v1/integrations';

/** the advertiser APIs: one accepts, one answers 500, one never answers in time */
let server: Server;
let base = '';
const received: { url: string; headers: Record<string, unknown>; body: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url!, headers: req.headers, body });
      if (req.url!.startsWith('/accept')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'ok', lead: { id: 'ADV-42' }, autologin: 'https://brand.test/login?t=abc' }));
      } else if (req.url!.startsWith('/statuses')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [{ id: 'A1', state: 'Approved' }, { id: 'A2', state: 'callback' }, { state: 'no id' }] }));
      } else if (req.url!.startsWith('/fail')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal error' }));
      } else setTimeout(() => res.end('late'), 2000);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

let n = 0;
/** a vertical with a goal, a platform, a template with sections, and an advertiser */
async function setup(app: TestApp = t, restrictions: string[] = []) {
  n++;
  const as = app.admin;
  const v = (
    await app.request({ method: 'PUT', url: '/api/v1/verticals', as, payload: { items: [{ title: `Int vertical ${n}` }] } })
  ).json().data.items[0];
  const goals = (
    await app.request({ method: 'POST', url: `/api/v1/verticals/${v.id}/edit_goals`, as, payload: { data: [{ title: 'FTD' }] } })
  ).json().data.items[0].goals;
  const p = (
    await app.request({
      method: 'PUT',
      url: '/api/v1/platforms',
      as,
      payload: { items: [{ title: `Int platform ${n}`, methods: ['api'] }] },
    })
  ).json().data.items[0];
  const tpl = (
    await app.request({
      method: 'PUT',
      url: '/api/v1/integration-templates',
      as,
      payload: {
        items: [{ title: `Int template ${n}`, platformId: p.id, verticalId: v.id, integrationMethodsRestrictions: restrictions }],
      },
    })
  ).json().data.items[0];
  const tplUrl = `/api/v1/integration-templates/${tpl.id}`;
  await app.request({
    method: 'POST',
    url: `${tplUrl}/edit_api_parameters`,
    as,
    payload: {
      data: [
        { name: 'baseUrl', value: base },
        { name: 'apiKey', value: 'super-secret-key', secret: true },
      ],
    },
  });
  await app.request({
    method: 'POST',
    url: `${tplUrl}/edit_out_api_mappings`,
    as,
    payload: {
      data: {
        method: 'POST',
        url: '{{baseUrl}}/accept?src={{lead.sub1}}',
        headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }],
        bodyFormat: 'json',
        fieldMappings: [
          { target: 'first_name', source: 'lead', value: 'firstName' },
          { target: 'email', source: 'lead', value: 'email' },
          { target: 'token', source: 'parameter', value: 'apiKey' },
          { target: 'campaign', source: 'constant', value: 'spring' },
        ],
        timeoutMs: 1000,
        response: {
          successStatuses: [200],
          successPath: 'result',
          successValue: 'ok',
          leadIdPath: 'lead.id',
          redirectUrlPath: 'autologin',
          errorPath: 'error',
        },
      },
    },
  });
  await app.request({ method: 'POST', url: `${tplUrl}/edit_goals`, as, payload: { data: [goals[0].id] } });
  const adv = (
    await app.request({
      method: 'PUT',
      url: '/api/v1/advertisers',
      as,
      payload: { items: [{ title: `Int adv ${n}`, verticalId: v.id, platformId: p.id }] },
    })
  ).json().data.items[0];
  return { v, p, tpl, adv, goal: goals[0] as { id: number } };
}
async function integrationOf(s: Awaited<ReturnType<typeof setup>>, app: TestApp = t, extra: Record<string, unknown> = {}) {
  const res = await app.request({
    method: 'PUT',
    url,
    as: app.admin,
    payload: { items: [{ advertiserId: s.adv.id, templateId: s.tpl.id, outApiEnabled: true, ...extra }] },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0];
}
const edit = (id: number, section: string, data: unknown) =>
  t.request({ method: 'POST', url: `${url}/${id}/edit_${section}`, as: t.admin, payload: { data } });

describe('integrations: from a template', () => {
  it('copies the template sections; later edits change the integration only', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    expect(i).toMatchObject({
      title: `${s.adv.title} · ${s.tpl.title}`,
      advertiser: { id: s.adv.id },
      template: { id: s.tpl.id },
      platform: { id: s.p.id },
      vertical: { id: s.v.id },
      status: 'active',
      outApiEnabled: true,
      goals: [s.goal.id],
      apiParameters: [
        { name: 'baseUrl', value: base },
        { name: 'apiKey', value: 'super-secret-key', secret: true },
      ],
      outApi: { url: '{{baseUrl}}/accept?src={{lead.sub1}}' },
      postbackUrl: expect.stringMatching(/^\/postback\/[A-Za-z0-9_-]+\?click_id=\{click_id\}&lead_id=\{lead_id\}&status=\{status\}/),
    });
    const mapped = await edit(i.id, 'lead_status_mappings', [{ advertiserStatus: 'approved', leadStatus: 'sent', conversionStatus: 3 }]);
    expect(mapped.json().data.items[0].leadStatusMappings).toEqual([
      { advertiserStatus: 'approved', leadStatus: 'sent', conversionStatus: 3 },
    ]);
    const tpl = (await t.request({ method: 'GET', url: `/api/v1/integration-templates/${s.tpl.id}`, as: t.admin })).json().data.items[0];
    expect(tpl.leadStatusMappings).toEqual([]);
    const twice = await t.request({
      method: 'PUT',
      url,
      as: t.admin,
      payload: { items: [{ advertiserId: s.adv.id, templateId: s.tpl.id }] },
    });
    expect(twice.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'templateId'] }]);
    const listed = await t.request({ method: 'GET', url: `${url}?advertiserId=${s.adv.id}&withMeta=1`, as: t.admin });
    expect(listed.json().data.meta.totalCount).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/advertisers/${s.adv.id}`, as: t.admin })).json().data.items[0].integrationsCount,
    ).toBe(1);
  });

  it('validates the template, the advertiser and the method restrictions', async () => {
    const s = await setup(t, ['api']);
    const other = await setup();
    const res = await t.request({
      method: 'PUT',
      url,
      as: t.admin,
      payload: {
        items: [
          { advertiserId: 999999, templateId: 999999 },
          { advertiserId: s.adv.id, templateId: other.tpl.id },
          { advertiserId: s.adv.id, templateId: s.tpl.id, postbackEnabled: true },
        ],
      },
    });
    expect(res.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'))).toEqual([
      'body.items.0.advertiserId',
      'body.items.0.templateId',
      'body.items.1.templateId',
      'body.items.2.postbackEnabled',
    ]);
    const i = await integrationOf(s);
    const flag = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: i.id, redirectEnabled: true }] } });
    expect(flag.json().errors[0].loc).toEqual(['body', 'items', 0, 'redirectEnabled']);
    const renamed = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: i.id, title: 'Main API' }] } });
    expect(renamed.json().data.items[0].title).toBe('Main API');
  });

  it('clones to another advertiser with a new postback key', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    const adv2 = (
      await t.request({ method: 'PUT', url: '/api/v1/advertisers', as: t.admin, payload: { items: [{ title: `Clone target ${n}` }] } })
    ).json().data.items[0];
    const res = await t.request({
      method: 'POST',
      url: `${url}/clone`,
      as: t.admin,
      payload: { items: [{ id: i.id, advertiserId: adv2.id }] },
    });
    expect(res.json()).toMatchObject({
      message: 'Integration cloned',
      data: { items: [{ advertiser: { id: adv2.id }, outApi: i.outApi, goals: i.goals }] },
    });
    expect(res.json().data.items[0].postbackKey).not.toBe(i.postbackKey);
    const again = await t.request({
      method: 'POST',
      url: `${url}/clone`,
      as: t.admin,
      payload: { items: [{ id: i.id, advertiserId: adv2.id }] },
    });
    expect(again.json().errors[0].loc).toEqual(['body', 'items', 0, 'advertiserId']);
  });

  it('edits sections with field errors; goals must be the vertical goals', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    expect((await edit(i.id, 'goals', [999999])).json().errors[0].loc).toEqual(['body', 'data', 0]);
    expect((await edit(i.id, 'out_api_mappings', { ...i.outApi, url: 'ftp://x.test' })).json().errors[0]).toMatchObject({
      msg: 'url',
      loc: ['body', 'data', 'url'],
    });
    expect(
      (await edit(i.id, 'out_api_mappings', { ...i.outApi, fieldMappings: [{ target: 'a', source: 'lead', value: 'nope' }] })).json()
        .errors[0].type,
    ).toBe('leadField');
    expect((await edit(i.id, 'postback', { statusParam: 'st', secureCode: 'abc' })).json().data.items[0].postbackUrl).toContain(
      'st={status}',
    );
    expect(
      (await edit(i.id, 'api_sync', { enabled: true, request: { url: 'https://x.test' }, response: { leadIdPath: 'id', statusPath: 's' } }))
        .statusCode,
    ).toBe(200);
    expect((await edit(i.id, 'redirect', { method: 'none' })).statusCode).toBe(200);
    expect(
      (
        await edit(i.id, 'api_parameters', [
          { name: 'a', value: '1' },
          { name: 'A', value: '2' },
        ])
      ).json().errors[0].loc,
    ).toEqual(['body', 'data', 1, 'name']);
  });
});

describe('integrations: cascades', () => {
  it('deactivating a platform stops its integrations (previewed, counted); deactivating an integration reports its offers', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    expect((await t.request({ method: 'GET', url: `/api/v1/platforms/cascade-preview?ids=${s.p.id}`, as: t.admin })).json().data).toEqual({
      advertisers: 0,
      integrations: 1,
      offers: 0,
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/platforms/change_status',
      as: t.admin,
      payload: { items: [{ id: s.p.id, status: 'inactive' }] },
    });
    expect(res.json().message).toBe('Platform status changed; stopped 1 integration, 0 offers');
    expect((await t.request({ method: 'GET', url: `${url}/${i.id}`, as: t.admin })).json().data.items[0].status).toBe('inactive');
    await t.request({ method: 'POST', url: `${url}/change_status`, as: t.admin, payload: { items: [{ id: i.id, status: 'active' }] } });
    expect((await t.request({ method: 'GET', url: `${url}/cascade-preview?ids=${i.id}`, as: t.admin })).json().data).toEqual({
      advertisers: 0,
      integrations: 0,
      offers: 0,
    });
    const off = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: i.id, status: 'inactive' }] },
    });
    expect(off.json().message).toBe('Integration status changed; stopped 0 offers');
    const del = await t.request({ method: 'DELETE', url: '/api/v1/platforms', as: t.admin, payload: { data: [s.p.id] } });
    expect(del.statusCode).toBe(409);
  });
});

describe('integrations: send a test lead', () => {
  const lead = { firstName: 'Ann', email: 'ann@example.com', sub1: 'fb ads' };

  it('sends the exact request to an advertiser that accepts, and reads its answer', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    received.length = 0;
    const res = await t.request({ method: 'POST', url: `${url}/${i.id}/test_send`, as: t.admin, payload: { data: { lead } } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.request).toEqual({
      method: 'POST',
      url: `${base}/accept?src=fb%20ads`,
      headers: { 'X-Api-Key': '********', 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ann', email: 'ann@example.com', token: '********', campaign: 'spring' }),
    });
    expect(data.response).toMatchObject({
      status: 200,
      truncated: false,
      durationMs: expect.any(Number),
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
    expect(data.result).toEqual({ success: true, advertiserLeadId: 'ADV-42', redirectUrl: 'https://brand.test/login?t=abc', error: null });
    expect(res.json().message).toBe('The test lead was accepted');
    expect(received[0]).toMatchObject({
      url: '/accept?src=fb%20ads',
      body: JSON.stringify({ first_name: 'Ann', email: 'ann@example.com', token: 'super-secret-key', campaign: 'spring' }),
    });
    expect(received[0].headers['x-api-key']).toBe('super-secret-key');
  });

  it('shows a 500 answer as a failure with its error, and a form body', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    await edit(i.id, 'out_api_mappings', { ...i.outApi, url: '{{baseUrl}}/fail', bodyFormat: 'form' });
    const data = (await t.request({ method: 'POST', url: `${url}/${i.id}/test_send`, as: t.admin, payload: { data: { lead } } })).json()
      .data;
    expect(data.request.body).toBe('first_name=Ann&email=ann%40example.com&token=********&campaign=spring');
    expect(data.response).toMatchObject({ status: 500, body: JSON.stringify({ error: 'Internal error' }) });
    expect(data.result).toEqual({ success: false, advertiserLeadId: null, redirectUrl: null, error: 'Internal error' });
  });

  it('reports a timeout, with the query format of a GET', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    await edit(i.id, 'out_api_mappings', { ...i.outApi, method: 'GET', url: '{{baseUrl}}/slow', timeoutMs: 500 });
    const data = (await t.request({ method: 'POST', url: `${url}/${i.id}/test_send`, as: t.admin, payload: { data: { lead } } })).json()
      .data;
    expect(data.request).toMatchObject({
      method: 'GET',
      body: null,
      url: `${base}/slow?first_name=Ann&email=ann%40example.com&token=********&campaign=spring`,
    });
    expect(data.response).toBeNull();
    expect(data.result).toEqual({ success: false, advertiserLeadId: null, redirectUrl: null, error: 'No answer within 500 ms' });
  });

  it('refuses unknown lead fields and an unconfigured outbound API; needs advertiser.update', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    const bad = await t.request({
      method: 'POST',
      url: `${url}/${i.id}/test_send`,
      as: t.admin,
      payload: { data: { lead: { shoeSize: 42 } } },
    });
    expect(bad.json().errors).toEqual([{ msg: 'pattern', type: 'leadField', loc: ['body', 'data', 'lead', 'shoeSize'] }]);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.advertisers.read'] });
    expect((await t.request({ method: 'POST', url: `${url}/${i.id}/test_send`, as: reader, payload: { data: { lead } } })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: `${url}/${i.id}`, as: reader })).json().data.items[0].apiParameters[1].value).toBe(
      '********',
    );
    expect((await t.request({ method: 'GET', url: `${url}/${i.id}`, as: null })).statusCode).toBe(401);
    const bare = (
      await t.request({
        method: 'PUT',
        url: '/api/v1/integration-templates',
        as: t.admin,
        payload: { items: [{ title: `Bare ${n}`, platformId: s.p.id, verticalId: s.v.id }] },
      })
    ).json().data.items[0];
    const bareInt = (
      await t.request({ method: 'PUT', url, as: t.admin, payload: { items: [{ advertiserId: s.adv.id, templateId: bare.id }] } })
    ).json().data.items[0];
    expect(
      (await t.request({ method: 'POST', url: `${url}/${bareInt.id}/test_send`, as: t.admin, payload: { data: { lead } } })).statusCode,
    ).toBe(422);
  });

  it('refuses loopback and private addresses unless ALLOW_PRIVATE_CALLBACKS is set', async () => {
    const s = await setup(guarded);
    const i = await integrationOf(s, guarded);
    received.length = 0;
    const res = await guarded.request({ method: 'POST', url: `${url}/${i.id}/test_send`, as: guarded.admin, payload: { data: { lead } } });
    expect(res.json().data).toMatchObject({ response: null, result: { success: false, error: 'The address 127.0.0.1 is not public' } });
    expect(received).toEqual([]);
    await guarded.request({
      method: 'POST',
      url: `${url}/${i.id}/edit_api_parameters`,
      as: guarded.admin,
      payload: { data: [{ name: 'baseUrl', value: `http://localhost:${new URL(base).port}` }] },
    });
    const byName = await guarded.request({
      method: 'POST',
      url: `${url}/${i.id}/test_send`,
      as: guarded.admin,
      payload: { data: { lead } },
    });
    expect(byName.json().data.result.error).toMatch(/^The address (localhost|(127\.0\.0\.1|::1) of localhost) is not public$/);
    expect(received).toEqual([]);
  });

  it('refuses a called URL with a non-public or trailing-dot host when the section is saved', async () => {
    const s = await setup(guarded);
    const i = await integrationOf(s, guarded);
    const save = (section: string, data: unknown) =>
      guarded.request({ method: 'POST', url: `${url}/${i.id}/edit_${section}`, as: guarded.admin, payload: { data } });
    for (const [bad, shown] of [
      ['http://[::127.0.0.1]/x', 'The address ::7f00:1 is not public'],
      ['http://[::ffff:10.0.0.1]/x', 'The address ::ffff:a00:1 is not public'],
      ['http://localhost./x', 'The host localhost. ends with a dot: write it without'],
      ['http://127.0.0.1./x', 'The host 127.0.0.1. ends with a dot: write it without'],
    ]) {
      const out = await save('out_api_mappings', { ...i.outApi, url: bad });
      expect(out.statusCode, bad).toBe(400);
      expect(out.json().errors).toEqual([{ msg: shown, type: 'ssrf', loc: ['body', 'data', 'url'] }]);
      const sync = await save('api_sync', { enabled: true, request: { url: bad }, response: { leadIdPath: 'id', statusPath: 's' } });
      expect(sync.statusCode, bad).toBe(400);
      expect(sync.json().errors[0]).toMatchObject({ type: 'ssrf', loc: ['body', 'data', 'request', 'url'] });
    }
    expect((await save('out_api_mappings', { ...i.outApi, url: 'https://8.8.8.8/leads' })).statusCode).toBe(200);
    expect((await save('out_api_mappings', { ...i.outApi, url: '{{baseUrl}}/leads' })).statusCode).toBe(200);
  });
});

describe('integrations: run the API sync now', () => {
  it('polls the status API and maps each status; keeps the outcome', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    await edit(i.id, 'lead_status_mappings', [{ advertiserStatus: 'approved', leadStatus: 'sent', conversionStatus: 3 }]);
    await edit(i.id, 'api_sync', {
      enabled: true,
      request: { method: 'GET', url: '{{baseUrl}}/statuses', params: [{ name: 'since', value: '1h' }] },
      intervalSeconds: 600,
      response: { itemsPath: 'data', leadIdPath: 'id', statusPath: 'state' },
    });
    received.length = 0;
    const res = await t.request({ method: 'POST', url: `${url}/${i.id}/api_sync`, as: t.admin });
    expect(res.json()).toMatchObject({
      message: 'The API sync read 2 lead statuses',
      data: {
        request: { method: 'GET', url: `${base}/statuses?since=1h` },
        response: { status: 200 },
        apiSyncStatus: 'ok',
        error: null,
        statuses: [
          { advertiserLeadId: 'A1', advertiserStatus: 'Approved', leadStatus: 'sent', conversionStatus: 3, leadGrade: null },
          { advertiserLeadId: 'A2', advertiserStatus: 'callback', leadStatus: null, conversionStatus: null, leadGrade: null },
        ],
      },
    });
    expect(received.map((r) => r.url)).toEqual(['/statuses?since=1h']);
    await edit(i.id, 'api_sync', {
      enabled: true,
      request: { url: '{{baseUrl}}/fail' },
      response: { leadIdPath: 'id', statusPath: 'state' },
    });
    const failed = await t.request({ method: 'POST', url: `${url}/${i.id}/api_sync`, as: t.admin });
    expect(failed.json()).toMatchObject({ message: 'The API sync failed: HTTP 500', data: { apiSyncStatus: 'failed', statuses: [] } });
    expect((await t.request({ method: 'GET', url: `${url}/${i.id}`, as: t.admin })).json().data.items[0].apiSyncStatus).toBe('failed');
  });

  it('refuses an integration without API sync settings; needs advertiser.update', async () => {
    const s = await setup();
    const i = await integrationOf(s);
    expect((await t.request({ method: 'POST', url: `${url}/${i.id}/api_sync`, as: t.admin })).statusCode).toBe(422);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.advertisers.read'] });
    expect((await t.request({ method: 'POST', url: `${url}/${i.id}/api_sync`, as: reader })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `${url}/999999/api_sync`, as: t.admin })).statusCode).toBe(404);
  });
});
