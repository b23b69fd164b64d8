/** Spec §2/§8: sign-in is shown only once the API configuration has been found. */
import type { PublicSettings } from '@leadgrid/shared/schemas/settings';
import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../api/settings';

export function ConfigGate({ children }: { children: (settings: PublicSettings) => ReactNode }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePublicSettings();
  if (isPending) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  if (isError || !data) {
    return <Alert type="error" showIcon title={t('errors.apiNotFound.text')} data-testid="config-missing" />;
  }
  return <>{children(data)}</>;
}
