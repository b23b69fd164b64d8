/**
 * The metric columns of a statistics table: the metrics the server answered (the keys of `meta.totals`: what the
 * caller may not see is absent, so an affiliate never gets an empty revenue column), titled and ordered by the active
 * metrics of `GET /metrics/active`, and formatted by their output format with two decimals (spec §9).
 */
import { builtInMetric, type ActiveMetric, type MetricOutputFormat } from '@leadgrid/shared/schemas/metrics';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../../api/client';
import { formatMoney, formatNumber, formatPercent } from '../../../components/format';

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
    queryFn: ({ signal }) => api.get<{ items: ActiveMetric[] }>('/metrics/active', undefined, { signal, silent: true }).then((d) => d.items),
    staleTime: 60_000,
  });

/** the format of a key the catalogue does not describe, read from its name */
export function guessFormat(key: string): MetricOutputFormat {
  if (/(^|_)(rate|cr|roi)$|_rate_|percent/.test(key)) return 'percentages';
  if (/revenue|payout|profit|epc|cpl|money|amount/.test(key)) return 'money';
  return 'amount';
}

/** the metric keys a table shows until the user chooses; the status, goal and pending columns wait in the column chooser */
export const MAIN_METRICS: readonly string[] = ['clicks', 'unique_clicks', 'leads', 'conversions', 'approved_conversions', 'revenue', 'payout', 'profit', 'cr', 'epc', 'roi'];
export const shownByDefault = (key: string) => MAIN_METRICS.includes(key) || key.startsWith('custom_');

/** the columns for the keys answered, in the order of the active list and then the order of the answer */
export function metricColumns(answered: readonly string[], active: readonly ActiveMetric[] | undefined, titleOf: (key: string, fallback: string) => string): MetricColumn[] {
  const present = new Set(answered);
  const out: MetricColumn[] = [];
  const seen = new Set<string>();
  for (const m of active ?? []) {
    if (!present.has(m.key) || seen.has(m.key)) continue;
    seen.add(m.key);
    out.push({ key: m.key, title: m.builtIn ? titleOf(m.key, m.title) : m.title, description: m.description, outputFormat: m.outputFormat });
  }
  for (const key of answered) {
    if (seen.has(key)) continue;
    seen.add(key);
    const known = builtInMetric(key);
    out.push({ key, title: titleOf(key, known?.title ?? key), description: known?.description, outputFormat: known?.outputFormat ?? guessFormat(key) });
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
    const name = base === 'leads' ? t(`leads.status.${s}`, { defaultValue: '' }).toLowerCase() : t(`conversionStatus.${s}`, { defaultValue: '' });
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
