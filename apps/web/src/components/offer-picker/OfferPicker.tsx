/**
 * The offer picker (a form control; the value is an offer id, or ids with `multiple`): offers by title or id searched
 * on the server as the user types (`GET /offers/filters`: affiliates get only the offers they see), the titles of
 * chosen ids read by `ids`. `activeOnly` keeps to active offers; `affiliateId` (staff acting for an affiliate) keeps
 * to the offers that affiliate can use (`GET /offers/for-campaign`), a chosen one it cannot use marked so. Used by
 * the campaign screens and the integration guide.
 */
import type { OfferRef } from '@leadgrid/shared/inventory/offers';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Typography, type SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { SelectNotFound } from '../SelectNotFound';
import { api, type Query } from '../../api/client';
import { StatusTag } from '../StatusTag';
import { useOfferPickerT } from './i18n';
import { useDebounced } from '../useDebounced';

type Value = number | number[] | null;
type Items<T> = { items: T[] };

const SEARCH_DELAY_MS = 300;
const PAGE = 20;
const idsOf = (value: Value | undefined): number[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

export const offerPickerApi = {
  /** offers by title or id; affiliates get only the offers they see */
  offers: (query: Query, signal?: AbortSignal) => api.get<Items<OfferRef>>('/offers/filters', query, { signal, silent: true }),
  /** the offers a campaign of this affiliate can be made for (active, with its access), by title or id */
  forCampaign: (query: Query & { affiliateId: number }, signal?: AbortSignal) =>
    api.get<Items<OfferRef>>('/offers/for-campaign', query, { signal, silent: true }),
};

export function OfferPicker({
  multiple = false,
  activeOnly = false,
  affiliateId,
  value,
  placeholder,
  ...rest
}: Omit<SelectProps<Value>, 'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch'> & {
  multiple?: boolean;
  activeOnly?: boolean;
  affiliateId?: number;
}) {
  const { t } = useOfferPickerT();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const base = affiliateId ? { affiliateId } : activeOnly ? { status: 'active' } : {};
  const read = (query: Query, signal: AbortSignal) =>
    affiliateId ? offerPickerApi.forCampaign({ ...query, affiliateId }, signal) : offerPickerApi.offers(query, signal);
  const root = affiliateId ? 'for-campaign' : 'filters';
  const foundQuery = { ...base, search: term || undefined, limit: PAGE };
  const found = useQuery({
    queryKey: ['offers', root, foundQuery],
    queryFn: ({ signal }) => read(foundQuery, signal),
    staleTime: 30_000,
  });
  const known = new Set((found.data?.items ?? []).map((o) => o.id));
  const missing = idsOf(value).filter((id) => !known.has(id));
  const chosenQuery = { ...base, ids: missing, limit: missing.length };
  const chosen = useQuery({
    queryKey: ['offers', root, chosenQuery],
    queryFn: ({ signal }) => read(chosenQuery, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const byId = new Map<number, OfferRef>();
  for (const o of [...(chosen.data?.items ?? []), ...(found.data?.items ?? [])]) byId.set(o.id, o);
  // a chosen offer the affiliate cannot use (e.g. preset before the affiliate was picked) stays, marked
  const unusable = affiliateId && chosen.isSuccess ? missing.filter((id) => !byId.has(id)) : [];
  return (
    <Select<Value>
      {...rest}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder ?? t(multiple ? 'offers' : 'offer')}
      showSearch={{ filterOption: false, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={found.isFetching}
      options={[
        ...[...byId.values()].map((o) => ({
          value: o.id,
          label: `#${o.id} ${o.title}`,
          display: (
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text ellipsis>{`#${o.id} · ${o.title}`}</Typography.Text>
              {o.status !== 'active' ? <StatusTag status={o.status} /> : null}
            </Flex>
          ),
        })),
        ...unusable.map((id) => ({
          value: id,
          label: `#${id} (${t('noAccess')})`,
          display: <Typography.Text type="danger">{`#${id} (${t('noAccess')})`}</Typography.Text>,
        })),
      ]}
      optionRender={(option) => (option.data as { display: ReactNode }).display}
      notFoundContent={<SelectNotFound loading={found.isFetching} error={found.error} />}
    />
  );
}
