/** Metrics API (product §7 "metrics: by id, create, edit, status PATCH, data for create or edit, active"; apps/server/src/modules/insights/metrics). */
import type { ActiveMetric, Metric, MetricCreate, MetricFormData, MetricUpdate } from '@leadgrid/shared/insights/metrics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import { listQuery, recordQuery } from '../../../api/listQueries';
import type { ListData } from '../../../components/table/DataTable';

export const metricKeys = {
  all: ['metrics'] as const,
  list: (query: Query) => ['metrics', 'list', query] as const,
  detail: (id: number) => ['metrics', 'detail', id] as const,
  formData: () => ['metrics', 'form-data'] as const,
  active: () => ['metrics', 'active'] as const,
};

export const metricsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Metric>>('/metrics', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: Metric[] }>(`/metrics/${id}`, undefined, { signal, silent: true })).items[0],
  formData: (signal?: AbortSignal) => api.get<MetricFormData>('/metrics/form-data', undefined, { signal, silent: true }),
  /** the metrics statistics tables and dashboard widgets may show */
  active: (signal?: AbortSignal) =>
    api.get<{ items: ActiveMetric[] }>('/metrics/active', undefined, { signal, silent: true }).then((d) => d.items),
  create: (items: MetricCreate[]) => api.put<{ items: Metric[] }>('/metrics', { items }),
  update: (items: MetricUpdate[]) => api.patch<{ items: Metric[] }>('/metrics', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<{ items: Metric[] }>('/metrics/change_status', { items }),
};

export const useMetrics = (query: Query) => useQuery(listQuery(metricKeys.list(query), (signal) => metricsApi.list(query, signal)));

export const useMetric = (id: number) => useQuery(recordQuery(metricKeys.detail(id), id, metricsApi.get));

/** built-ins and groups for the builder; they change only with a release or a new group */
export const useMetricFormData = () =>
  useQuery({ queryKey: metricKeys.formData(), queryFn: ({ signal }) => metricsApi.formData(signal), staleTime: 5 * 60_000 });

export const useActiveMetrics = (enabled = true) =>
  useQuery({ queryKey: metricKeys.active(), queryFn: ({ signal }) => metricsApi.active(signal), staleTime: 60_000, enabled });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  // a metric write changes lists, details, groups and the active list alike
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: metricKeys.all }) });
}
export const useCreateMetrics = () => useWrite(metricsApi.create);
export const useUpdateMetrics = () => useWrite(metricsApi.update);
export const useChangeMetricStatus = () => useWrite(metricsApi.changeStatus);
