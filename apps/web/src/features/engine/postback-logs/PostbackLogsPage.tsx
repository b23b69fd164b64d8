/**
 * /postback-logs/advertisers (log.postback.advertiser.read, staff) and /postback-logs/affiliates: the postback
 * attempts, newest first, 25 a page, filters in the URL (period, result, affiliate, advertiser, lead, conversion,
 * event). Affiliates see only the affiliate log, and only their own postbacks (the server scopes).
 */
import { POSTBACK_EVENTS } from '@leadgrid/shared/constants';
import type { PostbackLog } from '@leadgrid/shared/engine/postback-logs';
import { Button, InputNumber, Select } from 'antd';
import { Link, useLocation } from 'react-router';
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { CreatedRangeFilter } from '../../../components/list/filters';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { AdvertiserPicker } from '../../../components/pickers/sellSide';
import { AffiliatePicker } from '../../../components/pickers/people';
import '../postbackI18n';
import { usePostbackLogs } from './api';
import { usePostbackLogsT } from './i18n';
import { FILTERS, listQuery, logTabs, type LogTab } from './model';
import { NamedRef, ResponseCode, SuccessTag, TargetCell } from './parts';
import { CellSecondary, CellStack, CellText, Dash } from '../../../components/table/cells';
import { LightTag } from '../../../components/LightTag';

const idOf = (v: string | undefined) => (v && Number(v) > 0 ? Number(v) : undefined);
const ids = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : [];

export default function PostbackLogsPage() {
  const { t } = usePostbackLogsT();
  const { access, timezone } = useSession();
  const location = useLocation();
  const tabs = logTabs(access);
  const tab: LogTab = location.pathname.split('/')[2] === 'advertisers' && tabs.includes('advertisers') ? 'advertisers' : 'affiliates';
  const staff = access ? !isAffiliate(access) : false;
  const resource = useResourceList({
    defaultOrderBy: 'createdAt:desc',
    filters: FILTERS,
    useList: (q) => usePostbackLogs(tab, { orderBy: q.orderBy, limit: q.limit, offset: q.offset, ...listQuery(tab, q, staff) }),
  });
  const { table } = resource;
  const f = table.filters;
  const filtered = FILTERS.some((k) => f[k]);

  const columns: DataColumn<PostbackLog>[] = [
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      sortable: true,
      alwaysVisible: true,
      render: (s: number, r) => (
        <Link to={`/postback-logs/${r.id}`} style={{ whiteSpace: 'nowrap' }} data-testid="postback-log-link">
          {formatDateTime(s, timezone)}
        </Link>
      ),
    },
    {
      key: 'entity',
      title: t('columns.entity'),
      render: (e: PostbackLog['entity']) => <LightTag color={e === 'advertiser' ? 'blue' : 'purple'}>{t(`entity.${e}`)}</LightTag>,
    },
  ];
  if (staff)
    columns.push(
      tab === 'advertisers'
        ? {
            key: 'advertiserId',
            title: t('columns.advertiser'),
            render: (id: number | null, r) => (
              <NamedRef id={id} title={r.advertiserTitle} sub={r.integrationTitle} to={`/advertisers/${id}`} />
            ),
          }
        : {
            key: 'affiliateId',
            title: t('columns.affiliate'),
            render: (id: number | null, r) => (
              <NamedRef
                id={id}
                title={r.affiliateName ?? r.affiliateEmail}
                sub={r.affiliateName ? r.affiliateEmail : null}
                to={`/affiliates/members/${id}`}
              />
            ),
          },
    );
  columns.push(
    { key: 'target', title: t('columns.target'), render: (_v, r) => <TargetCell leadId={r.leadId} conversionId={r.conversionId} /> },
    {
      key: 'event',
      title: t('columns.event'),
      render: (_v, r) => (
        <CellStack style={{ lineHeight: 1.3, maxWidth: 200 }}>
          <CellText type={r.event ? undefined : 'secondary'}>
            {r.event ? t(`globalPostback:events.${r.event}`, { defaultValue: r.event }) : '—'}
          </CellText>
          {r.goalId !== null ? <CellSecondary small>{`${t('columns.goal')}: ${r.goalTitle ?? `#${r.goalId}`}`}</CellSecondary> : null}
        </CellStack>
      ),
    },
    {
      key: 'conversionStatus',
      title: t('columns.conversionStatus'),
      render: (s: number | null) =>
        s ? <span style={{ whiteSpace: 'nowrap' }}>{t(`conversionStatuses.${s}`, { defaultValue: String(s) })}</span> : <Dash />,
    },
    { key: 'success', title: t('columns.success'), sortable: true, render: (s: boolean) => <SuccessTag success={s} /> },
    { key: 'responseStatus', title: t('columns.responseStatus'), sortable: true, render: (c: number | null) => <ResponseCode code={c} /> },
    {
      key: 'msg',
      title: t('columns.msg'),
      render: (m: string | null) => (m ? <CellText style={{ maxWidth: 220 }}>{m}</CellText> : <Dash />),
    },
    { key: 'attempt', title: t('columns.attempt'), sortable: true, align: 'right', width: 90 },
  );

  const num = (name: 'leadId' | 'conversionId') => (
    <InputNumber
      min={1}
      precision={0}
      controls={false}
      value={idOf(f[name])}
      onChange={(v) => table.setFilters({ [name]: v ?? null })}
      placeholder={t(`filters.${name}`)}
      aria-label={t(`filters.${name}`)}
      style={{ width: 130 }}
    />
  );

  return (
    <ResourceListPage<PostbackLog>
      title={t('title')}
      subtitle={staff ? t('subtitle') : t('subtitleAffiliate')}
      tabs={
        tabs.length > 1 ? (
          <RouteTabs tabs={tabs} value={tab} base="/postback-logs" label={(v) => t(`tabs.${v}`)} testId="postback-log-tabs" />
        ) : undefined
      }
      resource={resource}
      name={`postback-logs.${tab}`}
      // the tab already says the direction: the column is there for whoever shows it (the table fits 1440 px)
      defaultHidden={['entity']}
      size="middle"
      columns={columns}
      empty={{
        title: t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : staff ? t('emptyText') : t('emptyTextAffiliate'),
        action: filtered ? <Button onClick={table.reset}>{t('filters.reset')}</Button> : undefined,
      }}
      toolbar={
        <>
          <CreatedRangeFilter table={table} />
          <Select
            allowClear
            value={f.success}
            onChange={(v) => table.setFilters({ success: v ?? null })}
            placeholder={t('filters.success')}
            aria-label={t('filters.success')}
            options={[
              { value: '1', label: t('success.yes') },
              { value: '0', label: t('success.no') },
            ]}
            style={{ width: 130 }}
          />
          {staff && tab === 'affiliates' ? (
            <AffiliatePicker
              multiple
              value={ids(f.affiliateId)}
              onChange={(v) => table.setFilters({ affiliateId: v as number[] })}
              placeholder={t('filters.affiliate')}
              maxTagCount="responsive"
              style={{ width: 200 }}
            />
          ) : null}
          {tab === 'advertisers' ? (
            <AdvertiserPicker
              multiple
              value={ids(f.advertiserId)}
              onChange={(v) => table.setFilters({ advertiserId: v as number[] })}
              placeholder={t('filters.advertiser')}
              maxTagCount="responsive"
              style={{ width: 200 }}
            />
          ) : (
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              value={f.event ? f.event.split(',') : []}
              onChange={(v) => table.setFilters({ event: v })}
              placeholder={t('filters.event')}
              aria-label={t('filters.event')}
              options={POSTBACK_EVENTS.map((e) => ({ value: e, label: t(`globalPostback:events.${e}`, { defaultValue: e }) }))}
              style={{ width: 200 }}
              popupMatchSelectWidth={260}
            />
          )}
          {num('leadId')}
          {num('conversionId')}
          {filtered ? (
            <Button type="link" onClick={table.reset}>
              {t('filters.reset')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
