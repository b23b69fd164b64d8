import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/payment-methods';

const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser, items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
let seq = 0;
async function makeMethod(input: Record<string, unknown> = {}) {
  const res = await put(t.admin, [{ title: `Method ${++seq}`, ...input }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; title: string; status: string };
}
const wire = {
  title: 'Wire transfer',
  description: 'SEPA and SWIFT',
  fields: [
    { name: 'iban', title: 'IBAN', required: true, pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{10,30}$' },
    { name: 'swift', title: 'SWIFT / BIC', required: false, pattern: '' },
  ],
  currencies: ['eur', 'USD'],
};

describe('payment methods: create', () => {
  it('creates a method with its fields and currencies, and audits it', async () => {
    const res = await put(t.admin, [wire]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment method created');
    const m = res.json().data.items[0];
    expect(m).toEqual({
      id: expect.any(Number),
      title: 'Wire transfer',
      description: 'SEPA and SWIFT',
      fields: [
        { name: 'iban', title: 'IBAN', required: true, pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{10,30}$' },
        { name: 'swift', title: 'SWIFT / BIC', required: false, pattern: null },
      ],
      currencies: ['EUR', 'USD'],
      status: 'active',
      createdAt: Math.floor(t.clock.now.getTime() / 1000),
      createdBy: t.admin.id,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_method'), eq(auditLog.entityId, m.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('refuses a taken title case-insensitively, also inside one request', async () => {
    await makeMethod({ title: 'Paxum' });
    const res = await put(t.admin, [{ title: 'PAXUM' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    const twice = await put(t.admin, [{ title: 'Capitalist' }, { title: 'capitalist' }]);
    expect(twice.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'title'] }]);
  });

  it('concurrent creates of one title: one wins, the others get the field error', async () => {
    const results = await Promise.all(Array.from({ length: 3 }, () => put(t.admin, [{ title: 'Race method' }])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('validates fields: names, unique names, regex patterns, description, currencies', async () => {
    const res = await put(t.admin, [
      {
        title: 'Broken',
        description: 'x'.repeat(2001),
        fields: [
          { name: 'Bad Name', title: 'A' },
          { name: 'wallet', title: '', pattern: '([a-z' },
          { name: 'wallet', title: 'Again' },
        ],
        currencies: ['EURO', 'USD', 'USD'],
      },
    ]);
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors.map((e: { msg: string; loc: unknown[] }) => [e.loc.slice(2).join('.'), e.msg]);
    expect(errs).toEqual(
      expect.arrayContaining([
        ['0.description', 'maxlength'],
        ['0.fields.0.name', 'pattern'],
        ['0.fields.1.title', 'required'],
        ['0.fields.1.pattern', 'pattern'],
        ['0.fields.2.name', 'unique'],
        ['0.currencies.0', 'pattern'],
        ['0.currencies.2', 'unique'],
      ]),
    );
  });

  it('refuses a currency that does not exist', async () => {
    const res = await put(t.admin, [{ title: 'Yen only', currencies: ['USD', 'JPY'] }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'Unknown currency JPY', type: 'notFound', loc: ['body', 'items', 0, 'currencies', 1] }]);
  });

  it('needs payment_method.update, and a token', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await put(aff, [{ title: 'Nope' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload: { items: [{ title: 'Nope' }] } })).statusCode).toBe(401);
  });
});

describe('payment methods: list, active and get', () => {
  it('lists with search, status, currency, order and count', async () => {
    const a = await makeMethod({ title: 'Zeta listed', currencies: ['GBP'] });
    const b = await makeMethod({ title: 'Alpha listed', status: 'inactive' });
    const res = await t.request({ method: 'GET', url: `${url}?search=listed&withMeta=1`, as: t.admin });
    expect(res.json().data.items.map((m: { id: number }) => m.id)).toEqual([b.id, a.id]);
    expect(res.json().data.meta.totalCount).toBe(2);
    const active = await t.request({ method: 'GET', url: `${url}?search=listed&status=active`, as: t.admin });
    expect(active.json().data.items.map((m: { id: number }) => m.id)).toEqual([a.id]);
    const gbp = await t.request({ method: 'GET', url: `${url}?currency=gbp`, as: t.admin });
    expect(gbp.json().data.items.map((m: { id: number }) => m.id)).toEqual([a.id]);
    const bad = await t.request({ method: 'GET', url: `${url}?orderBy=fields:asc`, as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });

  it('the management list needs payment_method.update; the active list only a sign-in', async () => {
    const on = await makeMethod({ title: 'Visible active' });
    const off = await makeMethod({ title: 'Hidden inactive', status: 'inactive' });
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url, as: aff })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const active = await t.request({ method: 'GET', url: `${url}/active`, as: aff });
    expect(active.statusCode).toBe(200);
    const ids = active.json().data.items.map((m: { id: number }) => m.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    expect((await t.request({ method: 'GET', url: `${url}/active` })).statusCode).toBe(401);
  });

  it('gets one method as items[0], 404 for a missing one, needs payment_method.update', async () => {
    const m = await makeMethod();
    expect((await t.request({ method: 'GET', url: `${url}/${m.id}`, as: t.admin })).json().data.items[0].id).toBe(m.id);
    expect((await t.request({ method: 'GET', url: `${url}/999999`, as: t.admin })).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: `${url}/${m.id}`, as: aff })).statusCode).toBe(403);
  });
});

describe('payment methods: edit and status', () => {
  it('edits title, fields and currencies; audits only the changes', async () => {
    const m = await makeMethod({ title: 'Crypto', fields: [{ name: 'wallet', title: 'Wallet', required: true }] });
    const res = await patch(t.admin, [
      {
        id: m.id,
        title: 'Crypto (USDT)',
        fields: [{ name: 'wallet', title: 'TRC-20 wallet', required: true, pattern: '^T[A-Za-z0-9]{33}$' }],
        currencies: ['USD'],
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment method saved',
      data: {
        items: [
          {
            id: m.id,
            title: 'Crypto (USDT)',
            fields: [{ name: 'wallet', title: 'TRC-20 wallet', required: true, pattern: '^T[A-Za-z0-9]{33}$' }],
            currencies: ['USD'],
          },
        ],
      },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_method'), eq(auditLog.entityId, m.id), eq(auditLog.action, 'update')));
    expect(Object.keys((audit.changes as { after: object }).after).sort()).toEqual(['currencies', 'fields', 'title']);
  });

  it('refuses another method title, validates, 404s and needs payment_method.update', async () => {
    const a = await makeMethod({ title: 'Keep A' });
    const b = await makeMethod({ title: 'Keep B' });
    const dup = await patch(t.admin, [{ id: b.id, title: 'keep a' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] }]);
    expect((await patch(t.admin, [{ id: a.id, title: 'KEEP A' }])).statusCode).toBe(200);
    const bad = await patch(t.admin, [{ id: a.id, fields: [{ name: 'x', title: 'X', pattern: '*' }] }]);
    expect(bad.json().errors[0]).toMatchObject({ msg: 'pattern', loc: ['body', 'items', 0, 'fields', 0, 'pattern'] });
    expect((await patch(t.admin, [{ id: 999999, title: 'Gone' }])).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await patch(aff, [{ id: a.id, title: 'Mine' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url, payload: { items: [{ id: a.id, title: 'Mine' }] } })).statusCode).toBe(401);
  });

  it('changes status; validates, 404s and needs payment_method.update', async () => {
    const m = await makeMethod();
    const off = await status(t.admin, [{ id: m.id, status: 'inactive' }]);
    expect(off.json()).toMatchObject({ message: 'Payment method status changed', data: { items: [{ id: m.id, status: 'inactive' }] } });
    const bad = await status(t.admin, [{ id: m.id, status: 'deleted' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    expect((await status(t.admin, [{ id: 999999, status: 'active' }])).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await status(aff, [{ id: m.id, status: 'active' }])).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, payload: { items: [{ id: m.id, status: 'active' }] } })).statusCode,
    ).toBe(401);
  });
});
