import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, currencies, currencyRates } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';

const t = await useApp();
const url = '/api/v1/settings/payment';
const save = (data: unknown, as: TestUser | null = t.admin) => t.request({ method: 'PATCH', url, as, payload: { data } });
const rates = async () =>
  Object.fromEntries(
    (await t.database.db.select({ code: currencies.code, rate: currencies.rate }).from(currencies).orderBy(asc(currencies.code))).map(
      (r) => [r.code, r.rate],
    ),
  );
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('payment settings: read', () => {
  it('answers the base currency and the invoice defaults', async () => {
    const res = await t.request({ method: 'GET', url, as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      baseCurrency: 'USD',
      invoiceTitlePrefix: 'INV-',
      paymentTermsDays: 14,
      minPayoutAmount: '0',
      allowSecondWithdrawal: false,
      autoInvoicePeriod: 'off',
      autoInvoiceAffiliateIds: null,
    });
  });

  it('needs settings.general.update, and a token', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await t.request({ method: 'GET', url, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('payment settings: withdrawals and automatic invoices', () => {
  it('saves the second-withdrawal switch and the automatic invoices for every or the chosen affiliates', async () => {
    const a = await t.make.user({ type: 'affiliate' });
    const b = await t.make.user({ type: 'affiliate' });
    const res = await save({ allowSecondWithdrawal: true, autoInvoicePeriod: 'weekly', autoInvoiceAffiliateIds: [b.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      allowSecondWithdrawal: true,
      autoInvoicePeriod: 'weekly',
      autoInvoiceAffiliateIds: [b.id, a.id],
    });
    expect((await save({ autoInvoicePeriod: 'monthly', autoInvoiceAffiliateIds: null })).json().data).toMatchObject({
      autoInvoicePeriod: 'monthly',
      autoInvoiceAffiliateIds: null,
    });
    await save({ allowSecondWithdrawal: false, autoInvoicePeriod: 'off' });
  });

  it('refuses an unknown period and ids that are not affiliates, naming the item, and saves nothing', async () => {
    const staff = await t.make.user({ type: 'employee' });
    const a = await t.make.user({ type: 'affiliate' });
    const period = await save({ autoInvoicePeriod: 'daily' });
    expect(period.statusCode).toBe(400);
    expect(period.json().errors[0].loc).toEqual(['body', 'data', 'autoInvoicePeriod']);
    const ids = await save({ autoInvoicePeriod: 'weekly', autoInvoiceAffiliateIds: [a.id, staff.id, 99_999_999] });
    expect(ids.statusCode).toBe(400);
    expect(ids.json().errors.map((e: { loc: unknown[] }) => e.loc)).toEqual([
      ['body', 'data', 'autoInvoiceAffiliateIds', 1],
      ['body', 'data', 'autoInvoiceAffiliateIds', 2],
    ]);
    expect((await t.request({ method: 'GET', url, as: t.admin })).json().data).toMatchObject({
      autoInvoicePeriod: 'off',
      autoInvoiceAffiliateIds: null,
    });
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await save({ autoInvoicePeriod: 'weekly' }, manager)).statusCode).toBe(403);
  });
});

describe('payment settings: invoice defaults', () => {
  it('saves the sent keys, keeps the rest and audits the change', async () => {
    const res = await save({ invoiceTitlePrefix: 'LG-', paymentTermsDays: 30, minPayoutAmount: '50,5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        baseCurrency: 'USD',
        invoiceTitlePrefix: 'LG-',
        paymentTermsDays: 30,
        minPayoutAmount: '50.5',
        allowSecondWithdrawal: false,
        autoInvoicePeriod: 'off',
        autoInvoiceAffiliateIds: null,
      },
      message: 'Payment settings saved',
    });
    expect((await save({ paymentTermsDays: 0 })).json().data).toMatchObject({ invoiceTitlePrefix: 'LG-', paymentTermsDays: 0 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.action, 'update')));
    expect(audit.map((a) => a.changes)).toEqual(
      expect.arrayContaining([
        {
          before: { invoiceTitlePrefix: 'INV-', paymentTermsDays: 14, minPayoutAmount: '0' },
          after: { invoiceTitlePrefix: 'LG-', paymentTermsDays: 30, minPayoutAmount: '50.5' },
        },
      ]),
    );
  });

  it('validates each field at its place', async () => {
    const res = await save({ invoiceTitlePrefix: 'x'.repeat(21), paymentTermsDays: 366, minPayoutAmount: '-1', baseCurrency: 'US' });
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors.map((e: { msg: string; loc: unknown[] }) => [e.loc.join('.'), e.msg]);
    expect(errs).toEqual(
      expect.arrayContaining([
        ['body.data.invoiceTitlePrefix', 'maxlength'],
        ['body.data.paymentTermsDays', 'minMax'],
        ['body.data.minPayoutAmount', 'min'],
        ['body.data.baseCurrency', 'pattern'],
      ]),
    );
    const more = await save({ minPayoutAmount: 'abc', paymentTermsDays: 1.5, invoiceTitlePrefix: 'INV<script>' });
    expect(
      more
        .json()
        .errors.map((e: { msg: string }) => e.msg)
        .sort(),
    ).toEqual(['floatNumber', 'number', 'pattern']);
  });

  it('needs settings.general.update, and a token', async () => {
    const employee = await t.make.user({ type: 'employee', permissions: ['currency.update', 'payment_method.update'] });
    expect((await save({ paymentTermsDays: 5 }, employee)).statusCode).toBe(403);
    expect((await save({ paymentTermsDays: 5 }, null)).statusCode).toBe(401);
  });
});

describe('payment settings: changing the base currency', () => {
  it('refuses an unknown or inactive currency and writes nothing', async () => {
    const unknown = await save({ baseCurrency: 'JPY' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ msg: 'Choose an active currency', type: 'notFound', loc: ['body', 'data', 'baseCurrency'] }]);
    const [gbp] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'GBP'));
    await t.request({
      method: 'POST',
      url: '/api/v1/currencies/change_status',
      as: t.admin,
      payload: { items: [{ id: gbp.id, status: 'inactive' }] },
    });
    const inactive = await save({ baseCurrency: 'GBP', paymentTermsDays: 99 });
    expect(inactive.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url, as: t.admin })).json().data).toMatchObject({ baseCurrency: 'USD', paymentTermsDays: 0 });
    await t.request({
      method: 'POST',
      url: '/api/v1/currencies/change_status',
      as: t.admin,
      payload: { items: [{ id: gbp.id, status: 'active' }] },
    });
  });

  it('re-bases every rate in one go, appends history, converts the minimum payout and signs new tokens with it', async () => {
    await save({ minPayoutAmount: '100' });
    const historyBefore = (await t.database.db.select().from(currencyRates)).length;
    t.clock.advance(10);

    const res = await save({ baseCurrency: 'eur' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment settings saved: EUR is the base currency and every rate is re-based on it');
    expect(res.json().data).toMatchObject({ baseCurrency: 'EUR', minPayoutAmount: '108.69565217' });
    expect(await rates()).toEqual({ EUR: '1.00000000', GBP: '0.85869565', USD: '1.08695652' });
    expect((await t.database.db.select().from(currencyRates)).length).toBe(historyBefore + 3);

    const list = await t.request({ method: 'GET', url: '/api/v1/currencies/all', as: t.admin });
    expect(
      list
        .json()
        .data.items.filter((c: { isBase: boolean }) => c.isBase)
        .map((c: { code: string }) => c.code),
    ).toEqual(['EUR']);

    // conversions in the past still use the rates of their time; now they use the re-based ones
    const past = await t.request({
      method: 'GET',
      url: `/api/v1/currencies/convert?amount=100&from=GBP&to=USD&at=${Math.floor(t.clock.now.getTime() / 1000) - 5}`,
      as: t.admin,
    });
    expect(past.json().data).toMatchObject({ fromRate: '0.79', toRate: '1', result: '126.58227848' });
    const now = await t.request({ method: 'GET', url: '/api/v1/currencies/convert?amount=100&from=GBP&to=USD', as: t.admin });
    expect(now.json().data).toMatchObject({ fromRate: '0.85869565', toRate: '1.08695652', result: '126.5822786' });

    const login = await t.signIn(t.admin.email, t.admin.password);
    expect(claims(login.token).cur).toBe('EUR');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'change_base_currency'));
    expect(audit.changes).toMatchObject({ before: { baseCurrency: 'USD' }, after: { baseCurrency: 'EUR' } });
  });

  it('the new base is protected, the old one is an ordinary currency again', async () => {
    const [eur] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'EUR'));
    const [usd] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'USD'));
    const token = (await t.signIn(t.admin.email, t.admin.password)).token;
    const off = await t.request({
      method: 'POST',
      url: '/api/v1/currencies/change_status',
      as: token,
      payload: { items: [{ id: eur.id, status: 'inactive' }] },
    });
    expect(off.statusCode).toBe(422);
    const rerate = await t.request({
      method: 'PATCH',
      url: '/api/v1/currencies',
      as: token,
      payload: { items: [{ id: eur.id, rate: '2' }] },
    });
    expect(rerate.statusCode).toBe(422);
    const usdRate = await t.request({
      method: 'PATCH',
      url: '/api/v1/currencies',
      as: token,
      payload: { items: [{ id: usd.id, rate: '1.1' }] },
    });
    expect(usdRate.statusCode).toBe(200);
  });

  it('choosing the current base again changes nothing', async () => {
    const before = (await t.database.db.select().from(currencyRates)).length;
    const res = await save({ baseCurrency: 'EUR' });
    expect(res.json().message).toBe('Payment settings saved');
    expect((await t.database.db.select().from(currencyRates)).length).toBe(before);
  });
});
