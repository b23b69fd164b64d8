/**
 * The advertiser's integrations (GET /integrations?advertiserId=): template, platform, status and the methods
 * enabled, each opening its settings tabs; "Add integration" (platform and vertical -> a template of
 * GET /integration-templates/for-integration -> PUT /integrations), clone to another advertiser, and
 * activate / deactivate, the deactivation confirmed with its cascade (GET /integrations/cascade-preview:
 * "this will also stop N offers").
 */
import {
  ApiOutlined,
  CopyOutlined,
  MoreOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  PoweroffOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import { INTEGRATION_METHODS } from '@leadgrid/shared/sell-side/sell-side';
import { App, Button, Dropdown, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CountCard } from '../../../components/CountCard';
import { StatusTag } from '../../../components/StatusTag';
import { integrationsApi, useAdvertiserIntegrations, useChangeIntegrationStatus } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';
import { cardState, Dash, integrationLink, METHOD_FLAGS } from './parts';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const AddIntegrationModal = lazyWhenOpen(() => import('./IntegrationModals').then((m) => m.AddIntegrationModal));
const CloneModal = lazyWhenOpen(
  () => import('./IntegrationModals').then((m) => m.CloneModal),
  (p) => p.integration !== null,
);

/** The methods an integration has enabled (a dash when none). */
export function MethodTags({ integration }: { integration: Integration }) {
  const { t } = useAdvertisersT();
  const on = INTEGRATION_METHODS.filter((m) => integration[METHOD_FLAGS[m]]);
  if (!on.length)
    return (
      <Tooltip title={t('integrations.noMethods')}>
        <Typography.Text type="secondary">—</Typography.Text>
      </Tooltip>
    );
  return (
    <Flex gap={4} wrap style={{ maxWidth: 220 }} data-testid="integration-methods">
      {on.map((m) => (
        <Tag key={m} color="processing" variant="filled" style={{ marginInlineEnd: 0 }} data-method={m}>
          {t(`methods.${m}`)}
        </Tag>
      ))}
    </Flex>
  );
}

/** Activate at once after a confirmation; deactivate after showing what else it stops. */
function useIntegrationStatus() {
  const { t } = useAdvertisersT();
  const { modal } = App.useApp();
  const change = useChangeIntegrationStatus();
  const run = async (integration: Integration, status: 'active' | 'inactive') => {
    try {
      await change.mutateAsync([{ id: integration.id, status }]);
    } catch {
      // toasted by the client
    }
  };
  return async (integration: Integration) => {
    if (integration.status !== 'active') {
      modal.confirm({
        title: t('integrations.activateTitle', { title: integration.title }),
        content: t('integrations.activateText'),
        okText: t('actions.activate'),
        cancelText: t('actions.cancel'),
        onOk: () => run(integration, 'active'),
      });
      return;
    }
    let offers: number | null = null;
    try {
      offers = (await integrationsApi.cascadePreview([integration.id])).offers;
    } catch {
      offers = null;
    }
    modal.confirm({
      title: t('integrations.deactivateTitle', { title: integration.title }),
      content: (
        <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="cascade-preview">
          {offers === null
            ? t('integrations.cascadeUnknown')
            : offers > 0
              ? t('integrations.cascade', { count: offers })
              : t('integrations.cascadeNone')}
        </Typography.Paragraph>
      ),
      okText: t('actions.deactivate'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'integration-deactivate-confirm' } as Record<string, string>) },
      cancelText: t('actions.cancel'),
      onOk: () => run(integration, 'inactive'),
    });
  };
}

export function IntegrationsCard({ advertiser, canWrite }: { advertiser: Advertiser; canWrite: boolean }) {
  const { t } = useAdvertisersT();
  const integrations = useAdvertiserIntegrations(advertiser.id);
  const changeStatus = useIntegrationStatus();
  const [adding, setAdding] = useState(false);
  const [cloning, setCloning] = useState<Integration | null>(null);
  const rows = integrations.data?.items ?? [];

  const add = canWrite ? (
    <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="integration-add">
      {t('integrations.add')}
    </Button>
  ) : null;

  const state = cardState(integrations, rows.length, {
    loadFailed: t('integrations.loadFailed'),
    retry: t('actions.retry'),
    emptyTitle: t('integrations.emptyTitle'),
    emptyText: canWrite ? t('integrations.emptyText') : t('integrations.emptyReadOnly'),
  });
  let body = state;
  if (!state)
    body = (
      <Table<Integration>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        data-testid="integrations-table"
        columns={[
          {
            key: 'title',
            title: t('integrations.columns.title'),
            render: (_v, x) => (
              <Flex vertical style={{ lineHeight: 1.3, minWidth: 160, maxWidth: 220 }}>
                <Link to={integrationLink(advertiser.id, x.id)} style={{ fontWeight: 600 }} data-testid="integration-link">
                  {x.title}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  #{x.id}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'template',
            title: t('integrations.columns.template'),
            render: (_v, x) => (
              <Flex vertical style={{ lineHeight: 1.3, maxWidth: 200 }}>
                {x.template ? <Typography.Text ellipsis>{x.template.title}</Typography.Text> : <Dash />}
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  <ApiOutlined style={{ marginInlineEnd: 4 }} />
                  {x.platform.title}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'status', title: t('integrations.columns.status'), render: (_v, x) => <StatusTag status={x.status} /> },
          { key: 'methods', title: t('integrations.columns.methods'), render: (_v, x) => <MethodTags integration={x} /> },
          {
            key: 'actions',
            width: 56,
            align: 'right' as const,
            render: (_v, x) => (
              <Dropdown
                trigger={['click']}
                placement="bottomRight"
                menu={{
                  items: [
                    {
                      key: 'open',
                      icon: <SettingOutlined />,
                      label: <Link to={integrationLink(advertiser.id, x.id)}>{t('integrations.configure')}</Link>,
                    },
                    ...(canWrite
                      ? [
                          { key: 'clone', icon: <CopyOutlined />, label: t('integrations.clone') },
                          { type: 'divider' as const },
                          x.status === 'active'
                            ? { key: 'status', icon: <PoweroffOutlined />, label: t('actions.deactivate'), danger: true }
                            : { key: 'status', icon: <PlayCircleOutlined />, label: t('actions.activate') },
                        ]
                      : []),
                  ],
                  onClick: ({ key }) => {
                    if (key === 'clone') setCloning(x);
                    if (key === 'status') void changeStatus(x);
                  },
                }}
              >
                <Button
                  type="text"
                  icon={<MoreOutlined />}
                  aria-label={`${t('actions.more')}: ${x.title}`}
                  data-testid={`integration-actions-${x.id}`}
                />
              </Dropdown>
            ),
          },
        ]}
      />
    );

  return (
    <CountCard
      icon={ApiOutlined}
      title={t('integrations.title')}
      count={rows.length}
      text={t('integrations.text')}
      add={add}
      testId="integrations-card"
    >
      {body}
      <AddIntegrationModal advertiser={advertiser} open={adding} onClose={() => setAdding(false)} />
      <CloneModal integration={cloning} advertiserId={advertiser.id} onClose={() => setCloning(null)} />
    </CountCard>
  );
}
