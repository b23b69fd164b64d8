// temporary: screenshots of the finance screens against fixtures (not committed)
import { chromium, type Page } from '@playwright/test';

const BASE = 'http://127.0.0.1:3227';
const now = Math.floor(Date.now() / 1000);
const person = (id: number, f: string, l: string) => ({ id, firstName: f, lastName: l, email: `${f.toLowerCase()}@demo.io` });
const inv = (id: number, extra: Record<string, unknown> = {}) => ({
  id, title: `INV-${String(id).padStart(6, '0')}`, type: 'affiliate', status: 'unpaid', affiliateId: 11, affiliate: person(11, 'Petra', 'Publisher'),
  advertiserId: null, advertiser: null, amount: '1240.5', paidAmount: '0', currency: 'USD', rate: '1', baseCurrency: 'USD', baseAmount: '1240.5',
  conversionsCount: 14, advanceAmount: null, advanceAmountHold: null, dateFrom: '2026-11-01', dateTo: '2026-11-15', dueAt: now + 86400 * 5, overdue: false,
  withdrawalMethodId: 3, withdrawalMethod: { id: 3, title: 'Main IBAN', paymentMethod: { id: 1, title: 'Wire transfer' }, values: { iban: 'DE89 3704 0044 0532 0130 00', holder: 'Petra Publisher' } },
  notes: 'Payout for the first half of November', privateNotes: 'Checked by finance', paidAt: null, reference: null, payments: [], origin: 'manual',
  createdAt: now - 86400 * 9, createdBy: 1, updatedAt: now, ...extra,
});
const INVOICES = [
  inv(12),
  inv(11, { status: 'unpaid', overdue: true, dueAt: now - 86400 * 2, amount: '380', paidAmount: '100', affiliate: person(12, 'Marco', 'Rossi'), affiliateId: 12, dateFrom: null, dateTo: null, conversionsCount: 5 }),
  inv(10, { status: 'paid', paidAt: now - 86400, reference: 'TX-88213', paidAmount: '920', amount: '920', currency: 'EUR', affiliate: person(13, 'Lena', 'Kraus'), affiliateId: 13 }),
  inv(9, { status: 'declined', amount: '75.25' }),
];
const ADV_INVOICES = [
  inv(21, { type: 'advertiser', affiliateId: null, affiliate: null, advertiserId: 2, advertiser: { id: 2, title: 'Broker One' }, amount: '5400', conversionsCount: 40 }),
  inv(20, { type: 'advertiser', affiliateId: null, affiliate: null, advertiserId: 3, advertiser: { id: 3, title: 'LoanCo' }, amount: '2000', advanceAmount: '2000', conversionsCount: 0, dateFrom: null, dateTo: null, status: 'paid', paidAmount: '2000', paidAt: now - 3600 }),
];
const conv = (id: number) => ({ id, createdAt: now - 86400 * (20 - id), status: 3, offer: { id: 1, title: 'Demo: Loans DE' }, goal: { id: 2, title: 'Approved loan' }, amount: id % 3 ? '85' : '70', currency: id % 3 ? 'USD' : 'EUR', invoiceAmount: id % 3 ? '85' : '76.09' });
const DETAIL = { ...INVOICES[1], conversions: [1, 2, 3, 4, 5].map(conv), payments: [{ id: 1, amount: '100', paidAt: now - 86400, reference: 'TX-77', source: 'payment', createdAt: now, createdBy: 1 }], adjustments: [{ kind: 'clawback', conversionId: 7, adjustmentId: null, reason: null, amount: '-45', currency: 'USD', invoiceAmount: '-45' }] };
const fig = (h: string, a: string, r: string, p: string) => ({ hold: h, approved: a, requested: r, paid: p });
const AFF_BAL = [
  { affiliateId: 11, affiliate: person(11, 'Petra', 'Publisher'), baseCurrency: 'USD', baseCurrencySymbol: '$', ...fig('420', '1890.5', '1240.5', '6400'), breakdown: [{ currency: 'USD', ...fig('300', '1500', '1240.5', '5000') }, { currency: 'EUR', ...fig('110', '360', '0', '1300') }] },
  { affiliateId: 12, affiliate: person(12, 'Marco', 'Rossi'), baseCurrency: 'USD', baseCurrencySymbol: '$', ...fig('80', '-45', '280', '1200'), breakdown: [{ currency: 'USD', ...fig('80', '-45', '280', '1200') }] },
  { affiliateId: 13, affiliate: person(13, 'Lena', 'Kraus'), baseCurrency: 'USD', baseCurrencySymbol: '$', ...fig('0', '310', '0', '990'), breakdown: [{ currency: 'EUR', ...fig('0', '285', '0', '920') }] },
];
const ADV_BAL = [{ advertiserId: 2, advertiser: { id: 2, title: 'Broker One' }, baseCurrency: 'USD', baseCurrencySymbol: '$', ...fig('900', '3100', '5400', '12000'), advance: '0', advanceHold: '0', breakdown: [{ currency: 'USD', ...fig('900', '3100', '5400', '12000'), advance: '0', advanceHold: '0' }] },
  { advertiserId: 3, advertiser: { id: 3, title: 'LoanCo' }, baseCurrency: 'USD', baseCurrencySymbol: '$', ...fig('200', '0', '0', '800'), advance: '1200', advanceHold: '200', breakdown: [{ currency: 'USD', ...fig('200', '0', '0', '800'), advance: '1200', advanceHold: '200' }] }];
const ENTRIES = [
  { id: 88, createdAt: now - 3600, partyType: 'affiliate', partyId: 11, currency: 'USD', bucket: 'approved', amount: '85', baseAmount: '85', kind: 'conversion.status', conversionId: 41, adjustmentId: null, invoiceId: null, userId: null },
  { id: 87, createdAt: now - 7200, partyType: 'affiliate', partyId: 11, currency: 'USD', bucket: 'hold', amount: '-85', baseAmount: '-85', kind: 'conversion.status', conversionId: 41, adjustmentId: null, invoiceId: null, userId: null },
  { id: 86, createdAt: now - 86400, partyType: 'affiliate', partyId: 11, currency: 'USD', bucket: 'requested', amount: '1240.5', baseAmount: '1240.5', kind: 'invoice.created', conversionId: null, adjustmentId: null, invoiceId: 12, userId: 1 },
  { id: 85, createdAt: now - 86400, partyType: 'affiliate', partyId: 11, currency: 'USD', bucket: 'approved', amount: '-1240.5', baseAmount: '-1240.5', kind: 'invoice.created', conversionId: null, adjustmentId: null, invoiceId: 12, userId: 1 },
  { id: 84, createdAt: now - 86400 * 2, partyType: 'affiliate', partyId: 11, currency: 'EUR', bucket: 'approved', amount: '-20', baseAmount: '-21.8', kind: 'adjustment', conversionId: null, adjustmentId: 3, invoiceId: null, userId: 1 },
];
const months = ['2026-11', '2026-10', '2026-09', '2026-08'];
const SUMMARY = { items: months.flatMap((m, i) => [
  { month: m, currency: 'USD', payable: String(4200 - i * 300), receivable: String(7900 - i * 500), paid: String(3100 + i * 200), received: String(6000 + i * 100), profit: String(3700 - i * 200) },
  ...(i < 2 ? [{ month: m, currency: 'EUR', payable: '640', receivable: '1100', paid: '300', received: '800', profit: '460' }] : []),
]), unpaid: { affiliate: 2, advertiser: 1, overdue: 1 } };

const ok = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });

async function mock(page: Page, affiliate = false) {
  await page.route(/\/api\/v1\/(balances|invoices|finance)/, async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname.replace('/api/v1', '');
    const q = url.searchParams;
    if (p === '/balances/my') return route.fulfill(ok({ items: [{ ...AFF_BAL[0], minPayoutAmount: '100', withdrawalPending: false }] }));
    if (p === '/balances/affiliates') return route.fulfill(ok({ items: AFF_BAL, meta: { totalCount: 3 } }));
    if (p === '/balances/advertisers') return route.fulfill(ok({ items: ADV_BAL, meta: { totalCount: 2 } }));
    if (/\/balances\/affiliates\/\d+\/entries/.test(p)) return route.fulfill(ok({ items: ENTRIES, meta: { totalCount: 5 } }));
    if (/\/balances\/advertisers\/\d+\/entries/.test(p)) return route.fulfill(ok({ items: [], meta: { totalCount: 0 } }));
    if (/\/balances\/affiliates\/\d+$/.test(p)) return route.fulfill(ok({ items: [AFF_BAL[0]] }));
    if (/\/balances\/advertisers\/\d+$/.test(p)) return route.fulfill(ok({ items: [ADV_BAL[1]] }));
    if (p === '/finance/summary') return route.fulfill(ok(SUMMARY));
    if (/\/invoices\/\d+$/.test(p)) return route.fulfill(ok({ items: [affiliate ? { ...DETAIL, privateNotes: undefined } : DETAIL] }));
    if (p === '/invoices') {
      const list = q.get('type') === 'advertiser' ? ADV_INVOICES : INVOICES;
      const rows = q.get('status') === 'unpaid' ? list.filter((i) => i.status === 'unpaid') : list;
      return route.fulfill(ok({ items: rows.slice(0, Number(q.get('limit') ?? 25)), meta: { totalCount: rows.length } }));
    }
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"statusCode":404,"message":"Not found"}' });
  });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${BASE}/login`);
  await page.locator('input#email').fill(email);
  await page.locator('input#password').fill(password);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await page.getByTestId('sidebar').waitFor();
}

async function shoot(page: Page, path: string, name: string, theme: string, action?: (p: Page) => Promise<void>) {
  await page.evaluate((t) => localStorage.setItem('lg_theme', t), theme);
  await page.goto(`${BASE}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  if (action) await action(page);
  await page.screenshot({ path: `/tmp/finshots/${name}-${theme}.png`, fullPage: true });
}

(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const only = process.argv[2];
  for (const theme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await mock(page);
    await signIn(page, 'admin@shots.local', 'shots-admin-pass');
    const shots: [string, string, ((p: Page) => Promise<void>)?][] = [
      ['/finance', 'finance'],
      ['/affiliate-billing/balances', 'aff-balances'],
      ['/affiliate-billing/balances/11', 'aff-balance'],
      ['/advertiser-billing/adv-balances', 'adv-balances'],
      ['/advertiser-billing/adv-balances/3', 'adv-balance'],
      ['/affiliate-billing/invoices', 'aff-invoices', async (p) => { await p.locator('tr[data-row-key="12"] .ant-checkbox-input').check(); await p.locator('tr[data-row-key="11"] .ant-checkbox-input').check(); }],
      ['/advertiser-billing/adv-invoices', 'adv-invoices'],
      ['/affiliate-billing/invoices/11', 'aff-invoice'],
      ['/affiliate-billing/invoices', 'create-drawer', async (p) => { await p.getByTestId('invoice-create').click(); await p.waitForTimeout(700); }],
      ['/affiliate-billing/invoices/11', 'pay-modal', async (p) => { await p.getByTestId('invoice-mark-paid').click(); await p.waitForTimeout(700); }],
      ['/affiliate-billing/balances/11', 'adjust-modal', async (p) => { await p.getByTestId('balance-adjust').click(); await p.waitForTimeout(700); }],
    ];
    for (const [path, name, action] of shots) if (!only || name.includes(only)) await shoot(page, path, name, theme, action);
    await ctx.close();
    const actx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const ap = await actx.newPage();
    await mock(ap, true);
    await signIn(ap, 'demo-affiliate1@leadgrid.local', 'demo-pass-1');
    for (const [path, name, action] of [
      ['/billing', 'billing'],
      ['/billing/invoices/11', 'billing-invoice'],
      ['/billing', 'withdrawal-modal', async (p: Page) => { await p.getByTestId('billing-request').click(); await p.waitForTimeout(700); }],
    ] as [string, string, ((p: Page) => Promise<void>)?][])
      if (!only || name.includes(only)) await shoot(ap, path, name, theme, action);
    await actx.close();
  }
  await browser.close();
})();
