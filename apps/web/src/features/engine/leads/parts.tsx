/**
 * Small pieces of the leads screens: the sub filter (one of sub1..sub9 equal to a value), the folded subs of a lead
 * and a lead's name. The day range, a person's name and the empty cell are the shared kit's (components/).
 */
import { Flex, Input, Popover, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CellText, Dash } from '../../../components/table/cells';
import { LightTag } from '../../../components/LightTag';
import { SUB_FILTERS, SUB_MAX, type SubFilter as SubName } from './filters';
import { useLeadsT } from './i18n';

type Subs = Partial<Record<SubName, string | null>>;

export const leadName = (l: { firstName: string | null; lastName: string | null }) => `${l.firstName ?? ''} ${l.lastName ?? ''}`.trim();

/** The subs a lead carries, as `subN: value`. */
export const subsOf = (lead: Subs) => SUB_FILTERS.flatMap((k) => (lead[k] ? [[k, lead[k]] as const] : []));

/** Subs folded: the first one shown, all of them in a popover. */
export function SubsCell({ lead }: { lead: Subs }) {
  const [open, setOpen] = useState(false);
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
  const cell = (
    <div
      className="lg-cell-line"
      style={{ width: 100, gap: 4, cursor: 'default' }}
      onPointerEnter={open ? undefined : () => setOpen(true)}
      onClick={open ? undefined : () => setOpen(true)}
    >
      <CellText style={{ fontSize: 13 }}>
        <span className="lg-cell-secondary">{subs[0][0]}:</span> {subs[0][1]}
      </CellText>
      {subs.length > 1 ? <LightTag>+{subs.length - 1}</LightTag> : null}
    </div>
  );
  // the popover is mounted when the pointer first comes (a row's popover costs as much as the rest of its cells)
  return open ? (
    <Popover content={all} trigger={['hover', 'click']} defaultOpen>
      {cell}
    </Popover>
  ) : (
    cell
  );
}

/** One sub equal to a value (the URL may hold several; the first one set is shown); a new search replaces them. */
export function SubFilter({
  filters,
  onChange,
}: {
  filters: Partial<Record<string, string | undefined>>;
  onChange: (patch: Record<SubName, string | null>) => void;
}) {
  const { t } = useLeadsT();
  const current = SUB_FILTERS.find((k) => filters[k]);
  const [name, setName] = useState<SubName>(current ?? 'sub1');
  const [value, setValue] = useState(current ? (filters[current] ?? '') : '');
  useEffect(() => {
    if (current) setName(current);
    setValue(current ? (filters[current] ?? '') : '');
  }, [current, filters]);
  const apply = (sub: SubName, text: string) =>
    onChange(
      Object.fromEntries(SUB_FILTERS.map((k) => [k, k === sub && text.trim() ? text.trim() : null])) as Record<SubName, string | null>,
    );
  return (
    <Space.Compact style={{ width: 260 }}>
      <Select<SubName>
        value={name}
        onChange={(next) => {
          setName(next);
          if (value.trim()) apply(next, value);
        }}
        options={SUB_FILTERS.map((k) => ({ value: k, label: k }))}
        style={{ width: 96 }}
        aria-label={t('filters.subName')}
        data-testid="lead-filter-sub-name"
      />
      <Input.Search
        allowClear
        value={value}
        maxLength={SUB_MAX}
        placeholder={t('filters.subValue')}
        onChange={(e) => {
          setValue(e.target.value);
          if (!e.target.value && current) apply(name, '');
        }}
        onSearch={(text) => apply(name, text)}
        data-testid="lead-filter-sub"
      />
    </Space.Compact>
  );
}
