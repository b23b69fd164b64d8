/** /metrics/{id} (metrics.read; writes metrics.update): one custom metric with its formula. */
import { CheckCircleOutlined, CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { useConfirmStatus } from '../../../components/listing/parts';
import { useChangeMetricStatus, useMetric } from './api';
import { FormulaTokens } from './FormulaBuilder';
import { NS } from './i18n';
import { useMetricLabels } from './labels';
import { MetricDrawer } from './MetricDrawer';
import { OutputFormatTag } from './MetricsPage';
import { BackButton, DetailFailure, DetailHeading, detailFailed } from '../../../components/detail/DetailPage';

export default function MetricDetailPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { id } = useParams();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, 'metrics.update');
  const metric = useMetric(Number(id));
  const changeStatus = useChangeMetricStatus();
  const confirmStatus = useConfirmStatus();
  const { group } = useMetricLabels();
  const [editing, setEditing] = useState(false);
  const back = <BackButton to="/metrics/active">{t('detail.back')}</BackButton>;

  if (detailFailed(metric))
    return (
      <DetailFailure
        query={metric}
        texts={{ title: t('title'), notFound: t('detail.notFound'), retry: tc('table.retry'), loadFailed: t('detail.loadFailed') }}
        back={back}
      />
    );
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
      title={<DetailHeading name={m.title} status={m.status} testId="metric-detail-title" gap={12} wrap={false} />}
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
