/** Postback logs API (apps/server/src/modules/engine/postback-logs): the advertiser and affiliate logs, and one log. */
import type { PostbackLog } from '@leadgrid/shared/engine/postback-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';
import type { LogTab } from './model';

export const postbackLogKeys = {
  all: ['postback-logs'] as const,
  list: (tab: LogTab, query: Query) => [...postbackLogKeys.all, 'list', tab, query] as const,
  detail: (id: number) => [...postbackLogKeys.all, 'detail', id] as const,
};

export const postbackLogsApi = {
  list: (tab: LogTab, query: Query, signal?: AbortSignal) =>
    api.get<ListData<PostbackLog>>(`/postback-logs/${tab}`, { ...query, withMeta: 1 }, { signal }),
  get: (id: number, signal?: AbortSignal) => api.get<PostbackLog>(`/postback-logs/${id}`, undefined, { signal, silent: true }),
};

export const usePostbackLogs = (tab: LogTab, query: Query) =>
  useQuery({
    queryKey: postbackLogKeys.list(tab, query),
    queryFn: ({ signal }) => postbackLogsApi.list(tab, query, signal),
    placeholderData: keepPreviousData,
  });

export const usePostbackLog = (id: number) =>
  useQuery({
    queryKey: postbackLogKeys.detail(id),
    queryFn: ({ signal }) => postbackLogsApi.get(id, signal),
    enabled: id > 0,
    retry: false,
  });
