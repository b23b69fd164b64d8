/**
 * /settings/hold-queue (front.settings.hold_queue.read; writes hold_queue.update): rules that hold the leads of a
 * geo during a daily window and release them in portions. The window and release times come from the same shared
 * helpers the traffic engine uses (isInHoldWindow, nextRelease), so the preview shows what will happen.
 */
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { HOLD_STATUSES, isInHoldWindow, nextRelease, type HoldConfig } from '@leadgrid/shared/engine/hold-queue';
import { Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { useActiveGeos } from '../../../api/geos';
import { BulkBar, SearchBox, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';
import { useChangeHoldStatus, useHoldConfigs } from './api';
import { NS } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

const WRITE = 'hold_queue.update';
const overnight = (w: { periodStart: string; periodEnd: string }) => w.periodEnd < w.periodStart;
const HoldDrawer = lazyWhenOpen(() => import('./HoldDrawer').then((m) => m.HoldDrawer));

export default function HoldQueuePage() {
  const { t } = useTranslation(NS);
  const { access, timezone } = useSession();
  const canWrite = allowed(access, WRITE);
  const resource = useResourceList({ defaultOrderBy: 'id:desc', filters: ['search', 'status', 'geoId'], useList: useHoldConfigs });
  const { table, clearSelection } = resource;
  const geos = useActiveGeos();
  const changeStatus = useChangeHoldStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const statusFilters = useStatusFilters(HOLD_STATUSES);
  const [editing, setEditing] = useState<HoldConfig | 'new' | null>(null);
  const [now] = useState(() => new Date());

  const columns: DataColumn<HoldConfig>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 80 },
    {
      key: 'geo',
      title: t('fields.geo'),
      sortable: true,
      alwaysVisible: true,
      render: (_, row) => <Typography.Text strong>{row.geo.title}</Typography.Text>,
    },
    {
      key: 'periodStart',
      title: t('fields.window'),
      sortable: true,
      render: (_, row) => (
        <Space size={6} wrap>
          <Typography.Text style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="hold-window">
            {row.periodStart} – {row.periodEnd}
          </Typography.Text>
          {overnight(row) ? <Tag color="purple">{t('overnight')}</Tag> : null}
          {row.status === 'active' && isInHoldWindow(row, now) ? <Tag color="warning">{t('inWindowNow')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'timezone', title: t('fields.timezone'), sortable: true },
    { key: 'interval', title: t('fields.interval'), sortable: true, render: (v: number) => t('everyMinutes', { count: v }) },
    { key: 'fresh', title: t('fields.fresh'), sortable: true, align: 'right' },
    { key: 'old', title: t('fields.old'), sortable: true, align: 'right' },
    {
      key: 'nextRelease',
      title: t('fields.nextRelease'),
      render: (_, row) =>
        row.status === 'active' ? (
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(nextRelease(row, now).getTime() / 1000, timezone)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { key: 'status', title: t('fields.status'), sortable: true, filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      sortable: true,
      render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</Typography.Text>,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: '',
      settingsLabel: t('actions.edit'),
      alwaysVisible: true,
      width: 56,
      align: 'right',
      fixed: 'right',
      render: (_, row) => (
        <Tooltip title={t('actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('actions.edit')}
            onClick={() => setEditing(row)}
            data-testid="hold-edit"
          />
        </Tooltip>
      ),
    });
  }

  return (
    <ResourceListPage<HoldConfig>
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="hold-create">
            {t('create')}
          </Button>
        ) : undefined
      }
      resource={resource}
      name="settings.holdQueue"
      columns={columns}
      selectable={canWrite}
      empty={{
        title: t('emptyTitle'),
        description: t('emptyText'),
        action: canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('create')}
          </Button>
        ) : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('search')} />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={table.filters.geoId ? Number(table.filters.geoId) : undefined}
            onChange={(v?: number) => table.setFilters({ geoId: v ?? null })}
            options={(geos.data ?? []).map((g) => ({ value: g.id, label: g.title }))}
            placeholder={t('placeholders.geoFilter')}
            aria-label={t('placeholders.geoFilter')}
            style={{ width: 200 }}
          />
        </>
      }
      bulk={(ids) => (
        <BulkBar count={ids.length} onClear={clearSelection} busy={changeStatus.isPending} onStatus={(status) => bulkStatus(ids, status)} />
      )}
    >
      <HoldDrawer open={editing !== null} initial={editing && editing !== 'new' ? editing : null} onClose={() => setEditing(null)} />
    </ResourceListPage>
  );
}
