/**
 * The metrics tab (edit_metrics): which custom metrics the statistics of this vertical show, in the order chosen.
 * Choosing needs the metrics list (metrics.read); without it the chosen metrics are shown by id only.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { Metric } from '@leadgrid/shared/insights/metrics';
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Alert, Button, Col, Empty, Flex, Form, Row, Select, Skeleton, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowed } from '../../../../app/access';
import { useSession } from '../../../../app/session';
import { StatusTag } from '../../../../components/StatusTag';
import { useCustomMetrics } from '../api';
import { NS } from '../i18n';
import { MONO, SectionCard, useSectionForm } from '../sections';

interface Values {
  metrics: number[];
}

function Chosen({
  ids,
  byId,
  canWrite,
  onChange,
}: {
  ids: number[];
  byId: Map<number, Metric>;
  canWrite: boolean;
  onChange(ids: number[]): void;
}) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const move = (from: number, to: number) => {
    const next = [...ids];
    next.splice(to, 0, ...next.splice(from, 1));
    onChange(next);
  };
  if (!ids.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metrics.empty')} style={{ margin: '8px 0' }} />;
  return (
    <Flex vertical gap={6} data-testid="metrics-chosen">
      {ids.map((id, i) => {
        const m = byId.get(id);
        return (
          <Flex
            key={id}
            align="center"
            gap={10}
            style={{ padding: '6px 10px', borderRadius: token.borderRadius, border: `1px solid ${token.colorBorderSecondary}` }}
            data-testid="metric-chosen-row"
          >
            <Typography.Text type="secondary" style={{ ...MONO, width: 24 }}>
              {i + 1}.
            </Typography.Text>
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Flex gap={8} align="center">
                {m ? <Link to={`/metrics/${id}`}>{m.title}</Link> : <Typography.Text style={MONO}>#{id}</Typography.Text>}
                {m && m.status !== 'active' ? <StatusTag status={m.status} /> : null}
              </Flex>
              {m?.description ? (
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {m.description}
                </Typography.Text>
              ) : null}
            </Flex>
            {m?.group ? <Tag style={{ marginInlineEnd: 0 }}>{m.group}</Tag> : null}
            {canWrite ? (
              <Flex>
                <Tooltip title={t('actions.moveUp')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('actions.moveUp')}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  />
                </Tooltip>
                <Tooltip title={t('actions.moveDown')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('actions.moveDown')}
                    disabled={i === ids.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                </Tooltip>
                <Tooltip title={t('metrics.remove')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('metrics.remove')}
                    onClick={() => onChange(ids.filter((x) => x !== id))}
                  />
                </Tooltip>
              </Flex>
            ) : null}
          </Flex>
        );
      })}
    </Flex>
  );
}

export function MetricsTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const canList = allowed(access, 'metrics.read');
  const metrics = useCustomMetrics(canList);
  const byId = new Map((metrics.data ?? []).map((m) => [m.id, m]));
  const state = useSectionForm<Values>({
    vertical,
    section: 'metrics',
    toForm: (v) => ({ metrics: [...v.metrics] }),
    toData: (v) => v.metrics ?? [],
  });
  const chosen = (Form.useWatch('metrics', state.form) as number[] | undefined) ?? [];
  const setChosen = (ids: number[]) => {
    state.form.setFieldValue('metrics', ids);
    state.touch();
  };

  return (
    <SectionCard
      title={t('metrics.title')}
      description={t('metrics.description')}
      state={state}
      canWrite={canWrite}
      testId="vertical-metrics"
    >
      <Form form={state.form} disabled={!canWrite} onValuesChange={state.touch}>
        <Form.Item name="metrics" hidden>
          <Select mode="multiple" />
        </Form.Item>
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12}>
            <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
              {t('metrics.add')}
            </Typography.Text>
            {!canList ? (
              <Alert type="info" showIcon title={t('metrics.noPermission')} />
            ) : metrics.isPending ? (
              <Skeleton.Input active block />
            ) : (
              <Flex vertical gap={8}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  value={null}
                  placeholder={t('metrics.pick')}
                  aria-label={t('metrics.pick')}
                  disabled={!canWrite}
                  onChange={(id: number) => setChosen([...chosen, id])}
                  options={(metrics.data ?? [])
                    .filter((m) => !chosen.includes(m.id))
                    .map((m) => ({ value: m.id, label: m.status === 'active' ? m.title : `${m.title} (${t('metrics.inactive')})` }))}
                  notFoundContent={
                    <Typography.Text type="secondary">
                      {metrics.data?.length ? t('metrics.allChosen') : t('metrics.noneExist')}
                    </Typography.Text>
                  }
                  style={{ width: '100%' }}
                  data-testid="metrics-pick"
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('metrics.hint')} <Link to="/metrics/active">{t('metrics.manage')}</Link>
                </Typography.Text>
              </Flex>
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
              {t('metrics.chosen', { count: chosen.length })}
            </Typography.Text>
            <Chosen ids={chosen} byId={byId} canWrite={canWrite} onChange={setChosen} />
          </Col>
        </Row>
      </Form>
    </SectionCard>
  );
}
