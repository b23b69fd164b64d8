/**
 * General settings (product §7 "general settings PATCH"; apps/server/src/modules/settings/general/settings.routes.ts). A save
 * refreshes the public settings the shell reads, so the white label (name, logo, favicon) changes at once.
 */
import type { GeneralSettings, GeneralSettingsUpdate } from '@leadgrid/shared/settings/general';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from '../../../api/settings';

export const generalSettingsKeys = {
  // not under the public settings key: the shell keeps that one across sign-outs, this one is an admin's
  general: () => ['generalSettings'] as const,
};

export function useGeneralSettings() {
  return useQuery({
    queryKey: generalSettingsKeys.general(),
    queryFn: ({ signal }) => api.get<GeneralSettings>('/settings/general', undefined, { signal }),
  });
}

export function useUpdateGeneralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: GeneralSettingsUpdate) => api.patch<GeneralSettings>('/settings/general', { data }),
    onSuccess: async (fresh) => {
      client.setQueryData(generalSettingsKeys.general(), fresh);
      await client.invalidateQueries({ queryKey: settingsKeys.public(), exact: true });
    },
  });
}
