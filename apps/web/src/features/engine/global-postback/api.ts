/** Global postback API (apps/server/src/modules/engine/postbacks: GET / PATCH /settings/global-postback). */
import type { GlobalPostback, GlobalPostbackFields } from '@leadgrid/shared/engine/postbacks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const globalPostbackKeys = { all: ['global-postback'] as const };

export const globalPostbackApi = {
  get: (signal?: AbortSignal) => api.get<GlobalPostback>('/settings/global-postback', undefined, { signal, silent: true }),
  save: (data: GlobalPostbackFields) => api.patch<GlobalPostback>('/settings/global-postback', { data }),
};

export const useGlobalPostback = (enabled = true) =>
  useQuery({ queryKey: globalPostbackKeys.all, queryFn: ({ signal }) => globalPostbackApi.get(signal), enabled, retry: false });

export function useSaveGlobalPostback() {
  const client = useQueryClient();
  return useMutation({ mutationFn: globalPostbackApi.save, onSuccess: (data) => client.setQueryData(globalPostbackKeys.all, data) });
}
