/** The integration guide (apps/server/src/modules/engine/integration-guide): `GET /integration-guide?offerId=`. */
import type { IntegrationGuide } from '@leadgrid/shared/engine/integration-guide';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const integrationGuideKeys = {
  guide: (offerId?: number) => ['integration-guide', offerId ?? null] as const,
};

export const useIntegrationGuide = (offerId?: number) =>
  useQuery({
    queryKey: integrationGuideKeys.guide(offerId),
    queryFn: ({ signal }) => api.get<IntegrationGuide>('/integration-guide', offerId ? { offerId } : undefined, { signal, silent: true }),
    // staff switching the offer keep the guide (and its picker) on screen while the next one loads
    placeholderData: keepPreviousData,
  });
