/** /profile/loginsHistory: the sign-ins of this account. */
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from '../../components/SectionEmpty';

export default function LoginsHistoryPage() {
  const { t } = useTranslation();
  return <SectionEmpty title={t('nav.profileLoginsHistory')} />;
}
