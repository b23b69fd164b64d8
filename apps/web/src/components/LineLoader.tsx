import { useTranslation } from 'react-i18next';

/** The thin progress line shown at the top of the page while the current user loads (product §2). */
export function LineLoader() {
  const { t } = useTranslation();
  return <div className="lg-line-loader" role="progressbar" aria-label={t('common.loading')} aria-busy="true" />;
}
