/**
 * A creation-time filter from..to for the lists whose API takes the bounds as Unix seconds (teams, employees, clicks,
 * postback logs): whole days of the user's zone, with the presets of product §9 (`presets.ts`). The bounds are the start
 * of the first day and the end of the last day. Lists taking `yyyy-MM-dd` days use `DateRangeFilter`.
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSession } from '../../app/session';
import { DATE_PATTERN } from '../format';
import { usePeriodT } from './i18n';
import { DAY_FORMAT, PRESETS, presetRange } from './presets';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface SecondsRange {
  /** seconds, start of the first day */
  from?: string;
  /** seconds, end of the last day */
  to?: string;
}

const inZone = (seconds: string | undefined, tz: string): Dayjs | null => {
  const n = Number(seconds);
  if (!seconds || !Number.isFinite(n)) return null;
  return dayjs(n * 1000).tz(tz);
};

/** The bounds of whole days in the zone `tz`, in seconds. */
export function rangeBounds(first: Dayjs, last: Dayjs, tz: string): { from: string; to: string } {
  // the picker hands back dates in the browser's zone: keep the calendar day, read it in the user's zone
  const start = dayjs.tz(first.format(DAY_FORMAT), tz).startOf('day');
  const end = dayjs.tz(last.format(DAY_FORMAT), tz).endOf('day');
  return { from: String(start.unix()), to: String(end.unix()) };
}

export function SecondsRangeFilter({
  value,
  onChange,
  placeholder,
}: {
  value: SecondsRange;
  onChange: (next: SecondsRange) => void;
  placeholder?: [string, string];
}) {
  const { t } = usePeriodT();
  const { timezone: tz } = useSession();
  const from = inZone(value.from, tz);
  const to = inZone(value.to, tz);
  // the picker shows calendar days: rebuild them in the browser's zone so the day shown is the user's day
  const shown: [Dayjs, Dayjs] | null = from && to ? [dayjs(from.format(DAY_FORMAT)), dayjs(to.format(DAY_FORMAT))] : null;
  return (
    <DatePicker.RangePicker
      value={shown}
      format={DATE_PATTERN}
      allowClear
      placeholder={placeholder ?? [t('dateFrom'), t('dateTo')]}
      aria-label={t('created')}
      presets={PRESETS.map((key) => {
        const r = presetRange(key, tz);
        return { label: t(`presets.${key}`), value: [dayjs(r.dateFrom, DAY_FORMAT), dayjs(r.dateTo, DAY_FORMAT)] as [Dayjs, Dayjs] };
      })}
      onChange={(dates) => {
        if (!dates || !dates[0] || !dates[1]) onChange({});
        else onChange(rangeBounds(dates[0], dates[1], tz));
      }}
      style={{ width: 260 }}
      data-testid="created-range"
    />
  );
}
