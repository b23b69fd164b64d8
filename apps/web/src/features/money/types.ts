/**
 * The finance contract (packages/shared/src/money/decimal) as the screens use it, plus the screens' own names: a balance of
 * either party, and the figures a balance card shows (the advertiser's two advance figures included).
 */
import type { AdvertiserBalance, AffiliateBalance } from '@leadgrid/shared/money/balances';
import type { LedgerBucket, PartyType } from '@leadgrid/shared/money/ledger';

export { INVOICE_STATUSES, INVOICE_TYPES } from '@leadgrid/shared/money/invoices';
export type {
  FinanceMonth,
  Invoice,
  InvoiceConversion,
  InvoiceCreateItem,
  InvoiceEditItem,
  InvoicePayment,
  InvoiceStatus,
  InvoiceStatusItem,
  InvoiceType,
  WithdrawalRequestItem,
} from '@leadgrid/shared/money/invoices';
export type { AdjustmentCreateItem, LedgerEntry } from '@leadgrid/shared/money/ledger';
export type { AdvertiserBalance, AffiliateBalance };

export type Party = PartyType;
export type Balance = AffiliateBalance | AdvertiserBalance;

export const BALANCE_FIGURES = ['hold', 'approved', 'requested', 'paid'] as const;
export const ADVANCE_FIGURES = ['advance', 'advanceHold'] as const;
export type BalanceFigure = (typeof BALANCE_FIGURES)[number] | (typeof ADVANCE_FIGURES)[number];

/** the ledger bucket whose entries make up a figure (the advance on hold is a share of the advance: none of its own) */
export const FIGURE_BUCKET: Record<BalanceFigure, LedgerBucket | null> = {
  hold: 'hold',
  approved: 'approved',
  requested: 'requested',
  paid: 'paid',
  advance: 'advance',
  advanceHold: null,
};

/** a figure of a balance or of one of its breakdown lines ('0' when the party type has none) */
export const figureOf = (row: object, figure: BalanceFigure): string => (row as Partial<Record<BalanceFigure, string>>)[figure] ?? '0';

/** the affiliate's or advertiser's id of a balance */
export const partyIdOf = (b: Balance): number => ('affiliateId' in b ? b.affiliateId : b.advertiserId);

/** the affiliate's own balance (`GET /balances/my`): the minimum payout, the unpaid withdrawal requests' amount */
export type { OwnBalance } from '@leadgrid/shared/money/balances';
