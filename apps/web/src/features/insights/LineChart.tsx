/**
 * The statistics line chart: up to five metrics over time in the five fixed colours of product §9. ECharts through
 * `echarts/core` with only the line chart, its axes, tooltip and legend and the canvas renderer; this module is loaded
 * lazily by the pages that draw a chart, so the library stays out of every other route's chunks.
 */
import { LineChart as ELineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { CHART_COLORS } from './model';

echarts.use([ELineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  values: (number | null)[];
  /** the tooltip's text of one value */
  format: (value: number) => string;
  /** a second axis for money and percentages, so counts and amounts are both readable */
  axis: 0 | 1;
}

export interface LineChartProps {
  labels: string[];
  series: ChartSeries[];
  dark: boolean;
  height?: number | string;
}

export default function LineChart({ labels, series, dark, height = 280 }: LineChartProps) {
  const node = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!node.current) return;
    const instance = echarts.init(node.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(resize) : null;
    observer?.observe(node.current);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const text = dark ? 'rgba(255,255,255,0.65)' : 'rgba(0,0,0,0.55)';
    const line = dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)';
    const twoAxes = series.some((s) => s.axis === 1) && series.some((s) => s.axis === 0);
    const axis = (position: 'left' | 'right', show: boolean) => ({
      type: 'value' as const,
      position,
      show,
      axisLabel: { color: text },
      splitLine: { show: position === 'left', lineStyle: { color: line } },
    });
    instance.setOption(
      {
        backgroundColor: 'transparent',
        color: [...CHART_COLORS],
        grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0, textStyle: { color: text } },
        tooltip: {
          trigger: 'axis',
          valueFormatter: undefined,
          formatter: (params: unknown) => {
            const list = (Array.isArray(params) ? params : [params]) as {
              seriesIndex: number;
              value: number | null;
              marker: string;
              axisValueLabel: string;
            }[];
            const head = list[0]?.axisValueLabel ?? '';
            const rows = list.map((p) => {
              const s = series[p.seriesIndex];
              const v = p.value === null || p.value === undefined ? '—' : s.format(Number(p.value));
              return `${p.marker}${s.name}: <b>${v}</b>`;
            });
            return [head, ...rows].join('<br/>');
          },
        },
        xAxis: { type: 'category', data: labels, boundaryGap: false, axisLabel: { color: text }, axisLine: { lineStyle: { color: line } } },
        yAxis: [axis('left', true), axis('right', twoAxes)],
        series: series.map((s, i) => ({
          name: s.name,
          type: 'line',
          smooth: true,
          showSymbol: labels.length <= 31,
          yAxisIndex: twoAxes ? s.axis : 0,
          data: s.values,
          lineStyle: { width: 2, color: CHART_COLORS[i % CHART_COLORS.length] },
          itemStyle: { color: CHART_COLORS[i % CHART_COLORS.length] },
        })),
      },
      true,
    );
  }, [labels, series, dark]);

  return (
    <div
      ref={node}
      style={{ width: '100%', height }}
      data-testid="statistics-chart"
      role="img"
      aria-label={series.map((s) => s.name).join(', ')}
    />
  );
}
