/**
 * Pickers of the advertiser screens, searched on the server as the user types (`search`), with the labels of values
 * already chosen looked up by `ids` (so an inactive vertical or platform still shows its title):
 * VerticalPicker, PlatformPicker, AdvertiserManagerPicker (admins and advertiser managers), AdvertiserPicker, and
 * CurrencyPicker (the active currencies, plus the chosen one whatever its status). Values are ids (codes for the
 * currency); they work as antd form controls.
 */
import { Flex, Select, Tag, Typography, type SelectProps } from 'antd';
import { useMemo } from 'react';
import type { Query } from '../../api/client';
import { useAllCurrencies } from '../../api/reference';
import {
  advertiserKeys,
  advertisersApi,
  lookupsApi,
  sellSideKeys,
  type AdvertiserRef,
  type PlatformRef,
  type Ref,
} from '../../api/advertisers';
import { usePickersT } from './i18n';
import { LookupSelect, type PickerProps } from './LookupSelect';
import { personName } from '@leadgrid/shared/people/names';

export type { PickerProps };

const PAGE = 50;

function InactiveMark({ status }: { status: string }) {
  const { t } = usePickersT();
  if (status === 'active') return null;
  return <Tag style={{ marginInlineEnd: 0, fontSize: 11 }}>{t(`status.${status}`)}</Tag>;
}

function RefOption({ item }: { item: Ref }) {
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <Typography.Text ellipsis>{item.title}</Typography.Text>
      <InactiveMark status={item.status} />
    </Flex>
  );
}

/** Active verticals (a chosen inactive one keeps its title). */
export function VerticalPicker({ placeholder, ...rest }: PickerProps) {
  const { t } = usePickersT();
  return (
    <LookupSelect<Ref>
      {...rest}
      page={PAGE}
      placeholder={placeholder ?? t(rest.multiple ? 'sellSide.verticals' : 'sellSide.vertical')}
      keyOf={sellSideKeys.verticals}
      load={lookupsApi.verticals}
      text={(v) => v.title}
      render={(v) => <RefOption item={v} />}
    />
  );
}

/** Active platforms (a chosen inactive one keeps its title). */
export function PlatformPicker({ placeholder, ...rest }: PickerProps) {
  const { t } = usePickersT();
  return (
    <LookupSelect<PlatformRef>
      {...rest}
      page={PAGE}
      placeholder={placeholder ?? t(rest.multiple ? 'sellSide.platforms' : 'sellSide.platform')}
      keyOf={sellSideKeys.platforms}
      load={lookupsApi.platforms}
      text={(p) => p.title}
      render={(p) => <RefOption item={p} />}
    />
  );
}

/** Admins and advertiser managers (several by default). */
export function AdvertiserManagerPicker({ placeholder, multiple = true, ...rest }: PickerProps) {
  const { t } = usePickersT();
  return (
    <LookupSelect
      {...rest}
      page={PAGE}
      multiple={multiple}
      placeholder={placeholder ?? t('sellSide.managers')}
      keyOf={sellSideKeys.managers}
      load={lookupsApi.managers}
      text={personName}
      render={(m) => (
        <Flex justify="space-between" align="center" gap={8}>
          <Flex vertical style={{ minWidth: 0, lineHeight: 1.25 }}>
            <Typography.Text ellipsis>{personName(m)}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {m.email}
            </Typography.Text>
          </Flex>
          <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 11 }}>
            {t(`sellSide.roleTypes.${m.roleType}`, { defaultValue: m.roleType })}
          </Tag>
        </Flex>
      )}
    />
  );
}

/** Advertisers by title or secure id (any status), optionally leaving one out. */
export function AdvertiserPicker({ placeholder, exclude, ...rest }: PickerProps & { exclude?: number }) {
  const { t } = usePickersT();
  const load = async (query: Query, signal?: AbortSignal) => {
    const answer = await advertisersApi.lookup(query, signal);
    return { items: answer.items.filter((a) => a.id !== exclude) };
  };
  return (
    <LookupSelect<AdvertiserRef>
      {...rest}
      page={PAGE}
      placeholder={placeholder ?? t('sellSide.advertiser')}
      keyOf={(q) => [...advertiserKeys.lookup(q), exclude ?? 0]}
      load={load}
      text={(a) => `#${a.id} ${a.title}`}
      render={(a) => (
        <Flex justify="space-between" align="center" gap={8}>
          <Flex vertical style={{ minWidth: 0, lineHeight: 1.25 }}>
            <Typography.Text ellipsis>{a.title}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              #{a.id} · {a.secureId}
            </Typography.Text>
          </Flex>
          <InactiveMark status={a.status} />
        </Flex>
      )}
    />
  );
}

/** Active currencies by code; the current value stays offered even when it is no longer active. */
export function CurrencyPicker({ value, ...rest }: Omit<SelectProps<string>, 'options'>) {
  const currencies = useAllCurrencies();
  const options = useMemo(
    () =>
      (currencies.data ?? [])
        .filter((c) => c.status === 'active' || c.code === value)
        .map((c) => ({ value: c.code, label: `${c.code} · ${c.name}`, code: c.code })),
    [currencies.data, value],
  );
  return (
    <Select<string>
      {...rest}
      value={value}
      showSearch={{ optionFilterProp: 'label' }}
      loading={currencies.isLoading}
      options={options.length || !value ? options : [{ value, label: value, code: value }]}
    />
  );
}
