/**
 * Leads API (product §7 "leads: list, edit by action via PATCH {items}, history, advertiser data, dependent filters by
 * filterSlug and timezone with server search, lead for editing by leadId, export"; apps/server/src/modules/engine/leads):
 * the query-key factory, the list / detail / history / advertiser-data / dependent-filter queries and the actions.
 * Actions refresh every lead query; their outcome is shown by the screen (no generic success toast).
 */
import type {
  LeadActionItem,
  LeadActionsAnswer,
  LeadAdvertiserDataItem,
  LeadDetail,
  LeadFilterOption,
  LeadFilterSlug,
  LeadHistoryItem,
  LeadListItem,
  LeadTotals,
} from '@leadgrid/shared/engine/leads';
import type { LeadEdit } from '@leadgrid/shared/engine/lead-edit-import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import { filterOptionsQuery, listQuery, recordQuery } from '../../../api/listQueries';
import type { ListData } from '../../../components/table/DataTable';

interface Items<T> {
  items: T[];
}

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (query: Query) => [...leadKeys.lists(), query] as const,
  filters: (slug: LeadFilterSlug, query: Query) => [...leadKeys.all, 'filters', slug, query] as const,
  detail: (id: number) => [...leadKeys.all, 'detail', id] as const,
  history: (id: number) => [...leadKeys.all, 'history', id] as const,
  advertiserData: (id: number) => [...leadKeys.all, 'advertiser-data', id] as const,
};

export const leadsApi = {
  list: (query: Query, signal?: AbortSignal) =>
    api.get<ListData<LeadListItem, LeadTotals>>('/leads', { ...query, withMeta: 1 }, { signal }),
  filters: (slug: LeadFilterSlug, query: Query, signal?: AbortSignal) =>
    api.get<Items<LeadFilterOption>>('/leads/filters', { ...query, filterSlug: slug }, { signal, silent: true }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<LeadDetail>>(`/leads/${id}`, undefined, { signal, silent: true })).items[0],
  history: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<LeadHistoryItem>>(`/leads/${id}/history`, undefined, { signal, silent: true })).items,
  advertiserData: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<LeadAdvertiserDataItem>>(`/leads/${id}/advertiser-data`, undefined, { signal, silent: true })).items,
  /** the screen shows the outcome itself (product §8 mass grade messages), so no success toast here */
  act: (items: LeadActionItem[]) => api.patch<LeadActionsAnswer>('/leads', { items }, { successToast: false }),
  /** `PUT /leads/:id` (modules/engine/lead-edit): the server's message is the toast */
  edit: async ({ id, values }: { id: number; values: LeadEdit }) => (await api.put<Items<LeadDetail>>(`/leads/${id}`, values)).items[0],
  campaigns: (affiliateId: number, offerId: number, signal?: AbortSignal) =>
    api.get<Items<{ id: number; title: string }>>('/campaigns', { affiliateId, offerId, limit: 100 }, { signal, silent: true }),
  landers: (offerId: number, signal?: AbortSignal) =>
    api.get<Items<{ id: number; title: string }>>('/landers/filters', { offerId, limit: 100 }, { signal, silent: true }),
};

export function useLeadEditMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: leadsApi.edit, onSuccess: () => client.invalidateQueries({ queryKey: leadKeys.all }) });
}

/** the look-ups of the edit form: the affiliate's campaigns of the offer, the offer's landers */
export function useLeadEditLookups(lead: { affiliate: { id: number }; offer: { id: number } } | undefined) {
  const campaigns = useQuery({
    queryKey: [...leadKeys.all, 'edit-campaigns', lead?.affiliate.id, lead?.offer.id],
    queryFn: ({ signal }) => leadsApi.campaigns(lead!.affiliate.id, lead!.offer.id, signal),
    enabled: Boolean(lead),
    select: (d) => d.items,
  });
  const landers = useQuery({
    queryKey: [...leadKeys.all, 'edit-landers', lead?.offer.id],
    queryFn: ({ signal }) => leadsApi.landers(lead!.offer.id, signal),
    enabled: Boolean(lead),
    select: (d) => d.items,
  });
  return { campaigns: campaigns.data ?? [], landers: landers.data ?? [] };
}

export const useLeads = (query: Query) => useQuery(listQuery(leadKeys.list(query), (signal) => leadsApi.list(query, signal)));

export const useLeadFilterOptions = (slug: LeadFilterSlug, query: Query, enabled: boolean) =>
  useQuery(
    filterOptionsQuery<LeadFilterOption[]>(
      leadKeys.filters(slug, query),
      (signal) => leadsApi.filters(slug, query, signal).then((d) => d.items),
      enabled,
    ),
  );

export const useLead = (id: number | undefined) => useQuery(recordQuery(leadKeys.detail(id ?? 0), id, leadsApi.get));

export function useLeadHistory(id: number | undefined) {
  return useQuery({
    queryKey: leadKeys.history(id ?? 0),
    queryFn: ({ signal }) => leadsApi.history(id!, signal),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useLeadAdvertiserData(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: leadKeys.advertiserData(id ?? 0),
    queryFn: ({ signal }) => leadsApi.advertiserData(id!, signal),
    enabled: enabled && Boolean(id),
    retry: false,
  });
}

export function useLeadActionsMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: leadsApi.act, onSuccess: () => client.invalidateQueries({ queryKey: leadKeys.all }) });
}
