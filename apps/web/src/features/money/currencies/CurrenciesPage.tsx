/**
 * /settings/currencies[/active|/inactive] (currency.update): the currencies with their rates against the base
 * currency. The base currency is marked and cannot be deactivated; a row opens /settings/currencies/{id}.
 */
import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { Currency } from '@leadgrid/shared/money/currencies';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePublicSettings } from '../../../api/settings';
import { useSession } from '../../../app/session';
import { dateTimeColumn, statusColumn } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { statusScope, StatusTabs, useStatusTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { BulkBar, SearchBox, useBulkStatus } from '../../../components/listing/parts';
import { useChangeCurrencyStatus, useCurrencies } from '../../../api/currencies';
import { NS } from './i18n';
import { RateCell } from './parts';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const CurrencyDrawer = lazyWhenOpen(() => import('./CurrencyDrawer').then((m) => m.CurrencyDrawer));

export default function CurrenciesPage() {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const navigate = useNavigate();
  const tab = useStatusTab();
  const resource = useResourceList({ defaultOrderBy: 'code:asc', filters: ['search'], scope: statusScope(tab), useList: useCurrencies });
  const { table, list, clearSelection } = resource;
  const settings = usePublicSettings();
  const base = list.data?.items.find((c) => c.isBase)?.code ?? settings.data?.baseCurrency ?? '';
  const changeStatus = useChangeCurrencyStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const [creating, setCreating] = useState(false);
  const open = (row: Currency) => navigate(`/settings/currencies/${row.id}`);

  const columns: DataColumn<Currency>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 80 },
    {
      key: 'code',
      title: t('fields.code'),
      sortable: true,
      alwaysVisible: true,
      render: (code: string, row) => (
        <Flex gap={8} align="center">
          <Link
            to={`/settings/currencies/${row.id}`}
            style={{ fontWeight: 600, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            data-testid="currency-code-cell"
          >
            {code}
          </Link>
          {row.isBase ? <Tag color="blue">{t('base')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'name', title: t('fields.name'), sortable: true },
    { key: 'title', title: t('fields.title'), sortable: true },
    {
      key: 'symbol',
      title: t('fields.symbol'),
      render: (_, row) => (row.symbolNative && row.symbolNative !== row.symbol ? `${row.symbol} · ${row.symbolNative}` : row.symbol),
    },
    {
      key: 'rate',
      title: t('fields.rate'),
      sortable: true,
      align: 'right',
      render: (rate: string, row) => <RateCell rate={rate} code={row.code} base={base} />,
    },
    dateTimeColumn('rateUpdatedAt', t('fields.rateUpdatedAt'), timezone),
    statusColumn(t('fields.status')),
    {
      key: 'open',
      title: '',
      settingsLabel: t('open'),
      alwaysVisible: true,
      width: 48,
      align: 'right',
      fixed: 'right',
      render: (_, row) => <Button type="text" icon={<RightOutlined />} aria-label={t('open')} onClick={() => open(row)} />,
    },
  ];

  return (
    <ResourceListPage<Currency>
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="currency-create">
          {t('create')}
        </Button>
      }
      resource={resource}
      name="settings.currencies"
      columns={columns}
      onRow={(row) => ({ onDoubleClick: () => open(row) })}
      selectable={{ getCheckboxProps: (row) => ({ disabled: row.isBase, title: row.isBase ? t('baseLocked') : undefined }) }}
      empty={emptyState(t('emptyTitle'), t('emptyText'), { label: t('create'), onClick: () => setCreating(true) })}
      toolbar={
        <>
          <StatusTabs value={tab} base="/settings/currencies" allLabel={t('tabs.all')} testId="currency-tabs" />
          <SearchBox table={table} placeholder={t('search')} />
        </>
      }
      bulk={(ids) => (
        <BulkBar count={ids.length} onClear={clearSelection} busy={changeStatus.isPending} onStatus={(status) => bulkStatus(ids, status)} />
      )}
    >
      <CurrencyDrawer open={creating} initial={null} base={base} onClose={() => setCreating(false)} />
    </ResourceListPage>
  );
}
