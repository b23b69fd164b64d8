import { PREFERENCE_VALUE_MAX_BYTES } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { userPreferences } from '../../../db/schema';
import { PREFERENCES_MAX } from './preferences.service';

const t = await useApp();
const db = t.database.db;

const list = (as: TestUser | null, id: number, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/users/${id}/preferences${query}`, as });
const put = (as: TestUser | null, items: unknown[]) =>
  t.request({ method: 'PUT', url: '/api/v1/user-preferences', as, payload: { items } });
const patch = (as: TestUser | null, items: unknown[]) =>
  t.request({ method: 'PATCH', url: '/api/v1/user-preferences', as, payload: { items } });
const remove = (as: TestUser | null, data: unknown[]) =>
  t.request({ method: 'DELETE', url: '/api/v1/user-preferences', as, payload: { data } });
const rowsOf = (userId: number) => db.select().from(userPreferences).where(eq(userPreferences.userId, userId));

describe('preferences: GET /users/:id/preferences', () => {
  it('lists the own preferences, optionally of one type', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    await put(u, [
      { type: 'table', name: 'offers', value: { columns: ['id', 'title'] } },
      { type: 'filters', name: 'leads', value: { status: 'sent' } },
    ]);
    const all = await list(u, u.id);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((p: { type: string }) => p.type)).toEqual(['filters', 'table']);
    const tables = (await list(u, u.id, '?type=table')).json().data.items;
    expect(tables).toEqual([{ id: expect.any(Number), type: 'table', name: 'offers', value: { columns: ['id', 'title'] } }]);
  });

  it('answers 400 for an empty type filter', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await list(u, u.id, '?type=');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['querystring', 'type']);
  });

  it('hides another user from an affiliate, shows it to staff with user.read, and needs a sign-in', async () => {
    const owner = await t.make.user({ type: 'affiliate' });
    await put(owner, [{ type: 'table', name: 'offers', value: 1 }]);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await list(aff, owner.id)).statusCode).toBe(404);
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['user.read', 'affiliate.read'] });
    expect((await list(reader, owner.id)).json().data.items).toHaveLength(1);
    expect((await list(null, owner.id)).statusCode).toBe(401);
  });
});

describe('preferences: PUT /user-preferences', () => {
  it('creates, then replaces the value of the same type and name', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const first = await put(u, [{ type: 'table', name: 'leads', value: { pageSize: 25 } }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Preferences saved');
    const [created] = first.json().data.items;
    const second = await put(u, [{ type: 'table', name: 'leads', value: { pageSize: 50 } }]);
    expect(second.json().data.items[0]).toEqual({ ...created, value: { pageSize: 50 } });
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('answers 400 on a blank type, an oversized value and a repeated name', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const blank = await put(u, [{ type: ' ', name: 'x', value: 1 }]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'type'], msg: 'required' });

    const big = await put(u, [{ type: 'table', name: 'x', value: 'a'.repeat(PREFERENCE_VALUE_MAX_BYTES) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'value'], msg: 'maxlength' });

    const twice = await put(u, [
      { type: 'table', name: 'x', value: 1 },
      { type: 'table', name: 'x', value: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].loc).toEqual(['body', 'items', 1, 'name']);
    expect(await rowsOf(u.id)).toHaveLength(0);
  });

  it(`keeps at most ${PREFERENCES_MAX} preferences per user (422)`, async () => {
    const u = await t.make.user({ type: 'affiliate' });
    await db
      .insert(userPreferences)
      .values(Array.from({ length: PREFERENCES_MAX }, (_, i) => ({ userId: u.id, type: 'bulk', name: `n${i}`, value: i })));
    const res = await put(u, [{ type: 'bulk', name: 'one-more', value: 1 }]);
    expect(res.statusCode).toBe(422);
    // replacing an existing one is still fine
    expect((await put(u, [{ type: 'bulk', name: 'n0', value: 'x' }])).statusCode).toBe(200);
  });

  it('needs a sign-in', async () => {
    expect((await put(null, [{ type: 'a', name: 'b', value: 1 }])).statusCode).toBe(401);
  });
});

describe('preferences: PATCH /user-preferences', () => {
  it('edits the own rows by id', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const [p] = (await put(u, [{ type: 'table', name: 'offers', value: 1 }])).json().data.items;
    const res = await patch(u, [{ id: p.id, value: { sort: 'title' } }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([{ ...p, value: { sort: 'title' } }]);
  });

  it("answers 404 for another user's row and changes nothing", async () => {
    const owner = await t.make.user({ type: 'affiliate' });
    const [theirs] = (await put(owner, [{ type: 'table', name: 'offers', value: 1 }])).json().data.items;
    const u = await t.make.user({ type: 'affiliate' });
    const [mine] = (await put(u, [{ type: 'table', name: 'offers', value: 1 }])).json().data.items;
    const res = await patch(u, [
      { id: mine.id, value: 2 },
      { id: theirs.id, value: 2 },
    ]);
    expect(res.statusCode).toBe(404);
    expect((await rowsOf(u.id))[0].value).toBe(1);
    expect((await rowsOf(owner.id))[0].value).toBe(1);
  });

  it('answers 400 on a bad id and 401 without a token', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await patch(u, [{ id: 'abc', value: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'id']);
    expect((await patch(null, [{ id: 1, value: 1 }])).statusCode).toBe(401);
  });
});

describe('preferences: DELETE /user-preferences', () => {
  it('deletes the own rows', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const items = (
      await put(u, [
        { type: 'table', name: 'a' },
        { type: 'table', name: 'b' },
      ])
    ).json().data.items;
    const res = await remove(u, [items[0].id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { items: [items[0].id] }, message: 'Preferences deleted' });
    expect((await rowsOf(u.id)).map((r) => r.name)).toEqual(['b']);
  });

  it("answers 404 when one id is another user's and deletes nothing", async () => {
    const owner = await t.make.user({ type: 'affiliate' });
    const [theirs] = (await put(owner, [{ type: 'table', name: 'a' }])).json().data.items;
    const u = await t.make.user({ type: 'affiliate' });
    const [mine] = (await put(u, [{ type: 'table', name: 'a' }])).json().data.items;
    expect((await remove(u, [mine.id, theirs.id])).statusCode).toBe(404);
    expect(await rowsOf(u.id)).toHaveLength(1);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it('answers 400 on an empty list and 401 without a token', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await remove(u, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ loc: ['body', 'data'], msg: 'required' });
    expect((await remove(null, [1])).statusCode).toBe(401);
  });
});
