import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/hold-queue';

const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser, items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
let seq = 0;
async function makeGeo(title = `Hold geo ${++seq}`, geoStatus = 'active') {
  const res = await t.request({ method: 'PUT', url: '/api/v1/geos', as: t.admin, payload: { items: [{ title, status: geoStatus }] } });
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string };
}
async function makeRule(input: Record<string, unknown> = {}) {
  const geoId = input.geoId ?? (await makeGeo()).id;
  const res = await put(t.admin, [{ geoId, periodStart: '22:00', periodEnd: '06:00', interval: 30, ...input }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; geo: { id: number; title: string }; status: string };
}

describe('hold queue: create', () => {
  it('creates a rule across midnight with its geo, defaults and audit', async () => {
    const geo = await makeGeo('Hold DE');
    const res = await put(t.admin, [
      { geoId: geo.id, periodStart: '22:00', periodEnd: '06:00', timezone: 'Europe/Berlin', interval: 15, fresh: 5, old: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Hold-queue rule created');
    const item = res.json().data.items[0];
    expect(item).toEqual({
      id: expect.any(Number),
      geo: { id: geo.id, title: 'Hold DE' },
      periodStart: '22:00',
      periodEnd: '06:00',
      timezone: 'Europe/Berlin',
      interval: 15,
      fresh: 5,
      old: 2,
      status: 'active',
      createdAt: Math.floor(t.clock.now.getTime() / 1000),
      createdBy: t.admin.id,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hold_config'), eq(auditLog.entityId, item.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create' })]);
    const minimal = await put(t.admin, [{ geoId: geo.id, periodStart: '09:00', periodEnd: '10:00', interval: 60 }]);
    expect(minimal.json().data.items[0]).toMatchObject({ timezone: 'UTC', fresh: 0, old: 0, status: 'active' });
  });

  it('validates each field with its message key', async () => {
    const res = await put(t.admin, [
      { geoId: 'x', periodStart: '24:00', periodEnd: '6:00', timezone: 'Mars/Olympus', interval: 0, fresh: -1, old: 1.5 },
      { geoId: 1, periodStart: '10:00', periodEnd: '10:00', interval: 1441 },
    ]);
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors.map((e: { msg: string; loc: unknown[] }) => [e.loc.slice(2).join('.'), e.msg]);
    expect(errs).toEqual(
      expect.arrayContaining([
        ['0.geoId', 'number'],
        ['0.periodStart', 'startTime'],
        ['0.periodEnd', 'endTime'],
        ['0.timezone', 'pattern'],
        ['0.interval', 'minMax'],
        ['0.fresh', 'min'],
        ['0.old', 'number'],
        ['1.interval', 'minMax'],
      ]),
    );
  });

  it('refuses an equal start and end on the end field', async () => {
    const geo = await makeGeo();
    const res = await put(t.admin, [{ geoId: geo.id, periodStart: '10:00', periodEnd: '10:00', interval: 5 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ msg: 'endTime', loc: ['body', 'items', 0, 'periodEnd'] })]);
  });

  it('needs an existing, active geo and writes nothing otherwise', async () => {
    const good = await makeGeo();
    const off = await makeGeo(undefined, 'inactive');
    const res = await put(t.admin, [
      { geoId: good.id, periodStart: '01:00', periodEnd: '02:00', interval: 5 },
      { geoId: off.id, periodStart: '01:00', periodEnd: '02:00', interval: 5 },
      { geoId: 999999, periodStart: '01:00', periodEnd: '02:00', interval: 5 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: 'The geo does not exist or is not active', type: 'notFound', loc: ['body', 'items', 1, 'geoId'] },
      { msg: 'The geo does not exist or is not active', type: 'notFound', loc: ['body', 'items', 2, 'geoId'] },
    ]);
    const list = await t.request({ method: 'GET', url: `${url}?geoId=${good.id}`, as: t.admin });
    expect(list.json().data.items).toEqual([]);
  });

  it('needs hold_queue.update, and a token', async () => {
    const geo = await makeGeo();
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.hold_queue.read'] });
    const body = [{ geoId: geo.id, periodStart: '01:00', periodEnd: '02:00', interval: 5 }];
    expect((await put(reader, body)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload: { items: body } })).statusCode).toBe(401);
  });
});

describe('hold queue: list and get', () => {
  it('lists with geo filter, status, search by geo title, order and count', async () => {
    const g1 = await makeGeo('Queue Alpha');
    const g2 = await makeGeo('Queue Beta');
    const a = await makeRule({ geoId: g1.id, interval: 10 });
    const b = await makeRule({ geoId: g2.id, interval: 20, status: 'inactive' });
    const res = await t.request({ method: 'GET', url: `${url}?search=queue&orderBy=geo:desc&withMeta=1`, as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(res.json().data.meta.totalCount).toBe(2);
    const active = await t.request({ method: 'GET', url: `${url}?search=queue&status=active`, as: t.admin });
    expect(active.json().data.items.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const byGeo = await t.request({ method: 'GET', url: `${url}?geoId=${g2.id}`, as: t.admin });
    expect(byGeo.json().data.items.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const byInterval = await t.request({ method: 'GET', url: `${url}?search=queue&orderBy=interval:asc`, as: t.admin });
    expect(byInterval.json().data.items.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    const bad = await t.request({ method: 'GET', url: `${url}?orderBy=password:asc`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });

  it('gets one rule, 404 for a missing one', async () => {
    const r = await makeRule();
    const res = await t.request({ method: 'GET', url: `${url}/${r.id}`, as: t.admin });
    expect(res.json().data.items).toEqual([expect.objectContaining({ id: r.id, interval: 30 })]);
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
  });

  it('reading needs front.settings.hold_queue.read, and a token', async () => {
    const other = await t.make.user({ type: 'employee', permissions: ['front.settings.geo.read'] });
    expect((await t.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url, as: aff })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('hold queue: edit', () => {
  it('edits fields and audits only the changes', async () => {
    const r = await makeRule();
    const res = await patch(t.admin, [{ id: r.id, interval: 45, fresh: 3, timezone: 'Asia/Tokyo' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Hold-queue rule saved',
      data: { items: [{ id: r.id, interval: 45, fresh: 3, timezone: 'Asia/Tokyo', periodStart: '22:00' }] },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hold_config'), eq(auditLog.entityId, r.id), eq(auditLog.action, 'update')));
    expect(audit.changes).toEqual({
      before: { intervalMinutes: 30, fresh: 0, timezone: 'UTC' },
      after: { intervalMinutes: 45, fresh: 3, timezone: 'Asia/Tokyo' },
    });
  });

  it('checks one sent end against the stored other end', async () => {
    const r = await makeRule({ periodStart: '09:00', periodEnd: '17:00' });
    const same = await patch(t.admin, [{ id: r.id, periodEnd: '09:00' }]);
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ msg: 'endTime', type: 'endTime', loc: ['body', 'items', 0, 'periodEnd'] }]);
    const sameStart = await patch(t.admin, [{ id: r.id, periodStart: '17:00' }]);
    expect(sameStart.json().errors).toEqual([{ msg: 'endTime', type: 'endTime', loc: ['body', 'items', 0, 'periodStart'] }]);
    // moving the end before the start makes a window across midnight: allowed
    expect((await patch(t.admin, [{ id: r.id, periodEnd: '03:00' }])).statusCode).toBe(200);
  });

  it('moves a rule to another active geo only', async () => {
    const r = await makeRule();
    const target = await makeGeo('Hold target');
    const off = await makeGeo(undefined, 'inactive');
    const bad = await patch(t.admin, [{ id: r.id, geoId: off.id }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'geoId']);
    const ok = await patch(t.admin, [{ id: r.id, geoId: target.id }]);
    expect(ok.json().data.items[0].geo).toEqual({ id: target.id, title: 'Hold target' });
  });

  it('validates, 404s a missing rule, needs hold_queue.update', async () => {
    const r = await makeRule();
    const bad = await patch(t.admin, [{ id: r.id, interval: 2000 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ msg: 'minMax', loc: ['body', 'items', 0, 'interval'] });
    expect((await patch(t.admin, [{ id: 999999, interval: 5 }])).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.hold_queue.read'] });
    expect((await patch(reader, [{ id: r.id, interval: 5 }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url, payload: { items: [{ id: r.id, interval: 5 }] } })).statusCode).toBe(401);
  });
});

describe('hold queue: change_status', () => {
  it('deactivates and activates, refusing activation while the geo is inactive', async () => {
    const geo = await makeGeo();
    const r = await makeRule({ geoId: geo.id });
    const off = await status(t.admin, [{ id: r.id, status: 'inactive' }]);
    expect(off.json()).toMatchObject({ message: 'Hold-queue rule status changed', data: { items: [{ id: r.id, status: 'inactive' }] } });
    await t.request({
      method: 'POST',
      url: '/api/v1/geos/change_status',
      as: t.admin,
      payload: { items: [{ id: geo.id, status: 'inactive' }] },
    });
    const on = await status(t.admin, [{ id: r.id, status: 'active' }]);
    expect(on.statusCode).toBe(422);
    expect(on.json().message).toBe('A hold-queue rule can only be activated while its geo is active');
  });

  it('an inactive rule no longer blocks deleting its geo', async () => {
    const geo = await makeGeo();
    const r = await makeRule({ geoId: geo.id });
    const del = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/geos/change_status',
        as: t.admin,
        payload: { items: [{ id: geo.id, status: 'deleted' }] },
      });
    expect((await del()).statusCode).toBe(409);
    await status(t.admin, [{ id: r.id, status: 'inactive' }]);
    expect((await del()).statusCode).toBe(200);
  });

  it('validates, 404s, needs hold_queue.update', async () => {
    const r = await makeRule();
    const bad = await status(t.admin, [{ id: r.id, status: 'paused' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    expect((await status(t.admin, [{ id: 999999, status: 'inactive' }])).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.settings.hold_queue.read'] });
    expect((await status(reader, [{ id: r.id, status: 'inactive' }])).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, payload: { items: [{ id: r.id, status: 'inactive' }] } })).statusCode,
    ).toBe(401);
  });
});
