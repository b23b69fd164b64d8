/**
 * /leads (front.menu.statistics.read; reading needs lead.read, lead.assigned.read or lead.own.read, actions lead.update):
 * staff see every lead of the affiliates they read, affiliates their own without the advertiser side (the server
 * scopes; the screen hides what does not apply). Filters bound to the URL: creation days with presets in the user's
 * zone, search, and the dependent filters (status, offer, affiliate, advertiser, campaign, country, vertical, grade).
 * 25 a page, newest first. Mass resend, trash and grade (one vertical) with the product §8 outcome; export with progress;
 * a lead opens in a drawer (`?lead=<id>`).
 */
import { DeleteOutlined, RedoOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { API_LEAD_STATUSES } from '@leadgrid/shared/constants';
import type { LeadAction, LeadFilterSlug, LeadListItem, LeadTotals } from '@leadgrid/shared/engine/leads';
import { Button, Flex, Tooltip, Typography, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allowed, isStaff } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { actionsColumn, RowMenu } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import { StatusTag } from '../../../components/StatusTag';
import { TotalsCount, type DataColumn, type ListData } from '../../../components/table/DataTable';
import { useIdParam } from '../../../components/table/useIdParam';
import { textValues } from '../../../components/table/urlLists';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { useLeadActions } from './actions';
import { useLeads } from './api';
import { ExportButton } from './ExportButton';
import { FilterSelect, rememberLabel } from './FilterSelect';
import { filterValues, LEAD_FILTERS, leadFiltersQuery, leadListQuery, SLUG_FILTER, STAFF_ONLY_FILTERS } from './filters';
import { useLeadsT } from './i18n';
import { actionsOf, bulkActionsOf, LEAD_UPDATE } from './model';
import { leadName, SubFilter, SubsCell } from './parts';
import { OutcomeAlert, type OutcomeText } from '../../../components/OutcomeAlert';
import { personName } from '../../../components/format';
import { DateRangeFilter } from '../../../components/period/DateRangeFilter';
import { CellLine, CellSecondary, CellStack, CellText, Dash } from '../../../components/table/cells';
import { LightTag } from '../../../components/LightTag';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const LeadDrawer = lazyWhenOpen(
  () => import('./LeadDrawer').then((m) => m.LeadDrawer),
  (p) => p.id !== undefined,
);

const ACTION_ICONS = { resend: <RedoOutlined />, trash: <DeleteOutlined />, grade: <StarOutlined /> } as const;

/** the dependent filters in toolbar order, with their widths */
const FILTER_SELECTS: { slug: LeadFilterSlug; label: string; width: number }[] = [
  { slug: 'statuses', label: 'status', width: 170 },
  { slug: 'offers', label: 'offer', width: 170 },
  { slug: 'affiliates', label: 'affiliate', width: 170 },
  { slug: 'advertisers', label: 'advertiser', width: 170 },
  { slug: 'campaigns', label: 'campaign', width: 170 },
  { slug: 'countries', label: 'country', width: 130 },
  { slug: 'verticals', label: 'vertical', width: 150 },
  { slug: 'leadGrades', label: 'grade', width: 140 },
];

export default function LeadsPage() {
  const { t } = useLeadsT();
  const { access, timezone } = useSession();
  const staff = access ? isStaff(access) : false;
  const canUpdate = allowed(access, LEAD_UPDATE);
  const [params] = useSearchParams();
  const resource = useResourceList<LeadListItem, NonNullable<ListData<LeadListItem, LeadTotals>['meta']>>({
    defaultOrderBy: 'createdAt:desc',
    filters: LEAD_FILTERS,
    useList: (q) => useLeads(leadListQuery(q, textValues(q), timezone, staff)),
  });
  const { table, list, filtered, selectedRows, clearSelection } = resource;
  const f = table.filters;
  const filtersQuery = useMemo(() => leadFiltersQuery(f, timezone, staff), [f, timezone, staff]);
  const [outcome, setOutcome] = useState<OutcomeText | null>(null);
  const actions = useLeadActions(setOutcome);
  const [openId, setLead] = useIdParam('lead');

  // list rows know the names of their offers, affiliates, … : the filters show them for chosen ids
  for (const row of list.data?.items ?? []) {
    rememberLabel('offers', row.offer.id, row.offer.title);
    rememberLabel('verticals', row.vertical.id, row.vertical.title);
    rememberLabel('affiliates', row.affiliate.id, personName(row.affiliate));
    if (row.campaign) rememberLabel('campaigns', row.campaign.id, row.campaign.title);
    if (row.advertiser) rememberLabel('advertisers', row.advertiser.id, row.advertiser.title);
  }

  const statusOptions = API_LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  const gradeOptions = [{ value: 'none', label: t('filters.noGrade') }];

  const secondary = (text: string) => (
    <CellText type="secondary" small style={{ display: 'block' }}>
      {text}
    </CellText>
  );
  const columns: DataColumn<LeadListItem>[] = [
    {
      key: 'id',
      title: `${t('columns.id')} · ${t('columns.createdAt')}`,
      sortable: true,
      alwaysVisible: true,
      width: 130,
      render: (id: number, row) => (
        <CellStack>
          <Link
            to={{ search: `?${withLead(params, id)}` }}
            onClick={(e) => {
              e.preventDefault();
              setLead(id);
            }}
            aria-label={t('list.open', { id })}
            style={{ fontWeight: 600 }}
            data-testid="lead-open"
          >
            #{id}
          </Link>
          <CellSecondary small nowrap testId="lead-created">
            {formatDateTime(row.createdAt, timezone)}
          </CellSecondary>
        </CellStack>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortable: true,
      width: 100,
      render: (_v, row) => (
        <CellLine wrap testId="lead-status">
          <StatusTag status={row.status} title={row.statusReason ?? undefined} />
          {row.isTest && row.status !== 'test' ? <LightTag color="purple">{t('list.test')}</LightTag> : null}
        </CellLine>
      ),
    },
    {
      key: 'contact',
      title: t('columns.contact'),
      render: (_v, row) => (
        <CellStack width={150}>
          <CellLine>
            {row.country ? <LightTag style={{ fontSize: 11, lineHeight: '16px', paddingInline: 4 }}>{row.country}</LightTag> : null}
            <CellText>{leadName(row) || row.email || row.phone || '—'}</CellText>
          </CellLine>
          {secondary([row.phone, row.email].filter(Boolean).join(' · ') || '—')}
        </CellStack>
      ),
    },
    {
      key: 'offer',
      title: t('columns.offer'),
      render: (_v, row) => (
        <CellStack width={140}>
          <CellText>{row.offer.title}</CellText>
          {secondary(row.campaign ? `${row.vertical.title} · ${row.campaign.title}` : row.vertical.title)}
        </CellStack>
      ),
    },
  ];
  if (staff)
    columns.push(
      {
        key: 'affiliate',
        title: t('columns.affiliate'),
        render: (_v, row) => (
          <Link to={`/affiliates/members/${row.affiliate.id}`} style={{ display: 'block', width: 100 }}>
            <CellText style={{ color: 'inherit' }}>{personName(row.affiliate)}</CellText>
          </Link>
        ),
      },
      {
        key: 'advertiser',
        title: t('columns.advertiser'),
        render: (_v, row) => (
          <div style={{ width: 100 }}>
            {row.advertiser ? (
              <>
                <CellText style={{ display: 'block' }}>{row.advertiser.title}</CellText>
                {row.advertiserLeadId ? secondary(row.advertiserLeadId) : null}
              </>
            ) : (
              <Dash />
            )}
          </div>
        ),
      },
    );
  columns.push(
    {
      key: 'leadGrade',
      title: t('columns.grade'),
      render: (_v, row) =>
        row.leadGrade ? (
          <LightTag color="blue" style={{ maxWidth: 90 }} title={row.leadGradeTitle ?? row.leadGrade}>
            {row.leadGradeTitle ?? row.leadGrade}
          </LightTag>
        ) : (
          <Dash />
        ),
    },
    { key: 'subs', title: t('columns.subs'), render: (_v, row) => <SubsCell lead={row} /> },
  );
  if (canUpdate)
    columns.push(
      actionsColumn(
        t('columns.actions'),
        (row) => {
          const items: MenuProps['items'] = actionsOf(row).map((a) => ({
            key: a,
            icon: ACTION_ICONS[a],
            label: t(`actions.${a}`),
            danger: a === 'trash',
          }));
          return (
            <RowMenu
              label={t('actions.more')}
              name={`#${row.id}`}
              testId={`lead-actions-${row.id}`}
              menu={{ items, onClick: ({ key }) => actions.run(key as LeadAction, [row]) }}
            />
          );
        },
        44,
      ),
    );

  const totals = list.data?.meta?.totals;
  /** the totals row: every lead of the filter (the server's meta.totals), counted by status */
  const summaryCells = (sums: LeadTotals) => ({
    id: <TotalsCount label={t('list.total', { count: sums.count })} hint={t('list.totalHint')} testId="leads-total-count" />,
    status: (
      <Flex vertical gap={2} align="flex-start" data-testid="leads-total-statuses">
        {API_LEAD_STATUSES.filter((s) => sums.byStatus[s]).map((s) => (
          <Flex key={s} gap={4} align="center" style={{ whiteSpace: 'nowrap' }}>
            <StatusTag status={s} />
            <Typography.Text strong>{sums.byStatus[s]}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    ),
  });
  const bulk = bulkActionsOf(selectedRows);
  const exportQuery = { ...filtersQuery, orderBy: resource.query.orderBy };

  return (
    <ResourceListPage<LeadListItem>
      title={t('title')}
      subtitle={staff ? t('subtitle') : t('subtitleAffiliate')}
      actions={
        <Flex gap={8}>
          {canUpdate ? (
            <Link to="/leads/import">
              <Button icon={<UploadOutlined />} data-testid="leads-import">
                {t('importButton')}
              </Button>
            </Link>
          ) : null}
          <ExportButton query={exportQuery} />
        </Flex>
      }
      tabs={<OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      resource={resource}
      name={staff ? 'leads' : 'leads.affiliate'}
      size="small"
      columns={columns}
      totalsCells={totals ? summaryCells(totals) : undefined}
      onRow={(row) => ({ onDoubleClick: () => setLead(row.id) })}
      selectable={canUpdate}
      empty={{
        title: filtered ? t('emptyFilteredTitle') : t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : staff ? t('emptyText') : t('emptyTextAffiliate'),
        action: filtered ? <Button onClick={table.reset}>{t('filters.reset')}</Button> : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('filters.search')} />
          <DateRangeFilter from={f.dateFrom} to={f.dateTo} tz={timezone} onChange={(range) => table.setFilters(range)} />
          {FILTER_SELECTS.filter((s) => staff || !STAFF_ONLY_FILTERS.includes(SLUG_FILTER[s.slug])).map((s) => {
            const name = SLUG_FILTER[s.slug];
            return (
              <FilterSelect
                key={s.slug}
                slug={s.slug}
                context={filtersQuery}
                value={filterValues(name, f[name])}
                onChange={(v) => table.setFilters({ [name]: v })}
                placeholder={t(`filters.${s.label}`)}
                width={s.width}
                fixed={s.slug === 'statuses' ? statusOptions : s.slug === 'leadGrades' ? gradeOptions : undefined}
                render={s.slug === 'statuses' ? (v) => <StatusTag status={String(v)} /> : undefined}
              />
            );
          })}
          <SubFilter filters={f} onChange={(patch) => table.setFilters(patch)} />
          {filtered ? (
            <Button type="link" onClick={table.reset} data-testid="lead-filters-reset">
              {t('filters.reset')}
            </Button>
          ) : null}
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={actions.busy}
          extra={bulk.map(({ action, enabled }) => (
            <Tooltip key={action} title={action === 'grade' && !enabled ? t('actions.gradeOneVertical') : undefined}>
              <Button
                size="small"
                icon={ACTION_ICONS[action]}
                danger={action === 'trash'}
                disabled={!enabled || actions.busy}
                onClick={() => actions.run(action, selectedRows, clearSelection)}
                data-testid={`lead-bulk-${action}`}
              >
                {t(`actions.${action}`)}
              </Button>
            </Tooltip>
          ))}
        />
      )}
    >
      <LeadDrawer id={openId} staff={staff} canUpdate={canUpdate} onClose={() => setLead(null)} />
      {actions.popup}
    </ResourceListPage>
  );
}

/** the current search with `lead=<id>` (the link of a lead's id, for opening it in a new tab) */
function withLead(params: URLSearchParams, id: number) {
  const next = new URLSearchParams(params);
  next.set('lead', String(id));
  return next.toString();
}
