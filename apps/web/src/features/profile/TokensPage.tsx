/** /profile/tokens: API tokens. */
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from '../../components/SectionEmpty';

export default function TokensPage() {
  const { t } = useTranslation();
  return <SectionEmpty title={t('nav.profileTokens')} />;
}
