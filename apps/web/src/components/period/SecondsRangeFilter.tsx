/**
 * A creation-time filter from..to for the lists whose API takes the bounds as Unix seconds (teams, employees, clicks,
 * postback logs): whole days of the user's zone, with the presets of product §9 (`presets.ts`). The bounds are the start
 * of the first day and the end of the last day. Lists taking `yyyy-MM-dd` days use `DateRangeFilter`.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSession } from '../../app/session';
import { DayRangePicker } from './DayRangePicker';
import { usePeriodT } from './i18n';
import { DAY_FORMAT } from './presets';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface SecondsRange {
  /** seconds, start of the first day */
  from?: string;
  /** seconds, end of the last day */
  to?: string;
}

/** the user's calendar day (`yyyy-MM-dd`) of a bound in seconds */
const dayOf = (seconds: string | undefined, tz: string): string | undefined => {
  const n = Number(seconds);
  if (!seconds || !Number.isFinite(n)) return undefined;
  return dayjs(n * 1000)
    .tz(tz)
    .format(DAY_FORMAT);
};

/** The bounds of whole days `yyyy-MM-dd` in the zone `tz`, in seconds. */
export function rangeBounds(first: string, last: string, tz: string): { from: string; to: string } {
  const start = dayjs.tz(first, tz).startOf('day');
  const end = dayjs.tz(last, tz).endOf('day');
  return { from: String(start.unix()), to: String(end.unix()) };
}

export function SecondsRangeFilter({
  value,
  onChange,
  placeholder,
}: {
  value: SecondsRange;
  onChange: (next: SecondsRange) => void;
  placeholder?: string;
}) {
  const { t } = usePeriodT();
  const { timezone: tz } = useSession();
  return (
    <DayRangePicker
      value={{ dateFrom: dayOf(value.from, tz), dateTo: dayOf(value.to, tz) }}
      tz={tz}
      allowEmpty
      label={t('created')}
      placeholder={placeholder}
      onChange={(r) => {
        if (!r.dateFrom && !r.dateTo) onChange({});
        else {
          // an open end is the other end's day: the API takes both bounds
          const b = rangeBounds(r.dateFrom ?? r.dateTo!, r.dateTo ?? r.dateFrom!, tz);
          onChange({ from: r.dateFrom ? b.from : undefined, to: r.dateTo ? b.to : undefined });
        }
      }}
      width={260}
      testId="created-range"
    />
  );
}
