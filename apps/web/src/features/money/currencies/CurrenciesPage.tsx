/**
 * /settings/currencies[/active|/inactive] (currency.update): the currencies with their rates against the base
 * currency. The base currency is marked and cannot be deactivated; a row opens /settings/currencies/{id}.
 */
import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { Currency } from '@leadgrid/shared/money/currencies';
import { Button, Card, Flex, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePublicSettings } from '../../../api/settings';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { BulkBar, SearchBox, useConfirmStatus } from '../../../components/listing/parts';
import { useChangeCurrencyStatus, useCurrencies } from '../../../api/currencies';
import { NS } from './i18n';
import { RateCell } from './parts';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const CurrencyDrawer = lazyWhenOpen(() => import('./CurrencyDrawer').then((m) => m.CurrencyDrawer));

const TABS = ['active', 'inactive', 'all'] as const;
type TabKey = (typeof TABS)[number];

export default function CurrenciesPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { timezone } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const last = pathname.split('/').pop();
  const tab: TabKey = last === 'active' || last === 'inactive' ? last : 'all';
  const table = useTable({ defaultOrderBy: 'code:asc', filters: ['search'] });
  const list = useCurrencies({ ...table.query, status: tab === 'all' ? undefined : tab });
  const settings = usePublicSettings();
  const base = list.data?.items.find((c) => c.isBase)?.code ?? settings.data?.baseCurrency ?? '';
  const changeStatus = useChangeCurrencyStatus();
  const confirmStatus = useConfirmStatus();
  const [selected, setSelected] = useState<number[]>([]);
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
    {
      key: 'rateUpdatedAt',
      title: t('fields.rateUpdatedAt'),
      sortable: true,
      render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</Typography.Text>,
    },
    { key: 'status', title: t('fields.status'), sortable: true, render: (s: string) => <StatusTag status={s} /> },
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
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="currency-create">
          {t('create')}
        </Button>
      }
    >
      <Card variant="borderless">
        <DataTable<Currency>
          name="settings.currencies"
          columns={columns}
          table={table}
          data={list.data}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          onRow={(row) => ({ onDoubleClick: () => open(row) })}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (row) => ({ disabled: row.isBase, title: row.isBase ? t('baseLocked') : undefined }),
          }}
          empty={{
            title: t('emptyTitle'),
            description: t('emptyText'),
            action: (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('create')}
              </Button>
            ),
          }}
          toolbar={
            <>
              <Segmented<TabKey>
                value={tab}
                onChange={(v) => navigate(v === 'all' ? '/settings/currencies' : `/settings/currencies/${v}`)}
                options={TABS.map((k) => ({ value: k, label: k === 'all' ? t('tabs.all') : tc(`status.${k}`) }))}
                data-testid="currency-tabs"
              />
              <SearchBox table={table} placeholder={t('search')} />
            </>
          }
          title={
            selected.length
              ? () => (
                  <BulkBar
                    count={selected.length}
                    onClear={() => setSelected([])}
                    busy={changeStatus.isPending}
                    onStatus={(status) =>
                      confirmStatus(selected.length, status, async () => {
                        await changeStatus.mutateAsync(selected.map((id) => ({ id, status })));
                        setSelected([]);
                      })
                    }
                  />
                )
              : undefined
          }
        />
      </Card>
      <CurrencyDrawer open={creating} initial={null} base={base} onClose={() => setCreating(false)} />
    </Page>
  );
}
