/** Domain parking API (product §7 "domains (active, for filters, postback domains, track domains)"). */
import type { Domain, DomainCreate, DomainRef, DomainUpdate } from '@leadgrid/shared/settings/domains';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import type { ListData } from '../components/table/DataTable';

export const domainKeys = {
  all: ['domains'] as const,
  list: (query: Query) => ['domains', 'list', query] as const,
  lookup: (name: DomainLookup) => ['domains', 'lookup', name] as const,
};

export type DomainLookup = 'active' | 'for-filters' | 'postback' | 'track';

export const domainsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Domain>>('/domains', { ...query, withMeta: 1 }, { signal }),
  create: (items: DomainCreate[]) => api.put<{ items: Domain[] }>('/domains', { items }),
  update: (items: DomainUpdate[]) => api.patch<{ items: Domain[] }>('/domains', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<{ items: Domain[] }>('/domains/change_status', { items }),
  /** for pickers: tracking domains when creating a campaign, postback domains for advertisers, ... */
  lookup: (name: DomainLookup, signal?: AbortSignal) =>
    api.get<{ items: DomainRef[] }>(`/domains/${name}`, undefined, { signal, silent: true }),
};

export const useDomains = (query: Query) =>
  useQuery({
    queryKey: domainKeys.list(query),
    queryFn: ({ signal }) => domainsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

/** A look-up list of domains, e.g. `useDomainLookup('track')` for the campaign form. */
export const useDomainLookup = (name: DomainLookup) =>
  useQuery({ queryKey: domainKeys.lookup(name), queryFn: ({ signal }) => domainsApi.lookup(name, signal), staleTime: 60_000 });

function useWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: domainKeys.all }) });
}
export const useCreateDomains = () => useWrite(domainsApi.create);
export const useUpdateDomains = () => useWrite(domainsApi.update);
export const useChangeDomainStatus = () => useWrite(domainsApi.changeStatus);
