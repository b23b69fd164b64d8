/**
 * /affiliates/teams/{id} (front.affiliates.teams.read): one team — its members (those whose role status is not
 * active first), managers, member count, traffic flags, the block panel (a team's block covers its members) and its
 * history, notes; adding and removing members (affiliate look-up with server search) needs team.update.
 */
import { DeleteOutlined, EditOutlined, MoreOutlined, UserAddOutlined } from '@ant-design/icons';
import { targetSlug } from '@leadgrid/shared/people/notes';
import { TEAM_MEMBER_ROLES, TEAM_MEMBER_STATUSES, type TeamDetail, type TeamMember } from '@leadgrid/shared/people/people';
import { Button, Card, Col, Descriptions, Dropdown, Flex, Popconfirm, Row, Select, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { EMPTY_VALUE, formatDate, formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { BlockHistory } from '../BlockHistory';
import { BlockPanel } from '../BlockPanel';
import { PeopleList, PersonCell, TrafficBadge } from '../../../components/person/parts';
import { AffiliatePicker } from '../../../components/pickers/people';
import { personName } from '@leadgrid/shared/people/names';
import { useConfirmStatus } from '../../../components/listing/parts';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import {
  TEAM_WRITE,
  teamKeys,
  useAddTeamMembers,
  useChangeTeamBlock,
  useChangeTeamStatus,
  useRemoveTeamMembers,
  useTeam,
  useUpdateTeamMembers,
} from './api';
import { orderMembers } from './members';
import { useTeamsT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const TeamDrawer = lazyWhenOpen(() => import('./TeamDrawer').then((m) => m.TeamDrawer));

const MEMBER_COLORS: Record<string, string> = { active: 'success', invited: 'processing', inactive: 'default' };

function Members({ team, canWrite }: { team: TeamDetail; canWrite: boolean }) {
  const { t } = useTeamsT();
  const { timezone } = useSession();
  const add = useAddTeamMembers();
  const update = useUpdateTeamMembers();
  const remove = useRemoveTeamMembers();
  const [adding, setAdding] = useState<number[]>([]);
  const members = useMemo(() => orderMembers(team.members), [team.members]);

  const addMembers = async () => {
    try {
      await add.mutateAsync({ id: team.id, items: adding.map((userId) => ({ userId })) });
      setAdding([]);
    } catch {
      // toasted by the client (an affiliate already in another team names that team)
    }
  };

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          {t('members.title')}
          <Tag variant="filled" style={{ marginInlineEnd: 0 }} data-testid="members-count">
            {team.membersCount}
          </Tag>
        </Flex>
      }
      data-testid="team-members"
    >
      <Flex vertical gap={12}>
        {canWrite ? (
          <Flex gap={8} align="flex-start" wrap>
            <AffiliatePicker
              purpose="assignment"
              value={adding}
              onChange={(v) => setAdding((v as number[]) ?? [])}
              placeholder={t('members.addPlaceholder')}
              style={{ flex: 1, minWidth: 260 }}
              disabled={team.status !== 'active'}
              data-testid="member-picker"
            />
            <Tooltip title={team.status !== 'active' ? t('members.inactiveTeam') : undefined}>
              <Button
                type="primary"
                icon={<UserAddOutlined />}
                disabled={!adding.length || team.status !== 'active'}
                loading={add.isPending}
                onClick={() => void addMembers()}
                data-testid="member-add"
              >
                {t('members.add')}
              </Button>
            </Tooltip>
          </Flex>
        ) : null}
        <Table<TeamMember>
          rowKey="id"
          size="small"
          dataSource={members}
          pagination={members.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Typography.Text type="secondary">{t('members.empty')}</Typography.Text> }}
          columns={[
            {
              key: 'name',
              title: t('members.name'),
              render: (_v, m) => (
                <Flex vertical style={{ lineHeight: 1.3 }}>
                  <Link to={`/affiliates/members/${m.id}`} style={{ fontWeight: 600 }}>
                    {personName(m)}
                  </Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {m.email}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'role',
              title: t('members.role'),
              render: (_v, m) =>
                canWrite ? (
                  <Select
                    size="small"
                    value={m.role}
                    style={{ width: 110 }}
                    options={TEAM_MEMBER_ROLES.map((value) => ({ value, label: t(`members.roles.${value}`) }))}
                    onChange={(role) => update.mutate({ id: team.id, items: [{ userId: m.id, role }] })}
                    aria-label={t('members.role')}
                  />
                ) : (
                  t(`members.roles.${m.role}`)
                ),
            },
            {
              key: 'status',
              title: t('members.status'),
              render: (_v, m) =>
                canWrite ? (
                  <Select
                    size="small"
                    value={m.status}
                    style={{ width: 120 }}
                    options={TEAM_MEMBER_STATUSES.map((value) => ({ value, label: t(`members.statuses.${value}`) }))}
                    onChange={(status) => update.mutate({ id: team.id, items: [{ userId: m.id, status }] })}
                    aria-label={t('members.status')}
                  />
                ) : (
                  <Tag color={MEMBER_COLORS[m.status]} style={{ marginInlineEnd: 0 }}>
                    {t(`members.statuses.${m.status}`)}
                  </Tag>
                ),
            },
            { key: 'account', title: t('members.account'), render: (_v, m) => <StatusTag status={m.userStatus} /> },
            {
              key: 'traffic',
              title: t('members.ownTraffic'),
              render: (_v, m) => <TrafficBadge blocked={m.ownTrafficBlocked} />,
            },
            {
              key: 'joinedAt',
              title: t('members.joinedAt'),
              render: (_v, m) => (
                <Tooltip title={formatDateTime(m.joinedAt, timezone)}>
                  <span style={{ whiteSpace: 'nowrap' }}>{formatDate(m.joinedAt, timezone)}</span>
                </Tooltip>
              ),
            },
            ...(canWrite
              ? [
                  {
                    key: 'remove',
                    title: '',
                    width: 48,
                    align: 'right' as const,
                    render: (_v: unknown, m: TeamMember) => (
                      <Popconfirm
                        title={t('members.removeTitle', { name: personName(m) })}
                        description={team.trafficBlocked || team.accessBlocked ? t('members.removeBlockedText') : t('members.removeText')}
                        okText={t('members.remove')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('actions.cancel')}
                        onConfirm={() => remove.mutateAsync({ id: team.id, userIds: [m.id] }).catch(() => undefined)}
                      >
                        <Tooltip title={t('members.remove')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<DeleteOutlined />}
                            aria-label={`${t('members.remove')}: ${personName(m)}`}
                          />
                        </Tooltip>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Card>
  );
}

function About({ team }: { team: TeamDetail }) {
  const { t } = useTeamsT();
  const { timezone } = useSession();
  const flag = (on: boolean) => (on ? <Tag color="success">{t('flags.yes')}</Tag> : <Tag>{t('flags.no')}</Tag>);
  return (
    <Card variant="borderless" title={t('detail.about')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon={false}
        styles={{ label: { width: 160 } }}
        items={[
          {
            key: 'description',
            label: t('fields.description'),
            span: 'filled',
            children: team.description ? (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{team.description}</Typography.Paragraph>
            ) : (
              EMPTY_VALUE
            ),
          },
          { key: 'managers', label: t('fields.managers'), children: <PeopleList people={team.managers} max={5} /> },
          {
            key: 'membersCount',
            label: t('fields.membersCount'),
            children: (
              <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
                {team.membersCount}
              </Typography.Text>
            ),
          },
          { key: 'acceptColdTraffic', label: t('fields.acceptColdTraffic'), children: flag(team.acceptColdTraffic) },
          { key: 'acceptInvalidLeads', label: t('fields.acceptInvalidLeads'), children: flag(team.acceptInvalidLeads) },
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(team.createdAt, timezone) },
          { key: 'createdBy', label: t('fields.createdBy'), children: <PersonCell person={team.createdBy} /> },
        ]}
      />
    </Card>
  );
}

export default function TeamDetailPage() {
  const { t } = useTeamsT();
  const { access } = useSession();
  const id = Number(useParams().id);
  const detail = useTeam(id);
  const changeStatus = useChangeTeamStatus();
  const changeBlock = useChangeTeamBlock();
  const confirmStatus = useConfirmStatus();
  const [editing, setEditing] = useState(false);
  const team = detail.data;
  const canWrite = Boolean(team?.editable) && allowed(access, TEAM_WRITE);
  const back = <BackButton to="/affiliates/teams">{t('actions.back')}</BackButton>;

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={
        team ? (
          <DetailHeading
            name={team.title}
            status={team.status}
            after={
              <>
                {team.trafficBlocked ? <TrafficBadge blocked long /> : null}
                {team.accessBlocked ? <Tag color="error">{t('access.blocked')}</Tag> : null}
              </>
            }
          />
        ) : undefined
      }
      subtitle={team ? t('detail.subtitle', { id: team.id, count: team.membersCount }) : undefined}
      actions={
        <>
          {team && canWrite ? (
            <>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'status',
                      label: team.status === 'active' ? t('actions.deactivate') : t('actions.activate'),
                      danger: team.status === 'active',
                    },
                  ],
                  onClick: () => {
                    const next = team.status === 'active' ? 'inactive' : 'active';
                    confirmStatus(1, next, () => changeStatus.mutateAsync([{ id, status: next }]));
                  },
                }}
              >
                <Button icon={<MoreOutlined />} aria-label={t('actions.more')} />
              </Dropdown>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="team-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {!team ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={20}>
              <About team={team} />
              <Members team={team} canWrite={canWrite} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={20}>
              <BlockPanel
                kind="team"
                canWrite={canWrite}
                state={{
                  trafficBlocked: team.trafficBlocked,
                  trafficBlockedAt: team.trafficBlockedAt,
                  accessBlocked: team.accessBlocked,
                  reason: team.blockReason,
                  ownTraffic: team.trafficBlocked,
                  ownAccess: team.accessBlocked,
                  team: null,
                }}
                onBlock={({ blockType, reason }) => changeBlock.mutateAsync([{ id, action: 'block', blockType, reason }])}
                onUnblock={(blockType) => changeBlock.mutateAsync([{ id, action: 'unblock', blockType }])}
              />
              <NotesPanel targetSlug={targetSlug('team', id)} />
            </Flex>
          </Col>
          <Col span={24}>
            <BlockHistory keyBase={teamKeys.all} path={`/teams/${id}/block-history`} id={id} />
          </Col>
        </Row>
      )}
      <TeamDrawer open={editing} team={team ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}
