/**
 * A list's creation-day filter from..to (`yyyy-MM-dd`, read in the user's zone by the server) with the presets of
 * product §9 counted in that zone. Either end may stay open.
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_PATTERN } from '../format';
import { usePeriodT } from './i18n';
import { DAY_FORMAT, PRESETS, presetRange } from './presets';

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
  const value: [Dayjs | null, Dayjs | null] | null =
    from || to ? [from ? dayjs(from, DAY_FORMAT) : null, to ? dayjs(to, DAY_FORMAT) : null] : null;
  return (
    <DatePicker.RangePicker
      value={value}
      format={DATE_PATTERN}
      allowClear
      allowEmpty={[true, true]}
      placeholder={[t('dateFrom'), t('dateTo')]}
      aria-label={t('dateFrom')}
      presets={PRESETS.map((key) => {
        const r = presetRange(key, tz);
        return { label: t(`presets.${key}`), value: [dayjs(r.dateFrom, DAY_FORMAT), dayjs(r.dateTo, DAY_FORMAT)] as [Dayjs, Dayjs] };
      })}
      onChange={(dates) =>
        onChange({ dateFrom: dates?.[0] ? dates[0].format(DAY_FORMAT) : null, dateTo: dates?.[1] ? dates[1].format(DAY_FORMAT) : null })
      }
      style={{ width: 250 }}
      data-testid={testId}
    />
  );
}
