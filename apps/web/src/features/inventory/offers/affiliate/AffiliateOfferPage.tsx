/**
 * /offers/{id} for affiliates: the affiliate-safe view of an offer (GET /offers/for-affiliate/:id) — description,
 * geos, payouts that apply to them, informational caps, landers with preview links, the active creatives (download
 * or copy), and "Create campaign". No revenue, no advertisers, no real cap values.
 */
import { ApiOutlined, CopyOutlined, DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AffiliateOffer } from '@leadgrid/shared/inventory/offers';
import type { CreativeView } from '@leadgrid/shared/inventory/landers';
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { notify } from '../../../../api/notify';
import { formatNumber } from '../../../../components/format';
import { Page } from '../../../../components/Page';
import { offersApi, useAffiliateCreatives, useAffiliateOffer } from '../api';
import { useOffersT } from '../i18n';
import { AccessTag, GeosCell, HotTag, OfferThumb } from '../parts';
import { CreateCampaignButton, payoutText } from './parts';
import { BackButton, DetailFailure, DetailHeading, detailFailed } from '../../../../components/detail/DetailPage';

const fmtBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function Countries({ codes }: { codes: string[] }) {
  const { t } = useOffersT();
  return codes.length ? <GeosCell geos={codes} max={4} /> : <Typography.Text type="secondary">{t('affiliate.everywhere')}</Typography.Text>;
}

function PayoutsCard({ offer }: { offer: AffiliateOffer }) {
  const { t } = useOffersT();
  return (
    <Card title={t('affiliate.payouts')} variant="borderless" data-testid="affiliate-payouts">
      <Table
        size="small"
        rowKey={(p) => [p.paymentModel?.id, p.goal?.id, p.paymentType, p.value, p.currency, p.countries.join()].join('|')}
        pagination={false}
        dataSource={offer.payouts}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('affiliate.noPayout')} /> }}
        columns={[
          { key: 'model', title: t('affiliate.model'), render: (_v, p) => p.paymentModel?.code ?? '—' },
          { key: 'goal', title: t('affiliate.goal'), render: (_v, p) => p.goal?.title ?? '—' },
          {
            key: 'value',
            title: t('affiliate.value'),
            render: (_v, p) => (
              <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
                {payoutText({ ...p, paymentModel: null }, t)}
              </Typography.Text>
            ),
          },
          { key: 'countries', title: t('affiliate.countries'), render: (_v, p) => <Countries codes={p.countries} /> },
        ]}
      />
    </Card>
  );
}

function CapsCard({ offer }: { offer: AffiliateOffer }) {
  const { t } = useOffersT();
  return (
    <Card
      title={t('affiliate.caps')}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('affiliate.capsHint')}
        </Typography.Text>
      }
      variant="borderless"
      data-testid="affiliate-caps"
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={offer.caps}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('affiliate.noCaps')} /> }}
        columns={[
          { key: 'type', title: t('affiliate.type'), render: (_v, c) => t(`affiliate.capTypes.${c.type}`) },
          {
            key: 'value',
            title: t('affiliate.value'),
            render: (_v, c) => (
              <Typography.Text strong>
                {formatNumber(c.informationalValue, Number.isInteger(Number(c.informationalValue)) ? 0 : 2)}
              </Typography.Text>
            ),
          },
          { key: 'period', title: t('affiliate.period'), render: (_v, c) => t(`affiliate.periods.${c.period}`) },
          { key: 'countries', title: t('affiliate.countries'), render: (_v, c) => <Countries codes={c.countries} /> },
        ]}
      />
    </Card>
  );
}

function LandersCard({ offer }: { offer: AffiliateOffer }) {
  const { t } = useOffersT();
  return (
    <Card title={t('affiliate.landers')} variant="borderless" data-testid="affiliate-landers">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={offer.landers}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('affiliate.noLanders')} /> }}
        columns={[
          { key: 'title', title: t('affiliate.lander'), render: (_v, l) => <Typography.Text strong>{l.title}</Typography.Text> },
          {
            key: 'pageType',
            title: t('affiliate.type'),
            render: (_v, l) => <Tag style={{ marginInlineEnd: 0 }}>{t(`affiliate.pageTypes.${l.pageType}`)}</Tag>,
          },
          { key: 'language', title: t('affiliate.language'), render: (_v, l) => (l.language ? l.language.toUpperCase() : '—') },
          {
            key: 'preview',
            title: '',
            align: 'right',
            render: (_v, l) =>
              l.previewUrl ? (
                <a href={l.previewUrl} target="_blank" rel="noopener noreferrer">
                  <Button size="small" icon={<ExportOutlined />}>
                    {t('actions.preview')}
                  </Button>
                </a>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

function CreativesCard({ offerId }: { offerId: number }) {
  const { t } = useOffersT();
  const creatives = useAffiliateCreatives(offerId, true);
  const download = async (c: CreativeView) => {
    if (!c.attachment) return;
    const blob = await offersApi.download(c.attachment.url);
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = c.attachment.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => notify.success(t('affiliate.copied')),
      () => undefined,
    );
  return (
    <Card title={t('affiliate.creatives')} variant="borderless" data-testid="affiliate-creatives">
      {creatives.error ? (
        <Result
          status="warning"
          subTitle={(creatives.error as Error).message}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void creatives.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={creatives.isLoading}
          pagination={false}
          dataSource={creatives.data?.items ?? []}
          locale={{
            emptyText: creatives.isLoading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('affiliate.noCreatives')} />,
          }}
          columns={[
            {
              key: 'type',
              title: t('affiliate.type'),
              width: 110,
              render: (_v, c) => <Tag style={{ marginInlineEnd: 0 }}>{t(`affiliate.creativeTypes.${c.type}`)}</Tag>,
            },
            {
              key: 'description',
              title: t('affiliate.description'),
              render: (_v, c) => (
                <Flex vertical style={{ maxWidth: 420 }}>
                  {c.description ? <Typography.Text>{c.description}</Typography.Text> : null}
                  {c.content ? (
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 420 }}>
                      {c.content}
                    </Typography.Text>
                  ) : null}
                  {c.attachment ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.attachment.name} · {fmtBytes(c.attachment.size)}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              key: 'get',
              title: '',
              align: 'right',
              render: (_v, c) =>
                c.attachment ? (
                  <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(c).catch(() => undefined)}>
                    {t('actions.download')}
                  </Button>
                ) : c.content ? (
                  <Tooltip title={t('affiliate.copy')}>
                    <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(c.content!)} aria-label={t('affiliate.copy')} />
                  </Tooltip>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}

export function AffiliateOfferPage() {
  const { t } = useOffersT();
  const params = useParams();
  const id = Number(params.id);
  const detail = useAffiliateOffer(id);
  const o = detail.data;
  const back = <BackButton to="/offers/all">{t('actions.back')}</BackButton>;

  if (detailFailed(detail))
    return (
      <DetailFailure
        query={detail}
        texts={{ title: t('title'), notFound: t('affiliate.notFound'), retry: t('actions.retry') }}
        back={back}
      />
    );

  if (!o)
    return (
      <Page title={t('title')} extra={back}>
        <Card variant="borderless">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </Page>
    );

  return (
    <Page
      title={
        <DetailHeading
          name={o.title}
          testId="affiliate-offer-heading"
          gap={12}
          before={<OfferThumb url={o.imageUrl} title={o.title} size={44} />}
          after={
            <>
              {o.isHot ? <HotTag /> : null}
              {o.accessType === 3 ? <AccessTag accessType={3} /> : null}
            </>
          }
        />
      }
      subtitle={`#${o.id} · ${o.vertical.title} · ${t(`methods.${o.integrationMethod}`)}`}
      extra={
        <>
          {back}
          <Link to={`/integration-guide?offerId=${o.id}`} data-testid="affiliate-offer-guide">
            <Button icon={<ApiOutlined />}>{t('affiliate.integrationGuide')}</Button>
          </Link>
          <CreateCampaignButton offerId={o.id} />
        </>
      }
    >
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={20}>
            <Card title={t('affiliate.description')} variant="borderless">
              {o.description ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{o.description}</Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('affiliate.noDescription')}</Typography.Text>
              )}
            </Card>
            <PayoutsCard offer={o} />
            <LandersCard offer={o} />
            <CreativesCard offerId={o.id} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={20}>
            <Card title={t('affiliate.about')} variant="borderless">
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'geos', label: t('fields.geos'), children: <Countries codes={o.geos} /> },
                  { key: 'vertical', label: t('fields.vertical'), children: o.vertical.title },
                  { key: 'method', label: t('fields.integrationMethod'), children: t(`methods.${o.integrationMethod}`) },
                  {
                    key: 'sources',
                    label: t('fields.trafficSources'),
                    children: o.trafficSources.length ? (
                      <Flex gap={4} wrap>
                        {o.trafficSources.map((s) => (
                          <Tag key={s.id} style={{ marginInlineEnd: 0 }}>
                            {s.title}
                          </Tag>
                        ))}
                      </Flex>
                    ) : (
                      '—'
                    ),
                  },
                  {
                    key: 'categories',
                    label: t('fields.categories'),
                    children: o.categories.length ? o.categories.map((c) => c.title).join(', ') : '—',
                  },
                  {
                    key: 'lifespan',
                    label: t('fields.sessionLifespan'),
                    children: t('affiliate.lifespan', { count: o.sessionLifespan, from: t(`lifespanTypes.${o.sessionLifespanType}`) }),
                  },
                  ...(o.goal ? [{ key: 'goal', label: t('fields.goal'), children: o.goal.title }] : []),
                  { key: 'access', label: t('fields.accessType'), children: <AccessTag accessType={o.accessType} /> },
                ]}
              />
              <Flex gap={6} wrap style={{ marginTop: 12 }}>
                {o.assigned ? <Tag color="blue">{t('affiliate.assigned')}</Tag> : null}
                {o.hasCampaign ? <Tag color="green">{t('affiliate.running')}</Tag> : null}
              </Flex>
            </Card>
            <CapsCard offer={o} />
          </Flex>
        </Col>
      </Row>
    </Page>
  );
}
