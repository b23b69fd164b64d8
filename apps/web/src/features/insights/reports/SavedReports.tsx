/** The saved reports: run one now, delete one, see its schedule and its last sending (docs/decisions/insights.md "Reports, downloads and scheduled reports"). */
import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ReportView } from '@leadgrid/shared/insights/reports';
import { Button, Empty, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { useReportMutations, useSavedReports } from './api';
import { useReportsT } from './i18n';

export function SavedReports() {
  const { t } = useReportsT();
  const { timezone } = useSession();
  const navigate = useNavigate();
  const saved = useSavedReports();
  const m = useReportMutations();

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
    <Table<ReportView>
      rowKey="id"
      size="middle"
      loading={saved.isLoading}
      dataSource={saved.data ?? []}
      columns={columns}
      pagination={false}
      locale={{ emptyText: <Empty description={t('saved.empty')} /> }}
    />
  );
}
