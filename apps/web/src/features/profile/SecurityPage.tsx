/** /profile/security: password and two-factor authentication. */
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from '../../components/SectionEmpty';

export default function SecurityPage() {
  const { t } = useTranslation();
  return <SectionEmpty title={t('nav.profileSecurity')} />;
}
