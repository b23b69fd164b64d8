/**
 * Pickers of the offer screens, searched on the server as the user types, with the labels of chosen ids looked up by
 * `ids`: managers of an offer (staff: admins, affiliate and advertiser managers), advertisers (any status, for the
 * list filter; or the active ones of a vertical, for a new advertiser target) and the integrations of one advertiser.
 */
import type { ManagerLookupItem } from '@leadgrid/shared/people/people';
import { Flex, Select, Tag, Typography, type SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { SelectNotFound } from '../../../components/SelectNotFound';
import { LookupSelect, type PickerProps } from '../../../components/pickers/LookupSelect';
import { api, type Query } from '../../../api/client';
import { useIntegrationsFor } from './api';
import { useOffersT } from './i18n';
import { useDebounced } from '../../../components/useDebounced';
import { personName } from '@leadgrid/shared/people/names';

interface AdvertiserRef {
  id: number;
  secureId: string;
  title: string;
  status: string;
}

const SEARCH_DELAY_MS = 300;
const PAGE = 30;

export type { PickerProps };

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
      keyOf={(q) => ['managers', 'lookup', 'offer', q]}
      page={PAGE}
      chosenLimit
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
      keyOf={(q) => ['advertisers', 'lookup', 'offer-filter', q]}
      page={PAGE}
      chosenLimit
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
      keyOf={(q) => ['advertisers', 'lookup', 'active-by-vertical', verticalId, q]}
      page={PAGE}
      chosenLimit
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
