/**
 * Clicks API (apps/server/src/modules/engine/clicks): query keys, the valid/invalid lists, one click, the dependent filters
 * and the staff edit. An edit refreshes every click query.
 */
import type { Click, ClickFilterOption, ClickFilterSlug, ClickList, ClickTab, ClickUpdateItem } from '@leadgrid/shared/engine/clicks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import { filterOptionsQuery, listQuery, recordQuery } from '../../../api/listQueries';

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
  useQuery(listQuery(clickKeys.list(tab, query), (signal) => clicksApi.list(tab, query, signal)));

export const useClick = (id: string) => useQuery(recordQuery(clickKeys.detail(id), id, clicksApi.get));

export const useClickFilterOptions = (slug: ClickFilterSlug, query: Query, enabled: boolean) =>
  useQuery(filterOptionsQuery(clickKeys.filter(slug, query), (signal) => clicksApi.filters(slug, query, signal), enabled));

export function useUpdateClicks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: ClickUpdateItem[]) => clicksApi.update(items),
    onSuccess: () => client.invalidateQueries({ queryKey: clickKeys.all }),
  });
}
