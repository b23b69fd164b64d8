/**
 * The block panel of an affiliate or a team (product §4): the traffic and access blocks with when and why, a block
 * action (type and reason asked by BlockModal) and unblock of traffic, access or both. When the server refuses an
 * unblock (an affiliate in a blocked team) its message stays in the panel with a link to the team.
 */
import { CheckCircleFilled, LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import type { UnblockType } from '@leadgrid/shared/people/people';
import { Alert, App, Button, Card, Flex, Tag, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../components/format';
import type { BlockValues } from './BlockModal';
import { useAffiliatesT } from './affiliates/i18n';
import { lazyWhenOpen } from '../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const BlockModal = lazyWhenOpen(() => import('./BlockModal').then((m) => m.BlockModal));

export interface BlockState {
  trafficBlocked: boolean;
  trafficBlockedAt: number | null;
  accessBlocked: boolean;
  /** when the access block began (a user's status change), if known */
  accessBlockedAt?: number | null;
  reason: string | null;
  /** blocks that come from the team, not from the record itself */
  team?: { id: number; title: string; traffic: boolean; access: boolean } | null;
  /** the record's own blocks (an affiliate: its own; a team: the same as the effective ones) */
  ownTraffic: boolean;
  ownAccess: boolean;
}

interface Refusal {
  message: string;
  blockedTeam: boolean;
}

function Row({ icon, label, state, detail }: { icon: ReactNode; label: string; state: ReactNode; detail?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      gap={12}
      align="flex-start"
      style={{ padding: '10px 12px', borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}
    >
      <span style={{ fontSize: 18, lineHeight: '22px', display: 'inline-flex' }}>{icon}</span>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>{label}</Typography.Text>
          {state}
        </Flex>
        {detail}
      </Flex>
    </Flex>
  );
}

export function BlockPanel({
  state,
  canWrite,
  kind,
  onBlock,
  onUnblock,
}: {
  state: BlockState;
  canWrite: boolean;
  kind: 'affiliate' | 'team';
  onBlock: (values: BlockValues) => Promise<unknown>;
  onUnblock: (type: UnblockType) => Promise<unknown>;
}) {
  const { t } = useAffiliatesT();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const { timezone } = useSession();
  const [blockOpen, setBlockOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState<UnblockType | null>(null);

  const unblock = (type: UnblockType) =>
    modal.confirm({
      title: t(`unblock.confirmTitle.${type}`),
      content: kind === 'team' ? t('unblock.teamText') : t('unblock.text'),
      okText: t(`unblock.${type}`),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setBusy(type);
        setRefusal(null);
        try {
          await onUnblock(type);
        } catch (err) {
          if (err instanceof ApiError && err.status < 500) {
            setRefusal({ message: err.message, blockedTeam: err.errors.some((e) => e.type === 'blockedTeam') });
          }
        } finally {
          setBusy(null);
        }
      },
    });

  const anyOwn = state.ownTraffic || state.ownAccess;
  // what can be unblocked: each block shown (a member's block by its team is refused by the server, and says why)
  const unblockable: UnblockType[] = [
    ...(state.trafficBlocked ? (['traffic'] as const) : []),
    ...(state.accessBlocked ? (['access'] as const) : []),
    ...(state.trafficBlocked && state.accessBlocked ? (['full'] as const) : []),
  ];
  const blockedIcon = <StopOutlined style={{ color: token.colorError }} />;
  const openIcon = <CheckCircleFilled style={{ color: token.colorSuccess }} />;
  const teamLink = state.team ? (
    <Link to={`/affiliates/teams/${state.team.id}`} data-testid="blocked-team-link">
      {state.team.title}
    </Link>
  ) : null;

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <LockOutlined style={{ color: token.colorTextSecondary }} />
          {t('blockPanel.title')}
        </Flex>
      }
      data-testid="block-panel"
    >
      <Flex vertical gap={10}>
        {(['traffic', 'access'] as const).map((part) => {
          const blocked = part === 'traffic' ? state.trafficBlocked : state.accessBlocked;
          const own = part === 'traffic' ? state.ownTraffic : state.ownAccess;
          const at = part === 'traffic' ? state.trafficBlockedAt : state.accessBlockedAt;
          return (
            <Row
              key={part}
              icon={blocked ? blockedIcon : openIcon}
              label={t(`blockPanel.${part}`)}
              state={
                <Tag color={blocked ? 'error' : 'success'} style={{ marginInlineEnd: 0 }} data-testid={`${part}-state`}>
                  {blocked ? t('blockPanel.blocked') : t('blockPanel.open')}
                </Tag>
              }
              detail={
                blocked ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {own && at ? t('blockPanel.since', { date: formatDateTime(at, timezone) }) : null}
                    {state.team?.[part] ? (
                      <>
                        {own ? ' · ' : null}
                        {t('blockPanel.byTeam')} {teamLink}
                      </>
                    ) : null}
                  </Typography.Text>
                ) : null
              }
            />
          );
        })}
        {anyOwn && state.reason ? (
          <Flex vertical gap={2} style={{ padding: '2px 2px 0' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('blockPanel.reason')}
            </Typography.Text>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="block-reason">
              {state.reason}
            </Typography.Paragraph>
          </Flex>
        ) : null}
        {kind === 'affiliate' && state.team && (state.team.traffic || state.team.access) && !refusal ? (
          <Alert
            type="warning"
            showIcon
            title={t('blockPanel.teamBlockedHint')}
            description={
              <>
                {t('blockPanel.teamBlockedText')} {teamLink}
              </>
            }
          />
        ) : null}
        {refusal ? (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setRefusal(null) }}
            title={t('unblock.refused')}
            description={
              <Flex vertical gap={4}>
                <span data-testid="unblock-refusal">{refusal.message}</span>
                {refusal.blockedTeam && state.team ? (
                  <Link to={`/affiliates/teams/${state.team.id}`} data-testid="refusal-team-link">
                    {t('unblock.openTeam', { title: state.team.title })}
                  </Link>
                ) : null}
              </Flex>
            }
            data-testid="unblock-refused"
          />
        ) : null}
        {canWrite ? (
          <Flex gap={8} wrap style={{ marginTop: 4 }}>
            <Button danger icon={<StopOutlined />} onClick={() => setBlockOpen(true)} data-testid="block-open">
              {t('block.action')}
            </Button>
            {unblockable.map((type) => (
              <Button
                key={type}
                icon={<UnlockOutlined />}
                loading={busy === type}
                disabled={Boolean(busy)}
                onClick={() => unblock(type)}
                data-testid={`unblock-${type}`}
              >
                {t(`unblock.${type}`)}
              </Button>
            ))}
          </Flex>
        ) : null}
      </Flex>
      <BlockModal
        open={blockOpen}
        title={kind === 'team' ? t('block.titleTeam') : t('block.title')}
        hint={kind === 'team' ? t('block.teamHint') : undefined}
        onClose={() => setBlockOpen(false)}
        onSubmit={async (values) => {
          setRefusal(null);
          await onBlock(values);
        }}
      />
    </Card>
  );
}
