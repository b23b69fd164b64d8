/**
 * The offer's creatives (under its landers on the landings tab): type, description, the text, link or file (name,
 * size, download), status and sieve; create / edit, status changes and the sieve alone. Its table state lives in the
 * component: the page URL belongs to the landers table above.
 */
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import type { Creative } from '@leadgrid/shared/inventory/landers';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { CREATIVE_TYPES, LANDER_STATUSES, type CreativeType } from '@leadgrid/shared/inventory/sieves';
import { Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { allowed } from '../../../../app/access';
import { useSession } from '../../../../app/session';
import { SieveColumnsPicker, useSieveDisplaySettings } from '../../../../components/sieve';
import { StatusTag } from '../../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { BulkBar, SearchBox, useStatusFilters } from '../../../../components/listing/parts';
import { creativesApi, useCreatives, useCreativeWrites } from './api';
import { CreativeDrawer } from './CreativeDrawer';
import { formatBytes } from './creativeForm';
import { CreativeTypeIcon, Dash, SieveModal, sieveSummaryColumn, useConfirmStatus, useLocalTable, useTabsT } from '../../formParts';
import { CreateButton, rowActionsColumn, SubListCard, subListEmpty } from '../../../../components/list/subList';

/** Downloads the attachment with the bearer token and saves it under its own name. */
function DownloadLink({ creative }: { creative: Creative }) {
  const { t } = useTabsT();
  const [busy, setBusy] = useState(false);
  const a = creative.attachment!;
  const download = async () => {
    setBusy(true);
    try {
      const blob = await creativesApi.download(creative.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = a.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // the client has shown the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical style={{ maxWidth: 260 }}>
      <Tooltip title={t('creatives.download')}>
        <Typography.Link onClick={() => void download()} disabled={busy} ellipsis data-testid="creative-download">
          <DownloadOutlined /> {a.name}
        </Typography.Link>
      </Tooltip>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatBytes(a.size)}
      </Typography.Text>
    </Flex>
  );
}

function ContentCell({ creative }: { creative: Creative }) {
  const { t } = useTabsT();
  if (creative.attachment) return <DownloadLink creative={creative} />;
  if (creative.type === 'link' && creative.content)
    return (
      <Typography.Link
        href={creative.content}
        target="_blank"
        rel="noopener noreferrer"
        ellipsis
        style={{ maxWidth: 260, display: 'block' }}
      >
        {creative.content}
      </Typography.Link>
    );
  if (creative.type === 'text' && creative.content)
    return (
      <Typography.Text ellipsis={{ tooltip: creative.content }} style={{ maxWidth: 260, display: 'block' }}>
        {creative.content}
      </Typography.Text>
    );
  return <Typography.Text type="warning">{t('creatives.noFile')}</Typography.Text>;
}

export function CreativesCard({ offer }: { offer: Offer }) {
  const { t } = useTabsT();
  const { access } = useSession();
  const canWrite = allowed(access, 'offer.update');
  const table = useLocalTable({ defaultOrderBy: 'id:desc' });
  const list = useCreatives(offer.id, table.query);
  const display = useSieveDisplaySettings('creatives');
  const writes = useCreativeWrites(offer.id);
  const confirmStatus = useConfirmStatus('creatives');
  const statusFilters = useStatusFilters(LANDER_STATUSES);
  const [selected, setSelected] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<{ creative: Creative | null } | null>(null);
  const [sieveOf, setSieveOf] = useState<Creative | null>(null);

  const changeStatus = (ids: number[], status: 'active' | 'inactive') =>
    confirmStatus(ids.length, status, async () => {
      await writes.changeStatus.mutateAsync(ids.map((id) => ({ id, status })));
      setSelected([]);
    });

  const columns: DataColumn<Creative>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 72 },
    {
      key: 'type',
      title: t('fields.type'),
      sortable: true,
      alwaysVisible: true,
      filters: CREATIVE_TYPES.map((ty) => ({ text: t(`creativeTypes.${ty}`), value: ty })),
      render: (ty: CreativeType) => (
        <Flex gap={8} align="center" style={{ whiteSpace: 'nowrap' }}>
          <CreativeTypeIcon type={ty} />
          {t(`creativeTypes.${ty}`)}
        </Flex>
      ),
    },
    {
      key: 'description',
      title: t('fields.description'),
      render: (d: string) =>
        d ? (
          <Typography.Text ellipsis={{ tooltip: d }} style={{ maxWidth: 280, display: 'block' }}>
            {d}
          </Typography.Text>
        ) : (
          <Dash />
        ),
    },
    { key: 'content', title: t('creatives.material'), render: (_, c) => <ContentCell creative={c} /> },
    { key: 'status', title: t('fields.status'), sortable: true, filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
    ...(display.keys.length ? [sieveSummaryColumn<Creative>('creatives', display.keys, (c) => c.sieve, t('fields.sieve'))] : []),
    ...(canWrite
      ? [
          rowActionsColumn<Creative>({
            texts: {
              actions: t('fields.actions'),
              edit: t('actions.edit'),
              more: t('actions.more'),
              activate: t('actions.activate'),
              deactivate: t('actions.deactivate'),
            },
            testId: 'creative',
            onEdit: (c) => setDrawer({ creative: c }),
            onStatus: changeStatus,
            menu: (c) => [{ key: 'sieve', icon: <FilterOutlined />, label: t('actions.editSieve'), onClick: () => setSieveOf(c) }],
          }),
        ]
      : []),
  ];

  const filtered = Boolean(table.filters.search || table.filters.status || table.filters.type);

  return (
    <SubListCard
      title={t('creatives.title')}
      count={list.data?.meta?.totalCount}
      create={
        canWrite ? (
          <CreateButton onClick={() => setDrawer({ creative: null })} testId="creative-create" plain>
            {t('creatives.create')}
          </CreateButton>
        ) : null
      }
      testId="creatives-card"
    >
      <DataTable<Creative>
        name="offer-creatives"
        columns={columns}
        table={table}
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        size="middle"
        rowSelection={
          canWrite
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }
            : undefined
        }
        empty={subListEmpty(
          filtered,
          {
            filteredTitle: t('creatives.emptyFilteredTitle'),
            filtered: t('creatives.emptyFiltered'),
            title: t('creatives.emptyTitle'),
            text: t('creatives.emptyText'),
          },
          canWrite ? <CreateButton onClick={() => setDrawer({ creative: null })}>{t('creatives.create')}</CreateButton> : null,
        )}
        toolbar={
          <>
            <SearchBox table={table} placeholder={t('creatives.search')} />
            <SieveColumnsPicker display={display} />
          </>
        }
        title={
          selected.length
            ? () => (
                <BulkBar
                  count={selected.length}
                  onClear={() => setSelected([])}
                  busy={writes.changeStatus.isPending}
                  onStatus={(next) => changeStatus(selected, next)}
                />
              )
            : undefined
        }
      />
      <CreativeDrawer open={drawer !== null} offer={offer} creative={drawer?.creative ?? null} onClose={() => setDrawer(null)} />
      <SieveModal
        open={sieveOf !== null}
        owner="creatives"
        offerId={offer.id}
        title={t('creatives.sieveTitle', { id: sieveOf?.id ?? '' })}
        initial={sieveOf?.sieve ?? null}
        onClose={() => setSieveOf(null)}
        onSave={(sieve) => writes.editSieves.mutateAsync([{ id: sieveOf!.id, sieve }])}
      />
    </SubListCard>
  );
}
