/**
 * /settings/platforms[/active|/inactive] (front.settings.platforms.read; writes platform.update): the software
 * advertisers run (their CRMs), the integration methods each supports and its integration templates. Deactivating
 * says first how many integrations it stops; deleting is refused while anything is attached, explained on screen.
 */
import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined, MoreOutlined, RightOutlined } from '@ant-design/icons';
import type { Platform } from '@leadgrid/shared/sell-side/platforms';
import { SELL_SIDE_STATUSES } from '@leadgrid/shared/sell-side/sell-side';
import { Button, Dropdown, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateColumn, EditButton } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { statusScope, StatusTabs, useStatusTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import { StatusTag } from '../../../components/StatusTag';
import type { DataColumn } from '../../../components/table/DataTable';
import { statusListEmpty } from '../parts';
import { BulkBar, SearchBox, useStatusFilters } from '../../../components/listing/parts';
import { DeleteRefusalAlert, useConfirmPlatformStatus, useDeletePlatform } from './actions';
import { usePlatforms } from './api';
import { NS } from './i18n';
import { MethodTags, PLATFORM_WRITE } from './parts';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const PlatformDrawer = lazyWhenOpen(() => import('./PlatformDrawer').then((m) => m.PlatformDrawer));

export default function PlatformsPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, PLATFORM_WRITE);
  const tab = useStatusTab();
  const resource = useResourceList({
    defaultOrderBy: 'title:asc',
    filters: ['search', 'status'],
    scope: statusScope(tab),
    useList: usePlatforms,
  });
  const { table, filtered, clearSelection } = resource;
  const statusFilters = useStatusFilters(SELL_SIDE_STATUSES);
  const status = useConfirmPlatformStatus();
  const remove = useDeletePlatform();
  const [editing, setEditing] = useState<Platform | 'new' | null>(null);
  const open = (row: Platform) => navigate(`/settings/platforms/${row.id}`);

  const columns: DataColumn<Platform>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 72 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex vertical style={{ maxWidth: 320 }}>
          <Link to={`/settings/platforms/${row.id}`} style={{ fontWeight: 600 }} data-testid="platform-row-title">
            {title}
          </Link>
          {row.description ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} style={{ fontSize: 12, maxWidth: 320 }}>
              {row.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      filters: tab === 'all' ? statusFilters : undefined,
      render: (s: string) => <StatusTag status={s} />,
    },
    { key: 'methods', title: t('fields.methods'), render: (m: Platform['methods']) => <MethodTags methods={m} /> },
    {
      key: 'templates',
      title: t('fields.templates'),
      render: (templates: Platform['templates'], row) =>
        templates.length ? (
          <Tooltip title={templates.map((x) => x.title).join(', ')}>
            <Link to={`/settings/platforms/${row.id}`} data-testid="platform-templates-count">
              {t('counts.templates', { count: templates.length })}
            </Link>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary" data-testid="platform-templates-count">
            {t('counts.none')}
          </Typography.Text>
        ),
    },
    dateColumn('createdAt', t('fields.createdAt'), timezone),
    actionsColumn(
      t('actions.actions'),
      (row) => (
        <Space size={0}>
          {canWrite ? (
            <>
              <EditButton label={t('actions.edit')} onClick={() => setEditing(row)} testId="platform-edit" />
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'status',
                      icon: row.status === 'active' ? <CloseCircleOutlined /> : <CheckCircleOutlined />,
                      label: row.status === 'active' ? t('actions.deactivate') : t('actions.activate'),
                    },
                    { type: 'divider' },
                    { key: 'delete', icon: <DeleteOutlined />, label: t('actions.delete'), danger: true },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'status') void status.run([row.id], row.status === 'active' ? 'inactive' : 'active');
                    else remove.run([{ id: row.id, title: row.title }]);
                  },
                }}
              >
                <Button type="text" icon={<MoreOutlined />} aria-label={t('actions.more')} data-testid="platform-more" />
              </Dropdown>
            </>
          ) : null}
          <Tooltip title={t('actions.open')}>
            <Button type="text" icon={<RightOutlined />} aria-label={t('actions.open')} onClick={() => open(row)} />
          </Tooltip>
        </Space>
      ),
      132,
    ),
  ];

  return (
    <ResourceListPage<Platform>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('create'), onClick: () => setEditing('new'), testId: 'platform-create' }}
      above={<DeleteRefusalAlert refusal={remove.refusal} onClose={remove.clear} />}
      resource={resource}
      name="settings.platforms"
      columns={columns}
      onRow={(row) => ({ onDoubleClick: () => open(row) })}
      selectable={canWrite}
      empty={statusListEmpty(t, { filtered, tab, create: canWrite ? () => setEditing('new') : undefined })}
      toolbar={
        <>
          <StatusTabs value={tab} base="/settings/platforms" allLabel={t('tabs.all')} testId="platform-tabs" />
          <SearchBox table={table} placeholder={t('search')} />
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={status.busy || remove.busy}
          onStatus={(next) => void status.run(ids, next, clearSelection)}
          onDelete={() =>
            remove.run(
              ids.map((id) => ({ id, title: resource.titleOf(id, (p) => p.title) })),
              clearSelection,
            )
          }
        />
      )}
    >
      <PlatformDrawer
        open={editing !== null}
        initial={editing && editing !== 'new' ? editing : null}
        onClose={() => setEditing(null)}
        onSaved={(p) => (editing === 'new' ? navigate(`/settings/platforms/${p.id}`) : undefined)}
      />
    </ResourceListPage>
  );
}
