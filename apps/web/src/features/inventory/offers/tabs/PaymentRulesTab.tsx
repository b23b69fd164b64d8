/**
 * The offer's payment rules tab (/offers/{id}/payment-rules): payment model, goal, the conversion status it pays on,
 * fixed or percent, revenue and payout with their currencies (two decimals here, the exact value in the form),
 * multi-conversion, auto-approve hours, status and sieve (columns chosen in the sieve display settings); create /
 * edit, the bulk edit of the selected rules, clone and status changes.
 */
import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import { PAYMENT_RULE_STATUSES, type PaymentRule } from '@leadgrid/shared/inventory/caps';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { PAYMENT_TYPES } from '@leadgrid/shared/inventory/sieves';
import { App, Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { allowed } from '../../../../app/access';
import { useSession } from '../../../../app/session';
import { formatMoney, formatPercent } from '../../../../components/format';
import { SieveColumnsPicker, useSieveDisplaySettings } from '../../../../components/sieve';
import { StatusTag } from '../../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { useTable } from '../../../../components/table/useTable';
import { BulkBar, SearchBox, useStatusFilters } from '../../../../components/listing/parts';
import { useRuleWrites, usePaymentRules } from './api';
import { OFFER_WRITE } from './LandingsTab';
import { sieveSummaryColumn, useConfirmStatus, useTabsT } from '../../formParts';
import { CONVERSION_STATUS_KEYS, PaymentRuleDrawer } from './PaymentRuleDrawer';
import { RuleBulkModal } from './RuleBulkModal';
import { CreateButton, rowActionsColumn, SubListCard, subListEmpty } from '../../../../components/list/subList';

const STATUS_COLORS: Record<string, string> = { pending: 'processing', hold: 'warning', approved: 'success', rejected: 'error' };

export function OfferPaymentRulesTab({ offer }: { offer: Offer }) {
  const { t } = useTabsT();
  const { modal } = App.useApp();
  const { access } = useSession();
  const canWrite = allowed(access, OFFER_WRITE);
  const table = useTable({ defaultOrderBy: 'id:desc', filters: ['search', 'status', 'paymentType'] });
  const list = usePaymentRules(offer.id, table.query);
  const display = useSieveDisplaySettings('paymentRules');
  const writes = useRuleWrites(offer.id);
  const confirmStatus = useConfirmStatus('rules');
  const statusFilters = useStatusFilters(PAYMENT_RULE_STATUSES);
  const [selected, setSelected] = useState<number[]>([]);
  const [selectedRows, setSelectedRows] = useState<PaymentRule[]>([]);
  const [drawer, setDrawer] = useState<{ rule: PaymentRule | null } | null>(null);
  const [bulk, setBulk] = useState(false);

  const clearSelection = () => {
    setSelected([]);
    setSelectedRows([]);
  };
  const changeStatus = (ids: number[], status: 'active' | 'inactive') =>
    confirmStatus(ids.length, status, async () => {
      await writes.changeStatus.mutateAsync(ids.map((id) => ({ id, status })));
      clearSelection();
    });
  const clone = (ids: number[]) =>
    modal.confirm({
      title: t('rules.cloneTitle', { count: ids.length }),
      content: t('rules.cloneText', { count: ids.length }),
      okText: t('actions.clone'),
      cancelText: t('actions.cancel'),
      onOk: () =>
        writes.clone
          .mutateAsync(ids)
          .then(clearSelection)
          .catch(() => undefined),
    });

  const columns: DataColumn<PaymentRule>[] = [
    {
      key: 'title',
      title: t('rules.rule'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, r) => (
        <Flex vertical gap={2} style={{ minWidth: 150, maxWidth: 210 }}>
          <Typography.Text strong ellipsis={{ tooltip: title || undefined }}>
            {title || t('rules.untitled', { id: r.id })}
          </Typography.Text>
          <Flex gap={4} wrap align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              #{r.id}
            </Typography.Text>
            {r.paymentModel ? (
              <Tooltip title={r.paymentModel.title}>
                <Tag style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>{r.paymentModel.code}</Tag>
              </Tooltip>
            ) : null}
            <Tag color={r.paymentType === 'fixed' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>
              {t(`paymentTypes.${r.paymentType}`)}
            </Tag>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'targetConversionStatus',
      title: t('rules.paysFor'),
      sortable: true,
      render: (s: number, r) => (
        <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 170 }}>
          <Typography.Text ellipsis style={{ maxWidth: 170 }}>
            {r.goal?.title ?? t('caps.anyGoal')}
          </Typography.Text>
          <StatusTag status={CONVERSION_STATUS_KEYS[s]} color={STATUS_COLORS[CONVERSION_STATUS_KEYS[s]]} />
        </Flex>
      ),
    },
    {
      key: 'revenueValue',
      title: t('fields.revenue'),
      sortable: true,
      align: 'right',
      render: (v: string, r) => (
        <Tooltip title={`${v} ${r.revenueCurrency}`}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="rule-revenue-cell">
            {formatMoney(v, r.revenueCurrency)}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'payoutValue',
      title: t('fields.payout'),
      sortable: true,
      align: 'right',
      render: (v: string, r) =>
        r.paymentType === 'percent' ? (
          <Tooltip title={t('rules.percentOf', { value: v, currency: r.revenueCurrency })}>
            <Flex vertical style={{ whiteSpace: 'nowrap' }} data-testid="rule-payout-cell">
              <Typography.Text>{formatPercent(v)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('rules.ofRevenue', { currency: r.revenueCurrency })}
              </Typography.Text>
            </Flex>
          </Tooltip>
        ) : (
          <Tooltip title={`${v} ${r.payoutCurrency}`}>
            <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="rule-payout-cell">
              {formatMoney(v, r.payoutCurrency)}
            </Typography.Text>
          </Tooltip>
        ),
    },
    {
      key: 'options',
      title: t('rules.options'),
      render: (_, r) => (
        <Flex vertical gap={2} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text type={r.autoApprovePeriod === null ? 'secondary' : undefined} style={{ fontSize: 13 }}>
            {r.autoApprovePeriod === null
              ? t('rules.autoApproveOffLong')
              : t('rules.autoApproveAfter', { hours: t('rules.hours', { count: r.autoApprovePeriod }) })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.isMultiConversion ? t('rules.multiOn') : t('rules.multiOff')}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: t('fields.status'), sortable: true, filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
    ...(display.keys.length ? [sieveSummaryColumn<PaymentRule>('paymentRules', display.keys, (r) => r.sieve, t('fields.sieve'))] : []),
    ...(canWrite
      ? [
          rowActionsColumn<PaymentRule>({
            texts: {
              actions: t('fields.actions'),
              edit: t('actions.edit'),
              more: t('actions.more'),
              activate: t('actions.activate'),
              deactivate: t('actions.deactivate'),
            },
            testId: 'rule',
            onEdit: (r) => setDrawer({ rule: r }),
            onStatus: changeStatus,
            menu: (r) => [{ key: 'clone', icon: <CopyOutlined />, label: t('actions.clone'), onClick: () => clone([r.id]) }],
          }),
        ]
      : []),
  ];

  const filtered = Boolean(table.filters.search || table.filters.status || table.filters.paymentType);

  return (
    <SubListCard
      title={t('rules.title')}
      count={list.data?.meta?.totalCount}
      create={
        canWrite ? (
          <CreateButton onClick={() => setDrawer({ rule: null })} testId="rule-create">
            {t('rules.create')}
          </CreateButton>
        ) : null
      }
      testId="offer-payment-rules-tab"
    >
      <DataTable<PaymentRule>
        name="offer-payment-rules"
        columns={columns}
        table={table}
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        size="middle"
        rowSelection={
          canWrite
            ? {
                selectedRowKeys: selected,
                onChange: (keys, rows) => {
                  setSelected(keys as number[]);
                  setSelectedRows((prev) => {
                    const byId = new Map([...prev, ...rows.filter(Boolean)].map((r) => [r.id, r]));
                    return (keys as number[]).map((k) => byId.get(k)).filter((r): r is PaymentRule => Boolean(r));
                  });
                },
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        empty={subListEmpty(
          filtered,
          {
            filteredTitle: t('rules.emptyFilteredTitle'),
            filtered: t('rules.emptyFiltered'),
            title: t('rules.emptyTitle'),
            text: t('rules.emptyText'),
          },
          canWrite ? <CreateButton onClick={() => setDrawer({ rule: null })}>{t('rules.create')}</CreateButton> : null,
        )}
        toolbar={
          <>
            <SearchBox table={table} placeholder={t('rules.search')} />
            <Select
              allowClear
              value={table.filters.paymentType}
              onChange={(v?: string) => table.setFilters({ paymentType: v ?? null })}
              placeholder={t('fields.paymentType')}
              aria-label={t('fields.paymentType')}
              options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentTypes.${p}`) }))}
              style={{ width: 150 }}
              data-testid="rule-type-filter"
            />
            <SieveColumnsPicker display={display} />
          </>
        }
        title={
          selected.length
            ? () => (
                <BulkBar
                  count={selected.length}
                  onClear={clearSelection}
                  busy={writes.changeStatus.isPending || writes.clone.isPending}
                  onStatus={(next) => changeStatus(selected, next)}
                  extra={
                    <>
                      <Button size="small" icon={<EditOutlined />} onClick={() => setBulk(true)} data-testid="rule-bulk-edit">
                        {t('actions.bulkEdit')}
                      </Button>
                      <Button size="small" icon={<CopyOutlined />} onClick={() => clone(selected)}>
                        {t('actions.clone')}
                      </Button>
                    </>
                  }
                />
              )
            : undefined
        }
      />
      <PaymentRuleDrawer open={drawer !== null} offer={offer} rule={drawer?.rule ?? null} onClose={() => setDrawer(null)} />
      <RuleBulkModal open={bulk} offerId={offer.id} rules={selectedRows} onClose={() => setBulk(false)} onDone={clearSelection} />
    </SubListCard>
  );
}
