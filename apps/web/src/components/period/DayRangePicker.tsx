/**
 * The one day-range control of the lists, statistics and the dashboard: a button showing the period in the user's
 * date format, opening the presets (`presets.ts`, counted in the user's zone) and two native date fields. Native
 * fields instead of antd's RangePicker: the RangePicker (rc-picker) weighed ~25 KB on the first view of every list
 * with a period (docs/decisions/web.md "A light day-range control"), and a phone shows its own date wheel for them.
 * Days are `yyyy-MM-dd` both ways; either end may stay open when `allowEmpty`.
 */
import { CalendarOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Space, theme } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { DATE_PATTERN } from '../format';
import { usePeriodT } from './i18n';
import { DAY_FORMAT, PRESETS, presetRange } from './presets';

export interface OpenDayRange {
  dateFrom?: string;
  dateTo?: string;
}

const shown = (day: string | undefined) => (day ? dayjs(day, DAY_FORMAT).format(DATE_PATTERN) : '');

/** the range after one end changed: an end before the other moves the other with it */
export function withEnd(range: OpenDayRange, end: 'dateFrom' | 'dateTo', day: string | undefined): OpenDayRange {
  const next = { ...range, [end]: day || undefined };
  if (next.dateFrom && next.dateTo && next.dateFrom > next.dateTo) {
    if (end === 'dateFrom') next.dateTo = next.dateFrom;
    else next.dateFrom = next.dateTo;
  }
  return next;
}

export function DayRangePicker({
  value,
  tz,
  onChange,
  allowEmpty = false,
  label,
  placeholder,
  testId,
  width = 250,
}: {
  value: OpenDayRange;
  /** the user's zone: the presets' "today" */
  tz: string;
  onChange: (range: OpenDayRange) => void;
  /** lists: either end may stay open and the period may be cleared; statistics always have both ends */
  allowEmpty?: boolean;
  /** the control's accessible name */
  label: string;
  /** the button's text while no end is set */
  placeholder?: string;
  testId?: string;
  width?: number;
}) {
  const { t } = usePeriodT();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const id = useId();
  const empty = !value.dateFrom && !value.dateTo;
  const text = empty ? (placeholder ?? label) : `${shown(value.dateFrom) || '…'} – ${shown(value.dateTo) || '…'}`;
  const change = (next: OpenDayRange) => {
    if (!allowEmpty && (!next.dateFrom || !next.dateTo)) return;
    onChange(next);
  };

  const content = (
    <Flex gap={16} wrap data-testid={testId ? `${testId}-panel` : undefined}>
      <Flex vertical gap={2} role="group" aria-label={t('presetsLabel')}>
        {PRESETS.map((key) => (
          <Button
            key={key}
            type="text"
            size="small"
            style={{ justifyContent: 'flex-start' }}
            onClick={() => {
              const r = presetRange(key, tz);
              onChange({ dateFrom: r.dateFrom, dateTo: r.dateTo });
              setOpen(false);
            }}
          >
            {t(`presets.${key}`)}
          </Button>
        ))}
      </Flex>
      <Flex vertical gap={8} style={{ minWidth: 180 }}>
        <label htmlFor={`${id}-from`}>{t('from')}</label>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.dateFrom ?? ''}
          max={value.dateTo}
          required={!allowEmpty}
          onChange={(e) => change(withEnd(value, 'dateFrom', e.target.value))}
          data-testid={testId ? `${testId}-from` : undefined}
        />
        <label htmlFor={`${id}-to`}>{t('to')}</label>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.dateTo ?? ''}
          min={value.dateFrom}
          required={!allowEmpty}
          onChange={(e) => change(withEnd(value, 'dateTo', e.target.value))}
          data-testid={testId ? `${testId}-to` : undefined}
        />
      </Flex>
    </Flex>
  );

  return (
    <Space.Compact style={{ width }}>
      <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft" arrow={false}>
        <Button
          icon={<CalendarOutlined />}
          aria-label={empty ? label : `${label}: ${text}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          style={{ flex: 1, justifyContent: 'flex-start', overflow: 'hidden' }}
          data-testid={testId}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', color: empty ? token.colorTextPlaceholder : undefined }}>
            {text}
          </span>
        </Button>
      </Popover>
      {allowEmpty && !empty && (
        <Button
          icon={<CloseOutlined />}
          aria-label={t('clear')}
          onClick={() => onChange({})}
          data-testid={testId ? `${testId}-clear` : undefined}
        />
      )}
    </Space.Compact>
  );
}
