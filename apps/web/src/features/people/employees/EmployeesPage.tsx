/**
 * /employees/{active|inactive|blocked|all} (front.menu.employees.read): administrators, affiliate managers,
 * advertiser managers and employees, with filters (search, role type, role, created range), create / edit and
 * status changes (a block asks for a reason). Writes need user.update; only administrators edit administrators.
 */
import { EditOutlined, SafetyCertificateOutlined, SwapOutlined } from '@ant-design/icons';
import { EMPLOYEE_ROLE_TYPES, type Employee } from '@leadgrid/shared/people/people';
import { Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateColumn, idColumn, RowMenu } from '../../../components/list/columns';
import { CreatedRangeFilter } from '../../../components/list/filters';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs, useRouteTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { StatusCell } from '../../../components/person/parts';
import { personName } from '@leadgrid/shared/people/names';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { EMPLOYEE_WRITE, useEmployees, useStaffRoles } from './api';
import { useEmployeesT } from './i18n';
import { RoleLabel } from './RoleLabel';
import type { EmployeeStatus } from './StatusModal';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useRoleTitle } from '../../../components/roleTitle';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const EmployeeDrawer = lazyWhenOpen(() => import('./EmployeeDrawer').then((m) => m.EmployeeDrawer));
const StatusModal = lazyWhenOpen(
  () => import('./StatusModal').then((m) => m.StatusModal),
  (p) => p.ids !== null,
);

const TABS = ['active', 'inactive', 'blocked', 'all'] as const;
const FILTERS = ['search', 'roleType', 'roleId', 'createdFrom', 'createdTo'] as const;

export default function EmployeesPage() {
  const { t } = useEmployeesT();
  const roleTitle = useRoleTitle();
  const { access, user, timezone } = useSession();
  const navigate = useNavigate();
  const canWrite = allowed(access, EMPLOYEE_WRITE);
  const canReadRoles = allowed(access, 'role.read');
  const tab = useRouteTab(TABS, 2, 'all');
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: FILTERS,
    scope: { status: tab === 'all' ? undefined : tab },
    useList: useEmployees,
  });
  const { table, filtered, clearSelection } = resource;
  const roles = useStaffRoles(canReadRoles);
  const [drawer, setDrawer] = useState<{ employee: Employee | null } | null>(null);
  const [status, setStatus] = useState<{ ids: number[]; name?: string; current?: EmployeeStatus; initial?: EmployeeStatus } | null>(null);
  const f = table.filters;

  const columns: DataColumn<Employee>[] = [
    idColumn(t('columns.id')),
    {
      key: 'name',
      title: t('columns.name'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ minWidth: 180, lineHeight: 1.3 }}>
          <Flex gap={6} align="center">
            <Link to={`/employees/${row.id}`} style={{ fontWeight: 600 }} data-testid="employee-name">
              {personName(row)}
            </Link>
            {row.id === user?.id ? <Tag style={{ marginInlineEnd: 0, fontSize: 11 }}>{t('you')}</Tag> : null}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'role',
      title: t('columns.role'),
      render: (_v, row) => <RoleLabel title={roleTitle(row.role)} type={row.role.type} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortable: true,
      render: (_v, row) => <StatusCell status={row.status} reason={row.blockReason} />,
    },
    {
      key: 'permissions',
      title: t('columns.permissions'),
      render: (_v, row) =>
        row.hasCustomPermissions ? (
          <Tooltip title={t('customHint')}>
            <Tag color="gold" icon={<SafetyCertificateOutlined />} style={{ marginInlineEnd: 0 }}>
              {t('custom')}
            </Tag>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('fromRole')}</Typography.Text>
        ),
    },
    {
      key: 'managed',
      title: t('columns.managed'),
      render: (_v, row) =>
        row.managedAffiliatesCount || row.managedTeamsCount ? (
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {t('managedLine', { affiliates: row.managedAffiliatesCount, teams: row.managedTeamsCount })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    dateColumn('lastActivityAt', t('columns.lastActivityAt'), timezone),
    dateColumn('createdAt', t('columns.createdAt'), timezone),
  ];
  if (canWrite) {
    columns.push(
      actionsColumn(t('columns.actions'), (row) =>
        row.editable ? (
          <RowMenu
            label={t('actions.more')}
            name={personName(row)}
            testId={`employee-actions-${row.id}`}
            menu={{
              items: [
                { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
                ...(row.id !== user?.id ? [{ key: 'status', icon: <SwapOutlined />, label: t('actions.status') }] : []),
              ],
              onClick: ({ key }) => {
                if (key === 'edit') setDrawer({ employee: row });
                if (key === 'status') setStatus({ ids: [row.id], name: personName(row), current: row.status });
              },
            }}
          />
        ) : null,
      ),
    );
  }

  const roleOptions = (roles.data ?? [])
    .filter((r) => !f.roleType || f.roleType.split(',').includes(r.type))
    .map((r) => ({ value: String(r.id), label: r.title }));

  return (
    <ResourceListPage<Employee>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('actions.create'), onClick: () => setDrawer({ employee: null }), testId: 'employee-create' }}
      tabs={<RouteTabs tabs={TABS} value={tab} base="/employees" label={(v) => t(`tabs.${v}`)} />}
      resource={resource}
      name="employees"
      size="middle"
      columns={columns}
      selectable={canWrite && { getCheckboxProps: (row) => ({ disabled: !row.editable || row.id === user?.id }) }}
      empty={{
        title: t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : t('emptyText'),
        action: filtered ? <Button onClick={table.reset}>{t('filters.reset')}</Button> : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('filters.search')} />
          <Select
            allowClear
            mode="multiple"
            maxTagCount="responsive"
            value={f.roleType ? f.roleType.split(',') : []}
            onChange={(v: string[]) => table.setFilters({ roleType: v, roleId: null })}
            placeholder={t('filters.roleType')}
            options={EMPLOYEE_ROLE_TYPES.map((value) => ({ value, label: t(`roleTypes.${value}`) }))}
            style={{ width: 220 }}
            aria-label={t('filters.roleType')}
          />
          {canReadRoles ? (
            <Select
              allowClear
              mode="multiple"
              maxTagCount="responsive"
              value={f.roleId ? f.roleId.split(',') : []}
              onChange={(v: string[]) => table.setFilters({ roleId: v })}
              placeholder={t('filters.role')}
              options={roleOptions}
              loading={roles.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 200 }}
              aria-label={t('filters.role')}
            />
          ) : null}
          <CreatedRangeFilter table={table} />
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          extra={
            <Button size="small" icon={<SwapOutlined />} onClick={() => setStatus({ ids })}>
              {t('actions.status')}
            </Button>
          }
        />
      )}
    >
      <EmployeeDrawer
        open={drawer !== null}
        employee={drawer?.employee ?? null}
        onClose={() => setDrawer(null)}
        onSaved={(saved) => {
          if (!drawer?.employee) navigate(`/employees/${saved.id}`);
        }}
      />
      <StatusModal
        ids={status?.ids ?? null}
        name={status?.name}
        current={status?.current}
        initial={status?.initial}
        onClose={() => setStatus(null)}
        onDone={clearSelection}
      />
    </ResourceListPage>
  );
}
