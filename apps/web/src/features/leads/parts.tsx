/**
 * Small pieces of the leads screens: the creation-day range with the presets of spec §9 (in the user's zone), the
 * folded subs of a lead, a person's name and an empty cell.
 */
import type { LeadPersonRef } from '@leadgrid/shared/schemas/leads';
import { DatePicker, Flex, Popover, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_PATTERN } from '../../components/format';
import { presetDays, RANGE_PRESETS } from './filters';
import { useLeadsT } from './i18n';

export const SUB_KEYS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const;
type Subs = Partial<Record<(typeof SUB_KEYS)[number], string | null>>;

export const personName = (p: LeadPersonRef) => `${p.firstName} ${p.lastName}`.trim() || p.email;
export const leadName = (l: { firstName: string | null; lastName: string | null }) => `${l.firstName ?? ''} ${l.lastName ?? ''}`.trim();

export function Dash() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/** The subs a lead carries, as `subN: value`. */
export const subsOf = (lead: Subs) => SUB_KEYS.flatMap((k) => (lead[k] ? [[k, lead[k]] as const] : []));

/** Subs folded: the first one shown, all of them in a popover. */
export function SubsCell({ lead }: { lead: Subs }) {
  const subs = subsOf(lead);
  if (!subs.length) return <Dash />;
  const all = (
    <Flex vertical gap={2} style={{ maxWidth: 360 }}>
      {subs.map(([k, v]) => (
        <Typography.Text key={k} style={{ fontSize: 13 }}>
          <Typography.Text type="secondary">{k}:</Typography.Text> {v}
        </Typography.Text>
      ))}
    </Flex>
  );
  return (
    <Popover content={all} trigger={['hover', 'click']}>
      <Flex gap={4} align="center" style={{ width: 100, cursor: 'default' }} wrap={false}>
        <Typography.Text ellipsis style={{ fontSize: 13, minWidth: 0 }}>
          <Typography.Text type="secondary">{subs[0][0]}:</Typography.Text> {subs[0][1]}
        </Typography.Text>
        {subs.length > 1 ? <Tag style={{ marginInlineEnd: 0 }}>+{subs.length - 1}</Tag> : null}
      </Flex>
    </Popover>
  );
}

const DAY = 'YYYY-MM-DD';

/** Creation days from..to (`yyyy-MM-dd`, read in the user's zone by the server) with the presets of spec §9. */
export function DateRange({
  from,
  to,
  tz,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  tz: string;
  onChange: (range: { dateFrom: string | null; dateTo: string | null }) => void;
}) {
  const { t } = useLeadsT();
  const value: [Dayjs | null, Dayjs | null] | null = from || to ? [from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null] : null;
  return (
    <DatePicker.RangePicker
      value={value}
      format={DATE_PATTERN}
      allowClear
      allowEmpty={[true, true]}
      placeholder={[t('filters.dateFrom'), t('filters.dateTo')]}
      aria-label={t('filters.dateFrom')}
      presets={RANGE_PRESETS.map((key) => {
        const [first, last] = presetDays(key, tz);
        return { label: t(`range.${key}`), value: [dayjs(first, DAY), dayjs(last, DAY)] as [Dayjs, Dayjs] };
      })}
      onChange={(dates) =>
        onChange({ dateFrom: dates?.[0] ? dates[0].format(DAY) : null, dateTo: dates?.[1] ? dates[1].format(DAY) : null })
      }
      style={{ width: 250 }}
      data-testid="lead-date-range"
    />
  );
}
