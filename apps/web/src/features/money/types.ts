/**
 * The finance API's answers as the screens read them (issue 17's API section: balances, invoices, the ledger behind
 * a balance, the network's money by month). Amounts are decimal strings (numeric(20,8)), times are seconds.
 */

export const INVOICE_TYPES = ['affiliate', 'advertiser'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_STATUSES = ['unpaid', 'paid', 'declined'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface PersonRef {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}
export interface AdvertiserRef {
  id: number;
  title: string;
}
export interface WithdrawalRef {
  id: number;
  title: string;
  /** the payment method's field values (what the payee filled in) */
  values?: Record<string, string>;
  paymentMethod?: { id: number; title: string } | null;
}

export interface InvoiceConversion {
  id: number;
  createdAt: number;
  status: number;
  offer?: { id: number; title: string } | null;
  goal?: { id: number; title: string } | null;
  /** the payout (affiliate invoice) or revenue (advertiser invoice) in its own currency */
  amount: string;
  currency: string;
  /** the rate the invoice used and the amount in the invoice's currency */
  rate?: string;
  invoiceAmount: string;
}

export interface InvoicePayment {
  id: number;
  amount: string;
  paidAt: number;
  reference: string | null;
}

export interface Invoice {
  id: number;
  title: string;
  type: InvoiceType;
  status: InvoiceStatus;
  amount: string;
  currency: string;
  /** paid so far (partial payments); the invoice stays unpaid until it reaches `amount` */
  paidAmount?: string;
  affiliateId: number | null;
  affiliate?: PersonRef | null;
  advertiserId: number | null;
  advertiser?: AdvertiserRef | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  createdAt: number;
  dueAt?: number | null;
  overdue?: boolean;
  paidAt?: number | null;
  reference?: string | null;
  notes?: string | null;
  /** staff only: absent for affiliates */
  privateNotes?: string | null;
  advanceAmount?: string | null;
  withdrawalMethodId?: number | null;
  withdrawalMethod?: WithdrawalRef | null;
  conversionsCount: number;
  conversions?: InvoiceConversion[];
  payments?: InvoicePayment[];
}

export interface InvoiceCreateItem {
  affiliateId?: number;
  advertiserId?: number;
  dateFrom?: string;
  dateTo?: string;
  timezone?: string;
  currency?: string;
  amount?: string;
  withdrawalMethodId?: number;
  notes?: string;
  privateNotes?: string;
  advanceAmount?: string;
}

export interface InvoiceUpdateItem {
  id: number;
  notes?: string | null;
  privateNotes?: string | null;
  withdrawalMethodId?: number | null;
}

export interface InvoiceStatusItem {
  id: number;
  status: 'paid' | 'declined';
  paidAt?: number;
  reference?: string;
  /** a partial payment: the invoice stays unpaid until the payments cover it */
  amount?: string;
}

export const BALANCE_FIGURES = ['hold', 'approved', 'requested', 'paid'] as const;
export const ADVANCE_FIGURES = ['advance', 'advanceHold'] as const;
export type BalanceFigure = (typeof BALANCE_FIGURES)[number] | (typeof ADVANCE_FIGURES)[number];

export type Figures = Partial<Record<BalanceFigure, string>>;

export interface BalanceBreakdownRow extends Figures {
  currency: string;
}

export interface Balance extends Figures {
  /** the affiliate's or advertiser's id */
  id: number;
  affiliate?: PersonRef | null;
  advertiser?: AdvertiserRef | null;
  /** the base currency the totals are in */
  currency: string;
  breakdown: BalanceBreakdownRow[];
  /** the affiliate's own balance: the minimum payout (base currency) a withdrawal request must reach */
  minPayoutAmount?: string;
  /** the affiliate's own balance: an unpaid withdrawal request exists and a second one is not allowed */
  withdrawalPending?: boolean;
}

export interface LedgerEntry {
  id: number;
  createdAt: number;
  /** what caused it: conversion, status_change, payout_edit, invoice_created, invoice_paid, invoice_declined, advance, adjustment, … */
  kind: string;
  figure: BalanceFigure;
  amount: string;
  currency: string;
  conversionId?: number | null;
  invoiceId?: number | null;
  reason?: string | null;
  createdBy?: PersonRef | null;
}

export interface AdjustmentItem {
  affiliateId?: number;
  advertiserId?: number;
  currency: string;
  amount: string;
  reason: string;
}

/** one month and currency of `/finance`: what the network owes affiliates and is owed by advertisers */
export interface FinanceMonth {
  /** `yyyy-MM` in the asking user's zone */
  month: string;
  currency: string;
  payable: string;
  receivable: string;
  paid: string;
  profit: string;
}

export type Party = 'affiliate' | 'advertiser';
