/**
 * /statistics/leads (front.statistics.lead.read): what became of the period's leads, per day, week, month, affiliate,
 * offer, advertiser or country (up to three levels, lazily expanded), by status or by grade, with the rates an operator
 * reads first: sent rate, approval rate, duplicate rate. The view lives in the URL like /statistics'.
 */
import { LEAD_STATISTICS_DIMENSIONS, type LeadStatisticsAnswer, type LeadStatisticsDimension } from '@leadgrid/shared/insights/statistics';
import { API_LEAD_STATUSES } from '@leadgrid/shared/constants';
import { EXPORT_FORMATS } from '@leadgrid/shared/insights/exports';
import { Button, Card, Flex, Segmented, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '../../../api/client';
import { useSession } from '../../../app/session';
import { ExportButton } from '../../../components/export/ExportButton';
import { Page } from '../../../components/Page';
import { useTable } from '../../../components/table/useTable';
import { useStatistics } from './api';
import { FilterBar, RangePicker, rememberLabels } from '../FilterBar';
import { GroupBySelector } from './GroupBySelector';
import { useStatisticsT } from '../i18n';
import type { MetricColumn } from '../metrics';
import { defaultOrderBy, forbiddenDimensions, MAX_LEVELS, PAGE_SIZE, readView, type FilterName, type StatisticsRow } from '../model';
import { StatisticsTable } from './StatisticsTable';
import { useReader } from '../useReader';

/** the filters `GET /statistics/leads` takes */
const LEAD_FILTERS: readonly FilterName[] = ['offerId', 'affiliateId', 'teamId', 'advertiserId', 'verticalId', 'country'];
const MODES = ['status', 'grade'] as const;
type Mode = (typeof MODES)[number];
/** a grade's column key; the empty grade ("not graded yet") is `grade_` */
const gradeKey = (grade: string) => `grade_${grade}`;

/** the grades spread into one key each (0 for a grade the row has none of), so the columns read them like any metric */
function flatten(row: StatisticsRow, all: readonly string[]): StatisticsRow {
  const grades = (row.grades ?? {}) as Record<string, number>;
  const out: StatisticsRow = { ...row };
  for (const g of all) out[gradeKey(g)] = grades[g] ?? 0;
  return out;
}

export default function LeadStatisticsPage() {
  const { t } = useStatisticsT();
  const { timezone: tz } = useSession();
  const reader = useReader();
  const [params] = useSearchParams();
  const search = params.toString();
  const view = useMemo(() => {
    const p = new URLSearchParams(search);
    const base = readView(p, tz, { reader });
    const forbidden = forbiddenDimensions(reader);
    const dims = LEAD_STATISTICS_DIMENSIONS.filter((d) => !forbidden.includes(d));
    const groupBy = [
      ...new Set((p.get('groupBy') ?? '').split(',').filter((d): d is LeadStatisticsDimension => (dims as readonly string[]).includes(d))),
    ].slice(0, MAX_LEVELS);
    const filters = Object.fromEntries(Object.entries(base.filters).filter(([k]) => LEAD_FILTERS.includes(k as FilterName)));
    const mode: Mode = p.get('mode') === 'grade' ? 'grade' : 'status';
    return { ...base, groupBy: groupBy.length ? groupBy : (['day'] as LeadStatisticsDimension[]), filters, mode, dims };
  }, [search, tz, reader]);
  const first = view.groupBy[0];
  const table = useTable({ defaultOrderBy: defaultOrderBy(first).replace('clicks:', 'leads:'), defaultLimit: PAGE_SIZE });
  const set = table.setFilters;

  const baseQuery = useCallback(
    (level: number, parents: string[]): Query => {
      const q: Query = {
        groupBy: view.groupBy[level],
        dateFrom: view.range.dateFrom,
        dateTo: view.range.dateTo,
        timezone: tz,
        ...view.filters,
      };
      if (parents.length) q.parent = parents;
      return q;
    },
    [view, tz],
  );
  const query: Query = useMemo(
    () => ({ ...baseQuery(0, []), orderBy: table.query.orderBy, limit: table.limit, offset: table.offset }),
    [baseQuery, table.query.orderBy, table.limit, table.offset],
  );
  const answer = useStatistics<LeadStatisticsAnswer>(query, 'leads');
  // the names of the entities shown, for the filters set from a link
  useMemo(() => answer.data && rememberLabels(first, answer.data.items as StatisticsRow[]), [answer.data, first]);
  const grades = useMemo(() => answer.data?.meta.grades ?? [], [answer.data]);

  const spread = useCallback((row: StatisticsRow) => flatten(row, grades), [grades]);
  const rate = (key: string, title: string, description: string): MetricColumn => ({
    key,
    title,
    description,
    outputFormat: 'percentages',
  });
  const columns = useMemo((): MetricColumn[] => {
    const head: MetricColumn[] = [
      { key: 'leads', title: t('leads.total'), outputFormat: 'amount' },
      rate('sent_rate', t('leads.sentRate'), t('leads.sentRateHint')),
      rate('approval_rate', t('leads.approvalRate'), t('leads.approvalRateHint')),
      rate('duplicate_rate', t('leads.duplicateRate'), t('leads.duplicateRateHint')),
    ];
    if (view.mode === 'grade')
      return [
        ...head,
        ...grades.map((g): MetricColumn => ({
          key: gradeKey(g),
          title: g || t('leads.gradeNone'),
          outputFormat: 'amount',
          sortable: false,
        })),
      ];
    return [
      ...head,
      ...API_LEAD_STATUSES.map((s): MetricColumn => ({ key: `leads_${s}`, title: t(`leads.status.${s}`), outputFormat: 'amount' })),
      { key: 'approved', title: t('metrics.approved_conversions'), outputFormat: 'amount' },
    ];
  }, [t, view.mode, grades]);

  const context = useMemo(() => baseQuery(0, []), [baseQuery]);
  // the export writes every row of the first level in the table's order (statuses, rates and grades)
  const exportQuery = useMemo(() => ({ ...baseQuery(0, []), orderBy: query.orderBy }), [baseQuery, query.orderBy]);
  const filtered = Object.values(view.filters).some(Boolean);
  const setFilters = (patch: Partial<Record<FilterName, string | null>>) => set(patch);

  return (
    <Page
      title={t('leadsTitle')}
      subtitle={t('leadsSubtitle')}
      extra={<ExportButton type="statistics_leads" query={exportQuery} formats={EXPORT_FORMATS} />}
    >
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Flex gap={12} wrap align="center">
            <RangePicker value={view.range} tz={tz} onChange={(r) => set({ dateFrom: r.dateFrom, dateTo: r.dateTo })} />
            <GroupBySelector<LeadStatisticsDimension>
              value={view.groupBy}
              options={view.dims}
              onChange={(next) => set({ groupBy: next.join(',') === 'day' ? null : next.join(','), orderBy: null })}
            />
          </Flex>
          <Segmented<Mode>
            value={view.mode}
            onChange={(m) => set({ mode: m === 'status' ? null : m })}
            options={MODES.map((m) => ({ value: m, label: t(m === 'status' ? 'leads.statuses' : 'leads.grades') }))}
            data-testid="lead-statistics-mode"
          />
        </Flex>
      </Card>
      <Card variant="borderless">
        {view.mode === 'grade' && answer.data && grades.length === 0 && answer.data.items.length > 0 ? (
          <Typography.Paragraph type="secondary">{t('leads.noGrades')}</Typography.Paragraph>
        ) : null}
        <StatisticsTable
          key={`${JSON.stringify(query)}:${view.mode}`}
          name={`statistics.leads.${view.mode}`}
          source="leads"
          flatten={spread}
          groupBy={view.groupBy}
          baseQuery={baseQuery}
          table={table}
          answer={
            answer as {
              data?: { items: StatisticsRow[]; meta: { totalCount: number; totals: StatisticsRow } };
              isFetching: boolean;
              error: unknown;
              refetch: () => unknown;
            }
          }
          metrics={columns}
          hiddenByDefault={() => false}
          empty={{
            title: t('table.emptyTitle'),
            description: filtered ? t('table.emptyFiltered') : t('table.emptyText'),
            action: filtered ? (
              <Button onClick={() => setFilters(Object.fromEntries(Object.keys(view.filters).map((k) => [k, null])))}>
                {t('filters.reset')}
              </Button>
            ) : undefined,
          }}
          toolbar={<FilterBar view={view} context={context} reader={reader} onFilters={setFilters} only={LEAD_FILTERS} leadsOnly />}
        />
      </Card>
    </Page>
  );
}
