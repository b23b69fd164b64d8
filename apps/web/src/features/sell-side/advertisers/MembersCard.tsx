/**
 * The advertiser's members (users with the advertiser-member role type, GET /advertiser-members?advertiserId=): who
 * they are, their role, status and last activity; add and edit (user.update) in a drawer, and the status change
 * (active, inactive, blocked with a required reason) in a popup.
 */
import { EditOutlined, MoreOutlined, PoweroffOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import type { AdvertiserMember } from '@leadgrid/shared/people/people';
import { Avatar, Button, Dropdown, Flex, Table, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { CountCard } from '../../../components/CountCard';
import { formatDate, formatDateTime } from '../../../components/format';
import { initialsOf } from '../../../components/person/parts';
import { useAdvertiserMembers } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';
import { AdvertiserStatusCell, cardState, Dash } from './parts';
import { personName } from '@leadgrid/shared/people/names';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useRoleTitle } from '../../../components/roleTitle';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const MemberDrawer = lazyWhenOpen(() => import('./MemberDrawer').then((m) => m.MemberDrawer));
const MemberStatusModal = lazyWhenOpen(
  () => import('./MemberStatusModal').then((m) => m.MemberStatusModal),
  (p) => p.member !== null,
);

export const MEMBER_WRITE = 'user.update';

export function MembersCard({ advertiserId }: { advertiserId: number }) {
  const { t } = useAdvertisersT();
  const roleTitle = useRoleTitle();
  const { access, timezone } = useSession();
  const { token } = theme.useToken();
  const members = useAdvertiserMembers(advertiserId);
  const canWrite = allowed(access, MEMBER_WRITE);
  const [drawer, setDrawer] = useState<{ member: AdvertiserMember | null } | null>(null);
  const [changing, setChanging] = useState<AdvertiserMember | null>(null);
  const rows = members.data?.items ?? [];

  const add = canWrite ? (
    <Button icon={<UserAddOutlined />} onClick={() => setDrawer({ member: null })} data-testid="member-add">
      {t('members.add')}
    </Button>
  ) : null;

  const state = cardState(members, rows.length, {
    loadFailed: t('members.loadFailed'),
    retry: t('actions.retry'),
    emptyTitle: t('members.emptyTitle'),
    emptyText: t('members.emptyText'),
  });
  let body = state;
  if (!state)
    body = (
      <Table<AdvertiserMember>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        data-testid="members-table"
        columns={[
          {
            key: 'name',
            title: t('members.columns.name'),
            render: (_v, m) => (
              <Flex gap={10} align="center" style={{ minWidth: 200 }}>
                <Avatar size={28} style={{ background: token.colorPrimaryBg, color: token.colorPrimary, flex: 'none', fontSize: 12 }}>
                  {initialsOf(m)}
                </Avatar>
                <Flex vertical style={{ lineHeight: 1.3, minWidth: 0 }}>
                  <Typography.Text strong>{personName(m)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {m.email}
                  </Typography.Text>
                </Flex>
              </Flex>
            ),
          },
          { key: 'role', title: t('members.columns.role'), render: (_v, m) => <Typography.Text>{roleTitle(m.role)}</Typography.Text> },
          {
            key: 'status',
            title: t('members.columns.status'),
            render: (_v, m) => <AdvertiserStatusCell status={m.status} reason={m.blockReason} />,
          },
          {
            key: 'lastActivityAt',
            title: t('members.columns.lastActivity'),
            render: (_v, m) =>
              m.lastActivityAt ? (
                <Tooltip title={formatDateTime(m.lastActivityAt, timezone)}>
                  <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDate(m.lastActivityAt, timezone)}</Typography.Text>
                </Tooltip>
              ) : (
                <Dash />
              ),
          },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  width: 56,
                  align: 'right' as const,
                  render: (_v: unknown, m: AdvertiserMember) =>
                    m.editable ? (
                      <Dropdown
                        trigger={['click']}
                        placement="bottomRight"
                        menu={{
                          items: [
                            { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
                            { key: 'status', icon: <PoweroffOutlined />, label: t('members.changeStatus') },
                          ],
                          onClick: ({ key }) => (key === 'edit' ? setDrawer({ member: m }) : setChanging(m)),
                        }}
                      >
                        <Button
                          type="text"
                          icon={<MoreOutlined />}
                          aria-label={`${t('actions.more')}: ${personName(m)}`}
                          data-testid={`member-actions-${m.id}`}
                        />
                      </Dropdown>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    );

  return (
    <CountCard icon={UserOutlined} title={t('members.title')} count={rows.length} text={t('members.text')} add={add} testId="members-card">
      {body}
      <MemberDrawer open={drawer !== null} advertiserId={advertiserId} member={drawer?.member ?? null} onClose={() => setDrawer(null)} />
      <MemberStatusModal member={changing} onClose={() => setChanging(null)} />
    </CountCard>
  );
}
