import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, holdConfigs } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/geos';

const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser, items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
let seq = 0;
async function makeGeo(input: { title?: string; countries?: string[]; aliases?: string[]; status?: string } = {}) {
  const res = await put(t.admin, [
    {
      title: input.title ?? `Geo ${++seq}`,
      mappings: { countries: input.countries ?? [], aliases: input.aliases ?? [] },
      status: input.status,
    },
  ]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; status: string; mappings: { countries: string[]; aliases: string[] } };
}

describe('geos: create', () => {
  it('creates a geo with countries and aliases, and audits it', async () => {
    const res = await put(t.admin, [
      { title: 'DACH', mappings: { countries: ['de', 'AT', 'ch'], aliases: ['Deutschland', 'Österreich'] } },
    ]);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe('Geo created');
    expect(data.items).toEqual([
      {
        id: expect.any(Number),
        title: 'DACH',
        mappings: { countries: ['DE', 'AT', 'CH'], aliases: ['Deutschland', 'Österreich'] },
        status: 'active',
        createdAt: Math.floor(t.clock.now.getTime() / 1000),
        createdBy: t.admin.id,
      },
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'geo'), eq(auditLog.entityId, data.items[0].id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create', userId: t.admin.id })]);
  });

  it('refuses a duplicate title case-insensitively with the field error unique', async () => {
    await makeGeo({ title: 'Nordics' });
    const res = await put(t.admin, [{ title: '  NORDICS ' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
  });

  it('refuses duplicates inside one request and writes nothing', async () => {
    const res = await put(t.admin, [{ title: 'Batch geo' }, { title: 'batch GEO' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'title'] }]);
    const list = await t.request({ method: 'GET', url: `${url}?search=batch geo`, as: t.admin });
    expect(list.json().data.items).toEqual([]);
  });

  it('five concurrent creates of one title: exactly one wins, the others get the field error', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => put(t.admin, [{ title: 'Concurrent geo' }])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    }
    const list = await t.request({ method: 'GET', url: `${url}?search=concurrent geo&withMeta=1`, as: t.admin });
    expect(list.json().data.meta.totalCount).toBe(1);
  });

  it('validates each field: title, ISO countries, unique aliases', async () => {
    const res = await put(t.admin, [
      { title: '', mappings: { countries: ['DE', 'ZZ'], aliases: ['Foo', 'foo'] } },
      { title: 'x'.repeat(201), status: 'deleted' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'title'] }),
        expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'mappings', 'countries', 1] }),
        expect.objectContaining({ msg: 'unique', loc: ['body', 'items', 0, 'mappings', 'aliases', 1] }),
        expect.objectContaining({ msg: 'minMaxLength', loc: ['body', 'items', 1, 'title'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 1, 'status'] }),
      ]),
    );
  });

  it('needs geo.update, and a token', async () => {
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.geo.read'] });
    expect((await put(reader, [{ title: 'Nope' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload: { items: [{ title: 'Nope' }] } })).statusCode).toBe(401);
  });
});

describe('geos: list, get and the lead-editing look-up', () => {
  it('lists live geos, filters by status, country and search (title or alias), orders and counts', async () => {
    const a = await makeGeo({ title: 'Zeta list', countries: ['BR'], aliases: ['Brasil'] });
    const b = await makeGeo({ title: 'Alpha list', countries: ['AR', 'BR'], status: 'inactive' });
    const gone = await makeGeo({ title: 'Gamma list' });
    await status(t.admin, [{ id: gone.id, status: 'deleted' }]);

    const all = await t.request({ method: 'GET', url: `${url}?search=list&withMeta=1`, as: t.admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((g: { id: number }) => g.id)).toEqual([b.id, a.id]);
    expect(all.json().data.meta).toEqual({ totalCount: 2 });

    const active = await t.request({ method: 'GET', url: `${url}?search=list&status=active`, as: t.admin });
    expect(active.json().data.items.map((g: { id: number }) => g.id)).toEqual([a.id]);
    const deleted = await t.request({ method: 'GET', url: `${url}?search=list&status=deleted`, as: t.admin });
    expect(deleted.json().data.items.map((g: { id: number }) => g.id)).toEqual([gone.id]);
    const byCountry = await t.request({ method: 'GET', url: `${url}?country=ar`, as: t.admin });
    expect(byCountry.json().data.items.map((g: { id: number }) => g.id)).toEqual([b.id]);
    const byAlias = await t.request({ method: 'GET', url: `${url}?search=brasi`, as: t.admin });
    expect(byAlias.json().data.items.map((g: { id: number }) => g.id)).toEqual([a.id]);
    const desc = await t.request({ method: 'GET', url: `${url}?search=list&orderBy=title:desc&limit=1`, as: t.admin });
    expect(desc.json().data.items.map((g: { id: number }) => g.id)).toEqual([a.id]);
  });

  it('answers 400 for an unknown orderBy, status or country', async () => {
    const bad = await t.request({ method: 'GET', url: `${url}?orderBy=secret:asc`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    expect((await t.request({ method: 'GET', url: `${url}?status=gone`, as: t.admin })).statusCode).toBe(400);
    const country = await t.request({ method: 'GET', url: `${url}?country=QQ`, as: t.admin });
    expect(country.statusCode).toBe(400);
    expect(country.json().errors[0].loc).toEqual(['querystring', 'country']);
  });

  it('gets one geo as items[0], 404 for a missing one', async () => {
    const g = await makeGeo({ title: 'Get me' });
    const res = await t.request({ method: 'GET', url: `${url}/${g.id}`, as: t.admin });
    expect(res.json().data.items).toEqual([expect.objectContaining({ id: g.id, title: 'Get me' })]);
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/abc`, as: t.admin })).statusCode).toBe(400);
  });

  it('reading needs front.settings.geo.read, and a token', async () => {
    const other = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await t.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('the lead-editing look-up answers active geos to lead readers', async () => {
    const on = await makeGeo({ title: 'Lookup on' });
    const off = await makeGeo({ title: 'Lookup off', status: 'inactive' });
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'GET', url: `${url}/for-lead-editing`, as: aff });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.items.map((g: { id: number }) => g.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    expect(res.json().data.items.find((g: { id: number }) => g.id === on.id)).toEqual({ id: on.id, title: 'Lookup on' });
    const holdReader = await t.make.user({ type: 'employee', permissions: ['front.settings.hold_queue.read'] });
    expect((await t.request({ method: 'GET', url: `${url}/for-lead-editing`, as: holdReader })).statusCode).toBe(200);
    const nobody = await t.make.user({ type: 'employee', permissions: [] });
    expect((await t.request({ method: 'GET', url: `${url}/for-lead-editing`, as: nobody })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${url}/for-lead-editing` })).statusCode).toBe(401);
  });
});

describe('geos: edit', () => {
  it('edits the title and mappings and audits only the changes', async () => {
    const g = await makeGeo({ title: 'Edit me', countries: ['FR'] });
    const res = await patch(t.admin, [{ id: g.id, title: 'Edited', mappings: { countries: ['FR', 'BE'], aliases: ['Francia'] } }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Geo saved',
      data: { items: [{ id: g.id, title: 'Edited', mappings: { countries: ['FR', 'BE'], aliases: ['Francia'] } }] },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'geo'), eq(auditLog.entityId, g.id), eq(auditLog.action, 'update')));
    expect(audit.changes).toEqual({
      before: { title: 'Edit me', countries: ['FR'], aliases: [] },
      after: { title: 'Edited', countries: ['FR', 'BE'], aliases: ['Francia'] },
    });
  });

  it('keeps its own title, refuses another live geo title, accepts a deleted geo title', async () => {
    const a = await makeGeo({ title: 'Keeper' });
    const b = await makeGeo({ title: 'Taker' });
    expect((await patch(t.admin, [{ id: a.id, title: 'KEEPER' }])).statusCode).toBe(200);
    const dup = await patch(t.admin, [{ id: b.id, title: 'keeper' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    await status(t.admin, [{ id: a.id, status: 'deleted' }]);
    expect((await patch(t.admin, [{ id: b.id, title: 'Keeper' }])).statusCode).toBe(200);
  });

  it('validates, 404s a missing geo and refuses to edit a deleted one', async () => {
    const bad = await patch(t.admin, [{ id: 1, mappings: { countries: ['XX'], aliases: [] } }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'mappings', 'countries', 0]);
    expect((await patch(t.admin, [{ id: 999999, title: 'Missing' }])).statusCode).toBe(404);
    const g = await makeGeo();
    await status(t.admin, [{ id: g.id, status: 'deleted' }]);
    expect((await patch(t.admin, [{ id: g.id, title: 'Back' }])).statusCode).toBe(422);
  });

  it('needs geo.update', async () => {
    const g = await makeGeo();
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.geo.read'] });
    expect((await patch(reader, [{ id: g.id, title: 'Nope' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url, payload: { items: [{ id: g.id, title: 'Nope' }] } })).statusCode).toBe(401);
  });
});

describe('geos: change_status and delete', () => {
  it('deactivates, activates and deletes; a deleted geo frees its title and stays deleted', async () => {
    const g = await makeGeo({ title: 'Lifecycle' });
    const off = await status(t.admin, [{ id: g.id, status: 'inactive' }]);
    expect(off.json()).toMatchObject({ message: 'Geo status changed', data: { items: [{ id: g.id, status: 'inactive' }] } });
    const del = await status(t.admin, [{ id: g.id, status: 'deleted' }]);
    expect(del.json()).toMatchObject({ message: 'Geo deleted', data: { items: [{ id: g.id, status: 'deleted' }] } });
    expect((await put(t.admin, [{ title: 'Lifecycle' }])).statusCode).toBe(200);
    const back = await status(t.admin, [{ id: g.id, status: 'active' }]);
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe("The geo 'Lifecycle' is deleted and cannot be restored");
  });

  it('refuses to delete a geo an active hold-queue rule uses (409) and writes nothing', async () => {
    const used = await makeGeo({ title: 'Held geo' });
    const free = await makeGeo({ title: 'Free geo' });
    await t.database.db.insert(holdConfigs).values({ geoId: used.id, periodStart: '22:00', periodEnd: '06:00', intervalMinutes: 30 });
    const res = await status(t.admin, [
      { id: free.id, status: 'deleted' },
      { id: used.id, status: 'deleted' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("'Held geo'");
    const after = await t.request({ method: 'GET', url: `${url}/${free.id}`, as: t.admin });
    expect(after.json().data.items[0].status).toBe('active');
  });

  it('validates the status, 404s a missing geo, needs geo.update', async () => {
    const g = await makeGeo();
    const bad = await status(t.admin, [{ id: g.id, status: 'archived' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    expect((await status(t.admin, [{ id: 999999, status: 'inactive' }])).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.geo.read'] });
    expect((await status(reader, [{ id: g.id, status: 'inactive' }])).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, payload: { items: [{ id: g.id, status: 'inactive' }] } })).statusCode,
    ).toBe(401);
  });
});
