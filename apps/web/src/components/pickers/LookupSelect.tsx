/**
 * The select the server-searched pickers share (people, sell-side, offers): what is typed searches the server after a
 * pause, the labels of chosen ids it has not answered with are asked by `ids` (so an inactive one keeps its title),
 * and a toolbar filter without a label is named by its placeholder. Values are ids; it works as an antd form control.
 */
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Query } from '../../api/client';
import { SelectNotFound } from '../SelectNotFound';
import { useDebounced } from '../useDebounced';

type Value = number | number[];
export interface PickerProps extends Omit<SelectProps<Value>, 'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch'> {
  /** several values or one (default: one) */
  multiple?: boolean;
}

export interface LookupAnswer<T> {
  items: T[];
  meta?: { totalCount: number };
}

const SEARCH_DELAY_MS = 300;
const idsOf = (value: Value | null | undefined): number[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export function LookupSelect<T extends { id: number }>({
  keyOf,
  load,
  text,
  render,
  extraQuery,
  page,
  chosenLimit = false,
  chosenAtOnce = false,
  more,
  multiple = false,
  value,
  ...rest
}: PickerProps & {
  keyOf: (query: Query) => readonly unknown[];
  load: (query: Query, signal?: AbortSignal) => Promise<LookupAnswer<T>>;
  /** the text the chosen value shows */
  text: (item: T) => string;
  /** the option in the list (default: `text`) */
  render?: (item: T) => ReactNode;
  extraQuery?: Query;
  /** how many a search answers with */
  page: number;
  /** the look-up of chosen ids says its `limit` (their number) */
  chosenLimit?: boolean;
  /** chosen ids are looked up without waiting for the first search's answer */
  chosenAtOnce?: boolean;
  /** below the options: how many more the search found than it shows */
  more?: (count: number) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const chosenIds = idsOf(value);
  const foundQuery = { ...extraQuery, search: term || undefined, limit: page };
  const found = useQuery({ queryKey: keyOf(foundQuery), queryFn: ({ signal }) => load(foundQuery, signal), staleTime: 30_000 });
  const known = new Set((found.data?.items ?? []).map((x) => x.id));
  const missing = found.data || chosenAtOnce ? chosenIds.filter((id) => !known.has(id)) : [];
  const chosenQuery = chosenLimit ? { ...extraQuery, ids: missing, limit: Math.max(missing.length, 1) } : { ...extraQuery, ids: missing };
  const chosen = useQuery({
    queryKey: keyOf(chosenQuery),
    queryFn: ({ signal }) => load(chosenQuery, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const byId = new Map<number, T>();
  for (const item of [...(term ? [] : (chosen.data?.items ?? [])), ...(found.data?.items ?? [])]) byId.set(item.id, item);
  const hidden = (found.data?.meta?.totalCount ?? 0) - (found.data?.items.length ?? 0);
  return (
    <Select<Value>
      {...rest}
      // a filter in a toolbar has no label: its placeholder names it (in a Form.Item, which gives it an id, the label does)
      aria-label={rest['aria-label'] ?? (rest.id || typeof rest.placeholder !== 'string' ? undefined : rest.placeholder)}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={found.isFetching}
      options={[...byId.values()].map((item) => ({ value: item.id, label: text(item), display: render ? render(item) : text(item) }))}
      optionRender={(option) => (option.data as { display: ReactNode }).display}
      notFoundContent={<SelectNotFound loading={found.isFetching} error={found.error} />}
      popupRender={
        more
          ? (menu) => (
              <>
                {menu}
                {hidden > 0 && !found.isFetching ? more(hidden) : null}
              </>
            )
          : undefined
      }
    />
  );
}
