/** Geos API (product §7 "geos: for lead editing, create, edit, delete (change_status)"; apps/server/src/modules/settings/geos). */
import type { RefItem } from '@leadgrid/shared/settings/reference';
import type { Geo, GeoCreate, GeoRef, GeoStatus, GeoUpdate } from '@leadgrid/shared/settings/geos';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

export const geoKeys = {
  all: ['geos'] as const,
  list: (query: Query) => ['geos', 'list', query] as const,
  active: () => ['geos', 'active'] as const,
  countries: (locale: string) => ['reference', 'countries', locale] as const,
};

export const geosApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Geo>>('/geos', { ...query, withMeta: 1 }, { signal }),
  /** active geos for pickers (lead form, hold-queue rules) */
  active: (signal?: AbortSignal) => api.get<{ items: GeoRef[] }>('/geos/for-lead-editing', undefined, { signal, silent: true }),
  create: (items: GeoCreate[]) => api.put<{ items: Geo[] }>('/geos', { items }),
  update: (items: GeoUpdate[]) => api.patch<{ items: Geo[] }>('/geos', { items }),
  changeStatus: (items: { id: number; status: GeoStatus }[]) => api.post<{ items: Geo[] }>('/geos/change_status', { items }),
  countries: (locale: string, signal?: AbortSignal) => api.get<{ items: RefItem[] }>('/countries', { locale }, { signal, silent: true }),
};

export const useGeos = (query: Query) =>
  useQuery({ queryKey: geoKeys.list(query), queryFn: ({ signal }) => geosApi.list(query, signal), placeholderData: keepPreviousData });

export const useActiveGeos = (enabled = true) =>
  useQuery({
    queryKey: geoKeys.active(),
    queryFn: ({ signal }) => geosApi.active(signal).then((d) => d.items),
    staleTime: 60_000,
    enabled,
  });

/** ISO countries with names in the interface language. */
export const useCountries = (locale: string) =>
  useQuery({
    queryKey: geoKeys.countries(locale),
    queryFn: ({ signal }) => geosApi.countries(locale, signal).then((d) => d.items),
    staleTime: 60 * 60_000,
  });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: geoKeys.all }) });
}
export const useCreateGeos = () => useWrite(geosApi.create);
export const useUpdateGeos = () => useWrite(geosApi.update);
export const useChangeGeoStatus = () => useWrite(geosApi.changeStatus);
