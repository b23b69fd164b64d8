/** Why "Request withdrawal" is disabled on /billing (withdrawalBlock), in English and Russian. */
import type { OwnBalance } from '@leadgrid/shared/money/balances';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { NS } from '../i18n';
import { withdrawalBlock } from './BillingPage';

const balance = (extra: Partial<OwnBalance> = {}): OwnBalance => ({
  affiliateId: 7,
  affiliate: null,
  baseCurrency: 'USD',
  baseCurrencySymbol: '$',
  hold: '0',
  approved: '120',
  requested: '0',
  paid: '0',
  breakdown: [],
  minPayoutAmount: '100',
  withdrawalPending: '0',
  allowSecondWithdrawal: false,
  ...extra,
});

describe('withdrawalBlock', () => {
  const t = i18n.getFixedT('en', [NS, 'translation']);
  it('is null when the approved balance reaches the minimum and nothing is waiting', () => {
    expect(withdrawalBlock(balance(), t)).toBeNull();
    expect(withdrawalBlock(balance({ approved: '100' }), t)).toBeNull();
  });

  it('names the minimum and the balance when below it, and a zero balance even without a minimum', () => {
    expect(withdrawalBlock(balance({ approved: '99.99' }), t)).toMatch(/99\.99.*below the minimum payout of .*100/);
    expect(withdrawalBlock(balance({ approved: '0', minPayoutAmount: '0' }), t)).toMatch(/below the minimum payout/);
  });

  it('names the waiting request unless a second one is allowed', () => {
    expect(withdrawalBlock(balance({ withdrawalPending: '50' }), t)).toMatch(/50.*waiting to be paid/);
    expect(withdrawalBlock(balance({ withdrawalPending: '50', allowSecondWithdrawal: true }), t)).toBeNull();
  });

  it('speaks Russian', () => {
    const ru = i18n.getFixedT('ru', [NS, 'translation']);
    expect(withdrawalBlock(balance({ approved: '1' }), ru)).toMatch(/меньше минимальной выплаты/);
    expect(withdrawalBlock(balance({ withdrawalPending: '5' }), ru)).toMatch(/ожидает оплаты/);
  });
});
