/**
 * Pickers of people and teams, searched on the server as the user types (`search`), with the labels of values
 * already chosen looked up by `ids`: ManagerPicker (admins and affiliate managers), AffiliatePicker and
 * TeamPicker. Values are ids; they work as antd form controls.
 */
import type { AffiliateLookupItem, ManagerLookupItem, TeamLookupItem } from '@leadgrid/shared/people/people';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Tag, Typography, type SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { SelectNotFound } from '../SelectNotFound';
import type { Query } from '../../api/client';
import { affiliateKeys, affiliatesApi, managerKeys } from '../../api/affiliates';
import { usePickersT } from './i18n';
import { useDebounced } from '../useDebounced';

type Value = number | number[];
export interface PeoplePickerProps extends Omit<
  SelectProps<Value>,
  'options' | 'mode' | 'showSearch' | 'loading' | 'filterOption' | 'onSearch'
> {
  multiple?: boolean;
}

const SEARCH_DELAY_MS = 300;
const PAGE = 20;
const idsOf = (value: Value | null | undefined): number[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export const personName = (p: { firstName: string; lastName: string; email: string }) => `${p.firstName} ${p.lastName}`.trim() || p.email;

interface LookupAnswer<T> {
  items: T[];
  meta?: { totalCount: number };
}

function LookupPicker<T extends { id: number }>({
  keyOf,
  load,
  render,
  text,
  extraQuery,
  multiple = true,
  value,
  placeholder,
  ...rest
}: PeoplePickerProps & {
  keyOf: (query: Query) => readonly unknown[];
  load: (query: Query, signal?: AbortSignal) => Promise<LookupAnswer<T>>;
  /** the option's label */
  render: (item: T) => ReactNode;
  /** the text the chosen value shows */
  text: (item: T) => string;
  extraQuery?: Query;
}) {
  const { t } = usePickersT();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const chosenIds = idsOf(value);
  const foundQuery = { ...extraQuery, search: term || undefined, limit: PAGE };
  const found = useQuery({ queryKey: keyOf(foundQuery), queryFn: ({ signal }) => load(foundQuery, signal), staleTime: 30_000 });
  const known = new Set((found.data?.items ?? []).map((x) => x.id));
  const missing = chosenIds.filter((id) => !known.has(id));
  const chosenQuery = { ...extraQuery, ids: missing };
  const chosen = useQuery({
    queryKey: keyOf(chosenQuery),
    queryFn: ({ signal }) => load(chosenQuery, signal),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const byId = new Map<number, T>();
  for (const item of [...(term ? [] : (chosen.data?.items ?? [])), ...(found.data?.items ?? [])]) byId.set(item.id, item);
  const more = (found.data?.meta?.totalCount ?? 0) - (found.data?.items.length ?? 0);
  return (
    <Select<Value>
      {...rest}
      // a filter in a toolbar has no label: its placeholder names it (in a Form.Item, which gives it an id, the label does)
      aria-label={rest['aria-label'] ?? (rest.id || typeof placeholder !== 'string' ? undefined : placeholder)}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch, autoClearSearchValue: true }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={found.isFetching}
      options={[...byId.values()].map((item) => ({ value: item.id, label: text(item), display: render(item) }))}
      optionRender={(option) => (option.data as { display: ReactNode }).display}
      notFoundContent={<SelectNotFound loading={found.isFetching} error={found.error} />}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && !found.isFetching ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px', fontSize: 12 }}>
              {t('people.more', { count: more })}
            </Typography.Text>
          ) : null}
        </>
      )}
    />
  );
}

function PersonOption({ name, email, extra }: { name: string; email: string; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <Flex vertical style={{ minWidth: 0, lineHeight: 1.25 }}>
        <Typography.Text ellipsis>{name}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {email}
        </Typography.Text>
      </Flex>
      {extra}
    </Flex>
  );
}

/** Admins and affiliate managers (who may manage affiliates and teams). */
export function ManagerPicker({ placeholder, ...rest }: PeoplePickerProps) {
  const { t } = usePickersT();
  return (
    <LookupPicker<ManagerLookupItem>
      {...rest}
      placeholder={placeholder ?? t(rest.multiple === false ? 'people.manager' : 'people.managers')}
      keyOf={managerKeys.lookup}
      load={affiliatesApi.managers}
      text={personName}
      render={(m) => (
        <PersonOption
          name={personName(m)}
          email={m.email}
          extra={
            <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 11 }}>
              {t(`people.roleTypes.${m.roleType}`, { defaultValue: m.roleType })}
            </Tag>
          }
        />
      )}
    />
  );
}

/** Affiliates; `purpose` says which ones the server offers (product §7 look-ups). */
export function AffiliatePicker({
  placeholder,
  purpose = 'filter',
  teamId,
  ...rest
}: PeoplePickerProps & { purpose?: 'filter' | 'assignment' | 'campaign' | 'lead' | 'postback'; teamId?: number }) {
  const { t } = usePickersT();
  return (
    <LookupPicker<AffiliateLookupItem>
      {...rest}
      placeholder={placeholder ?? t(rest.multiple === false ? 'people.affiliate' : 'people.affiliates')}
      keyOf={affiliateKeys.lookup}
      load={affiliatesApi.lookup}
      extraQuery={{ purpose, teamId }}
      text={(a) => `#${a.id} ${personName(a)}`}
      render={(a) => (
        <PersonOption
          name={`#${a.id} · ${personName(a)}`}
          email={a.email}
          extra={
            a.team ? (
              <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 11 }}>
                {a.team.title}
              </Tag>
            ) : a.status !== 'active' ? (
              <Tag style={{ marginInlineEnd: 0, fontSize: 11 }}>{t(`status.${a.status}`)}</Tag>
            ) : null
          }
        />
      )}
    />
  );
}

export const teamLookupKeys = (query: Query) => ['teams', 'lookup', query] as const;
export const teamLookup = (query: Query, signal?: AbortSignal) => affiliatesApi.teams(query, signal);

/** Teams; `assignment` offers active teams only, `filter` every team. */
export function TeamPicker({ placeholder, purpose = 'filter', ...rest }: PeoplePickerProps & { purpose?: 'filter' | 'assignment' }) {
  const { t } = usePickersT();
  return (
    <LookupPicker<TeamLookupItem>
      {...rest}
      placeholder={placeholder ?? t(rest.multiple === false ? 'people.team' : 'people.teams')}
      keyOf={teamLookupKeys}
      load={teamLookup}
      extraQuery={{ purpose }}
      text={(team) => team.title}
      render={(team) => (
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text ellipsis>{team.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('people.members', { count: team.membersCount })}
          </Typography.Text>
        </Flex>
      )}
    />
  );
}
