/**
 * Pickers of people and teams, searched on the server as the user types (`search`), with the labels of values
 * already chosen looked up by `ids`: ManagerPicker (admins and affiliate managers), AffiliatePicker and
 * TeamPicker. Values are ids; they work as antd form controls.
 */
import type { AffiliateLookupItem, ManagerLookupItem, TeamLookupItem } from '@leadgrid/shared/people/people';
import { Flex, Tag, Typography } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import type { Query } from '../../api/client';
import { affiliateKeys, affiliatesApi, managerKeys } from '../../api/affiliates';
import { usePickersT } from './i18n';
import { LookupSelect, type PickerProps } from './LookupSelect';
import { personName } from '@leadgrid/shared/people/names';

export type PeoplePickerProps = PickerProps;
type LookupProps<T extends { id: number }> = Omit<ComponentProps<typeof LookupSelect<T>>, 'page'>;

const PAGE = 20;

/** a people look-up: several by default, and a line saying how many more the search found */
function LookupPicker<T extends { id: number }>({ multiple = true, ...rest }: LookupProps<T>) {
  const { t } = usePickersT();
  return (
    <LookupSelect<T>
      {...rest}
      page={PAGE}
      multiple={multiple}
      chosenAtOnce
      more={(count) => (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px', fontSize: 12 }}>
          {t('people.more', { count })}
        </Typography.Text>
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
