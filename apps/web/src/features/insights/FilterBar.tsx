/**
 * The controls of a statistics view: the period with the presets of product §9 in the user's zone, the date type
 * (kept in local storage), and the filters — dependent look-ups with server search for entities and countries, text
 * boxes for the subs. Every change goes to the URL through `onChange` (the page's single writer).
 */
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Input, Popover, Segmented, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import type { Query } from '../../api/client';
import { DependentFilterSelect, labelMemory, type DependentFilterSelectProps } from '../../components/DependentFilterSelect';
import { DayRangePicker } from '../../components/period/DayRangePicker';
import { FILTER_SOURCES, useFilterOptions, useLeadFilterOptions, type LookupFilter } from './statistics/api';
import { useStatisticsT } from './i18n';
import { STATISTICS_FILTER_OF } from '@leadgrid/shared/insights/statistics';
import {
  forbiddenDimensions,
  SUBS,
  type DataType,
  type DayRange,
  type Dimension,
  type EntityRef,
  type FilterName,
  type Reader,
  type StatisticsRow,
  type StatisticsView,
} from './model';

const memory = labelMemory();

/** the titles of the entities a table shows, so a filter set from a link shows names, not ids */
export function rememberLabels(dim: Dimension, rows: readonly StatisticsRow[]) {
  const filter = STATISTICS_FILTER_OF[dim];
  if (!filter || !(filter in FILTER_SOURCES)) return;
  for (const row of rows) {
    const v = row[dim];
    if (v && typeof v === 'object' && 'id' in v) memory.remember(filter, (v as EntityRef).id, (v as EntityRef).title);
  }
}

export function StatisticsFilterSelect({ leadsOnly, ...props }: DependentFilterSelectProps<LookupFilter> & { leadsOnly?: boolean }) {
  const { t } = useStatisticsT();
  return (
    <DependentFilterSelect
      width={170}
      {...props}
      useOptions={leadsOnly ? useLeadFilterOptions : useFilterOptions}
      searchParam="search"
      memory={memory}
      texts={{ nothing: t('filters.noOptions'), failed: t('filters.failed') }}
      testId={`statistics-filter-${props.slug}`}
    />
  );
}

export function RangePicker({ value, tz, onChange }: { value: DayRange; tz: string; onChange: (r: DayRange) => void }) {
  const { t } = useStatisticsT();
  return (
    <DayRangePicker
      value={value}
      tz={tz}
      label={t('range')}
      onChange={(r) => {
        if (r.dateFrom && r.dateTo) onChange({ dateFrom: r.dateFrom, dateTo: r.dateTo });
      }}
      testId="statistics-range"
    />
  );
}

export function DataTypeSwitch({ value, onChange }: { value: DataType; onChange: (v: DataType) => void }) {
  const { t } = useStatisticsT();
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t('dataType.label')}
      </Typography.Text>
      <Segmented<DataType>
        value={value}
        onChange={onChange}
        options={(['actual', 'click'] as const).map((v) => ({
          value: v,
          label: (
            <Tooltip title={t(`dataType.${v}Hint`)}>
              <span>{t(`dataType.${v}`)}</span>
            </Tooltip>
          ),
        }))}
        data-testid="statistics-data-type"
      />
    </Flex>
  );
}

const ids = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];
const texts = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);

export interface FilterBarProps {
  view: StatisticsView;
  /** the query the look-ups narrow by (period, zone and the filters in force) */
  context: Query;
  reader: Reader;
  onFilters: (patch: Partial<Record<FilterName, string | null>>) => void;
  /** the filters the endpoint takes (all by default); without lander, traffic source, vertical and subs no "More filters" */
  only?: readonly FilterName[];
  /** the look-ups read the leads (the lead statistics) */
  leadsOnly?: boolean;
}

/** the entity and country look-ups, and the subs and the rarer look-ups behind one button */
export function FilterBar({ view, context, reader, onFilters, only, leadsOnly }: FilterBarProps) {
  const staff = reader === 'staff';
  const forbidden = forbiddenDimensions(reader);
  const { t } = useStatisticsT();
  const f = view.filters;
  const pick = (filter: LookupFilter, label: string, numeric: boolean, width?: number) =>
    only && !only.includes(filter) ? null : (
      <StatisticsFilterSelect
        key={filter}
        leadsOnly={leadsOnly}
        slug={filter}
        context={context}
        value={numeric ? ids(f[filter]) : texts(f[filter])}
        onChange={(v) => onFilters({ [filter]: v.length ? v.join(',') : null })}
        placeholder={label}
        width={width}
      />
    );
  const moreNames: FilterName[] = ['landerId', 'trafficSourceId', 'verticalId', ...SUBS];
  const subs = SUBS.filter((s) => !only || only.includes(s));
  const moreSet = moreNames.filter((n) => f[n]).length;
  const compact = only !== undefined && !moreNames.some((n) => only.includes(n));
  const more = (
    <Flex vertical gap={12} style={{ width: 540 }} data-testid="statistics-more-filters">
      <Flex wrap gap={8}>
        {pick('landerId', t('filters.lander'), true, 172)}
        {forbidden.includes('trafficSource') ? null : pick('trafficSourceId', t('filters.trafficSource'), true, 172)}
        {staff ? pick('verticalId', t('filters.vertical'), true, 172) : null}
      </Flex>
      {subs.length ? <Typography.Text type="secondary">{t('filters.subs')}</Typography.Text> : null}
      <Flex wrap gap={8}>
        {subs.map((s) => (
          <Input
            key={`${s}:${f[s] ?? ''}`}
            size="small"
            prefix={<Typography.Text type="secondary">{s}</Typography.Text>}
            allowClear
            defaultValue={f[s]}
            onPressEnter={(e) => onFilters({ [s]: e.currentTarget.value.trim() || null })}
            onBlur={(e) => e.target.value.trim() !== (f[s] ?? '') && onFilters({ [s]: e.target.value.trim() || null })}
            style={{ width: 172 }}
            aria-label={s}
          />
        ))}
      </Flex>
    </Flex>
  );
  const anySet = useMemo(() => Object.values(f).some(Boolean), [f]);
  return (
    <>
      {pick('offerId', t('filters.offer'), true)}
      {staff ? pick('affiliateId', t('filters.affiliate'), true) : null}
      {forbidden.includes('campaign') ? null : pick('campaignId', t('filters.campaign'), true)}
      {staff ? pick('advertiserId', t('filters.advertiser'), true) : null}
      {pick('country', t('filters.country'), false, 130)}
      {compact ? null : (
        <Popover trigger="click" placement="bottomLeft" content={more}>
          <Badge count={moreSet} size="small">
            <Button icon={<FilterOutlined />} data-testid="statistics-more-filters-open">
              {t('filters.more')}
            </Button>
          </Badge>
        </Popover>
      )}
      {anySet ? (
        <Button
          type="link"
          onClick={() => onFilters(Object.fromEntries(Object.keys(f).map((k) => [k, null])))}
          data-testid="statistics-filters-reset"
        >
          {t('filters.reset')}
        </Button>
      ) : null}
    </>
  );
}
