/**
 * /campaigns/{id} (front.menu.campaigns.read): one campaign — its product §8 notices, the tracking URL in a copyable
 * field with a "test link" (staff: a signed test link, TestLink.tsx) and a link to its invalid clicks, the sub1..sub9
 * placeholders explained, details, the target-URL settings, and the
 * status actions (edit, activate / deactivate, clone, block / unblock, delete). Lead and conversion counts are not
 * answered by the campaigns API yet, so the page has no such section.
 */
import { ArrowLeftOutlined, CopyOutlined, EditOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import type { Campaign } from '@leadgrid/shared/inventory/campaigns';
import { SUB_PARAMS } from '@leadgrid/shared/engine/campaign-links';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Dropdown,
  Flex,
  Result,
  Row,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
  type MenuProps,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { personName } from '@leadgrid/shared/people/names';
import { useCampaignActions, type StatusAction } from './actions';
import { useCampaign } from './api';
import { CampaignNotices } from './CampaignNotices';
import { useCampaignsT } from './i18n';
import { actionsFor, CAMPAIGN_BLOCK, CAMPAIGN_WRITE } from './model';
import { CountryCodes, Dash } from './parts';
import { TestLinkButton } from './TestLink';
import { MONO, TrackingLinkField } from './TrackingLink';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const CampaignDrawer = lazyWhenOpen(() => import('./CampaignDrawer').then((m) => m.CampaignDrawer));

function SubsHelp() {
  const { t } = useCampaignsT();
  return (
    <Flex vertical gap={8} data-testid="subs-help">
      <Typography.Text type="secondary">{t('detail.subsText')}</Typography.Text>
      <Flex gap={6} wrap>
        {SUB_PARAMS.map((s) => (
          <Tag key={s} style={{ ...MONO, marginInlineEnd: 0 }}>{`{${s}}`}</Tag>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('detail.subsExample')}
      </Typography.Text>
    </Flex>
  );
}

function TargetSettings({ c }: { c: Campaign }) {
  const { t } = useCampaignsT();
  const s = c.targetUrlSettings;
  const yesNo = (v: boolean) => (v ? <Tag color="green">{t('detail.yes')}</Tag> : <Tag>{t('detail.no')}</Tag>);
  return (
    <Descriptions column={1} colon={false} styles={{ label: { width: 200 } }} size="small">
      <Descriptions.Item label={t('target.mode')}>{t(`target.modes.${s.mode}`)}</Descriptions.Item>
      {s.mode === 'url' ? (
        <Descriptions.Item label={t('target.url')}>
          <Typography.Text style={{ ...MONO, fontSize: 12, wordBreak: 'break-all' }} copyable>
            {s.url}
          </Typography.Text>
        </Descriptions.Item>
      ) : (
        <Descriptions.Item label={t('fields.landers')}>
          {c.landers.length ? (
            <Flex gap={6} wrap>
              {c.landers.map((l) => (
                <Tag key={l.id} color={l.status === 'active' ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
                  {l.title}
                  {l.status !== 'active' ? ` (${t(`status.${l.status}`, { defaultValue: l.status })})` : ''}
                </Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('detail.allLanders')}</Typography.Text>
          )}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('target.passSubs')}>{yesNo(s.passSubs)}</Descriptions.Item>
      <Descriptions.Item label={t('target.passQuery')}>{yesNo(s.passQuery)}</Descriptions.Item>
      <Descriptions.Item label={t('target.params')}>
        {s.params.length ? (
          <Flex vertical gap={2}>
            {s.params.map((p) => (
              <Typography.Text key={p.name} style={{ ...MONO, fontSize: 12 }}>
                {p.name}={p.value}
              </Typography.Text>
            ))}
          </Flex>
        ) : (
          <Dash />
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function CampaignDetailPage() {
  const { t } = useCampaignsT();
  const navigate = useNavigate();
  const { id } = useParams();
  const { access, timezone } = useSession();
  const affiliateView = access ? isAffiliate(access) : false;
  const can = {
    write: allowed(access, CAMPAIGN_WRITE),
    block: allowed(access, CAMPAIGN_BLOCK),
    // staff only: the server refuses affiliates a test link (a test click skips the geo and bot checks)
    testLink: !affiliateView && allowed(access, CAMPAIGN_WRITE),
    clicks: allowed(access, 'front.menu.clicks.read'),
  };
  const campaign = useCampaign(Number(id));
  const actions = useCampaignActions({ onCloned: (ids) => ids[0] && navigate(`/campaigns/${ids[0]}`) });
  /** the campaign as the drawer opened with it (a refetch after the save must not reset the drawer) */
  const [editing, setEditing] = useState<Campaign | null>(null);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/campaigns/active')}>
      {t('detail.back')}
    </Button>
  );

  if (campaign.error) {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return (
      <Page title={t('title')}>
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('detail.notFound') : t('detail.loadFailed')}
            subTitle={missing ? t('detail.notFoundText') : undefined}
            extra={missing ? back : <Button onClick={() => void campaign.refetch()}>{t('actions.retry')}</Button>}
          />
        </Card>
      </Page>
    );
  }
  const c = campaign.data;
  if (!c) {
    return (
      <Page title={t('title')}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Page>
    );
  }

  // without access to the offer the server refuses activating and cloning: not offered
  const noAccess = c.notices?.some((n) => n.type === 'no_offer_access') ?? false;
  const available = actionsFor(c.status, can).filter((a) => !noAccess || (a !== 'activate' && a !== 'clone'));
  const main = available.find((a) => a === 'activate' || a === 'deactivate' || a === 'unblock');
  const rest = available.filter((a) => a !== 'edit' && a !== main && a !== 'clone');
  const run = (a: StatusAction) => actions.run(a, [c]);
  const more: MenuProps['items'] = rest.map((a) => ({ key: a, label: t(`actions.${a}`), danger: a === 'delete' || a === 'block' }));
  const person = (p: { id: number; firstName: string; lastName: string; email: string } | null) => (p ? personName(p) : '—');

  return (
    <Page
      title={
        <Flex align="center" gap={12} wrap>
          <span data-testid="campaign-detail-title">{c.title}</span>
          <StatusTag status={c.status} />
          {c.autocreated ? <Tag color="cyan">{t('list.autocreated')}</Tag> : null}
        </Flex>
      }
      subtitle={
        <span>
          #{c.id} · {t('detail.key')}{' '}
          <Typography.Text code style={{ fontSize: 12 }}>
            {c.key}
          </Typography.Text>
        </span>
      }
      extra={
        <>
          {back}
          {main ? (
            <Button onClick={() => run(main as StatusAction)} loading={actions.busy} data-testid={`campaign-${main}`}>
              {t(`actions.${main}`)}
            </Button>
          ) : null}
          {available.includes('clone') ? (
            <Button icon={<CopyOutlined />} onClick={() => run('clone')} disabled={actions.busy} data-testid="campaign-clone">
              {t('actions.clone')}
            </Button>
          ) : null}
          {more.length ? (
            <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: more, onClick: ({ key }) => run(key as StatusAction) }}>
              <Button icon={<MoreOutlined />} aria-label={t('actions.more')} data-testid="campaign-more" />
            </Dropdown>
          ) : null}
          {available.includes('edit') ? (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(c)} data-testid="campaign-edit">
              {t('actions.edit')}
            </Button>
          ) : null}
        </>
      }
    >
      <CampaignNotices notices={c.notices} />
      {c.status === 'blocked' ? (
        <Alert
          type="error"
          showIcon
          title={t('detail.blockedTitle')}
          description={c.blockReason ? t('list.blockedBecause', { reason: c.blockReason }) : undefined}
          data-testid="campaign-blocked"
        />
      ) : c.status === 'offer_revoked' ? (
        <Alert type="warning" showIcon title={t('detail.revokedTitle')} description={t('detail.revokedText')} />
      ) : c.status === 'deleted' ? (
        <Alert type="info" showIcon title={t('detail.deletedTitle')} description={t('detail.deletedText')} />
      ) : null}

      <Card
        variant="borderless"
        title={t('detail.trackingLink')}
        data-testid="campaign-link-card"
        extra={
          <Flex gap={8} wrap>
            {can.clicks ? (
              <Tooltip title={t('invalidClicksHint')}>
                <Link to={`/clicks/invalid?campaignId=${c.id}`} data-testid="campaign-invalid-clicks">
                  <StopOutlined /> {t('invalidClicks')}
                </Link>
              </Tooltip>
            ) : null}
          </Flex>
        }
      >
        <Flex vertical gap={16}>
          {can.testLink ? (
            <Flex gap={8} align="center" wrap>
              <div style={{ flex: '1 1 480px', minWidth: 0 }}>
                <TrackingLinkField url={c.trackingUrl} />
              </div>
              <TestLinkButton campaignId={c.id} />
            </Flex>
          ) : (
            <TrackingLinkField url={c.trackingUrl} withTest />
          )}
          <SubsHelp />
        </Flex>
      </Card>

      <Row gutter={[20, 20]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={t('detail.details')} style={{ height: '100%' }}>
            <Descriptions column={1} colon={false} styles={{ label: { width: 180 } }} size="small">
              {!affiliateView ? (
                <Descriptions.Item label={t('fields.affiliate')}>
                  <Flex gap={8} align="center" wrap>
                    <Link to={`/affiliates/members/${c.affiliate.id}`}>{personName(c.affiliate)}</Link>
                    <Typography.Text type="secondary">{c.affiliate.email}</Typography.Text>
                    {c.team ? <Tag style={{ marginInlineEnd: 0 }}>{c.team.title}</Tag> : null}
                  </Flex>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('fields.offer')}>
                <Flex gap={8} align="center" wrap>
                  <Link to={`/offers/${c.offer.id}`}>{c.offer.title}</Link>
                  <Typography.Text type="secondary">#{c.offer.id}</Typography.Text>
                  {c.offer.status !== 'active' ? <StatusTag status={c.offer.status} /> : null}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.integrationMethod')}>{t(`methods.${c.integrationMethod}`)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.countries')}>
                <CountryCodes codes={c.countries} max={12} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.domain')}>
                {c.domain ? (
                  <Flex gap={8} align="center">
                    {c.domain.host}
                    {c.domain.status !== 'active' ? <StatusTag status={c.domain.status} /> : null}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('list.mainHost')}</Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.trafficSource')}>{c.trafficSource ? c.trafficSource.title : <Dash />}</Descriptions.Item>
              <Descriptions.Item label={t('fields.postbacks')}>
                {c.postbacks.length ? (
                  <Flex vertical gap={2}>
                    {c.postbacks.map((p) => (
                      <Typography.Text key={p.id} style={{ fontSize: 12 }}>
                        {p.title || p.url} {p.status !== 'active' ? <StatusTag status={p.status} /> : null}
                      </Typography.Text>
                    ))}
                  </Flex>
                ) : (
                  <Dash />
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.createdAt')}>
                <Flex gap={6} wrap>
                  {formatDateTime(c.createdAt, timezone)}
                  {c.createdBy ? <Typography.Text type="secondary">· {person(c.createdBy)}</Typography.Text> : null}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.statusChangedAt')}>
                <Flex gap={6} wrap>
                  {c.statusChangedAt ? formatDateTime(c.statusChangedAt, timezone) : '—'}
                  {c.statusChangedBy ? <Typography.Text type="secondary">· {person(c.statusChangedBy)}</Typography.Text> : null}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.updatedAt')}>{formatDateTime(c.updatedAt, timezone)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={t('target.title')} style={{ height: '100%' }}>
            <TargetSettings c={c} />
          </Card>
        </Col>
      </Row>
      <CampaignDrawer open={editing !== null} campaign={editing} onClose={() => setEditing(null)} />
      {actions.popup}
    </Page>
  );
}
