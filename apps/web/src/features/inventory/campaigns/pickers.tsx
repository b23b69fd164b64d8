/**
 * Pickers of the campaign screens (values are ids or country codes; they work as antd form controls; the offer picker
 * is the shared components/offer-picker):
 * - CountryPicker: countries by name or code, limited to the offer's geos when it has any;
 * - TrackDomainPicker: the parked tracking domains;
 * - SourcePicker: traffic sources, the offer's own when it names any;
 * - LanderPicker: the active landers of the offer the campaign's affiliate may use.
 */
import type { LanderCampaignInfo } from '@leadgrid/shared/inventory/landers';
import { Flex, Select, Tag, Typography, type SelectProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { SelectNotFound } from '../../../components/SelectNotFound';
import { useActiveTrafficSources } from '../../../api/reference';
import { useDomainLookup } from '../../../api/domains';
import { useCountryNames } from './api';
import { useCampaignsT } from './i18n';

type Value = number | number[] | null;
type Base<V> = Omit<SelectProps<V>, 'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch'>;

/** Countries (ISO codes as values) by name or code; `allowed` limits the choice (the offer's geos). */
export function CountryPicker({ allowed, value, placeholder, ...rest }: Base<string[]> & { allowed?: readonly string[] }) {
  const { t } = useCampaignsT();
  const countries = useCountryNames();
  const options = useMemo(() => {
    const names = new Map((countries.data ?? []).map((c) => [c.code, c.name]));
    const codes = allowed?.length ? [...allowed] : (countries.data ?? []).map((c) => c.code);
    for (const code of value ?? []) if (!codes.includes(code)) codes.push(code);
    return codes.map((code) => ({
      value: code,
      label: `${code} · ${names.get(code) ?? code}`,
      search: `${code} ${names.get(code) ?? ''}`,
    }));
  }, [countries.data, allowed, value]);
  return (
    <Select<string[]>
      {...rest}
      mode="multiple"
      allowClear
      value={value}
      placeholder={placeholder ?? t('pickers.countries')}
      loading={countries.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'search' }}
      labelRender={(o) => String(o.value)}
      notFoundContent={<SelectNotFound loading={countries.isFetching} error={countries.error} />}
    />
  );
}

/** The parked tracking domains (active ones; a chosen domain parked off later still shows its host). */
export function TrackDomainPicker({
  multiple = false,
  current,
  value,
  placeholder,
  ...rest
}: Base<Value> & { multiple?: boolean; current?: { id: number; host: string; status: string } | null }) {
  const { t } = useCampaignsT();
  const domains = useDomainLookup('track');
  const options = useMemo(() => {
    const list: { value: number; label: string }[] = (domains.data?.items ?? []).map((d) => ({ value: d.id, label: d.host }));
    if (current && !list.some((o) => o.value === current.id))
      list.push({ value: current.id, label: `${current.host} (${t('pickers.inactive')})` });
    return list;
  }, [domains.data, current, t]);
  return (
    <Select<Value>
      {...rest}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder ?? t('pickers.domain')}
      loading={domains.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={
        domains.isFetching || domains.error ? (
          <SelectNotFound loading={domains.isFetching} error={domains.error} />
        ) : (
          <Typography.Text type="secondary">{t('pickers.noDomains')}</Typography.Text>
        )
      }
    />
  );
}

/** Traffic sources: `only` (the offer's own list) when given, else every active one. */
export function SourcePicker({
  only,
  multiple = false,
  current,
  value,
  placeholder,
  ...rest
}: Base<Value> & { only?: readonly { id: number; title: string }[]; multiple?: boolean; current?: { id: number; title: string } | null }) {
  const { t } = useCampaignsT();
  const all = useActiveTrafficSources();
  const options = useMemo(() => {
    const list = (only?.length ? only : (all.data ?? [])).map((s) => ({ value: s.id, label: s.title }));
    if (current && !list.some((o) => o.value === current.id)) list.push({ value: current.id, label: current.title });
    return list;
  }, [only, all.data, current]);
  return (
    <Select<Value>
      {...rest}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder ?? t('pickers.trafficSource')}
      loading={all.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<SelectNotFound loading={all.isFetching} error={all.error} />}
    />
  );
}

/** Landers of the offer; `current` keeps the labels of chosen landers that are no longer offered. */
export function LanderPicker({
  landers,
  loading,
  error,
  current,
  value,
  placeholder,
  ...rest
}: Base<number[]> & {
  landers: readonly LanderCampaignInfo[] | undefined;
  loading?: boolean;
  error?: unknown;
  current?: readonly { id: number; title: string; status: string }[];
}) {
  const { t } = useCampaignsT();
  const options = useMemo(() => {
    const list = (landers ?? []).map((l) => ({
      value: l.id,
      label: l.title,
      display: (
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text ellipsis>{l.title}</Typography.Text>
          <Flex gap={4}>
            {l.language ? <Tag style={{ marginInlineEnd: 0 }}>{l.language.toUpperCase()}</Tag> : null}
            <Tag color={l.pageType === 'prelanding' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
              {t(`pageTypes.${l.pageType}`)}
            </Tag>
          </Flex>
        </Flex>
      ),
    }));
    for (const c of current ?? [])
      if (!list.some((o) => o.value === c.id))
        list.push({
          value: c.id,
          label: c.title,
          display: <Typography.Text type="secondary">{`${c.title} (${t('pickers.notOffered')})`}</Typography.Text>,
        });
    return list;
  }, [landers, current, t]);
  return (
    <Select<number[]>
      {...rest}
      value={value}
      mode="multiple"
      allowClear
      placeholder={placeholder ?? t('pickers.landers')}
      loading={loading}
      options={options}
      optionRender={(option) => (option.data as { display: ReactNode }).display}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={
        loading || error ? (
          <SelectNotFound loading={Boolean(loading)} error={error} />
        ) : (
          <Typography.Text type="secondary">{t('pickers.noLanders')}</Typography.Text>
        )
      }
    />
  );
}
