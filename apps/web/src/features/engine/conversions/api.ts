/**
 * Conversions API (product §7 "conversions: statuses, data-traffic statuses and marks, PATCH edit";
 * apps/server/src/modules/engine/conversions): the query-key factory, the list / detail / dependent-filter queries and the
 * two writes (status change with the send-postback choice, edit). Writes refresh every conversion query; the status
 * change's outcome is shown by the screen.
 */
import type {
  ConversionEditItem,
  ConversionFilterOption,
  ConversionFilterSlug,
  ConversionStatusAnswer,
  ConversionStatusBody,
  ConversionTotals,
  ConversionView,
} from '@leadgrid/shared/engine/conversions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import { filterOptionsQuery, listQuery, recordQuery } from '../../../api/listQueries';
import type { ListData } from '../../../components/table/DataTable';

interface Items<T> {
  items: T[];
}

export const conversionKeys = {
  all: ['conversions'] as const,
  list: (query: Query) => [...conversionKeys.all, 'list', query] as const,
  filters: (slug: ConversionFilterSlug, query: Query) => [...conversionKeys.all, 'filters', slug, query] as const,
  detail: (id: number) => [...conversionKeys.all, 'detail', id] as const,
};

export const conversionsApi = {
  list: (query: Query, signal?: AbortSignal) =>
    api.get<ListData<ConversionView, ConversionTotals>>('/conversions', { ...query, withMeta: 1 }, { signal }),
  filters: (slug: ConversionFilterSlug, query: Query, signal?: AbortSignal) =>
    api.get<Items<ConversionFilterOption>>('/conversions/filters', { ...query, filterSlug: slug }, { signal, silent: true }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<ConversionView>>(`/conversions/${id}`, undefined, { signal, silent: true })).items[0],
  /** the screen shows which conversions changed and which did not, so no generic toast */
  changeStatus: (body: ConversionStatusBody) =>
    api.post<ConversionStatusAnswer>('/conversions/change_status', body, { successToast: false }),
  edit: (items: ConversionEditItem[]) => api.patch<Items<ConversionView>>('/conversions', { items }),
};

export const useConversions = (query: Query) =>
  useQuery(listQuery(conversionKeys.list(query), (signal) => conversionsApi.list(query, signal)));

export const useConversionFilterOptions = (slug: ConversionFilterSlug, query: Query, enabled: boolean) =>
  useQuery(
    filterOptionsQuery<ConversionFilterOption[]>(
      conversionKeys.filters(slug, query),
      (signal) => conversionsApi.filters(slug, query, signal).then((d) => d.items),
      enabled,
    ),
  );

export const useConversion = (id: number | undefined) => useQuery(recordQuery(conversionKeys.detail(id ?? 0), id, conversionsApi.get));

export function useConversionWrites() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: conversionKeys.all });
  return {
    changeStatus: useMutation({ mutationFn: conversionsApi.changeStatus, onSuccess }),
    edit: useMutation({ mutationFn: conversionsApi.edit, onSuccess }),
  };
}
