/**
 * /campaigns/{active|inactive|blocked|all} (front.menu.campaigns.read; writes campaign.update, blocks campaign.block):
 * staff see the campaigns of the affiliates they read, affiliates their own (the server scopes). Filters: status tabs,
 * offer, affiliate (staff), countries, domain, traffic source, search by title, key or id. Mass activate, deactivate,
 * delete, block and unblock with a confirmation; clone; the create drawer, also opened by
 * `?create=1&offerId=<id>` from an affiliate's offer page.
 */
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { Campaign } from '@leadgrid/shared/inventory/campaigns';
import { Button, Card, Dropdown, Flex, Segmented, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { idsFilter } from '../../../components/list/idsFilter';
import { formatDate, formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { AffiliatePicker } from '../../../components/pickers/people';
import { personName } from '@leadgrid/shared/people/names';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { useCampaignActions, type StatusAction } from './actions';
import { useCampaigns } from './api';
import { useCampaignsT } from './i18n';
import { actionsFor, bulkActionsFor, CAMPAIGN_BLOCK, CAMPAIGN_WRITE, FILTERS, TABS, tabOf, type CampaignAction } from './model';
import { CountryCodes } from './parts';
import { OfferPicker } from '../../../components/offer-picker/OfferPicker';
import { CountryPicker, SourcePicker, TrackDomainPicker } from './pickers';
import { TrackingLinkCell } from './TrackingLink';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const CampaignDrawer = lazyWhenOpen(() => import('./CampaignDrawer').then((m) => m.CampaignDrawer));

const codeList = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);
const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export default function CampaignsPage() {
  const { t } = useCampaignsT();
  const { access, timezone } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const affiliateView = access ? isAffiliate(access) : false;
  const can = { write: allowed(access, CAMPAIGN_WRITE), block: allowed(access, CAMPAIGN_BLOCK) };
  const tab = tabOf(location.pathname.split('/')[2]);
  const table = useTable({ defaultOrderBy: 'id:desc', filters: FILTERS });
  const query = { ...table.query, status: tab === 'all' ? undefined : tab };
  const list = useCampaigns(query);
  const [selected, setSelected] = useState<Campaign[]>([]);
  const [drawer, setDrawer] = useState<{ campaign: Campaign | null; offerId?: number } | null>(null);
  const actions = useCampaignActions();
  const f = table.filters;
  const filtered = FILTERS.some((k) => f[k]);

  // `?create=1&offerId=<id>` (the affiliate's offer page): open the create drawer with that offer, once
  useEffect(() => {
    if (params.get('create') !== '1') return;
    if (can.write) setDrawer({ campaign: null, offerId: positiveId(params.get('offerId')) });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('create');
        next.delete('offerId');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, can.write]);

  const perform = (action: CampaignAction, rows: Campaign[], onDone?: () => void) => {
    if (action === 'edit') return setDrawer({ campaign: rows[0] });
    actions.run(action as StatusAction, rows, onDone);
  };

  const ACTION_ICONS: Record<CampaignAction, ReactNode> = {
    edit: <EditOutlined />,
    activate: <CheckCircleOutlined />,
    deactivate: <CloseCircleOutlined />,
    clone: <CopyOutlined />,
    block: <StopOutlined />,
    unblock: <UnlockOutlined />,
    delete: <DeleteOutlined />,
  };

  const columns: DataColumn<Campaign>[] = [
    {
      key: 'id',
      title: t('columns.id'),
      sortable: true,
      width: 64,
      render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text>,
    },
    {
      key: 'title',
      title: t('columns.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ lineHeight: 1.3 }}>
          <Flex align="center" gap={6} style={{ minWidth: 120, maxWidth: 150 }}>
            <Link to={`/campaigns/${row.id}`} style={{ fontWeight: 600, minWidth: 0 }} data-testid="campaign-title-link">
              <Typography.Text ellipsis={{ tooltip: row.title }} style={{ color: 'inherit' }}>
                {row.title}
              </Typography.Text>
            </Link>
            {row.autocreated ? (
              <Tooltip title={t('list.autocreatedHint')}>
                <Tag color="cyan" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
                  {t('list.autocreated')}
                </Tag>
              </Tooltip>
            ) : null}
          </Flex>
          <Tooltip title={t('list.conversionCounts', row.conversionCounts)}>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid={`campaign-counts-${row.id}`}>
              {t('list.leadCount', { count: row.leadCount })} · {t('list.conversionsShort', row.conversionCounts)}
            </Typography.Text>
          </Tooltip>
        </Flex>
      ),
    },
  ];
  if (!affiliateView)
    columns.push({
      key: 'affiliateId',
      title: t('columns.affiliate'),
      sortable: true,
      render: (_v, row) => (
        <Flex vertical style={{ maxWidth: 140, lineHeight: 1.3 }}>
          <Link to={`/affiliates/members/${row.affiliate.id}`}>
            <Typography.Text ellipsis style={{ color: 'inherit' }}>
              {personName(row.affiliate)}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {row.team ? row.team.title : row.affiliate.email}
          </Typography.Text>
        </Flex>
      ),
    });
  columns.push(
    {
      key: 'offerId',
      title: t('columns.offer'),
      sortable: true,
      render: (_v, row) => (
        <Flex vertical style={{ maxWidth: 140, lineHeight: 1.3 }}>
          <Link to={`/offers/${row.offer.id}`}>
            <Typography.Text ellipsis style={{ color: 'inherit' }}>
              {row.offer.title}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{row.offer.id} · {t(`methods.${row.integrationMethod}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'countries',
      title: <Tooltip title={`${t('columns.countries')} / ${t('columns.trafficSource')}`}>{t('columns.countries')}</Tooltip>,
      settingsLabel: t('columns.countries'),
      render: (_v, row) => (
        <Flex vertical style={{ lineHeight: 1.3, maxWidth: 110 }}>
          <CountryCodes codes={row.countries} max={2} />
          {row.trafficSource ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.trafficSource.title }} style={{ fontSize: 12 }}>
              {row.trafficSource.title}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortable: true,
      render: (_v, row) =>
        row.status === 'blocked' && row.blockReason ? (
          <Tooltip title={t('list.blockedBecause', { reason: row.blockReason })}>
            <span data-testid="campaign-status">
              <StatusTag status={row.status} />
            </span>
          </Tooltip>
        ) : (
          <span data-testid="campaign-status">
            <StatusTag status={row.status} />
          </span>
        ),
    },
    {
      key: 'trackingUrl',
      title: t('columns.trackingUrl'),
      render: (_v, row) => <TrackingLinkCell url={row.trackingUrl} parked={Boolean(row.domain)} testId={`campaign-copy-${row.id}`} />,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      sortable: true,
      render: (s: number) => (
        <Tooltip title={formatDateTime(s, timezone)}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDate(s, timezone)}</Typography.Text>
        </Tooltip>
      ),
    },
  );
  if (can.write)
    columns.push({
      key: 'actions',
      title: '',
      settingsLabel: t('columns.actions'),
      alwaysVisible: true,
      width: 56,
      align: 'right',
      fixed: 'right',
      render: (_v, row) => {
        const available = actionsFor(row.status, can);
        if (!available.length) return null;
        const items: MenuProps['items'] = available.flatMap((a) => [
          ...(a === 'delete' ? [{ type: 'divider' as const }] : []),
          { key: a, icon: ACTION_ICONS[a], label: t(`actions.${a}`), danger: a === 'delete' || a === 'block' },
        ]);
        return (
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{ items, onClick: ({ key }) => perform(key as CampaignAction, [row]) }}
          >
            <Button
              type="text"
              icon={<MoreOutlined />}
              aria-label={`${t('actions.more')}: ${row.title}`}
              data-testid={`campaign-actions-${row.id}`}
            />
          </Dropdown>
        );
      },
    });

  const bulk = bulkActionsFor(can);
  const openCreate = () => setDrawer({ campaign: null });

  return (
    <Page
      title={t('title')}
      subtitle={affiliateView ? t('subtitleAffiliate') : t('subtitle')}
      extra={
        can.write ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="campaign-create">
            {t('actions.create')}
          </Button>
        ) : null
      }
    >
      <Card variant="borderless">
        <Flex vertical gap={12}>
          <Segmented
            value={tab}
            onChange={(v) => {
              setSelected([]);
              navigate({ pathname: `/campaigns/${v}`, search: location.search.replace(/([?&])offset=\d+&?/, '$1') });
            }}
            options={TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
            style={{ alignSelf: 'flex-start' }}
            data-testid="campaign-tabs"
          />
          <DataTable<Campaign>
            name={affiliateView ? 'campaigns.affiliate' : 'campaigns'}
            size="middle"
            columns={columns}
            table={table}
            data={list.data}
            loading={list.isFetching}
            error={list.error}
            onRetry={() => void list.refetch()}
            rowSelection={
              can.write
                ? {
                    selectedRowKeys: selected.map((c) => c.id),
                    onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                    preserveSelectedRowKeys: true,
                    getCheckboxProps: (row) => ({ disabled: row.status === 'deleted' }),
                  }
                : undefined
            }
            empty={{
              title: filtered || tab !== 'all' ? t('emptyFilteredTitle') : t('emptyTitle'),
              description: filtered ? t('emptyFiltered') : affiliateView ? t('emptyTextAffiliate') : t('emptyText'),
              action: filtered ? (
                <Button onClick={table.reset}>{t('filters.reset')}</Button>
              ) : affiliateView ? (
                <Flex gap={8} justify="center">
                  <Button onClick={() => navigate('/offers/all')}>{t('list.browseOffers')}</Button>
                  {can.write ? (
                    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
                      {t('actions.create')}
                    </Button>
                  ) : null}
                </Flex>
              ) : can.write ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
                  {t('actions.create')}
                </Button>
              ) : undefined,
            }}
            toolbar={
              <>
                <SearchBox table={table} placeholder={t('filters.search')} />
                <OfferPicker multiple {...idsFilter(table, 'offerId', t('filters.offer'), 200)} />
                {!affiliateView ? <AffiliatePicker {...idsFilter(table, 'affiliateId', t('filters.affiliate'), 200)} /> : null}
                <CountryPicker
                  value={codeList(f.countries)}
                  onChange={(v) => table.setFilters({ countries: v })}
                  placeholder={t('filters.countries')}
                  maxTagCount="responsive"
                  style={{ width: 170 }}
                  aria-label={t('filters.countries')}
                />
                <TrackDomainPicker multiple {...idsFilter(table, 'domainId', t('filters.domain'), 170)} />
                <SourcePicker multiple {...idsFilter(table, 'trafficSourceId', t('filters.trafficSource'), 180)} />
              </>
            }
            title={
              selected.length
                ? () => (
                    <BulkBar
                      count={selected.length}
                      onClear={() => setSelected([])}
                      busy={actions.busy}
                      extra={
                        <>
                          {bulk.map((a) => (
                            <Button
                              key={a}
                              size="small"
                              danger={a === 'delete' || a === 'block'}
                              disabled={actions.busy}
                              onClick={() => perform(a, selected, () => setSelected([]))}
                              data-testid={`bulk-${a}`}
                            >
                              {t(`actions.${a}`)}
                            </Button>
                          ))}
                        </>
                      }
                    />
                  )
                : undefined
            }
          />
        </Flex>
      </Card>
      <CampaignDrawer
        open={drawer !== null}
        campaign={drawer?.campaign ?? null}
        presetOfferId={drawer?.offerId}
        onClose={() => setDrawer(null)}
        onCreated={(c) => navigate(`/campaigns/${c.id}`)}
      />
      {actions.popup}
    </Page>
  );
}
