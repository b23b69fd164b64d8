/**
 * Payment methods and withdrawal methods (product §7 "Payment methods and withdrawal methods";
 * apps/server/src/modules/{payment-methods,withdrawal-methods}).
 */
import type {
  PaymentMethod,
  PaymentMethodCreate,
  PaymentMethodUpdate,
  WithdrawalMethod,
  WithdrawalMethodCreate,
  WithdrawalMethodUpdate,
} from '@leadgrid/shared/money/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

type Status = 'active' | 'inactive';

export const paymentMethodKeys = {
  all: ['paymentMethods'] as const,
  list: (query: Query) => ['paymentMethods', 'list', query] as const,
  active: () => ['paymentMethods', 'active'] as const,
  detail: (id: number) => ['paymentMethods', 'detail', id] as const,
};
export const withdrawalKeys = {
  all: ['withdrawalMethods'] as const,
  list: (query: Query) => ['withdrawalMethods', 'list', query] as const,
  detail: (id: number) => ['withdrawalMethods', 'detail', id] as const,
};

export const paymentMethodsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<PaymentMethod>>('/payment-methods', { ...query, withMeta: 1 }, { signal }),
  active: (signal?: AbortSignal) =>
    api.get<{ items: PaymentMethod[] }>('/payment-methods/active', undefined, { signal, silent: true }).then((d) => d.items),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: PaymentMethod[] }>(`/payment-methods/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: PaymentMethodCreate[]) => api.put<{ items: PaymentMethod[] }>('/payment-methods', { items }),
  update: (items: PaymentMethodUpdate[]) => api.patch<{ items: PaymentMethod[] }>('/payment-methods', { items }),
  changeStatus: (items: { id: number; status: Status }[]) =>
    api.post<{ items: PaymentMethod[] }>('/payment-methods/change_status', { items }),
};

export const withdrawalApi = {
  list: (query: Query, signal?: AbortSignal) =>
    api.get<ListData<WithdrawalMethod>>('/withdrawal-methods', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: WithdrawalMethod[] }>(`/withdrawal-methods/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: WithdrawalMethodCreate[]) => api.put<{ items: WithdrawalMethod[] }>('/withdrawal-methods', { items }),
  update: (items: WithdrawalMethodUpdate[]) => api.patch<{ items: WithdrawalMethod[] }>('/withdrawal-methods', { items }),
  changeStatus: (items: { id: number; status: Status }[]) =>
    api.post<{ items: WithdrawalMethod[] }>('/withdrawal-methods/change_status', { items }),
  remove: (ids: number[]) => api.delete<{ ids: number[] }>('/withdrawal-methods', { data: ids }),
};

export const usePaymentMethods = (query: Query, enabled = true) =>
  useQuery({
    queryKey: paymentMethodKeys.list(query),
    queryFn: ({ signal }) => paymentMethodsApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useActivePaymentMethods = (enabled = true) =>
  useQuery({ queryKey: paymentMethodKeys.active(), queryFn: ({ signal }) => paymentMethodsApi.active(signal), staleTime: 60_000, enabled });
export const usePaymentMethod = (id: number, enabled = true) =>
  useQuery({
    queryKey: paymentMethodKeys.detail(id),
    queryFn: ({ signal }) => paymentMethodsApi.get(id, signal),
    enabled: enabled && id > 0,
    retry: false,
  });

export const useWithdrawalMethods = (query: Query, enabled = true) =>
  useQuery({
    queryKey: withdrawalKeys.list(query),
    queryFn: ({ signal }) => withdrawalApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useWithdrawalMethod = (id: number, enabled = true) =>
  useQuery({
    queryKey: withdrawalKeys.detail(id),
    queryFn: ({ signal }) => withdrawalApi.get(id, signal),
    enabled: enabled && id > 0,
    retry: false,
  });

function useWrite<A, R>(fn: (arg: A) => Promise<R>, keys: readonly unknown[][]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))) });
}
// a payment method's title and fields show inside withdrawal methods too
const methodKeys = [[...paymentMethodKeys.all], [...withdrawalKeys.all]];
export const useCreatePaymentMethods = () => useWrite(paymentMethodsApi.create, methodKeys);
export const useUpdatePaymentMethods = () => useWrite(paymentMethodsApi.update, methodKeys);
export const useChangePaymentMethodStatus = () => useWrite(paymentMethodsApi.changeStatus, methodKeys);

const ownKeys = [[...withdrawalKeys.all]];
export const useCreateWithdrawalMethods = () => useWrite(withdrawalApi.create, ownKeys);
export const useUpdateWithdrawalMethods = () => useWrite(withdrawalApi.update, ownKeys);
export const useChangeWithdrawalStatus = () => useWrite(withdrawalApi.changeStatus, ownKeys);
export const useDeleteWithdrawalMethods = () => useWrite(withdrawalApi.remove, ownKeys);
