/**
 * /settings/integration-templates[/active|/inactive] (front.settings.integration_templates.read; writes
 * integration_template.update): how to integrate with one platform for one vertical. A row opens
 * /settings/integration-templates/{id}/general; create, clone, activate and deactivate.
 */
import { CheckCircleOutlined, CloseCircleOutlined, CopyOutlined, MoreOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import type { IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import { Button, Dropdown, Flex, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateTimeColumn } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { statusScope, StatusTabs, useStatusTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import { StatusTag } from '../../../components/StatusTag';
import type { DataColumn } from '../../../components/table/DataTable';
import { BulkBar, SearchBox, useBulkStatus, useConfirmStatus, useStatusFilters } from '../../../components/listing/parts';
import { OWNER_WRITE, useActivePlatforms, useActiveVerticals, useChangeTemplateStatus, useTemplates } from './api';
import { TEMPLATES_PATH, useCloneTemplate } from './actions';
import { useIntT } from './i18n';
import { MethodTags } from './labels';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const TemplateDrawer = lazyWhenOpen(() => import('./TemplateDrawer').then((m) => m.TemplateDrawer));

const BASE = TEMPLATES_PATH;

export default function TemplatesPage() {
  const { t } = useIntT();
  const navigate = useNavigate();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, OWNER_WRITE.template);
  const tab = useStatusTab();
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: ['search', 'platformId', 'verticalId', 'status'],
    scope: statusScope(tab),
    useList: useTemplates,
  });
  const { table, clearSelection } = resource;
  const platforms = useActivePlatforms();
  const verticals = useActiveVerticals();
  const changeStatus = useChangeTemplateStatus();
  const confirmStatus = useConfirmStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const cloneTemplate = useCloneTemplate();
  const [creating, setCreating] = useState(false);
  const open = (row: IntegrationTemplate) => navigate(`${BASE}/${row.id}/general`);
  const filtered = Boolean(table.filters.search || table.filters.platformId || table.filters.verticalId);

  const columns: DataColumn<IntegrationTemplate>[] = [
    { key: 'id', title: t('templates.fields.id'), sortable: true, width: 72 },
    {
      key: 'title',
      title: t('templates.fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex vertical style={{ maxWidth: 300 }}>
          <Typography.Link strong onClick={() => open(row)} data-testid="template-row-title">
            {title}
          </Typography.Link>
          {row.description ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} style={{ fontSize: 12, maxWidth: 300 }}>
              {row.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'platform',
      title: t('templates.fields.platformVertical'),
      settingsLabel: t('templates.fields.platformVertical'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{row.platform.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {row.vertical.title}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'methods',
      title: t('templates.fields.methods'),
      render: (_, row) => (
        <div style={{ maxWidth: 190 }}>
          <MethodTags methods={row.integrationMethodsRestrictions} />
        </div>
      ),
    },
    {
      key: 'status',
      title: t('templates.fields.status'),
      sortable: true,
      filters: tab === 'all' ? statusFilters : undefined,
      render: (s: string) => <StatusTag status={s} />,
    },
    dateTimeColumn('createdAt', t('templates.fields.createdAt'), timezone),
    actionsColumn(
      t('templates.actions'),
      (row) => {
        const next = row.status === 'active' ? 'inactive' : 'active';
        return (
          <Space size={0}>
            {canWrite ? (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'clone', icon: <CopyOutlined />, label: t('templates.clone'), onClick: () => cloneTemplate(row) },
                    {
                      key: 'status',
                      icon: next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />,
                      label: next === 'active' ? t('templates.activate') : t('templates.deactivate'),
                      onClick: () => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id: row.id, status: next }])),
                    },
                  ],
                }}
              >
                <Button type="text" icon={<MoreOutlined />} aria-label={t('templates.actions')} data-testid="template-actions" />
              </Dropdown>
            ) : null}
            <Tooltip title={t('templates.open')}>
              <Button type="text" icon={<RightOutlined />} aria-label={t('templates.open')} onClick={() => open(row)} />
            </Tooltip>
          </Space>
        );
      },
      88,
    ),
  ];

  return (
    <ResourceListPage<IntegrationTemplate>
      title={t('templates.title')}
      subtitle={t('templates.subtitle')}
      create={canWrite && { label: t('templates.create'), onClick: () => setCreating(true), testId: 'template-create' }}
      resource={resource}
      name="integration-templates"
      columns={columns}
      selectable={canWrite}
      empty={
        filtered
          ? { title: t('templates.emptyFilteredTitle'), description: t('templates.emptyFiltered') }
          : {
              title: t('templates.emptyTitle'),
              description: t('templates.emptyText'),
              action: canWrite ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('templates.create')}
                </Button>
              ) : undefined,
            }
      }
      toolbar={
        <>
          <StatusTabs value={tab} base={BASE} label={(k) => t(`templates.tabs.${k}`)} testId="template-tabs" />
          <SearchBox table={table} placeholder={t('templates.search')} />
          <Select
            allowClear
            value={table.filters.platformId ? Number(table.filters.platformId) : undefined}
            onChange={(v?: number) => table.setFilters({ platformId: v ?? null })}
            options={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
            placeholder={t('templates.fields.platform')}
            aria-label={t('templates.fields.platform')}
            style={{ width: 180 }}
            data-testid="template-platform-filter"
          />
          <Select
            allowClear
            value={table.filters.verticalId ? Number(table.filters.verticalId) : undefined}
            onChange={(v?: number) => table.setFilters({ verticalId: v ?? null })}
            options={(verticals.data ?? []).map((v) => ({ value: v.id, label: v.title }))}
            placeholder={t('templates.fields.vertical')}
            aria-label={t('templates.fields.vertical')}
            style={{ width: 180 }}
            data-testid="template-vertical-filter"
          />
        </>
      }
      bulk={(ids) => (
        <BulkBar count={ids.length} onClear={clearSelection} busy={changeStatus.isPending} onStatus={(next) => bulkStatus(ids, next)} />
      )}
    >
      <TemplateDrawer open={creating} onClose={() => setCreating(false)} onCreated={(tpl) => navigate(`${BASE}/${tpl.id}/general`)} />
    </ResourceListPage>
  );
}
