/** Cells the people screens share: the status with its block reason, the traffic badge, a list of people. */
import { PlusOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import type { Locale } from '@leadgrid/shared/constants';
import type { PersonRef } from '@leadgrid/shared/people/people';
import { Avatar, Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { StatusTag } from '../StatusTag';
import { usePersonT } from './i18n';
import { personName } from '@leadgrid/shared/people/names';

const SHOWN = 2;

export function initialsOf(p: { firstName: string; lastName: string; email: string }) {
  const letters = `${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`.toUpperCase();
  return letters || (p.email[0] ?? '?').toUpperCase();
}

/** The account status; a blocked one shows its reason on hover, a team's access block is marked. */
export function StatusCell({ status, reason, teamAccess }: { status: string; reason?: string | null; teamAccess?: boolean }) {
  const { t } = usePersonT();
  const tag = <StatusTag status={status} />;
  return (
    <Flex gap={4} align="center" wrap={false}>
      {status === 'blocked' && reason ? <Tooltip title={t('blockedBecause', { reason })}>{tag}</Tooltip> : tag}
      {teamAccess && status !== 'blocked' ? (
        <Tooltip title={t('teamAccessBlocked')}>
          <Tag color="error" variant="outlined" style={{ marginInlineEnd: 0 }}>
            {t('traffic.byTeamShort')}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** Traffic blocked (by the affiliate's own block or by its team's) or open. */
export function TrafficBadge({
  blocked,
  byTeam,
  long,
}: {
  blocked: boolean;
  byTeam?: boolean;
  /** says "traffic" (outside a traffic column) */ long?: boolean;
}) {
  const { t } = usePersonT();
  if (!blocked) return <Typography.Text type="secondary">{t('traffic.open')}</Typography.Text>;
  return (
    <Tooltip title={byTeam ? t('traffic.byTeamHint') : undefined}>
      <Tag color="error" icon={<StopOutlined />} style={{ marginInlineEnd: 0 }} data-testid="traffic-blocked">
        {t(byTeam ? (long ? 'traffic.blockedByTeamLong' : 'traffic.blockedByTeam') : long ? 'traffic.blockedLong' : 'traffic.blocked')}
      </Tag>
    </Tooltip>
  );
}

/** A few people as small avatars with names, the rest behind "+N". */
export function PeopleList({ people, max = SHOWN }: { people: PersonRef[]; max?: number }) {
  const { token } = theme.useToken();
  if (!people.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {people.slice(0, max).map((p) => (
        <Tooltip key={p.id} title={p.email}>
          <Flex gap={6} align="center" style={{ whiteSpace: 'nowrap' }}>
            <Avatar size={20} style={{ fontSize: 10, background: token.colorPrimaryBg, color: token.colorPrimary, flex: 'none' }}>
              {initialsOf(p)}
            </Avatar>
            <Typography.Text>{personName(p)}</Typography.Text>
          </Flex>
        </Tooltip>
      ))}
      {people.length > max ? (
        <Tooltip title={people.slice(max).map(personName).join(', ')}>
          <Typography.Text type="secondary" style={{ fontSize: 12, cursor: 'default' }}>
            +{people.length - max}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** Who did something: the name with the e-mail on hover, or a dash. */
export function PersonCell({ person }: { person: PersonRef | null | undefined }) {
  if (!person) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={person.email}>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        <UserOutlined style={{ opacity: 0.45, marginInlineEnd: 6 }} />
        {personName(person)}
      </Typography.Text>
    </Tooltip>
  );
}

export const AFFILIATE_WRITE = 'user.update';

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

/** The empty state of the affiliates' and teams' lists: with filters set a reset, else the create button (when allowed). */
export function peopleListEmpty(
  t: (key: 'emptyFilteredTitle' | 'emptyTitle' | 'emptyFiltered' | 'emptyText' | 'filters.reset' | 'actions.create') => string,
  { filtered, tab, reset, create }: { filtered: boolean; tab: string; reset: () => void; create?: () => void },
) {
  return {
    title: filtered || tab !== 'all' ? t('emptyFilteredTitle') : t('emptyTitle'),
    description: filtered ? t('emptyFiltered') : t('emptyText'),
    action: filtered ? (
      <Button onClick={reset}>{t('filters.reset')}</Button>
    ) : create ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={create}>
        {t('actions.create')}
      </Button>
    ) : undefined,
  };
}
