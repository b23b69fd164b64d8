/**
 * Columns and cells the list pages share: the `#id` column, a date with its full time on hover, a date and time,
 * the status, and the row actions column with its common pencil button and menu. Every row draws these, so they are
 * light: plain elements, and the pencil's tooltip and the menu's dropdown mounted on first use (docs/decisions/web.md,
 * "Tables: light cells").
 */
import { EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, type ButtonProps, type MenuProps } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '../format';
import { StatusTag } from '../StatusTag';
import type { DataColumn } from '../table/DataTable';

/** the date of a moment (unix seconds), the time of day on hover */
export function DateCell({ value, timezone }: { value: number | null; timezone: string }) {
  return (
    <span title={value ? formatDateTime(value, timezone) : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value, timezone)}
    </span>
  );
}

/** a sortable date column (`createdAt`, `lastActivityAt`) */
export function dateColumn<T>(key: string, title: string, timezone: string): DataColumn<T> {
  return { key, title, sortable: true, render: (s: number | null) => <DateCell value={s} timezone={timezone} /> };
}

/** a sortable date-and-time column, on one line */
export function dateTimeColumn<T>(key: string, title: string, timezone: string): DataColumn<T> {
  return {
    key,
    title,
    sortable: true,
    render: (s: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</span>,
  };
}

/** a sortable status column, with the column filter of its statuses when given (`useStatusFilters`) */
export function statusColumn<T>(title: string, filters?: { text: string; value: string }[]): DataColumn<T> {
  return { key: 'status', title, sortable: true, filters, render: (s: string) => <StatusTag status={s} /> };
}

/** the sortable `#id` column, in secondary text */
export function idColumn<T>(title: string, width = 80): DataColumn<T> {
  return { key: 'id', title, sortable: true, width, render: (id: number) => <span className="lg-cell-secondary">#{id}</span> };
}

/** the row actions, pinned right and never hidden; `label` names the column in the column settings */
export function actionsColumn<T>(label: string, render: (row: T) => ReactNode, width = 56): DataColumn<T> {
  return {
    key: 'actions',
    title: '',
    settingsLabel: label,
    alwaysVisible: true,
    width,
    align: 'right',
    // pinned by CSS (`position: sticky`, styles/global.css), not rc-table's `fixed`, which makes the table measure
    // every column after each render (docs/decisions/web.md, "Tables: light cells")
    className: 'lg-col-pinned',
    render: (_v: unknown, row: T) => render(row),
  };
}

/** the pencil of a row, `label` in its tooltip (mounted when the pointer first comes) and for screen readers (with the
 * row's `name` when given) */
export function EditButton({ label, name, onClick, testId }: { label: string; name?: string; onClick: () => void; testId?: string }) {
  const [hovered, setHovered] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<EditOutlined />}
      aria-label={name ? `${label}: ${name}` : label}
      onClick={onClick}
      onPointerEnter={hovered ? undefined : () => setHovered(true)}
      data-testid={testId}
    />
  );
  return hovered ? (
    <Tooltip title={label} defaultOpen>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** the "more" button of a row opening its menu of actions; `label` and the row's `name` for screen readers */
export function RowMenu({
  menu,
  label,
  name,
  testId,
  size,
}: {
  menu: MenuProps;
  label: string;
  name: string;
  testId?: string;
  /** `small` beside other small buttons of the row */
  size?: ButtonProps['size'];
}) {
  // the dropdown is mounted by the first click (or Enter/Space) and opens at once; the button it wraps is a new
  // element then, so it takes the focus back
  const [open, setOpen] = useState<boolean | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const mounted = open !== null;
  useLayoutEffect(() => {
    if (mounted) ref.current?.focus();
  }, [mounted]);
  const button = (
    <Button
      ref={ref}
      type="text"
      size={size}
      icon={<MoreOutlined />}
      aria-label={`${label}: ${name}`}
      aria-haspopup="menu"
      onClick={mounted ? undefined : () => setOpen(true)}
      data-testid={testId}
    />
  );
  if (!mounted) return button;
  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={menu} open={open} onOpenChange={setOpen}>
      {button}
    </Dropdown>
  );
}

/** an actions column holding only the row's pencil */
export const editColumn = <T,>(label: string, onEdit: (row: T) => void, testId?: string): DataColumn<T> =>
  actionsColumn<T>(label, (row) => <EditButton label={label} onClick={() => onEdit(row)} testId={testId} />);
