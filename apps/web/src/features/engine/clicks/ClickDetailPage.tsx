/**
 * /clicks/:id: every click field of product §3 (status and reason, offer, affiliate, campaign, lander, traffic source,
 * country, language, IP, user agent with browser / device / OS, referrer, target URL for staff, subs, the other
 * parameters, date in the user's zone), and the staff edit.
 */
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { CLICK_SUBS } from '@leadgrid/shared/engine/clicks';
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { useClick } from './api';
import { ClickEditModal } from './ClickEditModal';
import { useClicksT } from './i18n';
import { CountryCell, MarksCell, RefCell } from './parts';
import { Dash } from '../../../components/table/cells';

const text = (v: string | null | undefined, copy = false): ReactNode =>
  v ? (
    <Typography.Text copyable={copy} style={{ wordBreak: 'break-all' }}>
      {v}
    </Typography.Text>
  ) : (
    <Dash />
  );

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} variant="borderless" size="small" style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

export default function ClickDetailPage() {
  const { t } = useClicksT();
  const { id = '' } = useParams();
  const { access, timezone } = useSession();
  const staff = access ? !isAffiliate(access) : false;
  const canEdit = allowed(access, 'click.update');
  const click = useClick(id);
  const [editing, setEditing] = useState(false);
  const c = click.data;
  const back = (
    <Link to={c?.status === 2 ? '/clicks/invalid' : '/clicks/valid'}>
      <Button icon={<ArrowLeftOutlined />}>{t('detail.back')}</Button>
    </Link>
  );

  if (click.isLoading) return <Skeleton active />;
  if (!c) return <Result status="404" title={t('detail.title', { id })} subTitle={t('detail.notFound')} extra={back} />;

  const desc = { column: 1, colon: false, size: 'small' as const, styles: { label: { width: 150 } } };
  const device = [c.deviceBrand, c.deviceModel].filter(Boolean).join(' ');
  const params = Object.entries(c.params ?? {});

  return (
    <Page
      title={
        <Flex align="center" gap={10} wrap>
          <span>{t('detail.general')}</span>
          <Tag color={c.status === 1 ? 'green' : 'red'} data-testid="click-status">
            {t(`status.${c.status}`)}
          </Tag>
          {c.invalidReason ? (
            <Typography.Text type="danger">{t(`reasons.${c.invalidReason}`, { defaultValue: c.invalidReason })}</Typography.Text>
          ) : null}
        </Flex>
      }
      subtitle={
        <Typography.Text copyable={{ text: c.id }} type="secondary" style={{ fontFamily: 'monospace' }} data-testid="click-detail-id">
          {c.id}
        </Typography.Text>
      }
      extra={
        <>
          {back}
          {canEdit ? (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="click-edit">
              {t('edit.open')}
            </Button>
          ) : null}
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Section title={t('detail.general')}>
            <Descriptions {...desc}>
              <Descriptions.Item label={t('detail.createdAt')}>{formatDateTime(c.createdAt, timezone)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.clickId')}>{text(c.id, true)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.status')}>{t(`status.${c.status}`)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.marks')}>
                <MarksCell click={c} />
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.offer')}>
                <RefCell title={c.offerTitle} id={c.offerId} to={c.offerId ? `/offers/${c.offerId}` : undefined} />
              </Descriptions.Item>
              {staff ? (
                <Descriptions.Item label={t('detail.affiliate')}>
                  <RefCell
                    title={c.affiliateName}
                    id={c.affiliateId}
                    to={c.affiliateId ? `/affiliates/members/${c.affiliateId}` : undefined}
                  />
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('detail.campaign')}>
                <RefCell title={c.campaignTitle} id={c.campaignId} to={c.campaignId ? `/campaigns/${c.campaignId}` : undefined} />
              </Descriptions.Item>
            </Descriptions>
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Section title={t('detail.traffic')}>
            <Descriptions {...desc}>
              <Descriptions.Item label={t('detail.lander')}>
                <RefCell title={c.landerTitle} id={c.landerId} />
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.trafficSource')}>{text(c.trafficSourceTitle)}</Descriptions.Item>
              {staff ? <Descriptions.Item label={t('detail.targetUrl')}>{text(c.targetUrl, true)}</Descriptions.Item> : null}
              <Descriptions.Item label={t('detail.referrer')}>{text(c.referrer, true)}</Descriptions.Item>
            </Descriptions>
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Section title={t('detail.visitor')}>
            <Descriptions {...desc}>
              <Descriptions.Item label={t('detail.country')}>
                <CountryCell code={c.country} />
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.language')}>{text(c.language)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.ip')}>{text(c.ip, true)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.deviceType')}>{text(c.deviceType)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.device')}>{text(device)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.os')}>{text([c.os, c.osVersion].filter(Boolean).join(' '))}</Descriptions.Item>
              <Descriptions.Item label={t('detail.browser')}>
                {text([c.browser, c.browserVersion].filter(Boolean).join(' '))}
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.userAgent')}>{text(c.userAgent, true)}</Descriptions.Item>
            </Descriptions>
          </Section>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Section title={t('detail.subs')}>
              <Descriptions {...desc} column={3} styles={{ label: { width: 48 } }}>
                {CLICK_SUBS.map((s) => (
                  <Descriptions.Item key={s} label={s}>
                    {text(c[s])}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Section>
            <Section title={t('detail.params')}>
              {params.length ? (
                <Descriptions {...desc}>
                  {params.map(([k, v]) => (
                    <Descriptions.Item key={k} label={k}>
                      {text(v)}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noParams')} />
              )}
            </Section>
          </Flex>
        </Col>
      </Row>
      <ClickEditModal click={editing ? c : null} onClose={() => setEditing(false)} />
    </Page>
  );
}
