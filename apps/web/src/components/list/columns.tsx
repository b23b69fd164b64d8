/** Columns and cells the list pages share: the `#id` column and a date with its full time in a tooltip. */
import { Tooltip, Typography } from 'antd';
import { formatDate, formatDateTime } from '../format';
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

/** the sortable `#id` column, in secondary text */
export function idColumn<T>(title: string, width = 80): DataColumn<T> {
  return { key: 'id', title, sortable: true, width, render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text> };
}
