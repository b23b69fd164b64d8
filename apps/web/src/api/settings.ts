/** Public tenant settings (product §7): white label, registration switch, trial, chat support, version. */
import { DEFAULT_PRODUCT_TITLE, SETTINGS_REFRESH_MS } from '@leadgrid/shared/constants';
import type { PublicSettings } from '@leadgrid/shared/settings/general';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { noteFrontendVersion } from './events';

export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
};

export class ApiNotFoundError extends Error {
  constructor() {
    super('API configuration not found');
    this.name = 'ApiNotFoundError';
  }
}

export async function fetchPublicSettings(): Promise<PublicSettings> {
  let data: PublicSettings | undefined;
  try {
    data = await api.get<PublicSettings>('/public/api-settings', undefined, { auth: false, silent: true });
  } catch {
    throw new ApiNotFoundError();
  }
  // product §7: a failure or an answer without an API domain means the API was not found
  if (!data || !data.apiDomain) throw new ApiNotFoundError();
  noteFrontendVersion(data.frontendVersionTs, 'settings');
  return data;
}

/** Loaded once at start and again every hour (SETTINGS_REFRESH_MS). */
export function usePublicSettings() {
  return useQuery({
    queryKey: settingsKeys.public(),
    queryFn: fetchPublicSettings,
    staleTime: SETTINGS_REFRESH_MS,
    refetchInterval: SETTINGS_REFRESH_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

/** The configured system name, or the product title while settings are missing. */
export function useSystemName(): string {
  const { data } = usePublicSettings();
  return data?.name?.trim() || DEFAULT_PRODUCT_TITLE;
}
