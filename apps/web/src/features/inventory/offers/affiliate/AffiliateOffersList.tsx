/**
 * /offers/all for affiliates: the offers open to them (public ones and private ones assigned to them or their team)
 * as cards, hot first, with All / Mine counts (GET /offers/counts), filters (vertical, categories, geos, search) and
 * paging. No revenue and no advertisers: the server answers the affiliate-safe view.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import type { AffiliateOffer } from '@leadgrid/shared/inventory/offers';
import { Badge, Button, Card, Col, Empty, Flex, Pagination, Result, Row, Segmented, Skeleton, Tag, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../../api/client';
import { idsFilter } from '../../../../components/list/idsFilter';
import { Page } from '../../../../components/Page';
import { CountrySelect } from '../../../../components/sieve/pickers';
import { PAGE_SIZE_OPTIONS, useTable } from '../../../../components/table/useTable';
import { VerticalPicker } from '../../../../components/pickers/sellSide';
import { SearchBox } from '../../../../components/listing/parts';
import { CategoryPicker } from '../../../../components/pickers/lists';
import { useAffiliateOfferCounts, useAffiliateOffers } from '../api';
import { AFFILIATE_OFFER_FILTERS, affiliateOfferQuery, geoList } from '../filters';
import { useOffersT } from '../i18n';
import { AccessTag, GeosCell, HotTag, OfferThumb } from '../parts';
import { CreateCampaignButton, PayoutLine } from './parts';

function OfferCard({ offer }: { offer: AffiliateOffer }) {
  const { t } = useOffersT();
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      style={{ height: '100%', border: offer.isHot ? `1px solid ${token.colorWarningBorder}` : `1px solid ${token.colorBorderSecondary}` }}
      styles={{ body: { padding: 16, height: '100%', display: 'flex', flexDirection: 'column', gap: 12 } }}
      data-testid={`affiliate-offer-${offer.id}`}
    >
      <Flex gap={12} align="flex-start">
        <OfferThumb url={offer.imageUrl} title={offer.title} size={56} />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={6} align="center" wrap>
            <Link to={`/offers/${offer.id}`} style={{ fontWeight: 600, fontSize: 15 }} data-testid="affiliate-offer-link">
              {offer.title}
            </Link>
            {offer.isHot ? <HotTag /> : null}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{offer.id} · <AppstoreOutlined /> {offer.vertical.title} · {t(`methods.${offer.integrationMethod}`)}
          </Typography.Text>
        </Flex>
      </Flex>
      <PayoutLine payouts={offer.payouts} />
      <Flex vertical gap={6}>
        <GeosCell geos={offer.geos} max={5} />
        <Flex gap={4} wrap>
          {offer.accessType === 3 ? <AccessTag accessType={3} /> : null}
          {offer.assigned ? (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {t('affiliate.assigned')}
            </Tag>
          ) : null}
          {offer.hasCampaign ? (
            <Tag color="green" style={{ marginInlineEnd: 0 }}>
              {t('affiliate.running')}
            </Tag>
          ) : null}
          {offer.categories.slice(0, 2).map((c) => (
            <Tag key={c.id} style={{ marginInlineEnd: 0 }}>
              {c.title}
            </Tag>
          ))}
          {offer.categories.length > 2 ? <Tag style={{ marginInlineEnd: 0 }}>+{offer.categories.length - 2}</Tag> : null}
        </Flex>
      </Flex>
      <Flex gap={8} style={{ marginTop: 'auto' }}>
        <Link to={`/offers/${offer.id}`}>
          <Button>{t('actions.details')}</Button>
        </Link>
        <CreateCampaignButton offerId={offer.id} />
      </Flex>
    </Card>
  );
}

export function AffiliateOffersList() {
  const { t } = useOffersT();
  const { token } = theme.useToken();
  const table = useTable({ filters: AFFILIATE_OFFER_FILTERS, defaultLimit: 24 });
  const { list: listQuery, counts: countsQuery } = affiliateOfferQuery(table.query);
  const list = useAffiliateOffers(listQuery);
  const counts = useAffiliateOfferCounts(countsQuery);
  const f = table.filters;
  const mine = f.own === '1';
  const filtered = ['search', 'verticalId', 'categoryIds', 'geos'].some((k) => f[k]);
  const items = list.data?.items ?? [];
  const total = list.data?.meta?.totalCount ?? items.length;

  const badge = (n: number | undefined, on: boolean) =>
    n === undefined ? null : (
      <Badge count={n} showZero overflowCount={9999} size="small" color={on ? token.colorPrimary : token.colorTextQuaternary} />
    );

  let body;
  if (list.error && !list.data)
    body = (
      <Result
        status="warning"
        title={t('table.errorTitle')}
        subTitle={list.error instanceof ApiError ? list.error.message : t('table.errorText')}
        extra={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  else if (!list.data)
    body = (
      <Row gutter={[16, 16]}>
        {Array.from({ length: 6 }, (_, i) => (
          <Col key={i} xs={24} md={12} xl={8}>
            <Card variant="borderless">
              <Skeleton active avatar paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  else if (!items.length)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        style={{ padding: '32px 0' }}
        description={
          <Flex vertical gap={2}>
            <Typography.Text strong>{filtered ? t('empty.filteredTitle') : t('empty.affiliateTitle')}</Typography.Text>
            <Typography.Text type="secondary">
              {filtered ? t('empty.filtered') : mine ? t('empty.mine') : t('empty.affiliateText')}
            </Typography.Text>
          </Flex>
        }
      >
        {filtered ? (
          <Button onClick={table.reset}>{t('filters.reset')}</Button>
        ) : mine ? (
          <Button onClick={() => table.setFilters({ own: null })}>{t('tabs.all')}</Button>
        ) : null}
      </Empty>
    );
  else
    body = (
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]} style={{ opacity: list.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          {items.map((o) => (
            <Col key={o.id} xs={24} md={12} xl={8}>
              <OfferCard offer={o} />
            </Col>
          ))}
        </Row>
        <Pagination
          align="end"
          current={table.page}
          pageSize={table.limit}
          total={total}
          showSizeChanger
          pageSizeOptions={[12, 24, 48, ...PAGE_SIZE_OPTIONS.filter((n) => n > 48)]}
          onChange={(page, size) => table.setPage(page, size)}
          hideOnSinglePage
        />
      </Flex>
    );

  return (
    <Page title={t('title')} subtitle={t('affiliateSubtitle')}>
      <Card variant="borderless">
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Segmented
              value={mine ? 'mine' : 'all'}
              onChange={(v) => table.setFilters({ own: v === 'mine' ? '1' : null })}
              options={[
                {
                  value: 'all',
                  label: (
                    <Flex gap={6} align="center">
                      {t('tabs.all')}
                      {badge(counts.data?.all, !mine)}
                    </Flex>
                  ),
                },
                {
                  value: 'mine',
                  label: (
                    <Flex gap={6} align="center">
                      {t('tabs.mine')}
                      {badge(counts.data?.own, mine)}
                    </Flex>
                  ),
                },
              ]}
              data-testid="affiliate-offer-tabs"
            />
          </Flex>
          <Flex gap={8} wrap align="center">
            <SearchBox table={table} placeholder={t('filters.search')} />
            <VerticalPicker multiple {...idsFilter(table, 'verticalId', t('filters.vertical'), 180)} />
            <CategoryPicker {...idsFilter(table, 'categoryIds', t('filters.categories'), 180)} />
            <CountrySelect
              value={geoList(f.geos)}
              onChange={(v) => table.setFilters({ geos: v })}
              placeholder={t('filters.geos')}
              maxTagCount="responsive"
              style={{ width: 180 }}
              aria-label={t('filters.geos')}
            />
            {filtered ? (
              <Button type="link" onClick={table.reset}>
                {t('filters.reset')}
              </Button>
            ) : null}
          </Flex>
          {body}
        </Flex>
      </Card>
    </Page>
  );
}
