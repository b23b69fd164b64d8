/**
 * Offers API (product §7 "offers"; apps/server/src/modules/inventory/offers): query-key factories, the staff list, detail, counts,
 * creation data, writes (create, edit, bulk edit, status), assigned affiliates and teams, advertiser targets, and the
 * affiliate views (/offers/for-affiliate, counts, active creatives). Offer writes refresh every offer query.
 */
import type {
  AffiliateOffer,
  Offer,
  OfferAdvertiser,
  OfferAdvertiserCreate,
  OfferAdvertiserUpdate,
  OfferAffiliate,
  OfferBulkEdit,
  OfferCounts,
  OfferCreate,
  OfferCreationData,
  OfferLinkStatus,
  OfferReadiness,
  OfferTeam,
  OfferUpdate,
} from '@leadgrid/shared/inventory/offers';
import type { CreativeView } from '@leadgrid/shared/inventory/landers';
import type { OfferStatus, Sieve } from '@leadgrid/shared/inventory/sieves';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

interface Items<T> {
  items: T[];
}
export interface IntegrationRef {
  id: number;
  title: string;
  status: string;
  advertiser?: { id: number; title: string; status: string };
}

export const offerKeys = {
  all: ['offers'] as const,
  lists: () => [...offerKeys.all, 'list'] as const,
  list: (query: Query) => [...offerKeys.lists(), query] as const,
  counts: (query: Query) => [...offerKeys.all, 'counts', query] as const,
  detail: (id: number) => [...offerKeys.all, 'detail', id] as const,
  readiness: (id: number) => [...offerKeys.all, 'readiness', id] as const,
  creationData: () => [...offerKeys.all, 'creation-data'] as const,
  affiliates: (id: number, query: Query) => [...offerKeys.all, 'affiliates', id, query] as const,
  teams: (id: number, query: Query) => [...offerKeys.all, 'teams', id, query] as const,
  targets: (id: number, query: Query) => [...offerKeys.all, 'targets', id, query] as const,
  forAffiliate: (query: Query) => [...offerKeys.all, 'for-affiliate', query] as const,
  forAffiliateOne: (id: number) => [...offerKeys.all, 'for-affiliate', 'one', id] as const,
  creatives: (offerId: number) => ['creatives', 'affiliate', offerId] as const,
  integrations: (advertiserId: number, search: string) => ['integrations', 'for-offer', advertiserId, search] as const,
};

export const offersApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Offer>>('/offers', { ...query, withMeta: 1 }, { signal }),
  counts: (query: Query, signal?: AbortSignal) => api.get<OfferCounts>('/offers/counts', query, { signal, silent: true }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<Offer>>(`/offers/${id}`, { with: ['integrations', 'counts'] }, { signal, silent: true })).items[0],
  readiness: (id: number, signal?: AbortSignal) => api.get<OfferReadiness>(`/offers/${id}/readiness`, undefined, { signal, silent: true }),
  creationData: (signal?: AbortSignal) => api.get<OfferCreationData>('/offers/creation-data', undefined, { signal, silent: true }),
  create: (items: OfferCreate[]) => api.put<Items<Offer>>('/offers', { items }),
  update: (items: OfferUpdate[]) => api.patch<Items<Offer>>('/offers', { items }),
  bulkEdit: (data: OfferBulkEdit) => api.post<Items<Offer>>('/offers/bulk_edit', { data }),
  changeStatus: (items: { id: number; status: OfferStatus }[]) => api.post<Items<Offer>>('/offers/change_status', { items }),

  affiliates: (id: number, query: Query, signal?: AbortSignal) =>
    api.get<ListData<OfferAffiliate>>(`/offers/${id}/affiliates`, { ...query, withMeta: 1 }, { signal }),
  teams: (id: number, query: Query, signal?: AbortSignal) =>
    api.get<ListData<OfferTeam>>(`/offers/${id}/teams`, { ...query, withMeta: 1 }, { signal }),
  editAffiliates: (id: number, data: { affiliateId: number; sieve?: Sieve; status?: OfferLinkStatus }[]) =>
    api.post<Items<OfferAffiliate>>(`/offers/${id}/edit_affiliates`, { data }),
  editTeams: (id: number, data: { teamId: number; sieve?: Sieve; status?: OfferLinkStatus }[]) =>
    api.post<Items<OfferTeam>>(`/offers/${id}/edit_teams`, { data }),

  targets: (id: number, query: Query, signal?: AbortSignal) =>
    api.get<ListData<OfferAdvertiser>>(`/offers/${id}/advertisers`, { ...query, withMeta: 1 }, { signal }),
  createTargets: (items: OfferAdvertiserCreate[]) => api.put<Items<OfferAdvertiser>>('/offer-advertisers', { items }),
  updateTargets: (items: OfferAdvertiserUpdate[]) => api.patch<Items<OfferAdvertiser>>('/offer-advertisers', { items }),
  targetStatus: (items: { id: number; status: OfferLinkStatus }[]) =>
    api.post<Items<OfferAdvertiser>>('/offer-advertisers/change_status', { items }),
  /** silent: a refusal (409 guard) is shown in the screen */
  removeTargets: (ids: number[]) => api.delete<{ ids: number[] }>('/offer-advertisers', { data: ids }, { silent: true }),
  /** the integrations of an advertiser that can target an offer */
  integrations: (advertiserId: number, search: string, signal?: AbortSignal) =>
    api.get<Items<IntegrationRef>>(
      '/integrations/filters',
      { advertiserId, search: search || undefined, limit: 50 },
      { signal, silent: true },
    ),

  forAffiliate: (query: Query, signal?: AbortSignal) =>
    api.get<ListData<AffiliateOffer>>('/offers/for-affiliate', { ...query, withMeta: 1 }, { signal }),
  forAffiliateOne: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<AffiliateOffer>>(`/offers/for-affiliate/${id}`, undefined, { signal, silent: true })).items[0],
  creatives: (offerId: number, signal?: AbortSignal) =>
    api.get<ListData<CreativeView>>('/creatives', { offerId, status: 'active', limit: 100, withMeta: 1 }, { signal, silent: true }),
  download: (url: string) => api.get<Blob>(url.replace(/^\/api\/v1/, ''), undefined, { responseType: 'blob' }),
};

/* ---------- staff ---------- */

export const useOffers = (query: Query) =>
  useQuery({ queryKey: offerKeys.list(query), queryFn: ({ signal }) => offersApi.list(query, signal), placeholderData: keepPreviousData });

export const useOfferCounts = (query: Query, enabled = true) =>
  useQuery({
    queryKey: offerKeys.counts(query),
    queryFn: ({ signal }) => offersApi.counts(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useOffer = (id: number, enabled = true) =>
  useQuery({
    queryKey: offerKeys.detail(id),
    queryFn: ({ signal }) => offersApi.get(id, signal),
    enabled: enabled && id > 0,
    retry: false,
  });

/** the offer's readiness checklist; read again whenever the card mounts (the other tabs change what it counts) */
export const useOfferReadiness = (id: number) =>
  useQuery({
    queryKey: offerKeys.readiness(id),
    queryFn: ({ signal }) => offersApi.readiness(id, signal),
    enabled: id > 0,
    refetchOnMount: 'always',
  });

export const useCreationData = (enabled = true) =>
  useQuery({ queryKey: offerKeys.creationData(), queryFn: ({ signal }) => offersApi.creationData(signal), staleTime: 60_000, enabled });

function useOfferWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: offerKeys.all }) });
}

export const useCreateOffers = () => useOfferWrite(offersApi.create);
export const useUpdateOffers = () => useOfferWrite(offersApi.update);
export const useBulkEditOffers = () => useOfferWrite(offersApi.bulkEdit);
export const useChangeOfferStatus = () => useOfferWrite(offersApi.changeStatus);

/* ---------- assignments and targets ---------- */

export const useOfferAffiliates = (id: number, query: Query, enabled = true) =>
  useQuery({
    queryKey: offerKeys.affiliates(id, query),
    queryFn: ({ signal }) => offersApi.affiliates(id, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useOfferTeams = (id: number, query: Query, enabled = true) =>
  useQuery({
    queryKey: offerKeys.teams(id, query),
    queryFn: ({ signal }) => offersApi.teams(id, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useOfferTargets = (id: number, query: Query) =>
  useQuery({
    queryKey: offerKeys.targets(id, query),
    queryFn: ({ signal }) => offersApi.targets(id, query, signal),
    placeholderData: keepPreviousData,
  });

/** the writes of one offer's assignments: they may revoke or restore campaigns, so campaigns refresh too */
export function useEditAffiliates(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Parameters<typeof offersApi.editAffiliates>[1]) => offersApi.editAffiliates(id, data),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: offerKeys.all }), client.invalidateQueries({ queryKey: ['campaigns'] })]),
  });
}
export function useEditTeams(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Parameters<typeof offersApi.editTeams>[1]) => offersApi.editTeams(id, data),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: offerKeys.all }), client.invalidateQueries({ queryKey: ['campaigns'] })]),
  });
}
export const useCreateTargets = () => useOfferWrite(offersApi.createTargets);
export const useUpdateTargets = () => useOfferWrite(offersApi.updateTargets);
export const useTargetStatus = () => useOfferWrite(offersApi.targetStatus);
export const useRemoveTargets = () => useOfferWrite(offersApi.removeTargets);

export const useIntegrationsFor = (advertiserId: number | undefined, search: string) =>
  useQuery({
    queryKey: offerKeys.integrations(advertiserId ?? 0, search),
    queryFn: ({ signal }) => offersApi.integrations(advertiserId!, search, signal).then((d) => d.items),
    enabled: Boolean(advertiserId),
    staleTime: 30_000,
  });

/* ---------- affiliates ---------- */

export const useAffiliateOffers = (query: Query) =>
  useQuery({
    queryKey: offerKeys.forAffiliate(query),
    queryFn: ({ signal }) => offersApi.forAffiliate(query, signal),
    placeholderData: keepPreviousData,
  });
export const useAffiliateOfferCounts = (query: Query) =>
  useQuery({
    queryKey: offerKeys.counts({ ...query, affiliate: 1 }),
    queryFn: ({ signal }) => offersApi.counts(query, signal),
    placeholderData: keepPreviousData,
  });
export const useAffiliateOffer = (id: number) =>
  useQuery({
    queryKey: offerKeys.forAffiliateOne(id),
    queryFn: ({ signal }) => offersApi.forAffiliateOne(id, signal),
    enabled: id > 0,
    retry: false,
  });
export const useAffiliateCreatives = (offerId: number, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.creatives(offerId),
    queryFn: ({ signal }) => offersApi.creatives(offerId, signal),
    enabled: enabled && offerId > 0,
  });
