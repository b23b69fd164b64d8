/** /metrics/{id} (metrics.read; writes metrics.update): one custom metric with its formula. */
import { ArrowLeftOutlined, CheckCircleOutlined, CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { useConfirmStatus } from '../../../components/listing/parts';
import { useChangeMetricStatus, useMetric } from './api';
import { FormulaTokens } from './FormulaBuilder';
import { NS } from './i18n';
import { useMetricLabels } from './labels';
import { MetricDrawer } from './MetricDrawer';
import { OutputFormatTag } from './MetricsPage';

export default function MetricDetailPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, 'metrics.update');
  const metric = useMetric(Number(id));
  const changeStatus = useChangeMetricStatus();
  const confirmStatus = useConfirmStatus();
  const { group } = useMetricLabels();
  const [editing, setEditing] = useState(false);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/metrics/active')}>
      {t('detail.back')}
    </Button>
  );

  if (metric.error) {
    const missing = metric.error instanceof ApiError && metric.error.status === 404;
    return (
      <Page title={t('title')}>
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('detail.notFound') : t('detail.loadFailed')}
            extra={missing ? back : <Button onClick={() => void metric.refetch()}>{tc('table.retry')}</Button>}
          />
        </Card>
      </Page>
    );
  }
  const m = metric.data;
  if (!m) {
    return (
      <Page title={t('title')}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </Page>
    );
  }
  const next = m.status === 'active' ? 'inactive' : 'active';
  return (
    <Page
      title={
        <Flex align="center" gap={12}>
          <span data-testid="metric-detail-title">{m.title}</span>
          <StatusTag status={m.status} />
        </Flex>
      }
      subtitle={m.description || undefined}
      extra={
        <>
          {back}
          {canWrite && m.editable ? (
            <>
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={changeStatus.isPending}
                onClick={() => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id: m.id, status: next }]))}
                data-testid="metric-toggle-status"
              >
                {next === 'active' ? t('actions.activate') : t('actions.deactivate')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="metric-detail-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Card variant="borderless" title={t('detail.formula')}>
        <Flex vertical gap={12}>
          <FormulaTokens formula={m.formula} />
          <Typography.Text
            type="secondary"
            copyable={{ text: m.value }}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 }}
          >
            {m.value}
          </Typography.Text>
        </Flex>
      </Card>
      <Card variant="borderless" title={t('detail.details')}>
        <Descriptions column={{ xs: 1, md: 2 }} colon={false} styles={{ label: { width: 160 } }}>
          <Descriptions.Item label={t('fields.id')}>{m.id}</Descriptions.Item>
          <Descriptions.Item label={t('fields.group')}>{m.group ? group(m.group) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.outputFormat')}>
            <OutputFormatTag format={m.outputFormat} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(m.createdAt, timezone)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <MetricDrawer open={editing} initial={m} onClose={() => setEditing(false)} />
    </Page>
  );
}
