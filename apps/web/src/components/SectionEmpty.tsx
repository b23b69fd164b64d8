/** A section whose records do not exist yet: its title and an honest empty state, no invented data. */
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from './Page';

export function SectionEmpty({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Card variant="borderless" styles={{ body: { padding: '64px 24px' } }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong style={{ display: 'block', fontSize: 15 }}>
                {t('common.noDataTitle')}
              </Typography.Text>
              <Typography.Text type="secondary">{t('common.noDataHint', { section: title })}</Typography.Text>
            </>
          }
        />
      </Card>
    </Page>
  );
}
