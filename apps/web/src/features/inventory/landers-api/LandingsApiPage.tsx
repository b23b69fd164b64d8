/**
 * /landings-api (front.menu.landers_api.read; writes landers_api.update): the landing API library — pages kept once
 * in language versions that offers' landers are made from. Filters: vertical, category, tag, language, page type,
 * status and search; create / edit in a drawer; status changes behind a confirmation. A row opens its page.
 */
import { EditOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { LANDERS_API_STATUSES, type LanderApi } from '@leadgrid/shared/inventory/landers';
import { LANDER_PAGE_TYPES } from '@leadgrid/shared/inventory/sieves';
import { Button, Flex, Segmented, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { useLanguages } from '../../../components/sieve/api';
import { StatusTag } from '../../../components/StatusTag';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { VerticalPicker } from '../../../components/pickers/sellSide';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { CategoryPicker, TagPicker } from '../../../components/pickers/lists';
import { useLandingApiLanguages, useLandingApis, WRITE } from './api';
import { useLandingApiStatus } from './actions';
import { useLandingsApiT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const LandingApiDrawer = lazyWhenOpen(() => import('./LandingApiDrawer').then((m) => m.LandingApiDrawer));

const FILTERS = ['search', 'status', 'verticalId', 'categoryId', 'tagId', 'language', 'pageType'] as const;

/** A page's language versions as code chips, inactive ones struck through. */
export function VersionChips({ page, max = 6 }: { page: LanderApi; max?: number }) {
  const { t } = useLandingsApiT();
  if (!page.languages.length) return <Typography.Text type="warning">{t('versions.none')}</Typography.Text>;
  const shown = page.languages.slice(0, max);
  return (
    <Flex gap={4} wrap style={{ maxWidth: 220 }}>
      {shown.map((l) => (
        <Tooltip key={l.id} title={`${l.targetUrl}${l.status === 'inactive' ? ` · ${t('status.inactive')}` : ''}`}>
          <Tag
            color={l.status === 'active' ? 'blue' : undefined}
            style={{
              marginInlineEnd: 0,
              fontFamily: 'var(--ant-font-family-code)',
              textDecoration: l.status === 'active' ? undefined : 'line-through',
            }}
          >
            {l.language}
          </Tag>
        </Tooltip>
      ))}
      {page.languages.length > max ? <Tag style={{ marginInlineEnd: 0 }}>+{page.languages.length - max}</Tag> : null}
    </Flex>
  );
}

export default function LandingsApiPage() {
  const { t } = useLandingsApiT();
  const navigate = useNavigate();
  const { access } = useSession();
  const canWrite = allowed(access, WRITE);
  const resource = useResourceList({ defaultOrderBy: 'id:desc', filters: FILTERS, useList: useLandingApis });
  const { table, filtered, clearSelection } = resource;
  const languagesInUse = useLandingApiLanguages();
  const languageNames = useLanguages();
  const names = new Map((languageNames.data ?? []).map((l) => [l.code, l.name]));
  const status = useLandingApiStatus();
  const [drawer, setDrawer] = useState<{ page: LanderApi | null } | null>(null);
  const open = (p: LanderApi) => navigate(`/landings-api/${p.id}`);
  const idFilter = (name: 'verticalId' | 'categoryId' | 'tagId') => (table.filters[name] ? Number(table.filters[name]) : undefined);

  const columns: DataColumn<LanderApi>[] = [
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, p) => (
        <Flex vertical style={{ minWidth: 160, maxWidth: 240 }}>
          <Typography.Link strong onClick={() => open(p)} ellipsis data-testid="landing-api-row-title">
            {title}
          </Typography.Link>
          <Typography.Text type="secondary" ellipsis={{ tooltip: p.description || undefined }} style={{ fontSize: 12 }}>
            #{p.id}
            {p.description ? ` · ${p.description}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'vertical',
      title: t('fields.vertical'),
      render: (v: LanderApi['vertical'], p) => (
        <Flex vertical gap={2} align="flex-start">
          <Typography.Text type={v ? undefined : 'secondary'} style={{ whiteSpace: 'nowrap' }}>
            {v?.title ?? t('drawer.anyVertical')}
          </Typography.Text>
          <Tag color={p.pageType === 'landing' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>
            {t(`pageTypes.${p.pageType}`)}
          </Tag>
        </Flex>
      ),
    },
    { key: 'languages', title: t('fields.languages'), render: (_, p) => <VersionChips page={p} /> },
    {
      key: 'categories',
      title: t('fields.categories'),
      render: (list: LanderApi['categories']) =>
        list.length ? (
          <Typography.Text ellipsis={{ tooltip: list.map((c) => c.title).join(', ') }} style={{ maxWidth: 180, display: 'block' }}>
            {list.map((c) => c.title).join(', ')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'tags',
      title: t('fields.tags'),
      render: (list: LanderApi['tags']) =>
        list.length ? (
          <Flex gap={4} wrap style={{ maxWidth: 180 }}>
            <Tag style={{ marginInlineEnd: 0 }}>{list[0].title}</Tag>
            {list.length > 1 ? (
              <Tooltip
                title={list
                  .slice(1)
                  .map((x) => x.title)
                  .join(', ')}
              >
                <Tag style={{ marginInlineEnd: 0 }}>+{list.length - 1}</Tag>
              </Tooltip>
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'assignedToOffers',
      title: t('fields.offers'),
      align: 'right',
      render: (offers: LanderApi['assignedToOffers']) =>
        offers.length ? (
          <Tooltip title={offers.map((o) => o.title).join(', ')}>
            <Typography.Text>{offers.length}</Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      render: (s: string) => <StatusTag status={s} />,
    },
    {
      key: 'actions',
      title: '',
      settingsLabel: t('fields.actions'),
      alwaysVisible: true,
      width: 96,
      align: 'right',
      fixed: 'right',
      render: (_, p) => (
        <Flex justify="flex-end">
          {canWrite ? (
            <Tooltip title={t('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                onClick={() => setDrawer({ page: p })}
                aria-label={t('actions.edit')}
                data-testid="landing-api-edit"
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('actions.open')}>
            <Button type="text" icon={<RightOutlined />} onClick={() => open(p)} aria-label={t('actions.open')} />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <ResourceListPage<LanderApi>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('actions.create'), onClick: () => setDrawer({ page: null }), testId: 'landing-api-create' }}
      resource={resource}
      name="landings-api"
      columns={columns}
      selectable={canWrite}
      empty={
        filtered
          ? {
              title: t('emptyFilteredTitle'),
              description: t('emptyFiltered'),
              action: <Button onClick={() => table.reset()}>{t('filters.reset')}</Button>,
            }
          : {
              title: t('emptyTitle'),
              description: t('emptyText'),
              action: canWrite ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ page: null })}>
                  {t('actions.create')}
                </Button>
              ) : undefined,
            }
      }
      toolbar={
        <>
          <Segmented
            value={table.filters.status ?? 'all'}
            onChange={(v) => table.setFilters({ status: v === 'all' ? null : v })}
            options={[...LANDERS_API_STATUSES, 'all' as const].map((s) => ({ value: s, label: t(`tabs.${s}`) }))}
            data-testid="landing-api-status-tabs"
          />
          <SearchBox table={table} placeholder={t('filters.search')} />
          <VerticalPicker
            value={idFilter('verticalId')}
            onChange={(v) => table.setFilters({ verticalId: (v as number | undefined) ?? null })}
            placeholder={t('filters.vertical')}
            style={{ width: 150 }}
          />
          <CategoryPicker
            multiple={false}
            value={idFilter('categoryId')}
            onChange={(v) => table.setFilters({ categoryId: (v as number | undefined) ?? null })}
            placeholder={t('filters.category')}
            style={{ width: 150 }}
          />
          <TagPicker
            type="landing"
            multiple={false}
            value={idFilter('tagId')}
            onChange={(v) => table.setFilters({ tagId: (v as number | undefined) ?? null })}
            placeholder={t('filters.tag')}
            style={{ width: 150 }}
          />
          <Select<string>
            allowClear
            value={table.filters.language}
            onChange={(v) => table.setFilters({ language: v ?? null })}
            placeholder={t('filters.language')}
            aria-label={t('filters.language')}
            loading={languagesInUse.isFetching}
            options={(languagesInUse.data ?? []).map((code) => ({
              value: code,
              label: names.has(code) ? `${code} · ${names.get(code)}` : code,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 150 }}
            data-testid="landing-api-language-filter"
          />
          <Select<string>
            allowClear
            value={table.filters.pageType}
            onChange={(v) => table.setFilters({ pageType: v ?? null })}
            placeholder={t('fields.pageType')}
            aria-label={t('fields.pageType')}
            options={LANDER_PAGE_TYPES.map((p) => ({ value: p, label: t(`pageTypes.${p}`) }))}
            style={{ width: 140 }}
          />
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={status.busy}
          onStatus={(next) => status.ask(ids, next, clearSelection)}
        />
      )}
    >
      <LandingApiDrawer
        open={drawer !== null}
        page={drawer?.page ?? null}
        onClose={() => setDrawer(null)}
        onSaved={(saved) => (drawer?.page ? undefined : navigate(`/landings-api/${saved.id}`))}
      />
    </ResourceListPage>
  );
}
