/**
 * The offer's caps and targeting tab (/offers/{id}/caps): its caps with the live counter of the current period in the
 * cap's time zone against the value ("37 / 100 today, Europe/Berlin" over a progress bar), guarantee, currency,
 * period, action, processing type, goal, payment model, low priority, weight, informational value, status and sieve
 * (columns chosen in the sieve display settings); create / edit, clone, status changes, the sieve alone and the
 * counter reset, each behind a confirmation where it changes traffic.
 */
import { CopyOutlined, FilterOutlined, UndoOutlined } from '@ant-design/icons';
import { CAP_STATUSES, type Cap } from '@leadgrid/shared/inventory/caps';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { CAP_TYPES } from '@leadgrid/shared/inventory/sieves';
import { App, Button, Flex, Progress, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { allowed } from '../../../../app/access';
import { useSession } from '../../../../app/session';
import { formatDateTime, formatMoney, formatNumber } from '../../../../components/format';
import { SieveColumnsPicker, useSieveDisplaySettings } from '../../../../components/sieve';
import { StatusTag } from '../../../../components/StatusTag';
import { ResourceListTable } from '../../../../components/list/ResourceListPage';
import { useResourceList } from '../../../../components/list/useResourceList';
import type { DataColumn } from '../../../../components/table/DataTable';
import { BulkBar, SearchBox, useStatusFilters } from '../../../../components/listing/parts';
import { useCapWrites, useCaps } from './api';
import { CapDrawer } from './CapDrawer';
import { counterPercent, counterReached } from './decimals';
import { OFFER_WRITE } from './LandingsTab';
import { SieveModal, sieveSummaryColumn, useConfirmStatus, useTabsT } from '../../formParts';
import { CreateButton, rowActionsColumn, SubListCard, subListEmpty } from '../../../../components/list/subList';

/** an amount of a cap: money in its currency, or a count */
export function capAmount(value: string | null, currency: string | null): string {
  if (value === null || value === '') return '—';
  return currency ? formatMoney(value, currency) : formatNumber(value, value.includes('.') ? 2 : 0);
}

/** "37 / 100 today, Europe/Berlin" over a progress bar that turns red once the value is reached */
export function CounterCell({ cap }: { cap: Cap }) {
  const { t } = useTabsT();
  const { timezone } = useSession();
  const percent = counterPercent(cap.counter, cap.value);
  const reached = counterReached(cap.counter, cap.value);
  const amounts = `${capAmount(cap.counter, cap.currency)} / ${capAmount(cap.value, cap.currency)}`;
  const when = t('caps.counterWhen', { period: t(`caps.periodNow.${cap.period}`), zone: cap.timezone });
  const range =
    cap.periodStart !== null && cap.periodEnd !== null
      ? t('caps.periodRange', {
          from: formatDateTime(cap.periodStart, timezone),
          to: formatDateTime(cap.periodEnd, timezone),
          zone: timezone,
        })
      : t('caps.periodAll');
  return (
    <Tooltip title={range}>
      <Flex
        vertical
        gap={0}
        style={{ width: 210 }}
        data-testid="cap-counter"
        aria-label={t('caps.counter', {
          counter: capAmount(cap.counter, cap.currency),
          value: capAmount(cap.value, cap.currency),
          period: t(`caps.periodNow.${cap.period}`),
          zone: cap.timezone,
        })}
      >
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {amounts}
        </Typography.Text>
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          status={reached ? 'exception' : 'normal'}
          strokeColor={!reached && percent >= 80 ? '#faad14' : undefined}
          style={{ margin: 0 }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {when}
        </Typography.Text>
        {cap.informationalValue ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('caps.shownToAffiliates', { value: capAmount(cap.informationalValue, cap.currency) })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Tooltip>
  );
}

export function OfferCapsTab({ offer }: { offer: Offer }) {
  const { t } = useTabsT();
  const { modal } = App.useApp();
  const { access } = useSession();
  const canWrite = allowed(access, OFFER_WRITE);
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: ['search', 'status', 'type'],
    useList: (query) => useCaps(offer.id, query),
  });
  const { table, list, clearSelection } = resource;
  const display = useSieveDisplaySettings('caps');
  const writes = useCapWrites(offer.id);
  const confirmStatus = useConfirmStatus('caps');
  const statusFilters = useStatusFilters(CAP_STATUSES);
  const [drawer, setDrawer] = useState<{ cap: Cap | null } | null>(null);
  const [sieveOf, setSieveOf] = useState<Cap | null>(null);

  const changeStatus = (ids: number[], status: 'active' | 'inactive') =>
    confirmStatus(ids.length, status, async () => {
      await writes.changeStatus.mutateAsync(ids.map((id) => ({ id, status })));
      clearSelection();
    });
  const clone = (ids: number[]) =>
    modal.confirm({
      title: t('caps.cloneTitle', { count: ids.length }),
      content: t('caps.cloneText', { count: ids.length }),
      okText: t('actions.clone'),
      cancelText: t('actions.cancel'),
      onOk: () =>
        writes.clone
          .mutateAsync(ids)
          .then(() => clearSelection())
          .catch(() => undefined),
    });
  const reset = (cap: Cap) =>
    modal.confirm({
      title: t('caps.resetTitle', { title: cap.title || `#${cap.id}` }),
      content: t(`caps.resetText.${cap.period}`, { counter: capAmount(cap.counter, cap.currency) }),
      okText: t('caps.reset'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'cap-reset-confirm' } as Record<string, string>) },
      cancelText: t('actions.cancel'),
      onOk: () => writes.dropCounter.mutateAsync([cap.id]).catch(() => undefined),
    });

  const columns: DataColumn<Cap>[] = [
    {
      key: 'title',
      title: t('caps.cap'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, c) => (
        <Flex vertical gap={2} style={{ minWidth: 150, maxWidth: 200 }}>
          <Typography.Text strong ellipsis={{ tooltip: title || undefined }}>
            {title || t('caps.untitled', { id: c.id })}
          </Typography.Text>
          <Flex gap={4} wrap align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              #{c.id}
            </Typography.Text>
            <Tag color={c.type === 'limit' ? 'geekblue' : 'cyan'} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>
              {t(`capTypes.${c.type}`)}
            </Tag>
            {c.lowPriority ? (
              <Tag color="orange" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>
                {t('caps.lowPriority')}
              </Tag>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    { key: 'value', title: t('caps.valueCounter'), sortable: true, render: (_, c) => <CounterCell cap={c} /> },
    {
      key: 'counts',
      title: t('caps.counts'),
      render: (_, c) => (
        <Flex vertical gap={2} style={{ maxWidth: 180 }}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {c.currency ? t('caps.moneyIn', { currency: c.currency }) : t(`processingTypes.${c.processingType}`)}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {c.goal?.title ?? t('caps.anyGoal')}
            {c.paymentModel ? ` · ${c.paymentModel.code}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'behaviour',
      title: t('caps.behaviour'),
      render: (_, c) => (
        <Flex vertical gap={2} style={{ maxWidth: 190 }}>
          <Typography.Text ellipsis={{ tooltip: true }}>
            {c.type === 'limit'
              ? t(`actionsList.${c.action}`)
              : c.guarantee
                ? t('caps.guaranteed', { value: capAmount(c.guarantee, c.currency) })
                : t('caps.noGuarantee')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('caps.weightIs', { weight: c.weight })}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: t('fields.status'), sortable: true, filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
    ...(display.keys.length ? [sieveSummaryColumn<Cap>('caps', display.keys, (c) => c.sieve, t('fields.sieve'))] : []),
    ...(canWrite
      ? [
          rowActionsColumn<Cap>({
            texts: {
              actions: t('fields.actions'),
              edit: t('actions.edit'),
              more: t('actions.more'),
              activate: t('actions.activate'),
              deactivate: t('actions.deactivate'),
            },
            testId: 'cap',
            onEdit: (c) => setDrawer({ cap: c }),
            onStatus: changeStatus,
            menu: (c) => [
              { key: 'sieve', icon: <FilterOutlined />, label: t('actions.editSieve'), onClick: () => setSieveOf(c) },
              { key: 'clone', icon: <CopyOutlined />, label: t('actions.clone'), onClick: () => clone([c.id]) },
              { type: 'divider' as const },
              { key: 'reset', icon: <UndoOutlined />, danger: true, label: t('caps.reset'), onClick: () => reset(c) },
            ],
          }),
        ]
      : []),
  ];

  const filtered = Boolean(table.filters.search || table.filters.status || table.filters.type);

  return (
    <SubListCard
      title={t('caps.title')}
      count={list.data?.meta?.totalCount}
      create={
        canWrite ? (
          <CreateButton onClick={() => setDrawer({ cap: null })} testId="cap-create">
            {t('caps.create')}
          </CreateButton>
        ) : null
      }
      testId="offer-caps-tab"
    >
      <ResourceListTable<Cap>
        resource={resource}
        name="offer-caps"
        columns={columns}
        loading={list.isFetching && !list.isRefetching}
        size="middle"
        selectable={canWrite}
        empty={subListEmpty(
          filtered,
          {
            filteredTitle: t('caps.emptyFilteredTitle'),
            filtered: t('caps.emptyFiltered'),
            title: t('caps.emptyTitle'),
            text: t('caps.emptyText'),
          },
          canWrite ? <CreateButton onClick={() => setDrawer({ cap: null })}>{t('caps.create')}</CreateButton> : null,
        )}
        toolbar={
          <>
            <SearchBox table={table} placeholder={t('caps.search')} />
            <Select
              allowClear
              value={table.filters.type}
              onChange={(v?: string) => table.setFilters({ type: v ?? null })}
              placeholder={t('fields.capType')}
              aria-label={t('fields.capType')}
              options={CAP_TYPES.map((x) => ({ value: x, label: t(`capTypes.${x}`) }))}
              style={{ width: 140 }}
              data-testid="cap-type-filter"
            />
            <SieveColumnsPicker display={display} />
          </>
        }
        bulk={(ids) => (
          <BulkBar
            count={ids.length}
            onClear={clearSelection}
            busy={writes.changeStatus.isPending || writes.clone.isPending}
            onStatus={(next) => changeStatus(ids, next)}
            extra={
              <Button size="small" icon={<CopyOutlined />} onClick={() => clone(ids)} data-testid="cap-bulk-clone">
                {t('actions.clone')}
              </Button>
            }
          />
        )}
      />
      <CapDrawer open={drawer !== null} offer={offer} cap={drawer?.cap ?? null} onClose={() => setDrawer(null)} />
      <SieveModal
        open={sieveOf !== null}
        owner="caps"
        offerId={offer.id}
        title={t('caps.sieveTitle', { title: sieveOf?.title || `#${sieveOf?.id ?? ''}` })}
        initial={sieveOf?.sieve ?? null}
        onClose={() => setSieveOf(null)}
        onSave={(sieve) => writes.editSieves.mutateAsync([{ id: sieveOf!.id, sieve }])}
      />
    </SubListCard>
  );
}
