/**
 * /settings/roles (role.read): the role list with type, status and search filters; create, edit (with the
 * permission change confirmation), clone and activate/deactivate need role.update and are hidden without it.
 */
import { CopyOutlined, EyeOutlined, LockOutlined, PoweroffOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { ROLE_TYPES, type RoleType } from '@leadgrid/shared/access/permissions';
import type { Role } from '@leadgrid/shared/access/roles';
import { App, Button, Flex, Input, Segmented, Select, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useChangeRoleStatus, useCloneRole, useRoles } from '../../../api/roles';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateColumn, EditButton, RowMenu, statusColumn } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
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
  const resource = useResourceList({ filters: ['type', 'status', 'search'], useList: useRoles });
  const { table, filtered } = resource;
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
    statusColumn(t('columns.status')),
    dateColumn('createdAt', t('columns.createdAt'), timezone),
    actionsColumn(
      t('columns.actions'),
      (role) =>
        canWrite ? (
          <Flex gap={4} justify="flex-end">
            <EditButton label={t('actions.edit')} name={roleTitle(role)} onClick={() => setDrawer({ mode: 'edit', role })} />
            <RowMenu
              label={t('actions.more')}
              name={roleTitle(role)}
              testId={`role-actions-${role.id}`}
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
            />
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
      canWrite ? 112 : 64,
    ),
  ];

  const statusFilter = table.filters.status ?? 'all';

  const create = () => setDrawer({ mode: 'create' });
  return (
    <ResourceListPage<Role>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('actions.create'), onClick: create, testId: 'role-create' }}
      resource={resource}
      name="settings.roles"
      columns={columns}
      empty={
        filtered
          ? { title: t('emptyTitle'), description: t('emptyFiltered'), action: <Button onClick={table.reset}>{t('resetFilters')}</Button> }
          : emptyState(t('emptyTitle'), t('emptyText'), canWrite ? { label: t('actions.create'), onClick: create } : undefined)
      }
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
    >
      <RoleDrawer state={drawer} onClose={() => setDrawer(null)} />
    </ResourceListPage>
  );
}
