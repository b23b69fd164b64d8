/**
 * One dependent filter of a traffic list (product §7 "dependent filters by filterSlug and timezone with server search"):
 * the choices come from the list's `…/filters` endpoint, narrowed by the other filters in force and by what is typed,
 * each with its count. They are fetched when the select opens. Labels of chosen values are remembered (from the answers
 * and, through `remember`, from the list rows), so a chosen value keeps its name when a later answer leaves it out.
 * The leads, conversions and clicks lists each wrap it with their own endpoint.
 */
import { Flex, Select, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { SelectNotFound } from './SelectNotFound';
import type { Query } from '../api/client';
import { useDebounced } from './useDebounced';

export type FilterValue = string | number;
export interface FilterOption {
  value: FilterValue;
  label: string;
  count?: number;
}
export interface FilterOptionsAnswer {
  data?: FilterOption[];
  isFetching: boolean;
  error: unknown;
}

const SEARCH_DELAY_MS = 300;

/** The labels a list has seen for its filter values, keyed by slug and value. */
export function labelMemory() {
  const labels = new Map<string, string>();
  return {
    remember: (slug: string, value: FilterValue, label: string) => void labels.set(`${slug}:${value}`, label),
    recall: (slug: string, value: FilterValue) => labels.get(`${slug}:${value}`),
  };
}
export type LabelMemory = ReturnType<typeof labelMemory>;

export interface DependentFilterSelectProps<Slug extends string> {
  slug: Slug;
  /** the other filters in force (the server ignores this slug's own filter) */
  context: Query;
  value: FilterValue[];
  onChange: (value: FilterValue[]) => void;
  placeholder: string;
  width?: number;
  /** choices always offered (e.g. every status), merged with the server's */
  fixed?: FilterOption[];
  /** the label of a value (e.g. a translated status or reason) */
  labelOf?: (value: FilterValue, label: string) => string;
  /** how a choice is drawn in the list (e.g. a status tag) */
  render?: (value: FilterValue, label: string) => ReactNode;
}

interface SourceProps<Slug extends string> {
  /** the list's options query: (slug, query with the search term, enabled) */
  useOptions: (slug: Slug, query: Query, enabled: boolean) => FilterOptionsAnswer;
  /** the query parameter that carries the typed search */
  searchParam: string;
  memory: LabelMemory;
  texts: { nothing: string; failed: string };
  testId: string;
}

export function DependentFilterSelect<Slug extends string>({
  slug,
  context,
  value,
  onChange,
  placeholder,
  width = 170,
  fixed,
  labelOf,
  render,
  useOptions,
  searchParam,
  memory,
  texts,
  testId,
}: DependentFilterSelectProps<Slug> & SourceProps<Slug>) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const query = useMemo(() => ({ ...context, [searchParam]: term || undefined }), [context, searchParam, term]);
  const found = useOptions(slug, query, open);

  const options = useMemo(() => {
    const shown = (v: FilterValue, label: string) => (labelOf ? labelOf(v, label) : label);
    const counts = new Map<string, number | undefined>();
    for (const o of found.data ?? []) {
      memory.remember(slug, o.value, o.label);
      counts.set(String(o.value), o.count);
    }
    const list: FilterOption[] = [];
    const seen = new Set<string>();
    const add = (v: FilterValue, label: string) => {
      if (seen.has(String(v))) return;
      seen.add(String(v));
      list.push({ value: v, label: shown(v, label), count: counts.get(String(v)) });
    };
    const needle = term.toLowerCase();
    const fixedLabel = (v: FilterValue) => fixed?.find((f) => String(f.value) === String(v))?.label;
    for (const v of value) add(v, fixedLabel(v) ?? memory.recall(slug, v) ?? `#${v}`);
    for (const f of fixed ?? []) if (!needle || f.label.toLowerCase().includes(needle)) add(f.value, f.label);
    for (const o of found.data ?? []) add(o.value, o.label);
    return list;
  }, [found.data, fixed, value, slug, term, labelOf, memory]);

  return (
    <Select<FilterValue[]>
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
      options={options.map((o) => ({ value: o.value, label: o.label, title: o.label, count: o.count }))}
      optionRender={(option) => (
        <Flex justify="space-between" gap={8} align="center">
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {render ? render(option.value as FilterValue, String(option.label)) : option.label}
          </span>
          {option.data.count !== undefined ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {option.data.count}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
      notFoundContent={<SelectNotFound loading={found.isFetching} error={found.error} nothing={texts.nothing} failed={texts.failed} />}
      data-testid={testId}
    />
  );
}

/**
 * A list's own filter select, bound once to its endpoint, search parameter, texts and test ids, with the label memory
 * its rows feed (`remember`).
 */
export function listFilterSelect<Slug extends string>(
  source: Omit<SourceProps<Slug>, 'memory' | 'texts' | 'testId'> & {
    width: number;
    /** `lead-filter` gives `lead-filter-<slug>` */
    testPrefix: string;
    useTexts: () => { nothing: string; failed: string };
  },
) {
  const memory = labelMemory();
  function ListFilterSelect(props: DependentFilterSelectProps<Slug>) {
    const texts = source.useTexts();
    return (
      <DependentFilterSelect
        width={source.width}
        {...props}
        useOptions={source.useOptions}
        searchParam={source.searchParam}
        memory={memory}
        texts={texts}
        testId={`${source.testPrefix}-${props.slug}`}
      />
    );
  }
  const remember: (slug: Slug, value: FilterValue, label: string) => void = memory.remember;
  return { FilterSelect: ListFilterSelect, remember };
}
