/** / : the dashboard. Its widgets come with the statistics issue; until then it says so honestly. */
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { Page } from '../../components/Page';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Page title={t('nav.dashboard')} subtitle={user ? t('dashboard.welcome', { name: user.firstName || user.email }) : undefined}>
      <Card variant="borderless" styles={{ body: { padding: '64px 24px' } }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong style={{ display: 'block', fontSize: 15 }}>
                {t('dashboard.emptyTitle')}
              </Typography.Text>
              <Typography.Text type="secondary">{t('dashboard.emptyText')}</Typography.Text>
            </>
          }
        />
      </Card>
    </Page>
  );
}
