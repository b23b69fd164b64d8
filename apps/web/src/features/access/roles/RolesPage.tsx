/**
 * /settings/roles (role.read): the role list with type, status and search filters; create, edit (with the
 * permission change confirmation), clone and activate/deactivate need role.update and are hidden without it.
 */
import {
  CopyOutlined,
  EditOutlined,
  EyeOutlined,
  LockOutlined,
  MoreOutlined,
  PlusOutlined,
  PoweroffOutlined,
  SearchOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { ROLE_TYPES, type RoleType } from '@leadgrid/shared/access/permissions';
import type { Role } from '@leadgrid/shared/access/roles';
import { App, Button, Card, Dropdown, Flex, Input, Segmented, Select, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useChangeRoleStatus, useCloneRole, useRoles } from '../../../api/roles';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDate } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { useRolesT } from './i18n';
import { RoleDrawer, type RoleDrawerState } from './RoleDrawer';
import { useRoleTitle } from '../../../components/roleTitle';

const TYPE_COLORS: Record<RoleType, string> = {
  admin: 'magenta',
  affiliate_manager: 'geekblue',
  advertiser_manager: 'cyan',
  advertiser_member: 'orange',
  employee: 'purple',
  affiliate: 'green',
};

/** A search box that writes to the URL a moment after typing stops. */
function SearchBox({
  value,
  onSearch,
  placeholder,
}: {
  value: string | undefined;
  onSearch: (v: string | null) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === (value ?? '')) return;
    const timer = setTimeout(() => onSearch(next || null), 350);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      style={{ width: 240 }}
      aria-label={placeholder}
      data-testid="roles-search"
    />
  );
}

export default function RolesPage() {
  const { t } = useRolesT();
  const roleTitle = useRoleTitle();
  const { modal } = App.useApp();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, 'role.update');
  const table = useTable({ filters: ['type', 'status', 'search'] });
  const roles = useRoles(table.query);
  const changeStatus = useChangeRoleStatus();
  const clone = useCloneRole();
  const [drawer, setDrawer] = useState<RoleDrawerState>(null);
  const { setFilters } = table;
  const onSearch = useCallback((v: string | null) => setFilters({ search: v }), [setFilters]);

  const confirmStatus = (role: Role) => {
    const next = role.status === 'active' ? 'inactive' : 'active';
    modal.confirm({
      title: t(next === 'active' ? 'status.activateTitle' : 'status.deactivateTitle', { title: roleTitle(role) }),
      content: t(next === 'active' ? 'status.activateText' : 'status.deactivateText'),
      okText: t(next === 'active' ? 'status.activate' : 'status.deactivate'),
      okButtonProps: { danger: next === 'inactive' },
      cancelText: t('common.cancel'),
      // a refusal (409 assigned to users, 422 system role) is toasted with the server's message by the client
      onOk: () => changeStatus.mutateAsync({ id: role.id, status: next }).catch(() => undefined),
    });
  };

  const cloneRole = async (role: Role) => {
    try {
      const [copy] = (await clone.mutateAsync(role.id)).items;
      if (copy) setDrawer({ mode: 'edit', role: copy });
    } catch {
      // toasted by the client
    }
  };

  const columns: DataColumn<Role>[] = [
    {
      key: 'title',
      title: t('columns.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, role) => (
        <Flex align="center" gap={8}>
          <Button
            type="link"
            onClick={() => setDrawer({ mode: canWrite ? 'edit' : 'view', role })}
            style={{ padding: 0, height: 'auto', fontWeight: 600 }}
          >
            {roleTitle(role)}
          </Button>
          {role.system ? (
            <Tooltip title={t('systemHint')}>
              <Tag icon={<LockOutlined />} color="blue" variant="filled" style={{ marginInlineEnd: 0 }} data-testid="system-badge">
                {t('system')}
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('columns.type'),
      sortable: true,
      render: (_v, role) => (
        <Tag color={TYPE_COLORS[role.type]} variant="outlined" style={{ marginInlineEnd: 0 }}>
          {t(`types.${role.type}`)}
        </Tag>
      ),
    },
    {
      key: 'permissions',
      title: t('columns.permissions'),
      align: 'right',
      render: (_v, role) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{role.permissions.length}</span>,
    },
    {
      key: 'usersCount',
      title: t('columns.usersCount'),
      align: 'right',
      render: (_v, role) => (
        <Flex align="center" justify="flex-end" gap={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <TeamOutlined style={{ opacity: 0.45 }} />
          {role.usersCount}
        </Flex>
      ),
    },
    { key: 'status', title: t('columns.status'), sortable: true, render: (_v, role) => <StatusTag status={role.status} /> },
    { key: 'createdAt', title: t('columns.createdAt'), sortable: true, render: (_v, role) => formatDate(role.createdAt, timezone) },
    {
      key: 'actions',
      title: '',
      settingsLabel: t('columns.actions'),
      alwaysVisible: true,
      align: 'right',
      width: canWrite ? 112 : 64,
      render: (_v, role) =>
        canWrite ? (
          <Flex gap={4} justify="flex-end">
            <Tooltip title={t('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                onClick={() => setDrawer({ mode: 'edit', role })}
                aria-label={`${t('actions.edit')}: ${roleTitle(role)}`}
              />
            </Tooltip>
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  { key: 'clone', icon: <CopyOutlined />, label: t('actions.clone') },
                  {
                    key: 'status',
                    icon: <PoweroffOutlined />,
                    label: role.status === 'active' ? t('status.deactivate') : t('status.activate'),
                    danger: role.status === 'active',
                  },
                ],
                onClick: ({ key }) => {
                  if (key === 'clone') void cloneRole(role);
                  if (key === 'status') confirmStatus(role);
                },
              }}
            >
              <Button
                type="text"
                icon={<MoreOutlined />}
                aria-label={`${t('actions.more')}: ${roleTitle(role)}`}
                data-testid={`role-actions-${role.id}`}
              />
            </Dropdown>
          </Flex>
        ) : (
          <Tooltip title={t('actions.view')}>
            <Button
              type="text"
              icon={<EyeOutlined />}
              onClick={() => setDrawer({ mode: 'view', role })}
              aria-label={`${t('actions.view')}: ${roleTitle(role)}`}
            />
          </Tooltip>
        ),
    },
  ];

  const statusFilter = table.filters.status ?? 'all';

  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'create' })} data-testid="role-create">
            {t('actions.create')}
          </Button>
        ) : null
      }
    >
      <Card variant="borderless">
        <DataTable<Role>
          name="settings.roles"
          columns={columns}
          table={table}
          data={roles.data}
          loading={roles.isFetching}
          error={roles.error}
          onRetry={() => void roles.refetch()}
          empty={{
            title: t('emptyTitle'),
            description: table.filters.search || table.filters.type || table.filters.status ? t('emptyFiltered') : t('emptyText'),
            action:
              table.filters.search || table.filters.type || table.filters.status ? (
                <Button onClick={table.reset}>{t('resetFilters')}</Button>
              ) : canWrite ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'create' })}>
                  {t('actions.create')}
                </Button>
              ) : undefined,
          }}
          toolbar={
            <>
              <SearchBox value={table.filters.search} onSearch={onSearch} placeholder={t('filters.search')} />
              <Select
                allowClear
                placeholder={t('filters.type')}
                value={table.filters.type}
                onChange={(v: string | undefined) => setFilters({ type: v ?? null })}
                options={ROLE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
                style={{ width: 200 }}
                aria-label={t('filters.type')}
              />
              <Segmented
                value={statusFilter}
                onChange={(v) => setFilters({ status: v === 'all' ? null : String(v) })}
                options={[
                  { value: 'all', label: t('filters.all') },
                  { value: 'active', label: t('status.active') },
                  { value: 'inactive', label: t('status.inactive') },
                ]}
              />
            </>
          }
        />
      </Card>
      <RoleDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Page>
  );
}
