/**
 * /offers/{id}/{tab} for staff (front.menu.offers.read): the header holds the image, title, id, status with its
 * actions (activate, deactivate, move to draft; offer.update, with a confirmation), vertical, access type and the hot
 * flag; tabs general, affiliates and targeting (advertisers) are built here; landings, caps and payment rules come
 * from the offer-tabs feature.
 */
import { CheckCircleOutlined, FileOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { OFFER_TABS, type OfferTab } from '@leadgrid/shared/inventory/offers';
import type { OfferStatus } from '@leadgrid/shared/inventory/sieves';
import { Badge, Button, Card, Col, Row, Skeleton, Tabs, theme } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { useOffer } from './api';
import { useOffersT } from './i18n';
import { AccessTag, HotTag, OFFER_WRITE, OfferThumb, useOfferStatus } from './parts';
import { GeneralTab } from './tabs/GeneralTab';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// the tabs other than "general" load at their first opening (docs/decisions/web.md, first-load budgets)
const AffiliatesTab = lazy(() => import('./tabs/AffiliatesTab').then((m) => ({ default: m.AffiliatesTab })));
const TargetingTab = lazy(() => import('./tabs/TargetingTab').then((m) => ({ default: m.TargetingTab })));
const OfferLandingsTab = lazy(() => import('./tabs').then((m) => ({ default: m.OfferLandingsTab })));
const OfferCapsTab = lazy(() => import('./tabs').then((m) => ({ default: m.OfferCapsTab })));
const OfferPaymentRulesTab = lazy(() => import('./tabs').then((m) => ({ default: m.OfferPaymentRulesTab })));

const TABS = OFFER_TABS;
type Tab = OfferTab;

const STATUS_ACTIONS: { status: OfferStatus; icon: ReactNode; key: string }[] = [
  { status: 'active', icon: <CheckCircleOutlined />, key: 'activate' },
  { status: 'inactive', icon: <PauseCircleOutlined />, key: 'deactivate' },
  { status: 'draft', icon: <FileOutlined />, key: 'toDraft' },
];

export function StaffOfferPage() {
  const { t } = useOffersT();
  const { token } = theme.useToken();
  const { access } = useSession();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const tab: Tab = (TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'general';
  const detail = useOffer(id);
  const changeStatus = useOfferStatus();
  const o = detail.data;
  const canWrite = allowed(access, OFFER_WRITE);
  const back = <BackButton to="/offers/active">{t('actions.back')}</BackButton>;

  const count = (n: number | undefined) =>
    n ? (
      <Badge
        count={n}
        overflowCount={999}
        size="small"
        color={token.colorFillSecondary}
        style={{ color: token.colorText, marginInlineStart: 6 }}
      />
    ) : null;
  const tabLabel = (key: Tab) => {
    const c = o?.counts;
    const counts: Record<Tab, number | undefined> = {
      general: undefined,
      targeting: c?.advertisers,
      landings: c ? c.landers + c.creatives : undefined,
      caps: c?.caps,
      'payment-rules': c?.paymentRules,
      affiliates: c ? c.affiliates + c.teams : undefined,
    };
    const n = counts[key];
    return (
      <span>
        {t(`tabs.detail.${key}`)}
        {count(n)}
      </span>
    );
  };

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={
        o ? (
          <DetailHeading
            name={o.title}
            status={o.status}
            testId="offer-heading"
            gap={12}
            before={<OfferThumb url={o.imageUrl} title={o.title} size={44} />}
            after={
              <>
                {o.isHot ? <HotTag /> : null}
                <AccessTag accessType={o.accessType} />
              </>
            }
          />
        ) : undefined
      }
      subtitle={
        o ? (
          <>
            #{o.id} · {o.vertical.title} · {t(`methods.${o.integrationMethod}`)}
          </>
        ) : undefined
      }
      actions={
        <>
          {o && canWrite
            ? STATUS_ACTIONS.filter((a) => a.status !== o.status).map((a) => (
                <Button
                  key={a.status}
                  icon={a.icon}
                  type={a.status === 'active' ? 'primary' : 'default'}
                  danger={a.status === 'inactive'}
                  onClick={() => changeStatus([o], a.status)}
                  data-testid={`offer-status-${a.status}`}
                >
                  {t(`actions.${a.key}`)}
                </Button>
              ))
            : null}
        </>
      }
    >
      <Tabs
        activeKey={tab}
        items={TABS.map((key) => ({ key, label: tabLabel(key) }))}
        onChange={(next) => navigate(`/offers/${id}/${next}`)}
        style={{ marginBottom: -12 }}
        data-testid="offer-detail-tabs"
      />
      {!o ? (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Card variant="borderless">
              <Skeleton active paragraph={{ rows: 10 }} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card variant="borderless">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        </Row>
      ) : tab === 'general' ? (
        <GeneralTab offer={o} canWrite={canWrite} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          {tab === 'affiliates' ? (
            <AffiliatesTab offer={o} canWrite={canWrite} />
          ) : tab === 'targeting' ? (
            <TargetingTab offer={o} canWrite={canWrite} />
          ) : tab === 'landings' ? (
            <OfferLandingsTab offer={o} />
          ) : tab === 'caps' ? (
            <OfferCapsTab offer={o} />
          ) : (
            <OfferPaymentRulesTab offer={o} />
          )}
        </Suspense>
      )}
    </DetailPage>
  );
}
