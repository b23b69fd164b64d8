/**
 * /metrics[/active|/inactive] (metrics.read; writes metrics.update): custom metrics with their formulas, and the
 * built-in metrics they are built from. A row opens /metrics/{id}.
 */
import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { BUILT_IN_METRICS, METRIC_OUTPUT_FORMATS, type BuiltInMetric, type Metric } from '@leadgrid/shared/insights/metrics';
import { Button, Card, Flex, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateTimeColumn, EditButton } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { statusScope, StatusTabs, useStatusTab, type StatusTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import type { DataColumn } from '../../../components/table/DataTable';
import { BulkBar, SearchBox, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';
import { useChangeMetricStatus, useMetricFormData, useMetrics } from './api';
import { FormulaTokens } from './FormulaBuilder';
import { NS } from './i18n';
import { useMetricLabels } from './labels';
import { MetricDrawer } from './MetricDrawer';

const WRITE = 'metrics.update';

export function OutputFormatTag({ format }: { format: Metric['outputFormat'] }) {
  const { t } = useTranslation(NS);
  const color = format === 'money' ? 'green' : format === 'percentages' ? 'geekblue' : 'default';
  return (
    <Tooltip title={t(`outputFormatHints.${format}`)}>
      <Tag color={color} style={{ marginInlineEnd: 0 }}>
        {t(`outputFormats.${format}`)}
      </Tag>
    </Tooltip>
  );
}

function BuiltInMetrics() {
  const { t } = useTranslation(NS);
  const formData = useMetricFormData();
  const { label, describe, group } = useMetricLabels();
  const rows = formData.data?.builtIn ?? BUILT_IN_METRICS;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('builtInHint')}</Typography.Text>
      <Table<BuiltInMetric>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={[...rows]}
        scroll={{ x: 'max-content' }}
        data-testid="builtin-metrics"
        columns={[
          {
            key: 'title',
            title: t('fields.title'),
            render: (_, m) => (
              <Flex vertical>
                <Typography.Text strong>{label(m.key)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {describe(m.key)}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'key', title: t('fields.key'), render: (_, m) => <Typography.Text code>{`{${m.key}}`}</Typography.Text> },
          { key: 'group', title: t('fields.group'), render: (_, m) => group(m.group) },
          { key: 'outputFormat', title: t('fields.outputFormat'), render: (_, m) => <OutputFormatTag format={m.outputFormat} /> },
          {
            key: 'formula',
            title: t('fields.formula'),
            render: (_, m) =>
              m.formula ? (
                <FormulaTokens formula={m.formula} size="small" />
              ) : (
                <Typography.Text type="secondary">{t('counted')}</Typography.Text>
              ),
          },
        ]}
      />
    </Flex>
  );
}

function CustomMetrics({ tab, onEdit, onCreate }: { tab: StatusTab; onEdit: (m: Metric) => void; onCreate: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, WRITE);
  const resource = useResourceList({
    defaultOrderBy: 'title:asc',
    filters: ['search', 'group', 'outputFormat', 'status'],
    scope: statusScope(tab),
    useList: useMetrics,
  });
  const { table, clearSelection } = resource;
  const formData = useMetricFormData();
  const { group } = useMetricLabels();
  const changeStatus = useChangeMetricStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const open = (row: Metric) => navigate(`/metrics/${row.id}`);

  const columns: DataColumn<Metric>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 80 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex vertical style={{ maxWidth: 320 }}>
          <Typography.Link strong onClick={() => open(row)} data-testid="metric-row-title">
            {title}
          </Typography.Link>
          {row.description ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} style={{ fontSize: 12, maxWidth: 320 }}>
              {row.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'group',
      title: t('fields.group'),
      sortable: true,
      render: (g: string) => (g ? group(g) : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      key: 'outputFormat',
      title: t('fields.outputFormat'),
      sortable: true,
      render: (f: Metric['outputFormat']) => <OutputFormatTag format={f} />,
    },
    { key: 'formula', title: t('fields.formula'), render: (_, row) => <FormulaTokens formula={row.formula} size="small" /> },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      filters: tab === 'all' ? statusFilters : undefined,
      render: (s: string) => <StatusTag status={s} />,
    },
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
    actionsColumn(
      t('actions.edit'),
      (row) => (
        <Space size={0}>
          {canWrite && row.editable ? <EditButton label={t('actions.edit')} onClick={() => onEdit(row)} testId="metric-edit" /> : null}
          <Tooltip title={t('open')}>
            <Button type="text" icon={<RightOutlined />} aria-label={t('open')} onClick={() => open(row)} />
          </Tooltip>
        </Space>
      ),
      96,
    ),
  ];

  return (
    <>
      <ResourceListTable<Metric>
        resource={resource}
        name="metrics"
        columns={columns}
        selectable={canWrite}
        empty={emptyState(t('emptyTitle'), t('emptyText'), canWrite ? { label: t('create'), onClick: onCreate } : undefined)}
        toolbar={
          <>
            <StatusTabs value={tab} base="/metrics" label={(k) => t(`tabs.${k}`)} testId="metric-tabs" />
            <SearchBox table={table} placeholder={t('search')} />
            <Select
              allowClear
              value={table.filters.group}
              onChange={(v?: string) => table.setFilters({ group: v ?? null })}
              options={(formData.data?.groups ?? []).map((g) => ({ value: g, label: group(g) }))}
              placeholder={t('fields.group')}
              aria-label={t('fields.group')}
              style={{ width: 180 }}
              data-testid="metric-group-filter"
            />
            <Select
              allowClear
              value={table.filters.outputFormat}
              onChange={(v?: string) => table.setFilters({ outputFormat: v ?? null })}
              options={METRIC_OUTPUT_FORMATS.map((f) => ({ value: f, label: t(`outputFormats.${f}`) }))}
              placeholder={t('fields.outputFormat')}
              aria-label={t('fields.outputFormat')}
              style={{ width: 170 }}
            />
          </>
        }
        bulk={(ids) => (
          <BulkBar count={ids.length} onClear={clearSelection} busy={changeStatus.isPending} onStatus={(next) => bulkStatus(ids, next)} />
        )}
      />
    </>
  );
}

export default function MetricsPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { access } = useSession();
  const canWrite = allowed(access, WRITE);
  const tab = useStatusTab();
  const [section, setSection] = useState<'custom' | 'builtIn'>('custom');
  const [editing, setEditing] = useState<Metric | 'new' | null>(null);
  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="metric-create">
            {t('create')}
          </Button>
        ) : undefined
      }
    >
      <Card variant="borderless" styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={section}
          onChange={(k) => setSection(k as 'custom' | 'builtIn')}
          items={[
            {
              key: 'custom',
              label: t('sections.custom'),
              children: <CustomMetrics tab={tab} onEdit={setEditing} onCreate={() => setEditing('new')} />,
            },
            { key: 'builtIn', label: `${t('sections.builtIn')} (${BUILT_IN_METRICS.length})`, children: <BuiltInMetrics /> },
          ]}
        />
      </Card>
      <MetricDrawer
        open={editing !== null}
        initial={editing && editing !== 'new' ? editing : null}
        onClose={() => setEditing(null)}
        onSaved={(m) => (editing === 'new' ? navigate(`/metrics/${m.id}`) : undefined)}
      />
    </Page>
  );
}
