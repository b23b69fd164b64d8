/**
 * /settings/payment-methods[/active|/inactive]: staff holding payment_method.update manage the payment methods;
 * affiliates (no permission needed) manage their own withdrawal methods here. The server enforces both scopes.
 */
import { DeleteOutlined, RightOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PaymentMethod, WithdrawalMethod } from '@leadgrid/shared/money/payments';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateTimeColumn, EditButton, statusColumn } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { statusScope, StatusTabs, useStatusTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import type { TableState } from '../../../components/table/useTable';
import { BulkBar, SearchBox, useBulkStatus, useConfirmDelete } from '../../../components/listing/parts';
import {
  useChangePaymentMethodStatus,
  useChangeWithdrawalStatus,
  useDeleteWithdrawalMethods,
  usePaymentMethods,
  useUpdateWithdrawalMethods,
  useWithdrawalMethods,
} from '../../../api/paymentMethods';
import { NS } from './i18n';
import { PaymentMethodDrawer } from './PaymentMethodDrawer';
import { WithdrawalDrawer } from './WithdrawalDrawer';

/** the toolbar of both lists: the status tabs and the search */
function Toolbar({ table }: { table: TableState }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <StatusTabs value={useStatusTab()} base="/settings/payment-methods" allLabel={t('tabs.all')} />
      <SearchBox table={table} placeholder={t('search')} />
    </>
  );
}

/** Field labels of a method, required ones marked. */
export function FieldTags({ fields }: { fields: PaymentMethod['fields'] }) {
  const { t } = useTranslation(NS);
  if (!fields.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap style={{ maxWidth: 380 }}>
      {fields.map((f) => (
        <Tooltip
          key={f.name}
          title={`${f.name} · ${f.required ? t('requiredTag') : t('optionalTag')}${f.pattern ? ` · ${f.pattern}` : ''}`}
        >
          <Tag color={f.required ? 'geekblue' : undefined} style={{ marginInlineEnd: 0 }}>
            {f.title}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

function StaffPaymentMethods() {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const resource = useResourceList({
    defaultOrderBy: 'title:asc',
    filters: ['search'],
    scope: statusScope(useStatusTab()),
    useList: usePaymentMethods,
  });
  const changeStatus = useChangePaymentMethodStatus();
  const bulkStatus = useBulkStatus(changeStatus, resource.clearSelection);
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);

  const columns: DataColumn<PaymentMethod>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 80 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex vertical style={{ lineHeight: 1.3, maxWidth: 360 }}>
          <Link to={`/settings/payment-methods/${row.id}`} style={{ fontWeight: 600 }}>
            {title}
          </Link>
          {row.description ? (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 360 }}>
              {row.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'fields', title: t('fields.fields'), render: (_, row) => <FieldTags fields={row.fields} /> },
    {
      key: 'currencies',
      title: t('fields.currencies'),
      render: (codes: string[]) =>
        codes.length ? <Typography.Text style={{ fontFamily: 'ui-monospace, monospace' }}>{codes.join(', ')}</Typography.Text> : '—',
    },
    statusColumn(t('fields.status')),
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
    actionsColumn(
      t('actions.edit'),
      (row) => (
        <Space size={0}>
          <EditButton label={t('actions.edit')} onClick={() => setEditing(row)} />
          <Link to={`/settings/payment-methods/${row.id}`}>
            <Button type="text" icon={<RightOutlined />} aria-label={t('actions.open')} />
          </Link>
        </Space>
      ),
      96,
    ),
  ];

  return (
    <ResourceListPage<PaymentMethod>
      title={t('title')}
      subtitle={t('subtitle')}
      create={{ label: t('create'), onClick: () => setEditing('new'), testId: 'payment-method-create' }}
      resource={resource}
      name="settings.paymentMethods"
      columns={columns}
      selectable
      empty={emptyState(t('emptyTitle'), t('emptyText'), { label: t('create'), onClick: () => setEditing('new') })}
      toolbar={<Toolbar table={resource.table} />}
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={resource.clearSelection}
          busy={changeStatus.isPending}
          onStatus={(status) => bulkStatus(ids, status)}
        />
      )}
    >
      <PaymentMethodDrawer
        open={editing !== null}
        initial={editing && editing !== 'new' ? editing : null}
        onClose={() => setEditing(null)}
      />
    </ResourceListPage>
  );
}

/** The filled-in details, labelled by the method's fields. */
export function ValuesList({ method, values }: { method: WithdrawalMethod['paymentMethod']; values: Record<string, string> }) {
  const filled = method.fields.filter((f) => values[f.name]);
  if (!filled.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={0} style={{ lineHeight: 1.4 }}>
      {filled.map((f) => (
        <Typography.Text key={f.name} style={{ fontSize: 13 }}>
          <Typography.Text type="secondary">{f.title}: </Typography.Text>
          <span style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>{values[f.name]}</span>
        </Typography.Text>
      ))}
    </Flex>
  );
}

function AffiliateWithdrawalMethods() {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const resource = useResourceList({
    defaultOrderBy: 'createdAt:desc',
    filters: ['search'],
    scope: statusScope(useStatusTab()),
    useList: useWithdrawalMethods,
  });
  const changeStatus = useChangeWithdrawalStatus();
  const bulkStatus = useBulkStatus(changeStatus, resource.clearSelection);
  const update = useUpdateWithdrawalMethods();
  const remove = useDeleteWithdrawalMethods();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<WithdrawalMethod | 'new' | null>(null);

  const askDelete = (ids: number[]) =>
    confirmDelete(ids.length, t('withdrawal.deleteTitle', { count: ids.length }), t('withdrawal.deleteText'), async () => {
      await remove.mutateAsync(ids);
      resource.setSelected((s) => s.filter((id) => !ids.includes(id)));
    });

  const columns: DataColumn<WithdrawalMethod>[] = [
    {
      key: 'title',
      title: t('withdrawal.titleLabel'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex gap={8} align="center" wrap>
          <Link to={`/settings/payment-methods/${row.id}`} style={{ fontWeight: 600 }} data-testid="withdrawal-title">
            {title}
          </Link>
          {row.isDefault ? (
            <Tag icon={<StarFilled />} color="gold" data-testid="withdrawal-default">
              {t('withdrawal.default')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    { key: 'paymentMethod', title: t('withdrawal.method'), sortable: true, render: (_, row) => row.paymentMethod.title },
    { key: 'values', title: t('withdrawal.details'), render: (_, row) => <ValuesList method={row.paymentMethod} values={row.values} /> },
    statusColumn(t('fields.status')),
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
    actionsColumn(
      t('actions.edit'),
      (row) => (
        <Space size={0}>
          {!row.isDefault && row.status === 'active' ? (
            <Tooltip title={t('withdrawal.setDefault')}>
              <Button
                type="text"
                icon={<StarOutlined />}
                aria-label={t('withdrawal.setDefault')}
                loading={update.isPending}
                onClick={() => void update.mutateAsync([{ id: row.id, isDefault: true }])}
              />
            </Tooltip>
          ) : null}
          <EditButton label={t('actions.edit')} onClick={() => setEditing(row)} />
          <Tooltip title={t('actions.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} onClick={() => askDelete([row.id])} />
          </Tooltip>
        </Space>
      ),
      132,
    ),
  ];

  return (
    <ResourceListPage<WithdrawalMethod>
      title={t('withdrawal.title')}
      subtitle={t('withdrawal.subtitle')}
      create={{ label: t('withdrawal.create'), onClick: () => setEditing('new'), testId: 'withdrawal-create' }}
      resource={resource}
      name="settings.withdrawalMethods"
      columns={columns}
      selectable
      empty={emptyState(t('withdrawal.emptyTitle'), t('withdrawal.emptyText'), {
        label: t('withdrawal.create'),
        onClick: () => setEditing('new'),
      })}
      toolbar={<Toolbar table={resource.table} />}
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={resource.clearSelection}
          busy={changeStatus.isPending || remove.isPending}
          onStatus={(status) => bulkStatus(ids, status)}
          onDelete={() => askDelete(ids)}
        />
      )}
    >
      <WithdrawalDrawer open={editing !== null} initial={editing && editing !== 'new' ? editing : null} onClose={() => setEditing(null)} />
    </ResourceListPage>
  );
}

export default function PaymentMethodsPage() {
  const { access } = useSession();
  return access && isAffiliate(access) ? <AffiliateWithdrawalMethods /> : <StaffPaymentMethods />;
}
