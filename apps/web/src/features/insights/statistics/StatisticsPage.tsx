/**
 * /statistics (front.menu.statistics.read; the affiliate's start page): the period's metrics grouped by up to three
 * dimensions (product §2 default: by day, newest first, 50 a page, actual date type), with a chart over time, filters, a
 * compare with the previous period and the date type. The whole view lives in the URL, so it can be shared as a link;
 * the date type is also remembered in local storage. What the reader may not see the server leaves out, and the
 * table only draws the metrics it answered (an affiliate gets no revenue, profit or ROI column).
 */
import { EXPORT_FORMATS } from '@leadgrid/shared/insights/exports';
import { Button, Card, Flex, Switch, Tooltip, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '../../../api/client';
import { useSession } from '../../../app/session';
import { formatDate } from '../../../components/format';
import { ExportButton } from '../../../components/export/ExportButton';
import { SaveViewButton } from '../SaveViewButton';
import { Page } from '../../../components/Page';
import { useTable } from '../../../components/table/useTable';
import { useStatistics } from './api';
import { ChartCard } from './ChartCard';
import { DataTypeSwitch, FilterBar, RangePicker, rememberLabels } from '../FilterBar';
import { GroupBySelector } from './GroupBySelector';
import { useStatisticsT } from '../i18n';
import { inChosenOrder, metricColumns, metricTitle, useActiveMetrics, useMetricChoice } from '../metrics';
import {
  defaultOrderBy,
  dimensionsFor,
  levelQuery,
  PAGE_SIZE,
  previousRange,
  readView,
  writeDataType,
  type DataType,
  type Dimension,
  type FilterName,
  type StatisticsRow,
} from '../model';
import { StatisticsTable } from './StatisticsTable';
import { useReader } from '../useReader';

export default function StatisticsPage() {
  const { t } = useStatisticsT();
  const { timezone: tz } = useSession();
  const reader = useReader();
  const [params] = useSearchParams();
  const search = params.toString();
  const view = useMemo(() => readView(new URLSearchParams(search), tz, { reader }), [search, tz, reader]);
  const first = view.groupBy[0];
  const table = useTable({ defaultOrderBy: defaultOrderBy(first), defaultLimit: PAGE_SIZE });
  const set = table.setFilters;

  const baseQuery = useCallback((level: number, parents: string[]) => levelQuery(view, tz, level, parents), [view, tz]);
  // compare: the server answers each row's and the totals' metrics over the previous period too (meta.previous)
  const compareQuery = useCallback(
    (level: number, parents: string[]): Query => ({ ...baseQuery(level, parents), ...(view.compare ? { compare: 'previous' } : {}) }),
    [baseQuery, view.compare],
  );
  const query: Query = useMemo(
    () => ({ ...compareQuery(0, []), orderBy: table.query.orderBy, limit: table.limit, offset: table.offset }),
    [compareQuery, table.query.orderBy, table.limit, table.offset],
  );
  const answer = useStatistics(query);
  // the names of the entities shown, for the filters set from a link
  useMemo(() => answer.data && rememberLabels(first, answer.data.items as StatisticsRow[]), [answer.data, first]);
  const active = useActiveMetrics();
  // the columns shown and their order are the user's, kept on the server (local storage is the instant cache)
  const choice = useMetricChoice('statistics');
  const metrics = useMemo(
    () =>
      inChosenOrder(
        metricColumns(Object.keys(answer.data?.meta.totals ?? {}), active.data, (key, fallback) => metricTitle(t, key, fallback)),
        choice.data,
      ),
    [answer.data, active.data, choice.data, t],
  );

  const previous = useMemo(() => previousRange(view.range), [view.range]);

  // the look-ups narrow by the period and the filters in force
  const context = useMemo(() => {
    const { groupBy: _g, dataType: _d, ...rest } = baseQuery(0, []);
    return rest;
  }, [baseQuery]);

  // the export writes every row of the first level in the table's order
  const exportQuery = useMemo(() => ({ ...baseQuery(0, []), orderBy: query.orderBy }), [baseQuery, query.orderBy]);
  const filtered = Object.values(view.filters).some(Boolean);
  const setGroupBy = (next: Dimension[]) => set({ groupBy: next.join(',') === 'day' ? null : next.join(','), orderBy: null });
  const setDataType = (v: DataType) => {
    writeDataType(v);
    set({ dataType: v });
  };
  const setFilters = (patch: Partial<Record<FilterName, string | null>>) => set(patch);
  const prevLabel = {
    from: formatDate(Date.parse(`${previous.dateFrom}T12:00:00Z`) / 1000),
    to: formatDate(Date.parse(`${previous.dateTo}T12:00:00Z`) / 1000),
  };

  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        <>
          <SaveViewButton query={exportQuery} />
          <ExportButton type="statistics" query={exportQuery} formats={EXPORT_FORMATS} />
        </>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center" justify="space-between">
            <Flex gap={12} wrap align="center">
              <RangePicker value={view.range} tz={tz} onChange={(r) => set({ dateFrom: r.dateFrom, dateTo: r.dateTo })} />
              <DataTypeSwitch value={view.dataType} onChange={setDataType} />
            </Flex>
            <Tooltip title={t('compare.hint', prevLabel)}>
              <Flex gap={8} align="center">
                <Switch
                  checked={view.compare}
                  onChange={(on) => set({ compare: on ? '1' : null })}
                  aria-label={t('compare.label')}
                  data-testid="statistics-compare"
                />
                <Typography.Text>{t('compare.label')}</Typography.Text>
              </Flex>
            </Tooltip>
          </Flex>
          <GroupBySelector value={view.groupBy} options={dimensionsFor(reader)} onChange={setGroupBy} />
        </Flex>
      </Card>
      <ChartCard view={view} tz={tz} metrics={metrics} onChange={(keys) => set({ chart: keys.length ? keys.join(',') : 'none' })} />
      <Card variant="borderless">
        <StatisticsTable
          key={JSON.stringify(query)}
          name={reader === 'staff' ? 'statistics' : `statistics.${reader}`}
          groupBy={view.groupBy}
          baseQuery={compareQuery}
          table={table}
          answer={answer}
          metrics={metrics}
          compare={view.compare}
          settingsSync={choice.sync}
          empty={{
            title: t('table.emptyTitle'),
            description: filtered ? t('table.emptyFiltered') : t('table.emptyText'),
            action: filtered ? (
              <Button onClick={() => setFilters(Object.fromEntries(Object.keys(view.filters).map((k) => [k, null])))}>
                {t('filters.reset')}
              </Button>
            ) : undefined,
          }}
          toolbar={<FilterBar view={view} context={context} reader={reader} onFilters={setFilters} />}
        />
      </Card>
    </Page>
  );
}
