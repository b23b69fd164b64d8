/** /settings/general: system name, logo, favicon, trial and registration. */
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from '../../components/SectionEmpty';

export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  return <SectionEmpty title={t('nav.generalSettings')} />;
}
