/**
 * Verticals API (product §7 "verticals: edit_redirect, edit_lead_grades, edit_goals, edit_inbound_rules, edit_api_settings,
 * edit_metrics"; apps/server/src/modules/sell-side/verticals), and the look-ups the vertical screens show next to a vertical:
 * its advertisers, the platforms of its integration templates, the custom metrics to choose from, countries and
 * languages.
 */
import type { RefItem } from '@leadgrid/shared/settings/reference';
import type { Metric } from '@leadgrid/shared/insights/metrics';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import type { IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import type { CascadePreview } from '@leadgrid/shared/sell-side/sell-side';
import type { Vertical, VerticalSectionName } from '@leadgrid/shared/sell-side/verticals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

export type SellSideStatus = 'active' | 'inactive';

export const verticalKeys = {
  all: ['verticals'] as const,
  list: (query: Query) => ['verticals', 'list', query] as const,
  detail: (id: number) => ['verticals', 'detail', id] as const,
  advertisers: (id: number, limit: number) => ['verticals', 'advertisers', id, limit] as const,
  templates: (ids: readonly number[]) => ['verticals', 'templates', ids] as const,
};

export const verticalsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Vertical>>('/verticals', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: Vertical[] }>(`/verticals/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: { title: string; description: string; status?: SellSideStatus }[]) =>
    api.put<{ items: Vertical[] }>('/verticals', { items }),
  update: (items: { id: number; title?: string; description?: string }[]) => api.patch<{ items: Vertical[] }>('/verticals', { items }),
  changeStatus: (items: { id: number; status: SellSideStatus }[]) => api.post<{ items: Vertical[] }>('/verticals/change_status', { items }),
  /** how many advertisers a deactivation also stops (the confirmation popup) */
  cascadePreview: (ids: number[]) => api.get<CascadePreview>('/verticals/cascade-preview', { ids, status: 'inactive' }, { silent: true }),
  /** `POST /verticals/:id/edit_<section> {data}`: answers the whole vertical */
  editSection: (id: number, section: VerticalSectionName, data: unknown) =>
    api.post<{ items: Vertical[] }>(`/verticals/${id}/edit_${section}`, { data }).then((d) => d.items[0]),
  /** a few advertisers of the vertical and how many there are (product §7: small look-ups, limit 5 for previews) */
  advertisers: (id: number, limit: number, signal?: AbortSignal) =>
    api.get<ListData<Advertiser>>('/advertisers', { verticalId: id, limit, withMeta: 1, orderBy: 'title:asc' }, { signal, silent: true }),
  /** the integration templates of the verticals: their platforms are the platforms of the vertical */
  templates: (ids: readonly number[], signal?: AbortSignal) =>
    api.get<ListData<IntegrationTemplate>>(
      '/integration-templates',
      { verticalId: ids, limit: 1000, orderBy: 'title:asc' },
      { signal, silent: true },
    ),
  metrics: (signal?: AbortSignal) => api.get<ListData<Metric>>('/metrics', { limit: 1000, orderBy: 'title:asc' }, { signal, silent: true }),
  countries: (locale: string, signal?: AbortSignal) =>
    api.get<{ items: RefItem[] }>('/countries', { locale }, { signal, silent: true }).then((d) => d.items),
  languages: (locale: string, signal?: AbortSignal) =>
    api.get<{ items: RefItem[] }>('/languages', { locale }, { signal, silent: true }).then((d) => d.items),
};

export const useVerticals = (query: Query) =>
  useQuery({
    queryKey: verticalKeys.list(query),
    queryFn: ({ signal }) => verticalsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

export const useVertical = (id: number) =>
  useQuery({
    queryKey: verticalKeys.detail(id),
    queryFn: ({ signal }) => verticalsApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useVerticalAdvertisers = (id: number, limit: number, enabled: boolean) =>
  useQuery({
    queryKey: verticalKeys.advertisers(id, limit),
    queryFn: ({ signal }) => verticalsApi.advertisers(id, limit, signal),
    enabled,
    staleTime: 30_000,
  });

/** the templates of the given verticals, one call for a whole page of the list */
export const useVerticalTemplates = (ids: readonly number[], enabled: boolean) =>
  useQuery({
    queryKey: verticalKeys.templates(ids),
    queryFn: ({ signal }): Promise<IntegrationTemplate[]> => verticalsApi.templates(ids, signal).then((d) => d.items),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

export const useCustomMetrics = (enabled: boolean) =>
  useQuery({
    queryKey: ['metrics', 'list', 'vertical-picker'],
    queryFn: ({ signal }) => verticalsApi.metrics(signal).then((d) => d.items),
    enabled,
    staleTime: 60_000,
  });

/** the same cache keys as the geos screen */
export const useCountries = (locale: string) =>
  useQuery({
    queryKey: ['reference', 'countries', locale],
    queryFn: ({ signal }) => verticalsApi.countries(locale, signal),
    staleTime: 60 * 60_000,
  });
export const useLanguages = (locale: string) =>
  useQuery({
    queryKey: ['reference', 'languages', locale],
    queryFn: ({ signal }) => verticalsApi.languages(locale, signal),
    staleTime: 60 * 60_000,
  });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  // a vertical write changes lists and the detail; a status change also blocks advertisers
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: verticalKeys.all });
      void client.invalidateQueries({ queryKey: ['advertisers'] });
    },
  });
}
export const useCreateVerticals = () => useWrite(verticalsApi.create);
export const useUpdateVerticals = () => useWrite(verticalsApi.update);
export const useChangeVerticalStatus = () => useWrite(verticalsApi.changeStatus);

/** Saves one section; the answer (the whole vertical) replaces the cached detail. */
export function useEditVerticalSection(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ section, data }: { section: VerticalSectionName; data: unknown }) => verticalsApi.editSection(id, section, data),
    onSuccess: (vertical) => {
      client.setQueryData(verticalKeys.detail(id), vertical);
      void client.invalidateQueries({ queryKey: ['verticals', 'list'] });
    },
  });
}

export const VERTICAL_WRITE = 'vertical.update';
export const ADVERTISERS_READ = 'front.menu.advertisers.read';
export const TEMPLATES_READ = 'front.settings.integration_templates.read';
export const PLATFORMS_READ = 'front.settings.platforms.read';
