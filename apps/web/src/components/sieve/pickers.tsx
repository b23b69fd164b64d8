/**
 * The pickers of the sieve editor. Countries and languages show their names (codes as values); traffic sources come
 * from the layout's cached list; landers (of one offer), affiliates, teams and advertisers are searched on the server
 * as the user types, with the titles of chosen ids read from the batched per-id cache.
 */
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Typography, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { SelectNotFound } from '../SelectNotFound';
import { useActiveTrafficSources } from '../../api/reference';
import { loadRefs, sieveKeys, useCountries, useLanguages, useRefTitles, type RefKind, type RefOption } from './api';
import { useSieveT } from './i18n';
import { useDebounced } from '../useDebounced';

type Common<V> = Omit<
  SelectProps<V>,
  'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch' | 'value' | 'onChange'
> & {
  value?: V;
  onChange?: (value: V) => void;
};

const SEARCH_DELAY_MS = 300;
const PAGE = 30;

/** ISO codes of a reference list (countries, languages), chosen by name or code; a chosen one shows its code */
function CodeSelect({ codes, value, onChange, ...rest }: Common<string[]> & { codes: ReturnType<typeof useCountries> }) {
  const options = useMemo(
    () => (codes.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}`, search: `${c.code} ${c.name}` })),
    [codes.data],
  );
  return (
    <Select<string[]>
      {...rest}
      mode="multiple"
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={codes.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'search' }}
      labelRender={(o) => String(o.value)}
      notFoundContent={<SelectNotFound loading={codes.isFetching} error={codes.error} />}
    />
  );
}

/** ISO country codes, chosen by name or code */
export const CountrySelect = (props: Common<string[]>) => <CodeSelect {...props} codes={useCountries()} />;

/** ISO language codes, chosen by name or code */
export const LanguageSelect = (props: Common<string[]>) => <CodeSelect {...props} codes={useLanguages()} />;

/** the active traffic sources (a chosen one that is no longer active keeps its id) */
export function TrafficSourceSelect({ value, onChange, ...rest }: Common<number[]>) {
  const sources = useActiveTrafficSources();
  const known = new Map((sources.data ?? []).map((s) => [s.id, s.title]));
  const options = [
    ...(sources.data ?? []).map((s) => ({ value: s.id, label: s.title })),
    ...(value ?? []).filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` })),
  ];
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={sources.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<SelectNotFound loading={sources.isFetching} error={sources.error} />}
    />
  );
}

/** landers of an offer, affiliates, teams or advertisers, searched on the server */
export function RefSelect({ kind, offerId, value, onChange, ...rest }: Common<number[]> & { kind: RefKind; offerId?: number }) {
  const { t, i18n } = useSieveT();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const query = { search: term || undefined, limit: PAGE, ...(kind === 'landers' ? { offerId } : {}) };
  const found = useQuery({
    queryKey: sieveKeys.refs(kind, query),
    queryFn: ({ signal }) => loadRefs(kind, query, signal),
    staleTime: 30_000,
    enabled: kind !== 'landers' || offerId !== undefined,
  });
  const chosen = useRefTitles(kind, value ?? []);
  const byId = new Map<number, RefOption>();
  if (!term) for (const [id, o] of chosen.byId) byId.set(id, o ?? { id, title: t('notFound', { id }) });
  for (const o of found.data?.items ?? []) byId.set(o.id, o);
  const more = (found.data?.meta?.totalCount ?? 0) - (found.data?.items.length ?? 0);
  const inactive = i18n.t('status.inactive');
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={found.isFetching}
      options={[...byId.values()].map((o) => ({
        value: o.id,
        label: o.status && o.status !== 'active' ? `${o.title} (${inactive})` : o.title,
        hint: o.hint,
      }))}
      optionRender={(option) => (
        <Flex vertical style={{ lineHeight: 1.25, minWidth: 0 }}>
          <Typography.Text ellipsis>{option.label}</Typography.Text>
          {(option.data as { hint?: string }).hint ? (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {(option.data as { hint?: string }).hint}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
      notFoundContent={<SelectNotFound loading={found.isFetching} error={found.error} />}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && !found.isFetching ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px', fontSize: 12 }}>
              {t('pickers.more', { count: more })}
            </Typography.Text>
          ) : null}
        </>
      )}
    />
  );
}
