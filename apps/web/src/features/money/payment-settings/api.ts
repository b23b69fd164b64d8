/** Payment settings API (apps/server/src/modules/money/payment-settings): base currency and invoice defaults. */
import type { PaymentSettings, PaymentSettingsUpdate } from '@leadgrid/shared/money/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from '../../../api/settings';
import { currencyKeys } from '../../../api/currencies';

export const paymentSettingsKeys = { all: ['paymentSettings'] as const };

export const paymentSettingsApi = {
  get: (signal?: AbortSignal) => api.get<PaymentSettings>('/settings/payment', undefined, { signal }),
  update: (data: PaymentSettingsUpdate) => api.patch<PaymentSettings>('/settings/payment', { data }),
};

export const usePaymentSettings = (enabled = true) =>
  useQuery({ queryKey: paymentSettingsKeys.all, queryFn: ({ signal }) => paymentSettingsApi.get(signal), enabled });

/** A base-currency change re-bases every rate: currencies and the public settings (base currency) are refreshed too. */
export function useUpdatePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: paymentSettingsApi.update,
    onSuccess: (data) => {
      client.setQueryData(paymentSettingsKeys.all, data);
      return Promise.all([
        client.invalidateQueries({ queryKey: currencyKeys.all }),
        client.invalidateQueries({ queryKey: settingsKeys.public() }),
      ]);
    },
  });
}
