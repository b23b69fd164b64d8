/**
 * The offer's landings tab (/offers/{id}/landings): its landers — page type, target URL with its macros, preview,
 * advertiser, weight, language (a tag under the title), status and sieve (keys chosen in the sieve display settings) —
 * with create / edit,
 * a bulk edit of weight, status and sieve for the selected rows, and status changes where the product §4 guard ("a
 * landing cannot be activated while its advertiser is inactive") is said in place; then its creatives.
 */
import { EditOutlined, ExportOutlined, FilterOutlined } from '@ant-design/icons';
import type { Lander } from '@leadgrid/shared/inventory/landers';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { LANDER_PAGE_TYPES, LANDER_STATUSES } from '@leadgrid/shared/inventory/sieves';
import { Alert, Button, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { allowed } from '../../../../app/access';
import { useSession } from '../../../../app/session';
import { SieveColumnsPicker, useSieveDisplaySettings } from '../../../../components/sieve';
import { StatusTag } from '../../../../components/StatusTag';
import { ResourceListTable } from '../../../../components/list/ResourceListPage';
import { useResourceList } from '../../../../components/list/useResourceList';
import type { DataColumn } from '../../../../components/table/DataTable';
import { BulkBar, SearchBox, useStatusFilters } from '../../../../components/listing/parts';
import { useLanderWrites, useLanders } from './api';
import { CreativesCard } from './CreativesCard';
import { LanderBulkModal } from './LanderBulkModal';
import { LanderDrawer } from './LanderDrawer';
import { statusFailure } from './landerForm';
import { Dash, mono, SieveModal, sieveSummaryColumn, useConfirmStatus, useTabsT } from '../../formParts';
import { UrlWithMacros } from '../../../../components/UrlWithMacros';
import { CreateButton, rowActionsColumn, SubListCard, subListEmpty } from '../../../../components/list/subList';

export const OFFER_WRITE = 'offer.update';

interface GuardState {
  /** the landers the guard refused (titles shown when known) */
  titles: string[];
}

function LandersCard({ offer }: { offer: Offer }) {
  const { t } = useTabsT();
  const { access } = useSession();
  const canWrite = allowed(access, OFFER_WRITE);
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: ['search', 'status', 'pageType'],
    useList: (query) => useLanders(offer.id, query),
  });
  const { table, list, selected, clearSelection } = resource;
  const display = useSieveDisplaySettings('landings');
  const writes = useLanderWrites(offer.id);
  const confirmStatus = useConfirmStatus('landers');
  const statusFilters = useStatusFilters(LANDER_STATUSES);
  const [drawer, setDrawer] = useState<{ lander: Lander | null } | null>(null);
  const [bulk, setBulk] = useState(false);
  const [sieveOf, setSieveOf] = useState<Lander | null>(null);
  const [guard, setGuard] = useState<GuardState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = list.data?.items ?? [];
  const titleOf = (id: number) => rows.find((r) => r.id === id)?.title ?? `#${id}`;

  const changeStatus = (ids: number[], status: 'active' | 'inactive') =>
    confirmStatus(ids.length, status, async () => {
      setGuard(null);
      setFailure(null);
      try {
        await writes.changeStatus.mutateAsync(ids.map((id) => ({ id, status })));
        clearSelection();
      } catch (err) {
        const f = statusFailure(err, ids);
        if (f.kind === 'guard') setGuard({ titles: (f.ids.length ? f.ids : ids).map(titleOf) });
        else setFailure(f.message);
        throw err;
      }
    });

  const columns: DataColumn<Lander>[] = [
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_, l) => (
        <Flex vertical gap={2} style={{ minWidth: 160, maxWidth: 190 }}>
          <Typography.Text strong ellipsis={{ tooltip: l.title }}>
            {l.title}
          </Typography.Text>
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              #{l.id}
            </Typography.Text>
            <Tag color={l.pageType === 'landing' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>
              {t(`pageTypes.${l.pageType}`)}
            </Tag>
            {l.language ? (
              <Tag style={{ ...mono, marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }} data-testid="lander-language-tag">
                {l.language}
              </Tag>
            ) : null}
            {l.landerApiLanguage ? (
              <Typography.Text
                type="secondary"
                ellipsis={{
                  tooltip: t('landers.fromApi', { title: l.landerApiLanguage.landerApi.title, language: l.landerApiLanguage.language }),
                }}
                style={{ fontSize: 12 }}
              >
                {t('landers.fromApi', { title: l.landerApiLanguage.landerApi.title, language: l.landerApiLanguage.language })}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    { key: 'status', title: t('fields.status'), sortable: true, filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
    {
      key: 'advertiser',
      title: t('fields.advertiser'),
      render: (a: Lander['advertiser']) =>
        a ? (
          <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 150 }}>
            <Link to={`/advertisers/${a.id}`} style={{ maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {a.title}
            </Link>
            {a.status !== 'active' ? <StatusTag status={a.status} /> : null}
          </Flex>
        ) : (
          <Dash />
        ),
    },
    { key: 'weight', title: t('fields.weight'), sortable: true, align: 'right', width: 80 },
    {
      key: 'targetUrl',
      title: t('fields.targetUrl'),
      render: (url: string, l) => (
        <Flex vertical gap={2}>
          <UrlWithMacros url={url} maxWidth={180} />
          {l.previewUrl ? (
            <Typography.Link href={l.previewUrl} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              <ExportOutlined /> {t('fields.preview')}
            </Typography.Link>
          ) : null}
        </Flex>
      ),
    },
    ...(display.keys.length ? [sieveSummaryColumn<Lander>('landings', display.keys, (l) => l.sieve, t('fields.sieve'))] : []),
    ...(canWrite
      ? [
          rowActionsColumn<Lander>({
            texts: {
              actions: t('fields.actions'),
              edit: t('actions.edit'),
              more: t('actions.more'),
              activate: t('actions.activate'),
              deactivate: t('actions.deactivate'),
            },
            testId: 'lander',
            onEdit: (l) => setDrawer({ lander: l }),
            onStatus: changeStatus,
            menu: (l) => [{ key: 'sieve', icon: <FilterOutlined />, label: t('actions.editSieve'), onClick: () => setSieveOf(l) }],
          }),
        ]
      : []),
  ];

  const filtered = Boolean(table.filters.search || table.filters.status || table.filters.pageType);

  return (
    <SubListCard
      title={t('landers.title')}
      count={list.data?.meta?.totalCount}
      create={
        canWrite ? (
          <CreateButton onClick={() => setDrawer({ lander: null })} testId="lander-create">
            {t('landers.create')}
          </CreateButton>
        ) : null
      }
      testId="landers-card"
    >
      <Flex vertical gap={12}>
        {guard ? (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setGuard(null) }}
            title={t('landers.guard')}
            description={t('landers.guardText', { count: guard.titles.length, titles: guard.titles.join(', ') })}
            data-testid="lander-guard"
          />
        ) : null}
        {failure ? <Alert type="error" showIcon closable={{ onClose: () => setFailure(null) }} title={failure} /> : null}
        <ResourceListTable<Lander>
          resource={resource}
          name="offer-landers"
          columns={columns}
          size="middle"
          selectable={canWrite}
          empty={subListEmpty(
            filtered,
            {
              filteredTitle: t('landers.emptyFilteredTitle'),
              filtered: t('landers.emptyFiltered'),
              title: t('landers.emptyTitle'),
              text: t('landers.emptyText'),
            },
            canWrite ? <CreateButton onClick={() => setDrawer({ lander: null })}>{t('landers.create')}</CreateButton> : null,
          )}
          toolbar={
            <>
              <SearchBox table={table} placeholder={t('landers.search')} />
              <Select
                allowClear
                value={table.filters.pageType}
                onChange={(v?: string) => table.setFilters({ pageType: v ?? null })}
                placeholder={t('fields.pageType')}
                aria-label={t('fields.pageType')}
                options={LANDER_PAGE_TYPES.map((p) => ({ value: p, label: t(`pageTypes.${p}`) }))}
                style={{ width: 150 }}
                data-testid="lander-page-type-filter"
              />
              <SieveColumnsPicker display={display} />
            </>
          }
          bulk={(ids) => (
            <BulkBar
              count={ids.length}
              onClear={clearSelection}
              busy={writes.changeStatus.isPending}
              onStatus={(next) => changeStatus(ids, next)}
              extra={
                <Button size="small" icon={<EditOutlined />} onClick={() => setBulk(true)} data-testid="lander-bulk-edit">
                  {t('actions.bulkEdit')}
                </Button>
              }
            />
          )}
        />
      </Flex>
      <LanderDrawer open={drawer !== null} offer={offer} lander={drawer?.lander ?? null} onClose={() => setDrawer(null)} />
      <LanderBulkModal
        open={bulk}
        offerId={offer.id}
        landers={rows.filter((r) => selected.includes(r.id))}
        ids={selected}
        onClose={() => setBulk(false)}
        onDone={() => clearSelection()}
      />
      <SieveModal
        open={sieveOf !== null}
        owner="landings"
        offerId={offer.id}
        title={t('landers.sieveTitle', { title: sieveOf?.title ?? '' })}
        initial={sieveOf?.sieve ?? null}
        onClose={() => setSieveOf(null)}
        onSave={(sieve) => writes.editSieve.mutateAsync({ ids: [sieveOf!.id], sieve })}
      />
    </SubListCard>
  );
}

/** The offer's landings tab: its landers, then its creatives. */
export function OfferLandingsTab({ offer }: { offer: Offer }) {
  return (
    <Flex vertical gap={20} data-testid="offer-landings-tab">
      <LandersCard offer={offer} />
      <CreativesCard offer={offer} />
    </Flex>
  );
}
