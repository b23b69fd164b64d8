import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/tags';

const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
async function makeTag(title: string, type = 'offer', status = 'active') {
  const res = await put(t.admin, [{ title, type, status }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; type: string; status: string };
}

describe('tags: create', () => {
  it('creates tags, records the author and answers a message', async () => {
    const res = await put(t.admin, [
      { title: 'Hot', type: 'offer' },
      { title: 'VIP', type: 'affiliate', status: 'inactive' },
    ]);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe('2 tags created');
    expect(data.items).toEqual([
      {
        id: expect.any(Number),
        title: 'Hot',
        type: 'offer',
        status: 'active',
        createdAt: expect.any(Number),
        createdBy: { id: t.admin.id, firstName: 'Admin', lastName: '', email: t.admin.email },
      },
      expect.objectContaining({ title: 'VIP', type: 'affiliate', status: 'inactive' }),
    ]);
    expect(data.items[0].createdAt).toBe(Math.floor(t.clock.now.getTime() / 1000));
  });

  it('refuses a duplicate title of the same type, case-insensitively, with a field error', async () => {
    await makeTag('Premium', 'advertiser');
    const res = await put(t.admin, [{ title: 'pREMIUM', type: 'advertiser' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    // the same title of another type is fine
    expect((await put(t.admin, [{ title: 'Premium', type: 'lead' }])).statusCode).toBe(200);
  });

  it('refuses duplicates inside one request and writes nothing', async () => {
    const res = await put(t.admin, [
      { title: 'Batch one', type: 'campaign' },
      { title: 'BATCH ONE', type: 'campaign' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'title'] }]);
    const list = await t.request({ method: 'GET', url: `${url}?search=batch one`, as: t.admin });
    expect(list.json().data.items).toEqual([]);
  });

  it('maps a unique-index violation between concurrent creates to the field error', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => put(t.admin, [{ title: 'Race', type: 'landing' }])));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    }
  });

  it('validates title and type per field', async () => {
    const res = await put(t.admin, [
      { title: '  ', type: 'planet' },
      { title: 'x'.repeat(201), type: 'offer' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'title'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'type'] }),
        expect.objectContaining({ msg: 'minMaxLength', loc: ['body', 'items', 1, 'title'] }),
      ]),
    );
  });

  it('needs tag.update, and a token', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await put(reader, [{ title: 'Nope', type: 'offer' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload: { items: [{ title: 'Nope', type: 'offer' }] } })).statusCode).toBe(401);
  });
});

describe('tags: list and get', () => {
  it('filters by type, status and search, orders and counts', async () => {
    await makeTag('Alpha list', 'lead');
    await makeTag('Beta list', 'lead', 'inactive');
    await makeTag('Gamma list', 'offer');
    const res = await t.request({ method: 'GET', url: `${url}?type=lead&search=list&orderBy=title:desc&withMeta=1`, as: t.admin });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(items.map((x: { title: string }) => x.title)).toEqual(['Beta list', 'Alpha list']);
    expect(meta).toEqual({ totalCount: 2 });
    const active = await t.request({
      method: 'GET',
      url: `${url}?type=lead,offer&status=active&search=list&orderBy=title:asc`,
      as: t.admin,
    });
    expect(active.json().data.items.map((x: { title: string }) => x.title)).toEqual(['Alpha list', 'Gamma list']);
  });

  it('pages with limit and offset', async () => {
    for (const n of [1, 2, 3]) await makeTag(`Page ${n}`, 'campaign');
    const res = await t.request({ method: 'GET', url: `${url}?search=Page&orderBy=title:asc&limit=2&offset=1&withMeta=1`, as: t.admin });
    expect(res.json().data.items.map((x: { title: string }) => x.title)).toEqual(['Page 2', 'Page 3']);
    expect(res.json().data.meta.totalCount).toBe(3);
  });

  it('takes search wildcards literally', async () => {
    await makeTag('100% real', 'offer');
    const res = await t.request({ method: 'GET', url: `${url}?search=${encodeURIComponent('0%')}`, as: t.admin });
    expect(res.json().data.items.map((x: { title: string }) => x.title)).toEqual(['100% real']);
  });

  it('refuses unknown orderBy, status and type values with 400', async () => {
    const order = await t.request({ method: 'GET', url: `${url}?orderBy=password:asc`, as: t.admin });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    expect((await t.request({ method: 'GET', url: `${url}?status=deleted`, as: t.admin })).statusCode).toBe(400);
    const type = await t.request({ method: 'GET', url: `${url}?type=planet`, as: t.admin });
    expect(type.statusCode).toBe(400);
    expect(type.json().errors[0].loc).toEqual(['querystring', 'type', 0]);
  });

  it('answers one tag as items[0], 404 for a missing one', async () => {
    const tag = await makeTag('Single', 'advertiser');
    const res = await t.request({ method: 'GET', url: `${url}/${tag.id}`, as: t.admin });
    expect(res.json().data.items).toEqual([expect.objectContaining({ id: tag.id, title: 'Single' })]);
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/abc`, as: t.admin })).statusCode).toBe(400);
  });

  it('needs front.settings.tags.read', async () => {
    const other = await t.make.user({ type: 'employee', permissions: ['front.settings.lists.read'] });
    expect((await t.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('tags: look-up by entity type', () => {
  it('answers active tags of the type for any staff member, with a search', async () => {
    await makeTag('Picker one', 'affiliate');
    await makeTag('Picker two', 'affiliate', 'inactive');
    await makeTag('Picker three', 'offer');
    const staff = await t.make.user({ type: 'affiliate_manager', permissions: [] });
    const res = await t.request({ method: 'GET', url: `${url}/by-type/affiliate?search=picker`, as: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([{ id: expect.any(Number), title: 'Picker one', type: 'affiliate', status: 'active' }]);
  });

  it('answers chosen ids whatever their status', async () => {
    const off = await makeTag('Chosen off', 'campaign', 'inactive');
    const res = await t.request({ method: 'GET', url: `${url}/by-type/campaign?ids=${off.id}`, as: t.admin });
    expect(res.json().data.items).toEqual([expect.objectContaining({ id: off.id, status: 'inactive' })]);
  });

  it('refuses affiliates and advertisers, and an unknown type', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: `${url}/by-type/offer`, as: aff })).statusCode).toBe(403);
    const adv = await t.make.user({ type: 'advertiser_member' });
    expect((await t.request({ method: 'GET', url: `${url}/by-type/offer`, as: adv })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${url}/by-type/offer` })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: `${url}/by-type/planet`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['params', 'type']);
  });
});

describe('tags: edit, status, delete', () => {
  it('edits a title and type, and refuses a title taken in the target type', async () => {
    const a = await makeTag('Edit me', 'offer');
    await makeTag('Taken', 'lead');
    const ok = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'Edited' }] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Tag saved', data: { items: [{ id: a.id, title: 'Edited', type: 'offer' }] } });
    const clash = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'taken', type: 'lead' }] } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    // keeping its own title is no clash
    const same = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: a.id, title: 'EDITED' }] } });
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for a missing id and writes none of the batch', async () => {
    const a = await makeTag('Batch keep', 'offer');
    const res = await t.request({
      method: 'PATCH',
      url,
      as: t.admin,
      payload: {
        items: [
          { id: a.id, title: 'Batch changed' },
          { id: 999999, title: 'X' },
        ],
      },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/${a.id}`, as: t.admin })).json().data.items[0].title).toBe('Batch keep');
  });

  it('validates the patch', async () => {
    const res = await t.request({ method: 'PATCH', url, as: t.admin, payload: { items: [{ id: 'x', title: '' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { loc: unknown[] }) => e.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'items', 0, 'id'],
        ['body', 'items', 0, 'title'],
      ]),
    );
  });

  it('changes status in bulk and writes the audit trail', async () => {
    const a = await makeTag('Status a', 'offer');
    const b = await makeTag('Status b', 'offer');
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
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((x: { status: string }) => x.status)).toEqual(['inactive', 'inactive']);
    const audit = await t.database.query<{ action: string; changes: unknown }>(
      `SELECT action, changes FROM audit_log WHERE entity = 'tag' AND entity_id = $1 ORDER BY id`,
      [a.id],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({ action: 'create' }),
      { action: 'change_status', changes: { before: { status: 'active' }, after: { status: 'inactive' } } },
    ]);
    const bad = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'gone' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });

  it('deletes tags, 404 when one is missing (nothing deleted)', async () => {
    const a = await makeTag('Delete a', 'offer');
    const b = await makeTag('Delete b', 'offer');
    const miss = await t.request({ method: 'DELETE', url, as: t.admin, payload: { data: [a.id, 999999] } });
    expect(miss.statusCode).toBe(404);
    const res = await t.request({ method: 'DELETE', url, as: t.admin, payload: { data: [a.id, b.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ids: [a.id, b.id] }, message: '2 tags deleted' });
    expect((await t.request({ method: 'GET', url: `${url}/${a.id}`, as: t.admin })).statusCode).toBe(404);
    // the title is free again
    expect((await put(t.admin, [{ title: 'Delete a', type: 'offer' }])).statusCode).toBe(200);
    const empty = await t.request({ method: 'DELETE', url, as: t.admin, payload: { data: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].loc).toEqual(['body', 'data']);
  });

  it('edit, status and delete need tag.update', async () => {
    const a = await makeTag('Guarded', 'offer');
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await t.request({ method: 'PATCH', url, as: reader, payload: { items: [{ id: a.id, title: 'X' }] } })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, as: reader, payload: { items: [{ id: a.id, status: 'inactive' }] } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url, as: reader, payload: { data: [a.id] } })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url, payload: { data: [a.id] } })).statusCode).toBe(401);
    const writer = await t.make.user({ type: 'employee', permissions: ['tag.update'] });
    expect((await t.request({ method: 'PATCH', url, as: writer, payload: { items: [{ id: a.id, title: 'Guarded 2' }] } })).statusCode).toBe(
      200,
    );
  });
});
