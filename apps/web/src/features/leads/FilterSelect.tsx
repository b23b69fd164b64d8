/**
 * One dependent filter of the lead list (spec §7 "dependent filters by filterSlug and timezone with server search"):
 * its choices come from `GET /leads/filters?filterSlug=…` narrowed by the other filters in force and by what is typed,
 * each with its lead count. Labels of chosen values are remembered from the answers (and from the list rows), so a
 * chosen value keeps its name when later answers leave it out.
 */
import type { LeadFilterSlug } from '@leadgrid/shared/schemas/leads';
import { Flex, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Query } from '../../api/client';
import { useLeadFilterOptions } from './api';
import { useLeadsT } from './i18n';

type Value = string | number;
const SEARCH_DELAY_MS = 300;
const labels = new Map<string, string>();
const labelKey = (slug: LeadFilterSlug, value: Value) => `${slug}:${value}`;

/** Remembers the label of a value (list rows know the titles of their offers, affiliates, …). */
export function rememberLabel(slug: LeadFilterSlug, value: Value, label: string) {
  labels.set(labelKey(slug, value), label);
}

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

export interface FilterSelectProps {
  slug: LeadFilterSlug;
  /** the other filters in force (this slug's own filter is ignored by the server) */
  context: Query;
  value: Value[];
  onChange: (value: Value[]) => void;
  placeholder: string;
  width?: number;
  /** choices always offered (e.g. every status, "no grade"), merged with the server's */
  fixed?: { value: Value; label: string }[];
  /** how a choice is shown in the list (e.g. a status tag); the chosen ones show their label */
  render?: (value: Value, label: string) => ReactNode;
}

export function FilterSelect({ slug, context, value, onChange, placeholder, width = 180, fixed, render }: FilterSelectProps) {
  const { t } = useLeadsT();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const query = useMemo(() => ({ ...context, search: term || undefined }), [context, term]);
  const found = useLeadFilterOptions(slug, query, open);

  const options = useMemo(() => {
    const counts = new Map<string, number>();
    for (const o of found.data ?? []) {
      rememberLabel(slug, o.value, o.label);
      counts.set(String(o.value), o.count);
    }
    const list: { value: Value; label: string; count?: number }[] = [];
    const seen = new Set<string>();
    const add = (v: Value, label: string) => {
      if (seen.has(String(v))) return;
      seen.add(String(v));
      list.push({ value: v, label, count: counts.get(String(v)) });
    };
    const needle = term.toLowerCase();
    for (const f of fixed ?? []) if (!needle || f.label.toLowerCase().includes(needle)) add(f.value, f.label);
    for (const o of found.data ?? []) add(o.value, o.label);
    for (const v of value) add(v, labels.get(labelKey(slug, v)) ?? `#${v}`);
    return list;
  }, [found.data, fixed, value, slug, term]);

  return (
    <Select<Value[]>
      mode="multiple"
      allowClear
      value={value}
      onChange={(v) => onChange(v)}
      placeholder={placeholder}
      aria-label={placeholder}
      maxTagCount="responsive"
      maxTagPlaceholder={(omitted) => `+${omitted.length}`}
      style={{ width }}
      popupMatchSelectWidth={Math.max(width, 240)}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      options={options.map((o) => ({
        value: o.value,
        label: o.label,
        title: o.label,
        count: o.count,
      }))}
      optionRender={(option) => (
        <Flex justify="space-between" gap={8} align="center">
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {render ? render(option.value as Value, String(option.label)) : option.label}
          </span>
          {option.data.count !== undefined ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {option.data.count}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
      notFoundContent={
        found.isFetching ? (
          <Flex justify="center" style={{ padding: 8 }}>
            <Spin size="small" />
          </Flex>
        ) : (
          <Typography.Text type="secondary">{found.error ? t('filters.failed') : t('filters.nothing')}</Typography.Text>
        )
      }
      data-testid={`lead-filter-${slug}`}
    />
  );
}
