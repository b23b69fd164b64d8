/** The exports API (apps/server/src/modules/insights/exports): start one, read its state, the events token, the finished file. */
import type { ExportFormat, ExportType, ExportView } from '@leadgrid/shared/insights/exports';
import { api, type Query } from '../../api/client';

type Items<T> = { items: T[] };

export const exportsApi = {
  start: async (type: ExportType, query: Query, format: ExportFormat = 'csv') =>
    (await api.post<Items<ExportView>>('/exports', { type, query, format }, { successToast: false })).items[0],
  state: async (id: number) => (await api.get<Items<ExportView>>(`/exports/${id}`, undefined, { silent: true })).items[0],
  eventsToken: () => api.post<{ token: string; expiresIn: number }>('/events/token', undefined, { successToast: false, silent: true }),
  file: (id: number) => api.get<Blob>(`/exports/${id}/file`, undefined, { responseType: 'blob' }),
};
