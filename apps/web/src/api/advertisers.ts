/**
 * Advertisers API (product §7 "advertisers", "integrations and templates"; apps/server/src/modules/sell-side/advertisers,
 * advertiser-members, integrations, integration-templates, verticals, platforms): query-key factories, the list and
 * detail queries, the writes, and the look-ups the pickers and the "Add integration" popup use.
 * Advertiser writes refresh every advertiser query; integration writes refresh the integrations and the advertiser
 * (its integrations count decides what the integration tabs show).
 */
import type { AdvertiserMember, AdvertiserMemberCreate, AdvertiserMemberUpdate } from '@leadgrid/shared/people/people';
import type { Role } from '@leadgrid/shared/access/roles';
import type { Advertiser, advertiserCreate, advertiserUpdate } from '@leadgrid/shared/sell-side/advertisers';
import type { Integration, integrationCreate } from '@leadgrid/shared/sell-side/integrations';
import type { CascadePreview, IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

export type AdvertiserCreate = z.input<typeof advertiserCreate>;
export type AdvertiserUpdate = z.input<typeof advertiserUpdate>;
export type IntegrationCreate = z.input<typeof integrationCreate>;
export type AdvertiserStatus = Advertiser['status'];

export interface Ref {
  id: number;
  title: string;
  status: string;
}
export interface PlatformRef extends Ref {
  methods: IntegrationMethod[];
}
export interface TemplateRef extends Ref {
  platformId: number;
  verticalId: number;
}
export interface AdvertiserRef {
  id: number;
  secureId: string;
  title: string;
  status: AdvertiserStatus;
}
interface Items<T> {
  items: T[];
}

export const advertiserKeys = {
  all: ['advertisers'] as const,
  lists: () => [...advertiserKeys.all, 'list'] as const,
  list: (query: Query) => [...advertiserKeys.lists(), query] as const,
  detail: (id: number) => [...advertiserKeys.all, 'detail', id] as const,
  lookup: (query: Query) => [...advertiserKeys.all, 'lookup', query] as const,
};
export const memberKeys = {
  all: ['advertiser-members'] as const,
  of: (advertiserId: number) => [...memberKeys.all, advertiserId] as const,
  roles: () => [...memberKeys.all, 'roles'] as const,
};
/** the integrations feature may share this root: any integration write refreshes both */
export const integrationKeys = {
  all: ['integrations'] as const,
  of: (advertiserId: number) => [...integrationKeys.all, 'advertiser', advertiserId] as const,
  preview: (ids: number[]) => [...integrationKeys.all, 'cascade-preview', ids] as const,
};
export const sellSideKeys = {
  verticals: (query: Query) => ['verticals', 'active', 'picker', query] as const,
  platforms: (query: Query) => ['platforms', 'active', 'picker', query] as const,
  templates: (query: Query) => ['integration-templates', 'for-integration', query] as const,
  managers: (query: Query) => ['managers', 'lookup', 'advertiser', query] as const,
};

export const advertisersApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Advertiser>>('/advertisers', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<Advertiser>>(`/advertisers/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: AdvertiserCreate[]) => api.put<Items<Advertiser>>('/advertisers', { items }),
  update: (items: AdvertiserUpdate[]) => api.patch<Items<Advertiser>>('/advertisers', { items }),
  changeBlock: (items: { id: number; status: AdvertiserStatus; reason?: string }[]) =>
    api.post<Items<Advertiser>>('/advertisers/change_block', { items }),
  regenerateToken: (id: number) => api.post<{ id: number; apiToken: string }>(`/advertisers/${id}/regenerate_token`),
  /** other advertisers by title or secure id (the clone target) */
  lookup: (query: Query, signal?: AbortSignal) => api.get<Items<AdvertiserRef>>('/advertisers/filters', query, { signal, silent: true }),
};

export const lookupsApi = {
  verticals: (query: Query, signal?: AbortSignal) => api.get<Items<Ref>>('/verticals/active', query, { signal, silent: true }),
  platforms: (query: Query, signal?: AbortSignal) => api.get<Items<PlatformRef>>('/platforms/active', query, { signal, silent: true }),
  templates: (query: Query, signal?: AbortSignal) =>
    api.get<Items<TemplateRef>>('/integration-templates/for-integration', query, { signal, silent: true }),
  /** admins and advertiser managers: who may manage an advertiser */
  managers: (query: Query, signal?: AbortSignal) =>
    api.get<{
      items: { id: number; firstName: string; lastName: string; email: string; roleType: string; status: string }[];
      meta: { totalCount: number };
    }>('/users/managers', { ...query, roleType: 'admin,advertiser_manager' }, { signal, silent: true }),
};

export const membersApi = {
  list: (advertiserId: number, signal?: AbortSignal) =>
    api.get<ListData<AdvertiserMember>>('/advertiser-members', { advertiserId, limit: 100, withMeta: 1, orderBy: 'id:asc' }, { signal }),
  create: (items: AdvertiserMemberCreate[]) => api.put<Items<AdvertiserMember>>('/advertiser-members', { items }),
  update: (items: AdvertiserMemberUpdate[]) => api.patch<Items<AdvertiserMember>>('/advertiser-members', { items }),
  changeStatus: (items: { id: number; status: AdvertiserMember['status']; reason?: string }[]) =>
    api.post<Items<AdvertiserMember>>('/advertiser-members/change_status', { items }),
  /** the active roles of the advertiser-member type (role.read); without them the built-in role is used */
  roles: (signal?: AbortSignal) =>
    api.get<Items<Role>>('/roles', { type: 'advertiser_member', status: 'active', limit: 100 }, { signal, silent: true }),
};

export const integrationsApi = {
  ofAdvertiser: (advertiserId: number, signal?: AbortSignal) =>
    api.get<ListData<Integration>>('/integrations', { advertiserId, limit: 100, withMeta: 1, orderBy: 'id:asc' }, { signal }),
  create: (items: IntegrationCreate[]) => api.put<Items<Integration>>('/integrations', { items }),
  clone: (items: { id: number; advertiserId: number; title?: string }[]) => api.post<Items<Integration>>('/integrations/clone', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<Items<Integration>>('/integrations/change_status', { items }),
  cascadePreview: (ids: number[], signal?: AbortSignal) =>
    api.get<CascadePreview>('/integrations/cascade-preview', { ids: ids.join(','), status: 'inactive' }, { signal, silent: true }),
};

/* ---------- advertisers ---------- */

export function useAdvertisers(query: Query) {
  return useQuery({
    queryKey: advertiserKeys.list(query),
    queryFn: ({ signal }) => advertisersApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdvertiser(id: number) {
  return useQuery({
    queryKey: advertiserKeys.detail(id),
    queryFn: ({ signal }) => advertisersApi.get(id, signal),
    enabled: id > 0,
    retry: false,
  });
}

function useAdvertiserWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: advertiserKeys.all }) });
}

export const useCreateAdvertisers = () => useAdvertiserWrite(advertisersApi.create);
export const useUpdateAdvertisers = () => useAdvertiserWrite(advertisersApi.update);
export const useChangeAdvertiserBlock = () => useAdvertiserWrite(advertisersApi.changeBlock);

export function useRegenerateAdvertiserToken(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => advertisersApi.regenerateToken(id),
    onSuccess: ({ apiToken }) => client.setQueryData<Advertiser>(advertiserKeys.detail(id), (old) => (old ? { ...old, apiToken } : old)),
  });
}

/* ---------- members ---------- */

export function useAdvertiserMembers(advertiserId: number) {
  return useQuery({ queryKey: memberKeys.of(advertiserId), queryFn: ({ signal }) => membersApi.list(advertiserId, signal) });
}

export function useMemberRoles(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.roles(),
    queryFn: ({ signal }) => membersApi.roles(signal).then((d) => d.items),
    enabled,
    staleTime: 60_000,
  });
}

function useMemberWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.all }) });
}

export const useCreateMembers = () => useMemberWrite(membersApi.create);
export const useUpdateMembers = () => useMemberWrite(membersApi.update);
export const useChangeMemberStatus = () => useMemberWrite(membersApi.changeStatus);

/* ---------- integrations ---------- */

export function useAdvertiserIntegrations(advertiserId: number) {
  return useQuery({
    queryKey: integrationKeys.of(advertiserId),
    queryFn: ({ signal }) => integrationsApi.ofAdvertiser(advertiserId, signal),
    enabled: advertiserId > 0,
  });
}

function useIntegrationWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationKeys.all }),
        client.invalidateQueries({ queryKey: advertiserKeys.all }),
      ]),
  });
}

export const useCreateIntegrations = () => useIntegrationWrite(integrationsApi.create);
export const useCloneIntegrations = () => useIntegrationWrite(integrationsApi.clone);
export const useChangeIntegrationStatus = () => useIntegrationWrite(integrationsApi.changeStatus);
