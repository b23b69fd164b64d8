/**
 * Lead import API (apps/server/src/modules/engine/lead-import): upload (multipart), start, state, the past imports,
 * the template and the report (binary GETs), the importer's affiliate picker (affiliates in scope; the offer
 * is the shared OfferPicker, given the affiliate) and the progress as the `lead_import` server-sent event.
 */
import {
  LEAD_IMPORT_EVENT,
  type LeadImportListItem,
  type LeadImportStart,
  type LeadImportUpload,
  type LeadImportView,
} from '@leadgrid/shared/engine/lead-edit-import';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../api/client';
import { exportsApi } from '../../../components/export/api';

type Items<T> = { items: T[] };
type Page<T> = { items: T[]; meta?: { totalCount: number } };
/** the past imports are re-read this often while one of them runs */
export const LIST_REFRESH_MS = 3000;

export const leadImportKeys = {
  all: ['lead-import'] as const,
  list: (query: { limit: number; offset: number }) => ['lead-import', 'list', query] as const,
};

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export const leadImportApi = {
  upload: async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return (await api.post<Items<LeadImportUpload>>('/lead-imports', body, { successToast: false })).items[0];
  },
  start: async ({ id, input }: { id: number; input: LeadImportStart }) =>
    (await api.post<Items<LeadImportView>>(`/lead-imports/${id}/start`, input, { successToast: false })).items[0],
  list: (query: { limit: number; offset: number }, signal?: AbortSignal) =>
    api.get<Page<LeadImportListItem>>('/lead-imports', query, { signal, silent: true }),
  state: async (id: number) => (await api.get<Items<LeadImportView>>(`/lead-imports/${id}`, undefined, { silent: true })).items[0],
  template: (offerId?: number) => api.get<Blob>('/lead-imports/template', { offerId }, { responseType: 'blob' }),
  report: (id: number) => api.get<Blob>(`/lead-imports/${id}/report`, undefined, { responseType: 'blob' }),
  affiliates: (search: string, signal?: AbortSignal) =>
    api.get<Items<Person>>('/affiliates/lookup', { purpose: 'assignment', search, limit: 50 }, { signal, silent: true }),
};

export const useUploadMutation = () => useMutation({ mutationFn: leadImportApi.upload });
export function useStartMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: leadImportApi.start,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...leadImportKeys.all, 'list'] }),
  });
}

/** the past imports, newest first; re-read while one is pending or running */
export function useImportList(query: { limit: number; offset: number }) {
  return useQuery({
    queryKey: leadImportKeys.list(query),
    queryFn: ({ signal }) => leadImportApi.list(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === 'pending' || i.status === 'running') ? LIST_REFRESH_MS : false),
  });
}

export function useAffiliateOptions(search: string) {
  return useQuery({
    queryKey: ['lead-import', 'affiliates', search],
    queryFn: ({ signal }) => leadImportApi.affiliates(search, signal),
    select: (d) => d.items,
    staleTime: 30_000,
  });
}

/** Follows an import over server-sent events (and its state once, if it ended first); returns the closer. */
export async function followImport(id: number, onEvent: (view: LeadImportView) => void): Promise<() => void> {
  const { token } = await exportsApi.eventsToken();
  const source = new EventSource(`${API_BASE}/events?token=${encodeURIComponent(token)}`);
  const deliver = (view: LeadImportView) => {
    if (view.id !== id) return;
    if (view.status === 'done' || view.status === 'failed') source.close();
    onEvent(view);
  };
  source.addEventListener(LEAD_IMPORT_EVENT, (event) => {
    try {
      deliver(JSON.parse((event as MessageEvent<string>).data) as LeadImportView);
    } catch {
      // not an import state: ignored
    }
  });
  const current = await leadImportApi.state(id).catch(() => undefined);
  if (current) deliver(current);
  return () => source.close();
}
