/**
 * Affiliates (members) API (product §7 "users, affiliates and employees"; apps/server/src/modules/people/affiliates): the
 * query-key factory, list and detail queries, the writes, and the managers and affiliates look-ups
 * the pickers use. Writes refresh every affiliate query, and the teams (member counts, members) too.
 */
import type {
  Affiliate,
  AffiliateBulkEdit,
  AffiliateCreate,
  AffiliateDetail,
  AffiliateLookupItem,
  AffiliateUpdate,
  BlockChangeItem,
  ManagerLookupItem,
  TeamLookupItem,
} from '@leadgrid/shared/people/people';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

export const affiliateKeys = {
  all: ['affiliates'] as const,
  lists: () => [...affiliateKeys.all, 'list'] as const,
  list: (query: Query) => [...affiliateKeys.lists(), query] as const,
  detail: (id: number) => [...affiliateKeys.all, 'detail', id] as const,
  lookup: (query: Query) => [...affiliateKeys.all, 'lookup', query] as const,
};
export const managerKeys = {
  all: ['managers'] as const,
  lookup: (query: Query) => [...managerKeys.all, 'lookup', query] as const,
};
/** the teams feature's key root: affiliate writes change member counts and members */
const TEAMS_KEY = ['teams'] as const;

export interface Created<T> {
  items: T[];
}

export const affiliatesApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Affiliate>>('/affiliates', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: AffiliateDetail[] }>(`/affiliates/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: AffiliateCreate[]) => api.put<Created<AffiliateDetail>>('/affiliates', { items }),
  update: (items: AffiliateUpdate[]) => api.patch<Created<AffiliateDetail>>('/affiliates', { items }),
  bulkEdit: (data: AffiliateBulkEdit) => api.post<Created<AffiliateDetail>>('/affiliates/bulk_edit', { data }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive'; reason?: string }[]) =>
    api.post<Created<AffiliateDetail>>('/affiliates/change_status', { items }),
  /** a refusal (an affiliate in a blocked team) is toasted by the client and shown in place by the caller */
  changeBlock: (items: BlockChangeItem[]) => api.post<Created<AffiliateDetail>>('/affiliates/change_block', { items }),
  regenerateToken: (id: number) => api.post<{ apiToken: string }>(`/users/${id}/regenerate-api-token`),
  lookup: (query: Query, signal?: AbortSignal) =>
    api.get<{ items: AffiliateLookupItem[]; meta: { totalCount: number } }>('/affiliates/lookup', query, { signal, silent: true }),
  managers: (query: Query, signal?: AbortSignal) =>
    api.get<{ items: ManagerLookupItem[]; meta: { totalCount: number } }>('/users/managers', query, { signal, silent: true }),
  teams: (query: Query, signal?: AbortSignal) =>
    api.get<{ items: TeamLookupItem[]; meta: { totalCount: number } }>('/teams/lookup', query, { signal, silent: true }),
};

export function useAffiliates(query: Query) {
  return useQuery({
    queryKey: affiliateKeys.list(query),
    queryFn: ({ signal }) => affiliatesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAffiliate(id: number) {
  return useQuery({
    queryKey: affiliateKeys.detail(id),
    queryFn: ({ signal }) => affiliatesApi.get(id, signal),
    enabled: id > 0,
    retry: false,
  });
}

/** After a write: every affiliate query and the teams' (counts, members, blocks). */
export function useInvalidatePeople() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: affiliateKeys.all }), client.invalidateQueries({ queryKey: TEAMS_KEY })]);
}

function useAffiliateWrite<A, R>(write: (args: A) => Promise<R>) {
  const invalidate = useInvalidatePeople();
  return useMutation({ mutationFn: write, onSuccess: () => invalidate() });
}

export const useCreateAffiliates = () => useAffiliateWrite(affiliatesApi.create);
export const useUpdateAffiliates = () => useAffiliateWrite(affiliatesApi.update);
export const useBulkEditAffiliates = () => useAffiliateWrite(affiliatesApi.bulkEdit);
export const useChangeAffiliateStatus = () => useAffiliateWrite(affiliatesApi.changeStatus);
export const useChangeAffiliateBlock = () => useAffiliateWrite(affiliatesApi.changeBlock);

export function useRegenerateAffiliateToken(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => affiliatesApi.regenerateToken(id),
    onSuccess: ({ apiToken }) =>
      client.setQueryData<AffiliateDetail>(affiliateKeys.detail(id), (old) => (old ? { ...old, apiToken } : old)),
  });
}
