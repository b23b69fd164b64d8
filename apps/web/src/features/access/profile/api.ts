/**
 * The profile's calls (product §7; apps/server/src/modules/{users,auth,reference}): own profile edit, lead API token,
 * password and two-factor, logins history, preferences and personal API tokens. Query keys live under the
 * users key of the shell, so a sign-out (which drops every user query) clears them too.
 */
import type { changePasswordBody, Session, twoFactorSetupAnswer } from '@leadgrid/shared/access/auth';
import type { apiTokenSchema, loginHistorySchema, preferenceSchema, UserProfileUpdate, User } from '@leadgrid/shared/access/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
export { useTimezones, type TimeZone } from '../../../api/reference';
import { api, type Query } from '../../../api/client';
import { sessionKeys, userKeys } from '../../../api/users';

export type LoginHistoryEntry = z.infer<typeof loginHistorySchema>;
export type Preference = z.infer<typeof preferenceSchema>;
export type ApiToken = z.infer<typeof apiTokenSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupAnswer>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
interface ListAnswer<T> {
  items: T[];
  meta?: { totalCount: number; minDate?: number | null; maxDate?: number | null };
}

export const profileKeys = {
  logins: (userId: number, query: Query) => [...userKeys.detail(userId), 'logins', query] as const,
  preferences: (userId: number, type?: string) => [...userKeys.detail(userId), 'preferences', type ?? 'all'] as const,
  preferencesAll: (userId: number) => [...userKeys.detail(userId), 'preferences'] as const,
  apiTokens: () => [...userKeys.all, 'apiTokens'] as const,
  sessions: () => [...userKeys.all, 'sessions'] as const,
};

/* ---------- own profile ---------- */

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: UserProfileUpdate) => api.patch<{ items: User[] }>('/users', { items: [item] }).then((d) => d.items[0]),
    onSuccess: async (fresh) => {
      // the answer carries no lead API token: keep the one in the session until it is reloaded
      client.setQueryData<User>(sessionKeys.user(), (old) => (old ? { ...old, ...fresh, apiToken: old.apiToken } : old));
      await client.invalidateQueries({ queryKey: sessionKeys.user() });
    },
  });
}

export function useRegenerateLeadToken(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ apiToken: string }>(`/users/${userId}/regenerate-api-token`),
    onSuccess: ({ apiToken }) => client.setQueryData<User>(sessionKeys.user(), (old) => (old ? { ...old, apiToken } : old)),
  });
}

/* ---------- security ---------- */

export const securityApi = {
  changePassword: (body: ChangePasswordBody) => api.post<Record<string, never>>('/auth/change-password', body),
  setupTwoFactor: () => api.post<TwoFactorSetup>('/auth/2fa/setup', undefined, { successToast: false }),
  enableTwoFactor: (code: string) => api.post<Record<string, never>>('/auth/2fa/enable', { code }),
  disableTwoFactor: (code: string) => api.post<Record<string, never>>('/auth/2fa/disable', { code }),
};

/* ---------- sessions (signed-in devices) ---------- */

export type { Session } from '@leadgrid/shared/access/auth';

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) => api.get<ListAnswer<Session>>('/auth/sessions', undefined, { signal }).then((d) => d.items),
  });
}

/** Ends one session (`id`) or every other one (no id). */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id ? api.delete('/auth/sessions', { data: [id] }) : api.post<Record<string, never>>('/auth/sessions/revoke-others'),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

/* ---------- logins history ---------- */

export function useLoginsHistory(userId: number, query: Query) {
  return useQuery({
    queryKey: profileKeys.logins(userId, query),
    queryFn: ({ signal }) =>
      api.get<ListAnswer<LoginHistoryEntry>>(`/users/${userId}/logins-history`, { ...query, withMeta: 1 }, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

/* ---------- preferences ---------- */

export function usePreferences(userId: number, type?: string) {
  return useQuery({
    queryKey: profileKeys.preferences(userId, type),
    queryFn: ({ signal }) => api.get<ListAnswer<Preference>>(`/users/${userId}/preferences`, { type }, { signal }).then((d) => d.items),
    enabled: userId > 0,
  });
}

export interface PreferenceChanges {
  /** new (type, name) rows: PUT */
  create: { type: string; name: string; value: unknown }[];
  /** rows that exist: PATCH by id */
  update: { id: number; value: unknown }[];
}

export function useSavePreferences(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ create, update }: PreferenceChanges) => {
      // one success toast for the whole save
      if (update.length) await api.patch('/user-preferences', { items: update }, { successToast: !create.length });
      if (create.length) await api.put('/user-preferences', { items: create });
    },
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.preferencesAll(userId) }),
  });
}

export function useDeletePreferences(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete('/user-preferences', { data: ids }),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.preferencesAll(userId) }),
  });
}

/* ---------- personal API tokens ---------- */

export function useApiTokens() {
  return useQuery({
    queryKey: profileKeys.apiTokens(),
    queryFn: ({ signal }) => api.get<ListAnswer<ApiToken>>('/api-tokens', undefined, { signal }),
  });
}

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => api.put<{ items: ApiToken[] }>('/api-tokens', { items: [{ title }] }).then((d) => d.items[0]),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.apiTokens() }),
  });
}

export function useRevokeApiTokens() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete('/api-tokens', { data: ids }),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.apiTokens() }),
  });
}
