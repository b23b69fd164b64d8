import { describe, expect, it } from 'vitest';
import { setupApp, useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/domains';

const put = (as: TestUser | null, items: unknown[], headers: Record<string, string> = {}) =>
  t.request({ method: 'PUT', url, as, payload: { items }, headers });
async function park(host: string, type = 'track', status = 'active') {
  const res = await put(t.admin, [{ host, type, status }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; host: string; type: string; status: string };
}
const hosts = (res: { json(): { data: { items: { host: string }[] } } }) => res.json().data.items.map((x) => x.host);

describe('domains: park', () => {
  it('parks a domain, lower-cased, with the CNAME target of the request host', async () => {
    const res = await put(t.admin, [{ host: ' Track.Example.COM ', type: 'track' }], { host: 'panel.network.test:8080' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Domain parked',
      data: {
        items: [
          {
            id: expect.any(Number),
            host: 'track.example.com',
            type: 'track',
            status: 'active',
            createdAt: expect.any(Number),
            createdBy: expect.objectContaining({ id: t.admin.id }),
            dnsTarget: 'panel.network.test',
          },
        ],
      },
    });
  });

  it('refuses a bad host name with the hostName field error', async () => {
    for (const host of ['not a domain', 'http://x.com', 'example', '-bad.com', 'a..com', `${'x'.repeat(64)}.com`, '1.2.3.4']) {
      const res = await put(t.admin, [{ host, type: 'track' }]);
      expect(res.statusCode, host).toBe(400);
      expect(res.json().errors, host).toEqual([expect.objectContaining({ msg: 'hostName', loc: ['body', 'items', 0, 'host'] })]);
    }
    const type = await put(t.admin, [{ host: 'ok.example.com', type: 'mail' }]);
    expect(type.json().errors).toEqual([expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'type'] })]);
  });

  it('refuses a host already parked, case-insensitively, whatever its type', async () => {
    await park('dup.example.com', 'track');
    const res = await put(t.admin, [{ host: 'DUP.example.com', type: 'postback' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'host'] }]);
    const twice = await put(t.admin, [
      { host: 'twice.example.com', type: 'track' },
      { host: 'twice.example.com', type: 'postback' },
    ]);
    expect(twice.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'host'] }]);
  });

  it('maps concurrent duplicates to the field error', async () => {
    const results = await Promise.all(Array.from({ length: 3 }, () => put(t.admin, [{ host: 'race.example.com', type: 'track' }])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('needs domain.update and a token', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.domain_parking.read'] });
    expect((await put(reader, [{ host: 'no.example.com', type: 'track' }])).statusCode).toBe(403);
    expect((await put(null, [{ host: 'no.example.com', type: 'track' }])).statusCode).toBe(401);
  });

  it('uses the host of PUBLIC_URL as the CNAME target when it is set', async () => {
    const other = await setupApp({ PUBLIC_URL: 'https://go.leadgrid.example:8443/base' });
    try {
      const res = await other.request({
        method: 'PUT',
        url,
        as: other.admin,
        payload: { items: [{ host: 'cname.example.com', type: 'postback' }] },
      });
      expect(res.json().data.items[0].dnsTarget).toBe('go.leadgrid.example');
    } finally {
      await other.close();
    }
  });
});

describe('domains: list and look-ups', () => {
  it('lists with type, status and search filters, order and count', async () => {
    await park('a.list.example.com', 'track');
    await park('b.list.example.com', 'postback');
    await park('c.list.example.com', 'track', 'inactive');
    const res = await t.request({ method: 'GET', url: `${url}?search=list.example&type=track&orderBy=host:desc&withMeta=1`, as: t.admin });
    expect(hosts(res)).toEqual(['c.list.example.com', 'a.list.example.com']);
    expect(res.json().data.meta).toEqual({ totalCount: 2 });
    expect(
      hosts(await t.request({ method: 'GET', url: `${url}?search=list.example&status=active&orderBy=host:asc`, as: t.admin })),
    ).toEqual(['a.list.example.com', 'b.list.example.com']);
    const bad = await t.request({ method: 'GET', url: `${url}?type=mail`, as: t.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('the list and by-id need front.settings.domain_parking.read', async () => {
    const d = await park('byid.example.com');
    expect((await t.request({ method: 'GET', url: `${url}/${d.id}`, as: t.admin })).json().data.items[0]).toMatchObject({
      id: d.id,
      host: 'byid.example.com',
    });
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url, as: aff })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${url}/${d.id}`, as: aff })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers the look-ups to staff and affiliates', async () => {
    const track = await park('lk-track.example.org', 'track');
    const post = await park('lk-post.example.org', 'postback');
    const off = await park('lk-off.example.org', 'track', 'inactive');
    const aff = await t.make.user({ type: 'affiliate' });
    const manager = await t.make.user({ type: 'affiliate_manager', permissions: [] });
    const q = '?search=lk-';
    const get = async (name: string, as: TestUser) => {
      const res = await t.request({ method: 'GET', url: `${url}/${name}${q}`, as });
      expect(res.statusCode, name).toBe(200);
      return res.json().data.items.map((x: { id: number }) => x.id);
    };
    expect(await get('track', aff)).toEqual([track.id]);
    expect(await get('postback', aff)).toEqual([post.id]);
    expect(await get('active', manager)).toEqual([post.id, track.id]);
    expect(await get('for-filters', manager)).toEqual([off.id, post.id, track.id]);
    const item = (await t.request({ method: 'GET', url: `${url}/track${q}`, as: aff })).json().data.items[0];
    expect(item).toEqual({ id: track.id, host: 'lk-track.example.org', type: 'track', status: 'active' });
  });

  it('refuses the look-ups to advertisers and anonymous callers, and bad queries', async () => {
    const adv = await t.make.user({ type: 'advertiser_member' });
    expect((await t.request({ method: 'GET', url: `${url}/track`, as: adv })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${url}/track` })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: `${url}/active?limit=5000`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ msg: 'noMore', loc: ['querystring', 'limit'] });
  });
});

describe('domains: edit and status', () => {
  it('edits host and type, validates and refuses a taken host', async () => {
    const a = await park('edit.example.com');
    await park('taken.example.com');
    const ok = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: { items: [{ id: a.id, host: 'Edited.Example.com', type: 'postback' }] },
    });
    expect(ok.json()).toMatchObject({
      message: 'Domain saved',
      data: { items: [{ id: a.id, host: 'edited.example.com', type: 'postback' }] },
    });
    const clash = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, host: 'TAKEN.example.com' }] } });
    expect(clash.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'host'] }]);
    const bad = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, host: 'bad host' }] } });
    expect(bad.json().errors).toEqual([expect.objectContaining({ msg: 'hostName', loc: ['body', 'items', 0, 'host'] })]);
    expect(
      (await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: 999999, host: 'ghost.example.com' }] } })).statusCode,
    ).toBe(404);
  });

  it('changes status, audited, and needs domain.update', async () => {
    const a = await park('status.example.com');
    const res = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'inactive' }] },
    });
    expect(res.json()).toMatchObject({ message: 'Domain status changed', data: { items: [{ id: a.id, status: 'inactive' }] } });
    const audit = await t.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'domain' AND entity_id = $1 ORDER BY id`,
      [a.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'change_status']);
    const bad = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'parked' }] },
    });
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.domain_parking.read'] });
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, as: reader, payload: { items: [{ id: a.id, status: 'active' }] } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'PATCH', url, as: reader, payload: { items: [{ id: a.id, type: 'track' }] } })).statusCode).toBe(403);
  });
});
