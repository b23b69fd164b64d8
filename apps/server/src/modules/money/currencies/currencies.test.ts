import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, currencies, currencyRates } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { ensureCurrencies } from './currencies.service';

const t = await useApp();
const url = '/api/v1/currencies';
const seconds = () => Math.floor(t.clock.now.getTime() / 1000);

const get = (path: string, as: TestUser | null = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const put = (as: TestUser, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const status = (as: TestUser, items: unknown[]) => t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const byCode = async (code: string) =>
  (await get(`/all`)).json().data.items.find((c: { code: string }) => c.code === code) as { id: number; rate: string; status: string };

let letter = 0;
/** a fresh three-letter code: QAA, QAB, ... */
const nextCode = () => `Q${String.fromCharCode(65 + Math.floor(letter / 26))}${String.fromCharCode(65 + (letter++ % 26))}`;
async function makeCurrency(input: Record<string, unknown> = {}) {
  const code = (input.code as string) ?? nextCode();
  const res = await put(t.admin, [{ code, name: `Name ${code}`, title: `Title ${code}`, symbol: code, rate: '2.5', ...input }]);
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0] as { id: number; code: string; rate: string; status: string };
}

describe('currencies: first start', () => {
  it('seeds USD as the base with EUR and GBP, each with a history entry', async () => {
    const res = await get('/all');
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items;
    expect(items.map((c: { code: string }) => c.code)).toEqual(['EUR', 'GBP', 'USD']);
    expect(items.find((c: { code: string }) => c.code === 'USD')).toMatchObject({ rate: '1', isBase: true, status: 'active', symbol: '$' });
    expect(items.find((c: { code: string }) => c.code === 'EUR')).toMatchObject({ rate: '0.92', isBase: false });
    const history = await t.database.db.select().from(currencyRates);
    expect(history.length).toBe(3);
  });

  it('re-bases the starter rates on another base, and does nothing when currencies exist', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    await t.database.db
      .transaction(async (tx) => {
        await tx.delete(currencies);
        await ensureCurrencies(tx, 'EUR', at);
        const rows = await tx.select({ code: currencies.code, rate: currencies.rate }).from(currencies).orderBy(asc(currencies.code));
        expect(rows).toEqual([
          { code: 'EUR', rate: '1.00000000' },
          { code: 'GBP', rate: '0.85869565' },
          { code: 'USD', rate: '1.08695652' },
        ]);
        await ensureCurrencies(tx, 'EUR', at);
        expect((await tx.select().from(currencies)).length).toBe(3);
        await tx.delete(currencies);
        await ensureCurrencies(tx, 'CHF', at);
        expect(await tx.select({ code: currencies.code, rate: currencies.rate }).from(currencies)).toEqual([
          { code: 'CHF', rate: '1.00000000' },
        ]);
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
  });
});

describe('currencies: look-ups for every signed-in user', () => {
  it('all, for-invoice (base first, active only), active rates and rate by code', async () => {
    const off = await makeCurrency({ status: 'inactive', rate: '3' });
    const aff = await t.make.user({ type: 'affiliate' });
    const all = await get('/all', aff);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((c: { code: string }) => c.code)).toContain(off.code);

    const invoice = await get('/for-invoice', aff);
    const codes = invoice.json().data.items.map((c: { code: string }) => c.code);
    expect(codes[0]).toBe('USD');
    expect(codes).toContain('EUR');
    expect(codes).not.toContain(off.code);

    const rates = await get('/rates/active', aff);
    expect(rates.json().data.items).toEqual(expect.arrayContaining([{ code: 'EUR', rate: '0.92', rateUpdatedAt: expect.any(Number) }]));
    expect(rates.json().data.items.map((r: { code: string }) => r.code)).not.toContain(off.code);

    const one = await get('/rate/gbp', aff);
    expect(one.json().data).toEqual({ code: 'GBP', rate: '0.79', rateUpdatedAt: expect.any(Number) });
  });

  it('rate by code: 404 for an unknown code, 400 for a malformed one', async () => {
    expect((await get('/rate/XYZ')).statusCode).toBe(404);
    const bad = await get('/rate/US1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['params', 'code']);
  });

  it('look-ups need a token', async () => {
    for (const path of ['/all', '/for-invoice', '/rates/active', '/rate/USD', '/convert?amount=1&from=USD&to=EUR']) {
      expect((await get(path, null)).statusCode).toBe(401);
    }
  });
});

describe('currencies: conversion at a moment', () => {
  it('converts through the base with the rates valid at `at`', async () => {
    const aff = await t.make.user({ type: 'affiliate' });
    const before = seconds();
    const now = await get('/convert?amount=100&from=USD&to=EUR', aff);
    expect(now.statusCode).toBe(200);
    expect(now.json().data).toEqual({ amount: '100', from: 'USD', to: 'EUR', fromRate: '1', toRate: '0.92', result: '92', at: before });

    const cur = await makeCurrency({ rate: '4' });
    t.clock.advance(300);
    expect((await patch(t.admin, [{ id: cur.id, rate: '5' }])).statusCode).toBe(200);
    const later = seconds();

    const old = await get(`/convert?amount=10&from=${cur.code}&to=EUR&at=${later - 10}`, aff);
    expect(old.json().data).toMatchObject({ fromRate: '4', toRate: '0.92', result: '2.3' });
    const fresh = await get(`/convert?amount=10&from=${cur.code}&to=EUR&at=${later}`, aff);
    expect(fresh.json().data).toMatchObject({ fromRate: '5', result: '1.84' });
    const same = await get(`/convert?amount=0,1&from=EUR&to=EUR`, aff);
    expect(same.json().data).toMatchObject({ amount: '0.1', result: '0.1' });
  });

  it('422 when no rate is known at that moment', async () => {
    const res = await get('/convert?amount=1&from=USD&to=EUR&at=1000');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^No rate of (USD|EUR) is known at 1970-01-01T00:16:40Z$/);
  });

  it('validates amount, codes and time', async () => {
    const bad = await get('/convert?amount=1.123456789&from=usd&to=EU');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'floatLimit', loc: ['querystring', 'amount'] }),
        expect.objectContaining({ msg: 'pattern', loc: ['querystring', 'to'] }),
      ]),
    );
    const unknown = await get('/convert?amount=1&from=ZZZ&to=EUR');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ msg: 'Unknown currency ZZZ', type: 'notFound', loc: ['querystring', 'from'] }]);
    expect((await get('/convert?amount=abc&from=USD&to=EUR')).statusCode).toBe(400);
    expect((await get('/convert?amount=1&from=USD&to=EUR&at=-5')).statusCode).toBe(400);
  });
});

describe('currencies: management list and detail', () => {
  it('lists with search, status, order and count; needs currency.update', async () => {
    const a = await makeCurrency({ name: 'Zorkmid list' });
    const b = await makeCurrency({ name: 'Aurum list', status: 'inactive' });
    const res = await get('?search=list&orderBy=name:asc&withMeta=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(res.json().data.meta.totalCount).toBe(2);
    expect((await get('?search=list&status=active')).json().data.items.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect((await get(`?search=${a.code.toLowerCase()}`)).json().data.items.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const bad = await get('?orderBy=secret:asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await get('', aff)).statusCode).toBe(403);
    expect((await get('', null)).statusCode).toBe(401);
  });

  it('answers one currency as items[0] and its rate history, newest first', async () => {
    const c = await makeCurrency({ rate: '1.5' });
    t.clock.advance(60);
    await patch(t.admin, [{ id: c.id, rate: '1.6' }]);
    const one = await get(`/${c.id}`);
    expect(one.json().data.items[0]).toMatchObject({ id: c.id, rate: '1.6', rateUpdatedAt: seconds() });
    const history = await get(`/${c.id}/rates?withMeta=1`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual({
      items: [
        {
          id: expect.any(Number),
          rate: '1.6',
          validFrom: seconds(),
          createdBy: { id: t.admin.id, firstName: 'Admin', lastName: '', email: t.admin.email },
        },
        { id: expect.any(Number), rate: '1.5', validFrom: seconds() - 60, createdBy: expect.objectContaining({ id: t.admin.id }) },
      ],
      meta: { totalCount: 2 },
    });
    expect((await get(`/999999`)).statusCode).toBe(404);
    expect((await get(`/999999/rates`)).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await get(`/${c.id}`, aff)).statusCode).toBe(403);
    expect((await get(`/${c.id}/rates`, aff)).statusCode).toBe(403);
  });
});

describe('currencies: create', () => {
  it('creates a currency with an upper-cased code, symbolNative defaulting to symbol, and a history entry', async () => {
    const res = await put(t.admin, [{ code: 'pln', name: 'Polish Zloty', title: 'Zloty', symbol: 'zł', rate: '3,95' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Currency created');
    const c = res.json().data.items[0];
    expect(c).toEqual({
      id: expect.any(Number),
      code: 'PLN',
      name: 'Polish Zloty',
      title: 'Zloty',
      symbol: 'zł',
      symbolNative: 'zł',
      rate: '3.95',
      rateUpdatedAt: seconds(),
      status: 'active',
      isBase: false,
      createdAt: seconds(),
    });
    const history = await t.database.db.select().from(currencyRates).where(eq(currencyRates.currencyId, c.id));
    expect(history).toEqual([expect.objectContaining({ rate: '3.95000000', createdBy: t.admin.id })]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'currency'), eq(auditLog.entityId, c.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('refuses a taken code, also inside one request', async () => {
    const res = await put(t.admin, [{ code: 'eur', name: 'Euro again', title: 'Euro', symbol: '€', rate: '1' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'code'] }]);
    const code = nextCode();
    const twice = await put(t.admin, [
      { code, name: 'A', title: 'A', symbol: 'a', rate: '1' },
      { code, name: 'B', title: 'B', symbol: 'b', rate: '1' },
    ]);
    expect(twice.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'code'] }]);
    expect((await get(`/rate/${code}`)).statusCode).toBe(404);
  });

  it('concurrent creates of one code: one wins, the others get the field error', async () => {
    const code = nextCode();
    const results = await Promise.all(
      Array.from({ length: 3 }, () => put(t.admin, [{ code, name: 'Race', title: 'Race', symbol: 'r', rate: '1' }])),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().errors[0].loc).toEqual(['body', 'items', 0, 'code']);
  });

  it('validates each field', async () => {
    const res = await put(t.admin, [
      { code: 'US', name: '', title: ' ', symbol: 'toolongsymbol', rate: '0' },
      { code: 'ABCD', name: 'n', title: 't', symbol: 's', rate: '1.123456789' },
      { code: '123', name: 'n', title: 't', symbol: 's', rate: '-1' },
    ]);
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors.map((e: { msg: string; loc: unknown[] }) => [e.loc.slice(2).join('.'), e.msg]);
    expect(errs).toEqual(
      expect.arrayContaining([
        ['0.code', 'pattern'],
        ['0.name', 'required'],
        ['0.title', 'required'],
        ['0.symbol', 'minMaxLength'],
        ['0.rate', 'more'],
        ['1.code', 'pattern'],
        ['1.rate', 'floatLimit'],
        ['2.code', 'pattern'],
        ['2.rate', 'more'],
      ]),
    );
  });

  it('needs currency.update, and a token', async () => {
    const body = [{ code: nextCode(), name: 'n', title: 't', symbol: 's', rate: '1' }];
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await put(aff, body)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload: { items: body } })).statusCode).toBe(401);
  });
});

describe('currencies: edit', () => {
  it('edits names and symbols without touching the rate history', async () => {
    const c = await makeCurrency({ rate: '7' });
    const res = await patch(t.admin, [{ id: c.id, code: c.code, title: 'Renamed', symbolNative: 'ß', rate: '7.0000' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Currency saved',
      data: { items: [{ id: c.id, title: 'Renamed', symbolNative: 'ß', rate: '7' }] },
    });
    const history = await t.database.db.select().from(currencyRates).where(eq(currencyRates.currencyId, c.id));
    expect(history.length).toBe(1);
  });

  it('a rate change appends to the history and moves rateUpdatedAt', async () => {
    const c = await makeCurrency({ rate: '10' });
    t.clock.advance(120);
    const res = await patch(t.admin, [{ id: c.id, rate: '10.12345678' }]);
    expect(res.json().data.items[0]).toMatchObject({ rate: '10.12345678', rateUpdatedAt: seconds() });
    const history = await t.database.db
      .select()
      .from(currencyRates)
      .where(eq(currencyRates.currencyId, c.id))
      .orderBy(asc(currencyRates.id));
    expect(history.map((h) => h.rate)).toEqual(['10.00000000', '10.12345678']);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'currency'), eq(auditLog.entityId, c.id), eq(auditLog.action, 'update')));
    expect(audit.changes).toEqual({ before: { rate: '10' }, after: { rate: '10.12345678' } });
  });

  it('the base currency cannot be re-rated (422); sending its rate 1 back is fine', async () => {
    const usd = await byCode('USD');
    const res = await patch(t.admin, [{ id: usd.id, rate: '1.1' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The base currency always has rate 1: choose another base currency in the payment settings first');
    expect((await patch(t.admin, [{ id: usd.id, rate: '1.00', title: 'US Dollar' }])).statusCode).toBe(200);
  });

  it('refuses a code change, validates, 404s and needs currency.update', async () => {
    const c = await makeCurrency();
    const code = await patch(t.admin, [{ id: c.id, code: 'ZZZ' }]);
    expect(code.statusCode).toBe(400);
    expect(code.json().errors).toEqual([
      { msg: 'The code of a currency cannot change', type: 'readonly', loc: ['body', 'items', 0, 'code'] },
    ]);
    for (const rate of ['abc', '', ' ', '1e5', 'NaN', 'Infinity', null, true]) {
      const bad = await patch(t.admin, [{ id: c.id, rate }]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'rate'] });
    }
    expect((await patch(t.admin, [{ id: 999999, title: 'x' }])).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await patch(aff, [{ id: c.id, title: 'x' }])).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url, payload: { items: [{ id: c.id, title: 'x' }] } })).statusCode).toBe(401);
  });
});

describe('currencies: change_status', () => {
  it('deactivates and activates a currency', async () => {
    const c = await makeCurrency();
    const res = await status(t.admin, [{ id: c.id, status: 'inactive' }]);
    expect(res.json()).toMatchObject({ message: 'Currency status changed', data: { items: [{ id: c.id, status: 'inactive' }] } });
    expect((await status(t.admin, [{ id: c.id, status: 'active' }])).json().data.items[0].status).toBe('active');
  });

  it('the base currency cannot be deactivated (422) and nothing is written', async () => {
    const usd = await byCode('USD');
    const c = await makeCurrency();
    const res = await status(t.admin, [
      { id: c.id, status: 'inactive' },
      { id: usd.id, status: 'inactive' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The base currency cannot be deactivated: choose another base currency in the payment settings first');
    expect((await get(`/${c.id}`)).json().data.items[0].status).toBe('active');
  });

  it('validates, 404s and needs currency.update', async () => {
    const c = await makeCurrency();
    const bad = await status(t.admin, [{ id: c.id, status: 'deleted' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
    expect((await status(t.admin, [{ id: 999999, status: 'inactive' }])).statusCode).toBe(404);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await status(aff, [{ id: c.id, status: 'inactive' }])).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `${url}/change_status`, payload: { items: [{ id: c.id, status: 'inactive' }] } })).statusCode,
    ).toBe(401);
  });
});
