/**
 * Notifications API (product §7 "notifications: get, edit, channel integrations"; apps/server/src/modules/settings/notifications):
 * rules, channel integrations, the recipients picker, and the signed-in user's in-app notifications.
 */
import type {
  MyNotificationsList,
  NotificationChannelUpdate,
  NotificationChannelView,
  NotificationIntegration,
  NotificationRecipient,
  NotificationRule,
  NotificationRuleUpdate,
} from '@leadgrid/shared/settings/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import { clientList } from '../../../components/list/useResourceList';

export const notificationKeys = {
  all: ['notifications'] as const,
  rules: () => ['notifications', 'rules'] as const,
  channels: () => ['notifications', 'channels'] as const,
  recipients: (query: Query) => ['notifications', 'recipients', query] as const,
  mine: () => ['notifications', 'my'] as const,
  myList: (query: Query) => ['notifications', 'my', query] as const,
};

export const notificationsApi = {
  rules: (signal?: AbortSignal) =>
    api.get<{ items: NotificationRule[] }>('/notifications/rules', undefined, { signal, silent: true }).then((d) => d.items),
  updateRules: (items: NotificationRuleUpdate[]) => api.patch<{ items: NotificationRule[] }>('/notifications/rules', { items }),
  channels: (signal?: AbortSignal) =>
    api.get<{ items: NotificationChannelView[] }>('/notifications/channels', undefined, { signal, silent: true }).then((d) => d.items),
  updateChannels: (items: NotificationChannelUpdate[]) =>
    api.patch<{ items: NotificationChannelView[] }>('/notifications/channels', { items }),
  testChannel: (type: NotificationIntegration) => api.post<Record<string, never>>('/notifications/channels/test', { data: { type } }),
  recipients: (query: Query, signal?: AbortSignal) =>
    api.get<{ items: NotificationRecipient[] }>('/notifications/recipients', query, { signal, silent: true }).then((d) => d.items),
  mine: (query: Query, signal?: AbortSignal) => api.get<MyNotificationsList>('/notifications/my', query, { signal, silent: true }),
  markRead: (ids: number[]) =>
    api.post<{ updated: number; unreadCount: number }>('/notifications/my/read', { data: ids }, { successToast: false }),
  markAllRead: () => api.post<{ updated: number; unreadCount: number }>('/notifications/my/read_all', {}, { successToast: false }),
};

/** the rules as the list kit's answer: the server sends every rule, the table's status filter picks on the client */
export const useNotificationRules = (query: Query) =>
  useQuery({
    queryKey: notificationKeys.rules(),
    queryFn: ({ signal }) => notificationsApi.rules(signal),
    select: (rules) => clientList(rules, query, ['status']),
  });
export const useNotificationChannels = () =>
  useQuery({ queryKey: notificationKeys.channels(), queryFn: ({ signal }) => notificationsApi.channels(signal) });

/** users a rule can name: a search, or the names of those already named */
export const useRecipients = (query: { search?: string; ids?: number[] }, enabled = true) => {
  const q: Query = { search: query.search || undefined, ids: query.ids?.length ? query.ids : undefined };
  return useQuery({
    queryKey: notificationKeys.recipients(q),
    queryFn: ({ signal }) => notificationsApi.recipients(q, signal),
    enabled: enabled && (query.ids === undefined || query.ids.length > 0),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

export function useUpdateRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: notificationsApi.updateRules,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}
export function useUpdateChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: notificationsApi.updateChannels,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.channels() }),
  });
}
export const useTestChannel = () => useMutation({ mutationFn: notificationsApi.testChannel });

/** the bell polls the unread count every minute */
export const MY_POLL_MS = 60_000;
export const useMyNotifications = (query: Query, opts: { poll?: boolean } = {}) =>
  useQuery({
    queryKey: notificationKeys.myList(query),
    queryFn: ({ signal }) => notificationsApi.mine(query, signal),
    refetchInterval: opts.poll ? MY_POLL_MS : false,
    placeholderData: keepPreviousData,
  });

function useMyWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.mine() }) });
}
export const useMarkRead = () => useMyWrite(notificationsApi.markRead);
export const useMarkAllRead = () => useMyWrite(notificationsApi.markAllRead);
