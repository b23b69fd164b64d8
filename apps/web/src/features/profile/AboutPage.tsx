/** /profile/about: the signed-in user's account as the server returns it. */
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../components/format';
import { Page } from '../../components/Page';
import { StatusTag } from '../../components/StatusTag';

export default function AboutPage() {
  const { t } = useTranslation();
  const { user, timezone } = useSession();
  if (!user) return null;
  return (
    <Page title={t('nav.profileAbout')}>
      <Card variant="borderless">
        <Descriptions column={{ xs: 1, md: 2 }} colon={false} styles={{ label: { width: 160 } }}>
          <Descriptions.Item label={t('profile.name')}>{`${user.firstName} ${user.lastName}`.trim()}</Descriptions.Item>
          <Descriptions.Item label={t('auth.email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('profile.role')}>{user.role.title}</Descriptions.Item>
          <Descriptions.Item label={t('profile.status')}>
            <StatusTag status={user.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.timezone')}>{user.timezone}</Descriptions.Item>
          <Descriptions.Item label={t('profile.createdAt')}>{formatDateTime(user.createdAt, timezone)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Page>
  );
}
