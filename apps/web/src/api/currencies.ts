/**
 * Currencies API (product §7 "currencies: list, all, rate by currencyCode, change status, create, edit, with conversion,
 * active for invoice creation, active rates"; apps/server/src/modules/money/currencies).
 */
import type { ConvertAnswer, Currency, CurrencyCreate, CurrencyRate, CurrencyUpdate, RateAnswer } from '@leadgrid/shared/money/currencies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import { listQuery, recordQuery } from './listQueries';
import type { ListData } from '../components/table/DataTable';

export const currencyKeys = {
  all: ['currencies'] as const,
  list: (query: Query) => ['currencies', 'list', query] as const,
  everything: () => ['currencies', 'all'] as const,
  detail: (id: number) => ['currencies', 'detail', id] as const,
  rates: (id: number, query: Query) => ['currencies', 'rates', id, query] as const,
  convert: (query: Query) => ['currencies', 'convert', query] as const,
  forInvoice: () => ['currencies', 'forInvoice'] as const,
  activeRates: () => ['currencies', 'activeRates'] as const,
};

export const currenciesApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Currency>>('/currencies', { ...query, withMeta: 1 }, { signal }),
  all: (signal?: AbortSignal) =>
    api.get<{ items: Currency[] }>('/currencies/all', undefined, { signal, silent: true }).then((d) => d.items),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: Currency[] }>(`/currencies/${id}`, undefined, { signal, silent: true })).items[0],
  rates: (id: number, query: Query, signal?: AbortSignal) =>
    api.get<ListData<CurrencyRate>>(`/currencies/${id}/rates`, { ...query, withMeta: 1 }, { signal }),
  rate: (code: string, signal?: AbortSignal) => api.get<RateAnswer>(`/currencies/rate/${code}`, undefined, { signal, silent: true }),
  activeRates: (signal?: AbortSignal) =>
    api.get<{ items: RateAnswer[] }>('/currencies/rates/active', undefined, { signal, silent: true }).then((d) => d.items),
  forInvoice: (signal?: AbortSignal) =>
    api.get<{ items: Currency[] }>('/currencies/for-invoice', undefined, { signal, silent: true }).then((d) => d.items),
  convert: (query: { amount: string; from: string; to: string; at?: number }, signal?: AbortSignal) =>
    api.get<ConvertAnswer>('/currencies/convert', query, { signal, silent: true }),
  create: (items: CurrencyCreate[]) => api.put<{ items: Currency[] }>('/currencies', { items }),
  update: (items: CurrencyUpdate[]) => api.patch<{ items: Currency[] }>('/currencies', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<{ items: Currency[] }>('/currencies/change_status', { items }),
};

export const useCurrencies = (query: Query) => useQuery(listQuery(currencyKeys.list(query), (signal) => currenciesApi.list(query, signal)));

export { useAllCurrencies } from './reference';

export const useCurrency = (id: number) => useQuery(recordQuery(currencyKeys.detail(id), id, currenciesApi.get));

export const useCurrencyRates = (id: number, query: Query) =>
  useQuery(listQuery(currencyKeys.rates(id, query), (signal) => currenciesApi.rates(id, query, signal)));

export const useConversion = (query: { amount: string; from: string; to: string; at?: number } | null) =>
  useQuery({
    queryKey: currencyKeys.convert(query ?? {}),
    queryFn: ({ signal }) => currenciesApi.convert(query!, signal),
    enabled: query !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  // a currency write changes lists, details, rates and look-ups alike
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: currencyKeys.all }) });
}
export const useCreateCurrencies = () => useWrite(currenciesApi.create);
export const useUpdateCurrencies = () => useWrite(currenciesApi.update);
export const useChangeCurrencyStatus = () => useWrite(currenciesApi.changeStatus);
