/**
 * The reports API (apps/server/src/modules/insights/reports): saved reports, and the caller's exports (list, delete)
 * for /reports/downloads. Starting a ready report and fetching a file go through the exports API.
 */
import type { ReportView, ReportWrite } from '@leadgrid/shared/insights/reports';
import type { ExportView } from '@leadgrid/shared/insights/exports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';

type Items<T> = { items: T[]; meta?: { totalCount: number } };

export const reportKeys = {
  saved: ['reports', 'saved'] as const,
  downloads: (query: Query) => ['reports', 'downloads', query] as const,
  allDownloads: ['reports', 'downloads'] as const,
};

export const reportsApi = {
  list: async () => (await api.get<Items<ReportView>>('/reports')).items,
  create: async (body: ReportWrite) => (await api.post<Items<ReportView>>('/reports', body)).items[0],
  remove: (id: number) => api.delete(`/reports/${id}`),
  run: async (id: number) => (await api.post<Items<ExportView>>(`/reports/${id}/run`, undefined, { successToast: false })).items[0],
  downloads: (query: Query, signal?: AbortSignal) => api.get<Items<ExportView>>('/exports', query, { signal }),
  removeDownload: (id: number) => api.delete(`/exports/${id}`),
};

export const useSavedReports = () => useQuery({ queryKey: reportKeys.saved, queryFn: reportsApi.list });
export const DOWNLOADS_PAGE = 20;
/** a page of the caller's exports (`limit`, `offset`) */
export const useDownloads = (query: Query) =>
  useQuery({
    queryKey: reportKeys.downloads(query),
    queryFn: ({ signal }) => reportsApi.downloads(query, signal),
    placeholderData: keepPreviousData,
  });

export function useReportMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['reports'] });
  return {
    create: useMutation({ mutationFn: reportsApi.create, onSuccess: refresh }),
    remove: useMutation({ mutationFn: reportsApi.remove, onSuccess: refresh }),
    run: useMutation({ mutationFn: reportsApi.run, onSuccess: refresh }),
    removeDownload: useMutation({ mutationFn: reportsApi.removeDownload, onSuccess: refresh }),
  };
}
