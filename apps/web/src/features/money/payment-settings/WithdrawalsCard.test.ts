/** The withdrawals and automatic invoices card: the form's values from the settings and the PATCH they make. */
import type { PaymentSettings } from '@leadgrid/shared/money/payments';
import { describe, expect, it } from 'vitest';
import { en, ru } from './i18n';
import { patchOf, valuesOf } from './WithdrawalsCard';

const settings = (extra: Partial<PaymentSettings> = {}): PaymentSettings => ({
  baseCurrency: 'USD',
  invoiceTitlePrefix: 'INV-',
  paymentTermsDays: 14,
  minPayoutAmount: '0',
  allowSecondWithdrawal: false,
  autoInvoicePeriod: 'off',
  autoInvoiceAffiliateIds: null,
  ...extra,
});

describe('WithdrawalsCard', () => {
  it('reads null affiliate ids as every affiliate and sends null back for them', () => {
    const v = valuesOf(settings({ autoInvoicePeriod: 'weekly' }));
    expect(v).toEqual({ allowSecondWithdrawal: false, autoInvoicePeriod: 'weekly', scope: 'all', affiliateIds: [] });
    expect(patchOf({ ...v, affiliateIds: [4] })).toEqual({
      allowSecondWithdrawal: false,
      autoInvoicePeriod: 'weekly',
      autoInvoiceAffiliateIds: null,
    });
  });

  it('keeps the chosen affiliates', () => {
    const v = valuesOf(settings({ autoInvoicePeriod: 'monthly', autoInvoiceAffiliateIds: [3, 9], allowSecondWithdrawal: true }));
    expect(v.scope).toBe('chosen');
    expect(patchOf(v)).toEqual({ allowSecondWithdrawal: true, autoInvoicePeriod: 'monthly', autoInvoiceAffiliateIds: [3, 9] });
  });

  it('has every text in English and Russian', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(ru.withdrawals).sort()).toEqual(keys(en.withdrawals).sort());
    expect(keys(en.withdrawals)).toContain('autoHint.monthly');
  });
});
