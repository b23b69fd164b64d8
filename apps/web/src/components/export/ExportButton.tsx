/**
 * The export of a list under its current filters (architecture §5 "Exports and events"): `POST /exports {type, query}`
 * starts the job; its progress arrives as server-sent events (`export_lead`, `export_click`, `export_conversion`) on
 * `GET /events?token=…` (a short-lived token from `POST /events/token`, EventSource sends no headers); once done the
 * CSV is fetched from `GET /exports/:id/file` and saved. The button shows the progress meanwhile.
 */
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { EXPORT_EVENTS, type ExportFormat, type ExportType, type ExportView } from '@leadgrid/shared/insights/exports';
import { Button, Dropdown, Flex, Spin, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { API_BASE, type Query } from '../../api/client';
import { notify } from '../../api/notify';
import { exportsApi } from './api';
import { useExportT } from './i18n';

// the ring shows only while an export runs: loaded then, not on the first view of every list (docs/decisions/web.md)
const Progress = lazy(() => import('antd/es/progress'));

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Follows one export over server-sent events until it is done or failed (reported once); returns the closer. */
export async function followExport(type: ExportType, id: number, onEvent: (view: ExportView) => void): Promise<() => void> {
  const { token } = await exportsApi.eventsToken();
  const source = new EventSource(`${API_BASE}/events?token=${encodeURIComponent(token)}`);
  let ended = false;
  const deliver = (view: ExportView) => {
    if (ended || view.id !== id) return;
    if (view.status === 'done' || view.status === 'failed') {
      ended = true;
      source.close();
    }
    onEvent(view);
  };
  source.addEventListener(EXPORT_EVENTS[type], (event) => {
    try {
      deliver(JSON.parse((event as MessageEvent<string>).data) as ExportView);
    } catch {
      // not an export state: ignored
    }
  });
  // an export that finished before the stream was open sends no more events: read its state once
  const current = await exportsApi.state(id).catch(() => undefined);
  if (current && (current.status === 'done' || current.status === 'failed')) deliver(current);
  return () => source.close();
}

/**
 * `testId` names the button (its progress is `<testId>-progress`); `export-<type>` by default. With more than one
 * format the button opens a menu of them (`<testId>-<format>`).
 */
export function ExportButton({
  type,
  query,
  testId = `export-${type}`,
  formats = ['csv'],
}: {
  type: ExportType;
  query: Query;
  testId?: string;
  formats?: readonly ExportFormat[];
}) {
  const { t } = useExportT();
  const [state, setState] = useState<ExportView | 'starting' | null>(null);
  const close = useRef<(() => void) | null>(null);
  useEffect(() => () => close.current?.(), []);

  const finish = async (view: ExportView) => {
    close.current?.();
    close.current = null;
    setState(null);
    if (view.status === 'failed') return notify.error(t('failed'), view.error ?? undefined);
    try {
      const blob = await exportsApi.file(view.id);
      const file = view.fileName ?? `${type}-${view.id}.${format.current}`;
      saveBlob(blob, file);
      notify.success(t('done', { file }));
    } catch {
      // the client has toasted the failure
    }
  };

  const format = useRef<ExportFormat>('csv');
  const start = async (chosen: ExportFormat) => {
    format.current = chosen;
    setState('starting');
    try {
      const view = await exportsApi.start(type, query, chosen);
      setState(view);
      if (view.status === 'done' || view.status === 'failed') return void finish(view);
      close.current = await followExport(type, view.id, (next) => {
        if (next.status === 'done' || next.status === 'failed') void finish(next);
        else setState(next);
      });
    } catch {
      setState(null);
    }
  };

  const running = state !== null;
  const view = state === 'starting' ? null : state;
  const label = !view
    ? t('starting')
    : view.rowsTotal !== null
      ? t('progress', { done: view.rowsDone, total: view.rowsTotal })
      : t('progressUnknown', { done: view.rowsDone });
  return (
    <Flex align="center" gap={8}>
      {running ? (
        <Flex align="center" gap={8} data-testid={`${testId}-progress`}>
          <Suspense fallback={<Spin size="small" />}>
            <Progress type="circle" size={22} percent={view?.progress ?? 0} showInfo={false} />
          </Suspense>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 13 }}>
            {label}
          </Typography.Text>
        </Flex>
      ) : null}
      <Tooltip title={t(`hint.${type}`)}>
        {formats.length > 1 ? (
          <Dropdown
            trigger={['click']}
            disabled={running}
            menu={{
              items: formats.map((f) => ({ key: f, label: <span data-testid={`${testId}-${f}`}>{t(`format.${f}`)}</span> })),
              onClick: ({ key }) => void start(key as ExportFormat),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={running} data-testid={testId}>
              {t('button')} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        ) : (
          <Button icon={<DownloadOutlined />} loading={running} onClick={() => void start(formats[0] ?? 'csv')} data-testid={testId}>
            {t('button')}
          </Button>
        )}
      </Tooltip>
    </Flex>
  );
}
