/** Hold-queue API (product §7 "Hold queue: edit, status"; apps/server/src/modules/engine/hold-queue). */
import type { HoldConfig, HoldConfigCreate, HoldConfigUpdate } from '@leadgrid/shared/engine/hold-queue';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

export const holdKeys = {
  all: ['holdQueue'] as const,
  list: (query: Query) => ['holdQueue', 'list', query] as const,
};

export const holdApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<HoldConfig>>('/hold-queue', { ...query, withMeta: 1 }, { signal }),
  create: (items: HoldConfigCreate[]) => api.put<{ items: HoldConfig[] }>('/hold-queue', { items }),
  update: (items: HoldConfigUpdate[]) => api.patch<{ items: HoldConfig[] }>('/hold-queue', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<{ items: HoldConfig[] }>('/hold-queue/change_status', { items }),
};

export const useHoldConfigs = (query: Query) =>
  useQuery({ queryKey: holdKeys.list(query), queryFn: ({ signal }) => holdApi.list(query, signal), placeholderData: keepPreviousData });

export { useTimezones } from '../../../api/reference';

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: holdKeys.all }) });
}
export const useCreateHoldConfigs = () => useWrite(holdApi.create);
export const useUpdateHoldConfigs = () => useWrite(holdApi.update);
export const useChangeHoldStatus = () => useWrite(holdApi.changeStatus);
