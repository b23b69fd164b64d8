/**
 * /affiliates/members/{id}/general (front.menu.affiliates.read): one affiliate — profile and contacts, managers,
 * team, tags, the traffic flags and the redirect, the lead API token (staff who may edit it), the block panel and
 * its history, notes, and "Login as affiliate" for admins holding user.impersonate.
 */
import { EditOutlined, LoginOutlined, MoreOutlined, TeamOutlined } from '@ant-design/icons';
import { targetSlug } from '@leadgrid/shared/people/notes';
import type { AffiliateDetail } from '@leadgrid/shared/people/people';
import { App, Button, Card, Col, Descriptions, Dropdown, Flex, Row, Skeleton, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { EMPTY_VALUE, formatDateTime } from '../../../components/format';
import { useConfirmStatus } from '../../../components/listing/parts';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import { ApiTokenCard } from './ApiTokenCard';
import { affiliateKeys, useAffiliate, useChangeAffiliateBlock, useChangeAffiliateStatus } from '../../../api/affiliates';
import { BlockHistory } from '../BlockHistory';
import { BlockPanel } from '../BlockPanel';
import { ContactsList } from '../../../components/person/ContactsList';
import { useAffiliatesT } from './i18n';
import { AFFILIATE_WRITE, PeopleList, PersonCell, TrafficBadge } from '../../../components/person/parts';
import { LANGUAGE_NAMES } from '../../../components/person/parts';
import { personName } from '@leadgrid/shared/people/names';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useRoleTitle } from '../../../components/roleTitle';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const AffiliateDrawer = lazyWhenOpen(() => import('./AffiliateDrawer').then((m) => m.AffiliateDrawer));

function Flag({ on }: { on: boolean }) {
  const { t } = useAffiliatesT();
  return on ? <Tag color="success">{t('flags.yes')}</Tag> : <Tag>{t('flags.no')}</Tag>;
}

function Profile({ a }: { a: AffiliateDetail }) {
  const { t } = useAffiliatesT();
  const roleTitle = useRoleTitle();
  const { timezone } = useSession();
  return (
    <Card variant="borderless" title={t('detail.profile')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon={false}
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'email', label: t('fields.email'), span: 'filled', children: <Typography.Text copyable>{a.email}</Typography.Text> },
          { key: 'id', label: t('fields.id'), children: <Typography.Text copyable={{ text: String(a.id) }}>#{a.id}</Typography.Text> },
          {
            key: 'secureId',
            label: t('fields.secureId'),
            children: (
              <Typography.Text code copyable>
                {a.secureId}
              </Typography.Text>
            ),
          },
          { key: 'birthDate', label: t('fields.birthDate'), children: a.birthDate ? a.birthDate.replaceAll('-', '.') : EMPTY_VALUE },
          { key: 'timezone', label: t('fields.timezone'), children: a.timezone },
          { key: 'language', label: t('fields.language'), children: LANGUAGE_NAMES[a.language as 'en'] ?? a.language },
          { key: 'role', label: t('fields.role'), children: roleTitle(a.role) },
          { key: 'contacts', label: t('fields.contacts'), span: 'filled', children: <ContactsList contacts={a.contacts} /> },
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(a.createdAt, timezone) },
          {
            key: 'createdBy',
            label: t('fields.createdBy'),
            children: a.createdBy ? <PersonCell person={a.createdBy} /> : t('detail.selfRegistered'),
          },
          { key: 'statusChangedAt', label: t('fields.statusChangedAt'), children: formatDateTime(a.statusChangedAt, timezone) },
          { key: 'lastActivityAt', label: t('fields.lastActivityAt'), children: formatDateTime(a.lastActivityAt, timezone) },
        ]}
      />
    </Card>
  );
}

function Work({ a }: { a: AffiliateDetail }) {
  const { t } = useAffiliatesT();
  return (
    <Card variant="borderless" title={t('detail.work')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon={false}
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'managers', label: t('fields.managers'), children: <PeopleList people={a.managers} max={5} /> },
          {
            key: 'team',
            label: t('fields.team'),
            children: a.team ? (
              <Link to={`/affiliates/teams/${a.team.id}`} data-testid="affiliate-team-link">
                <TeamOutlined style={{ marginInlineEnd: 6 }} />
                {a.team.title}
              </Link>
            ) : (
              <Typography.Text type="secondary">{t('detail.noTeam')}</Typography.Text>
            ),
          },
          {
            key: 'tags',
            label: t('fields.tags'),
            span: 'filled',
            children: a.tags.length ? (
              <Flex gap={4} wrap>
                {a.tags.map((tag) => (
                  <Tag key={tag.id} style={{ marginInlineEnd: 0 }}>
                    {tag.title}
                  </Tag>
                ))}
              </Flex>
            ) : (
              EMPTY_VALUE
            ),
          },
          { key: 'acceptColdTraffic', label: t('fields.acceptColdTraffic'), children: <Flag on={a.acceptColdTraffic} /> },
          { key: 'acceptInvalidLeads', label: t('fields.acceptInvalidLeads'), children: <Flag on={a.acceptInvalidLeads} /> },
          { key: 'redirect', label: t('fields.redirectToAdvertiser'), children: t(`redirect.${a.redirectToAdvertiser}`) },
          {
            key: 'assignedOffers',
            label: t('fields.assignedOffers'),
            children: (
              <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="assigned-offers">
                {a.assignedOffers}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

export default function AffiliateDetailPage() {
  const { t } = useAffiliatesT();
  const { modal } = App.useApp();
  const { access, impersonate, impersonating } = useSession();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = useAffiliate(id);
  const changeStatus = useChangeAffiliateStatus();
  const changeBlock = useChangeAffiliateBlock();
  const confirmStatus = useConfirmStatus();
  const [editing, setEditing] = useState(false);
  const a = detail.data;
  const canWrite = Boolean(a?.editable) && allowed(access, AFFILIATE_WRITE);
  const canImpersonate = allowed(access, 'user.impersonate') && !impersonating;
  const back = <BackButton to="/affiliates/members/active">{t('actions.back')}</BackButton>;

  const loginAs = () =>
    modal.confirm({
      title: t('impersonate.title', { name: a ? personName(a) : '' }),
      content: t('impersonate.text'),
      okText: t('impersonate.action'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await impersonate(id);
        } catch {
          // toasted by the client
        }
      },
    });

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={
        a ? (
          <DetailHeading
            name={personName(a)}
            status={a.status}
            after={a.trafficBlocked ? <TrafficBadge blocked long byTeam={a.teamTrafficBlocked && !a.ownTrafficBlocked} /> : null}
          />
        ) : undefined
      }
      subtitle={a ? `${a.email} · #${a.id}` : undefined}
      actions={
        <>
          {a && canImpersonate ? (
            <Tooltip title={a.status !== 'active' ? t('impersonate.inactive') : undefined}>
              <Button icon={<LoginOutlined />} disabled={a.status !== 'active'} onClick={loginAs} data-testid="login-as">
                {t('impersonate.action')}
              </Button>
            </Tooltip>
          ) : null}
          {a && canWrite ? (
            <>
              {a.status !== 'blocked' ? (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      {
                        key: 'status',
                        label: a.status === 'active' ? t('actions.deactivate') : t('actions.activate'),
                        danger: a.status === 'active',
                      },
                    ],
                    onClick: () => {
                      const next = a.status === 'active' ? 'inactive' : 'active';
                      confirmStatus(1, next, () => changeStatus.mutateAsync([{ id, status: next }]));
                    },
                  }}
                >
                  <Button icon={<MoreOutlined />} aria-label={t('actions.more')} />
                </Dropdown>
              ) : null}
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="affiliate-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Tabs
        activeKey="general"
        items={[{ key: 'general', label: t('detail.general') }]}
        onChange={() => navigate(`/affiliates/members/${id}/general`)}
        style={{ marginBottom: -12 }}
      />
      {!a ? (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Card variant="borderless">
              <Skeleton active paragraph={{ rows: 8 }} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card variant="borderless">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        </Row>
      ) : (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={20}>
              <Profile a={a} />
              <Work a={a} />
              {a.apiToken !== null || canWrite ? <ApiTokenCard affiliate={a} canWrite={canWrite} /> : null}
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={20}>
              <BlockPanel
                kind="affiliate"
                canWrite={canWrite}
                state={{
                  trafficBlocked: a.trafficBlocked,
                  trafficBlockedAt: a.trafficBlockedAt,
                  accessBlocked: a.accessBlocked,
                  accessBlockedAt: a.status === 'blocked' ? a.statusChangedAt : null,
                  reason: a.blockReason,
                  ownTraffic: a.ownTrafficBlocked,
                  ownAccess: a.status === 'blocked',
                  team: a.team ? { ...a.team, traffic: a.teamTrafficBlocked, access: a.teamAccessBlocked } : null,
                }}
                onBlock={({ blockType, reason }) => changeBlock.mutateAsync([{ id, action: 'block', blockType, reason }])}
                onUnblock={(blockType) => changeBlock.mutateAsync([{ id, action: 'unblock', blockType }])}
              />
              <NotesPanel targetSlug={targetSlug('affiliate', id)} />
            </Flex>
          </Col>
          <Col span={24}>
            <BlockHistory
              keyBase={affiliateKeys.all}
              path={`/affiliates/${id}/block-history`}
              id={id}
              teams={a.team ? { [a.team.id]: a.team.title } : undefined}
            />
          </Col>
        </Row>
      )}
      <AffiliateDrawer open={editing} affiliate={a ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}
