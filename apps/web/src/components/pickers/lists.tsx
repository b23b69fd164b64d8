/**
 * Pickers later forms import (offers, advertisers, affiliates, campaigns, ...):
 *  - TagPicker: tags of one entity type, searched on the server (`GET /tags/by-type/:type?search=`);
 *  - CategoryPicker and TrafficSourcePicker: the active lists, loaded once and filtered in the browser.
 * Values are ids. Chosen ids that are no longer active still show their titles (looked up by `ids`).
 * They work as antd form controls: `<Form.Item name="tags"><TagPicker type="offer" /></Form.Item>`.
 */
import { PICKER_LIMIT, type TagType } from '@leadgrid/shared/settings/tags';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectNotFound } from '../SelectNotFound';
import { categoriesApi, tagsApi, trafficSourcesApi } from '../../api/lists';
import { usePickersT } from './i18n';
import { useDebounced } from '../useDebounced';

type Value = number | number[];
export interface PickerProps extends Omit<SelectProps<Value>, 'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch'> {
  /** several values (default) or one */
  multiple?: boolean;
}

interface Option {
  id: number;
  title: string;
  status: string;
}

const SEARCH_DELAY_MS = 300;
/** a filter in a toolbar has no label: its placeholder names it (in a Form.Item, which gives it an id, the label does) */
const nameOf = (props: { id?: string; 'aria-label'?: string }, placeholder: unknown) =>
  props['aria-label'] ?? (props.id || typeof placeholder !== 'string' ? undefined : placeholder);
const idsOf = (value: Value | null | undefined): number[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Options plus the chosen values missing from them (inactive ones are marked). */
function toOptions(found: Option[] | undefined, chosen: Option[] | undefined, inactiveLabel: string) {
  const byId = new Map<number, Option>();
  for (const o of [...(chosen ?? []), ...(found ?? [])]) byId.set(o.id, o);
  return [...byId.values()].map((o) => ({
    value: o.id,
    label: o.status === 'active' ? o.title : `${o.title} (${inactiveLabel})`,
  }));
}

/** Tags of one entity type, searched on the server as the user types. */
export function TagPicker({ type, multiple = true, value, placeholder, ...rest }: PickerProps & { type: TagType }) {
  const { t } = usePickersT();
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const chosenIds = idsOf(value);
  const found = useQuery({
    queryKey: [...tagsApi.keys.lookups(), type, term],
    queryFn: ({ signal }) => tagsApi.byType(type, { search: term, limit: PICKER_LIMIT }, signal),
    staleTime: 30_000,
  });
  const known = new Set((found.data?.items ?? []).map((x) => x.id));
  const missing = chosenIds.filter((id) => !known.has(id));
  const chosen = useQuery({
    queryKey: [...tagsApi.keys.lookups(), type, 'ids', missing],
    queryFn: ({ signal }) => tagsApi.byType(type, { ids: missing }, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  // while searching, only the matches are offered (the select keeps the labels of chosen values it has seen)
  const options = toOptions(found.data?.items, term ? [] : chosen.data?.items, tc('status.inactive'));
  return (
    <Select<Value>
      {...rest}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder ?? t(multiple ? 'lists.tags' : 'lists.tag')}
      aria-label={nameOf(rest, placeholder ?? t(multiple ? 'lists.tags' : 'lists.tag'))}
      showSearch={{ filterOption: false, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={found.isFetching}
      options={options}
      notFoundContent={<SelectNotFound loading={found.isFetching} error={found.error} />}
    />
  );
}

/** A short list of active items loaded once and filtered by title in the browser. */
function ActiveListPicker({
  keyBase,
  load,
  multiple = true,
  value,
  placeholder,
  ...rest
}: PickerProps & { keyBase: readonly string[]; load: (query: { ids?: number[] }, signal?: AbortSignal) => Promise<{ items: Option[] }> }) {
  const { t: tc } = useTranslation();
  const chosenIds = idsOf(value);
  const all = useQuery({ queryKey: [...keyBase, 'active'], queryFn: ({ signal }) => load({}, signal), staleTime: 60_000 });
  const known = useMemo(() => new Set((all.data?.items ?? []).map((x) => x.id)), [all.data]);
  const missing = all.data ? chosenIds.filter((id) => !known.has(id)) : [];
  const chosen = useQuery({
    queryKey: [...keyBase, 'ids', missing],
    queryFn: ({ signal }) => load({ ids: missing }, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  return (
    <Select<Value>
      {...rest}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder}
      aria-label={nameOf(rest, placeholder)}
      showSearch={{ optionFilterProp: 'label' }}
      loading={all.isFetching}
      options={toOptions(all.data?.items, chosen.data?.items, tc('status.inactive'))}
      notFoundContent={<SelectNotFound loading={all.isFetching} error={all.error} />}
    />
  );
}

/** Offer categories (active ones to choose from). */
export function CategoryPicker({ multiple = true, placeholder, ...rest }: PickerProps) {
  const { t } = usePickersT();
  return (
    <ActiveListPicker
      {...rest}
      multiple={multiple}
      placeholder={placeholder ?? t(multiple ? 'lists.categories' : 'lists.category')}
      keyBase={categoriesApi.keys.lookups()}
      load={(query, signal) => categoriesApi.active(query, signal)}
    />
  );
}

/** Traffic sources (active ones to choose from). */
export function TrafficSourcePicker({ multiple = true, placeholder, ...rest }: PickerProps) {
  const { t } = usePickersT();
  return (
    <ActiveListPicker
      {...rest}
      multiple={multiple}
      placeholder={placeholder ?? t(multiple ? 'lists.trafficSources' : 'lists.trafficSource')}
      keyBase={trafficSourcesApi.keys.lookups()}
      load={(query, signal) => trafficSourcesApi.active(query, signal)}
    />
  );
}
