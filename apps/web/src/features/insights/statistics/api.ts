/**
 * Statistics API (`GET /statistics`, apps/server/src/modules/insights/statistics): one level of a grouping with its
 * totals (`meta.totals`, same metric keys as the rows), the lazy drill-down through repeated `parent=<dimension>:<value>`,
 * and the dependent look-ups of the filter bar (the values present in the period's clicks and leads).
 */
import type { LeadStatisticsAnswer, StatisticsAnswer } from '@leadgrid/shared/insights/statistics';
import type { FilterOption } from '@leadgrid/shared/common';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, buildQuery, type Query } from '../../../api/client';
import type { FilterOptionsAnswer } from '../../../components/DependentFilterSelect';
import { rangeSeconds } from '../model';

export type { StatisticsAnswer };

export const statisticsKeys = {
  all: ['statistics'] as const,
  level: (source: string, query: Query) => [...statisticsKeys.all, source, query] as const,
  filter: (source: string, slug: string, query: Query) => [...statisticsKeys.all, 'filters', source, slug, query] as const,
};

/** the two endpoints: `/statistics` (metrics) and `/statistics/leads` (lead outcomes) */
export type StatisticsSource = 'metrics' | 'leads';
const PATHS: Record<StatisticsSource, string> = { metrics: '/statistics', leads: '/statistics/leads' };
/** the answer of a level: the lead statistics' rows carry counters and grades instead of metrics */
export type LevelAnswer = StatisticsAnswer | LeadStatisticsAnswer;

/** `parent` repeats (`parent=day:2026-11-26&parent=offer:3`); a sub's value may hold a comma, so it is never joined */
export function statisticsUrl(query: Query, source: StatisticsSource = 'metrics'): string {
  const { parent, ...rest } = query;
  const parents = Array.isArray(parent) ? parent : parent ? [parent] : [];
  const base = buildQuery(rest);
  const more = parents.map((p) => `parent=${encodeURIComponent(String(p))}`).join('&');
  return `${PATHS[source]}${base}${more ? `${base ? '&' : '?'}${more}` : ''}`;
}

export const statisticsApi = {
  get: <A extends LevelAnswer = StatisticsAnswer>(query: Query, source: StatisticsSource = 'metrics', signal?: AbortSignal) =>
    api.get<A>(statisticsUrl(query, source), undefined, { signal }),
  /** a drill-down, a previous period or the chart: quiet, the screen shows the failure in place */
  quiet: <A extends LevelAnswer = StatisticsAnswer>(query: Query, source: StatisticsSource = 'metrics', signal?: AbortSignal) =>
    api.get<A>(statisticsUrl(query, source), undefined, { signal, silent: true }),
};

export const useStatistics = <A extends LevelAnswer = StatisticsAnswer>(query: Query, source: StatisticsSource = 'metrics') =>
  useQuery<A>({
    queryKey: statisticsKeys.level(source, query),
    queryFn: ({ signal }) => statisticsApi.get<A>(query, source, signal),
    placeholderData: keepPreviousData,
  });

/** the same level for another period (compare) or over time (chart); errors stay quiet */
export const useStatisticsQuiet = (query: Query, enabled: boolean) =>
  useQuery({
    queryKey: statisticsKeys.level('metrics', query),
    queryFn: ({ signal }) => statisticsApi.quiet<StatisticsAnswer>(query, 'metrics', signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** loads one drill-down level through the query cache (the same expansion twice costs one request) */
export function useLoadLevel(source: StatisticsSource = 'metrics') {
  const client = useQueryClient();
  return useCallback(
    (query: Query) =>
      client.fetchQuery({
        queryKey: statisticsKeys.level(source, query),
        queryFn: ({ signal }) => statisticsApi.quiet<LevelAnswer>(query, source, signal),
        staleTime: 30_000,
      }),
    [client, source],
  );
}

/* ---------- dependent look-ups of the filter bar ---------- */

/**
 * Where a filter's values come from: the click dimensions from `GET /clicks/filters` (the period's clicks), the
 * lead-side ones (advertiser, vertical) from `GET /leads/filters`. Both narrow by the other filters and by the typed text.
 */
export const FILTER_SOURCES = {
  offerId: { source: 'clicks', slug: 'offer' },
  affiliateId: { source: 'clicks', slug: 'affiliate' },
  campaignId: { source: 'clicks', slug: 'campaign' },
  landerId: { source: 'clicks', slug: 'lander' },
  trafficSourceId: { source: 'clicks', slug: 'trafficSource' },
  country: { source: 'clicks', slug: 'country' },
  advertiserId: { source: 'leads', slug: 'advertisers' },
  verticalId: { source: 'leads', slug: 'verticals' },
} as const;
export type LookupFilter = keyof typeof FILTER_SOURCES;
/** the lead statistics read leads only: their look-ups come from the leads */
const LEAD_SLUGS: Partial<Record<LookupFilter, string>> = {
  offerId: 'offers',
  affiliateId: 'affiliates',
  advertiserId: 'advertisers',
  campaignId: 'campaigns',
  verticalId: 'verticals',
  country: 'countries',
};
const sourceOf = (filter: LookupFilter, leadsOnly: boolean) =>
  leadsOnly && LEAD_SLUGS[filter] ? { source: 'leads' as const, slug: LEAD_SLUGS[filter] } : FILTER_SOURCES[filter];

async function loadOptions(filter: LookupFilter, query: Query, leadsOnly: boolean, signal?: AbortSignal): Promise<FilterOption[]> {
  const { source, slug } = sourceOf(filter, leadsOnly);
  const { search, dateFrom, dateTo, timezone, ...rest } = query;
  const opts = { signal, silent: true };
  if (source === 'leads') {
    const q = { ...rest, dateFrom, dateTo, timezone, search, filterSlug: slug };
    return (await api.get<{ items: FilterOption[] }>('/leads/filters', q, opts)).items;
  }
  // the clicks look-up takes the period as seconds in the zone
  const period = rangeSeconds({ dateFrom: String(dateFrom), dateTo: String(dateTo) }, String(timezone));
  const q = { ...rest, ...period, timezone, query: search, slug };
  return (await api.get<{ items: FilterOption[] }>('/clicks/filters', q, opts)).items;
}

function useOptions(filter: LookupFilter, query: Query, enabled: boolean, leadsOnly: boolean): FilterOptionsAnswer {
  const { source, slug } = sourceOf(filter, leadsOnly);
  const answer = useQuery({
    queryKey: statisticsKeys.filter(source, slug, query),
    queryFn: ({ signal }) => loadOptions(filter, query, leadsOnly, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { data: answer.data, isFetching: answer.isFetching, error: answer.error };
}

export const useFilterOptions = (filter: LookupFilter, query: Query, enabled: boolean) => useOptions(filter, query, enabled, false);
export const useLeadFilterOptions = (filter: LookupFilter, query: Query, enabled: boolean) => useOptions(filter, query, enabled, true);
