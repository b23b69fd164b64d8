/**
 * The statistics table: one row per value of the first grouping (server paging and sorting through the URL), a
 * totals row, metric columns chosen in the column settings (kept per table in local storage), and lazy expansion —
 * a row of level n loads level n+1 with `parent=<dimension>:<value>` for itself and its ancestors, without reloading
 * the table. With compare on, the first level and the totals show each metric's change against the previous period.
 */
import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Query } from '../../../api/client';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import type { TableSettingsSync } from '../../../components/table/tableSettings';
import type { TableState } from '../../../components/table/useTable';
import { useLoadLevel, type StatisticsSource } from './api';
import { useStatisticsT } from '../i18n';
import { formatMetric, shownByDefault, type MetricColumn } from '../metrics';
import { change, defaultOrderBy, isTimeDimension, parentParam, type Dimension, type EntityRef, type StatisticsRow } from '../model';

/** rows a drill-down level shows at most */
export const CHILD_LIMIT = 100;

type Kind = 'row' | 'loading' | 'error' | 'more' | 'totals';
export interface TableRow extends StatisticsRow {
  __key: string;
  __kind: Kind;
  __level: number;
  __parents: string[];
  /** for a `more` row: how many the level holds */
  __total?: number;
  children?: TableRow[];
}

interface Answer {
  items: StatisticsRow[];
  meta: { totalCount: number; totals: StatisticsRow };
}

interface Level {
  status: 'loading' | 'error' | 'done';
  rows: StatisticsRow[];
  total: number;
}

export function DimensionValue({ dim, row }: { dim: Dimension; row: StatisticsRow }) {
  const { t } = useStatisticsT();
  const v = row[dim] as string | EntityRef | null | undefined;
  if (v === null || v === undefined || v === '') return <Typography.Text type="secondary">{t('table.noValue')}</Typography.Text>;
  if (typeof v === 'object')
    return (
      <Flex gap={6} align="baseline" style={{ minWidth: 0 }}>
        <Typography.Text ellipsis style={{ maxWidth: 260 }} title={v.title}>
          {v.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          #{v.id}
        </Typography.Text>
      </Flex>
    );
  if (dim === 'day') return <span style={{ whiteSpace: 'nowrap' }}>{v.replaceAll('-', '.')}</span>;
  if (dim === 'hour') return <span style={{ whiteSpace: 'nowrap' }}>{`${v.slice(0, 10).replaceAll('-', '.')} ${v.slice(11, 13)}:00`}</span>;
  if (dim === 'country')
    return (
      <Tag variant="filled" style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}>
        {v}
      </Tag>
    );
  return (
    <Typography.Text ellipsis style={{ maxWidth: 260 }} title={v}>
      {v}
    </Typography.Text>
  );
}

export function Delta({ current, previous, format }: { current: unknown; previous: unknown; format: MetricColumn['outputFormat'] }) {
  const { t } = useStatisticsT();
  const pct = change(current, previous);
  const prevText = t('compare.previous', { value: formatMetric(previous ?? 0, format) });
  if (pct === null)
    return (
      <Tooltip title={prevText}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="metric-change">
          —
        </Typography.Text>
      </Tooltip>
    );
  const up = pct > 0;
  const flat = Math.abs(pct) < 0.005;
  return (
    <Tooltip title={prevText}>
      <Typography.Text
        type={flat ? 'secondary' : up ? 'success' : 'danger'}
        style={{ fontSize: 12, whiteSpace: 'nowrap' }}
        data-testid="metric-change"
      >
        {flat ? null : up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {`${up ? '+' : ''}${pct.toFixed(2)}%`}
      </Typography.Text>
    </Tooltip>
  );
}

export interface StatisticsTableProps {
  /** the name the column settings are kept under */
  name: string;
  groupBy: Dimension[];
  /** the query of the first level, without paging and ordering */
  baseQuery: (level: number, parents: string[]) => Query;
  table: TableState;
  answer: { data?: Answer; isFetching: boolean; error: unknown; refetch: () => unknown };
  metrics: MetricColumn[];
  /** compare with the previous period: the queries ask for it (compare=previous) and every row shows its change */
  compare?: boolean;
  /** the endpoint of the drill-down levels */
  source?: StatisticsSource;
  /** a row as the columns read it (e.g. the lead grades spread into their own keys) */
  flatten?: (row: StatisticsRow) => StatisticsRow;
  toolbar?: ReactNode;
  empty?: { title?: ReactNode; description?: ReactNode; action?: ReactNode };
  /** extra columns after the dimension (e.g. the lead rates), drawn from each row */
  extraColumns?: DataColumn<TableRow>[];
  /** which metric columns wait in the column chooser at first */
  hiddenByDefault?: (key: string) => boolean;
  /** the server's copy of the column choice (GET/PATCH /statistics/metrics) */
  settingsSync?: TableSettingsSync;
}

const same = (row: StatisticsRow) => row;

/** where a row keeps its metrics over the previous period (compare) */
const PREVIOUS = '__previous';
type PreviousMeta = { previous?: { items: StatisticsRow[]; totals: StatisticsRow } };
/** the rows of an answer, each with its previous-period metrics when the answer has them */
const withPrevious = (items: StatisticsRow[], meta: unknown): StatisticsRow[] => {
  const prev = (meta as PreviousMeta).previous;
  return prev ? items.map((row, i) => ({ ...row, [PREVIOUS]: prev.items[i] })) : items;
};

export function StatisticsTable({
  name,
  groupBy,
  baseQuery,
  table,
  answer,
  metrics,
  compare = false,
  source = 'metrics',
  flatten = same,
  toolbar,
  empty,
  extraColumns = [],
  hiddenByDefault,
  settingsSync,
}: StatisticsTableProps) {
  const { t } = useStatisticsT();
  const load = useLoadLevel(source);
  const [levels, setLevels] = useState<Record<string, Level>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const orderField = table.sort?.field;
  const metricOrder = orderField && metrics.some((m) => m.key === orderField) ? `${orderField}:${table.sort!.direction}` : null;

  const fetchLevel = useCallback(
    (key: string, level: number, parents: string[]) => {
      setLevels((s) => ({ ...s, [key]: { status: 'loading', rows: s[key]?.rows ?? [], total: 0 } }));
      const dim = groupBy[level];
      const query = { ...baseQuery(level, parents), orderBy: metricOrder ?? defaultOrderBy(dim), limit: CHILD_LIMIT };
      load(query).then(
        (d) =>
          setLevels((s) => ({
            ...s,
            [key]: { status: 'done', rows: withPrevious(d.items as StatisticsRow[], d.meta).map(flatten), total: d.meta.totalCount },
          })),
        () => setLevels((s) => ({ ...s, [key]: { status: 'error', rows: [], total: 0 } })),
      );
    },
    [groupBy, baseQuery, metricOrder, load, flatten],
  );

  const build = useCallback(
    (rows: StatisticsRow[], level: number, parents: string[], prefix: string): TableRow[] =>
      rows.map((row) => {
        const dim = groupBy[level];
        const path = [...parents, parentParam(dim, row)];
        const key = `${prefix}/${parentParam(dim, row)}`;
        const out: TableRow = { ...row, __key: key, __kind: 'row', __level: level, __parents: path };
        if (level + 1 < groupBy.length) {
          const child = levels[key];
          if (!child || child.status === 'loading')
            out.children = [{ __key: `${key}/…`, __kind: 'loading', __level: level + 1, __parents: path }];
          else if (child.status === 'error') out.children = [{ __key: `${key}/!`, __kind: 'error', __level: level + 1, __parents: path }];
          else {
            out.children = build(child.rows, level + 1, path, key);
            if (child.total > child.rows.length)
              out.children.push({ __key: `${key}/+`, __kind: 'more', __level: level + 1, __parents: path, __total: child.total });
          }
        }
        return out;
      }),
    [groupBy, levels],
  );

  const data = useMemo(
    () =>
      answer.data
        ? {
            items: build(withPrevious(answer.data.items as StatisticsRow[], answer.data.meta).map(flatten), 0, [], ''),
            meta: answer.data.meta,
          }
        : undefined,
    [answer.data, build, flatten],
  );
  const totals: TableRow | undefined = answer.data
    ? { ...flatten(answer.data.meta.totals), __key: 'totals', __kind: 'totals', __level: 0, __parents: [] }
    : undefined;

  // compare: each row carries its metrics over the previous period (the server's meta.previous.items[i]), the
  // totals row the previous totals — at every level of the drill-down
  const previousOf = useMemo(() => {
    if (!compare) return null;
    const prevTotals = (answer.data?.meta as PreviousMeta | undefined)?.previous?.totals;
    return (row: TableRow): StatisticsRow | undefined =>
      row.__kind === 'totals' ? prevTotals : (row[PREVIOUS] as StatisticsRow | undefined);
  }, [compare, answer.data]);

  const placeholder = (row: TableRow) => {
    if (row.__kind === 'loading')
      return (
        <Flex gap={8} align="center">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('table.loading')}</Typography.Text>
        </Flex>
      );
    if (row.__kind === 'error') {
      const parentKey = row.__key.slice(0, -2);
      return (
        <Flex gap={8} align="center">
          <Typography.Text type="danger">{t('table.expandFailed')}</Typography.Text>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => fetchLevel(parentKey, row.__level, row.__parents)}>
            {t('table.retry')}
          </Button>
        </Flex>
      );
    }
    return (
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t('table.more', { shown: CHILD_LIMIT, total: row.__total })}
      </Typography.Text>
    );
  };

  const first = groupBy[0];
  const columns: DataColumn<TableRow>[] = [
    {
      key: first,
      title: groupBy.map((d) => t(`dimensions.${d}`)).join(' / '),
      sortable: isTimeDimension(first),
      alwaysVisible: true,
      fixed: 'left',
      onCell: (row) => (row.__kind !== 'row' && row.__kind !== 'totals' ? { colSpan: 2 + extraColumns.length + metrics.length } : {}),
      render: (_v, row) =>
        row.__kind === 'totals' ? (
          t('table.totals')
        ) : row.__kind === 'row' ? (
          <DimensionValue dim={groupBy[row.__level]} row={row} />
        ) : (
          placeholder(row)
        ),
    },
    ...extraColumns.map((c) => ({
      ...c,
      onCell: (row: TableRow) => (row.__kind === 'row' || row.__kind === 'totals' ? {} : { colSpan: 0 }),
    })),
    ...metrics.map((m): DataColumn<TableRow> => ({
      key: m.key,
      dataIndex: m.key,
      title: m.description ? <Tooltip title={m.description}>{m.title}</Tooltip> : m.title,
      settingsLabel: m.title,
      sortable: m.sortable !== false,
      align: 'right',
      onCell: (row) => (row.__kind === 'row' || row.__kind === 'totals' ? {} : { colSpan: 0 }),
      render: (v: unknown, row) => {
        if (row.__kind !== 'row' && row.__kind !== 'totals') return null;
        const text = <span style={{ whiteSpace: 'nowrap' }}>{formatMetric(v, m.outputFormat)}</span>;
        const prev = previousOf?.(row);
        if (!previousOf) return text;
        return (
          <Flex vertical align="end" gap={0}>
            {text}
            <Delta current={v} previous={prev?.[m.key]} format={m.outputFormat} />
          </Flex>
        );
      },
    })),
  ];

  const hiddenKeys = useMemo(
    () => metrics.map((m) => m.key).filter((k) => (hiddenByDefault ? hiddenByDefault(k) : !shownByDefault(k))),
    [metrics, hiddenByDefault],
  );

  return (
    <DataTable<TableRow>
      name={name}
      defaultHidden={hiddenKeys}
      settingsSync={settingsSync}
      size="middle"
      rowKey="__key"
      columns={columns}
      table={table}
      data={data}
      totals={totals}
      loading={answer.isFetching}
      error={answer.error}
      onRetry={() => void answer.refetch()}
      empty={empty}
      toolbar={toolbar}
      expandable={{
        expandedRowKeys: expanded,
        indentSize: 20,
        onExpand: (open, row) => {
          setExpanded((keys) => (open ? [...keys, row.__key] : keys.filter((k) => k !== row.__key)));
          const state = levels[row.__key];
          if (open && (!state || state.status === 'error')) fetchLevel(row.__key, row.__level + 1, row.__parents);
        },
      }}
      data-testid="statistics-table"
    />
  );
}
