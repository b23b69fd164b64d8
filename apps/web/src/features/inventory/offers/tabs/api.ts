/**
 * The API of the offer tabs landings, caps and payment rules (product §7 "landers", "creatives", "caps and targeting",
 * "payment rules", "payment models"; apps/server/src/modules/{landers,creatives,caps,payment-rules,payment-models}):
 * query-key factories, the lists of one offer, the writes, and the look-ups their forms use (goals of the offer's
 * vertical, payment models for caps, landing API versions, advertisers a lander may belong to, creative types).
 * A write refreshes its own kind and the offer (its tab counts).
 */
import type {
  Cap,
  CapCreate,
  CapUpdate,
  PaymentModel,
  PaymentRule,
  PaymentRuleCreate,
  PaymentRuleUpdate,
} from '@leadgrid/shared/inventory/caps';
import type {
  Creative,
  CreativeCreate,
  CreativeTypeInfo,
  CreativeUpdate,
  Lander,
  LanderApiRef,
  LanderCreate,
  LanderSieveEdit,
  LanderUpdate,
} from '@leadgrid/shared/inventory/landers';
import type { OfferCreationData } from '@leadgrid/shared/inventory/offers';
import type { Sieve } from '@leadgrid/shared/inventory/sieves';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../../api/client';
import type { ListData } from '../../../../components/table/DataTable';

interface Items<T> {
  items: T[];
}
export interface AdvertiserOption {
  id: number;
  secureId: string;
  title: string;
  status: 'active' | 'blocked';
}
type Status = 'active' | 'inactive';

export const tabKeys = {
  landers: (offerId: number) => ['landers', 'offer', offerId] as const,
  landerList: (offerId: number, query: Query) => ['landers', 'offer', offerId, query] as const,
  creatives: (offerId: number) => ['creatives', 'offer', offerId] as const,
  creativeList: (offerId: number, query: Query) => ['creatives', 'offer', offerId, query] as const,
  creativeTypes: () => ['creatives', 'types'] as const,
  caps: (offerId: number) => ['caps', 'offer', offerId] as const,
  capList: (offerId: number, query: Query) => ['caps', 'offer', offerId, query] as const,
  rules: (offerId: number) => ['payment-rules', 'offer', offerId] as const,
  ruleList: (offerId: number, query: Query) => ['payment-rules', 'offer', offerId, query] as const,
  modelsForCap: (offerId: number) => ['payment-models', 'for-cap', offerId] as const,
  models: (verticalId: number) => ['payment-models', 'vertical', verticalId] as const,
  creationData: () => ['offers', 'creation-data'] as const,
  apiPages: (query: Query) => ['landers-api', 'picker', query] as const,
  advertisersByOffer: (offerId: number) => ['advertisers', 'by-offer', offerId] as const,
  advertisersOfVertical: (query: Query) => ['advertisers', 'active-by-vertical', query] as const,
  /** the offer page's own queries (tab counts): refreshed after every write of a tab */
  offer: (offerId: number) => ['offers', 'detail', offerId] as const,
};

const list = <T>(path: string, query: Query, signal?: AbortSignal) => api.get<ListData<T>>(path, { ...query, withMeta: 1 }, { signal });

export const landersApi = {
  list: (offerId: number, query: Query, signal?: AbortSignal) => list<Lander>('/landers', { ...query, offerId }, signal),
  create: (items: LanderCreate[]) => api.put<Items<Lander>>('/landers', { items }),
  update: (items: LanderUpdate[]) => api.patch<Items<Lander>>('/landers', { items }),
  /** silent: the screen shows the guard's 409 in place */
  changeStatus: (items: { id: number; status: Status }[]) => api.post<Items<Lander>>('/landers/change_status', { items }, { silent: true }),
  editSieve: (data: LanderSieveEdit) => api.post<Items<Lander>>('/landers/edit_sieve', { data }),
};

export const creativesApi = {
  list: (offerId: number, query: Query, signal?: AbortSignal) => list<Creative>('/creatives', { ...query, offerId }, signal),
  types: (signal?: AbortSignal) =>
    api.get<Items<CreativeTypeInfo>>('/creatives/types', undefined, { signal, silent: true }).then((d) => d.items),
  create: (items: CreativeCreate[]) => api.put<Items<Creative>>('/creatives', { items }),
  update: (items: CreativeUpdate[]) => api.patch<Items<Creative>>('/creatives', { items }),
  changeStatus: (items: { id: number; status: Status }[]) => api.post<Items<Creative>>('/creatives/change_status', { items }),
  editSieves: (items: { id: number; sieve: Sieve }[]) => api.patch<Items<Creative>>('/creatives/sieves', { items }),
  /** multipart, field `file`; silent: the drawer shows the server's refusal under the file */
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.put<Items<Creative>>(`/creatives/${id}/attachment`, body, { silent: true });
  },
  /** the attachment as a blob (the download needs the bearer token) */
  download: (id: number) => api.get<Blob>(`/creatives/${id}/attachment`, undefined, { responseType: 'blob' }),
};

export const capsApi = {
  list: (offerId: number, query: Query, signal?: AbortSignal) => list<Cap>('/caps', { ...query, offerId }, signal),
  create: (items: CapCreate[]) => api.put<Items<Cap>>('/caps', { items }),
  update: (items: CapUpdate[]) => api.patch<Items<Cap>>('/caps', { items }),
  editSieves: (items: { id: number; sieve: Sieve }[]) => api.patch<Items<Cap>>('/caps/sieves', { items }),
  changeStatus: (items: { id: number; status: Status }[]) => api.post<Items<Cap>>('/caps/change_status', { items }),
  dropCounter: (ids: number[]) => api.post<Items<Cap>>('/caps/drop_counter', { items: ids.map((id) => ({ id })) }),
  clone: (ids: number[]) => api.post<Items<Cap>>('/caps/clone', { items: ids.map((id) => ({ id })) }),
};

export const rulesApi = {
  list: (offerId: number, query: Query, signal?: AbortSignal) => list<PaymentRule>('/payment-rules', { ...query, offerId }, signal),
  create: (items: PaymentRuleCreate[]) => api.put<Items<PaymentRule>>('/payment-rules', { items }),
  update: (items: PaymentRuleUpdate[]) => api.patch<Items<PaymentRule>>('/payment-rules', { items }),
  changeStatus: (items: { id: number; status: Status }[]) => api.post<Items<PaymentRule>>('/payment-rules/change_status', { items }),
  clone: (ids: number[]) => api.post<Items<PaymentRule>>('/payment-rules/clone', { items: ids.map((id) => ({ id })) }),
};

export const lookupsApi = {
  creationData: (signal?: AbortSignal) => api.get<OfferCreationData>('/offers/creation-data', undefined, { signal, silent: true }),
  modelsForCap: (offerId: number, signal?: AbortSignal) =>
    api.get<Items<PaymentModel>>('/payment-models/for-cap', { offerId }, { signal, silent: true }).then((d) => d.items),
  models: (verticalId: number, signal?: AbortSignal) =>
    api.get<Items<PaymentModel>>('/payment-models', { verticalId, status: 'active' }, { signal, silent: true }).then((d) => d.items),
  apiPages: (query: Query, signal?: AbortSignal) => api.get<Items<LanderApiRef>>('/landers-api/filters', query, { signal, silent: true }),
  advertisersByOffer: (offerId: number, signal?: AbortSignal) =>
    api.get<Items<AdvertiserOption>>(`/advertisers/by-offer/${offerId}`, undefined, { signal, silent: true }).then((d) => d.items),
  advertisersOfVertical: (query: Query, signal?: AbortSignal) =>
    api.get<Items<AdvertiserOption>>('/advertisers/active-by-vertical', query, { signal, silent: true }).then((d) => d.items),
};

/* ---------- queries ---------- */

export const useLanders = (offerId: number, query: Query) =>
  useQuery({
    queryKey: tabKeys.landerList(offerId, query),
    queryFn: ({ signal }) => landersApi.list(offerId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useCreatives = (offerId: number, query: Query) =>
  useQuery({
    queryKey: tabKeys.creativeList(offerId, query),
    queryFn: ({ signal }) => creativesApi.list(offerId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useCreativeTypes = () =>
  useQuery({ queryKey: tabKeys.creativeTypes(), queryFn: ({ signal }) => creativesApi.types(signal), staleTime: 60 * 60_000 });

export const useCaps = (offerId: number, query: Query) =>
  useQuery({
    queryKey: tabKeys.capList(offerId, query),
    queryFn: ({ signal }) => capsApi.list(offerId, query, signal),
    placeholderData: keepPreviousData,
    // the live counters move with traffic
    refetchInterval: 60_000,
  });

export const usePaymentRules = (offerId: number, query: Query) =>
  useQuery({
    queryKey: tabKeys.ruleList(offerId, query),
    queryFn: ({ signal }) => rulesApi.list(offerId, query, signal),
    placeholderData: keepPreviousData,
  });

/** the goals of the offer's vertical (from the offer creation data: active verticals) */
export function useVerticalGoals(verticalId: number) {
  return useQuery({
    queryKey: tabKeys.creationData(),
    queryFn: ({ signal }) => lookupsApi.creationData(signal),
    staleTime: 5 * 60_000,
    select: (d) => d.verticals.find((v) => v.id === verticalId)?.goals ?? [],
  });
}

export const usePaymentModelsForCap = (offerId: number) =>
  useQuery({
    queryKey: tabKeys.modelsForCap(offerId),
    queryFn: ({ signal }) => lookupsApi.modelsForCap(offerId, signal),
    staleTime: 60_000,
  });

/** the global payment models and those of the vertical (payment rules may use any of them) */
export const usePaymentModels = (verticalId: number) =>
  useQuery({ queryKey: tabKeys.models(verticalId), queryFn: ({ signal }) => lookupsApi.models(verticalId, signal), staleTime: 60_000 });

export const useApiPages = (query: Query, enabled = true) =>
  useQuery({
    queryKey: tabKeys.apiPages(query),
    queryFn: ({ signal }) => lookupsApi.apiPages(query, signal),
    staleTime: 30_000,
    enabled,
    placeholderData: keepPreviousData,
  });

export const useAdvertisersByOffer = (offerId: number) =>
  useQuery({
    queryKey: tabKeys.advertisersByOffer(offerId),
    queryFn: ({ signal }) => lookupsApi.advertisersByOffer(offerId, signal),
    staleTime: 30_000,
  });

export const useAdvertisersOfVertical = (query: Query) =>
  useQuery({
    queryKey: tabKeys.advertisersOfVertical(query),
    queryFn: ({ signal }) => lookupsApi.advertisersOfVertical(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/* ---------- writes ---------- */

function useTabWrite<A, R>(fn: (arg: A) => Promise<R>, root: string, offerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [root, 'offer', offerId] }),
        client.invalidateQueries({ queryKey: tabKeys.offer(offerId) }),
      ]),
  });
}

export const useLanderWrites = (offerId: number) => ({
  create: useTabWrite(landersApi.create, 'landers', offerId),
  update: useTabWrite(landersApi.update, 'landers', offerId),
  changeStatus: useTabWrite(landersApi.changeStatus, 'landers', offerId),
  editSieve: useTabWrite(landersApi.editSieve, 'landers', offerId),
});

export const useCreativeWrites = (offerId: number) => ({
  create: useTabWrite(creativesApi.create, 'creatives', offerId),
  update: useTabWrite(creativesApi.update, 'creatives', offerId),
  changeStatus: useTabWrite(creativesApi.changeStatus, 'creatives', offerId),
  editSieves: useTabWrite(creativesApi.editSieves, 'creatives', offerId),
  upload: useTabWrite(({ id, file }: { id: number; file: File }) => creativesApi.upload(id, file), 'creatives', offerId),
});

export const useCapWrites = (offerId: number) => ({
  create: useTabWrite(capsApi.create, 'caps', offerId),
  update: useTabWrite(capsApi.update, 'caps', offerId),
  editSieves: useTabWrite(capsApi.editSieves, 'caps', offerId),
  changeStatus: useTabWrite(capsApi.changeStatus, 'caps', offerId),
  dropCounter: useTabWrite(capsApi.dropCounter, 'caps', offerId),
  clone: useTabWrite(capsApi.clone, 'caps', offerId),
});

export const useRuleWrites = (offerId: number) => ({
  create: useTabWrite(rulesApi.create, 'payment-rules', offerId),
  update: useTabWrite(rulesApi.update, 'payment-rules', offerId),
  changeStatus: useTabWrite(rulesApi.changeStatus, 'payment-rules', offerId),
  clone: useTabWrite(rulesApi.clone, 'payment-rules', offerId),
});
