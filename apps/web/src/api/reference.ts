/**
 * Reference look-ups every screen may need (product §7: "On layout mount the product loads timezones, all currencies
 * and traffic sources"): one cached query each, preloaded by the main layout.
 */
import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@leadgrid/shared/money/currencies';
import type { TrafficSourceRef } from '@leadgrid/shared/engine/traffic-sources';
import { api } from './client';

export interface TimeZone {
  name: string;
  offset: string;
  /** 'Europe/Kyiv (+02:00)' */
  title: string;
}

export const referenceKeys = {
  timezones: () => ['reference', 'timezones'] as const,
  currencies: () => ['currencies', 'all'] as const,
  trafficSources: () => ['reference', 'trafficSources'] as const,
};

const HOUR = 60 * 60_000;

export const useTimezones = () =>
  useQuery({
    queryKey: referenceKeys.timezones(),
    queryFn: ({ signal }) => api.get<{ items: TimeZone[] }>('/timezones', undefined, { signal, silent: true }).then((d) => d.items),
    staleTime: HOUR,
  });

/** Every currency (any status): names and symbols for showing money anywhere. */
export const useAllCurrencies = () =>
  useQuery({
    queryKey: referenceKeys.currencies(),
    queryFn: ({ signal }) => api.get<{ items: Currency[] }>('/currencies/all', undefined, { signal, silent: true }).then((d) => d.items),
    staleTime: 5 * 60_000,
  });

export const useActiveTrafficSources = () =>
  useQuery({
    queryKey: referenceKeys.trafficSources(),
    queryFn: ({ signal }) =>
      api.get<{ items: TrafficSourceRef[] }>('/traffic-sources/active', { limit: 1000 }, { signal, silent: true }).then((d) => d.items),
    staleTime: 5 * 60_000,
  });

/** Mounted once by the main layout so the look-ups are warm before any screen asks. */
export function useLayoutLookups() {
  useTimezones();
  useAllCurrencies();
  useActiveTrafficSources();
}
