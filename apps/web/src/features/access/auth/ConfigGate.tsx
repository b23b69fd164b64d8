/** Product §2/§8: sign-in is shown only once the API configuration has been found. */
import type { PublicSettings } from '@leadgrid/shared/settings/general';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../../api/settings';
import { Alert, Skeleton } from './kit';

export function ConfigGate({ children }: { children: (settings: PublicSettings) => ReactNode }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePublicSettings();
  if (isPending) return <Skeleton />;
  if (isError || !data) {
    return (
      <div data-testid="config-missing">
        <Alert type="error" title={t('errors.apiNotFound.text')} />
      </div>
    );
  }
  return <>{children(data)}</>;
}
