/**
 * The shared list table: server pagination / sorting / filters through `useTable`, column settings per
 * table in local storage, an optional totals row, and explicit loading, empty and error states.
 */
import { FilterOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Empty, Flex, Popover, Result, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { usePhone } from '../../app/viewport';
import { lazyWhenOpen } from '../lazyWhenOpen';
import { useTableSettings, type TableSettingsSync } from './tableSettings';
import type { TableState } from './useTable';

export interface DataColumn<T> extends Omit<ColumnType<T>, 'key' | 'sorter' | 'sortOrder'> {
  /** the column key; for a sortable column also the `orderBy` field */
  key: string;
  /** server-side sorting by this column */
  sortable?: boolean;
  /** cannot be hidden in the column settings */
  alwaysVisible?: boolean;
  /** the label in the column settings when the title is not plain text */
  settingsLabel?: string;
}

export interface ListData<T, Totals = unknown> {
  items: T[];
  meta?: { totalCount: number; totals?: Totals };
}

export interface DataTableProps<T> extends Omit<
  TableProps<T>,
  'columns' | 'dataSource' | 'pagination' | 'onChange' | 'loading' | 'summary'
> {
  /** the name its column settings are stored under */
  name: string;
  /** columns hidden until the user shows them in the column settings */
  defaultHidden?: readonly string[];
  /** the server's copy of the column settings, when it keeps one (local storage stays the instant cache) */
  settingsSync?: TableSettingsSync;
  columns: DataColumn<T>[];
  table: TableState;
  data: ListData<T> | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** what the empty state says, and what to do about it */
  empty?: { title?: ReactNode; description?: ReactNode; action?: ReactNode };
  /** filters and actions shown above the table */
  toolbar?: ReactNode;
  /** a totals row below the rows, drawn by the visible columns' own renderers (e.g. a statistics selection's totals) */
  totals?: T;
  /** a totals row of cells by column key (other cells empty; a hidden column's cell is not shown), e.g. the server's `meta.totals` */
  totalsCells?: Partial<Record<string, ReactNode>>;
}

/** under 768 px the toolbar folds into a "Filters" drawer, loaded when first opened */
const FiltersDrawer = lazyWhenOpen(() => import('./FiltersDrawer').then((m) => m.FiltersDrawer));

function ColumnSettings<T>({
  columns,
  hidden,
  onToggle,
  onReset,
  changed,
}: {
  columns: DataColumn<T>[];
  hidden: string[];
  onToggle: (key: string, visible: boolean) => void;
  onReset: () => void;
  changed: boolean;
}) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={6} style={{ minWidth: 200, maxHeight: 360, overflowY: 'auto' }} data-testid="column-settings">
      {columns.map((col) => (
        <Checkbox
          key={col.key}
          checked={!hidden.includes(col.key)}
          disabled={col.alwaysVisible}
          onChange={(e) => onToggle(col.key, e.target.checked)}
        >
          {col.settingsLabel ?? (typeof col.title === 'string' ? col.title : col.key)}
        </Checkbox>
      ))}
      <Divider style={{ margin: '6px 0' }} />
      <Button type="link" size="small" onClick={onReset} disabled={!changed} style={{ alignSelf: 'flex-start', padding: 0 }}>
        {t('table.resetColumns')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={content}>
      <Tooltip title={t('table.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('table.columns')} />
      </Tooltip>
    </Popover>
  );
}

function TotalsRow<T>({ columns, totals }: { columns: ColumnType<T>[]; totals: T }) {
  return (
    <Table.Summary>
      <Table.Summary.Row data-testid="table-totals">
        {columns.map((col, i) => {
          const value = (totals as Record<string, unknown>)[String(col.dataIndex ?? col.key)];
          return (
            <Table.Summary.Cell key={String(col.key ?? i)} index={i} align={col.align}>
              <Typography.Text strong>{col.render ? (col.render(value, totals, -1) as ReactNode) : String(value ?? '')}</Typography.Text>
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** the first cell of a totals row: how many rows the filter has, the hint saying the sums cover them all */
export function TotalsCount({ label, hint, testId }: { label: string; hint: string; testId: string }) {
  return (
    <Tooltip title={hint}>
      <Typography.Text strong data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography.Text>
    </Tooltip>
  );
}

function SummaryRow<T>({
  columns,
  cells,
  selectable,
}: {
  columns: ColumnType<T>[];
  cells: Partial<Record<string, ReactNode>>;
  selectable: boolean;
}) {
  const offset = selectable ? 1 : 0;
  return (
    <Table.Summary>
      <Table.Summary.Row data-testid="table-summary">
        {selectable ? <Table.Summary.Cell index={0} /> : null}
        {columns.map((col, i) => (
          <Table.Summary.Cell key={String(col.key ?? i)} index={i + offset} align={col.align}>
            {cells[String(col.key)] ?? null}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/**
 * Performance marks of the rows on screen (`lg:rows:<name>` when committed, `lg:rows-painted:<name>` at the next
 * frame; the latest only), measured against the API answer's mark by bench/table-render.ts.
 */
function useRowsMark(name: string, items: unknown[] | undefined) {
  useLayoutEffect(() => {
    if (!items || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
    const detail = { rows: items.length };
    performance.clearMarks(`lg:rows:${name}`);
    performance.mark(`lg:rows:${name}`, { detail });
    const frame = requestAnimationFrame(() => {
      performance.clearMarks(`lg:rows-painted:${name}`);
      performance.mark(`lg:rows-painted:${name}`, { detail });
    });
    return () => cancelAnimationFrame(frame);
  }, [name, items]);
}

export function DataTable<T extends object>({
  name,
  defaultHidden,
  settingsSync,
  columns,
  table,
  data,
  loading,
  error,
  onRetry,
  empty,
  toolbar,
  totals,
  totalsCells,
  rowKey = 'id',
  className,
  ...rest
}: DataTableProps<T>) {
  const { t } = useTranslation();
  useRowsMark(name, data?.items);
  const phone = usePhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { settings, toggle, reset } = useTableSettings(name, defaultHidden, settingsSync);
  const changed = settings.hidden.length !== (defaultHidden?.length ?? 0) || settings.hidden.some((k) => !defaultHidden?.includes(k));

  const visible = columns
    .filter((col) => col.alwaysVisible || !settings.hidden.includes(col.key))
    .map(({ sortable, alwaysVisible: _a, settingsLabel: _s, ...col }): ColumnType<T> => ({
      ...col,
      dataIndex: col.dataIndex ?? col.key,
      sorter: sortable ? true : undefined,
      sortOrder: sortable ? table.sortOrderOf(col.key) : undefined,
      filteredValue: col.filters ? (table.filters[col.key]?.split(',') ?? null) : col.filteredValue,
    }));

  const emptyState = error ? (
    <Result
      status="warning"
      title={t('table.errorTitle')}
      subTitle={error instanceof ApiError ? error.message : t('table.errorText')}
      extra={
        onRetry ? (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('table.retry')}
          </Button>
        ) : undefined
      }
      style={{ padding: '32px 0' }}
    />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '24px 0' }}
      description={
        <Flex vertical gap={2}>
          <Typography.Text strong>{empty?.title ?? t('table.emptyTitle')}</Typography.Text>
          <Typography.Text type="secondary">{empty?.description ?? t('table.emptyText')}</Typography.Text>
        </Flex>
      }
    >
      {empty?.action}
    </Empty>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        {phone && toolbar ? (
          <>
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} data-testid="filters-button">
              {t('table.filters')}
            </Button>
            <FiltersDrawer open={filtersOpen} onClose={() => setFiltersOpen(false)}>
              {toolbar}
            </FiltersDrawer>
          </>
        ) : (
          <Flex gap={8} wrap align="center" style={{ flex: 1, minWidth: 0 }}>
            {toolbar}
          </Flex>
        )}
        <Flex gap={8}>
          {onRetry ? (
            <Tooltip title={t('table.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={onRetry} aria-label={t('table.refresh')} loading={loading && Boolean(data)} />
            </Tooltip>
          ) : null}
          <ColumnSettings columns={columns} hidden={settings.hidden} onToggle={toggle} onReset={reset} changed={changed} />
        </Flex>
      </Flex>
      <Table<T>
        rowKey={rowKey}
        columns={visible}
        dataSource={error ? [] : (data?.items ?? [])}
        loading={loading}
        pagination={error ? false : table.pagination(data?.meta?.totalCount ?? data?.items.length)}
        onChange={table.onChange as TableProps<T>['onChange']}
        sortDirections={['descend', 'ascend']}
        locale={{ emptyText: loading && !data ? ' ' : emptyState }}
        // a scroll.x table measures every column after each render (rc-table's scroll sync, forced layouts); only
        // fixed columns need it, the others scroll inside their wrapper (.lg-data-table, styles/global.css)
        scroll={visible.some((col) => col.fixed) ? { x: 'max-content' } : undefined}
        className={['lg-data-table', className].filter(Boolean).join(' ')}
        summary={
          !error && data?.items.length
            ? totals
              ? () => <TotalsRow columns={visible} totals={totals} />
              : totalsCells
                ? () => <SummaryRow columns={visible} cells={totalsCells} selectable={Boolean(rest.rowSelection)} />
                : undefined
            : undefined
        }
        {...rest}
      />
    </Flex>
  );
}
