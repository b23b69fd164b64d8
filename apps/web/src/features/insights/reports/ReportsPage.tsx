/**
 * /reports (`front.menu.reports.read`): run a ready report for a period as CSV or XLSX (it is built by the export job;
 * its progress and file are on /reports/downloads), save it — or a statistics view saved on /statistics — and have it
 * e-mailed daily, weekly or monthly. docs/decisions/insights.md "Reports, downloads and scheduled reports".
 */
import { PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { READY_REPORT_TYPES, type ReadyReportType } from '@leadgrid/shared/insights/reports';
import { EXPORT_FORMATS, type ExportFormat } from '@leadgrid/shared/insights/exports';
import { Alert, Button, Card, Flex, Form, Select, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { exportsApi } from '../../../components/export/api';
import { Page } from '../../../components/Page';
import { DayRangePicker } from '../../../components/period/DayRangePicker';
import { presetRange, type DayRange } from '../../../components/period/presets';
import { useReportsT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// the saved reports sit below the run form: their table (antd Table) loads beside the first view instead of in it
// (the screen's first-load budget, docs/decisions/web.md)
const SavedReports = lazy(() => import('./SavedReports').then((m) => ({ default: m.SavedReports })));

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const SaveReportModal = lazyWhenOpen(() => import('./SaveReportModal').then((m) => m.SaveReportModal));

export default function ReportsPage() {
  const { t } = useReportsT();
  const { timezone } = useSession();
  const navigate = useNavigate();
  const [type, setType] = useState<ReadyReportType>('affiliate_payouts');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [period, setPeriod] = useState<DayRange>(() => presetRange('monthStart', timezone));
  const [running, setRunning] = useState(false);
  const [saving, setSaving] = useState(false);
  const query = { ...period, timezone };

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
                <DayRangePicker
                  value={period}
                  tz={timezone}
                  label={t('run.period')}
                  onChange={(r) => r.dateFrom && r.dateTo && setPeriod({ dateFrom: r.dateFrom, dateTo: r.dateTo })}
                  testId="report-period"
                />
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
          <Suspense fallback={null}>
            <SavedReports />
          </Suspense>
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
