/**
 * A created-at range filter with the range presets of spec §9 (today, the last 7 days, the last 30 days, the last
 * 3 months, the start of the current month), all counted in the user's time zone. The bounds are seconds: the
 * start of the first day and the end of the last day.
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSession } from '../../app/session';
import { DATE_PATTERN } from '../../components/format';
import { useAffiliatesT } from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface RangeValue {
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

/** The presets of spec §9 as [first day, last day] in the zone `tz` (today as seen in that zone). */
export function rangePresets(tz: string, now: Date = new Date()) {
  const today = dayjs(now).tz(tz).startOf('day');
  return {
    today: [today, today],
    last7Days: [today.subtract(6, 'day'), today],
    last30Days: [today.subtract(29, 'day'), today],
    last3Months: [today.subtract(3, 'month'), today],
    monthStart: [today.startOf('month'), today],
  } as const satisfies Record<string, readonly [Dayjs, Dayjs]>;
}

/** The bounds of whole days in the zone `tz`, in seconds. */
export function rangeBounds(first: Dayjs, last: Dayjs, tz: string): { from: string; to: string } {
  // the picker hands back dates in the browser's zone: keep the calendar day, read it in the user's zone
  const start = dayjs.tz(first.format('YYYY-MM-DD'), tz).startOf('day');
  const end = dayjs.tz(last.format('YYYY-MM-DD'), tz).endOf('day');
  return { from: String(start.unix()), to: String(end.unix()) };
}

export function RangeFilter({
  value,
  onChange,
  placeholder,
}: {
  value: RangeValue;
  onChange: (next: RangeValue) => void;
  placeholder?: [string, string];
}) {
  const { t } = useAffiliatesT();
  const { timezone: tz } = useSession();
  const presets = rangePresets(tz);
  const from = inZone(value.from, tz);
  const to = inZone(value.to, tz);
  // the picker shows calendar days: rebuild them in the browser's zone so the day shown is the user's day
  const shown: [Dayjs, Dayjs] | null = from && to ? [dayjs(from.format('YYYY-MM-DD')), dayjs(to.format('YYYY-MM-DD'))] : null;
  const local = (d: Dayjs) => dayjs(d.format('YYYY-MM-DD'));
  return (
    <DatePicker.RangePicker
      value={shown}
      format={DATE_PATTERN}
      allowClear
      placeholder={placeholder ?? [t('range.from'), t('range.to')]}
      aria-label={t('filters.created')}
      presets={(Object.keys(presets) as (keyof typeof presets)[]).map((key) => ({
        label: t(`range.${key}`),
        value: [local(presets[key][0]), local(presets[key][1])] as [Dayjs, Dayjs],
      }))}
      onChange={(dates) => {
        if (!dates || !dates[0] || !dates[1]) onChange({});
        else onChange(rangeBounds(dates[0], dates[1], tz));
      }}
      style={{ width: 260 }}
      data-testid="created-range"
    />
  );
}
