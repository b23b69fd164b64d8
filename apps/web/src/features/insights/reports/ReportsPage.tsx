/**
 * /reports (`front.menu.reports.read`): run a ready report for a period as CSV or XLSX (it is built by the export job;
 * its progress and file are on /reports/downloads), save it — or a statistics view saved on /statistics — and have it
 * e-mailed daily, weekly or monthly. docs/decisions/insights.md "Reports, downloads and scheduled reports".
 */
import { DeleteOutlined, PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { READY_REPORT_TYPES, type ReadyReportType, type ReportView } from '@leadgrid/shared/insights/reports';
import { EXPORT_FORMATS, type ExportFormat } from '@leadgrid/shared/schemas/exports';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { exportsApi } from '../../../components/export/api';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { useReportMutations, useSavedReports } from './api';
import { useReportsT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const SaveReportModal = lazyWhenOpen(() => import('./SaveReportModal').then((m) => m.SaveReportModal));

export default function ReportsPage() {
  const { t } = useReportsT();
  const { timezone } = useSession();
  const navigate = useNavigate();
  const [type, setType] = useState<ReadyReportType>('affiliate_payouts');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => {
    const today = dayjs().tz(timezone);
    return [today.startOf('month'), today];
  });
  const [running, setRunning] = useState(false);
  const [saving, setSaving] = useState(false);
  const saved = useSavedReports();
  const m = useReportMutations();
  const query = { dateFrom: period[0].format('YYYY-MM-DD'), dateTo: period[1].format('YYYY-MM-DD'), timezone };

  const run = async () => {
    setRunning(true);
    try {
      await exportsApi.start(type, query, format);
      navigate('/reports/downloads');
    } catch {
      // the client has shown the answer (e.g. 'Failed to generate the report. No data available!')
    } finally {
      setRunning(false);
    }
  };

  const columns = [
    {
      title: t('saved.name'),
      dataIndex: 'title',
      key: 'title',
      render: (v: string, r: ReportView) => <span data-testid={`report-${r.id}`}>{v}</span>,
    },
    { title: t('saved.type'), dataIndex: 'type', key: 'type', render: (v: string) => t(`types.${v}`) },
    {
      title: t('saved.range'),
      dataIndex: 'range',
      key: 'range',
      render: (v: string, r: ReportView) =>
        v === 'custom' ? `${r.query.dateFrom ?? ''} – ${r.query.dateTo ?? r.query.dateFrom ?? ''}` : t(`ranges.${v}`),
    },
    { title: t('saved.format'), dataIndex: 'format', key: 'format', render: (v: string) => t(`formats.${v}`) },
    {
      title: t('saved.schedule'),
      key: 'schedule',
      render: (_: unknown, r: ReportView) =>
        r.schedule ? (
          <Space direction="vertical" size={0}>
            <span>
              {t(`schedules.${r.schedule}`)} {t('saved.at', { hour: String(r.sendHour).padStart(2, '0') })}
            </span>
            {r.nextSendAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('saved.nextSend')}: {formatDateTime(r.nextSendAt, timezone)}
              </Typography.Text>
            ) : null}
            {r.lastSentAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('saved.lastSent')}: {formatDateTime(r.lastSentAt, timezone)}
              </Typography.Text>
            ) : null}
            {r.lastError ? (
              <Tooltip title={r.lastError}>
                <Tag color="error" data-testid={`report-error-${r.id}`}>
                  {t('saved.lastError')}: {r.lastError}
                </Tag>
              </Tooltip>
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('schedules.none')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      align: 'right' as const,
      render: (_: unknown, r: ReportView) => (
        <Space>
          <Button
            size="small"
            icon={<PlayCircleOutlined />}
            data-testid={`report-run-${r.id}`}
            onClick={() =>
              void m.run
                .mutateAsync(r.id)
                .then(() => navigate('/reports/downloads'))
                .catch(() => undefined)
            }
          >
            {t('saved.run')}
          </Button>
          <Popconfirm title={t('saved.confirmDelete')} onConfirm={() => m.remove.mutateAsync(r.id)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('saved.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Page title={t('title')} subtitle={t('subtitle')} extra={<Link to="/reports/downloads">{t('run.open')}</Link>}>
      <Flex vertical gap={16}>
        <Card title={t('run.card')}>
          <Form layout="vertical">
            <Flex gap={16} wrap align="end">
              <Form.Item label={t('run.type')} htmlFor="report-type" style={{ minWidth: 280, marginBottom: 0 }}>
                <Select
                  id="report-type"
                  data-testid="report-type"
                  value={type}
                  onChange={setType}
                  options={READY_REPORT_TYPES.map((r) => ({
                    value: r,
                    label: <span data-testid={`report-type-${r}`}>{t(`types.${r}`)}</span>,
                  }))}
                />
              </Form.Item>
              <Form.Item label={t('run.period')} style={{ marginBottom: 0 }}>
                <DatePicker.RangePicker value={period} allowClear={false} onChange={(v) => v && v[0] && v[1] && setPeriod([v[0], v[1]])} />
              </Form.Item>
              <Form.Item label={t('run.format')} htmlFor="report-format" style={{ minWidth: 150, marginBottom: 0 }}>
                <Select
                  id="report-format"
                  data-testid="report-format"
                  value={format}
                  onChange={setFormat}
                  options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
                />
              </Form.Item>
              <Space>
                <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={() => void run()} data-testid="report-run">
                  {t('run.button')}
                </Button>
                <Button icon={<SaveOutlined />} onClick={() => setSaving(true)} data-testid="report-save">
                  {t('run.save')}
                </Button>
              </Space>
            </Flex>
          </Form>
          <Alert style={{ marginTop: 16 }} type="info" showIcon message={t(`typeHints.${type}`)} />
        </Card>
        <Card title={t('saved.card')}>
          <Table<ReportView>
            rowKey="id"
            size="middle"
            loading={saved.isLoading}
            dataSource={saved.data ?? []}
            columns={columns}
            pagination={false}
            locale={{ emptyText: <Empty description={t('saved.empty')} /> }}
          />
        </Card>
      </Flex>
      <SaveReportModal
        open={saving}
        onClose={() => setSaving(false)}
        type={type}
        query={{ timezone }}
        range="previous_month"
        format={format}
      />
    </Page>
  );
}
