/**
 * One dependent filter of the conversions list: its choices come from `GET /conversions/filters?filterSlug=…` (the
 * conversions the user reads, narrowed by the other filters in force and by what is typed), each with its count.
 * Choices are fetched when the select opens; a chosen value keeps the label it was last seen with.
 */
import type { ConversionFilterSlug } from '@leadgrid/shared/schemas/conversions';
import { Select, Spin, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Query } from '../../api/client';
import { useConversionFilterOptions } from './api';
import { useConversionsT } from './i18n';

type Value = string | number;
const seenLabels = new Map<string, string>();

/** list rows know the names of their offers, campaigns, …: chosen ids keep them */
export const noteLabel = (slug: ConversionFilterSlug, value: Value, label: string) => seenLabels.set(`${slug}:${value}`, label);

export interface ConversionFilterSelectProps {
  slug: ConversionFilterSlug;
  context: Query;
  value: Value[];
  onChange: (value: Value[]) => void;
  placeholder: string;
  width?: number;
  /** the label shown for a value (translated statuses and marks) */
  labelOf?: (value: Value, label: string) => string;
}

export function ConversionFilterSelect({ slug, context, value, onChange, placeholder, width = 160, labelOf }: ConversionFilterSelectProps) {
  const { t } = useConversionsT();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const term = useDeferredValue(typed.trim());
  const query = useMemo(() => ({ ...context, search: term || undefined }), [context, term]);
  const found = useConversionFilterOptions(slug, query, open);

  const options = useMemo(() => {
    const shown = (v: Value, label: string) => (labelOf ? labelOf(v, label) : label);
    const rows = (found.data ?? []).map((o) => {
      noteLabel(slug, o.value, o.label);
      return { value: o.value, label: shown(o.value, o.label), count: o.count };
    });
    const missing = value
      .filter((v) => !rows.some((r) => String(r.value) === String(v)))
      .map((v) => ({ value: v, label: shown(v, seenLabels.get(`${slug}:${v}`) ?? `#${v}`), count: undefined as number | undefined }));
    return [...missing, ...rows];
  }, [found.data, value, slug, labelOf]);

  return (
    <Select<Value[]>
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      aria-label={placeholder}
      maxTagCount="responsive"
      style={{ width }}
      popupMatchSelectWidth={Math.max(width, 240)}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped, autoClearSearchValue: true }}
      options={options.map((o) => ({ value: o.value, label: o.label, title: o.label, count: o.count }))}
      optionRender={(option) => (
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{option.label}</span>
          {option.data.count !== undefined ? <Typography.Text type="secondary">{option.data.count}</Typography.Text> : null}
        </span>
      )}
      notFoundContent={found.isFetching ? <Spin size="small" /> : <Typography.Text type="secondary">{found.error ? t('filters.failed') : t('filters.nothing')}</Typography.Text>}
      data-testid={`conversion-filter-${slug}`}
    />
  );
}
