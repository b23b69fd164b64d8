/**
 * Columns and cells the list pages share: the `#id` column, a date with its full time in a tooltip, a date and time,
 * the status, and the row actions column with its common pencil button and menu.
 */
import { EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, Typography, type ButtonProps, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../format';
import { StatusTag } from '../StatusTag';
import type { DataColumn } from '../table/DataTable';

/** the date of a moment (unix seconds), the time of day in its tooltip */
export function DateCell({ value, timezone }: { value: number | null; timezone: string }) {
  return (
    <Tooltip title={value ? formatDateTime(value, timezone) : undefined}>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDate(value, timezone)}</Typography.Text>
    </Tooltip>
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
    render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</Typography.Text>,
  };
}

/** a sortable status column, with the column filter of its statuses when given (`useStatusFilters`) */
export function statusColumn<T>(title: string, filters?: { text: string; value: string }[]): DataColumn<T> {
  return { key: 'status', title, sortable: true, filters, render: (s: string) => <StatusTag status={s} /> };
}

/** the sortable `#id` column, in secondary text */
export function idColumn<T>(title: string, width = 80): DataColumn<T> {
  return { key: 'id', title, sortable: true, width, render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text> };
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
    fixed: 'right',
    render: (_v: unknown, row: T) => render(row),
  };
}

/** the pencil of a row, `label` in its tooltip and for screen readers (with the row's `name` when given) */
export function EditButton({ label, name, onClick, testId }: { label: string; name?: string; onClick: () => void; testId?: string }) {
  return (
    <Tooltip title={label}>
      <Button type="text" icon={<EditOutlined />} aria-label={name ? `${label}: ${name}` : label} onClick={onClick} data-testid={testId} />
    </Tooltip>
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
  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={menu}>
      <Button type="text" size={size} icon={<MoreOutlined />} aria-label={`${label}: ${name}`} data-testid={testId} />
    </Dropdown>
  );
}

/** an actions column holding only the row's pencil */
export const editColumn = <T,>(label: string, onEdit: (row: T) => void, testId?: string): DataColumn<T> =>
  actionsColumn<T>(label, (row) => <EditButton label={label} onClick={() => onEdit(row)} testId={testId} />);
