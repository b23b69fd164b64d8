import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { userManagers } from '../../../db/schema';

const t = await useApp();
const url = '/api/v1/notes';
// notes hang on real records: the affiliate scope is checked on the target
const [a12, a13, a77] = [await t.make.user({ signIn: false }), await t.make.user({ signIn: false }), await t.make.user({ signIn: false })];

const add = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const list = (as: TestUser | null, query: string) => t.request({ method: 'GET', url: `${url}?${query}`, as });
const removeNotes = (as: TestUser | null, ids: number[]) =>
  t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items: ids.map((id) => ({ id, status: 'deleted' })) } });

describe('notes', () => {
  it('adds notes to a record and lists them newest first with their author', async () => {
    const first = await add(t.admin, [{ targetSlug: `affiliate:${a12.id}`, content: 'Called, asked for a higher payout' }]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Note added',
      data: {
        items: [
          {
            id: expect.any(Number),
            targetSlug: `affiliate:${a12.id}`,
            title: '',
            content: 'Called, asked for a higher payout',
            createdAt: expect.any(Number),
            createdBy: { id: t.admin.id, firstName: 'Admin', lastName: '', email: t.admin.email },
          },
        ],
      },
    });
    t.clock.advance(60);
    await add(t.admin, [{ targetSlug: `affiliate:${a12.id}`, title: 'Payout', content: 'Agreed on 12 USD' }]);
    await add(t.admin, [{ targetSlug: `affiliate:${a13.id}`, content: 'Another record' }]);
    const res = await list(t.admin, `targetSlug=affiliate:${a12.id}&withMeta=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((n: { content: string }) => n.content)).toEqual([
      'Agreed on 12 USD',
      'Called, asked for a higher payout',
    ]);
    expect(res.json().data.meta).toEqual({ totalCount: 2 });
    const paged = await list(t.admin, `targetSlug=affiliate:${a12.id}&limit=1&offset=1`);
    expect(paged.json().data.items.map((n: { content: string }) => n.content)).toEqual(['Called, asked for a higher payout']);
  });

  it('validates the slug, title and content per field', async () => {
    const res = await add(t.admin, [
      { targetSlug: 'affiliate', content: '' },
      { targetSlug: 'Affiliate:0', title: 'x'.repeat(201), content: 'x'.repeat(5001) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'targetSlug'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'content'] }),
        expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 1, 'targetSlug'] }),
        expect.objectContaining({ msg: 'minMaxLength', loc: ['body', 'items', 1, 'title'] }),
        expect.objectContaining({ msg: 'minMaxLength', loc: ['body', 'items', 1, 'content'] }),
      ]),
    );
    expect((await add(t.admin, [{ targetSlug: 'offer:99999999999', content: 'x' }])).statusCode).toBe(400);
    expect((await add(t.admin, [{ targetSlug: 'offer:1', content: 'x'.repeat(5000) }])).statusCode).toBe(200);
    const noSlug = await list(t.admin, '');
    expect(noSlug.statusCode).toBe(400);
    expect(noSlug.json().errors[0]).toMatchObject({ msg: 'required', loc: ['querystring', 'targetSlug'] });
  });

  it('is for staff only: affiliates and advertisers get 403, anonymous callers 401', async () => {
    await add(t.admin, [{ targetSlug: `affiliate:${a77.id}`, content: 'Private remark' }]);
    const aff = await t.make.user({ type: 'affiliate' });
    const adv = await t.make.user({ type: 'advertiser_member' });
    for (const who of [aff, adv]) {
      expect((await list(who, `targetSlug=affiliate:${a77.id}`)).statusCode).toBe(403);
      expect((await add(who, [{ targetSlug: `affiliate:${a77.id}`, content: 'x' }])).statusCode).toBe(403);
    }
    expect((await list(null, `targetSlug=affiliate:${a77.id}`)).statusCode).toBe(401);
    expect((await add(null, [{ targetSlug: `affiliate:${a77.id}`, content: 'x' }])).statusCode).toBe(401);
    const employee = await t.make.user({ type: 'employee', permissions: ['affiliate.read'] });
    expect((await list(employee, `targetSlug=affiliate:${a77.id}`)).json().data.items).toHaveLength(1);
  });

  it('follows the affiliate scope: a manager of assigned affiliates only reaches their notes', async () => {
    await add(t.admin, [{ targetSlug: `affiliate:${a13.id}`, content: 'Assigned one' }]);
    const manager = await t.make.user({ type: 'affiliate_manager', permissions: ['affiliate.assigned.read', 'affiliate.assigned.update'] });
    await t.database.db.insert(userManagers).values({ userId: a13.id, managerId: manager.id });
    expect((await list(manager, `targetSlug=affiliate:${a13.id}`)).json().data.items.length).toBeGreaterThan(0);
    expect((await list(manager, `targetSlug=affiliate:${a77.id}`)).statusCode).toBe(404);
    expect((await add(manager, [{ targetSlug: `affiliate:${a77.id}`, content: 'x' }])).statusCode).toBe(404);
    expect((await list(t.admin, 'targetSlug=affiliate:999999')).statusCode).toBe(404);
  });

  it('removes a note by status change; only its author or an admin may', async () => {
    const author = await t.make.user({ type: 'affiliate_manager' });
    const other = await t.make.user({ type: 'affiliate_manager' });
    const created = await add(author, [{ targetSlug: 'advertiser:5', content: 'Mine' }]);
    const id = created.json().data.items[0].id;
    expect((await removeNotes(other, [id])).statusCode).toBe(403);
    const ok = await removeNotes(author, [id]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { items: [{ id, status: 'deleted' }] }, message: 'Note removed' });
    expect((await list(author, 'targetSlug=advertiser:5')).json().data.items).toEqual([]);
    expect((await removeNotes(author, [id])).statusCode).toBe(404);
    const byAdmin = await add(other, [{ targetSlug: 'advertiser:5', content: 'Theirs' }]);
    expect((await removeNotes(t.admin, [byAdmin.json().data.items[0].id])).statusCode).toBe(200);
    const audit = await t.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'note' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('accepts only the deleted status and refuses affiliates', async () => {
    const created = await add(t.admin, [{ targetSlug: 'offer:3', content: 'Keep' }]);
    const id = created.json().data.items[0].id;
    const bad = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id, status: 'active' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await removeNotes(aff, [id])).statusCode).toBe(403);
    expect((await removeNotes(null, [id])).statusCode).toBe(401);
    expect((await removeNotes(t.admin, [id, 999999])).statusCode).toBe(404);
    expect((await list(t.admin, 'targetSlug=offer:3')).json().data.items).toHaveLength(1);
  });
});
