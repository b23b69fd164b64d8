/**
 * The metric columns of a statistics table: the metrics the server answered (the keys of `meta.totals`: what the
 * caller may not see is absent, so an affiliate never gets an empty revenue column), titled and ordered by the active
 * metrics of `GET /metrics/active`, and formatted by their output format with two decimals (product §9). Which of them
 * the table shows, and in which order, is the user's choice kept by `GET/PATCH /statistics/metrics` (local storage is
 * the instant cache; docs/decisions/insights.md "Statistics metric choice").
 */
import {
  statisticsMetricShownByDefault,
  type StatisticsMetricChoiceItem,
  type StatisticsMetricInfo,
  type StatisticsMetricsAnswer,
  type StatisticsMetricTable,
} from '@leadgrid/shared/insights/statistics';
import { builtInMetric, type ActiveMetric, type MetricOutputFormat } from '@leadgrid/shared/insights/metrics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { api } from '../../api/client';
import { formatMoney, formatNumber, formatPercent } from '../../components/format';
import type { TableSettingsSync } from '../../components/table/tableSettings';

export interface MetricColumn {
  key: string;
  title: string;
  description?: string;
  outputFormat: MetricOutputFormat;
  /** the server sorts by it (default true) */
  sortable?: boolean;
}

/** the query key the metrics screens use too, so the list is shared in the cache */
const activeKey = ['metrics', 'active'] as const;
export const useActiveMetrics = () =>
  useQuery({
    queryKey: activeKey,
    queryFn: ({ signal }) =>
      api.get<{ items: ActiveMetric[] }>('/metrics/active', undefined, { signal, silent: true }).then((d) => d.items),
    staleTime: 60_000,
  });

/** the format of a key the catalogue does not describe, read from its name */
export function guessFormat(key: string): MetricOutputFormat {
  if (/(^|_)(rate|cr|roi)$|_rate_|percent/.test(key)) return 'percentages';
  if (/revenue|payout|profit|epc|cpl|money|amount/.test(key)) return 'money';
  return 'amount';
}

/** the metrics /statistics shows until the user chooses (the server's default too); status, goal and pending columns wait */
export const shownByDefault = (key: string) => statisticsMetricShownByDefault('statistics', key);

/* ---------- the user's choice, kept on the server ---------- */

const choiceKey = (table: StatisticsMetricTable) => ['metrics', 'statistics-choice', table] as const;
/** a change is saved once the user stops clicking for this long */
export const CHOICE_SAVE_DELAY_MS = 800;

/**
 * The caller's metric columns of a table (`GET /statistics/metrics`) and the sync of the column chooser with it:
 * the server's status replaces the local cache for the metrics it lists, each change is saved by a debounced PATCH.
 */
export function useMetricChoice(table: StatisticsMetricTable) {
  const client = useQueryClient();
  /** the hidden columns after the last change not saved yet */
  const pending = useRef<string[] | null>(null);
  const choice = useQuery({
    queryKey: choiceKey(table),
    queryFn: ({ signal }) =>
      api.get<StatisticsMetricsAnswer>('/statistics/metrics', { table }, { signal, silent: true }).then((d) => d.items),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
  const save = useMutation({
    mutationFn: (items: StatisticsMetricChoiceItem[]) =>
      api.patch<StatisticsMetricsAnswer>('/statistics/metrics', { table, items }, { successToast: false }),
    // a newer change waiting to be saved wins over this answer (its own save answers next)
    onSuccess: (d) => {
      if (!pending.current) client.setQueryData(choiceKey(table), d.items);
    },
  });
  const { mutate } = save;

  const latest = useRef<StatisticsMetricInfo[] | undefined>(undefined);
  latest.current = choice.data;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const hidden = pending.current;
    const known = latest.current;
    pending.current = null;
    if (!hidden || !known?.length) return;
    // sent even when it equals the last answer: a save still under way may have said otherwise
    mutate(known.map((m) => ({ key: m.key, enabled: !hidden.includes(m.key), order: m.order })));
  }, [mutate]);
  // leaving the page saves what is still waiting
  useEffect(() => flush, [flush]);

  const sync = useMemo<TableSettingsSync>(
    () => ({
      known: choice.data?.map((m) => m.key),
      hidden: choice.data?.filter((m) => !m.enabled).map((m) => m.key),
      onChange: (hidden) => {
        pending.current = hidden;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, CHOICE_SAVE_DELAY_MS);
      },
    }),
    [choice.data, flush],
  );
  return { data: choice.data, sync };
}

/** the columns in the user's order (those the choice does not list, e.g. per-goal ones, keep their place after) */
export function inChosenOrder<T extends { key: string }>(columns: T[], choice: readonly StatisticsMetricInfo[] | undefined): T[] {
  if (!choice?.length) return columns;
  const rank = new Map(choice.map((m) => [m.key, m.order]));
  return columns
    .map((m, i) => ({ m, r: rank.get(m.key) ?? choice.length + i }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.m);
}

/** the columns for the keys answered, in the order of the active list and then the order of the answer */
export function metricColumns(
  answered: readonly string[],
  active: readonly ActiveMetric[] | undefined,
  titleOf: (key: string, fallback: string) => string,
): MetricColumn[] {
  const present = new Set(answered);
  const out: MetricColumn[] = [];
  const seen = new Set<string>();
  for (const m of active ?? []) {
    if (!present.has(m.key) || seen.has(m.key)) continue;
    seen.add(m.key);
    out.push({
      key: m.key,
      title: m.builtIn ? titleOf(m.key, m.title) : m.title,
      description: m.description,
      outputFormat: m.outputFormat,
    });
  }
  for (const key of answered) {
    if (seen.has(key)) continue;
    seen.add(key);
    const known = builtInMetric(key);
    out.push({
      key,
      title: titleOf(key, known?.title ?? key),
      description: known?.description,
      outputFormat: known?.outputFormat ?? guessFormat(key),
    });
  }
  return out;
}

/**
 * A metric's title in the reader's language: the built-ins by their key, the status columns as "<metric>: <status>";
 * custom metrics and per-goal columns keep the title the server gave.
 */
export function metricTitle(t: TFunction, key: string, fallback: string): string {
  const status = /^(leads|conversions|revenue|payout)_(\w+)$/.exec(key);
  if (status && !['approved_conversions'].includes(key)) {
    const [, base, s] = status;
    const name =
      base === 'leads' ? t(`leads.status.${s}`, { defaultValue: '' }).toLowerCase() : t(`conversionStatus.${s}`, { defaultValue: '' });
    if (name) return `${t(`metrics.${base}`)}: ${name}`;
  }
  return t(`metrics.${key}`, { defaultValue: fallback });
}

/** money and percent with two decimals; counts without decimals unless they have some (a custom amount) */
export function formatMetric(value: unknown, format: MetricOutputFormat): string {
  if (value === null || value === undefined || value === '') return '—';
  if (format === 'money') return formatMoney(String(value));
  if (format === 'percentages') return formatPercent(value as string | number);
  const n = Number(value);
  return formatNumber(value as string | number, Number.isInteger(n) ? 0 : 2);
}
