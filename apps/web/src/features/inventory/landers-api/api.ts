/**
 * The landing API library (product §2 /landings-api, §7 "landing API (landers_api) and its languages";
 * apps/server/src/modules/inventory/landers-api): pages kept once in language versions, assigned to offers through their
 * landers. Query keys, the list, detail, the languages in use, and the writes (a write refreshes every landing API
 * query, the lander form's picker included).
 */
import type { LanderApi, LanderApiCreate, LanderApiLanguageInput, LanderApiUpdate } from '@leadgrid/shared/inventory/landers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

interface Items<T> {
  items: T[];
}

export const READ = 'front.menu.landers_api.read';
export const WRITE = 'landers_api.update';

export const landingApiKeys = {
  all: ['landers-api'] as const,
  list: (query: Query) => ['landers-api', 'list', query] as const,
  detail: (id: number) => ['landers-api', 'detail', id] as const,
  languages: () => ['landers-api', 'languages'] as const,
};

export const landingsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<LanderApi>>('/landers-api', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<LanderApi>>(`/landers-api/${id}`, undefined, { signal, silent: true })).items[0],
  languages: (signal?: AbortSignal) =>
    api.get<{ items: string[] }>('/landers-api/languages', undefined, { signal, silent: true }).then((d) => d.items),
  create: (items: LanderApiCreate[]) => api.put<Items<LanderApi>>('/landers-api', { items }),
  update: (items: LanderApiUpdate[]) => api.patch<Items<LanderApi>>('/landers-api', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<Items<LanderApi>>('/landers-api/change_status', { items }),
  /** the full set of language versions (a version left out is removed) */
  editLanguages: (id: number, data: LanderApiLanguageInput[], opts: { successToast?: boolean } = {}) =>
    api.post<Items<LanderApi>>(`/landers-api/${id}/edit_languages`, { data }, opts),
};

export const useLandingApis = (query: Query) =>
  useQuery({
    queryKey: landingApiKeys.list(query),
    queryFn: ({ signal }) => landingsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

export const useLandingApi = (id: number) =>
  useQuery({
    queryKey: landingApiKeys.detail(id),
    queryFn: ({ signal }) => landingsApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useLandingApiLanguages = () =>
  useQuery({ queryKey: landingApiKeys.languages(), queryFn: ({ signal }) => landingsApi.languages(signal), staleTime: 60_000 });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: landingApiKeys.all }) });
}
export const useCreateLandingApis = () => useWrite(landingsApi.create);
export const useUpdateLandingApis = () => useWrite(landingsApi.update);
export const useChangeLandingApiStatus = () => useWrite(landingsApi.changeStatus);
export const useEditLandingApiLanguages = () =>
  useWrite(({ id, data, successToast }: { id: number; data: LanderApiLanguageInput[]; successToast?: boolean }) =>
    landingsApi.editLanguages(id, data, { successToast }),
  );
