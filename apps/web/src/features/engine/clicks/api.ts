/**
 * Clicks API (apps/server/src/modules/engine/clicks): query keys, the valid/invalid lists, one click, the dependent filters
 * and the staff edit. An edit refreshes every click query.
 */
import type { Click, ClickFilterOption, ClickFilterSlug, ClickList, ClickTab, ClickUpdateItem } from '@leadgrid/shared/engine/clicks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';

export const clickKeys = {
  all: ['clicks'] as const,
  list: (tab: ClickTab, query: Query) => [...clickKeys.all, 'list', tab, query] as const,
  detail: (id: string) => [...clickKeys.all, 'detail', id] as const,
  filter: (slug: ClickFilterSlug, query: Query) => [...clickKeys.all, 'filters', slug, query] as const,
};

interface Items<T> {
  items: T[];
}

export const clicksApi = {
  list: (tab: ClickTab, query: Query, signal?: AbortSignal) => api.get<ClickList>(`/clicks/${tab}`, { ...query, withMeta: 1 }, { signal }),
  get: async (id: string, signal?: AbortSignal) =>
    (await api.get<Items<Click>>(`/clicks/${id}`, undefined, { signal, silent: true })).items[0],
  filters: (slug: ClickFilterSlug, query: Query, signal?: AbortSignal) =>
    api.get<Items<ClickFilterOption>>('/clicks/filters', { ...query, slug }, { signal, silent: true }).then((d) => d.items),
  update: (items: ClickUpdateItem[]) => api.patch<Items<Click>>('/clicks', { items }),
};

export const useClicks = (tab: ClickTab, query: Query) =>
  useQuery({
    queryKey: clickKeys.list(tab, query),
    queryFn: ({ signal }) => clicksApi.list(tab, query, signal),
    placeholderData: keepPreviousData,
  });

export const useClick = (id: string) =>
  useQuery({ queryKey: clickKeys.detail(id), queryFn: ({ signal }) => clicksApi.get(id, signal), enabled: Boolean(id), retry: false });

export const useClickFilterOptions = (slug: ClickFilterSlug, query: Query, enabled: boolean) =>
  useQuery({
    queryKey: clickKeys.filter(slug, query),
    queryFn: ({ signal }) => clicksApi.filters(slug, query, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useUpdateClicks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: ClickUpdateItem[]) => clicksApi.update(items),
    onSuccess: () => client.invalidateQueries({ queryKey: clickKeys.all }),
  });
}
