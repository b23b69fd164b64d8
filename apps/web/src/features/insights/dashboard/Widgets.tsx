/**
 * The dashboard's widgets: each one frames its own query (`useWidgetData`), shows a skeleton while it loads and its
 * failure in place, so one slow or failing widget never holds the others. The line chart is the statistics' ECharts
 * chart, loaded lazily; the sparkline is a small SVG so KPI cards need no chart library.
 */
import { DeleteOutlined, DragOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { DashboardData, DashboardWidget } from '@leadgrid/shared/insights/dashboard';
import { builtInMetric, type ActiveMetric, type MetricOutputFormat } from '@leadgrid/shared/insights/metrics';
import { Button, Card, Empty, Flex, Popconfirm, Progress, Skeleton, Statistic, Tooltip, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useThemeMode } from '../../../app/preferences';
import { formatDateTime } from '../../../components/format';
import type { ChartSeries } from '../LineChart';
import { formatMetric, guessFormat, metricTitle } from '../metrics';
import { CHART_COLORS, type DayRange } from '../model';
import { useWidgetData } from './api';
import { useDashboardT } from './i18n';

const LineChart = lazy(() => import('../LineChart'));

export const formatOf = (key: string, active: readonly ActiveMetric[] | undefined): MetricOutputFormat =>
  active?.find((m) => m.key === key)?.outputFormat ?? builtInMetric(key)?.outputFormat ?? guessFormat(key);
export const titleOf = (t: TFunction, key: string, active: readonly ActiveMetric[] | undefined) =>
  metricTitle(t, key, active?.find((m) => m.key === key)?.title ?? builtInMetric(key)?.title ?? key);

/** the title a widget shows: its own, or one made of its type and settings */
export function widgetTitle(
  t: TFunction,
  w: Pick<DashboardWidget, 'type' | 'settings'>,
  active: readonly ActiveMetric[] | undefined,
): string {
  if (w.settings.title) return w.settings.title;
  const metric = w.settings.metrics[0];
  if (w.type === 'kpi' && metric) return titleOf(t, metric, active);
  if (w.type === 'top' && metric && w.settings.groupBy)
    return t('top.by', {
      dimension: t(`dimensions.${w.settings.groupBy}`, { defaultValue: w.settings.groupBy }).toLowerCase(),
      metric: titleOf(t, metric, active).toLowerCase(),
    });
  if (w.type === 'funnel') return t('funnel.title');
  if (w.type === 'live') return t('live.title');
  return t('line.title');
}

interface WidgetProps {
  widget: DashboardWidget;
  range: DayRange;
  tz: string;
  /** this showing of the dashboard (`newShowing`): its widgets share the statistics they both ask */
  load: string;
  active: readonly ActiveMetric[] | undefined;
  onConfigure: () => void;
  onRemove: () => void;
}

export function Widget({ widget, range, tz, load, active, onConfigure, onRemove }: WidgetProps) {
  const { t } = useDashboardT();
  const answer = useWidgetData(widget, range, tz, load);
  const title = widgetTitle(t, widget, active);
  let body: ReactNode;
  if (answer.error && !answer.data)
    body = (
      <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%' }}>
        <Typography.Text type="secondary">{t('failed')}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void answer.refetch()}>
          {t('retry')}
        </Button>
      </Flex>
    );
  else if (!answer.data) body = <Skeleton active paragraph={{ rows: 2 }} title={false} data-testid="widget-skeleton" />;
  else body = <WidgetBody data={answer.data} active={active} tz={tz} />;

  return (
    <div
      style={{ height: '100%' }}
      data-testid={`widget-${widget.type}`}
      data-widget-id={widget.id}
      data-loaded={answer.data ? 'true' : 'false'}
    >
      <Card
        size="small"
        variant="borderless"
        style={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
        styles={{
          body: { flex: 1, minHeight: 0, padding: '8px 14px 12px', overflow: 'hidden' },
          header: { minHeight: 40, paddingInline: 14 },
        }}
        title={
          <Tooltip title={t('drag')} mouseEnterDelay={0.8}>
            <Flex className="dashboard-drag" align="center" gap={8} style={{ cursor: 'move', minWidth: 0 }} data-testid="widget-drag">
              <DragOutlined style={{ opacity: 0.45 }} />
              <Typography.Text strong ellipsis style={{ fontSize: 13 }}>
                {title}
              </Typography.Text>
            </Flex>
          </Tooltip>
        }
        extra={
          <Flex gap={0} className="dashboard-no-drag">
            <Button
              type="text"
              size="small"
              icon={<SettingOutlined />}
              aria-label={t('configure')}
              onClick={onConfigure}
              data-testid="widget-configure"
            />
            <Popconfirm title={t('removeConfirm')} onConfirm={onRemove} okText={t('remove')} cancelText={t('form.cancel')}>
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('remove')} data-testid="widget-remove" />
            </Popconfirm>
          </Flex>
        }
      >
        {body}
      </Card>
    </div>
  );
}

function WidgetBody({ data, active, tz }: { data: DashboardData; active: readonly ActiveMetric[] | undefined; tz: string }) {
  switch (data.type) {
    case 'kpi':
      return <Kpi data={data} active={active} />;
    case 'line':
      return <Line data={data} active={active} />;
    case 'top':
      return <Top data={data} active={active} />;
    case 'funnel':
      return <Funnel data={data} />;
    case 'live':
      return <Live data={data} tz={tz} />;
  }
}

function Kpi({ data, active }: { data: Extract<DashboardData, { type: 'kpi' }>; active: readonly ActiveMetric[] | undefined }) {
  const { t } = useDashboardT();
  const { token } = theme.useToken();
  const format = formatOf(data.metric, active);
  if (data.value === null) return <Typography.Text type="secondary">{t('hidden')}</Typography.Text>;
  const change = data.change === null ? null : Number(data.change);
  const color = change === null || change === 0 ? token.colorTextSecondary : change > 0 ? token.colorSuccess : token.colorError;
  return (
    <Flex vertical justify="space-between" style={{ height: '100%' }}>
      <Flex align="baseline" gap={10} wrap>
        <span style={{ fontSize: 26, fontWeight: 650, lineHeight: 1.2 }} data-testid="kpi-value">
          {formatMetric(data.value, format)}
        </span>
        <Typography.Text style={{ color, fontSize: 13 }} data-testid="kpi-change">
          {change === null ? t('kpi.noChange') : `${change > 0 ? '▲' : change < 0 ? '▼' : ''} ${Math.abs(change).toFixed(2)}%`}
        </Typography.Text>
      </Flex>
      <Sparkline values={data.sparkline} color={CHART_COLORS[0]} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('kpi.previous', { value: formatMetric(data.previous, format) })}
      </Typography.Text>
    </Flex>
  );
}

/** a line through the period's values, scaled to the card's width */
export function Sparkline({ values, color }: { values: (number | string | null)[]; color: string }) {
  const points = useMemo(() => {
    const nums = values.map((v) => (v === null ? 0 : Number(v)));
    if (nums.length < 2) return '';
    const maxV = Math.max(...nums, 0);
    const minV = Math.min(...nums, 0);
    const span = maxV - minV || 1;
    return nums.map((v, i) => `${((i / (nums.length - 1)) * 100).toFixed(2)},${(28 - ((v - minV) / span) * 26).toFixed(2)}`).join(' ');
  }, [values]);
  if (!points) return <div style={{ height: 30 }} />;
  return (
    <svg viewBox="0 0 100 30" preserveAspectRatio="none" width="100%" height={30} aria-hidden data-testid="sparkline">
      <polyline points={points} fill="none" stroke={color} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function Line({ data, active }: { data: Extract<DashboardData, { type: 'line' }>; active: readonly ActiveMetric[] | undefined }) {
  const { t } = useDashboardT();
  const dark = useThemeMode() === 'dark';
  const { labels, series } = useMemo(() => {
    const label = (slot: string) =>
      data.dimension === 'day' ? slot.slice(5).replace('-', '.') : data.dimension === 'hour' ? `${slot.slice(11)}:00` : slot;
    const list: ChartSeries[] = data.series.map((s) => {
      const format = formatOf(s.metric, active);
      return {
        name: titleOf(t, s.metric, active),
        axis: format === 'amount' ? 0 : 1,
        format: (v: number) => formatMetric(v, format),
        values: s.values.map((v) => (v === null ? null : Number(v))),
      };
    });
    return { labels: data.slots.map(label), series: list };
  }, [data, active, t]);
  if (series.every((s) => s.values.every((v) => !v)))
    return (
      <Flex align="center" justify="center" style={{ height: '100%' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      </Flex>
    );
  return (
    <div style={{ height: '100%' }} data-testid="widget-line-chart">
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: '100%' }} />}>
        <LineChart labels={labels} series={series} dark={dark} height="100%" />
      </Suspense>
    </div>
  );
}

function Top({ data, active }: { data: Extract<DashboardData, { type: 'top' }>; active: readonly ActiveMetric[] | undefined }) {
  const { t } = useDashboardT();
  const { token } = theme.useToken();
  const format = formatOf(data.metric, active);
  if (!data.rows.length)
    return (
      <Flex align="center" justify="center" style={{ height: '100%' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      </Flex>
    );
  const maxV = Math.max(...data.rows.map((r) => Number(r.value ?? 0)), 0) || 1;
  return (
    <Flex vertical gap={6} style={{ height: '100%', overflowY: 'auto' }} data-testid="top-rows">
      {data.rows.map((r, i) => {
        const name = r.key === null ? t('top.none') : typeof r.key === 'object' ? r.key.title : r.key;
        return (
          <div key={i}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text ellipsis style={{ fontSize: 13 }}>
                <Typography.Text type="secondary" style={{ marginRight: 6 }}>
                  {i + 1}.
                </Typography.Text>
                {name}
              </Typography.Text>
              <Typography.Text strong style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
                {formatMetric(r.value, format)}
              </Typography.Text>
            </Flex>
            <div style={{ height: 3, borderRadius: 2, background: token.colorFillSecondary, marginTop: 2 }}>
              <div style={{ height: 3, borderRadius: 2, width: `${(Number(r.value ?? 0) / maxV) * 100}%`, background: CHART_COLORS[0] }} />
            </div>
          </div>
        );
      })}
    </Flex>
  );
}

function Funnel({ data }: { data: Extract<DashboardData, { type: 'funnel' }> }) {
  const { t } = useDashboardT();
  const first = data.steps.find((s) => s.value !== null && Number(s.value) > 0);
  const base = first ? Number(first.value) : 0;
  return (
    <Flex vertical gap={6} style={{ height: '100%' }} data-testid="funnel-steps">
      {data.steps.map((s, i) => {
        const prev = i > 0 ? data.steps[i - 1].value : null;
        const rate =
          prev !== null && s.value !== null && Number(prev) > 0 ? `${((Number(s.value) / Number(prev)) * 100).toFixed(2)}%` : null;
        return (
          <div key={s.metric}>
            <Flex justify="space-between">
              <Typography.Text style={{ fontSize: 13 }}>{t(`funnel.steps.${s.metric}`)}</Typography.Text>
              <Tooltip title={rate ? t('funnel.ofPrevious', { rate }) : undefined}>
                <Typography.Text strong style={{ fontSize: 13 }}>
                  {formatMetric(s.value, 'amount')}
                  {rate ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
                      {rate}
                    </Typography.Text>
                  ) : null}
                </Typography.Text>
              </Tooltip>
            </Flex>
            <Progress
              aria-label={t(`funnel.steps.${s.metric}`)}
              percent={base && s.value !== null ? (Number(s.value) / base) * 100 : 0}
              showInfo={false}
              size="small"
              strokeColor={CHART_COLORS[i % CHART_COLORS.length]}
              style={{ margin: 0 }}
            />
          </div>
        );
      })}
    </Flex>
  );
}

function Live({ data, tz }: { data: Extract<DashboardData, { type: 'live' }>; tz: string }) {
  const { t } = useDashboardT();
  const time = (s: number) => formatDateTime(s, tz).slice(11, 16);
  return (
    <Flex vertical justify="space-between" style={{ height: '100%' }}>
      <Flex gap={24}>
        <Statistic
          title={t('live.clicks')}
          value={data.clicks === null ? '—' : formatMetric(data.clicks, 'amount')}
          data-testid="live-clicks"
        />
        <Statistic
          title={t('live.leads')}
          value={data.leads === null ? '—' : formatMetric(data.leads, 'amount')}
          data-testid="live-leads"
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('live.window', { from: time(data.from), to: time(data.to) })}
      </Typography.Text>
    </Flex>
  );
}
