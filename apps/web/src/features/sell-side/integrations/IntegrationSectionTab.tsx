/**
 * One integration tab of the advertiser page (/advertisers/{id}/<tab>): the advertiser's integration chosen by
 * `?integration=<id>` (default: its first integration), a compact switcher, and the section editor of the tab.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import { Button, Card, Empty, Flex, Result, Select, Skeleton, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { StatusTag } from '../../../components/StatusTag';
import { useIntegration, useIntegrations } from './api';
import { useIntT } from './i18n';
import { SectionEditor } from './SectionEditor';

export type IntegrationTab = 'goals' | 'status-mapping' | 'api-params' | 'outbound-settings' | 'inbound-settings';

export interface IntegrationSectionTabProps {
  owner: 'integration';
  advertiserId: number;
  tab: IntegrationTab;
}

const METHOD_FLAGS = ['outApiEnabled', 'postbackEnabled', 'redirectEnabled', 'apiSyncEnabled'] as const;

function Switcher({ items, current, onChange }: { items: Integration[]; current: Integration; onChange: (id: number) => void }) {
  const { t } = useIntT();
  const { access } = useSession();
  const templates = allowed(access, 'front.settings.integration_templates.read');
  const methods = METHOD_FLAGS.filter((f) => current[f]);
  return (
    <Card variant="borderless" size="small" styles={{ body: { padding: '10px 16px' } }} data-testid="integration-switcher">
      <Flex align="center" gap={16} wrap>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t('switcher.integration')}</Typography.Text>
          <Select<number>
            value={current.id}
            onChange={onChange}
            style={{ minWidth: 320 }}
            popupMatchSelectWidth={false}
            aria-label={t('switcher.integration')}
            options={items.map((i) => ({
              value: i.id,
              label: (
                <Flex align="center" gap={8} justify="space-between">
                  <span>{i.title}</span>
                  <StatusTag status={i.status} />
                </Flex>
              ),
            }))}
            data-testid="integration-select"
          />
        </Flex>
        <Flex align="center" gap={16} wrap style={{ fontSize: 13 }}>
          <span>
            <Typography.Text type="secondary">{t('switcher.template')}: </Typography.Text>
            {current.template ? (
              templates ? (
                <Link to={`/settings/integration-templates/${current.template.id}/general`}>{current.template.title}</Link>
              ) : (
                current.template.title
              )
            ) : (
              <Typography.Text type="secondary">{t('switcher.noTemplate')}</Typography.Text>
            )}
          </span>
          <span>
            <Typography.Text type="secondary">{t('switcher.platform')}: </Typography.Text>
            {current.platform.title}
          </span>
          <span>
            <Typography.Text type="secondary">{t('switcher.vertical')}: </Typography.Text>
            {current.vertical.title}
          </span>
          <span>
            <Typography.Text type="secondary">{t('switcher.methods')}: </Typography.Text>
            {methods.length ? methods.map((f) => t(`methods.short.${f}`)).join(', ') : t('switcher.noMethods')}
          </span>
        </Flex>
      </Flex>
    </Card>
  );
}

export function IntegrationSectionTab({ advertiserId, tab }: IntegrationSectionTabProps) {
  const { t } = useIntT();
  const [params, setParams] = useSearchParams();
  const list = useIntegrations({ advertiserId, orderBy: 'id:asc', limit: 100 });
  const items = list.data?.items ?? [];
  const wanted = Number(params.get('integration'));
  const chosen = items.find((i) => i.id === wanted) ?? items[0];
  const detail = useIntegration(chosen?.id);

  if (list.error && !list.data) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('switcher.loadFailed')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('switcher.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (!list.data) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!chosen) {
    return (
      <Card variant="borderless" styles={{ body: { padding: '48px 24px' } }} data-testid="integration-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{t('switcher.empty')}</Typography.Text>}>
          <Link to={`/advertisers/${advertiserId}/general`}>
            <Button type="primary">{t('switcher.toGeneral')}</Button>
          </Link>
        </Empty>
      </Card>
    );
  }
  const record = detail.data?.id === chosen.id ? detail.data : chosen;
  const choose = (id: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('integration', String(id));
      return next;
    });
  return (
    <Flex vertical gap={16}>
      <Switcher items={items} current={record} onChange={choose} />
      <SectionEditor key={record.id} owner="integration" record={record} tab={tab} />
    </Flex>
  );
}
