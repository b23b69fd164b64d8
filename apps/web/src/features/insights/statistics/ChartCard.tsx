/**
 * The chart above the statistics table: the period's totals over time (hours of one day, days, or weeks) for up to
 * five metrics chosen here (kept in the URL with the rest of the view). The chart library loads with this card only.
 */
import { Card, Empty, Flex, Result, Select, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useThemeMode } from '../../../app/preferences';
import { useStatisticsQuiet } from './api';
import { useStatisticsT } from '../i18n';
import type { ChartSeries } from '../LineChart';
import { formatMetric, type MetricColumn } from '../metrics';
import { chartDimension, levelQuery, MAX_CHART_METRICS, timeSlots, type StatisticsView } from '../model';

const LineChart = lazy(() => import('../LineChart'));
const CHART_HEIGHT = 280;

export function ChartCard({
  view,
  tz,
  metrics,
  onChange,
}: {
  view: StatisticsView;
  tz: string;
  metrics: MetricColumn[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useStatisticsT();
  const dark = useThemeMode() === 'dark';
  const dim = chartDimension(view.range);
  const slots = useMemo(() => timeSlots(view.range, dim), [view.range, dim]);
  const query = useMemo(
    () => ({ ...levelQuery({ ...view, groupBy: [dim] }, tz, 0), orderBy: `${dim}:asc`, limit: Math.max(slots.length, 1) }),
    [view, tz, dim, slots.length],
  );
  const chosen = view.chart.filter((k) => metrics.some((m) => m.key === k));
  const answer = useStatisticsQuiet(query, chosen.length > 0);

  const { labels, series } = useMemo(() => {
    const byTime = new Map((answer.data?.items ?? []).map((row) => [String(row[dim]), row]));
    const label = (slot: string) => (dim === 'day' ? slot.slice(5).replace('-', '.') : dim === 'hour' ? `${slot.slice(11)}:00` : slot);
    const list: ChartSeries[] = chosen.map((key) => {
      const m = metrics.find((x) => x.key === key)!;
      return {
        name: m.title,
        axis: m.outputFormat === 'amount' ? 0 : 1,
        format: (v: number) => formatMetric(v, m.outputFormat),
        values: slots.map((slot) => {
          const row = byTime.get(slot);
          const v = row ? Number(row[key]) : 0;
          return Number.isFinite(v) ? v : null;
        }),
      };
    });
    return { labels: slots.map(label), series: list };
  }, [answer.data, chosen, metrics, slots, dim]);

  const empty = answer.data && answer.data.items.length === 0;
  return (
    <Card
      variant="borderless"
      title={t('chart.title')}
      extra={
        <Select<string[]>
          mode="multiple"
          value={chosen}
          onChange={(keys) => onChange(keys.slice(0, MAX_CHART_METRICS))}
          maxCount={MAX_CHART_METRICS}
          options={metrics.map((m) => ({ value: m.key, label: m.title }))}
          placeholder={t('chart.metrics')}
          aria-label={t('chart.metrics')}
          maxTagCount="responsive"
          style={{ width: 420, maxWidth: '60vw' }}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="chart-metrics"
        />
      }
      styles={{ body: { paddingTop: 12 } }}
    >
      {metrics.length === 0 ? (
        <Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />
      ) : chosen.length === 0 ? (
        <Flex align="center" justify="center" style={{ height: CHART_HEIGHT }}>
          <Typography.Text type="secondary">{t('chart.max')}</Typography.Text>
        </Flex>
      ) : answer.error && !answer.data ? (
        <Result status="warning" title={t('chart.failed')} style={{ height: CHART_HEIGHT, padding: 24 }} />
      ) : !answer.data ? (
        <Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />
      ) : empty ? (
        <Flex align="center" justify="center" style={{ height: CHART_HEIGHT }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />
        </Flex>
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />}>
          <LineChart labels={labels} series={series} dark={dark} height={CHART_HEIGHT} />
        </Suspense>
      )}
    </Card>
  );
}
