/**
 * Statistics API (`GET /statistics`, apps/server/src/modules/insights/statistics): one level of a grouping with its
 * totals (`meta.totals`, same metric keys as the rows), the lazy drill-down through repeated `parent=<dimension>:<value>`,
 * and the dependent look-ups of the filter bar (the values present in the period's clicks and leads).
 */
import type { FilterOption } from '@leadgrid/shared/schemas/common';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, buildQuery, type Query } from '../../../api/client';
import type { FilterOptionsAnswer } from '../../../components/DependentFilterSelect';
import { rangeSeconds, type StatisticsRow } from './model';

export interface StatisticsAnswer {
  items: StatisticsRow[];
  /** `totals`: the same metric keys as the rows, over the whole selection; keys the caller may not see are absent */
  meta: { totalCount: number; totals: Record<string, unknown> };
}

export const statisticsKeys = {
  all: ['statistics'] as const,
  level: (query: Query) => [...statisticsKeys.all, 'level', query] as const,
  filter: (source: string, slug: string, query: Query) => [...statisticsKeys.all, 'filters', source, slug, query] as const,
};

/** `parent` repeats (`parent=day:2026-11-26&parent=offer:3`); a sub's value may hold a comma, so it is never joined */
export function statisticsUrl(query: Query): string {
  const { parent, ...rest } = query;
  const parents = Array.isArray(parent) ? parent : parent ? [parent] : [];
  const base = buildQuery(rest);
  const more = parents.map((p) => `parent=${encodeURIComponent(String(p))}`).join('&');
  return `/statistics${base}${more ? `${base ? '&' : '?'}${more}` : ''}`;
}

export const statisticsApi = {
  get: (query: Query, signal?: AbortSignal) => api.get<StatisticsAnswer>(statisticsUrl(query), undefined, { signal }),
  /** a drill-down or a previous period: quiet, the table shows the failure in place */
  quiet: (query: Query, signal?: AbortSignal) => api.get<StatisticsAnswer>(statisticsUrl(query), undefined, { signal, silent: true }),
};

export const useStatistics = (query: Query, enabled = true) =>
  useQuery({
    queryKey: statisticsKeys.level(query),
    queryFn: ({ signal }) => statisticsApi.get(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** the same level for another period (compare) or over time (chart); errors stay quiet */
export const useStatisticsQuiet = (query: Query, enabled: boolean) =>
  useQuery({
    queryKey: statisticsKeys.level(query),
    queryFn: ({ signal }) => statisticsApi.quiet(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** loads one drill-down level through the query cache (the same expansion twice costs one request) */
export function useLoadLevel() {
  const client = useQueryClient();
  return useCallback(
    (query: Query) => client.fetchQuery({ queryKey: statisticsKeys.level(query), queryFn: ({ signal }) => statisticsApi.quiet(query, signal), staleTime: 30_000 }),
    [client],
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
  country: { source: 'clicks', slug: 'country' },
  advertiserId: { source: 'leads', slug: 'advertisers' },
  verticalId: { source: 'leads', slug: 'verticals' },
} as const;
export type LookupFilter = keyof typeof FILTER_SOURCES;

async function loadOptions(filter: LookupFilter, query: Query, signal?: AbortSignal): Promise<FilterOption[]> {
  const { source, slug } = FILTER_SOURCES[filter];
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

export function useFilterOptions(filter: LookupFilter, query: Query, enabled: boolean): FilterOptionsAnswer {
  const { source, slug } = FILTER_SOURCES[filter];
  const answer = useQuery({
    queryKey: statisticsKeys.filter(source, slug, query),
    queryFn: ({ signal }) => loadOptions(filter, query, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { data: answer.data, isFetching: answer.isFetching, error: answer.error };
}
