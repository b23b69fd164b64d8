/**
 * Pickers of the offer screens, searched on the server as the user types, with the labels of chosen ids looked up by
 * `ids`: managers of an offer (staff: admins, affiliate and advertiser managers), advertisers (any status, for the
 * list filter; or the active ones of a vertical, for a new advertiser target) and the integrations of one advertiser.
 */
import type { ManagerLookupItem } from '@leadgrid/shared/people/people';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Tag, Typography, type SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { SelectNotFound } from '../../../components/SelectNotFound';
import { api, type Query } from '../../../api/client';
import { useIntegrationsFor } from './api';
import { useOffersT } from './i18n';
import { useDebounced } from '../../../components/useDebounced';

type Value = number | number[];
export interface PickerProps extends Omit<SelectProps<Value>, 'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch'> {
  multiple?: boolean;
}
interface AdvertiserRef {
  id: number;
  secureId: string;
  title: string;
  status: string;
}

const SEARCH_DELAY_MS = 300;
const PAGE = 30;
const idsOf = (value: Value | null | undefined): number[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
export const personName = (p: { firstName: string; lastName: string; email: string }) => `${p.firstName} ${p.lastName}`.trim() || p.email;

function LookupSelect<T extends { id: number }>({
  keyBase,
  load,
  text,
  render,
  extraQuery,
  multiple = false,
  value,
  ...rest
}: PickerProps & {
  keyBase: readonly unknown[];
  load: (query: Query, signal?: AbortSignal) => Promise<{ items: T[] }>;
  text: (item: T) => string;
  render?: (item: T) => ReactNode;
  extraQuery?: Query;
}) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const chosenIds = idsOf(value);
  const foundQuery = { ...extraQuery, search: term || undefined, limit: PAGE };
  const found = useQuery({ queryKey: [...keyBase, foundQuery], queryFn: ({ signal }) => load(foundQuery, signal), staleTime: 30_000 });
  const known = new Set((found.data?.items ?? []).map((x) => x.id));
  const missing = found.data ? chosenIds.filter((id) => !known.has(id)) : [];
  const chosenQuery = { ...extraQuery, ids: missing, limit: Math.max(missing.length, 1) };
  const chosen = useQuery({
    queryKey: [...keyBase, chosenQuery],
    queryFn: ({ signal }) => load(chosenQuery, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const byId = new Map<number, T>();
  for (const item of [...(term ? [] : (chosen.data?.items ?? [])), ...(found.data?.items ?? [])]) byId.set(item.id, item);
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
    />
  );
}

function TwoLines({ title, sub, extra }: { title: string; sub?: string; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <Flex vertical style={{ minWidth: 0, lineHeight: 1.25 }}>
        <Typography.Text ellipsis>{title}</Typography.Text>
        {sub ? (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {sub}
          </Typography.Text>
        ) : null}
      </Flex>
      {extra}
    </Flex>
  );
}

const loadManagers = (query: Query, signal?: AbortSignal) =>
  api.get<{ items: ManagerLookupItem[] }>(
    '/users/managers',
    { ...query, roleType: 'admin,affiliate_manager,advertiser_manager' },
    { signal, silent: true },
  );

/** Staff users who may manage an offer (several by default). */
export function OfferManagerPicker({ multiple = true, placeholder, ...rest }: PickerProps) {
  const { t } = useOffersT();
  return (
    <LookupSelect<ManagerLookupItem>
      {...rest}
      multiple={multiple}
      placeholder={placeholder ?? t('pickers.managers')}
      keyBase={['managers', 'lookup', 'offer']}
      load={loadManagers}
      text={personName}
      render={(m) => <TwoLines title={personName(m)} sub={m.email} />}
    />
  );
}

function StatusMark({ status }: { status: string }) {
  const { t } = useOffersT();
  return status === 'active' ? null : <Tag style={{ marginInlineEnd: 0, fontSize: 11 }}>{t(`status.${status}`)}</Tag>;
}

const loadAdvertisers = (path: string) => (query: Query, signal?: AbortSignal) =>
  api.get<{ items: AdvertiserRef[] }>(path, query, { signal, silent: true });

/** Advertisers by title or secure id, any status (the list filter; several by default). */
export function AdvertiserFilterPicker({ multiple = true, placeholder, ...rest }: PickerProps) {
  const { t } = useOffersT();
  return (
    <LookupSelect<AdvertiserRef>
      {...rest}
      multiple={multiple}
      placeholder={placeholder ?? t('pickers.advertisers')}
      keyBase={['advertisers', 'lookup', 'offer-filter']}
      load={loadAdvertisers('/advertisers/filters')}
      text={(a) => a.title}
      render={(a) => <TwoLines title={a.title} sub={`#${a.id} · ${a.secureId}`} extra={<StatusMark status={a.status} />} />}
    />
  );
}

/** The active advertisers of a vertical (a new advertiser target of an offer). */
export function ActiveAdvertiserPicker({ verticalId, placeholder, ...rest }: PickerProps & { verticalId: number }) {
  const { t } = useOffersT();
  return (
    <LookupSelect<AdvertiserRef>
      {...rest}
      multiple={false}
      placeholder={placeholder ?? t('targets.chooseAdvertiser')}
      keyBase={['advertisers', 'lookup', 'active-by-vertical', verticalId]}
      load={loadAdvertisers('/advertisers/active-by-vertical')}
      extraQuery={{ verticalId }}
      text={(a) => a.title}
      render={(a) => <TwoLines title={a.title} sub={`#${a.id} · ${a.secureId}`} />}
    />
  );
}

/** The integrations of one advertiser that may target an offer. */
export function IntegrationSelect({
  advertiserId,
  value,
  onChange,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'showSearch' | 'loading'> & { advertiserId: number | undefined }) {
  const { t } = useOffersT();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const list = useIntegrationsFor(advertiserId, term);
  return (
    <Select<number>
      {...rest}
      value={value}
      onChange={onChange}
      disabled={!advertiserId || rest.disabled}
      placeholder={t('targets.chooseIntegration')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={list.isFetching}
      options={(list.data ?? []).map((i) => ({ value: i.id, label: i.title, status: i.status }))}
      optionRender={(o) => (
        <TwoLines title={String(o.label)} sub={`#${o.value}`} extra={<StatusMark status={(o.data as { status: string }).status} />} />
      )}
      notFoundContent={<SelectNotFound loading={list.isFetching} error={list.error} nothing={t('targets.noIntegrations')} />}
    />
  );
}
