/**
 * /postback-logs/:id: one attempt — the request as made or received (method, URL, headers, query, body, IP), the
 * response code and body, success and message, with the lead, conversion, goal and partner it concerns.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import '../postbackI18n';
import { usePostbackLog } from './api';
import { usePostbackLogsT } from './i18n';
import { pretty, requestOf } from './model';
import { NamedRef, ResponseCode, SuccessTag, TargetCell } from './parts';

function Code({ value, empty }: { value: unknown; empty: string }) {
  const text = pretty(value);
  if (!text) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Typography.Paragraph copyable={{ text }} style={{ marginBottom: 0, width: '100%' }}>
      <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
        {text}
      </pre>
    </Typography.Paragraph>
  );
}

export default function PostbackLogDetailPage() {
  const { t } = usePostbackLogsT();
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const { access, timezone } = useSession();
  const staff = access ? !isAffiliate(access) : false;
  const log = usePostbackLog(id);
  const l = log.data;
  const back = (
    <Link to={l ? `/postback-logs/${l.entity === 'advertiser' ? 'advertisers' : 'affiliates'}` : '/postback-logs'}>
      <Button icon={<ArrowLeftOutlined />}>{t('detail.back')}</Button>
    </Link>
  );
  if (log.isLoading) return <Skeleton active />;
  if (!l) return <Result status="404" title={t('detail.title', { id })} subTitle={t('detail.notFound')} extra={back} />;

  const req = requestOf(l);
  const desc = { column: 1, colon: false, size: 'small' as const, styles: { label: { width: 150 } } };
  const item = (label: string, value: ReactNode) => <Descriptions.Item label={label}>{value}</Descriptions.Item>;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const partner =
    l.entity === 'advertiser'
      ? item(
          t('columns.advertiser'),
          <NamedRef
            id={l.advertiserId}
            title={l.advertiserTitle}
            sub={l.advertiserId ? `#${l.advertiserId}` : null}
            to={`/advertisers/${l.advertiserId}`}
          />,
        )
      : staff
        ? item(
            t('columns.affiliate'),
            <NamedRef
              id={l.affiliateId}
              title={l.affiliateName ?? l.affiliateEmail}
              sub={[l.affiliateName ? l.affiliateEmail : null, `#${l.affiliateId}`].filter(Boolean).join(' · ')}
              to={`/affiliates/members/${l.affiliateId}`}
            />,
          )
        : null;
  const titled = (title: string | null | undefined, id: number) => (title ? `${title} (#${id})` : `#${id}`);

  return (
    <Page
      title={
        <Flex align="center" gap={10}>
          <span>{t('detail.title', { id: l.id })}</span>
          <SuccessTag success={l.success} />
        </Flex>
      }
      subtitle={`${t(`entity.${l.entity}`)} · ${formatDateTime(l.createdAt, timezone)}`}
      extra={back}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card title={t('detail.summary')} variant="borderless" size="small" style={{ height: '100%' }}>
            <Descriptions {...desc}>
              {item(t('detail.createdAt'), formatDateTime(l.createdAt, timezone))}
              {item(t('columns.entity'), <Tag color={l.entity === 'advertiser' ? 'blue' : 'purple'}>{t(`entity.${l.entity}`)}</Tag>)}
              {partner}
              {staff && l.integrationId ? item(t('detail.integration'), titled(l.integrationTitle, l.integrationId)) : null}
              {l.postbackId ? item(t('detail.postback'), titled(l.postbackTitle, l.postbackId)) : null}
              {item(t('columns.target'), <TargetCell leadId={l.leadId} conversionId={l.conversionId} />)}
              {item(t('columns.event'), l.event ? t(`globalPostback:events.${l.event}`, { defaultValue: l.event }) : dash)}
              {item(t('columns.goal'), l.goalId ? titled(l.goalTitle, l.goalId) : dash)}
              {item(
                t('columns.conversionStatus'),
                l.conversionStatus ? t(`conversionStatuses.${l.conversionStatus}`, { defaultValue: String(l.conversionStatus) }) : dash,
              )}
              {item(t('detail.success'), <SuccessTag success={l.success} />)}
              {item(t('detail.msg'), l.msg ?? dash)}
              {item(t('columns.attempt'), l.attempt)}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16}>
            <Card title={t('detail.request')} variant="borderless" size="small">
              <Descriptions {...desc}>
                {item(t('detail.method'), req.method ? <Tag style={{ fontFamily: 'monospace' }}>{req.method}</Tag> : dash)}
                {item(
                  t('detail.url'),
                  req.url ? (
                    <Typography.Text copyable style={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}>
                      {req.url}
                    </Typography.Text>
                  ) : (
                    dash
                  ),
                )}
                {req.ip ? item(t('detail.ip'), req.ip) : null}
                {item(t('detail.headers'), <Code value={req.headers} empty={t('detail.empty')} />)}
                {req.query !== null ? item(t('detail.query'), <Code value={req.query} empty={t('detail.empty')} />) : null}
                {item(t('detail.body'), <Code value={req.body} empty={t('detail.empty')} />)}
              </Descriptions>
            </Card>
            <Card title={t('detail.response')} variant="borderless" size="small">
              {l.responseStatus === null && !l.responseBody ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noResponse')} />
              ) : (
                <Descriptions {...desc}>
                  {item(t('detail.status'), <ResponseCode code={l.responseStatus} />)}
                  {item(t('detail.responseBody'), <Code value={l.responseBody} empty={t('detail.empty')} />)}
                </Descriptions>
              )}
            </Card>
          </Flex>
        </Col>
      </Row>
    </Page>
  );
}
