/**
 * A list's creation-day filter from..to (`yyyy-MM-dd`, read in the user's zone by the server) with the presets of
 * product §9 counted in that zone. Either end may stay open.
 */
import { DayRangePicker } from './DayRangePicker';
import { usePeriodT } from './i18n';

export function DateRangeFilter({
  from,
  to,
  tz,
  onChange,
  testId = 'lead-date-range',
}: {
  from: string | undefined;
  to: string | undefined;
  tz: string;
  onChange: (range: { dateFrom: string | null; dateTo: string | null }) => void;
  testId?: string;
}) {
  const { t } = usePeriodT();
  return (
    <DayRangePicker
      value={{ dateFrom: from, dateTo: to }}
      tz={tz}
      allowEmpty
      label={t('created')}
      onChange={(r) => onChange({ dateFrom: r.dateFrom ?? null, dateTo: r.dateTo ?? null })}
      testId={testId}
    />
  );
}
