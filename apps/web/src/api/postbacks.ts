/**
 * Affiliate and team postbacks API (apps/server/src/modules/engine/postbacks: /postbacks list, by id, PUT, PATCH,
 * change_status, goals, for-assignment, test).
 */
import type {
  AffiliatePostback,
  PostbackCreate,
  PostbackEvent,
  PostbackGoal,
  PostbackRef,
  PostbackTestResult,
  PostbackUpdate,
} from '@leadgrid/shared/engine/postbacks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

export const postbackKeys = {
  all: ['postbacks'] as const,
  list: (query: Query) => ['postbacks', 'list', query] as const,
  detail: (id: number) => ['postbacks', 'detail', id] as const,
  goals: () => ['postbacks', 'goals'] as const,
  forAssignment: (affiliateId: number | undefined) => ['postbacks', 'for-assignment', affiliateId ?? null] as const,
};

export const postbacksApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<AffiliatePostback>>('/postbacks', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: AffiliatePostback[] }>(`/postbacks/${id}`, undefined, { signal, silent: true })).items[0],
  goals: (signal?: AbortSignal) =>
    api.get<{ items: PostbackGoal[] }>('/postbacks/goals', undefined, { signal, silent: true }).then((d) => d.items),
  forAssignment: (affiliateId: number | undefined, signal?: AbortSignal) =>
    api.get<{ items: PostbackRef[] }>('/postbacks/for-assignment', { affiliateId }, { signal, silent: true }).then((d) => d.items),
  create: (items: PostbackCreate[]) => api.put<{ items: AffiliatePostback[] }>('/postbacks', { items }),
  update: (items: PostbackUpdate[]) => api.patch<{ items: AffiliatePostback[] }>('/postbacks', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<{ items: AffiliatePostback[] }>('/postbacks/change_status', { items }),
  test: ({ id, event }: { id: number; event?: PostbackEvent }) =>
    api.post<PostbackTestResult>(`/postbacks/${id}/test`, event ? { event } : {}, { successToast: false }),
};

export const usePostbacks = (query: Query) =>
  useQuery({
    queryKey: postbackKeys.list(query),
    queryFn: ({ signal }) => postbacksApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePostback = (id: number) =>
  useQuery({
    queryKey: postbackKeys.detail(id),
    queryFn: ({ signal }) => postbacksApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const usePostbackGoals = () =>
  useQuery({ queryKey: postbackKeys.goals(), queryFn: ({ signal }) => postbacksApi.goals(signal), staleTime: 5 * 60_000 });

/** the affiliate's own active postbacks for the campaign form; staff name the affiliate */
export const usePostbacksForAssignment = (affiliateId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: postbackKeys.forAssignment(affiliateId),
    queryFn: ({ signal }) => postbacksApi.forAssignment(affiliateId, signal),
    enabled,
    staleTime: 30_000,
  });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: postbackKeys.all }) });
}
export const useCreatePostbacks = () => useWrite(postbacksApi.create);
export const useUpdatePostbacks = () => useWrite(postbacksApi.update);
export const useChangePostbackStatus = () => useWrite(postbacksApi.changeStatus);
export const useTestPostback = () => useMutation({ mutationFn: postbacksApi.test });
