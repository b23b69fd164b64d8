import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, userManagers } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/withdrawal-methods';

const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser, items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const del = (as: TestUser, ids: number[]) => t.request({ method: 'DELETE', url, as, payload: { data: ids } });
const mine = async (as: TestUser) =>
  (await t.request({ method: 'GET', url, as })).json().data.items as { id: number; isDefault: boolean; status: string; title: string }[];

let seq = 0;
async function makeMethod(input: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/v1/payment-methods',
    as: t.admin,
    payload: {
      items: [
        {
          title: `Wire ${++seq}`,
          fields: [
            { name: 'iban', title: 'IBAN', required: true, pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{10,30}$' },
            { name: 'holder', title: 'Account holder', required: true },
            { name: 'note', title: 'Note', required: false },
          ],
          ...input,
        },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string };
}
const IBAN = 'DE89370400440532013000';
async function makeWithdrawal(as: TestUser, methodId: number, extra: Record<string, unknown> = {}) {
  const res = await put(as, [{ paymentMethodId: methodId, values: { iban: IBAN, holder: 'Jane Roe' }, ...extra }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; isDefault: boolean; title: string };
}

describe('withdrawal methods: create', () => {
  it('an affiliate adds one: values checked, title from the method, first one is the default, audited without values', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await put(aff, [{ paymentMethodId: method.id, values: { iban: IBAN, holder: ' Jane Roe ' } }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Withdrawal method added');
    const w = res.json().data.items[0];
    expect(w).toEqual({
      id: expect.any(Number),
      userId: aff.id,
      paymentMethod: { id: method.id, title: method.title, status: 'active', fields: expect.any(Array) },
      title: method.title,
      values: { iban: IBAN, holder: 'Jane Roe' },
      isDefault: true,
      status: 'active',
      createdAt: Math.floor(t.clock.now.getTime() / 1000),
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'withdrawal_method'), eq(auditLog.entityId, w.id)));
    expect(JSON.stringify(audit.changes)).not.toContain(IBAN);
  });

  it('answers field errors at values.<field> for required, pattern and unknown fields', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await put(aff, [
      { paymentMethodId: method.id, values: { iban: 'not-an-iban', holder: '  ', extra: 'x' } },
      { paymentMethodId: method.id, values: {} },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { msg: 'pattern', type: 'pattern', loc: ['body', 'items', 0, 'values', 'iban'] },
        { msg: 'required', type: 'required', loc: ['body', 'items', 0, 'values', 'holder'] },
        { msg: 'pattern', type: 'pattern', loc: ['body', 'items', 0, 'values', 'extra'] },
        { msg: 'required', type: 'required', loc: ['body', 'items', 1, 'values', 'iban'] },
        { msg: 'required', type: 'required', loc: ['body', 'items', 1, 'values', 'holder'] },
      ]),
    );
    expect(await mine(aff)).toEqual([]);
  });

  it('needs an active payment method', async () => {
    const method = await makeMethod();
    await t.request({
      method: 'POST',
      url: '/api/v1/payment-methods/change_status',
      as: t.admin,
      payload: { items: [{ id: method.id, status: 'inactive' }] },
    });
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await put(aff, [
      { paymentMethodId: method.id, values: { iban: IBAN, holder: 'J' } },
      { paymentMethodId: 999999, values: {} },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: 'Choose an active payment method', type: 'notFound', loc: ['body', 'items', 0, 'paymentMethodId'] },
      { msg: 'Choose an active payment method', type: 'notFound', loc: ['body', 'items', 1, 'paymentMethodId'] },
    ]);
  });

  it('validates the body shape', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const res = await put(aff, [{ paymentMethodId: 'x', values: { iban: 5 }, title: 'x'.repeat(201) }]);
    expect(res.statusCode).toBe(400);
    const locs = res.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.items.0.paymentMethodId', 'body.items.0.values.iban', 'body.items.0.title']));
  });

  it('only affiliates keep withdrawal methods (403 for staff), and a token is needed', async () => {
    const method = await makeMethod();
    const res = await put(t.admin, [{ paymentMethodId: method.id, values: { iban: IBAN, holder: 'A' } }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only affiliates keep withdrawal methods');
    expect((await t.request({ method: 'PUT', url, payload: { items: [{ paymentMethodId: method.id }] } })).statusCode).toBe(401);
  });
});

describe('withdrawal methods: scope', () => {
  it('an affiliate sees only their own; another affiliate id is a 404 on every call', async () => {
    const method = await makeMethod();
    const alice = await t.make.user({ type: 'affiliate' });
    const bob = await t.make.user({ type: 'affiliate' });
    const a = await makeWithdrawal(alice, method.id);
    const b = await makeWithdrawal(bob, method.id);
    expect((await mine(alice)).map((w) => w.id)).toEqual([a.id]);
    expect((await t.request({ method: 'GET', url: `${url}/${b.id}`, as: alice })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/${a.id}`, as: alice })).json().data.items[0]).not.toHaveProperty('user');
    expect((await patch(alice, [{ id: b.id, title: 'Stolen' }])).statusCode).toBe(404);
    expect((await status(alice, [{ id: b.id, status: 'inactive' }])).statusCode).toBe(404);
    expect((await del(alice, [b.id])).statusCode).toBe(404);
    // the query filter cannot widen an affiliate's scope
    expect(
      (await t.request({ method: 'GET', url: `${url}?userId=${bob.id}`, as: alice })).json().data.items.map((w: { id: number }) => w.id),
    ).toEqual([a.id]);
    expect((await mine(bob))[0]).toMatchObject({ id: b.id, title: method.title });
  });

  it('staff with payment_method.update or invoice.affiliate.read read everybody in their people scope, with the owner; others get 403', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const w = await makeWithdrawal(aff, method.id);
    for (const permissions of [
      ['payment_method.update', 'affiliate.read'],
      ['invoice.affiliate.read', 'affiliate.read'],
    ]) {
      const staff = await t.make.user({ type: 'employee', permissions });
      const list = await t.request({ method: 'GET', url: `${url}?userId=${aff.id}&withMeta=1`, as: staff });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.items).toEqual([
        expect.objectContaining({ id: w.id, user: { id: aff.id, firstName: 'Test', lastName: expect.any(String), email: aff.email } }),
      ]);
      expect(list.json().data.meta.totalCount).toBe(1);
      expect((await t.request({ method: 'GET', url: `${url}/${w.id}`, as: staff })).statusCode).toBe(200);
      expect((await patch(staff, [{ id: w.id, title: 'Staff edit' }])).statusCode).toBe(403);
    }
    // without any people read permission no affiliate is in scope: an empty list and a 404
    const blind = await t.make.user({ type: 'employee', permissions: ['payment_method.update'] });
    expect((await t.request({ method: 'GET', url: `${url}?userId=${aff.id}`, as: blind })).json().data.items).toEqual([]);
    expect((await t.request({ method: 'GET', url: `${url}/${w.id}`, as: blind })).statusCode).toBe(404);
    const other = await t.make.user({ type: 'employee', permissions: ['front.settings.geo.read'] });
    expect((await t.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${url}/${w.id}`, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('an assigned-only manager reads only the methods of the affiliates it manages; any other is a 404', async () => {
    const method = await makeMethod();
    const mine = await t.make.user({ type: 'affiliate' });
    const theirs = await t.make.user({ type: 'affiliate' });
    const a = await makeWithdrawal(mine, method.id);
    const b = await makeWithdrawal(theirs, method.id);
    const manager = await t.make.user({ type: 'affiliate_manager' });
    await t.database.db.insert(userManagers).values({ userId: mine.id, managerId: manager.id });
    const list = await t.request({ method: 'GET', url: `${url}?withMeta=1`, as: manager });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((w: { id: number }) => w.id)).toEqual([a.id]);
    expect(list.json().data.meta.totalCount).toBe(1);
    expect((await t.request({ method: 'GET', url: `${url}?userId=${theirs.id}`, as: manager })).json().data.items).toEqual([]);
    expect((await t.request({ method: 'GET', url: `${url}/${a.id}`, as: manager })).statusCode).toBe(200);
    const outside = await t.request({ method: 'GET', url: `${url}/${b.id}`, as: manager });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain(IBAN);
  });

  it('lists with status, search, order; 400 for an unknown orderBy', async () => {
    const method = await makeMethod({ title: 'Searchable wire' });
    const aff = await t.make.user({ type: 'affiliate' });
    const a = await makeWithdrawal(aff, method.id, { title: 'Main account' });
    const b = await makeWithdrawal(aff, method.id, { title: 'Backup account' });
    await status(aff, [{ id: b.id, status: 'inactive' }]);
    const all = await t.request({ method: 'GET', url: `${url}?orderBy=title:asc`, as: aff });
    expect(all.json().data.items.map((w: { id: number }) => w.id)).toEqual([b.id, a.id]);
    const active = await t.request({ method: 'GET', url: `${url}?status=active`, as: aff });
    expect(active.json().data.items.map((w: { id: number }) => w.id)).toEqual([a.id]);
    const found = await t.request({ method: 'GET', url: `${url}?search=searchable`, as: aff });
    expect(found.json().data.items.length).toBe(2);
    const bad = await t.request({ method: 'GET', url: `${url}?orderBy=values:asc`, as: aff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });
});

describe('withdrawal methods: one default per affiliate', () => {
  it('moving the default, refusing to unset it, and promoting another when the default goes away', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const first = await makeWithdrawal(aff, method.id);
    t.clock.advance(1);
    const second = await makeWithdrawal(aff, method.id);
    t.clock.advance(1);
    const third = await makeWithdrawal(aff, method.id, { isDefault: true });
    const defaults = async () => (await mine(aff)).filter((w) => w.isDefault).map((w) => w.id);
    expect(await defaults()).toEqual([third.id]);

    const moved = await patch(aff, [{ id: first.id, isDefault: true }]);
    expect(moved.statusCode).toBe(200);
    expect(await defaults()).toEqual([first.id]);

    const unset = await patch(aff, [{ id: first.id, isDefault: false }]);
    expect(unset.statusCode).toBe(400);
    expect(unset.json().errors).toEqual([
      { msg: 'Choose another default withdrawal method instead', type: 'isDefault', loc: ['body', 'items', 0, 'isDefault'] },
    ]);

    // deactivating the default promotes the newest active one
    await status(aff, [{ id: first.id, status: 'inactive' }]);
    expect(await defaults()).toEqual([third.id]);
    const inactiveDefault = await patch(aff, [{ id: first.id, isDefault: true }]);
    expect(inactiveDefault.statusCode).toBe(400);
    expect(inactiveDefault.json().errors[0].loc).toEqual(['body', 'items', 0, 'isDefault']);

    // deleting the default promotes the remaining active one
    const gone = await del(aff, [third.id]);
    expect(gone.json()).toEqual({ data: { ids: [third.id] }, message: 'Withdrawal method deleted' });
    expect(await defaults()).toEqual([second.id]);
    expect((await mine(aff)).map((w) => w.id)).not.toContain(third.id);
    expect(
      (await t.request({ method: 'GET', url: `${url}?status=deleted`, as: aff })).json().data.items.map((w: { id: number }) => w.id),
    ).toEqual([third.id]);
  });

  it('concurrent creates still end with exactly one default', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => put(aff, [{ paymentMethodId: method.id, values: { iban: IBAN, holder: 'J' }, isDefault: true }])),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await mine(aff)).filter((w) => w.isDefault).length).toBe(1);
  });
});

describe('withdrawal methods: edit, status and delete', () => {
  it('edits title and values against the current fields; an empty title falls back to the method title', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const w = await makeWithdrawal(aff, method.id, { title: 'Salary' });
    const res = await patch(aff, [
      { id: w.id, title: '', values: { iban: 'GB29NWBK60161331926819', holder: 'Jane Roe', note: 'EUR only' } },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Withdrawal method saved',
      data: { items: [{ id: w.id, title: method.title, values: { iban: 'GB29NWBK60161331926819', note: 'EUR only' } }] },
    });
    const bad = await patch(aff, [{ id: w.id, values: { iban: 'nope', holder: 'J' } }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ msg: 'pattern', type: 'pattern', loc: ['body', 'items', 0, 'values', 'iban'] }]);
    expect((await patch(aff, [{ id: 999999, title: 'x' }])).statusCode).toBe(404);
    expect((await t.request({ method: 'PATCH', url, payload: { items: [{ id: w.id, title: 'x' }] } })).statusCode).toBe(401);
  });

  it('status: validates, 403 for staff, 401 without a token', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const w = await makeWithdrawal(aff, method.id);
    const ok = await status(aff, [{ id: w.id, status: 'inactive' }]);
    expect(ok.json()).toMatchObject({
      message: 'Withdrawal method status changed',
      data: { items: [{ id: w.id, status: 'inactive', isDefault: false }] },
    });
    const bad = await status(aff, [{ id: w.id, status: 'deleted' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    expect((await status(t.admin, [{ id: w.id, status: 'active' }])).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, payload: { items: [{ id: w.id, status: 'active' }] } })).statusCode,
    ).toBe(401);
  });

  it('delete: validates ids, 404 for a deleted one, 403 for staff, 401 without a token', async () => {
    const method = await makeMethod();
    const aff = await t.make.user({ type: 'affiliate' });
    const w = await makeWithdrawal(aff, method.id);
    const bad = await del(aff, []);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'data']);
    expect((await del(t.admin, [w.id])).statusCode).toBe(403);
    expect((await del(aff, [w.id])).statusCode).toBe(200);
    expect((await del(aff, [w.id])).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url, payload: { data: [w.id] } })).statusCode).toBe(401);
  });
});
