/** /settings/roles: roles and their permissions. */
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from '../../components/SectionEmpty';

export default function RolesPage() {
  const { t } = useTranslation();
  return <SectionEmpty title={t('nav.roles')} />;
}
