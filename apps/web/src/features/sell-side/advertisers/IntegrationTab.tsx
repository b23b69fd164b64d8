/**
 * An integration tab of the advertiser page (goals, status-mapping, api-params, outbound-settings, inbound-settings):
 * the section editor of the integrations feature for the integration in `?integration=<id>`, or, while the advertiser
 * has no integration, an empty state with "Add integration".
 */
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { IntegrationSectionTab } from '../integrations';
import { useAdvertisersT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

const AddIntegrationModal = lazyWhenOpen(() => import('./IntegrationModals').then((m) => m.AddIntegrationModal));

export const INTEGRATION_TABS = ['goals', 'status-mapping', 'api-params', 'outbound-settings', 'inbound-settings'] as const;
export type IntegrationTabName = (typeof INTEGRATION_TABS)[number];

export function IntegrationTab({ advertiser, tab, canWrite }: { advertiser: Advertiser; tab: IntegrationTabName; canWrite: boolean }) {
  const { t } = useAdvertisersT();
  const [adding, setAdding] = useState(false);
  if (advertiser.integrationsCount > 0)
    return (
      <Suspense
        fallback={
          <Card variant="borderless">
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        }
      >
        <IntegrationSectionTab owner="integration" advertiserId={advertiser.id} tab={tab} />
      </Suspense>
    );
  return (
    <Card variant="borderless" styles={{ body: { padding: '56px 24px' } }} data-testid="advertiser-no-integration">
      <Empty
        image={<ApiOutlined style={{ fontSize: 44, opacity: 0.35 }} />}
        styles={{ image: { height: 52 } }}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong style={{ fontSize: 15 }}>
              {t('integrations.noneTitle')}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ maxWidth: 520 }}>
              {canWrite ? t('integrations.noneText') : t('integrations.emptyReadOnly')}
            </Typography.Text>
          </Flex>
        }
      >
        {canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="integration-add-empty">
            {t('integrations.add')}
          </Button>
        ) : null}
      </Empty>
      <AddIntegrationModal advertiser={advertiser} open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
