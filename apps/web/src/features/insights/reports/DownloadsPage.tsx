/**
 * /reports/downloads (`front.reports.downloads.read`): every export and report of the user, newest first, with its
 * status, live progress (the export events on `GET /events`), size, creation and expiry time; a finished file is
 * downloaded, any is deleted; once the retention removed a file the row says it expired.
 */
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { EXPORT_EVENTS, type ExportView } from '@leadgrid/shared/insights/exports';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { API_BASE, type Query } from '../../../api/client';
import { useSession } from '../../../app/session';
import { exportsApi } from '../../../components/export/api';
import { saveBlob } from '../../../components/export/ExportButton';
import { formatDateTime } from '../../../components/format';
import { actionsColumn, dateTimeColumn } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { DOWNLOADS_PAGE, reportKeys, useDownloads, useReportMutations } from './api';
import { useReportsT } from './i18n';

const STATUS_COLORS = { pending: 'default', running: 'processing', done: 'success', failed: 'error', expired: 'warning' } as const;

/** bytes as B / KB / MB */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Keeps the listed exports current from the events stream while the page is open. */
function useLiveExports(query: Query) {
  const client = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let closed = false;
    void exportsApi
      .eventsToken()
      .then(({ token }) => {
        if (closed) return;
        source = new EventSource(`${API_BASE}/events?token=${encodeURIComponent(token)}`);
        const apply = (event: Event) => {
          let view: ExportView;
          try {
            view = JSON.parse((event as MessageEvent<string>).data) as ExportView;
          } catch {
            return;
          }
          const key = reportKeys.downloads(query);
          const current = client.getQueryData<{ items: ExportView[] }>(key);
          if (current?.items.some((e) => e.id === view.id))
            client.setQueryData(key, { ...current, items: current.items.map((e) => (e.id === view.id ? view : e)) });
          else void client.invalidateQueries({ queryKey: reportKeys.allDownloads });
        };
        for (const name of new Set(Object.values(EXPORT_EVENTS))) source.addEventListener(name, apply);
      })
      .catch(() => undefined);
    return () => {
      closed = true;
      source?.close();
    };
  }, [client, query]);
}

export default function DownloadsPage() {
  const { t } = useReportsT();
  const { timezone } = useSession();
  const resource = useResourceList({ defaultLimit: DOWNLOADS_PAGE, useList: useDownloads });
  const m = useReportMutations();
  useLiveExports(resource.query);

  const download = async (e: ExportView) => {
    const blob = await exportsApi.file(e.id);
    saveBlob(blob, e.fileName ?? `export-${e.id}`);
  };

  const columns: DataColumn<ExportView>[] = [
    {
      key: 'type',
      title: t('downloads.type'),
      alwaysVisible: true,
      render: (_, e) => (
        <Space direction="vertical" size={0}>
          <span>{t(`types.${e.type}`, { defaultValue: e.type })}</span>
          {e.fileName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.fileName}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('downloads.status'),
      render: (_, e) => (
        <Tooltip title={e.status === 'expired' ? t('downloads.expired') : (e.error ?? undefined)}>
          <Tag color={STATUS_COLORS[e.status]} data-testid={`download-status-${e.id}`}>
            {t(`statuses.${e.status}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'progress',
      title: t('downloads.progress'),
      width: 220,
      render: (_, e) =>
        e.status === 'failed' ? (
          <Typography.Text type="danger" style={{ fontSize: 13 }}>
            {e.error}
          </Typography.Text>
        ) : e.status === 'expired' ? (
          <Typography.Text type="secondary">{t('downloads.expired')}</Typography.Text>
        ) : (
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Progress
              percent={e.progress}
              size="small"
              status={e.status === 'done' ? 'success' : 'active'}
              data-testid={`download-progress-${e.id}`}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.rowsTotal !== null
                ? t('downloads.rows', { done: e.rowsDone, total: e.rowsTotal })
                : t('downloads.rowsUnknown', { done: e.rowsDone })}
            </Typography.Text>
          </Space>
        ),
    },
    { key: 'size', title: t('downloads.size'), render: (_, e) => formatSize(e.fileSize) },
    // the server answers newest first and sorts by nothing else
    { ...dateTimeColumn<ExportView>('createdAt', t('downloads.created'), timezone), sortable: false },
    {
      key: 'expires',
      title: t('downloads.expires'),
      render: (_, e) =>
        e.status === 'expired' ? (
          <Typography.Text type="warning">{t('statuses.expired')}</Typography.Text>
        ) : (
          formatDateTime(e.expiresAt, timezone)
        ),
    },
    {
      ...actionsColumn<ExportView>(t('downloads.actions'), (e) => (
        <Space>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={e.status !== 'done'}
            onClick={() => void download(e).catch(() => undefined)}
            data-testid={`download-file-${e.id}`}
          >
            {t('downloads.download')}
          </Button>
          <Popconfirm title={t('downloads.confirmDelete')} onConfirm={() => m.removeDownload.mutateAsync(e.id)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('downloads.delete')} />
          </Popconfirm>
        </Space>
      )),
      // as wide as its two buttons in either language
      width: undefined,
    },
  ];

  return (
    <ResourceListPage<ExportView>
      title={t('downloadsTitle')}
      subtitle={t('downloadsSubtitle')}
      resource={resource}
      name="reports.downloads"
      size="middle"
      columns={columns}
      empty={{ description: t('downloads.empty') }}
      onRow={(e) => ({ 'data-testid': `download-${e.id}` }) as never}
    />
  );
}
