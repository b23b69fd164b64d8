/**
 * /advertisers/{id}/{tab} (front.menu.advertisers.read): one advertiser. The header holds its title, status, block /
 * unblock and edit (advertiser.update). Tab `general`: details, integrations, members, offers, API token, redirect
 * template and notes. The other tabs (goals, status-mapping, api-params, outbound-settings, inbound-settings) are the
 * sections of one of its integrations, chosen by `?integration=<id>` (the integrations feature renders them).
 */
import { CheckCircleOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { targetSlug } from '@leadgrid/shared/people/notes';
import { Button, Card, Col, Flex, Row, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import { useAdvertiser } from '../../../api/advertisers';
import { useAdvertiserBlock } from './BlockAdvertiser';
import { AdvertiserTokenCard, DetailsCard, OffersCard, RedirectCard } from './GeneralCards';
import { useAdvertisersT } from './i18n';
import { IntegrationTab, INTEGRATION_TABS, type IntegrationTabName } from './IntegrationTab';
import { IntegrationsCard } from './IntegrationsCard';
import { MembersCard } from './MembersCard';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { ADVERTISER_WRITE } from './parts';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const AdvertiserDrawer = lazyWhenOpen(() => import('./AdvertiserDrawer').then((m) => m.AdvertiserDrawer));

const TABS = ['general', ...INTEGRATION_TABS] as const;
type Tab = (typeof TABS)[number];

export default function AdvertiserDetailPage() {
  const { t } = useAdvertisersT();
  const { access } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const id = Number(params.id);
  const tab: Tab = (TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'general';
  const detail = useAdvertiser(id);
  const blocking = useAdvertiserBlock();
  const [editing, setEditing] = useState(false);
  const a = detail.data;
  const canWrite = allowed(access, ADVERTISER_WRITE);
  const back = <BackButton to="/advertisers/active">{t('actions.back')}</BackButton>;

  // the chosen integration travels between its tabs, not to the general tab
  const openTab = (next: string) =>
    navigate({
      pathname: `/advertisers/${id}/${next}`,
      search: next === 'general' ? '' : new URLSearchParams(location.search).has('integration') ? location.search : '',
    });

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={a ? <DetailHeading name={a.title} status={a.status} testId="advertiser-heading" /> : undefined}
      subtitle={
        a ? (
          <>
            #{a.id} ·{' '}
            <Typography.Text type="secondary" style={{ fontFamily: 'var(--ant-font-family-code)' }}>
              {a.secureId}
            </Typography.Text>
            {a.status === 'blocked' && a.blockReason ? ` · ${t('blockedBecause', { reason: a.blockReason })}` : ''}
          </>
        ) : undefined
      }
      actions={
        <>
          {a && canWrite ? (
            <>
              {a.status === 'blocked' ? (
                <Button icon={<CheckCircleOutlined />} onClick={() => blocking.unblock(a)} data-testid="advertiser-unblock">
                  {t('unblock.action')}
                </Button>
              ) : (
                <Button danger icon={<StopOutlined />} onClick={() => blocking.block(a)} data-testid="advertiser-block">
                  {t('block.action')}
                </Button>
              )}
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="advertiser-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Tabs
        activeKey={tab}
        items={TABS.map((key) => ({ key, label: t(`tabs.detail.${key}`) }))}
        onChange={openTab}
        style={{ marginBottom: -12 }}
        data-testid="advertiser-detail-tabs"
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
      ) : tab === 'general' ? (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={20}>
              <DetailsCard a={a} />
              <IntegrationsCard advertiser={a} canWrite={canWrite} />
              <MembersCard advertiserId={a.id} />
              <OffersCard offers={a.offers ?? []} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={20}>
              {a.apiToken !== null || canWrite ? <AdvertiserTokenCard a={a} canWrite={canWrite} /> : null}
              <RedirectCard a={a} canWrite={canWrite} />
              <NotesPanel targetSlug={targetSlug('advertiser', id)} />
            </Flex>
          </Col>
        </Row>
      ) : (
        <IntegrationTab advertiser={a} tab={tab as IntegrationTabName} canWrite={canWrite} />
      )}
      <AdvertiserDrawer open={editing} advertiser={a ?? null} onClose={() => setEditing(false)} />
      {blocking.popup}
    </DetailPage>
  );
}
