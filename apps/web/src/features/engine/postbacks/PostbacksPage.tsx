/**
 * /postbacks[/active|/inactive|/all] (postback.read for staff, postback.own.read for affiliates): affiliate and team
 * postbacks with their URL, events and goal events, method, status and the campaigns naming them. Staff filter by
 * affiliate and team; affiliates see their own. A row opens /postbacks/{id}; "New postback" opens /postbacks/new.
 */
import { EditOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES, POSTBACK_EVENTS } from '@leadgrid/shared/constants';
import type { AffiliatePostback } from '@leadgrid/shared/engine/postbacks';
import { Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { actionsColumn } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import { RouteTabs, STATUS_TABS, statusScope, useStatusTab } from '../../../components/list/RouteTabs';
import type { DataColumn } from '../../../components/table/DataTable';
import { AffiliatePicker, TeamPicker } from '../../../components/pickers/people';
import { mono } from '../postbackBuilder';
import { NS as GP } from '../postbackI18n';
import { BulkBar, SearchBox, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';
import { useChangePostbackStatus, usePostbacks } from '../../../api/postbacks';
import { NS } from './i18n';
import { OwnerCell, POSTBACK_WRITE } from './parts';

const firstId = (v: string | undefined) => (v ? Number(v.split(',')[0]) || null : null);

/** Events as a count with the list in a tooltip, and the goals listened to. */
function EventsCell({ postback }: { postback: AffiliatePostback }) {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(GP);
  return (
    <Flex gap={4} wrap>
      {postback.events.length ? (
        <Tooltip title={postback.events.map((e) => tg(`events.${e}`)).join(', ')}>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('eventsCount', { count: postback.events.length })}
          </Tag>
        </Tooltip>
      ) : null}
      {postback.goalEvents.length ? (
        <Tooltip
          title={postback.goalEvents
            .map((g) => `${g.goalTitle ?? `#${g.goalId}`}: ${g.events.map((e) => tg(`events.${e}`)).join(', ')}`)
            .join('; ')}
        >
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            {t('goalsCount', { count: postback.goalEvents.length })}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

export default function PostbacksPage() {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(GP);
  const navigate = useNavigate();
  const { access, timezone } = useSession();
  const affiliateView = !!access && isAffiliate(access);
  const canWrite = allowed(access, POSTBACK_WRITE);
  const tab = useStatusTab();
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: ['search', 'event', 'affiliateId', 'teamId', 'status'],
    scope: statusScope(tab),
    useList: usePostbacks,
  });
  const { table, clearSelection } = resource;
  const f = table.filters;
  const changeStatus = useChangePostbackStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const open = (row: AffiliatePostback) => navigate(`/postbacks/${row.id}`);
  const create = () => navigate('/postbacks/new');

  const columns: DataColumn<AffiliatePostback>[] = [
    {
      key: 'id',
      title: t('fields.id'),
      sortable: true,
      width: 110,
      render: (id: number, row) => (
        <Flex vertical style={{ lineHeight: 1.3 }}>
          <Typography.Text>{id}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {formatDateTime(row.createdAt, timezone)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex vertical style={{ maxWidth: 300, minWidth: 220 }}>
          <Typography.Link strong onClick={() => open(row)} data-testid="postback-row-title">
            {title || t('untitled')}
          </Typography.Link>
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <Tag style={{ ...mono, fontSize: 11, lineHeight: '16px', marginInlineEnd: 0 }}>{row.method}</Tag>
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.url }} style={{ ...mono, fontSize: 12, maxWidth: 250 }}>
              {row.url}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    ...(affiliateView
      ? []
      : [{ key: 'owner', title: t('fields.owner'), render: (_: unknown, row: AffiliatePostback) => <OwnerCell postback={row} /> }]),
    {
      key: 'events',
      title: t('fields.events'),
      render: (_, row) => (
        <Flex vertical gap={4}>
          <EventsCell postback={row} />
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {row.campaignCount ? t('campaignsCount', { count: row.campaignCount }) : t('allCampaigns')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      filters: tab === 'all' ? statusFilters : undefined,
      render: (s: string) => <StatusTag status={s} />,
    },
    actionsColumn(t('actions.edit'), (row) => (
      <Tooltip title={canWrite ? t('actions.edit') : t('actions.open')}>
        <Button type="text" icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={() => open(row)} data-testid="postback-edit" />
      </Tooltip>
    )),
  ];

  return (
    <ResourceListPage<AffiliatePostback>
      title={t('title')}
      subtitle={affiliateView ? t('subtitleAffiliate') : t('subtitleStaff')}
      create={canWrite && { label: t('create'), onClick: create, testId: 'postback-create' }}
      resource={resource}
      name="postbacks"
      columns={columns}
      selectable={canWrite}
      empty={emptyState(
        t('emptyTitle'),
        affiliateView ? t('emptyTextAffiliate') : t('emptyTextStaff'),
        canWrite ? { label: t('create'), onClick: create } : undefined,
      )}
      toolbar={
        <>
          <RouteTabs tabs={STATUS_TABS} value={tab} base="/postbacks" fresh inline label={(k) => t(`tabs.${k}`)} testId="postback-tabs" />
          <SearchBox table={table} placeholder={affiliateView ? t('searchOwn') : t('search')} />
          <Select
            allowClear
            value={f.event}
            onChange={(v?: string) => table.setFilters({ event: v ?? null })}
            options={POSTBACK_EVENTS.map((e) => ({ value: e, label: tg(`events.${e}`) }))}
            placeholder={t('filters.event')}
            style={{ width: 170 }}
            aria-label={t('filters.event')}
            data-testid="postback-event-filter"
          />
          {affiliateView ? null : (
            <>
              <AffiliatePicker
                multiple={false}
                value={firstId(f.affiliateId)}
                onChange={(v) => table.setFilters({ affiliateId: (v as number | null) ?? null })}
                placeholder={t('filters.affiliate')}
                style={{ width: 170 }}
                aria-label={t('filters.affiliate')}
              />
              <TeamPicker
                multiple={false}
                value={firstId(f.teamId)}
                onChange={(v) => table.setFilters({ teamId: (v as number | null) ?? null })}
                placeholder={t('filters.team')}
                style={{ width: 140 }}
                aria-label={t('filters.team')}
              />
            </>
          )}
        </>
      }
      bulk={(ids) => (
        <BulkBar count={ids.length} onClear={clearSelection} busy={changeStatus.isPending} onStatus={(next) => bulkStatus(ids, next)} />
      )}
    ></ResourceListPage>
  );
}
