/** Lists API: query-key factories and hooks for tags, categories and traffic sources (product §7). */
import type { Category, CategoryCreate, CategoryRef, CategoryUpdate } from '@leadgrid/shared/settings/categories';
import type { Tag, TagCreate, TagRef, TagType, TagUpdate } from '@leadgrid/shared/settings/tags';
import type { TrafficSource, TrafficSourceCreate, TrafficSourceRef, TrafficSourceUpdate } from '@leadgrid/shared/engine/traffic-sources';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

export type ListStatus = 'active' | 'inactive';
export interface StatusItem {
  id: number;
  status: ListStatus;
}

/** The CRUD calls and keys of one list resource: `/tags`, `/categories`, `/traffic-sources`. */
function resource<Row, Create, Update>(path: string, key: string) {
  const keys = {
    all: [key] as const,
    lists: () => [key, 'list'] as const,
    list: (query: Query) => [key, 'list', query] as const,
    detail: (id: number) => [key, 'detail', id] as const,
    lookups: () => [key, 'lookup'] as const,
  };
  const calls = {
    list: (query: Query, signal?: AbortSignal) => api.get<ListData<Row>>(path, { ...query, withMeta: 1 }, { signal }),
    get: async (id: number, signal?: AbortSignal) =>
      (await api.get<{ items: Row[] }>(`${path}/${id}`, undefined, { signal, silent: true })).items[0],
    create: (items: Create[]) => api.put<{ items: Row[] }>(path, { items }),
    update: (items: Update[]) => api.patch<{ items: Row[] }>(path, { items }),
    changeStatus: (items: StatusItem[]) => api.post<{ items: Row[] }>(`${path}/change_status`, { items }),
  };
  return { path, keys, calls };
}

export const tagsApi = {
  ...resource<Tag, TagCreate, TagUpdate>('/tags', 'tags'),
  remove: (ids: number[]) => api.delete<{ ids: number[] }>('/tags', { data: ids }),
  byType: (type: TagType, query: Query, signal?: AbortSignal) =>
    api.get<{ items: TagRef[] }>(`/tags/by-type/${type}`, query, { signal, silent: true }),
};
export const categoriesApi = {
  ...resource<Category, CategoryCreate, CategoryUpdate>('/categories', 'categories'),
  active: (query: Query, signal?: AbortSignal) => api.get<{ items: CategoryRef[] }>('/categories/active', query, { signal, silent: true }),
};
export const trafficSourcesApi = {
  ...resource<TrafficSource, TrafficSourceCreate, TrafficSourceUpdate>('/traffic-sources', 'trafficSources'),
  active: (query: Query, signal?: AbortSignal) =>
    api.get<{ items: TrafficSourceRef[] }>('/traffic-sources/active', query, { signal, silent: true }),
};

type Resource<Row, Create, Update> = ReturnType<typeof resource<Row, Create, Update>>;

/** The hooks of one resource; every write refreshes the resource's lists, details and look-ups. */
function hooksOf<Row, Create, Update>(r: Resource<Row, Create, Update>) {
  const useInvalidate = () => {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: r.keys.all as unknown as QueryKey });
  };
  return {
    useList(query: Query) {
      return useQuery({
        queryKey: r.keys.list(query),
        queryFn: ({ signal }) => r.calls.list(query, signal),
        placeholderData: keepPreviousData,
      });
    },
    useDetail(id: number) {
      return useQuery({ queryKey: r.keys.detail(id), queryFn: ({ signal }) => r.calls.get(id, signal) });
    },
    useCreate() {
      return useMutation({ mutationFn: r.calls.create, onSuccess: useInvalidate() });
    },
    useUpdate() {
      return useMutation({ mutationFn: r.calls.update, onSuccess: useInvalidate() });
    },
    useChangeStatus() {
      return useMutation({ mutationFn: r.calls.changeStatus, onSuccess: useInvalidate() });
    },
  };
}

export const tagHooks = {
  ...hooksOf(tagsApi),
  useDelete() {
    const client = useQueryClient();
    return useMutation({ mutationFn: tagsApi.remove, onSuccess: () => client.invalidateQueries({ queryKey: tagsApi.keys.all }) });
  },
};
export const categoryHooks = hooksOf(categoriesApi);
export const trafficSourceHooks = hooksOf(trafficSourcesApi);
