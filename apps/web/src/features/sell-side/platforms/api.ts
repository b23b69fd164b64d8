/**
 * Platforms API (product §7 "platforms, integration methods"; apps/server/src/modules/sell-side/platforms): list, by id, create,
 * edit, status (a deactivation stops the platform's integrations, previewed first) and delete (refused with 409 while
 * templates, integrations or advertisers are attached).
 */
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import type { Platform } from '@leadgrid/shared/sell-side/platforms';
import type { CascadePreview, IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

export type PlatformStatus = 'active' | 'inactive';
export interface PlatformInput {
  title: string;
  description: string;
  methods: IntegrationMethod[];
}

export const platformKeys = {
  all: ['platforms'] as const,
  list: (query: Query) => ['platforms', 'list', query] as const,
  detail: (id: number) => ['platforms', 'detail', id] as const,
  advertisers: (id: number) => ['platforms', 'advertisers', id] as const,
};

export const platformsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Platform>>('/platforms', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: Platform[] }>(`/platforms/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: (PlatformInput & { status: PlatformStatus })[]) => api.put<{ items: Platform[] }>('/platforms', { items }),
  update: (items: (Partial<PlatformInput> & { id: number })[]) => api.patch<{ items: Platform[] }>('/platforms', { items }),
  changeStatus: (items: { id: number; status: PlatformStatus }[]) => api.post<{ items: Platform[] }>('/platforms/change_status', { items }),
  cascadePreview: (ids: number[]) => api.get<CascadePreview>('/platforms/cascade-preview', { ids, status: 'inactive' }, { silent: true }),
  remove: (ids: number[]) => api.delete<{ deleted: number }>('/platforms', { data: ids }),
  /** a few advertisers on the platform and how many there are */
  advertisers: (id: number, signal?: AbortSignal) =>
    api.get<ListData<Advertiser>>(
      '/advertisers',
      { platformId: id, limit: 5, withMeta: 1, orderBy: 'title:asc' },
      { signal, silent: true },
    ),
};

export const usePlatforms = (query: Query) =>
  useQuery({
    queryKey: platformKeys.list(query),
    queryFn: ({ signal }) => platformsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePlatform = (id: number) =>
  useQuery({
    queryKey: platformKeys.detail(id),
    queryFn: ({ signal }) => platformsApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const usePlatformAdvertisers = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: platformKeys.advertisers(id),
    queryFn: ({ signal }) => platformsApi.advertisers(id, signal),
    enabled,
    staleTime: 30_000,
  });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  // platforms appear in their lists and details, in pickers and in the templates and integrations they stop
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: platformKeys.all });
      void client.invalidateQueries({ queryKey: ['integrations'] });
    },
  });
}
export const useCreatePlatforms = () => useWrite(platformsApi.create);
export const useUpdatePlatforms = () => useWrite(platformsApi.update);
export const useChangePlatformStatus = () => useWrite(platformsApi.changeStatus);
export const useDeletePlatforms = () => useWrite(platformsApi.remove);
