/**
 * The finance API (issue 17; apps/server/src/modules/money): balances with their ledger entries and manual
 * adjustments, invoices (create by period, by sum or as an advance; edit; paid or declined; PDF; payout CSV), the
 * network's money by month, and the unpaid-invoice counts of the sidebar (`meta.totalCount` of a one-row list).
 * Every money write refreshes every money query (balances, invoices, counts and the overview move together).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../api/client';
import type { ListData } from '../../components/table/DataTable';
import type {
  AdjustmentCreateItem,
  Balance,
  FinanceMonth,
  Invoice,
  InvoiceCreateItem,
  InvoiceEditItem,
  InvoiceStatusItem,
  InvoiceType,
  LedgerEntry,
  OwnBalance,
  Party,
  WithdrawalRequestItem,
} from './types';

interface Items<T> {
  items: T[];
}
/** `GET /finance/summary`: by month and currency, and the unpaid invoices to act on */
export interface FinanceSummary extends Items<FinanceMonth> {
  unpaid?: { affiliate: number; advertiser: number; overdue: number };
}

export const moneyKeys = {
  all: ['money'] as const,
  balances: (party: Party, query: Query) => ['money', 'balances', party, query] as const,
  balance: (party: Party, id: number) => ['money', 'balance', party, id] as const,
  own: () => ['money', 'balance', 'own'] as const,
  entries: (party: Party, id: number, query: Query) => ['money', 'entries', party, id, query] as const,
  invoices: (query: Query) => ['money', 'invoices', query] as const,
  invoice: (id: number) => ['money', 'invoice', id] as const,
  overview: (query: Query) => ['money', 'overview', query] as const,
  /** per signed-in user, so another user's (or the impersonated user's) counts are never shown */
  unpaid: (userId: number) => ['money', 'unpaid', userId] as const,
};

const partyPath = (party: Party) => (party === 'affiliate' ? 'affiliates' : 'advertisers');

export const moneyApi = {
  balances: (party: Party, query: Query, signal?: AbortSignal) =>
    api.get<ListData<Balance>>(`/balances/${partyPath(party)}`, { ...query, withMeta: 1 }, { signal }),
  balance: async (party: Party, id: number, signal?: AbortSignal) =>
    (await api.get<Items<Balance>>(`/balances/${partyPath(party)}/${id}`, undefined, { signal, silent: true })).items[0],
  entries: (party: Party, id: number, query: Query, signal?: AbortSignal) =>
    api.get<ListData<LedgerEntry>>(`/balances/${partyPath(party)}/${id}/entries`, { ...query, withMeta: 1 }, { signal }),
  /** the affiliate's own balance */
  own: async (signal?: AbortSignal) => (await api.get<Items<OwnBalance>>('/balances/my', undefined, { signal, silent: true })).items[0],
  adjust: (items: AdjustmentCreateItem[]) => api.put<Items<unknown>>('/balances/adjustments', { items }),

  invoices: (query: Query, signal?: AbortSignal) => api.get<ListData<Invoice>>('/invoices', { ...query, withMeta: 1 }, { signal }),
  invoice: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<Invoice>>(`/invoices/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: InvoiceCreateItem[]) => api.put<Items<Invoice>>('/invoices', { items }),
  update: (items: InvoiceEditItem[]) => api.patch<Items<Invoice>>('/invoices', { items }),
  changeStatus: (items: InvoiceStatusItem[]) => api.post<Items<Invoice>>('/invoices/change_status', { items }),
  pdf: (id: number) => api.get<Blob>(`/invoices/${id}/pdf`, undefined, { responseType: 'blob' }),
  payoutCsv: (ids: number[]) => api.post<Blob>('/invoices/payout_export', { data: { ids } }, { responseType: 'blob' }),
  /** the affiliate's withdrawal request: an invoice for itself */
  requestWithdrawal: (item: WithdrawalRequestItem) => api.put<Items<Invoice>>('/invoices/withdrawals', { items: [item] }),
  /** the unpaid invoices of one type: only the count is read */
  unpaidCount: async (type: InvoiceType, signal?: AbortSignal) =>
    (await api.get<ListData<Invoice>>('/invoices', { type, status: 'unpaid', limit: 1, withMeta: 1 }, { signal, silent: true })).meta
      ?.totalCount ?? 0,

  overview: (query: Query, signal?: AbortSignal) => api.get<FinanceSummary>('/finance/summary', query, { signal }),
};

export const useBalances = (party: Party, query: Query) =>
  useQuery({
    queryKey: moneyKeys.balances(party, query),
    queryFn: ({ signal }) => moneyApi.balances(party, query, signal),
    placeholderData: keepPreviousData,
  });
export const useBalance = (party: Party, id: number | undefined) =>
  useQuery({
    queryKey: moneyKeys.balance(party, id ?? 0),
    queryFn: ({ signal }) => moneyApi.balance(party, id!, signal),
    enabled: Boolean(id),
    retry: false,
  });
export const useOwnBalance = (enabled = true) =>
  useQuery({ queryKey: moneyKeys.own(), queryFn: ({ signal }) => moneyApi.own(signal), enabled, retry: false });
export const useLedgerEntries = (party: Party, id: number, query: Query) =>
  useQuery({
    queryKey: moneyKeys.entries(party, id, query),
    queryFn: ({ signal }) => moneyApi.entries(party, id, query, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (query: Query, enabled = true) =>
  useQuery({
    queryKey: moneyKeys.invoices(query),
    queryFn: ({ signal }) => moneyApi.invoices(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useInvoice = (id: number | undefined) =>
  useQuery({
    queryKey: moneyKeys.invoice(id ?? 0),
    queryFn: ({ signal }) => moneyApi.invoice(id!, signal),
    enabled: Boolean(id),
    retry: false,
  });
export const useFinanceOverview = (query: Query) =>
  useQuery({
    queryKey: moneyKeys.overview(query),
    queryFn: ({ signal }) => moneyApi.overview(query, signal),
    placeholderData: keepPreviousData,
  });

function useMoneyWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }) });
}
export const useCreateInvoices = () => useMoneyWrite(moneyApi.create);
export const useUpdateInvoices = () => useMoneyWrite(moneyApi.update);
export const useChangeInvoiceStatus = () => useMoneyWrite(moneyApi.changeStatus);
export const useAdjustBalance = () => useMoneyWrite(moneyApi.adjust);
export const useRequestWithdrawal = () => useMoneyWrite(moneyApi.requestWithdrawal);
