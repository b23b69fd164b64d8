/** /profile/notifications: notification channels and preferences. */
import { useTranslation } from 'react-i18next';
import { SectionEmpty } from '../../components/SectionEmpty';

export default function NotificationsPage() {
  const { t } = useTranslation();
  return <SectionEmpty title={t('nav.profileNotifications')} />;
}
