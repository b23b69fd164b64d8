/**
 * Campaigns API (product §7 "campaigns: create, edit, change_status, clone, target-URL settings, filters";
 * apps/server/src/modules/inventory/campaigns): the query-key factory, list and detail queries, the writes, and the look-ups
 * the campaign form reads — offers the user may pick, the chosen offer's geos / traffic sources / method (staff:
 * GET /offers/:id, affiliates: the affiliate-safe GET /offers/for-affiliate/:id), its landers for the campaign's
 * affiliate, countries. Writes refresh every campaign query and the offers' (own counts, "has a campaign").
 */
import type {
  Campaign,
  CampaignCreate,
  CampaignRef,
  CampaignStatusItem,
  CampaignTestLink,
  CampaignUpdate,
  TargetUrlOptions,
} from '@leadgrid/shared/inventory/campaigns';
import type { LanderCampaignInfo } from '@leadgrid/shared/inventory/landers';
import type { AffiliateOffer, Offer } from '@leadgrid/shared/inventory/offers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (query: Query) => [...campaignKeys.lists(), query] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  lookup: (query: Query) => [...campaignKeys.all, 'lookup', query] as const,
  targetUrlOptions: () => [...campaignKeys.all, 'target-url-settings'] as const,
};
/** the offers feature's key root: a campaign changes an affiliate's "own" offers and counts */
const OFFERS_KEY = ['offers'] as const;

interface Items<T> {
  items: T[];
  meta?: { totalCount: number };
}

/** the parts of an offer the campaign form needs, from either view */
export interface OfferForCampaign {
  id: number;
  title: string;
  integrationMethod: Offer['integrationMethod'];
  geos: string[];
  trafficSources: { id: number; title: string }[];
}

export interface CodeName {
  code: string;
  name: string;
}

export const campaignsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Campaign>>('/campaigns', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<Campaign>>(`/campaigns/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: CampaignCreate[]) => api.put<Items<Campaign>>('/campaigns', { items }),
  update: (items: CampaignUpdate[]) => api.patch<Items<Campaign>>('/campaigns', { items }),
  changeStatus: (items: CampaignStatusItem[]) => api.post<Items<Campaign>>('/campaigns/change_status', { items }),
  clone: (ids: number[]) => api.post<Items<Campaign>>('/campaigns/clone', { items: ids.map((id) => ({ id })) }),
  /** staff: the signed test link (no geo nor bot check, not counted in statistics) with the subs typed */
  testLink: ({ id, subs }: { id: number; subs: Record<string, string> }) =>
    api.post<CampaignTestLink>(`/campaigns/${id}/test-link`, { subs }),
  lookup: (query: Query, signal?: AbortSignal) => api.get<Items<CampaignRef>>('/campaigns/filters', query, { signal, silent: true }),
  targetUrlOptions: (signal?: AbortSignal) =>
    api.get<TargetUrlOptions>('/campaigns/target-url-settings', undefined, { signal, silent: true }),
  offer: async (id: number, affiliateView: boolean, signal?: AbortSignal): Promise<OfferForCampaign | undefined> => {
    if (affiliateView) {
      const d = await api.get<Items<AffiliateOffer>>(`/offers/for-affiliate/${id}`, undefined, { signal, silent: true });
      return d.items[0];
    }
    const d = await api.get<Items<Offer>>(`/offers/${id}`, undefined, { signal, silent: true });
    return d.items[0];
  },
  /** the active landers of the offer the campaign's affiliate may use */
  landers: (offerId: number, affiliateId: number | undefined, signal?: AbortSignal) =>
    api.get<Items<LanderCampaignInfo>>('/landers/campaign-info', { offerId, affiliateId }, { signal, silent: true }),
  countries: (locale: string, signal?: AbortSignal) =>
    api.get<Items<CodeName>>('/countries', { locale }, { signal, silent: true }).then((d) => d.items),
};

export function useCampaigns(query: Query) {
  return useQuery({
    queryKey: campaignKeys.list(query),
    queryFn: ({ signal }) => campaignsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => campaignsApi.get(id, signal),
    enabled: id > 0,
    retry: false,
  });
}

export const useTargetUrlOptions = () =>
  useQuery({
    queryKey: campaignKeys.targetUrlOptions(),
    queryFn: ({ signal }) => campaignsApi.targetUrlOptions(signal),
    staleTime: 60 * 60_000,
  });

export function useOfferForCampaign(id: number | undefined, affiliateView: boolean) {
  return useQuery({
    queryKey: [...OFFERS_KEY, 'for-campaign', affiliateView ? 'affiliate' : 'staff', id],
    queryFn: ({ signal }) => campaignsApi.offer(id!, affiliateView, signal),
    enabled: Boolean(id),
    retry: false,
    staleTime: 30_000,
  });
}

export function useCampaignLanders(offerId: number | undefined, affiliateId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...campaignKeys.all, 'landers', offerId, affiliateId],
    queryFn: ({ signal }) => campaignsApi.landers(offerId!, affiliateId, signal).then((d) => d.items),
    enabled: enabled && Boolean(offerId),
    retry: false,
    staleTime: 30_000,
  });
}

/** Country names in the user's language (codes are the values); the same cache as the other country pickers. */
export function useCountryNames() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ru' ? 'ru' : 'en';
  return useQuery({
    queryKey: ['reference', 'countries', locale],
    queryFn: ({ signal }) => campaignsApi.countries(locale, signal),
    staleTime: 60 * 60_000,
  });
}

/** After a write: every campaign query, and the offers' (own counts, "has a campaign"). */
export function useInvalidateCampaigns() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: campaignKeys.all }), client.invalidateQueries({ queryKey: OFFERS_KEY })]);
}

function useCampaignWrite<A, R>(write: (args: A) => Promise<R>) {
  const invalidate = useInvalidateCampaigns();
  return useMutation({ mutationFn: write, onSuccess: () => invalidate() });
}

export const useCreateCampaigns = () => useCampaignWrite(campaignsApi.create);
export const useUpdateCampaigns = () => useCampaignWrite(campaignsApi.update);
export const useChangeCampaignStatus = () => useCampaignWrite(campaignsApi.changeStatus);
export const useCloneCampaigns = () => useCampaignWrite(campaignsApi.clone);
/** makes a test link; it changes nothing stored, so no query is refreshed */
export const useCampaignTestLink = () => useMutation({ mutationFn: campaignsApi.testLink });
