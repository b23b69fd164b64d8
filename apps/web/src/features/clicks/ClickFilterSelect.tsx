/**
 * One dependent filter of the clicks lists: its values come from `GET /clicks/filters?slug=…` (the clicks the user
 * may read in the period, narrowed by the other filters in force and by what is typed), each with its click count.
 * The values are fetched when the select opens; chosen values keep the label they were picked with.
 */
import type { ClickFilterSlug } from '@leadgrid/shared/schemas/clicks';
import { Select, Spin, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Query } from '../../api/client';
import { useClickFilterOptions } from './api';
import { useClicksT } from './i18n';

type Value = string | number;
const known = new Map<string, string>();

export interface ClickFilterSelectProps {
  slug: ClickFilterSlug;
  context: Query;
  value: Value[];
  onChange: (value: Value[]) => void;
  placeholder: string;
  width?: number;
  /** the label of a value (e.g. a translated reason) */
  labelOf?: (value: Value, label: string) => string;
}

export function ClickFilterSelect({ slug, context, value, onChange, placeholder, width = 160, labelOf }: ClickFilterSelectProps) {
  const { t } = useClicksT();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const term = useDeferredValue(typed.trim());
  const query = useMemo(() => ({ ...context, query: term || undefined }), [context, term]);
  const found = useClickFilterOptions(slug, query, open);
  const show = (v: Value, label: string) => (labelOf ? labelOf(v, label) : label);

  const options = useMemo(() => {
    const rows = (found.data ?? []).map((o) => {
      known.set(`${slug}:${o.value}`, show(o.value, o.label));
      return { value: o.value, label: show(o.value, o.label), count: o.count };
    });
    const shown = new Set(rows.map((r) => String(r.value)));
    const chosen = value.filter((v) => !shown.has(String(v))).map((v) => ({ value: v, label: known.get(`${slug}:${v}`) ?? show(v, String(v)), count: undefined }));
    return [...chosen, ...rows];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found.data, value, slug]);

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
      popupMatchSelectWidth={Math.max(width, 220)}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped, autoClearSearchValue: true }}
      options={options}
      optionRender={(o) => (
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{o.label}</span>
          {o.data.count !== undefined ? <Typography.Text type="secondary">{o.data.count}</Typography.Text> : null}
        </span>
      )}
      notFoundContent={found.isFetching ? <Spin size="small" /> : <Typography.Text type="secondary">{t('filters.noOptions')}</Typography.Text>}
      data-testid={`click-filter-${slug}`}
    />
  );
}
