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
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { Campaign } from '@leadgrid/shared/inventory/campaigns';
import { Button, Flex, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { idsFilter } from '../../../components/list/idsFilter';
import { actionsColumn, dateColumn, idColumn, RowMenu } from '../../../components/list/columns';
import { CreateButton } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import { StatusTag } from '../../../components/StatusTag';
import type { DataColumn } from '../../../components/table/DataTable';
import { AffiliatePicker } from '../../../components/pickers/people';
import { personName } from '@leadgrid/shared/people/names';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { useCampaignActions, type StatusAction } from './actions';
import { useCampaigns } from './api';
import { useCampaignsT } from './i18n';
import {
  actionsFor,
  bulkActionsFor,
  CAMPAIGN_BLOCK,
  CAMPAIGN_WRITE,
  FILTERS,
  TABS,
  tabOf,
  type CampaignAction,
  type Target,
} from './model';
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
  const resource = useResourceList<Campaign>({
    defaultOrderBy: 'id:desc',
    filters: FILTERS,
    scope: { status: tab === 'all' ? undefined : tab },
    useList: useCampaigns,
  });
  const { table, filtered, clearSelection } = resource;
  const [drawer, setDrawer] = useState<{ campaign: Campaign | null; offerId?: number } | null>(null);
  const actions = useCampaignActions();
  const f = table.filters;

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

  const perform = (action: CampaignAction, row: Campaign) => {
    if (action === 'edit') return setDrawer({ campaign: row });
    actions.run(action as StatusAction, [row]);
  };
  /** the selected campaigns with their titles (for the confirmation) */
  const targets = (ids: number[]): Target[] => ids.map((id) => ({ id, title: resource.titleOf(id, (c) => c.title) }));

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
    idColumn(t('columns.id'), 64),
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
    dateColumn('createdAt', t('columns.createdAt'), timezone),
  );
  if (can.write)
    columns.push(
      actionsColumn(t('columns.actions'), (row) => {
        const available = actionsFor(row.status, can);
        if (!available.length) return null;
        const items: MenuProps['items'] = available.flatMap((a) => [
          ...(a === 'delete' ? [{ type: 'divider' as const }] : []),
          { key: a, icon: ACTION_ICONS[a], label: t(`actions.${a}`), danger: a === 'delete' || a === 'block' },
        ]);
        return (
          <RowMenu
            label={t('actions.more')}
            name={row.title}
            testId={`campaign-actions-${row.id}`}
            menu={{ items, onClick: ({ key }) => perform(key as CampaignAction, row) }}
          />
        );
      }),
    );

  const bulk = bulkActionsFor(can);
  const openCreate = () => setDrawer({ campaign: null });

  const createButton = <CreateButton onClick={openCreate}>{t('actions.create')}</CreateButton>;

  return (
    <ResourceListPage<Campaign>
      title={t('title')}
      subtitle={affiliateView ? t('subtitleAffiliate') : t('subtitle')}
      create={can.write && { label: t('actions.create'), onClick: openCreate, testId: 'campaign-create' }}
      tabs={<RouteTabs tabs={TABS} value={tab} base="/campaigns" label={(v) => t(`tabs.${v}`)} testId="campaign-tabs" />}
      resource={resource}
      name={affiliateView ? 'campaigns.affiliate' : 'campaigns'}
      size="middle"
      columns={columns}
      selectable={can.write && { getCheckboxProps: (row) => ({ disabled: row.status === 'deleted' }) }}
      empty={{
        title: filtered || tab !== 'all' ? t('emptyFilteredTitle') : t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : affiliateView ? t('emptyTextAffiliate') : t('emptyText'),
        action: filtered ? (
          <Button onClick={table.reset}>{t('filters.reset')}</Button>
        ) : affiliateView ? (
          <Flex gap={8} justify="center">
            <Button onClick={() => navigate('/offers/all')}>{t('list.browseOffers')}</Button>
            {can.write ? createButton : null}
          </Flex>
        ) : can.write ? (
          createButton
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
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={actions.busy}
          extra={bulk.map((a) => (
            <Button
              key={a}
              size="small"
              danger={a === 'delete' || a === 'block'}
              disabled={actions.busy}
              onClick={() => actions.run(a as StatusAction, targets(ids), clearSelection)}
              data-testid={`bulk-${a}`}
            >
              {t(`actions.${a}`)}
            </Button>
          ))}
        />
      )}
    >
      <CampaignDrawer
        open={drawer !== null}
        campaign={drawer?.campaign ?? null}
        presetOfferId={drawer?.offerId}
        onClose={() => setDrawer(null)}
        onCreated={(c) => navigate(`/campaigns/${c.id}`)}
      />
      {actions.popup}
    </ResourceListPage>
  );
}
